// tessera-cli lower / run / export / bounds on TVMScript modules: a lone @T.prim_func
// without a schedule, an @I.ir_module of two functions chosen with --func (a usage
// error listing the functions without it), and a scheduled module, where --func
// chooses what sch.mod holds (each function as the one schedule over the module left it).
#include <QFile>
#include <QTemporaryDir>
#include <QtTest>

#include "CliProcess.h"

namespace tst_tir_module_cli {

namespace {

const QByteArray kOneFunction =
    "from tvm.script import tir as T\n"
    "\n"
    "@T.prim_func\n"
    "def add(A: T.Buffer((8,), \"float32\"), B: T.Buffer((8,), \"float32\")):\n"
    "    for i in range(8):\n"
    "        with T.block(\"B\"):\n"
    "            vi = T.axis.spatial(8, i)\n"
    "            B[vi] = A[vi] + T.float32(1)\n";

const QByteArray kModule =
    "from tvm.script import ir as I\n"
    "from tvm.script import tir as T\n"
    "\n"
    "@I.ir_module\n"
    "class Module:\n"
    "    @T.prim_func\n"
    "    def add(A: T.Buffer((8,), \"float32\"), B: T.Buffer((8,), \"float32\")):\n"
    "        for i in range(8):\n"
    "            with T.block(\"B\"):\n"
    "                vi = T.axis.spatial(8, i)\n"
    "                B[vi] = A[vi] + T.float32(1)\n"
    "\n"
    "    @T.prim_func\n"
    "    def mul(A: T.Buffer((8,), \"float32\"), B: T.Buffer((8,), \"float32\")):\n"
    "        for i in range(8):\n"
    "            with T.block(\"B\"):\n"
    "                vi = T.axis.spatial(8, i)\n"
    "                B[vi] = A[vi] * T.float32(3)\n";

// mul split by 4 after work_on; add as given.
const QByteArray kScheduledModule = kModule +
                                    "\n"
                                    "from tvm import tir\n"
                                    "sch = tir.Schedule(Module)\n"
                                    "sch.work_on(\"mul\")\n"
                                    "(i,) = sch.get_loops(sch.get_block(\"B\"))\n"
                                    "sch.split(i, factors=[None, 4])\n";

// Both functions scheduled by one schedule: mul split after work_on, add parallel
// through get_block(func_name=).
const QByteArray kBothScheduled = kModule +
                                  "\n"
                                  "from tvm import tir\n"
                                  "sch = tir.Schedule(Module)\n"
                                  "sch.work_on(\"mul\")\n"
                                  "(i,) = sch.get_loops(sch.get_block(\"B\"))\n"
                                  "a = sch.get_block(\"B\", func_name=\"add\")\n"
                                  "sch.split(i, factors=[None, 4])\n"
                                  "sch.parallel(sch.get_loops(a)[0])\n";

const QByteArray kTe =
    "from tvm import te\n"
    "A = te.placeholder((8,), name='A')\n"
    "B = te.compute((8,), lambda i: A[i] + 1.0, name='B')\n"
    "s = te.create_schedule(B.op)\n";

}  // namespace

class TestTirModuleCli : public QObject, protected CliScriptFolder {
  Q_OBJECT

 private slots:
  void loneFunctionWithoutSchedule() {
    QString path = Write("one.py", kOneFunction);
    Run lower = Cli({"lower", path});
    QVERIFY2(lower.code == 0, qPrintable(lower.err));
    QVERIFY2(lower.out.contains("+ 1f"), qPrintable(lower.out));
    Run run = Cli({"run", path, "--check"});
    QVERIFY2(run.code == 0, qPrintable(run.err + run.out));
    Run chosen = Cli({"lower", path, "--func", "add"});  // its own name chooses it too
    QVERIFY2(chosen.code == 0, qPrintable(chosen.err));
    QCOMPARE(chosen.out, lower.out);
  }

  void severalFunctionsNeedFunc() {
    QString path = Write("module.py", kModule);
    for (const char* command : {"lower", "run", "bounds"}) {
      Run r = Cli({command, path});
      QCOMPARE(r.code, 2);
      QVERIFY2(r.err.contains("several functions (add, mul); choose one with --func"),
               qPrintable(r.err));
    }
    Run e = Cli({"export", path, "--format", "tvmscript"});
    QCOMPARE(e.code, 2);
    QVERIFY2(e.err.contains("(add, mul)"), qPrintable(e.err));
  }

  void funcChoosesTheFunction() {
    QString path = Write("module.py", kModule);
    Run add = Cli({"lower", path, "--func", "add"});
    QVERIFY2(add.code == 0, qPrintable(add.err));
    QVERIFY2(add.out.contains("+ 1f") && !add.out.contains("*3f"), qPrintable(add.out));
    Run mul = Cli({"lower", path, "--func", "mul"});
    QVERIFY2(mul.code == 0, qPrintable(mul.err));
    QVERIFY2(mul.out.contains("*3f") && !mul.out.contains("+ 1f"), qPrintable(mul.out));
    Run run = Cli({"run", path, "--func", "mul", "--check"});
    QVERIFY2(run.code == 0, qPrintable(run.err + run.out));
    Run bounds = Cli({"bounds", path, "--func", "mul", "--json"});
    QVERIFY2(bounds.code == 0, qPrintable(bounds.err));
    Run script = Cli({"export", path, "--format", "tvmscript", "--func", "mul"});
    QVERIFY2(script.code == 0, qPrintable(script.err));
    QVERIFY2(script.out.contains("T.float32(3.0)"), qPrintable(script.out));
  }

  void unknownFuncListsTheFunctions() {
    Run r = Cli({"lower", Write("module.py", kModule), "--func", "sub"});
    QCOMPARE(r.code, 2);
    QVERIFY2(r.err.contains("no function named 'sub' (it has add, mul)"), qPrintable(r.err));
  }

  void funcOnATeScriptIsAUsageError() {
    Run r = Cli({"lower", Write("te.py", kTe), "--func", "main"});
    QCOMPARE(r.code, 2);
    QVERIFY2(r.err.contains("defines none"), qPrintable(r.err));
  }

  // The scheduled function is the default; --func chooses among what sch.mod holds.
  void scheduledModule() {
    QString path = Write("scheduled.py", kScheduledModule);
    Run plain = Cli({"lower", path});
    QVERIFY2(plain.code == 0, qPrintable(plain.err));
    QVERIFY2(plain.out.contains("*3f") && plain.out.contains("i_0"), qPrintable(plain.out));
    Run mul = Cli({"lower", path, "--func", "mul"});
    QVERIFY2(mul.code == 0, qPrintable(mul.err));
    QCOMPARE(mul.out, plain.out);
    Run add = Cli({"lower", path, "--func", "add"});
    QVERIFY2(add.code == 0, qPrintable(add.err));
    QVERIFY2(add.out.contains("+ 1f") && !add.out.contains("i_0"), qPrintable(add.out));
    Run run = Cli({"run", path, "--check"});
    QVERIFY2(run.code == 0, qPrintable(run.err + run.out));
  }

  // One schedule over both functions: --func shows either with its own schedule, checked
  // against its own original; the export replays the whole trace on the whole module.
  void bothFunctionsScheduled() {
    QString path = Write("both.py", kBothScheduled);
    Run plain = Cli({"lower", path});
    QVERIFY2(plain.code == 0, qPrintable(plain.err));
    QVERIFY2(plain.out.contains("*3f") && plain.out.contains("i_0"), qPrintable(plain.out));
    Run add = Cli({"lower", path, "--func", "add"});
    QVERIFY2(add.code == 0, qPrintable(add.err));
    QVERIFY2(add.out.contains("+ 1f") && add.out.contains("parallel"), qPrintable(add.out));
    for (const char* func : {"add", "mul"}) {
      Run run = Cli({"run", path, "--check", "--func", func});
      QVERIFY2(run.code == 0, qPrintable(run.err + run.out));
    }
    Run tir = Cli({"export", path, "--format", "tir", "--tvm", "0.20", "--func", "add"});
    QVERIFY2(tir.code == 0, qPrintable(tir.err));
    for (const char* line :
         {"@I.ir_module", "sch = tir.Schedule(Module)", "func_name=\"mul\"", "func_name=\"add\"",
          "scheduled[\"add\"](*got)", "reference = tvm.build(Module"})
      QVERIFY2(tir.out.contains(line), qPrintable(QString(line) + " missing in\n" + tir.out));
  }
};

}  // namespace tst_tir_module_cli

QTEST_GUILESS_MAIN(tst_tir_module_cli::TestTirModuleCli)
#include "tst_tir_module_cli.moc"
