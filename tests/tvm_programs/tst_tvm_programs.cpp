// The tvm_programs corpus (tests/tvm_programs/*.py): TE programs written in the idioms
// of TVM v0.19's tutorials and tests (tensor_expr_get_started, schedule_primitives,
// reduction, tuple_inputs, opt_gemm's steps, topi-style schedule functions, Python
// control flow around primitives). Each one is evaluated, lowered, run on the CPU (the
// IR interpreter always, the LLVM JIT when the build has it) and checked against the te
// oracle; printed back (Tessera and TVM dialects) it evaluates to the same trace. The
// negative cases check that every refused construct is reported at its line and column.
#include <QtTest>
#include <filesystem>
#include <fstream>
#include <sstream>

#include "codegen/ExternCalls.h"
#include "reference/EmulatorCheck.h"
#include "reference/Reference.h"
#include "runtime/IRInterpreter.h"
#include "runtime/KernelArguments.h"
#include "schedule/Primitives.h"
#include "schedule/Replay.h"
#include "script/Evaluator.h"
#include "script/export/ScriptPrinter.h"
#include "transform/LowerSchedule.h"
#include "transform/ThreadAxes.h"
#ifdef TESSERA_HAS_LLVM
#include "runtime/LLVMModule.h"
#endif

namespace tst_tvm_programs {

using namespace tessera;

namespace {

std::string CorpusDir() {
  return std::string(qgetenv("TESSERA_SOURCE_DIR").constData()) + "/tests/tvm_programs";
}

std::string ReadText(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  std::stringstream text;
  text << in.rdbuf();
  return text.str();
}

std::vector<std::string> CorpusFiles() {
  std::vector<std::string> files;
  std::error_code ec;
  for (const auto& entry : std::filesystem::directory_iterator(CorpusDir(), ec))
    if (entry.path().extension() == ".py") files.push_back(entry.path().filename().string());
  std::sort(files.begin(), files.end());
  return files;
}

std::vector<std::string> TraceText(const script::ScriptProgram& p) {
  std::vector<std::string> out;
  if (!p.schedule) return out;
  for (const schedule::TraceEntry& e : p.schedule->trace.entries)
    out.push_back(schedule::to_string(e));
  return out;
}

// The failure of an evaluation, or "" when it succeeded.
std::string ErrorOf(const std::string& source) {
  auto p = script::EvaluateScript(source, "t.py");
  return p ? std::string() : p.error().format();
}

const char* kPrelude = "import tvm\nfrom tvm import te\n";

// Lowers the program's schedule, runs it with `run` on random inputs and compares every
// output with the te oracle. Returns "" or what went wrong.
std::string RunAndCheck(
    const script::ScriptProgram& p,
    const std::function<Status(const transform::PrimFunc&, const std::vector<runtime::NDArray>&,
                               const runtime::ScalarArgs&)>& run) {
  std::vector<te::Tensor> args = p.Arguments();
  auto lowered = transform::LowerSchedule(*p.schedule, args, "llvm", "main", p.ScalarParameters());
  if (!lowered) return "lowering: " + lowered.error().message;
  runtime::ScalarArgs vars;
  for (const ir::Var& v : lowered->func.scalar_params())
    vars[v.name()] = runtime::IsShapeVariable(lowered->func, v) ? runtime::ScalarValue(24)
                                                                : runtime::DefaultScalarValue(v);
  auto buffers = runtime::MakeKernelArguments(*p.schedule, args, lowered->func, vars, 7);
  if (!buffers) return "arguments: " + buffers.error().message;
  if (auto st = run(lowered->func, *buffers, vars); !st) return "run: " + st.error().message;
  auto checks = reference::CheckAgainstReference(*p.schedule, args, *buffers, vars);
  if (!checks) return "reference: " + checks.error().message;
  if (checks->empty()) return "no output was checked";
  for (const reference::OutputCheck& c : *checks)
    if (!c.result.ok()) return c.tensor + ": " + c.result.str();
  return "";
}

}  // namespace

class TestTvmProgramsCorpus : public QObject {
  Q_OBJECT

 private slots:
  // Every program of the folder is run below; the count is exact so that a program added
  // or lost is seen here (update it with the corpus).
  void corpusHasEveryProgram() { QCOMPARE(CorpusFiles().size(), size_t(44)); }

  void runsAndMatchesTheOracle_data() {
    QTest::addColumn<QString>("file");
    for (const std::string& f : CorpusFiles())
      QTest::newRow(f.c_str()) << QString::fromStdString(f);
  }
  void runsAndMatchesTheOracle() {
    QFETCH(QString, file);
    std::string path = CorpusDir() + "/" + file.toStdString();
    auto p = script::EvaluateScript(ReadText(path), file.toStdString());
    QVERIFY2(p.ok(), p.ok() ? "" : p.error().format().c_str());
    QVERIFY(p->schedule);
    QVERIFY2(!p->schedule->trace.entries.empty(), "the program applies no primitive");
    // A tensorize intrinsic calling extern C code or TVM's tir.* builtins
    // (tensorize_gemv_update, tensorize_tensorcore_wmma) lowers but does not run: the CPU
    // backend refuses it, naming the intrinsic and the function.
    auto lowered = transform::LowerSchedule(*p->schedule, p->Arguments(), "llvm", "main",
                                            p->ScalarParameters());
    QVERIFY2(lowered.ok(), lowered.ok() ? "" : lowered.error().message.c_str());
    // A te.extern calling a packed function (extern_cblas_matmul) is refused the same way.
    if (Status refused = codegen::CheckNoExternCalls(lowered->func.body); !refused.ok()) {
      const std::string& why = refused.error().message;
      bool tensorize = file.startsWith("tensorize_") && why.rfind("intrinsic '", 0) == 0;
      bool packed =
          file.startsWith("extern_") && why.find("packed function '") != std::string::npos;
      QVERIFY2(tensorize || packed, why.c_str());
      return;
    }
    std::string interpreted =
        RunAndCheck(*p, [](const transform::PrimFunc& f, const std::vector<runtime::NDArray>& b,
                           const runtime::ScalarArgs& v) { return runtime::Interpret(f, b, v); });
    QVERIFY2(interpreted.empty(), ("IR interpreter: " + interpreted).c_str());
    // A GPU program (loops bound to blockIdx/threadIdx: tensorize_conv_tensorcore): the
    // interpreter ran its threads one after another; the CPU backend refuses bound loops,
    // so its CUDA kernels are checked on the emulator instead (oracle, races, bounds).
    if (transform::HasThreadLoop(lowered->func.body)) {
      auto cuda = transform::LowerSchedule(*p->schedule, p->Arguments(), "cuda", "main",
                                           p->ScalarParameters());
      QVERIFY2(cuda.ok(), cuda.ok() ? "" : cuda.error().message.c_str());
      auto report = reference::CheckOnEmulator(*p->schedule, p->Arguments(), *cuda, {});
      if (!report && report.error().message.find("C++ compiler") != std::string::npos)
        QSKIP(
            "the IR interpreter's run matched the oracle; the GPU emulator needs a host C++ "
            "compiler");
      QVERIFY2(report.ok(), report.ok() ? "" : report.error().message.c_str());
      QVERIFY2(report->ok(), (report->run_error + report->text).c_str());
      return;
    }
#ifdef TESSERA_HAS_LLVM
    std::string compiled =
        RunAndCheck(*p,
                    [](const transform::PrimFunc& f, const std::vector<runtime::NDArray>& b,
                       const runtime::ScalarArgs& v) -> Status {
                      auto built = runtime::BuildLLVM(f);
                      if (!built) return built.error();
                      return built->Call(b, v);
                    });
    QVERIFY2(compiled.empty(), ("LLVM: " + compiled).c_str());
#else
    QSKIP("the IR interpreter's run matched the oracle; the LLVM run needs the LLVM backend");
#endif
  }

  // Printed back in either dialect, every program evaluates to the same trace; the TVM
  // export is a complete program (imports tvm, lowers at the end).
  void printsBackToTheSameTrace_data() { runsAndMatchesTheOracle_data(); }
  void printsBackToTheSameTrace() {
    QFETCH(QString, file);
    auto p = script::EvaluateScript(ReadText(CorpusDir() + "/" + file.toStdString()), "a.py");
    QVERIFY2(p.ok(), p.ok() ? "" : p.error().format().c_str());
    for (auto dialect : {script::ScriptDialect::Tessera, script::ScriptDialect::TVM}) {
      std::string printed = script::PrintScript(*p, dialect);
      auto again = script::EvaluateScript(printed, "b.py");
      QVERIFY2(again.ok(), again.ok() ? "" : (again.error().format() + "\n" + printed).c_str());
      QCOMPARE(TraceText(*again), TraceText(*p));
      QCOMPARE(script::PrintScript(*again, dialect), printed);  // a fixed point
      if (dialect == script::ScriptDialect::TVM) {
        QVERIFY2(printed.find("import tvm\n") != std::string::npos ||
                     printed.find("import tvm  #") != std::string::npos,
                 printed.c_str());
        QVERIFY(printed.find("print(tvm.lower(") != std::string::npos);
        QVERIFY(printed.find("set_axis_separators") == std::string::npos);
      }
    }
  }

  // A schedule made by a loop and a function replays into the same trace as the flat
  // script that applies the same primitives.
  void loopsAndFunctionsReplayIntoTheFlatTrace() {
    std::string workload = std::string(kPrelude) +
                           "n = 64\nA = te.placeholder((n, n), name=\"A\")\n"
                           "B = te.compute((n, n), lambda i, j: A[i, j] + 1.0, name=\"B\")\n"
                           "C = te.compute((n, n), lambda i, j: B[i, j] * 2.0, name=\"C\")\n"
                           "s = te.create_schedule(C.op)\n";
    std::string structured = workload +
                             "def vec(T, f=8):\n"
                             "    o, i = s[T].split(T.op.axis[1], factor=f)\n"
                             "    s[T].vectorize(i)\n"
                             "    return o\n"
                             "outers = [vec(T) for T in [B, C]]\n"
                             "s[C].parallel(C.op.axis[0])\n";
    std::string flat = workload +
                       "bo, bi = s[B].split(B.op.axis[1], factor=8)\n"
                       "s[B].vectorize(bi)\n"
                       "co, ci = s[C].split(C.op.axis[1], factor=8)\n"
                       "s[C].vectorize(ci)\n"
                       "s[C].parallel(C.op.axis[0])\n";
    auto a = script::EvaluateScript(structured, "a.py");
    QVERIFY2(a.ok(), a.ok() ? "" : a.error().format().c_str());
    auto b = script::EvaluateScript(flat, "b.py");
    QVERIFY2(b.ok(), b.ok() ? "" : b.error().format().c_str());
    QVERIFY(a->structured);
    QVERIFY(!b->structured);
    QCOMPARE(TraceText(*a), TraceText(*b));
    QCOMPARE(TraceText(*a).size(), size_t(5));
  }

  // The printer keeps a structured script's source verbatim; a primitive added after it
  // (the GUI's edit) is printed after the source, and the result evaluates to the
  // edited trace.
  void editedStructuredScriptKeepsItsCode() {
    std::string source = std::string(kPrelude) +
                         "n = 64\nA = te.placeholder((n,), name=\"A\")\n"
                         "B = te.compute((n,), lambda i: A[i] * 2.0, name=\"B\")\n"
                         "s = te.create_schedule(B.op)\n"
                         "for f in [16, 4]:  # split twice\n"
                         "    xo, xi = s[B].split(s[B].leaf_iter_vars[-1], factor=f)\n";
    auto p = script::EvaluateScript(source, "a.py");
    QVERIFY2(p.ok(), p.ok() ? "" : p.error().format().c_str());
    QVERIFY(p->structured);
    QCOMPARE(script::PrintScript(*p), source);  // unchanged: verbatim
    schedule::Stage stage = p->schedule->find("B");
    QVERIFY(stage);
    ir::IterVar last = stage->leaf_iter_vars.back();
    QVERIFY(schedule::Vectorize(*p->schedule, stage, last).ok());
    std::string printed = script::PrintScript(*p);
    QVERIFY2(printed.rfind(source, 0) == 0, printed.c_str());
    QVERIFY2(printed.find("# Added in Tessera") != std::string::npos, printed.c_str());
    QVERIFY2(printed.find("s[B].vectorize(xi)") != std::string::npos, printed.c_str());
    auto again = script::EvaluateScript(printed, "b.py");
    QVERIFY2(again.ok(), again.ok() ? "" : again.error().format().c_str());
    QCOMPARE(TraceText(*again), TraceText(*p));
    QCOMPARE(script::PrintScript(*again), printed);
  }

  // When the trace no longer begins with what the source made (an undo removed one of
  // its primitives), the printer says so and keeps the code as comments.
  void divergedStructuredScriptSaysSo() {
    std::string source = std::string(kPrelude) +
                         "n = 64\nA = te.placeholder((n,), name=\"A\")\n"
                         "B = te.compute((n,), lambda i: A[i] * 2.0, name=\"B\")\n"
                         "s = te.create_schedule(B.op)\n"
                         "for f in [16, 4]:\n"
                         "    xo, xi = s[B].split(s[B].leaf_iter_vars[-1], factor=f)\n";
    auto p = script::EvaluateScript(source, "a.py");
    QVERIFY2(p.ok(), p.ok() ? "" : p.error().format().c_str());
    schedule::Trace shorter = p->schedule->trace;
    shorter.entries.pop_back();
    auto replayed = schedule::Replay(shorter, p->schedule->outputs);
    QVERIFY2(replayed.ok(), replayed.ok() ? "" : replayed.error().message.c_str());
    p->schedule = std::make_shared<schedule::Schedule>(std::move(replayed.value()));
    std::string printed = script::PrintScript(*p);
    QVERIFY2(printed.find("no longer produces it") != std::string::npos, printed.c_str());
    QVERIFY2(printed.find("#   for f in [16, 4]:") != std::string::npos, printed.c_str());
    auto again = script::EvaluateScript(printed, "b.py");
    QVERIFY2(again.ok(), again.ok() ? "" : (again.error().format() + "\n" + printed).c_str());
    QCOMPARE(TraceText(*again), TraceText(*p));
  }

  // After s.rfactor(T, k), TVM's T.op is the original operation: its axes are not loops
  // of s[T] and TVM refuses them. Tessera refuses them too, where the script names them.
  void rfactorAxesOfTheOriginalOpAreRefused() {
    std::string source = std::string(kPrelude) +
                         "A = te.placeholder((16, 64), name=\"A\")\n"
                         "k = te.reduce_axis((0, 64), name=\"k\")\n"
                         "B = te.compute((16,), lambda i: te.sum(A[i, k], axis=k), name=\"B\")\n"
                         "s = te.create_schedule(B.op)\n"
                         "ko, ki = s[B].split(k, factor=8)\n"
                         "BF = s.rfactor(B, ki)\n"
                         "s[BF].compute_at(s[B], B.op.axis[0])\n";
    std::string error = ErrorOf(source);
    QVERIFY2(
        error.rfind("t.py:9:24: error: B.op.axis[0] is an axis of B's original operation", 0) == 0,
        error.c_str());
    QVERIFY2(error.find("use s[B].op.axis[0]") != std::string::npos, error.c_str());
    // Through a name bound before the rfactor, too.
    std::string early = source;
    early.replace(early.find("ko, ki"), 0, "i0 = B.op.axis[0]\n");
    early.replace(early.find("B.op.axis[0])\n"), 13, "i0)");
    error = ErrorOf(early);
    QVERIFY2(error.rfind("t.py:10:24: error: B.op.axis[0] is an axis", 0) == 0, error.c_str());
    // The stage's own axes are accepted.
    std::string fixed = source;
    fixed.replace(fixed.find("B.op.axis[0])\n"), 13, "s[B].op.axis[0])");
    QCOMPARE(ErrorOf(fixed), std::string());
  }

  // cache_write moves the reduction into the cache stage (as in TVM): the original
  // reduce axis is no loop of s[C] any more, while C.op.axis stays usable.
  void cacheWriteReduceAxisMovesToTheCache() {
    std::string source = std::string(kPrelude) +
                         "A = te.placeholder((16, 16), name=\"A\")\n"
                         "k = te.reduce_axis((0, 16), name=\"k\")\n"
                         "C = te.compute((16,), lambda i: te.sum(A[i, k], axis=k), name=\"C\")\n"
                         "s = te.create_schedule(C.op)\n"
                         "CC = s.cache_write(C, \"global\")\n";
    QCOMPARE(ErrorOf(source + "xo, xi = s[C].split(C.op.axis[0], factor=4)\n"), std::string());
    std::string error = ErrorOf(source + "ko, ki = s[C].split(C.op.reduce_axis[0], factor=4)\n");
    QVERIFY2(error.rfind("t.py:8:15: error: ", 0) == 0, error.c_str());
    QCOMPARE(ErrorOf(source + "ko, ki = s[CC].split(s[CC].op.reduce_axis[0], factor=4)\n"),
             std::string());
  }

  // Every refused construct is reported at its line and column.
  void refusedConstructsAreLocated_data() {
    QTest::addColumn<std::string>("code");
    QTest::addColumn<QString>("expected");  // the start of the error
    QTest::newRow("endless while loop") << std::string("x = 0\nwhile True:\n    x += 1\n")
                                        << "t.py:3:5: error: the script ran more than 200000 steps";
    QTest::newRow("endless recursion")
        << std::string("def f(n):\n    return f(n + 1)\nf(0)\n")
        << "t.py:2:12: error: function calls nested deeper than 64 levels";
    QTest::newRow("fractional float shape")
        << std::string("A = te.placeholder((10 / 4, 3), name=\"A\")\n")
        << "t.py:1:20: error: dimension 0 is 2.5, not a whole number";
    QTest::newRow("fractional reduce bound")
        << std::string("k = te.reduce_axis((0, 7 / 2), name=\"k\")\n")
        << "t.py:1:20: error: bound 1 is 3.5, not a whole number";
    QTest::newRow("assert") << std::string(
                                   "n = 6\nassert n % 4 == 0, \"n must be a multiple of 4\"\n")
                            << "t.py:2:1: error: assertion failed: n must be a multiple of 4";
    QTest::newRow("assert without message")
        << std::string("n = 6\nassert n < 4\n") << "t.py:2:1: error: assertion failed: (n < 4)";
    QTest::newRow("break outside a loop")
        << std::string("if True:\n    break\n") << "t.py:2:5: error: 'break' outside a loop";
    QTest::newRow("return outside a function")
        << std::string("x = 1\nreturn x\n") << "t.py:2:1: error: 'return' outside a function";
    QTest::newRow("symbolic if") << std::string("n = te.var(\"n\")\nif n > 4:\n    pass\n")
                                 << "t.py:2:4: error: the condition is a symbolic expression";
    QTest::newRow("bare star at the end")
        << std::string("def f(a, *):\n    pass\n")
        << "t.py:1:11: error: named parameters must follow a bare '*'";
    QTest::newRow("class with a metaclass")
        << std::string("class A(metaclass=M):\n    pass\n")
        << "t.py:1:9: error: class keywords (metaclass=...) are not supported in scripts";
    QTest::newRow("with on a non-scope")
        << std::string("with 3:\n    pass\n")
        << "t.py:1:6: error: 'int' object is not a context manager";
    QTest::newRow("with of two managers")
        << std::string(
               "ib = tvm.tir.ir_builder.create()\nwith ib.new_scope(), ib.new_scope():\n    pass\n")
        << "t.py:2:20: error: a 'with' statement with several context managers is not supported";
    QTest::newRow("else_scope without if_scope")
        << std::string("ib = tvm.tir.ir_builder.create()\nwith ib.else_scope():\n    pass\n")
        << "t.py:2:9: error: ir_builder.else_scope() must come right after the block of an "
           "if_scope()";
    QTest::newRow("ir_builder pointer")
        << std::string("ib = tvm.tir.ir_builder.create()\np = ib.pointer(\"float32\")\n")
        << "t.py:2:8: error: ir_builder.pointer is not supported in Tessera";
    QTest::newRow("missing block")
        << std::string("for i in range(3):\nx = 1\n")
        << "t.py:2:1: error: expected an indented block after 'for' on line 3";  // 1 + prelude
    QTest::newRow("bad dedent")
        << std::string("if True:\n    x = 1\n  y = 2\n")
        << "t.py:3:3: error: unindent does not match any outer indentation level";
    QTest::newRow("missing argument") << std::string("def f(a, b=1):\n    return a\nf(b=2)\n")
                                      << "t.py:3:1: error: f() missing required argument 'a'";
    QTest::newRow("unknown keyword")
        << std::string("def f(a):\n    return a\nf(1, c=2)\n")
        << "t.py:3:6: error: f() got an unexpected keyword argument 'c'";
    QTest::newRow("unpack mismatch") << std::string("for a, b in [(1, 2, 3)]:\n    pass\n")
                                     << "t.py:1:5: error: cannot unpack 3 values into 2 names";
    QTest::newRow("attribute assignment")
        << std::string("A = te.placeholder((4,), name=\"A\")\nA.name = \"B\"\n")
        << "t.py:2:3: error: cannot set attribute 'name'";
    QTest::newRow("key error") << std::string("d = {\"a\": 1}\nx = d[\"b\"]\n")
                               << "t.py:2:7: error: KeyError: \"b\"";
    QTest::newRow("not iterable") << std::string("for x in 5:\n    pass\n")
                                  << "t.py:1:10: error: 'int' object is not iterable";
    QTest::newRow("huge range list") << std::string("x = list(range(10 ** 9))\n")
                                     << "t.py:1:10: error: range of 1000000000 items is too large";
  }
  void refusedConstructsAreLocated() {
    QFETCH(std::string, code);
    QFETCH(QString, expected);
    std::string error = ErrorOf(kPrelude + code);
    // The prelude is two lines: shift the expected line numbers.
    std::string want = expected.toStdString();
    size_t colon = want.find(':');
    size_t colon2 = want.find(':', colon + 1);
    int line = std::stoi(want.substr(colon + 1, colon2 - colon - 1)) + 2;
    want = want.substr(0, colon + 1) + std::to_string(line) + want.substr(colon2);
    QVERIFY2(error.rfind(want, 0) == 0, ("got: " + error + "\nwant: " + want).c_str());
  }
};

}  // namespace tst_tvm_programs

QTEST_APPLESS_MAIN(tst_tvm_programs::TestTvmProgramsCorpus)
#include "tst_tvm_programs.moc"
