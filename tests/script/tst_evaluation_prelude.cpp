// The packages are registered once per process (Packages.h's TvmPrelude) and every
// evaluation starts an interpreter from them: what one interpreter registers stays its
// own, each evaluation records into its own record, and evaluations on several threads
// at once (the tuner's workers beside the GUI thread) each see their own results.
#include <QtTest>
#include <thread>

#include "TirDot4Intrin.h"
#include "script/Evaluator.h"
#include "script/lang/Interpreter.h"
#include "script/lang/Parser.h"

namespace tst_evaluation_prelude {

using namespace tessera;
using namespace tessera::script;

namespace {

Result<Value> CallRegistered(Interpreter& interp, const std::string& name) {
  const Value* f = interp.Lookup(name);
  if (!f) return Error("no " + name);
  return interp.CallValue(*f, CallArgs{});
}

Status RunIn(Interpreter& interp, const std::string& text) {
  auto module = ParseModule(text, "t.py");
  if (!module) return module.error();
  return interp.Run(*module);
}

// A TE script whose output is called B<k>; tvm.lower lists it when k is even.
std::string TeScript(int k) {
  std::string b = "B" + std::to_string(k);
  std::string text =
      "import tvm\nfrom tvm import te\n"
      "A = te.placeholder((16,), name='A')\n" +
      b + " = te.compute((16,), lambda i: A[i] * 2.0, name='" + b + "')\n" +
      "s = te.create_schedule(" + b + ".op)\n";
  if (k % 2 == 0) text += "m = tvm.lower(s, [A, " + b + "], simple_mode=True)\n";
  return text;
}

// A TensorIR script that splits the loop of C `splits` times.
std::string TirScript(int splits) {
  std::string text =
      "import tvm\nfrom tvm import te\n"
      "A = te.placeholder((64, 64), name='A')\n"
      "C = te.compute((64, 64), lambda i, j: A[i, j] + 1.0, name='C')\n"
      "sch = tvm.tir.Schedule(te.create_prim_func([A, C]))\n"
      "i, j = sch.get_loops(sch.get_block('C'))\n";
  for (int n = 0; n < splits; ++n) text += "i, ii = sch.split(i, factors=[None, 2])\n";
  return text;
}

// What a TE evaluation recorded, as one comparable string.
std::string TeOutcome(const Result<ScriptProgram>& r) {
  if (!r) return r.error().format();
  std::string out = r->schedule ? "schedule" : "no schedule";
  out += r->has_lower_call ? " lower" : " no lower";
  for (const te::Tensor& t : r->lower_args) out += " " + t.name();
  out += r->tir_schedule ? " tir" : "";
  return out;
}

std::string TirOutcome(const Result<ScriptProgram>& r) {
  if (!r) return r.error().format();
  std::string out = r->schedule ? "te schedule" : "no te schedule";
  out += r->is_tensorir() ? " tensorir" : " not tensorir";
  if (r->tir_schedule) out += " " + std::to_string(r->tir_schedule->trace().insts.size());
  out += r->has_lower_call ? " lower" : "";
  return out;
}

}  // namespace

class TestEvaluationPrelude : public QObject {
  Q_OBJECT

 private slots:
  void interpretersFromOnePreludeKeepTheirOwnNames() {
    Interpreter prototype;
    prototype.RegisterFunction(
        "pkg.f", [](Interpreter&, const CallArgs&) -> Result<Value> { return Value::Int(1); });
    prototype.Alias("pkg.g", "pkg.f");
    std::shared_ptr<const InterpreterPrelude> prelude = prototype.Freeze();

    Interpreter a(prelude);
    a.RegisterFunction(
        "pkg.f", [](Interpreter&, const CallArgs&) -> Result<Value> { return Value::Int(2); });
    a.RegisterFunction(
        "pkg.h", [](Interpreter&, const CallArgs&) -> Result<Value> { return Value::Int(3); });
    Interpreter b(prelude);

    QCOMPARE(CallRegistered(a, "pkg.f")->as_int(), int64_t(2));
    QCOMPARE(CallRegistered(a, "pkg.h")->as_int(), int64_t(3));
    QCOMPARE(CallRegistered(b, "pkg.f")->as_int(), int64_t(1));
    QCOMPARE(CallRegistered(b, "pkg.g")->as_int(), int64_t(1));  // the prelude's alias
    QVERIFY(!b.Lookup("pkg.h"));
    QVERIFY(!prelude->registry.count("pkg.h"));

    // Python's built-ins and the module objects come with the prelude.
    QVERIFY(RunIn(b, "import pkg\nx = len([pkg.f(), pkg.g()])\n").ok());
    QCOMPARE(b.GetGlobal("x")->as_int(), int64_t(2));
    QVERIFY(RunIn(a, "import pkg\ny = pkg.h()\n").ok());
    QCOMPARE(a.GetGlobal("y")->as_int(), int64_t(3));
  }

  void builtinsReachTheContextOfTheirInterpreter() {
    Interpreter prototype;
    prototype.RegisterFunction("pkg.count", [](Interpreter& in, const CallArgs&) -> Result<Value> {
      int* counter = static_cast<int*>(in.context());
      return Value::Int(++*counter);
    });
    auto prelude = prototype.Freeze();
    int count_a = 0, count_b = 10;
    Interpreter a(prelude), b(prelude);
    a.SetContext(&count_a);
    b.SetContext(&count_b);
    QCOMPARE(CallRegistered(a, "pkg.count")->as_int(), int64_t(1));
    QCOMPARE(CallRegistered(b, "pkg.count")->as_int(), int64_t(11));
    QCOMPARE(CallRegistered(a, "pkg.count")->as_int(), int64_t(2));
    QCOMPARE(count_a, 2);
    QCOMPARE(count_b, 11);
  }

  // What one evaluation records or registers (a tensor intrinsic) is gone in the next.
  void aChangedScriptShowsInTheNextEvaluation() {
    QCOMPARE(TeOutcome(EvaluateScript(TeScript(2), "a.py")), std::string("schedule lower A B2"));
    QCOMPARE(TeOutcome(EvaluateScript(TeScript(3), "b.py")), std::string("schedule no lower"));
    QCOMPARE(TirOutcome(EvaluateScript(TirScript(1), "c.py")),
             std::string("no te schedule tensorir 3"));
    QCOMPARE(TirOutcome(EvaluateScript(TirScript(2), "d.py")),
             std::string("no te schedule tensorir 4"));

    const std::string intrin =
        std::string("import tvm\nfrom tvm.script import tir as T\n") + kTirDot4IntrinDesc;
    auto registered =
        EvaluateScript(intrin +
                           "tvm.tir.TensorIntrin.register('probe_intrin', desc, desc)\n"
                           "assert tvm.tir.TensorIntrin.get('probe_intrin') is not None\n",
                       "e.py");
    QVERIFY2(registered, registered ? "" : registered.error().format().c_str());
    auto next = EvaluateScript(
        intrin + "assert tvm.tir.TensorIntrin.get('probe_intrin', allow_missing=True) is None\n",
        "f.py");
    QVERIFY2(next, next ? "" : next.error().format().c_str());
  }

  // te's default names ("compute", "compute_1", ...) count within one evaluation.
  void defaultNamesStartAfreshInEachEvaluation() {
    const std::string script =
        "import tvm\nfrom tvm import te\n"
        "A = te.placeholder((8,))\n"
        "k = te.reduce_axis((0, 8))\n"
        "B = te.compute((8,), lambda i: te.sum(A[k] * 2.0, axis=k))\n"
        "C = te.compute((8,), lambda i: B[i] + 1.0)\n"
        "s = te.create_schedule(C.op)\n"
        "assert A.op.name == 'placeholder'\n"
        "assert B.op.name == 'compute' and C.op.name == 'compute_1'\n";
    for (int round = 0; round < 3; ++round) {
      auto r = EvaluateScript(script, "n.py");
      QVERIFY2(r, r ? "" : r.error().format().c_str());
    }
  }

  void concurrentEvaluationsSeeTheirOwnResults() {
    constexpr int kRounds = 24;
    std::vector<std::string> te_expected, tir_expected;
    for (int k = 0; k < kRounds; ++k) {
      te_expected.push_back(TeOutcome(EvaluateScript(TeScript(k), "te.py")));
      tir_expected.push_back(TirOutcome(EvaluateScript(TirScript(k % 3), "tir.py")));
    }
    QVERIFY(te_expected[0] != te_expected[1]);
    QVERIFY(tir_expected[0] != tir_expected[1]);

    std::vector<std::string> te_seen(kRounds), tir_seen(kRounds);
    std::thread te_thread([&] {
      for (int k = 0; k < kRounds; ++k)
        te_seen[k] = TeOutcome(EvaluateScript(TeScript(k), "te.py"));
    });
    std::thread tir_thread([&] {
      for (int k = 0; k < kRounds; ++k)
        tir_seen[k] = TirOutcome(EvaluateScript(TirScript(k % 3), "tir.py"));
    });
    te_thread.join();
    tir_thread.join();
    for (int k = 0; k < kRounds; ++k) {
      QCOMPARE(te_seen[k], te_expected[k]);
      QCOMPARE(tir_seen[k], tir_expected[k]);
    }
  }
};

}  // namespace tst_evaluation_prelude

QTEST_GUILESS_MAIN(tst_evaluation_prelude::TestEvaluationPrelude)
#include "tst_evaluation_prelude.moc"
