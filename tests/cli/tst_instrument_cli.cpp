// The CLI faces of issue #15 (tessera-cli as a user runs it): `bounds --json` carries
// the cache fit per loop, `profile --json` the roofline (intensities per memory level,
// measured ceilings) and each innermost loop's MCA throughput, `export --format asm
// --mca` the assembly with loop locations after the throughput of each loop, `run --target
// cuda-emulator --check` checks a GPU schedule on the CPU.
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QProcess>
#include <QTemporaryDir>
#include <QtTest>

namespace tst_instrument_cli {

namespace {

struct CliRun {
  int code = -1;
  QString out;
  QString err;
};

QString CliPath() {
#ifdef TESSERA_CLI_PATH
  return QStringLiteral(TESSERA_CLI_PATH);
#else
  return QString();
#endif
}

CliRun RunCli(const QStringList& args,
              const QProcessEnvironment& env = QProcessEnvironment::systemEnvironment()) {
  QProcess p;
  p.setProcessEnvironment(env);
  p.start(CliPath(), args);
  CliRun r;
  if (!p.waitForFinished(300000) || p.exitStatus() != QProcess::NormalExit) {
    p.kill();
    p.waitForFinished();
    r.err = "tessera-cli did not finish normally";
    return r;
  }
  r.code = p.exitCode();
  r.out = QString::fromUtf8(p.readAllStandardOutput());
  r.err = QString::fromUtf8(p.readAllStandardError());
  return r;
}

QString Example(const QString& name) {
  return QString::fromLocal8Bit(qgetenv("TESSERA_SOURCE_DIR")) + "/resources/examples/" + name;
}

constexpr const char* kTiledGemm = R"(import tvm
from tvm import te
A = te.placeholder((256, 256), name="A", dtype="float32")
B = te.placeholder((256, 256), name="B", dtype="float32")
k = te.reduce_axis((0, 256), name="k")
C = te.compute((256, 256), lambda i, j: te.sum(A[i, k] * B[k, j], axis=k), name="C")
s = te.create_schedule(C.op)
io, jo, ii, ji = s[C].tile(C.op.axis[0], C.op.axis[1], x_factor=32, y_factor=32)
ko, ki = s[C].split(k, factor=8)
s[C].reorder(io, jo, ko, ii, ki, ji)
)";

}  // namespace

class TestInstrumentCli : public QObject {
  Q_OBJECT
  QTemporaryDir dir_;

  QString Write(const QString& name, const char* text) {
    QString path = dir_.path() + "/" + name;
    QFile f(path);
    if (f.open(QIODevice::WriteOnly)) f.write(text);
    return path;
  }

 private slots:
  void initTestCase() {
    if (CliPath().isEmpty()) QSKIP("this build does not pass TESSERA_CLI_PATH to the CLI tests");
    QVERIFY(dir_.isValid());
  }

  // Hand-computed (tests/analysis/tst_cache_fit.cpp): one k.outer step of the tiled
  // GEMM touches A 32 x 8, B 8 x 32 and C 32 x 32: 6 KiB of data.
  void boundsJsonHasCacheFitPerLoop() {
    CliRun r = RunCli({"bounds", Write("gemm.py", kTiledGemm), "--json"});
    QCOMPARE(r.code, 0);
    QJsonParseError error;
    QJsonDocument doc = QJsonDocument::fromJson(r.out.toUtf8(), &error);
    QVERIFY2(error.error == QJsonParseError::NoError,
             qPrintable(error.errorString() + "\n" + r.out));
    QVERIFY(doc.object().contains("stages"));  // the existing fields stay
    QJsonObject fit = doc.object().value("cache_fit").toObject();
    QVERIFY(fit.value("caches").toObject().contains("line"));
    bool found = false;
    for (const QJsonValue& v : fit.value("loops").toArray()) {
      QJsonObject loop = v.toObject();
      if (loop.value("loop").toString() != "k.outer") continue;
      found = true;
      QCOMPARE(loop.value("stage").toString(), QString("C"));
      QCOMPARE(loop.value("bytes").toInteger(), qint64(1024 + 1024 + 4096));
      QCOMPARE(loop.value("buffers").toArray().size(), qsizetype(3));
      QVERIFY(!loop.value("fits").toString().isEmpty());
    }
    QVERIFY(found);
  }

  void profileJsonHasIntensitiesAndCeilings() {
    QTemporaryDir cache;
    QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
    env.insert("XDG_CACHE_HOME", cache.path());
    CliRun r = RunCli({"profile", Write("gemm2.py", kTiledGemm), "--json", "--repeat", "1"}, env);
    if (r.code == 4) QSKIP("no LLVM backend in this build");
    QCOMPARE(r.code, 0);
    QJsonObject o = QJsonDocument::fromJson(r.out.toUtf8()).object();
    QJsonObject intensities = o.value("intensities").toObject();
    QJsonObject traffic = o.value("traffic_bytes").toObject();
    QVERIFY2(intensities.contains("L1") && intensities.contains("DRAM"), qPrintable(r.out));
    // The core's accesses of one call: 256^2 x 4 bytes of initialisation, 16 bytes per
    // multiply-add (tst_cache_fit).
    QCOMPARE(traffic.value("L1").toDouble(), 256.0 * 256 * 4 + 256.0 * 256 * 256 * 16);
    QCOMPARE(intensities.value("L1").toDouble(),
             o.value("flops").toDouble() / traffic.value("L1").toDouble());
    QJsonObject ceilings = o.value("ceilings").toObject();
    QVERIFY(ceilings.value("peak_gflops").toDouble() > 0);
    QVERIFY(ceilings.value("bandwidth_gbps").toObject().value("DRAM").toDouble() > 0);
    QVERIFY(!o.value("bound_by").toString().isEmpty());
    // The measurement was cached in the (redirected) user cache directory.
    QVERIFY(!QDir(cache.path() + "/tessera").entryList({"bandwidth-*.json"}).isEmpty());
    // Each innermost loop's static throughput from MCA, beside the measured time.
    QJsonArray mca = o.value("mca").toArray();
    QVERIFY2(!mca.isEmpty(), qPrintable(r.out));
    QJsonObject loop = mca.first().toObject();
    QCOMPARE(loop.value("stage").toString(), QString("C"));
    QVERIFY(loop.value("cycles_per_iteration").toDouble() > 0);
    QVERIFY(!loop.value("bottleneck").toString().isEmpty());
    QVERIFY(!loop.value("cpu").toString().isEmpty());
  }

  void exportAsmWithMcaHasThroughputAndLoopLocations() {
    CliRun r = RunCli({"export", Write("gemm4.py", kTiledGemm), "--format", "asm", "--mca"});
    if (r.code == 4) QSKIP("no LLVM backend in this build");
    QVERIFY2(r.code == 0, qPrintable(r.err));
    QVERIFY2(r.out.startsWith("# Static throughput"), qPrintable(r.out.left(400)));
    QVERIFY2(r.out.contains("cycles/iteration, bound by"), qPrintable(r.out.left(400)));
    QVERIFY(r.out.contains(QRegularExpression(R"(\.loc\s+1\s+[1-9])")));
    CliRun c = RunCli({"export", Write("gemm5.py", kTiledGemm), "--format", "c", "--mca"});
    QCOMPARE(c.code, 2);
    QVERIFY(c.err.contains("--mca"));
  }

  void cudaEmulatorCheckPassesAShippedGpuSchedule() {
    CliRun r = RunCli({"run", Example("gpu_elementwise.py"), "--target", "cuda-emulator", "--check",
                       "--var", "n=300"});
    if (r.code == 4) QSKIP("no C++ compiler for the emulator");
    QVERIFY2(r.code == 0, qPrintable(r.out + r.err));
    QVERIFY2(r.out.contains("GPU emulator"), qPrintable(r.out));
    QVERIFY2(r.out.contains("no race seen"), qPrintable(r.out));
  }

  void unknownTargetIsAUsageError() {
    CliRun r = RunCli({"run", Write("gemm3.py", kTiledGemm), "--target", "cuda-emulater"});
    QCOMPARE(r.code, 2);
    QVERIFY(r.err.contains("cuda-emulator"));
  }
};

}  // namespace tst_instrument_cli

QTEST_GUILESS_MAIN(tst_instrument_cli::TestInstrumentCli)
#include "tst_instrument_cli.moc"
