// A TE tensor intrinsic as a TensorIR TensorIntrin (TirExportInternal.h): TE checks the
// tensorized nest against the intrinsic's compute and runs its hand-written body; TIR
// matches the nest against a description prim_func and substitutes an implementation.
// Where the body is plain loads and stores it computes what the compute says, so both
// functions are that compute; a body that calls extern code or builtins is refused.
#include <algorithm>

#include "ir/Functor.h"
#include "script/export/ScriptPrinter.h"
#include "script/export/TirExportInternal.h"
#include "te/Operation.h"
#include "tir/CreatePrimFunc.h"
#include "tir/ScriptPrinter.h"

namespace tessera::script::tir_export {

namespace {

// The calls of a statement that are not arithmetic: extern functions and builtins with
// side effects (TVM's tir.tvm_mma_sync, tir.tvm_load_matrix_sync, ...).
class OpaqueCallCollector : public ir::IRVisitor {
 public:
  std::vector<std::string> externs, builtins;

 protected:
  void VisitCall(const ir::CallNode* n, const ir::Expr& e) override {
    auto add = [&](std::vector<std::string>& to) {
      if (std::find(to.begin(), to.end(), n->op) == to.end()) to.push_back(n->op);
    };
    if (n->call_kind == ir::CallKind::Extern) add(externs);
    if (n->call_kind == ir::CallKind::Intrinsic) add(builtins);
    IRVisitor::VisitCall(n, e);
  }
};

std::string Joined(const std::vector<std::string>& names) {
  std::string s;
  for (const std::string& n : names) s += (s.empty() ? "" : ", ") + n;
  return s;
}

// The whole extent of every dimension of `b`.
tir::BufferRegion FullRegion(const tir::Buffer& b) {
  tir::Region region;
  for (const ir::Expr& extent : b->shape)
    region.push_back(ir::Range(ir::make_const(extent.dtype(), int64_t{0}), extent));
  return tir::BufferRegion{b, region};
}

// `s` with the T.init() of its blocks removed: the exported schedule decomposes the
// reduction before it tensorizes, so the nest the description matches has no init.
tir::Stmt WithoutInit(const tir::Stmt& s) {
  if (const auto* loop = tir::As<tir::ForNode>(s))
    return tir::WithBody(*loop, WithoutInit(loop->body));
  if (const auto* seq = tir::As<tir::SeqNode>(s)) {
    std::vector<tir::Stmt> parts;
    for (const tir::Stmt& part : seq->seq) parts.push_back(WithoutInit(part));
    return tir::MakeSeq(std::move(parts));
  }
  if (const auto* realize = tir::As<tir::BlockRealizeNode>(s)) {
    auto block = std::make_shared<tir::BlockNode>(*realize->block);
    // Without init the update reads what it writes, first (as TVMScript infers it).
    if (tir::HasInit(*realize->block))
      block->reads.insert(block->reads.begin(), block->writes.begin(), block->writes.end());
    block->init = ir::Stmt();
    block->init_nest = nullptr;
    block->body = WithoutInit(block->body);
    return tir::MakeBlockRealize(realize->iter_values, realize->predicate, block);
  }
  return s;
}

// One of the two functions: the intrinsic's compute over match_buffer parameters
// (offset_factor=1, so that any region of the scheduled buffers matches), its root block
// reading the outputs and inputs whole and writing the outputs.
Result<std::string> IntrinFunction(const te::TensorIntrinNode& intrin, const std::string& name,
                                   const TirSpelling& spelling) {
  std::vector<te::Tensor> args = intrin.inputs;
  for (int k = 0; k < intrin.op->num_outputs(); ++k) args.push_back(te::output_of(intrin.op, k));
  auto made = tir::CreatePrimFunc(args);
  if (!made) return Error("tensor intrinsic '" + intrin.name + "': " + made.error().message);
  tir::PrimFunc f = *made;
  const tir::BlockRealizeNode* root = tir::RootRealize(f);
  if (!root) return Error("tensor intrinsic '" + intrin.name + "' has no root block");
  auto block = std::make_shared<tir::BlockNode>(*root->block);
  block->reads.clear();
  block->writes.clear();
  size_t inputs = intrin.inputs.size();
  for (size_t k = inputs; k < f.params.size(); ++k) {
    block->reads.push_back(FullRegion(f.params[k]));
    block->writes.push_back(FullRegion(f.params[k]));
  }
  for (size_t k = 0; k < inputs; ++k) block->reads.push_back(FullRegion(f.params[k]));
  block->body = WithoutInit(block->body);
  f.body = tir::MakeBlockRealize(root->iter_values, root->predicate, block);
  f.name = name;
  tir::BufferDeclAttrs attrs;
  attrs.offset_factor = 1;
  f.param_attrs.assign(f.params.size(), attrs);
  std::string text =
      tir::AsTVMScript(f, spelling.minor >= 24 ? tir::TvmDialect::STir : tir::TvmDialect::Tir);
  // The printer opens with the import as a comment; the program imports it once.
  while (!text.empty() && text[0] == '#') {
    size_t eol = text.find('\n');
    text.erase(0, eol == std::string::npos ? text.size() : eol + 1);
  }
  while (!text.empty() && text[0] == '\n') text.erase(0, 1);
  return text;
}

}  // namespace

std::optional<std::string> IntrinRefusal(const te::TensorIntrinNode& intrin) {
  OpaqueCallCollector calls;
  for (const ir::Stmt* s : {&intrin.body, &intrin.reduce_init, &intrin.reduce_update})
    if (s->defined()) calls.VisitStmt(*s);
  std::string head = "tensorize with the intrinsic '" + intrin.name + "' is not exported: ";
  std::string tail =
      ", which a TensorIR TensorIntrin cannot describe as a computation (only an intrinsic "
      "whose body is plain loads and stores becomes its compute's description and "
      "implementation)";
  if (!calls.externs.empty())
    return head + "its body calls the extern function" + (calls.externs.size() > 1 ? "s " : " ") +
           Joined(calls.externs) + tail;
  if (!calls.builtins.empty())
    return head + "its body calls the builtin" + (calls.builtins.size() > 1 ? "s " : " ") +
           Joined(calls.builtins) + tail;
  if (!intrin.op || intrin.op->kind() != te::OpKind::Compute)
    return head + "its operation is not a te.compute";
  return std::nullopt;
}

Result<std::string> IntrinDefinition(const te::TensorIntrinNode& intrin,
                                     const TirSpelling& spelling) {
  std::string base = PythonIdentifier(intrin.name);
  auto desc = IntrinFunction(intrin, base + "_desc", spelling);
  if (!desc) return desc.error();
  auto impl = IntrinFunction(intrin, base + "_impl", spelling);
  if (!impl) return impl.error();
  return *desc + "\n\n\n" + *impl + "\n\n\n" + spelling.schedule_module +
         ".TensorIntrin.register(\"" + intrin.name + "\", " + base + "_desc, " + base + "_impl)\n";
}

}  // namespace tessera::script::tir_export
