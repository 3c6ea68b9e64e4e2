// Project files (.tessera): save/load round trips, atomic saving, and every kind of bad
// file (not JSON, another format, a newer version, wrong fields, a broken script,
// oversize, binary) refused with a located message.
#include <sys/stat.h>

#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QTemporaryDir>
#include <QtTest>

#include "project/ProjectFile.h"
#include "script/Evaluator.h"
#include "support/JsonReader.h"

namespace tst_project_file {

using namespace tessera;
using namespace tessera::project;

namespace {

std::string ReadExample(const QString& name) {
  QFile f(QString::fromLocal8Bit(qgetenv("TESSERA_SOURCE_DIR")) + "/resources/examples/" + name);
  if (!f.open(QIODevice::ReadOnly)) return "";
  return f.readAll().toStdString();
}

std::string ReadAll(const QString& path) {
  QFile f(path);
  if (!f.open(QIODevice::ReadOnly)) return "";
  return f.readAll().toStdString();
}

ProjectFile GemmProject() {
  auto program = script::EvaluateScript(ReadExample("gemm.py"), "gemm.py");
  if (!program) qFatal("gemm.py does not evaluate: %s", program.error().format().c_str());
  ProjectFile p = ProjectFromProgram(*program);
  p.view_state_json =
      R"({"zoom": 1.5, "panels": ["loop nest", "code"], "selection": {"stage": "C"}})";
  p.target.target = "cuda";
  p.target.vars = {{"n", 1024}, {"m", 512}};
  p.target.threads = 4;
  p.target.repeat = 25;
  return p;
}

const char* kMinimal = R"({"format": "tessera-project", "version": 1, "script": ""})";

}  // namespace

class TestProjectFile : public QObject {
  Q_OBJECT

 private slots:
  void serialize_has_the_documented_shape() {
    std::string text = SerializeProject(GemmProject());
    auto json = ParseJson(text);
    QVERIFY2(json.ok(), json ? "" : json.error().format().c_str());
    QStringList keys;
    for (const auto& [k, v] : json->members) keys << QString::fromStdString(k);
    QCOMPARE(keys, QStringList({"format", "version", "script", "trace", "view_state", "target"}));
    QCOMPARE(json->find("format")->string, std::string("tessera-project"));
    QCOMPARE(json->find("version")->integer, int64_t{kProjectFormatVersion});
    QVERIFY(json->find("trace")->items.size() >= 3);  // gemm.py's schedule has several primitives
    QVERIFY(text.back() == '\n');
    QVERIFY(text.find("\n  \"script\"") != std::string::npos);  // pretty: one key per line
  }

  void parse_round_trips() {
    ProjectFile p = GemmProject();
    auto back = ParseProject(SerializeProject(p), "gemm.tessera");
    QVERIFY2(back.ok(), back ? "" : back.error().format().c_str());
    QCOMPARE(back->script, p.script);
    QCOMPARE(back->trace, p.trace);
    QCOMPARE(back->target.target, std::string("cuda"));
    QCOMPARE(back->target.vars, p.target.vars);
    QCOMPARE(back->target.threads, 4);
    QCOMPARE(back->target.repeat, 25);
    QCOMPARE(
        QString::fromStdString(back->view_state_json),
        QString(R"({"zoom": 1.5, "panels": ["loop nest", "code"], "selection": {"stage": "C"}})"));
    // Serialising what was read gives the same bytes: the format is stable.
    QCOMPARE(SerializeProject(*back), SerializeProject(p));
  }

  void trace_lines_are_the_schedule_part_of_the_script() {
    ProjectFile p = GemmProject();
    QVERIFY(!p.trace.empty());
    for (const std::string& line : p.trace)
      QVERIFY2(p.script.find(line) != std::string::npos, line.c_str());
  }

  void defaults_for_optional_fields() {
    auto p = ParseProject(kMinimal, "min.tessera");
    QVERIFY2(p.ok(), p ? "" : p.error().format().c_str());
    QCOMPARE(p->view_state_json, std::string("{}"));
    QCOMPARE(p->target.target, std::string("llvm"));
    QCOMPARE(p->target.threads, 0);
    QCOMPARE(p->target.repeat, 10);
    QVERIFY(p->trace.empty());
  }

  void save_and_load() {
    QTemporaryDir dir;
    QVERIFY(dir.isValid());
    std::string path = dir.filePath("gemm.tessera").toStdString();
    ProjectFile p = GemmProject();
    Status saved = SaveProject(path, p);
    QVERIFY2(saved.ok(), saved ? "" : saved.error().format().c_str());
    auto loaded = LoadProject(path);
    QVERIFY2(loaded.ok(), loaded ? "" : loaded.error().format().c_str());
    QCOMPARE(loaded->source_path, path);
    QCOMPARE(loaded->script, p.script);
    QCOMPARE(SerializeProject(*loaded), SerializeProject(p));
    // No temporary file is left behind.
    QCOMPARE(QDir(dir.path()).entryList(QDir::Files | QDir::Hidden), QStringList({"gemm.tessera"}));
  }

  void save_keeps_the_mode_of_the_file_it_replaces() {
    QTemporaryDir dir;
    QString path = dir.filePath("p.tessera");
    QVERIFY(SaveProject(path.toStdString(), GemmProject()).ok());
    QVERIFY(::chmod(path.toLocal8Bit().constData(), 0640) == 0);
    QVERIFY(SaveProject(path.toStdString(), GemmProject()).ok());
    struct stat st {};
    QVERIFY(::stat(path.toLocal8Bit().constData(), &st) == 0);
    QCOMPARE(st.st_mode & 0777, 0640u);
  }

  // Saving through a symbolic link writes the file it points to; the link stays a link.
  void save_through_a_symlink_keeps_the_link() {
    QTemporaryDir dir;
    QString real = dir.filePath("real.tessera");
    QString link = dir.filePath("link.tessera");
    QVERIFY(SaveProject(real.toStdString(), ProjectFile{}).ok());
    QVERIFY(QFile::link(real, link));
    ProjectFile p = GemmProject();
    QVERIFY(SaveProject(link.toStdString(), p).ok());
    QVERIFY(QFileInfo(link).isSymLink());
    QCOMPARE(ReadAll(real), SerializeProject(p));
  }

  // A failed save leaves the old file as it was.
  void failed_save_keeps_the_old_file() {
    QTemporaryDir dir;
    QString path = dir.filePath("p.tessera");
    QVERIFY(SaveProject(path.toStdString(), GemmProject()).ok());
    std::string before = ReadAll(path);
    ProjectFile bad = GemmProject();
    bad.view_state_json = "[1, 2]";  // not an object: refused before anything is written
    Status status = SaveProject(path.toStdString(), bad);
    QVERIFY(!status.ok());
    QVERIFY(QString::fromStdString(status.error().message).contains("not a JSON object"));
    QCOMPARE(ReadAll(path), before);
    // A directory that cannot be written to: the temporary file cannot even be created.
    if (::geteuid() != 0) {
      QVERIFY(::chmod(dir.path().toLocal8Bit().constData(), 0500) == 0);
      Status denied = SaveProject(path.toStdString(), GemmProject());
      ::chmod(dir.path().toLocal8Bit().constData(), 0700);
      QVERIFY(!denied.ok());
      QCOMPARE(ReadAll(path), before);
    }
    // Saving over a path whose directory does not exist fails with a sentence.
    Status missing =
        SaveProject(dir.filePath("no/such/dir/p.tessera").toStdString(), GemmProject());
    QVERIFY(!missing.ok());
    QVERIFY(
        QString::fromStdString(missing.error().message).contains("cannot create a temporary file"));
  }

  void corrupt_files_data() {
    QTest::addColumn<QByteArray>("text");
    QTest::addColumn<int>("line");
    QTest::addColumn<int>("column");
    QTest::addColumn<QString>("message");
    QTest::newRow("not json")
        << QByteArray("{\n  \"format\": tessera\n}") << 2 << 13
        << "not a Tessera project (invalid JSON: expected a JSON value, found 't')";
    QTest::newRow("truncated") << QByteArray(
                                      "{\"format\": \"tessera-project\", \"version\": 1, \"scr")
                               << 1 << 49 << "invalid JSON: unterminated string";
    QTest::newRow("array root") << QByteArray("[1]") << 1 << 1
                                << "expected a JSON object, found array";
    QTest::newRow("no format") << QByteArray("{\"version\": 1}") << 1 << 1
                               << "no \"format\": \"tessera-project\" field";
    QTest::newRow("wrong format")
        << QByteArray("{\"format\": \"vscode-workspace\", \"version\": 1}") << 1 << 12
        << "(\"format\" is \"vscode-workspace\", expected \"tessera-project\")";
    QTest::newRow("newer version")
        << QByteArray("{\"format\": \"tessera-project\", \"version\": 7, \"script\": \"\"}") << 1
        << 42 << "written by a newer Tessera (version 7); this one reads version 1";
    QTest::newRow("version zero")
        << QByteArray("{\"format\": \"tessera-project\", \"version\": 0, \"script\": \"\"}") << 1
        << 42 << "invalid project version 0";
    QTest::newRow("version string")
        << QByteArray("{\"format\": \"tessera-project\", \"version\": \"1\"}") << 1 << 42
        << "field \"version\" must be an integer, not string";
    QTest::newRow("no script") << QByteArray("{\"format\": \"tessera-project\", \"version\": 1}")
                               << 1 << 1 << "missing field \"script\"";
    QTest::newRow("script not string")
        << QByteArray("{\"format\": \"tessera-project\", \"version\": 1, \"script\": 3}") << 1 << 55
        << "field \"script\" must be a string, not number";
    QTest::newRow("trace of numbers")
        << QByteArray(
               "{\"format\": \"tessera-project\", \"version\": 1, \"script\": \"\", \"trace\": "
               "[\"a\", 2]}")
        << 1 << 74 << "field \"trace\" must be an array of strings, not number";
    QTest::newRow("view_state array")
        << QByteArray(
               "{\"format\": \"tessera-project\", \"version\": 1, \"script\": \"\", "
               "\"view_state\": []}")
        << 1 << 73 << "field \"view_state\" must be an object, not array";
    QTest::newRow("unknown target")
        << QByteArray(
               "{\"format\": \"tessera-project\", \"version\": 1, \"script\": \"\", \"target\": "
               "{\"target\": \"tpu\"}}")
        << 1 << 80 << "unknown target \"tpu\" (expected \"llvm\" or \"cuda\")";
    QTest::newRow("var not integer")
        << QByteArray(
               "{\"format\": \"tessera-project\", \"version\": 1, \"script\": \"\", \"target\": "
               "{\"vars\": {\"n\": 1.5}}}")
        << 1 << 84 << "field \"target.vars.n\" must be an integer, not number";
    QTest::newRow("negative threads")
        << QByteArray(
               "{\"format\": \"tessera-project\", \"version\": 1, \"script\": \"\", \"target\": "
               "{\"threads\": -1}}")
        << 1 << 81 << "field \"target.threads\" is -1, expected 0..4096";
    QTest::newRow("zero repeat") << QByteArray(
                                        "{\"format\": \"tessera-project\", \"version\": 1, "
                                        "\"script\": \"\", \"target\": {\"repeat\": 0}}")
                                 << 1 << 80 << "field \"target.repeat\" is 0, expected 1..1000000";
    QTest::newRow("unknown field") << QByteArray(
                                          "{\"format\": \"tessera-project\", \"version\": 1, "
                                          "\"script\": \"\", \"scirpt\": \"\"}")
                                   << 1 << 69 << "unknown field \"scirpt\" in the project";
    QTest::newRow("binary") << QByteArray("\x89PNG\r\n\x1a\n\0\0\0\rIHDR", 16) << 1 << 1
                            << "binary data (a NUL byte); not a Tessera project";
    QTest::newRow("binary without NUL") << QByteArray("\xff\xfe\xfd") << 1 << 1
                                        << "invalid JSON: expected a JSON value, found byte 0xFF";
    QTest::newRow("empty file") << QByteArray("") << 1 << 1
                                << "invalid JSON: expected a JSON value, found end of input";
    // The script is authoritative: a broken script is refused with its own location.
    QTest::newRow("broken script") << QByteArray(
                                          "{\"format\": \"tessera-project\", \"version\": 1, "
                                          "\"script\": \"import tvm\\nx = (1 +\\n\"}")
                                   << 3 << 1 << "(in the project's script)";
    QTest::newRow("script with unknown name")
        << QByteArray(
               "{\"format\": \"tessera-project\", \"version\": 1, \"script\": \"A = "
               "frobnicate(3)\"}")
        << 1 << 5 << "frobnicate";
  }
  void corrupt_files() {
    QFETCH(QByteArray, text);
    QFETCH(int, line);
    QFETCH(int, column);
    QFETCH(QString, message);
    auto p = ParseProject(std::string_view(text.constData(), static_cast<size_t>(text.size())),
                          "bad.tessera");
    QVERIFY(!p.ok());
    QVERIFY2(QString::fromStdString(p.error().message).contains(message),
             p.error().format().c_str());
    QCOMPARE(p.error().loc.file, std::string("bad.tessera"));
    QCOMPARE(p.error().loc.line, line);
    QCOMPARE(p.error().loc.column, column);
    QVERIFY(QString::fromStdString(p.error().format()).startsWith("bad.tessera:"));
  }

  void oversize_file_is_refused_before_reading() {
    QTemporaryDir dir;
    QString path = dir.filePath("huge.tessera");
    QFile f(path);
    QVERIFY(f.open(QIODevice::WriteOnly));
    QVERIFY(f.resize(static_cast<qint64>(kMaxProjectBytes) + 1));  // sparse: no disk used
    f.close();
    auto p = LoadProject(path.toStdString());
    QVERIFY(!p.ok());
    QCOMPARE(QString::fromStdString(p.error().format()),
             path + ":1:1: error: file is larger than 64 MiB; not a Tessera project");
    std::string big(kMaxProjectBytes + 1, ' ');
    QVERIFY(!ParseProjectJson(big, "big.tessera").ok());
  }

  void missing_file() {
    auto p = LoadProject("/nonexistent/dir/x.tessera");
    QVERIFY(!p.ok());
    QVERIFY(QString::fromStdString(p.error().message)
                .startsWith("cannot open '/nonexistent/dir/x.tessera'"));
  }

  void project_paths() {
    QVERIFY(IsProjectPath("a/b.tessera"));
    QVERIFY(!IsProjectPath(".tessera"));
    QVERIFY(!IsProjectPath("gemm.py"));
    QVERIFY(!IsProjectPath("x.tessera.bak"));
  }
};

}  // namespace tst_project_file

QTEST_APPLESS_MAIN(tst_project_file::TestProjectFile)
#include "tst_project_file.moc"
