// The TensorIR program around the schedule: each TVM release's spellings, the prelude
// (imports, the te definition, te.create_prim_func), and the build, run and check.
//
// The check compares the scheduled function with the same te definition built without
// a schedule (te.create_prim_func alone), on the same random inputs: that reference is
// exact for every workload TVM can build, with no numpy transcription of the compute.
#include <cstdio>
#include <set>

#include "arith/Analyzer.h"
#include "ir/ExprOp.h"
#include "ir/Functor.h"
#include "script/export/ScriptPrinter.h"
#include "script/export/TirExportInternal.h"

namespace tessera::script {

namespace tir_export {

// 0.20 removed TE schedules; 0.21 deprecated tvm.build for tvm.compile; 0.22 renamed
// runtime.NDArray to runtime.Tensor (tvm.runtime.tensor); 0.24 moved the schedulable
// TensorIR to s_tir (blocks are SBlocks, get_sblock, TVMScript T.sblock in tirx).
TirSpelling SpellingFor(TvmVersion version) {
  TirSpelling s;
  s.minor = version.minor;
  bool sblock = version.minor >= 24;
  s.schedule_module = sblock ? "s_tir" : "tir";
  s.get_block = sblock ? "get_sblock" : "get_block";
  s.block_word = sblock ? "T.sblock" : "T.block";
  s.build = version.minor == 20 ? "tvm.build" : "tvm.compile";
  s.array = version.minor <= 21 ? "tvm.nd.array" : "tvm.runtime.tensor";
  return s;
}

std::optional<int64_t> ConcreteExtent(const ir::Expr& extent) {
  ir::VarMap values;
  ir::PostOrderVisit(extent, [&](const ir::Expr& x) {
    if (x.as<ir::VarNode>()) values[ir::Var::from(x)] = ir::IntImm(x.dtype(), kShapeVarValue);
  });
  arith::Analyzer analyzer;
  ir::Expr value = analyzer.Simplify(ir::Substitute(extent, values));
  if (const int64_t* imm = ir::as_const_int(value)) return *imm;
  return std::nullopt;
}

std::string RandomData(const ir::DataType& dtype, const std::string& shape) {
  std::string name = dtype.str();
  if (dtype.is_bool()) return "rng.integers(0, 2, size=" + shape + ").astype(\"bool\")";
  if (dtype.is_float())
    return "rng.uniform(-1.0, 1.0, size=" + shape + ").astype(\"" + name + "\")";
  if (dtype.is_uint()) return "rng.integers(0, 8, size=" + shape + ").astype(\"" + name + "\")";
  return "rng.integers(-8, 8, size=" + shape + ").astype(\"" + name + "\")";
}

std::string ScalarArgumentValue(const ir::Var& v, bool shape_variable) {
  if (v.dtype().is_float()) return "0.5";
  return shape_variable ? std::to_string(kShapeVarValue) : "3";
}

namespace {

// The import lines of the script that TVM >= 0.20 still has (autotvm, auto_scheduler and
// their helpers went with TE schedules), minus the ones the program writes itself.
std::string KeptImports(const std::string& imports) {
  std::string out;
  size_t start = 0;
  while (start < imports.size()) {
    size_t eol = imports.find('\n', start);
    if (eol == std::string::npos) eol = imports.size();
    std::string line = imports.substr(start, eol - start);
    start = eol + 1;
    if (line.empty() || line == "import tvm" || line == "from tvm import te" ||
        line == "import numpy as np")
      continue;
    if (line.find("autotvm") != std::string::npos ||
        line.find("auto_scheduler") != std::string::npos ||
        line.find("tvm.target.x86") != std::string::npos) {
      out += "# (not in TVM >= 0.20) " + line + "\n";
      continue;
    }
    out += line + "\n";
  }
  return out;
}

// TVM 0.24 renamed the tvm.tir package tvm.tirx (s_tir is the schedulable part).
std::string RenameTirPackage(std::string text, int minor) {
  if (minor < 24) return text;
  const std::pair<std::string, std::string> renames[] = {
      {"from tvm import tir\n", "from tvm import tirx as tir\n"},
      {"from tvm.tir", "from tvm.tirx"},
      {"tvm.tir.", "tvm.tirx."}};
  for (const auto& [from, to] : renames)
    for (size_t at = text.find(from); at != std::string::npos; at = text.find(from, at + to.size()))
      text.replace(at, from.size(), to);
  return text;
}

// The shape of `tensor` with its size variables set, as a Python tuple ("(64, 64)").
Result<std::string> ConcreteShape(const ScriptArgument& a) {
  std::string shape;
  for (const ir::Expr& extent : a.tensor->shape) {
    auto value = ConcreteExtent(extent);
    if (!value)
      return Error("the shape of '" + a.text +
                   "' is not a constant once its size variables are set");
    shape += (shape.empty() ? "" : ", ") + std::to_string(*value);
  }
  return "(" + shape + (a.tensor->shape.size() == 1 ? ",)" : ")");
}

// Arguments whose layout the schedule transforms are passed to the scheduled function in
// that layout (TensorIR changes the parameter's buffer): these helpers move numpy data
// into it (the padding holding the pad value) and read the logical elements back.
const char* kLayoutHelpers = R"(

def to_layout(index, array):
    for index_map, pad in layouts.get(index, []):
        places = {idx: tuple(int(x) for x in index_map(*idx)) for idx in np.ndindex(*array.shape)}
        rank = len(next(iter(places.values())))
        shape = [max(place[d] for place in places.values()) + 1 for d in range(rank)]
        moved = np.full(shape, pad, dtype=array.dtype)
        for idx, place in places.items():
            moved[place] = array[idx]
        array = moved
    return array


def from_layout(index, array, shape):
    logical = np.empty(shape, dtype=array.dtype)
    for idx in np.ndindex(*shape):
        place = idx
        for index_map, _ in layouts.get(index, []):
            place = tuple(int(x) for x in index_map(*place))
        logical[idx] = array[place]
    return logical
)";

// Random inputs, zero outputs and fixed scalars; the scheduled function and the
// unscheduled one run on the same data and every output is compared.
Result<std::string> RunSection(const std::vector<ScriptArgument>& arguments, const TirSpelling& s,
                               const TirSchedule& schedule) {
  std::string host, got, want, checks, layouts;
  // A listed size variable must get the value the arrays' shapes were made with (TVM
  // asserts n == A.shape[0]); other integer scalars get a small value of their own.
  std::set<const ir::ExprNode*> shape_vars;
  for (const ScriptArgument& a : arguments)
    if (a.tensor.defined())
      for (const ir::Expr& extent : a.tensor->shape)
        ir::PostOrderVisit(extent, [&](const ir::Expr& x) {
          if (x.as<ir::VarNode>()) shape_vars.insert(x.get());
        });
  for (size_t k = 0; k < arguments.size(); ++k) {
    const ScriptArgument& a = arguments[k];
    std::string sep = k ? ", " : "";
    if (!a.tensor.defined()) {
      std::string value = ScalarArgumentValue(a.var, shape_vars.count(a.var.get()) != 0);
      got += sep + value;
      want += sep + value;
      continue;
    }
    auto shape = ConcreteShape(a);
    if (!shape) return shape.error();
    std::string n = std::to_string(k);
    bool input = a.tensor.op()->kind() == te::OpKind::Placeholder;
    const ir::DataType& dtype = a.tensor->dtype;
    host += "    " + n + ": " +
            (input ? RandomData(dtype, *shape)
                   : "np.zeros(" + *shape + ", dtype=\"" + dtype.str() + "\")") +
            ",  # " + a.text + "\n";
    auto layout = schedule.layouts.find(a.tensor.op()->name);
    bool moved = layout != schedule.layouts.end();
    if (moved) {
      std::string maps;
      for (const auto& [index_map, pad] : layout->second)
        maps += (maps.empty() ? "(" : ", (") + index_map + ", " + pad + ")";
      layouts += "    " + n + ": [" + maps + "],  # " + a.text + "\n";
    }
    got += sep + s.array + "(" +
           (moved ? "to_layout(" + n + ", host[" + n + "])" : "host[" + n + "]") + ", dev)";
    want += sep + s.array + "(host[" + n + "], tvm.cpu(0))";
    if (!input) {
      std::string tol = dtype.is_float() ? (dtype.bits() <= 16 ? "1e-2" : "1e-3") : "0";
      std::string result = "got[" + n + "].numpy()";
      if (moved) result = "from_layout(" + n + ", " + result + ", " + *shape + ")";
      checks += "np.testing.assert_allclose(" + result + ", want[" + n + "].numpy(), rtol=" + tol +
                ", atol=" + tol + ")\n";
    }
  }
  bool cuda = schedule.gpu || schedule.tensor_cores;
  std::string target = cuda ? "cuda" : "llvm";
  std::string out;
  if (schedule.tensor_cores) {
    std::string package = s.minor >= 24 ? "tvm.tirx" : "tvm.tir";
    out +=
        "# TVM's TIR lowering for cuda (what the build runs before code generation): the "
        "tensorized\n# blocks become wmma builtins on fragments.\n"
        "target = tvm.target.Target(\"cuda\", host=\"llvm\")\nlowered = " +
        package + ".get_tir_pipeline(" + (s.minor >= 24 ? "" : "\"default\"") + ")(" + package +
        ".transform.BindTarget(target)(sch.mod))\nprint(lowered.script())\n";
    // Without a kernel there is nothing to build or run: the program ends here.
    if (!schedule.gpu)
      return out +
             "print(\"SKIP: no loop is bound to a GPU thread, so TVM cannot build the wmma "
             "intrinsics for cuda (they run only inside a kernel); TVM scheduled and lowered the "
             "module\")\n";
  }
  if (schedule.tensor_cores)
    out +=
        "dev = tvm.cuda(0)\nif not tvm.runtime.enabled(\"cuda\") or not dev.exist:\n    "
        "print(\"SKIP: no CUDA device (or TVM built without CUDA); TVM scheduled and lowered "
        "the module, its build for cuda needs one\")\n    raise SystemExit(0)\n";
  else if (schedule.gpu)
    out +=
        "dev = tvm.cuda(0)\nif not dev.exist:\n    print(\"SKIP: no CUDA device\")\n    raise "
        "SystemExit(0)\n";
  else
    out += "dev = tvm.cpu(0)\n";
  out += "rng = np.random.default_rng(0)\nhost = {\n" + host + "}\n";
  if (!layouts.empty()) out += "layouts = {\n" + layouts + "}\n" + kLayoutHelpers + "\n\n";
  out += "scheduled = " + s.build + "(sch.mod, target=\"" + target + "\")\n";
  if (!schedule.externs.empty() && !cuda) {
    std::string names, list;
    for (const std::string& f : schedule.externs) {
      names += (names.empty() ? "" : ", ") + f;
      list += (list.empty() ? "\"" : ", \"") + f + "\"";
    }
    if (schedule.externs.size() == 1) list += ",";
    out += "# The intrinsics call the extern C functions\n#   " + names +
           "\n# which the llvm module links from this process when it runs: load a library "
           "that\n# defines them first (LD_PRELOAD, or ctypes.CDLL(path, "
           "mode=ctypes.RTLD_GLOBAL)).\nmissing = [name for name in (" +
           list +
           ") if not hasattr(ctypes.CDLL(None), name)]\nif missing:\n    print(\"SKIP: the "
           "extern functions \" + \", \".join(missing) + \" are not linked into this process; "
           "TVM scheduled, printed and built the module\")\n    raise SystemExit(0)\n";
  }
  out +=
      "reference = " + s.build + "(func, target=\"llvm\")  # the same te definition, unscheduled\n";
  out += "got = [" + got + "]\nwant = [" + want + "]\n";
  out += "scheduled[\"main\"](*got)\nreference[\"main\"](*want)\n";
  out += checks;
  out += "print(\"CHECK: OK (the scheduled function equals the unscheduled one)\")\n";
  return out;
}

}  // namespace

Result<std::string> ProgramText(const ScriptProgram& program, const TirSpelling& s,
                                const TirSchedule& schedule, bool with_run) {
  std::string v = "0." + std::to_string(s.minor);
  std::string target = schedule.gpu || schedule.tensor_cores ? "cuda" : "llvm";
  std::string out = program.header_comment;
  if (with_run)
    out += "#\n# TensorIR schedule program for TVM " + v +
           ", exported by Tessera (tessera-cli export --format tir\n"
           "# --tvm " +
           v + "): the te definition, its prim_func scheduled with " + s.schedule_module +
           ".Schedule, built\n# for " + target +
           ", run on random data and compared with the unscheduled prim_func.\n";
  else
    out += "#\n# The te program as TensorIR for TVM " + v +
           ": its prim_func (te.create_prim_func) scheduled with\n# " + s.schedule_module +
           ".Schedule, the te schedule's primitives replayed as TensorIR primitives.\n";
  if (s.minor >= 24)
    out += "# TVM " + v + " prints TensorIR as TVMScript of tvm.tirx, with blocks as " +
           s.block_word + " (0.20-0.23: T.block).\n";
  bool numpy = with_run || program.imports.find("import numpy as np") != std::string::npos;
  bool ctypes = with_run && !schedule.externs.empty() && !schedule.gpu && !schedule.tensor_cores;
  out += std::string(ctypes ? "import ctypes\n" : "") + (numpy ? "import numpy as np\n" : "") +
         "import tvm\nfrom tvm import te\nfrom tvm import " + s.schedule_module + "\n";
  out += RenameTirPackage(KeptImports(program.imports), s.minor);
  bool script = false;
  for (const std::string& intrin : schedule.intrinsics)
    script |= intrin.find("@T.prim_func") != std::string::npos;
  if (script)
    out += std::string("from tvm.script import ") + (s.minor >= 24 ? "tirx" : "tir") + " as T\n";
  if (!schedule.cuda_imports.empty()) {
    out += std::string("from tvm.") + (s.minor >= 24 ? "s_tir" : "tir") +
           ".tensor_intrin.cuda import (\n";
    for (const std::string& name : schedule.cuda_imports) out += "    " + name + ",\n";
    out += ")\n";
  }
  for (const std::string& intrin : schedule.intrinsics) out += "\n\n" + intrin;
  out += "\n" + RenameTirPackage(program.workload, s.minor);
  std::vector<ScriptArgument> arguments = ScriptArguments(program);
  std::string list;
  for (const ScriptArgument& a : arguments) list += (list.empty() ? "" : ", ") + a.text;
  out += "\nfunc = te.create_prim_func([" + list + "])\n";
  out += "sch = " + s.schedule_module + ".Schedule(func)\n";
  for (const std::string& line : schedule.lines) out += line + "\n";
  if (!with_run) return out;
  out += "\nprint(sch.mod.script())\n\n";
  auto run = RunSection(arguments, s, schedule);
  if (!run) return run.error();
  return out + *run;
}

}  // namespace tir_export

Result<TvmVersion> ParseTvmVersion(const std::string& text) {
  std::string t = text;
  if (!t.empty() && t[0] == 'v') t.erase(0, 1);
  int major = -1, minor = -1, patch = 0;
  char extra = 0;
  int fields = std::sscanf(t.c_str(), "%d.%d.%d%c", &major, &minor, &patch, &extra);
  if (fields < 2 || fields > 3 || major != 0 || minor < 20 || minor > 26)
    return Error("unknown TVM version '" + text + "' (expected 0.20 .. 0.26)");
  return TvmVersion{minor};
}

}  // namespace tessera::script
