// TVM tutorials as they are written, whole, through the CLI a user runs: the
// tensor_expr_get_started runtime half (kept, not run) and the reduction tutorial's
// cross-thread GPU schedule with a symbolic row count, checked on the CUDA emulator.
#include <QProcess>
#include <QRegularExpression>
#include <QtTest>

#ifndef TESSERA_CLI_PATH
#error "tests/CMakeLists.txt passes the path of tessera-cli"
#endif

namespace tst_tutorial_scripts {

namespace {

struct Ran {
  int exit_code = -1;
  QString out, err;
};

Ran RunCli(const QStringList& args) {
  QProcess p;
  p.start(QStringLiteral(TESSERA_CLI_PATH), args);
  Ran r;
  if (!p.waitForFinished(300000) || p.exitStatus() != QProcess::NormalExit) {
    p.kill();
    p.waitForFinished();
    r.err = "tessera-cli did not finish";
    return r;
  }
  r.exit_code = p.exitCode();
  r.out = QString::fromUtf8(p.readAllStandardOutput());
  r.err = QString::fromUtf8(p.readAllStandardError());
  return r;
}

QString Script(const char* name) {
  return QString::fromLocal8Bit(qgetenv("TESSERA_SOURCE_DIR")) + "/tests/cli/tutorial_scripts/" +
         name;
}

}  // namespace

class TestTutorialScripts : public QObject {
  Q_OBJECT

 private slots:
  void initTestCase() {
    if (qgetenv("TESSERA_SOURCE_DIR").isEmpty())
      QSKIP("TESSERA_SOURCE_DIR is not set (CTest sets it)");
  }

  void getStartedRunsAndChecks() {
    Ran r = RunCli({"run", Script("get_started_runtime_part.py"), "--check"});
    QVERIFY2(r.exit_code == 0, qPrintable(r.out + r.err));
    QVERIFY2(r.out.contains("0 mismatches"), qPrintable(r.out));
    // The runtime half is kept in the export, which TVM runs.
    Ran e = RunCli({"export", Script("get_started_runtime_part.py"), "--format", "tvm"});
    QVERIFY2(e.exit_code == 0, qPrintable(e.err));
    QVERIFY(
        e.out.contains("fadd_parallel = tvm.build(s, [A, B, C], tgt, name=\"myadd_parallel\")"));
    QVERIFY(e.out.contains("evaluate_addition(fadd_vector, tgt, \"vector\", log=log)"));
  }

  void reductionTutorialGpuScheduleRunsOnTheEmulator() {
    Ran r = RunCli({"run", Script("reduction_cross_thread_gpu.py"), "--target", "cuda-emulator",
                    "--check", "--var", "n=100", "--var", "m=70"});
    QVERIFY2(r.exit_code == 0, qPrintable(r.out + r.err));
    QVERIFY2(r.out.contains("0 mismatches"), qPrintable(r.out));
    QVERIFY2(r.out.contains("no race seen"), qPrintable(r.out));
    // The rfactor stage's local array has a constant size in the CUDA source.
    Ran cuda = RunCli({"export", Script("reduction_cross_thread_gpu.py"), "--format", "cuda"});
    QVERIFY2(cuda.exit_code == 0, qPrintable(cuda.err));
    QVERIFY2(cuda.out.contains(QRegularExpression(R"(float B_rf\w*\[1\];)")), qPrintable(cuda.out));
  }
};

}  // namespace tst_tutorial_scripts

QTEST_GUILESS_MAIN(tst_tutorial_scripts::TestTutorialScripts)
#include "tst_tutorial_scripts.moc"
