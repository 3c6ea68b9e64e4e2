// A narrower CPU target on this machine (codegen/CpuTarget.h: TESSERA_TARGET, tessera-cli
// --target "llvm -mcpu=NAME", the benchmarks' --isa avx2): the parser's answers and
// refusals, and end to end through the real tessera-cli — a kernel vectorized by 16
// lanes compiled for Haswell names no AVX-512 register, the lowering cuts vectors at
// Haswell's width, the machine peak reads 8 lanes, and a bad target is a usage error
// naming the known CPUs.
#include <QProcess>
#include <QTemporaryDir>
#include <QtTest>

#include "codegen/CpuTarget.h"

#ifndef TESSERA_CLI_PATH
#error "tests/CMakeLists.txt passes the path of tessera-cli"
#endif

namespace tst_cpu_target {

using namespace tessera;

namespace {

const char* kVectorized = R"(import tvm
from tvm import te
A = te.placeholder((4096,), name="A")
B = te.placeholder((4096,), name="B")
C = te.compute((4096,), lambda i: A[i] * B[i] + A[i], name="C")
s = te.create_schedule(C.op)
o, v = s[C].split(C.op.axis[0], factor=16)
s[C].vectorize(v)
)";

// A row of 12 sums accumulated across the loop over k: its vector spans two AVX2
// registers, one AVX-512 one.
const char* kTwelveColumns = R"(import tvm
from tvm import te
A = te.placeholder((64, 12), name="A")
k = te.reduce_axis((0, 64), name="k")
C = te.compute((12,), lambda j: te.sum(A[k, j], axis=k), name="C")
s = te.create_schedule(C.op)
s[C].reorder(k, C.op.axis[0])
s[C].vectorize(C.op.axis[0])
)";

struct Run {
  int code = -1;
  QString out, err;
};

Run Cli(const QStringList& args, const QString& target_env = {}) {
  QProcess p;
  QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
  env.remove("TESSERA_TARGET");
  if (!target_env.isEmpty()) env.insert("TESSERA_TARGET", target_env);
  p.setProcessEnvironment(env);
  p.start(QStringLiteral(TESSERA_CLI_PATH), args);
  Run r;
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

}  // namespace

class CpuTargetTest : public QObject {
  Q_OBJECT

 private slots:
  void hostWhenNoCpuIsNamed() {
    for (const char* spec : {"", "llvm", "  llvm  "}) {
      auto t = codegen::ParseCpuTarget(spec, 16);
      QVERIFY(t.ok());
      QVERIFY(!t->has_value());
    }
  }

  void namedCpusHaveTheirVectorWidth_data() {
    QTest::addColumn<QString>("cpu");
    QTest::addColumn<int>("lanes");
    QTest::newRow("haswell") << "haswell" << 8;
    QTest::newRow("x86-64-v3") << "x86-64-v3" << 8;
    QTest::newRow("znver3") << "znver3" << 8;
    QTest::newRow("skylake-avx512") << "skylake-avx512" << 16;
    QTest::newRow("x86-64-v2") << "x86-64-v2" << 4;
  }
  void namedCpusHaveTheirVectorWidth() {
    QFETCH(QString, cpu);
    QFETCH(int, lanes);
    const std::string spec = "llvm -mcpu=" + cpu.toStdString();
    auto t = codegen::ParseCpuTarget(spec, 16);
    QVERIFY2(t.ok(), t.ok() ? "" : t.error().message.c_str());
    QVERIFY(t->has_value());
    QCOMPARE((*t)->cpu, cpu.toStdString());
    QCOMPARE((*t)->fp32_lanes, lanes);
    QCOMPARE((*t)->spec, spec);
  }

  void badTargetsAreRefusedWithTheReason() {
    auto wider = codegen::ParseCpuTarget("llvm -mcpu=sapphirerapids", 8);  // an AVX2 host
    QVERIFY(!wider.ok());
    QVERIFY2(wider.error().message.find("cannot execute") != std::string::npos,
             wider.error().message.c_str());
    auto unknown = codegen::ParseCpuTarget("llvm -mcpu=pentium9", 16);
    QVERIFY(!unknown.ok());
    QVERIFY(unknown.error().message.find("unknown -mcpu 'pentium9'") != std::string::npos);
    QVERIFY(unknown.error().message.find("haswell") != std::string::npos);  // the known names
    auto option = codegen::ParseCpuTarget("llvm -mattr=+avx2", 16);
    QVERIFY(!option.ok());
    QVERIFY(option.error().message.find("-mattr=+avx2") != std::string::npos);
    QVERIFY(!codegen::ParseCpuTarget("cuda -mcpu=haswell", 16).ok());
  }

  // Through the real binary: assembly for Haswell has ymm and no zmm registers, on any
  // x86 host with AVX2 (on an AVX-512 host the same kernel uses zmm without the target).
  void theBackendCompilesForTheNamedCpu() {
    if (codegen::HostFp32Lanes() < 8) QSKIP("this CPU has no AVX2");
    QTemporaryDir dir;
    const QString file = dir.filePath("vec.py");
    QFile f(file);
    QVERIFY(f.open(QIODevice::WriteOnly));
    f.write(kVectorized);
    f.close();
    Run haswell = Cli({"export", file, "--format", "asm"}, "llvm -mcpu=haswell");
    QCOMPARE(haswell.code, 0);
    QVERIFY(!haswell.out.contains("%zmm"));
    QVERIFY(haswell.out.contains("%ymm"));
    if (codegen::HostFp32Lanes() >= 16) {
      Run native = Cli({"export", file, "--format", "asm"});
      QCOMPARE(native.code, 0);
      QVERIFY(
          native.out.contains("%zmm"));  // the probe is meaningful here: the host would use them
    }
    // --target on the command line does the same for run/profile/tune; the profile
    // names the CPU it compiled for.
    Run profile = Cli({"profile", file, "--target", "llvm -mcpu=haswell", "--repeat", "2"});
    QCOMPARE(profile.code, 0);
    QVERIFY2(profile.out.contains("(haswell)"), qPrintable(profile.out));
  }

  // The lowering shapes vectors for the named CPU's registers: a 12-lane accumulator
  // runs as 8 + 4 lanes for Haswell, and whole where one register holds it.
  void theLoweringCutsVectorsAtTheNamedCpusWidth() {
    if (codegen::HostFp32Lanes() < 8) QSKIP("this CPU has no AVX2");
    QTemporaryDir dir;
    const QString file = dir.filePath("row.py");
    QFile f(file);
    QVERIFY(f.open(QIODevice::WriteOnly));
    f.write(kTwelveColumns);
    f.close();
    Run haswell = Cli({"lower", file}, "llvm -mcpu=haswell");
    QCOMPARE(haswell.code, 0);
    QVERIFY2(haswell.out.contains("C[ramp(0, 1, 8)] = (C[ramp(0, 1, 8)] +") &&
                 haswell.out.contains("C[ramp(8, 1, 4)] = (C[ramp(8, 1, 4)] +"),
             qPrintable(haswell.out));
    QVERIFY2(!haswell.out.contains("C[ramp(0, 1, 12)] = (C"), qPrintable(haswell.out));
    if (codegen::HostFp32Lanes() >= 16) {
      Run native = Cli({"lower", file});
      QCOMPARE(native.code, 0);
      QVERIFY2(native.out.contains("C[ramp(0, 1, 12)] = (C[ramp(0, 1, 12)] +"),
               qPrintable(native.out));
    }
  }

  void aBadTargetIsAUsageError() {
    Run r = Cli({"profile", "softmax_fast", "--target", "llvm -mcpu=pentium9"});
    QCOMPARE(r.code, 2);
    QVERIFY2(r.err.contains("unknown -mcpu 'pentium9'"), qPrintable(r.err));
    // Set in the environment, a bad value is reported and ignored (the host is used).
    Run env = Cli({"lower", "softmax_fast"}, "llvm -mcpu=pentium9");
    QCOMPARE(env.code, 0);
    QVERIFY2(env.err.contains("TESSERA_TARGET ignored"), qPrintable(env.err));
  }
};

}  // namespace tst_cpu_target

QTEST_APPLESS_MAIN(tst_cpu_target::CpuTargetTest)
#include "tst_cpu_target.moc"
