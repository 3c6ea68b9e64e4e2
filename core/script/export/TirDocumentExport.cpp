#include "script/export/TirDocumentExport.h"

#include <set>

#include "ir/ExprOp.h"
#include "reference/TirReference.h"
#include "script/export/TirExportInternal.h"
#include "script/tvm/tir/TirPrimFuncValue.h"
#include "tir/FunctionParams.h"
#include "tir/ScriptPrinter.h"
#include "tir/Trace.h"

namespace tessera::script {
namespace {

using reference::WrittenParams;
using tir_export::ConcreteExtent;
using tir_export::RandomData;
using tir_export::ScalarArgumentValue;

std::string WithoutImportComment(const std::string& script) {
  size_t at = script.find("@I.ir_module");
  if (at == std::string::npos) at = script.find("@T.prim_func");
  return at == std::string::npos ? script : script.substr(at);
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
         (version.minor >= 24 ? "tirx" : "tir") + " as T\n\n\n";
  if (module) {
    TensorIRModule printed;
    printed.functions = given;
    printed.dialect = dialect;
    out += WithoutImportComment(printed.Script()) + "\n\n\n";
  } else {
    out += WithoutImportComment(tir::AsTVMScript(f, dialect)) + "\n\n\n";
  }
  std::string trace = tir::TraceAsPython(program.tir_schedule->trace(), dialect);
  size_t def = trace.find("def apply_trace");
  out += (def == std::string::npos ? trace : trace.substr(def)) + "\n\n\n";
  out += "sch = " + s.schedule_module + ".Schedule(" + input + ")\napply_trace(sch)\n";
  out += "print(sch.mod.script())\n\n";
  out += "dev = tvm.cpu(0)\nrng = np.random.default_rng(0)\n";
  std::set<const void*> written = WrittenParams(f);
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
    got += sep + s.array + "(host[" + n + "], dev)";
    want += sep + s.array + "(host[" + n + "], dev)";
    if (output) {
      std::string tol = b->dtype.is_float() ? (b->dtype.bits() <= 16 ? "1e-2" : "1e-3") : "0";
      checks += "np.testing.assert_allclose(got[" + n + "].numpy(), want[" + n +
                "].numpy(), rtol=" + tol + ", atol=" + tol + ")\n";
    }
  }
  out += "host = [\n" + host + "]\n";
  out += "scheduled = " + s.build + "(sch.mod, target=\"llvm\")\n";
  out += "reference = " + s.build + "(" + input + ", target=\"llvm\")  # unscheduled\n";
  out += "got = [" + got + "]\nwant = [" + want + "]\n";
  out +=
      "scheduled[\"" + scheduled_name + "\"](*got)\nreference[\"" + scheduled_name + "\"](*want)\n";
  out += checks;
  out += "print(\"CHECK: OK (the scheduled function equals the unscheduled one)\")\n";
  return out;
}

}  // namespace tessera::script
