#include "script/export/TirDocumentExport.h"

#include <algorithm>
#include <cmath>
#include <iomanip>
#include <map>
#include <optional>
#include <set>
#include <sstream>

#include "codegen/IntrinsicFeatures.h"
#include "ir/ExprOp.h"
#include "ir/Functor.h"
#include "ir/TargetCalls.h"
#include "reference/ParamLayouts.h"
#include "reference/TirReference.h"
#include "script/export/PythonLiteral.h"
#include "script/export/TirExportInternal.h"
#include "script/tvm/tir/TirPrimFuncValue.h"
#include "script/tvm/tir/tensor_intrin/TensorIntrinModule.h"
#include "tir/FunctionParams.h"
#include "tir/IndexMap.h"
#include "tir/ScriptPrinter.h"
#include "tir/Trace.h"

namespace tessera::script {
namespace {

using reference::WrittenParams;
using tir_export::ConcreteExtent;
using tir_export::RandomData;
using tir_export::ScalarArgumentValue;

// The intrinsics the trace tensorizes with, once each: TVM's own (the x86 ones a script
// imports from tvm.tir.tensor_intrin, which TVM registers when the package is imported)
// and those the script registered itself, which the program registers in turn.
struct Intrinsics {
  bool tvms = false;
  std::vector<tir::TensorIntrin> scripts;
};

Intrinsics IntrinsicsOf(const tir::Trace& trace) {
  Intrinsics found;
  const std::vector<std::string>& tvm_names = TvmTensorIntrinNames();
  for (const tir::Instruction& inst : trace.insts) {
    if (inst.kind != tir::InstKind::Tensorize) continue;
    if (std::find(tvm_names.begin(), tvm_names.end(), inst.name) != tvm_names.end()) {
      found.tvms = true;
      continue;
    }
    bool seen = std::any_of(found.scripts.begin(), found.scripts.end(),
                            [&](const tir::TensorIntrin& i) { return i->name == inst.name; });
    if (inst.intrin && !seen) found.scripts.push_back(inst.intrin);
  }
  return found;
}

// The helpers a program needs when the schedule changed a parameter's layout: element x
// of the array before is element map(x) after, the maps applied in order (numpy index
// arithmetic runs TVM's Python lambdas as they are printed).
constexpr const char* kLayoutHelpers =
    "def to_layout(a, maps, shape, pad=0):\n"
    "    out = np.full(shape, pad, dtype=a.dtype)\n"
    "    index = tuple(np.indices(a.shape))\n"
    "    for m in maps:\n"
    "        index = tuple(np.broadcast_to(x, a.shape) for x in m(*index))\n"
    "    out[index] = a\n"
    "    return out\n\n\n"
    "def from_layout(b, maps, shape):\n"
    "    index = tuple(np.indices(shape))\n"
    "    for m in maps:\n"
    "        index = tuple(np.broadcast_to(x, shape) for x in m(*index))\n"
    "    return b[index]\n\n\n";

// `[lambda ...: (...), ...]`, the maps of one parameter.
std::string MapList(const reference::LayoutChain& changes) {
  std::string s = "[";
  for (size_t i = 0; i < changes.size(); ++i)
    s += (i ? ", " : "") + tir::IndexMapAsPython(changes[i]->map);
  return s + "]";
}

// A constant (ConstantPad) as a Python literal.
std::string PythonLiteral(const ir::Expr& constant) {
  if (const auto* fl = constant.as<ir::FloatImmNode>()) {
    if (!std::isfinite(fl->value))
      return std::isnan(fl->value) ? "float(\"nan\")"
                                   : (fl->value > 0 ? "float(\"inf\")" : "float(\"-inf\")");
    std::ostringstream text;
    text << std::setprecision(17) << fl->value;
    std::string t = text.str();
    return t.find_first_of(".en") == std::string::npos ? t + ".0" : t;
  }
  return std::to_string(*ir::as_const_int(constant));
}

// The first constant pad value of the changes, else "0".
std::string PadText(const reference::LayoutChain& changes) {
  std::optional<ir::Expr> v = reference::FirstConstantPad(changes);
  return v ? PythonLiteral(*v) : "0";
}

// TVM prints a constant pad value as `lambda indices_0, ...: (-1,)`, which its own
// transform_layout refuses when replayed (an int is no PrimExpr); the program passes the
// constant itself, as a script writes it.
std::string WithReplayablePadValues(std::string trace, const tir::Trace& insts) {
  for (const tir::Instruction& inst : insts.insts) {
    if (inst.kind != tir::InstKind::TransformLayout || !inst.pad_value) continue;
    std::optional<ir::Expr> constant = reference::ConstantPad(inst.pad_value);
    if (!constant) continue;
    std::string printed = "pad_value=" + tir::IndexMapAsPython(inst.pad_value);
    size_t at = trace.find(printed);
    if (at != std::string::npos)
      trace.replace(at, printed.size(), "pad_value=" + PythonLiteral(*constant));
  }
  return trace;
}

// The CPU features (LLVM's names) the LLVM intrinsics `f` calls need: the first set of
// each (IntrinsicFeatures.h), in order, once each; an error for an intrinsic Tessera
// would not compile.
class LLVMIntrinNames : public ir::IRVisitor {
 public:
  std::vector<std::string> names;

 protected:
  void VisitCall(const ir::CallNode* n, const ir::Expr& e) override {
    if (auto llvm = ir::AsLLVMIntrinCall(*n)) names.push_back(llvm->name);
    ir::IRVisitor::VisitCall(n, e);
  }
};

Result<std::vector<std::string>> IntrinsicFeatures(const tir::PrimFunc& f) {
  LLVMIntrinNames calls;
  tir::PreOrderVisit(f.body, [&](const tir::StmtNode* n) {
    if (const auto* c = tir::As<tir::ComputeNode>(n)) calls.VisitStmt(c->stmt);
    return true;
  });
  std::vector<std::string> features;
  for (const std::string& name : calls.names) {
    auto sets = codegen::IntrinsicFeatureSets(name);
    if (!sets) return sets.error();
    for (const std::string& feature : sets->front())
      if (std::find(features.begin(), features.end(), feature) == features.end())
        features.push_back(feature);
  }
  return features;
}

// Linux's /proc/cpuinfo name of an LLVM CPU feature.
std::string CpuinfoFlag(const std::string& feature) {
  static const std::map<std::string, std::string> kRenamed = {{"avx512vnni", "avx512_vnni"},
                                                              {"avxvnni", "avx_vnni"},
                                                              {"avx512bf16", "avx512_bf16"},
                                                              {"avx512fp16", "avx512_fp16"},
                                                              {"sse4.1", "sse4_1"},
                                                              {"sse4.2", "sse4_2"},
                                                              {"aes", "aes"},
                                                              {"pclmul", "pclmulqdq"},
                                                              {"bmi", "bmi1"},
                                                              {"sse3", "pni"},
                                                              {"avxvnniint8", "avx_vnni_int8"},
                                                              {"avxvnniint16", "avx_vnni_int16"}};
  auto it = kRenamed.find(feature);
  return it == kRenamed.end() ? feature : it->second;
}

// The lines that make `target`: the host CPU with the features the intrinsics need
// (TVM's LLVM may not know a newer CPU's name, so they are named), after a check that
// the CPU has them (LLVM aborts where it does not).
std::string FeatureTarget(const std::vector<std::string>& features) {
  std::string llvm_names, flags, attrs;
  for (const std::string& f : features) {
    llvm_names += (llvm_names.empty() ? "" : ", ") + f;
    flags += (flags.empty() ? "\"" : ", \"") + CpuinfoFlag(f) + "\"";
    attrs += (attrs.empty() ? "+" : ",+") + f;
  }
  return "# The schedule calls LLVM intrinsics that need " + llvm_names +
         ": built with them, run only where the CPU has them.\n"
         "cpu_flags = open(\"/proc/cpuinfo\").read().split()\n"
         "missing = [f for f in [" +
         flags +
         "] if f not in cpu_flags]\n"
         "if missing:\n"
         "    print(\"SKIP: this CPU lacks \" + \", \".join(missing))\n"
         "    raise SystemExit(0)\n"
         "target = tvm.target.Target(\"llvm -mcpu=\" + tvm.target.codegen.llvm_get_system_cpu() + "
         "\" -mattr=" +
         attrs + "\")\n";
}

std::string WithoutImportComment(const std::string& script) {
  size_t at = script.find("@I.ir_module");
  if (at == std::string::npos) at = script.find("@T.prim_func");
  return at == std::string::npos ? script : script.substr(at);
}

// `f` as TVMScript named `name`, without the import comment.
std::string FunctionNamed(tir::PrimFunc f, const std::string& name, tir::TvmDialect dialect) {
  f.name = name;
  return WithoutImportComment(tir::AsTVMScript(f, dialect));
}

}  // namespace

Result<std::string> ExportTensorIRDocument(const ScriptProgram& program, TvmVersion version) {
  auto s = tir_export::SpellingFor(version);
  tir::TvmDialect dialect = version.minor >= 24 ? tir::TvmDialect::STir : tir::TvmDialect::Tir;
  std::string v = "0." + std::to_string(version.minor);
  const tir::PrimFunc& f = program.tir_original;
  // A schedule of a module (several functions, or one not called "main") replays on the
  // whole module, as given, and the document's function is the one checked.
  tir::Schedule::Module given = program.tir_schedule->original_module();
  bool module = given.size() > 1 || given[0].first != "main";
  std::string scheduled_name = module ? program.tir_schedule->func_name() : f.name;
  std::string input = module ? "Module" : f.name;
  std::string out = program.header_comment;
  out += "#\n# TensorIR schedule program for TVM " + v +
         ", exported by Tessera (tessera-cli export --format tir\n# --tvm " + v +
         "): the unscheduled function, the schedule's trace replayed with " + s.schedule_module +
         ".Schedule,\n# built for llvm, run on random data and compared with the unscheduled "
         "function.\n";
  out += "import numpy as np\nimport tvm\nfrom tvm import " + s.schedule_module + "\n" +
         (module ? "from tvm.script import ir as I\n" : "") + "from tvm.script import " +
         (version.minor >= 24 ? "tirx" : "tir") + " as T\n";
  Intrinsics intrinsics = IntrinsicsOf(program.tir_schedule->trace());
  if (intrinsics.tvms)
    out += "import tvm." + s.schedule_module +
           ".tensor_intrin  # registers TVM's tensor intrinsics by name\n";
  out += "\n\n";
  // The script's own intrinsics, registered as the script did (desc and impl renamed so
  // that two intrinsics' functions cannot clash).
  for (size_t i = 0; i < intrinsics.scripts.size(); ++i) {
    const tir::TensorIntrin& intrin = intrinsics.scripts[i];
    std::string base = "intrin" + std::to_string(i);
    out += FunctionNamed(intrin->desc, base + "_desc", dialect) + "\n\n\n";
    out += FunctionNamed(intrin->impl, base + "_impl", dialect) + "\n\n\n";
    out += s.schedule_module + ".TensorIntrin.register(\"" + intrin->name + "\", " + base +
           "_desc, " + base + "_impl)\n\n\n";
  }
  if (module) {
    TensorIRModule printed;
    printed.functions = given;
    printed.dialect = dialect;
    out += WithoutImportComment(printed.Script()) + "\n\n\n";
  } else {
    out += WithoutImportComment(tir::AsTVMScript(f, dialect)) + "\n\n\n";
  }
  std::string trace = WithReplayablePadValues(
      tir::TraceAsPython(program.tir_schedule->trace(), dialect), program.tir_schedule->trace());
  size_t def = trace.find("def apply_trace");
  out += (def == std::string::npos ? trace : trace.substr(def)) + "\n\n\n";
  out += "sch = " + s.schedule_module + ".Schedule(" + input + ")\napply_trace(sch)\n";
  out += "print(sch.mod.script())\n\n";
  auto features = IntrinsicFeatures(program.tir_schedule->func());
  if (!features) {
    // Intrinsics of another architecture (NEON, Hexagon): the program schedules and prints
    // the function for that target's build; running it here is not possible.
    out += "print(" + PythonStringLiteral("SKIP: " + features.error().message) +
           ")\nraise SystemExit(0)\n";
    return out;
  }
  std::string target = "\"llvm\"";
  if (!features->empty()) {
    out += FeatureTarget(*features);
    target = "target";
  }
  out += "dev = tvm.cpu(0)\nrng = np.random.default_rng(0)\n";
  std::set<const void*> written = WrittenParams(f);
  const tir::PrimFunc& scheduled = program.tir_schedule->func();
  const std::vector<tir::ParamLayoutChange>& layouts =
      program.tir_schedule->state().param_layouts();
  if (!layouts.empty()) out += kLayoutHelpers;
  std::string host, got, want, checks;
  // Scalar parameters at their positions: a shape variable gets the size its buffers were
  // made with (TVM checks n == A.shape[0]), another a fixed value.
  std::set<const ir::ExprNode*> shape_vars;
  for (const ir::Var& v : tir::ShapeVariables(f)) shape_vars.insert(v.get());
  for (const tir::FunctionParam& param : tir::ParamsInOrder(f)) {
    std::string sep = got.empty() ? "" : ", ";
    if (param.scalar) {
      const ir::Var& v = param.scalar->var;
      std::string value = ScalarArgumentValue(v, shape_vars.count(v.get()) != 0);
      got += sep + value;
      want += sep + value;
      continue;
    }
    size_t i = param.buffer_index;
    const tir::Buffer& b = f.params[i];
    std::string shape;
    for (const ir::Expr& d : b->shape) {
      std::optional<int64_t> c = ConcreteExtent(d);
      if (!c)
        return Error("export --format tir: the shape of parameter " + b->name +
                     " is not a constant once its shape variables are set");
      shape += (shape.empty() ? "" : ", ") + std::to_string(*c);
    }
    shape = "(" + shape + (b->shape.size() == 1 ? ",)" : ")");
    bool output = written.count(b.get()) != 0;
    std::string n = std::to_string(i);
    host += "    " +
            (output ? "np.zeros(" + shape + ", dtype=\"" + b->dtype.str() + "\")"
                    : RandomData(b->dtype, shape)) +
            ",  # " + b->name + "\n";
    reference::LayoutChain changes = reference::ChangesOf(layouts, i);
    std::string maps = MapList(changes), got_host = "host[" + n + "]";
    if (!changes.empty()) {
      std::string after;
      for (const ir::Expr& d : scheduled.params[i]->shape) {
        std::optional<int64_t> c = ConcreteExtent(d);
        if (!c)
          return Error("export --format tir: the shape of parameter " + b->name +
                       " after transform_layout is not a constant");
        after += (after.empty() ? "" : ", ") + std::to_string(*c);
      }
      got_host =
          "to_layout(host[" + n + "], " + maps + ", (" + after + ",), " + PadText(changes) + ")";
    }
    got += sep + s.array + "(" + got_host + ", dev)";
    want += sep + s.array + "(host[" + n + "], dev)";
    if (output) {
      std::string tol = b->dtype.is_float() ? (b->dtype.bits() <= 16 ? "1e-2" : "1e-3") : "0";
      std::string result = changes.empty()
                               ? "got[" + n + "].numpy()"
                               : "from_layout(got[" + n + "].numpy(), " + maps + ", " + shape + ")";
      checks += "np.testing.assert_allclose(" + result + ", want[" + n + "].numpy(), rtol=" + tol +
                ", atol=" + tol + ")\n";
    }
  }
  out += "host = [\n" + host + "]\n";
  out += "scheduled = " + s.build + "(sch.mod, target=" + target + ")\n";
  out += "reference = " + s.build + "(" + input + ", target=\"llvm\")  # unscheduled\n";
  out += "got = [" + got + "]\nwant = [" + want + "]\n";
  out +=
      "scheduled[\"" + scheduled_name + "\"](*got)\nreference[\"" + scheduled_name + "\"](*want)\n";
  out += checks;
  out += "print(\"CHECK: OK (the scheduled function equals the unscheduled one)\")\n";
  return out;
}

}  // namespace tessera::script
