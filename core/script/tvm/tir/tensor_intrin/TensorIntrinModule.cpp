#include "script/tvm/tir/tensor_intrin/TensorIntrinModule.h"

#include "script/lang/Parser.h"

namespace tessera::script {

namespace {

constexpr const char* kPreludeFile = "<tvm.tir.tensor_intrin>";

// Parsed once: its one statement is `def __tessera_tensor_intrin__():`.
const std::shared_ptr<const AstModule>& ParsedPrelude() {
  static const std::shared_ptr<const AstModule> parsed = [] {
    auto module = ParseModule(TensorIntrinPreludeSource(), kPreludeFile);
    return module ? std::make_shared<const AstModule>(std::move(module.value())) : nullptr;
  }();
  return parsed;
}

}  // namespace

namespace {

constexpr const char* kTirPackage = "tvm.tir.tensor_intrin";
constexpr const char* kSTirPackage = "tvm.s_tir.tensor_intrin";

Status Load(Interpreter& interp, const std::string& package, const std::string& other) {
  const std::shared_ptr<const AstModule>& module = ParsedPrelude();
  if (!module || module->body.size() != 1 || module->body[0].kind != StmtKind::Def)
    return Error("internal error: the tvm.tir.tensor_intrin prelude does not parse");
  // Run as a function so that its names stay out of the script's globals.
  auto wrapper = std::make_shared<FunctionObject>();
  wrapper->def = std::make_shared<const AstStmt>(module->body[0]);
  CallArgs again;
  again.positional.push_back(
      Value::Bool(interp.Lookup(other + ".x86.VNNI_DOT_16x4_INTRIN") != nullptr));
  again.positional_locs.emplace_back();
  auto table = interp.CallValue(Value::FromObject(wrapper), again);
  if (!table) return Error(package + " could not be loaded: " + table.error().message);
  auto* dict = table->as<DictObject>();
  if (!dict) return Error("internal error: the tvm.tir.tensor_intrin prelude returned no table");
  for (const auto& [key, value] : *dict->entries)
    interp.Register(package + "." + key.as_string(), value);
  return Status::Ok();
}

}  // namespace

const std::vector<std::string>& TvmTensorIntrinNames() {
  static const std::vector<std::string> names = {"dot_16x4_vnni",
                                                 "dot_16x4_avx512",
                                                 "dp4a_s8s8s32",
                                                 "dp4a_u8s8s32",
                                                 "dp4a_s8u8s32",
                                                 "dp4a_u8u8u32",
                                                 "dot_4x4_i8i8s32_neon",
                                                 "dot_4x4_i8i8s32_sdot",
                                                 "dot_4x4_u8u8u32_udot",
                                                 "dot_4x4_u8u8i32_hdot",
                                                 "sdot4",
                                                 "dot_32x4_u8u8i32_vrmpy",
                                                 "dot_product_32x2_i16i16i32_vdmpy"};
  return names;
}

Status LoadTensorIntrinModule(Interpreter& interp) {
  return Load(interp, kTirPackage, kSTirPackage);
}

Status LoadSTirTensorIntrinModule(Interpreter& interp) {
  return Load(interp, kSTirPackage, kTirPackage);
}

}  // namespace tessera::script
