// The project's runner setting (issue #14): where Run, Profile and Tune measure — this
// machine or a Slurm cluster with its partition, --gres, time, account, extra options and
// work folder — saved in "target" -> "runner" and read back; an old project without it
// runs locally; bad values are refused at their location.
#include <QtTest>

#include "project/ProjectFile.h"

namespace tst_project_runner {

using namespace tessera;
using namespace tessera::project;

namespace {

const char* kHead = R"({"format": "tessera-project", "version": 1, "script": "", )";

}  // namespace

class TestProjectRunner : public QObject {
  Q_OBJECT

 private slots:
  void slurmSettingsRoundTrip() {
    ProjectFile p;
    p.script = "";
    p.target.runner.kind = "slurm";
    p.target.runner.partition = "gpu";
    p.target.runner.gres = "gpu:1";
    p.target.runner.time_limit = "1:00:00";
    p.target.runner.account = "kernels";
    p.target.runner.extra = "--qos=short --constraint=\"a100\"";
    p.target.runner.workdir = "/shared/runs";
    const std::string text = SerializeProject(p);
    QVERIFY2(text.find("\"runner\"") != std::string::npos, text.c_str());
    auto back = ParseProjectJson(text, "p.tessera");
    QVERIFY2(back.ok(), back.ok() ? "" : back.error().format().c_str());
    QVERIFY(back->target.runner == p.target.runner);
  }

  void anOldProjectRunsLocally() {
    auto p =
        ParseProjectJson(std::string(kHead) + R"("target": {"target": "llvm"}})", "old.tessera");
    QVERIFY(p.ok());
    QCOMPARE(p->target.runner.kind, std::string("local"));
    QVERIFY(p->target.runner == RunnerSettings{});
  }

  void badRunnerSettingsAreRefused_data() {
    QTest::addColumn<QString>("runner");
    QTest::addColumn<QString>("message");
    QTest::newRow("unknown kind") << R"({"kind": "ssh"})"
                                  << "unknown runner \"ssh\" (expected \"local\" or \"slurm\")";
    QTest::newRow("not an object") << R"("slurm")"
                                   << "field \"target.runner\" must be an object, not string";
    QTest::newRow("number") << R"({"kind": "slurm", "time": 10})"
                            << "field \"target.runner.time\" must be a string, not number";
    QTest::newRow("unknown field") << R"({"kind": "slurm", "queue": "x"})"
                                   << "unknown field \"queue\" in \"target.runner\"";
  }
  void badRunnerSettingsAreRefused() {
    QFETCH(QString, runner);
    QFETCH(QString, message);
    auto p = ParseProjectJson(
        std::string(kHead) + "\"target\": {\"runner\": " + runner.toStdString() + "}}",
        "bad.tessera");
    QVERIFY(!p.ok());
    QVERIFY2(p.error().format().find(message.toStdString()) != std::string::npos,
             p.error().format().c_str());
    QVERIFY2(p.error().format().starts_with("bad.tessera:1:"), p.error().format().c_str());
  }
};

}  // namespace tst_project_runner

QTEST_APPLESS_MAIN(tst_project_runner::TestProjectRunner)
#include "tst_project_runner.moc"
