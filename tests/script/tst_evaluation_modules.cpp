// EvaluationModules: a package a process adds reaches every later evaluation with the
// evaluation's host (its source and file), and is gone once removed — the way the
// tuning APIs (core/tuning_api) enter scripts without the script layer knowing them.
#include <QtTest>

#include "script/EvaluationModules.h"
#include "script/Evaluator.h"
#include "script/lang/Interpreter.h"

namespace tst_evaluation_modules {

using namespace tessera;
using namespace tessera::script;

namespace {

const char* kScript =
    "import tvm\nfrom tvm import te\n"
    "A = te.placeholder((8,), name=\"A\")\n"
    "B = te.compute((8,), lambda i: A[i] * 2.0, name=\"B\")\n"
    "n = tvm.probe.count()\n"
    "s = te.create_schedule(B.op)\n";

}  // namespace

class TestEvaluationModules : public QObject {
  Q_OBJECT

 private slots:
  void cleanup() { RemoveEvaluationModule("test.probe"); }

  void moduleReachesEveryEvaluation() {
    std::vector<std::string> files;
    AddEvaluationModule("test.probe", [&files](Interpreter& interp, const EvaluationHost& host) {
      files.push_back(host.file);
      QVERIFY(host.source.find("tvm.probe.count()") != std::string::npos);
      interp.RegisterFunction(
          "tvm.probe.count",
          [](Interpreter&, const CallArgs&) -> Result<Value> { return Value::Int(3); });
    });
    auto first = EvaluateScript(kScript, "first.py");
    QVERIFY2(first, first ? "" : first.error().format().c_str());
    auto second = EvaluateScript(kScript, "second.py");
    QVERIFY2(second, second ? "" : second.error().format().c_str());
    QCOMPARE(files, (std::vector<std::string>{"first.py", "second.py"}));
  }

  void removedModuleIsGone() {
    AddEvaluationModule("test.probe", [](Interpreter& interp, const EvaluationHost&) {
      interp.RegisterFunction(
          "tvm.probe.count",
          [](Interpreter&, const CallArgs&) -> Result<Value> { return Value::Int(3); });
    });
    QVERIFY(EvaluateScript(kScript, "t.py"));
    RemoveEvaluationModule("test.probe");
    auto without = EvaluateScript(kScript, "t.py");
    QVERIFY(!without);
    QVERIFY2(without.error().format().rfind("t.py:5:", 0) == 0, without.error().format().c_str());
  }

  void sameNameReplaces() {
    int calls_a = 0, calls_b = 0;
    AddEvaluationModule("test.probe", [&](Interpreter&, const EvaluationHost&) { ++calls_a; });
    AddEvaluationModule("test.probe", [&](Interpreter& interp, const EvaluationHost&) {
      ++calls_b;
      interp.RegisterFunction(
          "tvm.probe.count",
          [](Interpreter&, const CallArgs&) -> Result<Value> { return Value::Int(3); });
    });
    QVERIFY(EvaluateScript(kScript, "t.py"));
    QCOMPARE(calls_a, 0);
    QCOMPARE(calls_b, 1);
  }
};

}  // namespace tst_evaluation_modules

QTEST_GUILESS_MAIN(tst_evaluation_modules::TestEvaluationModules)
#include "tst_evaluation_modules.moc"
