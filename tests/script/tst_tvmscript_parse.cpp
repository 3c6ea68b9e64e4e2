// TVMScript read into TensorIR (script/tvm/TVMScriptParser.h): every construct in both
// spellings (tvm.script.tir with T.block, tvm.script.tirx with T.sblock), round trips of
// the PrimFuncs the TensorIR tests build and schedule (print, parse, print: the same
// text), programs written the way TVM's tests/python/tir-schedule write them, printed as
// TVM prints them, and the errors of what TVMScript does not allow, with line and column.
#include <QtTest>
#include <filesystem>
#include <fstream>
#include <optional>
#include <regex>
#include <set>
#include <sstream>

#include "../tir/TirTestSupport.h"
#include "script/Evaluator.h"
#include "script/lang/Interpreter.h"
#include "script/lang/Parser.h"
#include "script/tvm/script/TVMScriptParser.h"
#include "script/tvm/te/TeBuiltins.h"
#include "script/tvm/tir/TirPrimFuncValue.h"
#include "tir/FunctionParams.h"

namespace tst_tvmscript_parse {

using namespace tessera;
using namespace tessera::tir;
using namespace tessera::tir::testing;

namespace {

using script::Value;

// Runs a script in an interpreter with the TE and TVMScript built-ins and returns the
// value bound to `name`.
Result<Value> Run(const std::string& text, const std::string& name = "main") {
  auto module = script::ParseModule(text, "t.py");
  if (!module) return module.error();
  script::Interpreter interp;
  script::RegisterTeBuiltins(interp);
  script::RegisterTirFunctionBuiltins(interp);
  if (auto st = interp.Run(*module); !st) return st.error();
  const Value* v = interp.GetGlobal(name);
  if (!v) return Error("no global " + name);
  return *v;
}

// The function `name` of a script, printed in the dialect it was read in.
std::string Printed(const std::string& text, const std::string& name = "main") {
  auto v = Run(text, name);
  if (!v) return v.error().format();
  const script::TensorIRFunc* f = script::AsTensorIRFunc(*v);
  if (!f) return "not a PrimFunc: " + v->type_name();
  return AsTVMScript(f->func, f->dialect);
}

std::string ErrorOf(const std::string& text) {
  auto v = Run(text);
  return v ? std::string("no error") : v.error().format();
}

// The same program in TVM 0.24's spelling.
std::string ToTirx(std::string s) {
  auto replace = [&](const std::string& from, const std::string& to) {
    for (size_t at = s.find(from); at != std::string::npos; at = s.find(from, at + to.size()))
      s.replace(at, from.size(), to);
  };
  replace("import tir as T", "import tirx as T");
  replace("T.block(", "T.sblock(");
  replace("T.block_attr(", "T.sblock_attr(");
  replace("T.alloc_buffer(", "T.sblock_alloc_buffer(");
  replace("{\"tir.noalias\": T.bool(True)}", "{\"tirx.noalias\": True}");
  return s;
}

// A printed function with its import line uncommented (TVM prints it as a comment).
std::string Uncommented(const std::string& printed) {
  return printed.rfind("# ", 0) == 0 ? printed.substr(2) : printed;
}

// The function printed, read back and printed again.
Result<std::string> Reprinted(const PrimFunc& f, TvmDialect dialect) {
  auto v = Run(Uncommented(AsTVMScript(f, dialect)), f.name);
  if (!v) return v.error();
  const script::TensorIRFunc* parsed = script::AsTensorIRFunc(*v);
  if (!parsed) return Error("not a PrimFunc");
  if (parsed->dialect != dialect) return Error("read in the other dialect");
  return AsTVMScript(parsed->func, dialect);
}

// The function TVM 0.20 printed in a reference of tests/tir/programs/reference (written by
// scripts/tvm-reference.sh): from its "# from tvm.script" line to the trace's.
std::string TvmPrintedFunction(const std::filesystem::path& path) {
  std::ifstream in(path);
  std::stringstream text;
  text << in.rdbuf();
  std::string all = text.str();
  size_t func = all.find("# from tvm.script import");
  // The function ends where the trace begins or, where TVM printed none (it cannot print
  // one holding decompose_padding), at the exit status line.
  size_t end = all.find("# from tvm import tir\ndef apply_trace");
  if (end == std::string::npos) end = all.rfind("\nEXIT ");
  if (func == std::string::npos || end == std::string::npos || end < func) return "";
  std::string f = all.substr(func, end - func);
  while (!f.empty() && (f.back() == '\n' || f.back() == ' ')) f.pop_back();
  return f;
}

// The first block name a printed function gives to two blocks, if any.
// `function` as TVM's parser reads it back: its Namer names a buffer's stride variables
// after the buffer (`B_1 = T.match_buffer(..., strides=("B_s0", 1))`, a tensorized view
// keeping its intrinsic's variable, reads back as B_1_s0).
std::string WithStridesNamedByTheirBuffer(const std::string& function) {
  static const std::regex declaration(R"(^(\s*)(\w+) = (T\.\w+\(.*strides=\()(.*)$)");
  static const std::regex stride_name(R"re("\w+_s(\d+)")re");
  std::istringstream in(function);
  std::string out;
  for (std::string line; std::getline(in, line);) {
    std::smatch m;
    if (std::regex_match(line, m, declaration))
      line = m[1].str() + m[2].str() + " = " + m[3].str() +
             std::regex_replace(m[4].str(), stride_name, "\"" + m[2].str() + "_s$1\"");
    out += line + "\n";
  }
  if (!out.empty() && (function.empty() || function.back() != '\n')) out.pop_back();
  return out;
}

// The schedules the round trips print: each a function of the TensorIR tests'
// workloads with primitives applied.
PrimFunc Scheduled(const std::string& which) {
  if (which == "gemm tiled") {
    Schedule sch(Gemm());
    auto c = *sch.GetBlock("C");
    auto loops = *sch.GetLoops(c);
    auto i = *sch.Split(loops[0], {Expr(), Expr(32)});
    auto j = *sch.Split(loops[1], {Expr(), Expr(16)});
    (void)sch.Reorder({i[0], j[0], i[1], j[1]});
    (void)sch.Parallel(i[0]);
    (void)sch.Vectorize(j[1]);
    (void)sch.Unroll(loops[2]);
    return sch.func();
  }
  if (which == "gemm decomposed") {
    Schedule sch(Gemm(64));
    auto c = *sch.GetBlock("C");
    auto loops = *sch.GetLoops(c);
    (void)sch.DecomposeReduction(c, loops[2]);
    return sch.func();
  }
  if (which == "gemm on a GPU") {
    Schedule sch(Gemm());
    auto c = *sch.GetBlock("C");
    auto loops = *sch.GetLoops(c);
    auto fused = *sch.Fuse({loops[0], loops[1]});
    auto parts = *sch.Split(fused, {Expr(), Expr(128)});
    (void)sch.Bind(parts[0], "blockIdx.x");
    (void)sch.Bind(parts[1], "threadIdx.x");
    (void)sch.CacheRead(c, 0, "shared");
    (void)sch.CacheWrite(c, 0, "local");
    return sch.func();
  }
  if (which == "split with a tail") {
    Schedule sch(ElementwiseChain());
    auto b = *sch.GetBlock("B");
    auto loops = *sch.GetLoops(b);
    (void)sch.Split(loops[0], {Expr(), Expr(48)});
    (void)sch.Annotate(loops[1], "pragma_unroll_explicit", Expr(1));
    (void)sch.Annotate(b, "meta_schedule.tiling_structure", ir::StringImm("SSRSRS"));
    return sch.func();
  }
  if (which == "chain compute_at") {
    Schedule sch(ElementwiseChain());
    auto b = *sch.GetBlock("B");
    auto c = *sch.GetBlock("C");
    auto loops = *sch.GetLoops(c);
    auto parts = *sch.Split(loops[0], {Expr(), Expr(16)});
    (void)sch.ComputeAt(b, parts[0]);
    (void)sch.SetScope(b, 0, "shared");
    return sch.func();
  }
  if (which == "chain reverse_compute_at") {
    Schedule sch(ElementwiseChain());
    auto b = *sch.GetBlock("B");
    auto c = *sch.GetBlock("C");
    auto loops = *sch.GetLoops(b);
    (void)sch.ReverseComputeAt(c, loops[0]);
    return sch.func();
  }
  if (which == "conv inlined pad") {
    Schedule sch(PaddedConv());
    auto pad = *sch.GetBlock("A_pad");
    (void)sch.ComputeInline(pad);
    return sch.func();
  }
  return PrimFunc{};
}

}  // namespace

class TestTvmScriptParse : public QObject {
  Q_OBJECT

 private slots:
  // ---- round trips: print, read back, print again ----
  void roundTripsOfTheTensorIRTestsFunctions_data() {
    QTest::addColumn<std::string>("which");
    for (const char* which : {"gemm", "gemm 64", "elementwise chain", "padded conv", "symbolic",
                              "gemm tiled", "gemm decomposed", "gemm on a GPU", "split with a tail",
                              "chain compute_at", "chain reverse_compute_at", "conv inlined pad"})
      QTest::newRow(which) << std::string(which);
  }
  void roundTripsOfTheTensorIRTestsFunctions() {
    QFETCH(std::string, which);
    PrimFunc f;
    if (which == "gemm") {
      f = Gemm();
    } else if (which == "gemm 64") {
      f = Gemm(64);
    } else if (which == "elementwise chain") {
      f = ElementwiseChain();
    } else if (which == "padded conv") {
      f = PaddedConv();
    } else if (which == "symbolic") {
      ir::Var n = te::size_var("n");
      auto A = *te::placeholder({n, 16}, ir::DataType::Float(16), "A");
      auto B = *te::compute(
          {n, 16}, [&](const std::vector<ir::Var>& i) { return A(i[0], i[1]) + A(i[0], 0); }, "B");
      f = *CreatePrimFunc({A, B});
    } else {
      f = Scheduled(which);
    }
    QVERIFY(f.body != nullptr);
    for (TvmDialect d : {TvmDialect::Tir, TvmDialect::STir}) {
      auto again = Reprinted(f, d);
      QVERIFY2(again.ok(), again ? "" : again.error().format().c_str());
      if (*again != AsTVMScript(f, d))
        qInfo().noquote() << Q(*again) << "\n" << Q(AsTVMScript(f, d));
      QCOMPARE(Q(*again), Q(AsTVMScript(f, d)));
    }
  }

  // What a real TVM 0.20 printed for the TensorIR programs, read and printed by Tessera:
  // TVM's text again.
  void tvmsOwnPrintsReadBackToTheSameText_data() {
    QTest::addColumn<std::string>("path");
    std::filesystem::path dir =
        std::string(qgetenv("TESSERA_SOURCE_DIR").constData()) + "/tests/tir/programs/reference";
    std::vector<std::string> paths;
    for (const auto& entry : std::filesystem::directory_iterator(dir))
      if (entry.path().extension() == ".txt") paths.push_back(entry.path().string());
    std::sort(paths.begin(), paths.end());
    QVERIFY(paths.size() >= 20);
    for (const std::string& p : paths)
      QTest::newRow(std::filesystem::path(p).stem().string().c_str()) << p;
  }
  void tvmsOwnPrintsReadBackToTheSameText() {
    QFETCH(std::string, path);
    std::string tvm = TvmPrintedFunction(path);
    QVERIFY2(!tvm.empty(), "no function in the reference");
    // A printed module (sch.mod.script()): its two import comments uncommented, read as
    // the class Module and printed again.
    const std::string module_imports = "# from tvm.script import ir as I\n# ";
    if (tvm.rfind(module_imports, 0) == 0) {
      auto m = Run(tvm.substr(2, module_imports.size() - 4) + tvm.substr(module_imports.size()),
                   "Module");
      QVERIFY2(m.ok(), m ? "" : m.error().format().c_str());
      const script::TensorIRModule* module = script::AsTensorIRModule(*m);
      QVERIFY(module);
      QCOMPARE(Q(module->Script()), Q(tvm));
      return;
    }
    size_t def = tvm.find("\ndef ");
    std::string name = tvm.substr(def + 5, tvm.find('(', def) - def - 5);
    auto v = Run(Uncommented(tvm), name);
    // TVM may name two blocks alike (cache_inplace's copy-in and copy-out, a cache_read
    // and a cache_write of one buffer): such a function reads back too.
    QVERIFY2(v.ok(), v ? "" : v.error().format().c_str());
    const script::TensorIRFunc* f = script::AsTensorIRFunc(*v);
    QVERIFY(f);
    std::string again = AsTVMScript(f->func, f->dialect);
    const std::string read_back = WithStridesNamedByTheirBuffer(tvm);
    if (again != read_back) qInfo().noquote() << Q(again);
    QCOMPARE(Q(again), Q(read_back));
  }

  // As TVM's parser: a body of allocations only does T.evaluate(0), so it equals the
  // function that writes it (TVM's test_tvmscript_regression.py).
  void aBodyOfAllocationsOnlyEvaluatesZero() {
    const std::string only =
        "from tvm.script import tir as T\n"
        "@T.prim_func\n"
        "def main():\n"
        "    a = T.alloc_buffer((10, 10), dtype='int8')\n";
    const std::string explicit_zero = only + "    T.evaluate(0)\n";
    QCOMPARE(Q(Printed(only)), Q(Printed(explicit_zero)));
    QVERIFY2(Printed(only).find("T.evaluate(0)") != std::string::npos, Printed(only).c_str());
  }

  // Scalars sit among the buffers where the source put them; the shape variables are
  // those the buffers' shapes use, each once, wherever it appears.
  void parametersComeInTheSourcesOrder() {
    auto v =
        Run("from tvm.script import tir as T\n"
            "@T.prim_func\n"
            "def main(s: T.float32, a: T.handle, n: T.int32, B: T.Buffer((4,), \"float32\"),"
            " c: T.handle, t: T.int32):\n"
            "    m = T.int32()\n"
            "    A = T.match_buffer(a, (n, m * 2))\n"
            "    C = T.match_buffer(c, (m, n))\n"
            "    T.evaluate(0)\n");
    QVERIFY2(v.ok(), v ? "" : v.error().format().c_str());
    const PrimFunc& f = script::AsTensorIRFunc(*v)->func;
    std::string order;
    for (const FunctionParam& p : ParamsInOrder(f))
      order += (order.empty() ? "" : " ") + (p.scalar ? p.scalar->var.name() : (*p.buffer)->name);
    QCOMPARE(Q(order), Q("s A n B C t"));
    std::string shape_vars;
    for (const Var& x : ShapeVariables(f)) shape_vars += x.name() + " ";
    QCOMPARE(Q(shape_vars), Q("n m "));
  }

  // A function read from its text schedules as the function it was printed from.
  void aReadFunctionSchedulesLikeTheOriginal() {
    auto v = Run(Uncommented(AsTVMScript(Gemm())));
    QVERIFY2(v.ok(), v ? "" : v.error().format().c_str());
    PrimFunc parsed = script::AsTensorIRFunc(*v)->func;
    auto schedule = [](PrimFunc f) {
      Schedule sch(std::move(f));
      auto c = *sch.GetBlock("C");
      auto loops = *sch.GetLoops(c);
      auto i = sch.Split(loops[0], {Expr(), Expr(8)});
      if (!i) return i.error().format();
      if (auto st = sch.Reorder({(*i)[1], loops[1]}); !st) return st.error().format();
      if (auto st = sch.DecomposeReduction(c, loops[2]); !st) return st.error().format();
      return AsTVMScript(sch.func());
    };
    QCOMPARE(Q(schedule(parsed)), Q(schedule(Gemm())));
  }

  // ---- constructs: each in both spellings ----
  void constructs_data() {
    QTest::addColumn<std::string>("input");
    QTest::addColumn<std::string>("expected");
    const std::string head = "from tvm.script import tir as T\n\n";
    const std::string printed = "# from tvm.script import tir as T\n\n@T.prim_func\n";
    QTest::newRow("handles matched by T.match_buffer, as TVM's tests write them")
        << head + R"py(@T.prim_func
def main(a: T.handle, b: T.handle) -> None:
    A = T.match_buffer(a, (128, 128, 128))
    B = T.match_buffer(b, (128, 128, 128))
    for i, j, k in T.grid(128, 128, 128):
        with T.block("B"):
            vi, vj, vk = T.axis.remap("SSS", [i, j, k])
            B[vi, vj, vk] = A[vi, vj, vk] * 2.0)py"
        << printed +
               R"py(def main(A: T.Buffer((128, 128, 128), "float32"), B: T.Buffer((128, 128, 128), "float32")):
    # with T.block("root"):
    for i, j, k in T.grid(128, 128, 128):
        with T.block("B"):
            vi, vj, vk = T.axis.remap("SSS", [i, j, k])
            T.reads(A[vi, vj, vk])
            T.writes(B[vi, vj, vk])
            B[vi, vj, vk] = A[vi, vj, vk] * T.float32(2.0))py";
    QTest::newRow("T.Buffer[...] parameters, a reduction, regions inferred")
        << head + R"py(@T.prim_func
def main(A: T.Buffer[(128, 128), "float32"], B: T.Buffer[(128, 128), "float32"], C: T.Buffer[(128, 128), "float32"]) -> None:
    for i, j, k in T.grid(128, 128, 128):
        with T.block("update"):
            vi, vj, vk = T.axis.remap("SSR", [i, j, k])
            with T.init():
                C[vi, vj] = 0.0
            C[vi, vj] = C[vi, vj] + A[vi, vk] * B[vj, vk])py"
        << printed +
               R"py(def main(A: T.Buffer((128, 128), "float32"), B: T.Buffer((128, 128), "float32"), C: T.Buffer((128, 128), "float32")):
    # with T.block("root"):
    for i, j, k in T.grid(128, 128, 128):
        with T.block("update"):
            vi, vj, vk = T.axis.remap("SSR", [i, j, k])
            T.reads(A[vi, vk], B[vj, vk])
            T.writes(C[vi, vj])
            with T.init():
                C[vi, vj] = T.float32(0.0)
            C[vi, vj] = C[vi, vj] + A[vi, vk] * B[vj, vk])py";
    QTest::newRow("thread bindings, T.serial with annotations, T.vectorized, T.axis.S")
        << head + R"py(@T.prim_func
def main(A: T.Buffer((64, 64), "float32"), B: T.Buffer((64, 64), "float32")):
    T.func_attr({"global_symbol": "main", "tir.noalias": True})
    for bx in T.thread_binding(8, thread="blockIdx.x"):
        for tx in T.thread_binding(0, 8, thread="threadIdx.x"):
            for j0 in T.serial(0, 16, annotations={"pragma_auto_unroll_max_step": 16}):
                for j1 in T.vectorized(4):
                    with T.block("B"):
                        vi = T.axis.spatial(64, bx * 8 + tx)
                        vj = T.axis.S(64, j0 * 4 + j1)
                        B[vi, vj] = A[vi, vj] + 1.0)py"
        << printed +
               R"py(def main(A: T.Buffer((64, 64), "float32"), B: T.Buffer((64, 64), "float32")):
    T.func_attr({"tir.noalias": T.bool(True)})
    # with T.block("root"):
    for bx in T.thread_binding(8, thread="blockIdx.x"):
        for tx in T.thread_binding(8, thread="threadIdx.x"):
            for j0 in T.serial(16, annotations={"pragma_auto_unroll_max_step": 16}):
                for j1 in T.vectorized(4):
                    with T.block("B"):
                        vi = T.axis.spatial(64, bx * 8 + tx)
                        vj = T.axis.spatial(64, j0 * 4 + j1)
                        T.reads(A[vi, vj])
                        T.writes(B[vi, vj])
                        B[vi, vj] = A[vi, vj] + T.float32(1.0))py";
    QTest::newRow("T.parallel, T.unroll and range from a start; domains (begin, end)")
        << head + R"py(@T.prim_func
def main(A: T.Buffer((16, 16), "float32")):
    for i in T.parallel(16):
        for j in T.unroll(2, 10):
            for k in range(1, 3):
                with T.block("A"):
                    vi = T.axis.spatial(16, i)
                    vj = T.axis.spatial((2, 10), j)
                    vk = T.axis.reduce((1, 3), k)
                    T.reads()
                    T.writes(A[vi, vj])
                    A[vi, vj] = T.float32(vk))py"
        << printed + R"py(def main(A: T.Buffer((16, 16), "float32")):
    # with T.block("root"):
    for i in T.parallel(16):
        for j in T.unroll(2, 10):
            for k in range(1, 3):
                with T.block("A"):
                    vi, vj, vk = T.axis.remap("SSR", [i, j, k])
                    T.reads()
                    T.writes(A[vi, vj])
                    A[vi, vj] = T.Cast("float32", vk))py";
    QTest::newRow("T.axis.reduce, T.where, T.init and T.min")
        << head + R"py(@T.prim_func
def main(A: T.Buffer((100,), "float32"), B: T.Buffer((1,), "float32")):
    for io, ii in T.grid(4, 32):
        with T.block("B"):
            vk = T.axis.reduce(100, io * 32 + ii)
            T.where(io * 32 + ii < 100)
            T.reads(A[vk])
            T.writes(B[0])
            with T.init():
                B[0] = T.float32(0)
            B[0] = T.min(B[0], A[vk]))py"
        << printed + R"py(def main(A: T.Buffer((100,), "float32"), B: T.Buffer((1,), "float32")):
    # with T.block("root"):
    for io, ii in T.grid(4, 32):
        with T.block("B"):
            vk = T.axis.reduce(100, io * 32 + ii)
            T.where(io * 32 + ii < 100)
            T.reads(A[vk])
            T.writes(B[0])
            with T.init():
                B[0] = T.float32(0.0)
            B[0] = T.min(B[0], A[vk]))py";
    QTest::newRow(
        "if / else in a block, T.Cast, T.exp, T.sqrt, T.if_then_else (dtype= dropped), // and %")
        << head + R"py(@T.prim_func
def main(A: T.Buffer((8, 8), "float16"), B: T.Buffer((8, 8), "float32"), C: T.Buffer((64,), "int32")):
    for i, j in T.grid(8, 8):
        with T.block("B"):
            vi, vj = T.axis.remap("SS", [i, j])
            if vi < 4:
                B[vi, vj] = T.exp(T.Cast("float32", A[vi, vj]))
            else:
                B[vi, vj] = T.if_then_else(vj % 2 == 0, T.sqrt(T.float32(2), dtype="float32"), T.float32(0.5), dtype="float32")
    for k in range(64):
        with T.block("C"):
            vk = T.axis.spatial(64, k)
            C[vk] = vk // 8 + T.floordiv(vk, 3) * T.floormod(vk, 5) + T.max(vk, 7))py"
        << printed +
               R"py(def main(A: T.Buffer((8, 8), "float16"), B: T.Buffer((8, 8), "float32"), C: T.Buffer((64,), "int32")):
    # with T.block("root"):
    for i, j in T.grid(8, 8):
        with T.block("B"):
            vi, vj = T.axis.remap("SS", [i, j])
            T.reads(A[vi, vj])
            T.writes(B[vi, vj])
            if vi < 4:
                B[vi, vj] = T.exp(T.Cast("float32", A[vi, vj]))
            else:
                B[vi, vj] = T.if_then_else(vj % 2 == 0, T.sqrt(T.float32(2.0)), T.float32(0.5))
    for k in range(64):
        with T.block("C"):
            vk = T.axis.spatial(64, k)
            T.reads()
            T.writes(C[vk])
            C[vk] = vk // 8 + vk // 3 * (vk % 5) + T.max(vk, 7))py";
    QTest::newRow("T.cast(value, dtype), tvm.tir.generic.cast's order, prints as T.Cast")
        << head + R"py(@T.prim_func
def main(A: T.Buffer((8,), "float16"), B: T.Buffer((8,), "float32")):
    for i in range(8):
        with T.block("B"):
            vi = T.axis.spatial(8, i)
            B[vi] = T.cast(A[vi], "float32") * T.float32(2))py"
        << printed + R"py(def main(A: T.Buffer((8,), "float16"), B: T.Buffer((8,), "float32")):
    # with T.block("root"):
    for i in range(8):
        with T.block("B"):
            vi = T.axis.spatial(8, i)
            T.reads(A[vi])
            T.writes(B[vi])
            B[vi] = T.Cast("float32", A[vi]) * T.float32(2.0))py";
    QTest::newRow(
        "explicit root, T.alloc_buffer in scopes, T.block_attr, nested blocks, T.evaluate")
        << head + R"py(@T.prim_func
def main(A: T.Buffer((16,), "float32"), B: T.Buffer((16,), "float32")):
    with T.block("root"):
        T.reads()
        T.writes()
        S = T.alloc_buffer((16,), scope="shared")
        for i in range(16):
            with T.block("S"):
                vi = T.axis.spatial(16, i)
                T.block_attr({"meta_schedule.unroll_explicit": 4, "note": "copy"})
                S[vi] = A[vi]
        for i in range(16):
            with T.block("B"):
                vi = T.axis.spatial(16, i)
                L = T.alloc_buffer((1,), scope="local")
                with T.block("L"):
                    L[0] = S[vi]
                B[vi] = L[0] * T.float32(3)
        T.evaluate(0))py"
        << printed + R"py(def main(A: T.Buffer((16,), "float32"), B: T.Buffer((16,), "float32")):
    # with T.block("root"):
    S = T.alloc_buffer((16,), scope="shared")
    for i in range(16):
        with T.block("S"):
            vi = T.axis.spatial(16, i)
            T.reads(A[vi])
            T.writes(S[vi])
            T.block_attr({"meta_schedule.unroll_explicit": 4, "note": "copy"})
            S[vi] = A[vi]
    for i in range(16):
        with T.block("B"):
            vi = T.axis.spatial(16, i)
            T.reads(S[vi])
            T.writes(B[vi])
            L = T.alloc_buffer((1,), scope="local")
            with T.block("L"):
                T.reads(S[vi])
                T.writes(L[0])
                L[0] = S[vi]
            B[vi] = L[0] * T.float32(3.0)
    T.evaluate(0))py";
    QTest::newRow("symbolic shapes: T.int32() and T.match_buffer with a dtype")
        << head + R"py(@T.prim_func
def main(a: T.handle, b: T.handle):
    n = T.int32()
    A = T.match_buffer(a, (n, 4), "float16")
    B = T.match_buffer(b, (n, 4), "float16")
    for i, j in T.grid(n, 4):
        with T.block("B"):
            vi, vj = T.axis.remap("SS", [i, j])
            B[vi, vj] = A[vi, vj] + T.float16(1))py"
        << printed + R"py(def main(a: T.handle, b: T.handle):
    n = T.int32()
    A = T.match_buffer(a, (n, 4), "float16")
    B = T.match_buffer(b, (n, 4), "float16")
    # with T.block("root"):
    for i, j in T.grid(n, 4):
        with T.block("B"):
            vi, vj = T.axis.remap("SS", [i, j])
            T.reads(A[vi, vj])
            T.writes(B[vi, vj])
            B[vi, vj] = A[vi, vj] + T.float16(1.0))py";
    QTest::newRow("global constants and Python arithmetic while reading")
        << "N = 32\nM = N * 2\n" + head + R"py(@T.prim_func
def main(A: T.Buffer((N, M), "float32")):
    for i, j in T.grid(N, M // 2):
        with T.block("A"):
            vi, vj = T.axis.remap("SS", [i, j])
            if N > 16:
                A[vi, vj * 2] = T.float32(N)
            else:
                A[vi, vj * 2] = T.float32(0))py"
        << printed + R"py(def main(A: T.Buffer((32, 64), "float32")):
    # with T.block("root"):
    for i, j in T.grid(32, 32):
        with T.block("A"):
            vi, vj = T.axis.remap("SS", [i, j])
            T.reads()
            T.writes(A[vi, vj * 2])
            A[vi, vj * 2] = T.float32(32.0))py";
    QTest::newRow("T.int64 shapes and loop variables")
        << head + R"py(@T.prim_func
def main(A: T.Buffer((T.int64(16),), "float32")):
    for i in range(T.int64(16)):
        with T.block("A"):
            vi = T.axis.spatial(T.int64(16), i)
            A[vi] = T.float32(0))py"
        << printed + R"py(def main(A: T.Buffer((T.int64(16),), "float32")):
    # with T.block("root"):
    for i in range(T.int64(16)):
        with T.block("A"):
            vi = T.axis.spatial(T.int64(16), i)
            T.reads()
            T.writes(A[vi])
            A[vi] = T.float32(0.0))py";
    QTest::newRow("list shapes and regions, T.serial(T.int32(n)), +=, T.Select, T.truncmod")
        << head + R"py(@T.prim_func
def main(a: T.handle, c: T.handle) -> None:
    A = T.match_buffer(a, [16, 16])
    C = T.match_buffer(c, [16])
    for i in T.serial(T.int32(16)):
        for k in T.serial(0, 16):
            with T.block("C"):
                vi, vk = T.axis.remap("SR", [i, k])
                T.reads([A[vi, vk]])
                T.writes([C[vi]])
                with T.init():
                    C[vi] = T.float32(0)
                C[vi] += T.Select(vk % 2 == 0, A[vi, vk], T.Cast("float32", T.truncmod(vk, 3))))py"
        << printed + R"py(def main(A: T.Buffer((16, 16), "float32"), C: T.Buffer((16,), "float32")):
    # with T.block("root"):
    for i, k in T.grid(16, 16):
        with T.block("C"):
            vi, vk = T.axis.remap("SR", [i, k])
            T.reads(A[vi, vk])
            T.writes(C[vi])
            with T.init():
                C[vi] = T.float32(0.0)
            C[vi] = C[vi] + T.Select(vk % 2 == 0, A[vi, vk], T.Cast("float32", T.truncmod(vk, 3))))py";
    QTest::newRow("T.axis.S / T.axis.R, region slices, a block inside a block")
        << head + R"py(@T.prim_func
def main(A: T.Buffer((16, 16), "float32"), B: T.Buffer((16,), "float32")):
    for i in range(16):
        with T.block("B"):
            vi = T.axis.S(16, i)
            T.reads(A[vi, 0:16])
            T.writes(B[vi])
            with T.init():
                B[vi] = T.float32(0)
            for k in range(16):
                with T.block("B_k"):
                    vk = T.axis.R(16, k)
                    B[vi] = B[vi] + A[vi, vk])py"
        << printed + R"py(def main(A: T.Buffer((16, 16), "float32"), B: T.Buffer((16,), "float32")):
    # with T.block("root"):
    for i in range(16):
        with T.block("B"):
            vi = T.axis.spatial(16, i)
            T.reads(A[vi, 0:16])
            T.writes(B[vi])
            with T.init():
                B[vi] = T.float32(0.0)
            for k in range(16):
                with T.block("B_k"):
                    vk = T.axis.reduce(16, k)
                    T.reads(B[vi], A[vi, vk])
                    T.writes(B[vi])
                    B[vi] = B[vi] + A[vi, vk])py";
    // TVM's ScriptCompleter: a view of an enclosing block counts in an inner block's
    // regions (its source, script_complete.cc, infers T.reads(Av[vii, vj]) here).
    QTest::newRow("an inner block reading a view of its enclosing block")
        << head + R"py(@T.prim_func
def main(A: T.Buffer((16, 16), "float32"), C: T.Buffer((16, 16), "float32")):
    for i in range(4):
        with T.block("C"):
            vi = T.axis.spatial(4, i)
            T.reads(A[vi * 4:vi * 4 + 4, 0:16])
            T.writes(C[vi * 4:vi * 4 + 4, 0:16])
            Av = T.match_buffer(A[vi * 4:vi * 4 + 4, 0:16], (4, 16))
            for ii, j in T.grid(4, 16):
                with T.block("C_inner"):
                    vii, vj = T.axis.remap("SS", [ii, j])
                    C[vi * 4 + vii, vj] = Av[vii, vj] * T.float32(3.0))py"
        << printed +
               R"py(def main(A: T.Buffer((16, 16), "float32"), C: T.Buffer((16, 16), "float32")):
    # with T.block("root"):
    for i in range(4):
        with T.block("C"):
            vi = T.axis.spatial(4, i)
            T.reads(A[vi * 4:vi * 4 + 4, 0:16])
            T.writes(C[vi * 4:vi * 4 + 4, 0:16])
            Av = T.match_buffer(A[vi * 4:vi * 4 + 4, 0:16], (4, 16))
            for ii, j in T.grid(4, 16):
                with T.block("C_inner"):
                    vii, vj = T.axis.remap("SS", [ii, j])
                    T.reads(Av[vii, vj])
                    T.writes(C[vi * 4 + vii, vj])
                    C[vi * 4 + vii, vj] = Av[vii, vj] * T.float32(3.0))py";
    QTest::newRow("a global_symbol other than the def's name names the function")
        << head + R"py(@T.prim_func
def scaled_expected(A: T.Buffer((8,), "float32"), B: T.Buffer((8,), "float32")):
    T.func_attr({"global_symbol": "main", "tir.noalias": True})
    for i in range(8):
        with T.block("B"):
            vi = T.axis.spatial(8, i)
            B[vi] = A[vi] * 2.0
main = scaled_expected)py"
        << printed +
               R"py(def main(A: T.Buffer((8,), "float32"), B: T.Buffer((8,), "float32")):
    T.func_attr({"tir.noalias": T.bool(True)})
    # with T.block("root"):
    for i in range(8):
        with T.block("B"):
            vi = T.axis.spatial(8, i)
            T.reads(A[vi])
            T.writes(B[vi])
            B[vi] = A[vi] * T.float32(2.0))py";
    QTest::newRow("an allocation at offset 0 with TVM's default align and offset_factor")
        << head + R"py(@T.prim_func
def main(A: T.Buffer((128, 128), "float32"), C: T.Buffer((128, 128), "float32")):
    B = T.alloc_buffer([128, 128], elem_offset=0, align=64, offset_factor=1)
    for i, j in T.grid(128, 128):
        with T.block("B"):
            vi, vj = T.axis.remap("SS", [i, j])
            B[vi, vj] = A[vi, vj] * 2.0
    for i, j in T.grid(128, 128):
        with T.block("C"):
            vi, vj = T.axis.remap("SS", [i, j])
            C[vi, vj] = B[vi, vj] + 1.0)py"
        << printed +
               R"py(def main(A: T.Buffer((128, 128), "float32"), C: T.Buffer((128, 128), "float32")):
    # with T.block("root"):
    B = T.alloc_buffer((128, 128))
    for i, j in T.grid(128, 128):
        with T.block("B"):
            vi, vj = T.axis.remap("SS", [i, j])
            T.reads(A[vi, vj])
            T.writes(B[vi, vj])
            B[vi, vj] = A[vi, vj] * T.float32(2.0)
    for i, j in T.grid(128, 128):
        with T.block("C"):
            vi, vj = T.axis.remap("SS", [i, j])
            T.reads(B[vi, vj])
            T.writes(C[vi, vj])
            C[vi, vj] = B[vi, vj] + T.float32(1.0))py";
    QTest::newRow("T.call_extern with its dtype as a keyword, \"\" being void (TVM's tests)")
        << head + R"py(@T.prim_func
def main(data_io: T.Buffer((64,), "int32"), B: T.Buffer((64,), "float32")):
    for i0 in T.serial(1):
        with T.block("ext_call"):
            T.reads(data_io[0:64])
            T.writes(data_io[0:64])
            T.evaluate(T.call_extern("call_impl", data_io.data, dtype=""))
    for i in range(64):
        with T.block("B"):
            vi = T.axis.spatial(64, i)
            B[vi] = T.call_extern("fabsf", T.Cast("float32", data_io[vi]), dtype="float32"))py"
        << printed +
               R"py(def main(data_io: T.Buffer((64,), "int32"), B: T.Buffer((64,), "float32")):
    # with T.block("root"):
    for i0 in range(1):
        with T.block("ext_call"):
            T.reads(data_io[0:64])
            T.writes(data_io[0:64])
            T.call_extern("void", "call_impl", data_io.data)
    for i in range(64):
        with T.block("B"):
            vi = T.axis.spatial(64, i)
            T.reads(data_io[vi])
            T.writes(B[vi])
            B[vi] = T.call_extern("float32", "fabsf", T.Cast("float32", data_io[vi])))py";
  }
  void constructs() {
    QFETCH(std::string, input);
    QFETCH(std::string, expected);
    for (bool tirx : {false, true}) {
      std::string text = tirx ? ToTirx(input) : input;
      std::string want = tirx ? ToTirx(expected) : expected;
      std::string got = Printed(text);
      if (got != want) qInfo().noquote() << QString::fromStdString(got);
      QCOMPARE(Q(got), Q(want));
    }
  }

  // Any one line of a scheduled function left out: the reader answers (most often with an
  // error), it never crashes.
  // Two blocks of one name, as TVM's tests write expected functions and as TVM prints
  // cache_inplace: read, equal to the function with distinct names (TVM compares no block
  // names) and scheduled; get_block of the name given twice is refused as TVM refuses it.
  void blocksOfOneName() {
    const std::string program = R"py(import tvm
from tvm import tir
from tvm.script import tir as T

@T.prim_func
def twice(A: T.Buffer((8,), "float32"), C: T.Buffer((8,), "float32")):
    B = T.alloc_buffer((8,))
    for i in range(8):
        with T.block("B"):
            vi = T.axis.spatial(8, i)
            B[vi] = A[vi] * 2.0
    for i in range(8):
        with T.block("B"):
            vi = T.axis.spatial(8, i)
            C[vi] = B[vi] + 1.0

@T.prim_func
def once(A: T.Buffer((8,), "float32"), C: T.Buffer((8,), "float32")):
    B = T.alloc_buffer((8,))
    for i in range(8):
        with T.block("B"):
            vi = T.axis.spatial(8, i)
            B[vi] = A[vi] * 2.0
    for i in range(8):
        with T.block("C"):
            vi = T.axis.spatial(8, i)
            C[vi] = B[vi] + 1.0

tvm.ir.assert_structural_equal(twice.with_attr("global_symbol", "once"), once)
sch = tir.Schedule(twice)
)py";
    auto ok = script::EvaluateScript(program, "t.py");
    QVERIFY2(ok, ok ? "" : ok.error().format().c_str());
    auto ambiguous = script::EvaluateScript(program + "sch.get_block(\"B\")\n", "t.py");
    QVERIFY(!ambiguous);
    QVERIFY2(ambiguous.error().format().find("Multiple blocks with the name B found (2)") !=
                 std::string::npos,
             ambiguous.error().format().c_str());
  }

  // T.likely(cond, dtype="bool") as TVM's compute_at tests write it: the likely intrinsic
  // (its dtype= dropped, as TVM's _op_wrapper does), printed and read back alike.
  void likelyConditions() {
    const std::string program =
        "from tvm.script import tir as T\n\n" + std::string(R"py(@T.prim_func
def main(A: T.Buffer((8,), "float32"), B: T.Buffer((10,), "float32")):
    for i in range(10):
        with T.block("B"):
            vi = T.axis.spatial(10, i)
            B[vi] = T.if_then_else(T.likely(1 <= vi, dtype="bool") and T.likely(vi < 9, dtype="bool"), A[vi - 1], 0.0, dtype="float32"))py");
    const std::string printed = Printed(program);
    QVERIFY2(printed.find("T.likely(1 <= vi)") != std::string::npos, printed.c_str());
    QCOMPARE(Q(Printed(Uncommented(printed))), Q(printed));
  }

  // T.func_attr keys other than global_symbol and tir.noalias (Relax's PrimFuncs carry
  // op_pattern and tir.is_scheduled, TVM's tests layout_free_buffers): kept, printed
  // with the keys sorted as TVM prints a Map, compared by assert_structural_equal.
  void functionAttributes() {
    const std::string head = "from tvm.script import tir as T\n\n";
    const std::string body = R"py(
def main(A: T.Buffer((8,), "float32"), B: T.Buffer((8,), "float32")):
    T.func_attr({"tir.noalias": True, "op_pattern": 4, "layout_free_buffers": [1], "tir.is_scheduled": True})
    for i in range(8):
        with T.block("B"):
            vi = T.axis.spatial(8, i)
            B[vi] = A[vi] * 2.0)py";
    const std::string printed = Printed(head + "@T.prim_func" + body);
    QCOMPARE(Q(printed.substr(printed.find("    T.func_attr"),
                              printed.find("\n    #") - printed.find("    T.func_attr"))),
             QString("    T.func_attr({\"layout_free_buffers\": [1], \"op_pattern\": 4, "
                     "\"tir.is_scheduled\": T.bool(True), \"tir.noalias\": T.bool(True)})"));
    QCOMPARE(Q(Printed(Uncommented(printed))), Q(printed));
    std::string other =
        head + "@T.prim_func" + body + "\n@T.prim_func" +
        std::regex_replace(body, std::regex("\"op_pattern\": 4"), "\"op_pattern\": 8") + "\n";
    auto unequal = script::EvaluateScript(
        "import tvm\n" +
            std::regex_replace(other, std::regex("def main"), "def f",
                               std::regex_constants::format_first_only) +
            "tvm.ir.assert_structural_equal(f, main.with_attr(\"global_symbol\", \"f\"))\n",
        "t.py");
    QVERIFY(!unequal);
    QVERIFY2(
        unequal.error().format().find("the function attribute \"op_pattern\"") != std::string::npos,
        unequal.error().format().c_str());
  }

  // Dict values in loop annotations, T.block_attr and T.func_attr, as TVM's
  // test_tir_schedule_utilities writes them: kept, printed with their keys sorted (TVM's
  // Map printer), read back alike, compared.
  void dictAnnotationValues() {
    const std::string program =
        "from tvm.script import tir as T\n\n" + std::string(R"py(@T.prim_func
def main(A: T.Buffer((8, 8), "float32"), B: T.Buffer((8, 8), "float32")):
    T.func_attr({"tir.noalias": True, "layout": {"A": "NC", "B": "NC"}})
    for i in T.serial(0, 8, annotations={"test1": "aaa", "test4": {"key": 3, "arr": [0, 0]}}):
        for j in range(8):
            with T.block("B"):
                vi, vj = T.axis.remap("SS", [i, j])
                T.block_attr({"nested": {"outer": {"inner": 1}}})
                B[vi, vj] = A[vi, vj] * 2.0)py");
    const std::string printed = Printed(program);
    for (const char* expected :
         {"T.func_attr({\"layout\": {\"A\": \"NC\", \"B\": \"NC\"}, \"tir.noalias\": "
          "T.bool(True)})",
          "annotations={\"test1\": \"aaa\", \"test4\": {\"arr\": [0, 0], \"key\": 3}}",
          "T.block_attr({\"nested\": {\"outer\": {\"inner\": 1}}})"})
      QVERIFY2(printed.find(expected) != std::string::npos, printed.c_str());
    QCOMPARE(Q(Printed(Uncommented(printed))), Q(printed));
  }

  void leavingOutAnyLineNeverCrashes() {
    std::string text = Uncommented(AsTVMScript(Scheduled("gemm on a GPU")));
    std::vector<std::string> lines;
    for (size_t start = 0; start <= text.size();) {
      size_t end = std::min(text.find('\n', start), text.size());
      lines.push_back(text.substr(start, end - start));
      start = end + 1;
    }
    int errors = 0;
    for (size_t drop = 0; drop < lines.size(); ++drop) {
      std::string cut;
      for (size_t i = 0; i < lines.size(); ++i) {
        if (i != drop) cut += lines[i] + "\n";
      }
      auto v = Run(cut);
      if (!v) {
        ++errors;
        QVERIFY2(v.error().loc.line > 0, v.error().format().c_str());
      }
    }
    QVERIFY(errors > int(lines.size()) / 2);
  }

  // ---- decorators, modules, the evaluator ----
  void irModuleHoldsItsFunctionsByName() {
    for (bool tirx : {false, true}) {
      // TVM's two spellings of the decorator: I.ir_module and tvm.script.ir_module.
      std::string text =
          std::string("import tvm\nfrom tvm.script import ir as I\n") +
          (tirx ? "from tvm.script import tirx as T\n" : "from tvm.script import tir as T\n") +
          (tirx ? "@tvm.script.ir_module\n" : "@I.ir_module\n") +
          "class Module:\n"
          "    \"\"\"Two functions.\"\"\"\n"
          "    @T.prim_func\n"
          "    def main(A: T.Buffer((4,), \"float32\")):\n"
          "        for i in range(4):\n"
          "            with T." +
          (tirx ? "sblock" : "block") +
          "(\"A\"):\n"
          "                vi = T.axis.spatial(4, i)\n"
          "                A[vi] = 1.0\n"
          "    @T.prim_func(private=True)\n"
          "    def helper(B: T.Buffer((2,), \"int32\")):\n"
          "        T.evaluate(0)\n";
      auto v = Run(text, "Module");
      QVERIFY2(v.ok(), v ? "" : v.error().format().c_str());
      const script::TensorIRModule* mod = script::AsTensorIRModule(*v);
      QVERIFY(mod);
      QCOMPARE(mod->dialect, tirx ? TvmDialect::STir : TvmDialect::Tir);
      QCOMPARE(mod->functions.size(), size_t(2));
      QCOMPARE(Q(mod->functions[0].first), Q("main"));
      QCOMPARE(Q(mod->functions[1].first), Q("helper"));
      QCOMPARE(mod->functions[1].second.params[0]->dtype, ir::DataType::Int(32));
      QVERIFY(AsTVMScript(mod->functions[0].second, mod->dialect)
                  .find(tirx ? "with T.sblock(\"A\"):" : "with T.block(\"A\"):") !=
              std::string::npos);
    }
  }

  // mod.script() of two scheduled functions, read back (its import lines uncommented):
  // the same module text.
  void irModuleRoundTrips() {
    for (TvmDialect d : {TvmDialect::Tir, TvmDialect::STir}) {
      PrimFunc tiled = Scheduled("gemm tiled");
      PrimFunc chain = Scheduled("chain compute_at");
      auto mod = script::MakeTensorIRModuleValue({{"main", tiled}, {"chain", chain}}, d);
      std::string text = script::AsTensorIRModule(mod)->Script();
      std::string source = text;
      for (size_t at = source.find("# from "); at != std::string::npos && at < 80;
           at = source.find("# from ", at))
        source.erase(at, 2);
      auto v = Run(source, "Module");
      QVERIFY2(v.ok(), v ? "" : v.error().format().c_str());
      const script::TensorIRModule* read = script::AsTensorIRModule(*v);
      QVERIFY(read);
      QCOMPARE(Q(read->Script()), Q(text));
    }
  }

  void sTirTrueAndPrivateAreAccepted() {
    std::string text =
        "from tvm.script import tirx as T\n"
        "@T.prim_func(s_tir=True, private=True)\n"
        "def main(A: T.Buffer((4,), \"float32\")):\n"
        "    for i in range(4):\n"
        "        with T.sblock(\"A\"):\n"
        "            vi = T.axis.spatial(4, i)\n"
        "            A[vi] = 0.0\n";
    QVERIFY(Printed(text).rfind("# from tvm.script import tirx as T\n", 0) == 0);
    // TVM 0.20's prim_func has no s_tir.
    std::string old =
        "from tvm.script import tir as T\n@T.prim_func(s_tir=True)\n"
        "def main(A: T.Buffer((4,), \"float32\")):\n    T.evaluate(0)\n";
    QVERIFY2(ErrorOf(old).find("t.py:2:14: error: prim_func() got an unexpected keyword "
                               "argument 's_tir'") != std::string::npos,
             ErrorOf(old).c_str());
  }

  void theEvaluatorBindsTheFunction() {
    std::string text =
        "import tvm\n"
        "from tvm.script import tir as T\n"
        "@T.prim_func\n"
        "def main(A: T.Buffer((4,), \"float32\")):\n"
        "    T.func_attr({\"tir.noalias\": T.bool(True)})\n"
        "    for i in range(4):\n"
        "        with T.block(\"A\"):\n"
        "            vi = T.axis.spatial(4, i)\n"
        "            A[vi] = 0.0\n"
        "assert isinstance(main, tvm.tir.PrimFunc)\n"
        "assert 'with T.block(\"A\"):' in main.script()\n"
        "mod = tvm.IRModule({'main': main})\n"
        "assert 'T.writes(A[vi])' in mod['main'].script()\n"
        "assert T.int32(16).value == 16\n";
    auto p = script::EvaluateScript(text, "t.py");
    QVERIFY2(p.ok(), p ? "" : p.error().format().c_str());
  }

  // Annotations on an ordinary def are read and ignored, as Python does.
  void annotationsOfAnOrdinaryDefAreIgnored() {
    auto v = Run("def twice(x: int) -> int:\n    return x * 2\nmain = twice(4)\n");
    QVERIFY2(v.ok(), v ? "" : v.error().format().c_str());
    QCOMPARE(v->as_int(), int64_t(8));
  }

  // ---- errors: where, and what ----
  void errors_data() {
    QTest::addColumn<std::string>("input");
    QTest::addColumn<QString>("expected");
    // Line 3 is the def; the body starts on line 4.
    const std::string head = "from tvm.script import tir as T\n@T.prim_func\n";
    const std::string sig =
        "def main(A: T.Buffer((16,), \"float32\"), B: T.Buffer((16,), \"float32\")):\n";
    auto block = [&](const std::string& inner) {
      return head + sig +
             "    for i in range(16):\n"
             "        with T.block(\"B\"):\n"
             "            vi = T.axis.spatial(16, i)\n" +
             inner;
    };
    QTest::newRow("an unknown T attribute")
        << block("            B[vi] = T.foo(A[vi])\n")
        << "t.py:7:21: error: T.foo is not supported in TVMScript here";
    QTest::newRow("an unknown T statement")
        << block("            T.prefetch(A, [])\n")
        << "t.py:7:13: error: T.prefetch is not supported in TVMScript here";
    QTest::newRow("a block iterator without its binding")
        << head + sig +
               "    for i in range(16):\n        with T.block(\"B\"):\n            vi = "
               "T.axis.spatial(16)\n"
        << "t.py:6:18: error: T.axis.spatial() missing required argument 'binding'";
    QTest::newRow("a shape that is not integers")
        << head + "def main(A: T.Buffer((16, \"x\"), \"float32\")):\n    T.evaluate(0)\n"
        << "t.py:3:22: error: a buffer's shape must be integers";
    QTest::newRow("a negative shape")
        << head + "def main(A: T.Buffer((-4,), \"float32\")):\n    T.evaluate(0)\n"
        << "t.py:3:22: error: a buffer's shape must not be negative (-4)";
    QTest::newRow("an unknown dtype")
        << head + "def main(A: T.Buffer((16,), \"flot32\")):\n    T.evaluate(0)\n"
        << "t.py:3:29: error: T.Buffer(): unknown dtype \"flot32\"";
    QTest::newRow("remap kinds and bindings of different lengths")
        << head + sig +
               "    for i, j in T.grid(4, 4):\n        with T.block(\"B\"):\n            vi, vj = "
               "T.axis.remap(\"S\", [i, j])\n"
        << "t.py:6:29: error: T.axis.remap: 1 kinds (\"S\") for 2 bindings";
    QTest::newRow("remap of names that are not loops")
        << head + sig +
               "    for i in range(4):\n        with T.block(\"B\"):\n            vi = "
               "T.axis.remap(\"S\", [i * 2])\n"
        << "t.py:6:36: error: T.axis.remap(): Only Var is supported in T.axis.remap";
    QTest::newRow("remap of a kind that is not S or R")
        << head + sig +
               "    for i in range(4):\n        with T.block(\"B\"):\n            vi = "
               "T.axis.remap(\"X\", [i])\n"
        << "t.py:6:31: error: T.axis.remap(): Unknown axis kind: X";
    QTest::newRow("T.assume of a number")
        << block("            T.assume(A[vi])\n")
        << "t.py:7:15: error: T.assume takes a boolean condition, not float32";
    QTest::newRow("a store to an unknown buffer")
        << block("            D[vi] = A[vi]\n")
        << "t.py:7:13: error: cannot store to 'D': it is not a buffer of this function";
    QTest::newRow("a store to a loop variable")
        << block("            i[0] = A[vi]\n")
        << "t.py:7:13: error: cannot store to i: it is a PrimExpr, not a buffer";
    QTest::newRow("buffer indices of the wrong count")
        << block("            B[vi, 0] = A[vi]\n")
        << "t.py:7:13: error: buffer B has 1 dimensions, indexed with 2";
    QTest::newRow("a negated uint")
        << block("            B[vi] = T.Cast(\"float32\", -T.uint32(3))\n")
        << "t.py:7:39: error: cannot negate uint32 (-1 is not a uint32 constant)";
    QTest::newRow("a while loop")
        << head + sig + "    while True:\n        T.evaluate(0)\n"
        << "t.py:4:5: error: while loops are not supported in TVMScript here";
    QTest::newRow("a lambda") << block("            B[vi] = (lambda x: x)(A[vi])\n")
                              << "t.py:7:22: error: calls of (lambda x: x) are not supported";
    QTest::newRow("a comprehension")
        << block("            B[vi] = [x for x in A][0]\n")
        << "t.py:7:21: error: comprehensions are not supported in TVMScript";
    QTest::newRow("a let of an expression around a block")
        << head + sig + "    x = A[0] + 1.0\n    with T.block(\"B\"):\n        B[0] = x\n"
        << "t.py:4:5: error: blocks inside a let are not supported in TVMScript here";
    QTest::newRow("an expression bound to two names")
        << block("            x, y = A[vi], A[vi]\n            B[vi] = x\n")
        << "t.py:7:13: error: several names bound to expressions at once (lets) are not "
           "supported in TVMScript here";
    QTest::newRow("a chained assignment")
        << block("            B[vi] = C = A[vi]\n")
        << "t.py:7:13: error: Consequential assignments like 'a = b = c' are not supported.";
    QTest::newRow("a return") << head + sig + "    return A\n"
                              << "t.py:4:5: error: return is not supported in a TensorIR PrimFunc";
    QTest::newRow("a loop over a list")
        << head + sig + "    for i in [1, 2]:\n        T.evaluate(0)\n"
        << "t.py:4:14: error: Expect the for loop to be one of the following: range, T.serial";
    QTest::newRow("a loop with more names than variables")
        << head + sig + "    for i, j in T.grid(4):\n        T.evaluate(0)\n"
        << "t.py:4:9: error: the loop makes 1 variable, bound to 2 names";
    QTest::newRow("T.reads outside a block")
        << head + sig + "    T.reads(A[0])\n"
        << "t.py:4:7: error: T.reads must be directly inside a T.block";
    QTest::newRow("T.init outside a block")
        << head + sig + "    with T.init():\n        B[0] = 0.0\n"
        << "t.py:4:12: error: T.init() must be directly inside a T.block";
    QTest::newRow("T.axis outside a block")
        << head + sig + "    for i in range(4):\n        vi = T.axis.spatial(4, i)\n"
        << "t.py:5:21: error: T.axis.spatial must be directly inside a T.block";
    QTest::newRow("T.match_buffer in a block without a region")
        << block("            A_1 = T.match_buffer((4,), \"float32\")\n")
        << "t.py:7:34: error: a buffer region is written as a subscript (A[vi, 0:128]), not (4,)";
    QTest::newRow("T.match_buffer of a region with another dtype")
        << block("            A_1 = T.match_buffer(A[vi:vi + 1], (1,), \"int8\")\n")
        << "t.py:7:21: error: T.match_buffer's dtype int8 differs from A's float32";
    QTest::newRow("T.match_buffer in a loop of a block")
        << block(
               "            for k in range(1):\n                A_1 = T.match_buffer(A[vi:vi + 1], "
               "(1,))\n")
        << "t.py:8:25: error: T.match_buffer must be directly in a block's or the function's body";
    QTest::newRow("T.reads twice")
        << block("            T.reads(A[vi])\n            T.reads(A[vi])\n")
        << "t.py:8:15: error: Duplicate read region declaration";
    QTest::newRow("T.sblock in tvm.script.tir")
        << head + sig + "    with T.sblock(\"B\"):\n        T.evaluate(0)\n"
        << "t.py:4:12: error: T.sblock is TVM 0.24's spelling (tirx); with tvm.script.tir write "
           "T.block";
    QTest::newRow("T.block in tvm.script.tirx")
        << "from tvm.script import tirx as T\n@T.prim_func\n" + sig +
               "    with T.block(\"B\"):\n        T.evaluate(0)\n"
        << "t.py:4:12: error: T.block is TVM 0.20's spelling; with tvm.script.tirx write T.sblock";
    QTest::newRow("a block inside if")
        << block(
               "            if vi < 2:\n                with T.block(\"C\"):\n                    "
               "B[vi] = A[0]\n")
        << "t.py:7:13: error: blocks inside `if` are not supported";
    QTest::newRow("a block under a loop inside else")
        << block(
               "            if vi < 2:\n                B[vi] = A[0]\n            else:\n"
               "                for k in range(2):\n                    with T.block(\"C\"):\n"
               "                        B[vi] = A[k]\n")
        << "t.py:7:13: error: blocks inside `else` are not supported";
    QTest::newRow("a thread-bound loop inside if")
        << block(
               "            if vi < 2:\n                for k in T.thread_binding(2, "
               "thread=\"threadIdx.x\"):\n                    B[vi] = A[k]\n")
        << "t.py:7:13: error: a thread-bound loop (threadIdx.x) inside `if` is not supported";
    QTest::newRow("a parameter without an annotation")
        << head + "def main(A):\n    T.evaluate(0)\n"
        << "t.py:3:10: error: Type annotation required for function parameters.";
    QTest::newRow("a scalar parameter's type called")
        << head + "def main(n: T.int32()):\n    T.evaluate(0)\n"
        << "t.py:3:15: error: T.int32() is not supported as a parameter's annotation";
    QTest::newRow("a handle without T.match_buffer")
        << head + "def main(a: T.handle):\n    T.evaluate(0)\n"
        << "t.py:3:10: error: T.handle parameter 'a' is not given a buffer by T.match_buffer";
    QTest::newRow("a handle without T.match_buffer after a scalar")
        << head + "def main(n: T.int32, a: T.handle):\n    T.evaluate(0)\n"
        << "t.py:3:22: error: T.handle parameter 'a' is not given a buffer by T.match_buffer";
    QTest::newRow("shape variables unpacked from other values")
        << block("            m, n = T.int32(), 4\n")
        << "t.py:7:13: error: only a name may be assigned a Python value in TVMScript";
    QTest::newRow("a wmma builtin with too few arguments")
        << block("            T.tvm_fill_fragment(B.data, 16, 16, 16, 0)\n")
        << "t.py:7:13: error: T.tvm_fill_fragment(fragment, m, n, k, index, value) takes 6 "
           "arguments, got 5";
    QTest::newRow("T.type_annotation of an unknown type")
        << block("            T.evaluate(T.type_annotation(\"float31\"))\n")
        << "t.py:7:42: error: T.type_annotation(): unknown dtype \"float31\"";
    QTest::newRow("T.match_buffer without a shape")
        << head + "def main(a: T.handle):\n    A = T.match_buffer(a)\n"
        << "t.py:4:11: error: Shape must be specified when binding input param";
    QTest::newRow("strides of another rank")
        << head + "def main(a: T.handle):\n    A = T.match_buffer(a, (4, 4), strides=[4])\n"
        << "t.py:4:35: error: T.match_buffer(): a buffer of rank 2 has 2 strides, not 1";
    QTest::newRow("a float stride")
        << head + "def main(a: T.handle):\n    A = T.match_buffer(a, (4,), strides=[1.5])\n"
        << "t.py:4:33: error: a buffer's strides must be integers, integer expressions or names";
    QTest::newRow("an offset that is a name")
        << head + "def main(a: T.handle):\n    A = T.match_buffer(a, (4,), elem_offset='e')\n"
        << "t.py:4:33: error: T.match_buffer(): elem_offset must be an integer or an integer "
           "expression, not str";
    QTest::newRow("an auto-broadcast buffer")
        << head + "def main(a: T.handle):\n    A = T.match_buffer(a, (4,), buffer_type='auto')\n"
        << "t.py:4:33: error: T.match_buffer(): T.match_buffer(buffer_type=...) is not supported";
    QTest::newRow("an aligned allocation")
        << block("            C = T.alloc_buffer((4,), align=128)\n")
        << "t.py:7:38: error: T.alloc_buffer(): T.alloc_buffer(align=128): Tessera allocates at "
           "TVM's default alignment, 64";
    QTest::newRow("an allocation whose offset would be a variable")
        << block("            C = T.alloc_buffer((4,), offset_factor=1)\n")
        << "t.py:7:38: error: T.alloc_buffer(): T.alloc_buffer(offset_factor=1): an allocation "
           "starts at a constant offset here (write elem_offset=0 with offset_factor=1, or leave "
           "both out)";
    QTest::newRow("a T.func_attr value that is a function")
        << head + sig + "    T.func_attr({\"target\": len})\n"
        << "t.py:4:28: error: T.func_attr: a value must be a number, a string, an expression, a "
           "list or a dict of them, not builtin_function";
    QTest::newRow("a dict key that is not a string")
        << head + sig + "    T.func_attr({\"target\": {1: \"llvm\"}})\n"
        << "t.py:4:29: error: T.func_attr: keys must be strings";
    QTest::newRow("T.grid as a value") << head + sig + "    g = T.grid(4)\n"
                                       << "t.py:4:11: error: T.grid is not an expression";
    QTest::newRow("a vector stored into one element")
        << block("            B[vi] = A[0:4]\n")
        << "t.py:7:21: error: cannot store a value of 4 lanes into 1 elements of B";
    QTest::newRow("a slice without bounds in an expression")
        << block("            B[0:16] = A[:] * 2.0\n")
        << "t.py:7:25: error: a slice of buffer A without both bounds is a region, allowed only "
           "in T.reads / T.writes";
    QTest::newRow("a stored slice without a bound")
        << block("            B[0::2] = A[0:16:2]\n")
        << "t.py:7:15: error: a stored slice of B needs both bounds";
    QTest::newRow("a slice of a variable length")
        << block("            B[0:vi] = A[0:vi]\n")
        << "t.py:7:25: error: the slice 0:vi of A must have a constant number of elements";
    QTest::newRow("a slice with a variable step")
        << block("            B[0:16:vi] = A[0:16:vi]\n")
        << "t.py:7:33: error: a slice's step must be a positive integer constant, not vi";
    QTest::newRow("a slice with a negative step")
        << block("            B[0:4] = A[3:-1:-1]\n")
        << "t.py:7:29: error: a slice's step must be a positive integer constant, not -1";
    QTest::newRow("vectors of different widths")
        << block("            B[0:16] = A[0:16] + A[0:8]\n")
        << "t.py:7:31: error: the operands of '+' are vectors of 16 and 8 lanes";
    QTest::newRow("vectors of different widths compared")
        << block("            T.evaluate(A[0:16] < A[0:8])\n")
        << "t.py:7:32: error: the operands of '<' are vectors of 16 and 8 lanes";
    QTest::newRow("a vector on a leading index")
        << head +
               "def main(A: T.Buffer((4, 4), \"float32\"), B: T.Buffer((4, 4), \"float32\")):\n"
               "    B[0:4, 0] = A[0:4, 0]\n"
        << "t.py:4:19: error: only the last index of a buffer access may be a vector";
    QTest::newRow("T.launch_thread of a number")
        << head + sig + "    T.launch_thread(5, 4)\n    B[0] = A[0]\n"
        << "t.py:4:21: error: T.launch_thread(): argument 'thread' must be a thread tag (str) or "
           "a T.env_thread variable";
    QTest::newRow("T.launch_thread of a float extent")
        << head + sig + "    bx = T.launch_thread(\"blockIdx.x\", 2.5)\n    B[bx] = A[bx]\n"
        << "t.py:4:40: error: T.launch_thread(): argument 'extent' must be an integer expression";
    QTest::newRow("T.launch_thread to two names")
        << head + sig + "    a, b = T.launch_thread(\"blockIdx.x\", 2)\n"
        << "t.py:4:5: error: T.launch_thread must be assigned to one name";
    QTest::newRow("a block inside T.launch_thread")
        << head + sig +
               "    bx = T.launch_thread(\"blockIdx.x\", 16)\n    with T.block(\"B\"):\n"
               "        B[bx] = A[bx]\n"
        << "t.py:4:5: error: blocks inside T.launch_thread are not supported in TVMScript here";
    QTest::newRow("T.launch_thread as a value")
        << head + sig + "    B[0] = T.launch_thread(\"blockIdx.x\", 2)\n"
        << "t.py:4:14: error: T.launch_thread is not an expression";
    QTest::newRow("T.Ramp of one lane")
        << block("            B[T.Ramp(0, 1, 1)] = A[0]\n")
        << "t.py:7:28: error: Ramp(): argument 'lanes' must be an integer constant above 1";
    QTest::newRow("T.Broadcast of a vector")
        << block("            B[0:4] = T.Broadcast(A[0:4], 4)\n")
        << "t.py:7:34: error: Broadcast(): argument 'value' must be a scalar expression";
    QTest::newRow("a float where a condition goes")
        << block("            T.where(1.5)\n")
        << "t.py:7:21: error: T.where(): T.where's predicate must be a boolean expression";
    QTest::newRow("an ir_module member that is not a prim_func")
        << std::string(
               "from tvm.script import ir as I\nfrom tvm.script import tir as T\n"
               "@I.ir_module\nclass Module:\n    def main(x):\n        return x\n")
        << "t.py:5:5: error: only @T.prim_func functions are supported in an @I.ir_module class";
    QTest::newRow("a base that is not a class")
        << std::string("def keep(c):\n    return c\n@keep\nclass Module(3):\n    pass\n")
        << "t.py:4:14: error: a class derives only from classes the script defines (or object), "
           "not 'int'";
    QTest::newRow("an expression statement that is not an expression")
        << block("            A\n            B[vi] = A[vi]\n")
        << "t.py:7:13: error: an expression statement must be an expression TVMScript "
           "evaluates";
  }
  void errors() {
    QFETCH(std::string, input);
    QFETCH(QString, expected);
    std::string got = ErrorOf(input);
    QVERIFY2(got.find(expected.toStdString()) != std::string::npos, got.c_str());
  }
};

}  // namespace tst_tvmscript_parse

QTEST_APPLESS_MAIN(tst_tvmscript_parse::TestTvmScriptParse)
#include "tst_tvmscript_parse.moc"
