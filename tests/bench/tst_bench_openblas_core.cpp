// The benchmarks' OpenBLAS kernels (bench/cpu/OpenBlasCore.h, BenchIsa.cpp): a DYNAMIC_ARCH
// OpenBLAS that does not know this CPU's model runs its SSE3 "Prescott" kernels (Debian
// 12's 0.3.21 on an Emerald Rapids Xeon: 6.3x slower than its SkylakeX kernels there), and
// every "vs OpenBLAS" ratio would flatter Tessera. The choice of OPENBLAS_CORETYPE from the
// picked core and the CPU's lanes, then end to end through the real tessera-bench-conv
// --contenders: whatever this machine is, OpenBLAS runs kernels of its ISA, and a user's
// own OPENBLAS_CORETYPE is left alone.
#include <QProcess>
#include <QRegularExpression>
#include <QtTest>

#include "codegen/CpuTarget.h"

#ifdef TESSERA_HAVE_BENCH_SUPPORT
#include "OpenBlasCore.h"
#endif

namespace tst_bench_openblas_core {

class TestBenchOpenBlasCore : public QObject {
  Q_OBJECT

#ifdef TESSERA_BENCH_CONV_PATH
  struct Contenders {
    int code = -1;
    QString out, err;
  };
  // tessera-bench-conv --contenders with OPENBLAS_CORETYPE as given ("" = unset).
  static Contenders Run(const QString& coretype, const QStringList& extra = {}) {
    QProcess p;
    QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
    for (const char* var :
         {"OPENBLAS_CORETYPE", "TESSERA_BENCH_OPENBLAS_PICKED", "TESSERA_BENCH_ISA",
          "TESSERA_TARGET", "DNNL_MAX_CPU_ISA", "HL_JIT_TARGET"})
      env.remove(var);
    if (!coretype.isEmpty()) env.insert("OPENBLAS_CORETYPE", coretype);
    p.setProcessEnvironment(env);
    p.start(TESSERA_BENCH_CONV_PATH, QStringList{"--contenders"} + extra);
    if (!p.waitForFinished(120000)) p.kill();
    return {p.exitCode(), QString::fromUtf8(p.readAllStandardOutput()),
            QString::fromUtf8(p.readAllStandardError())};
  }
  static QString OpenBlasLine(const QString& out) {
    for (const QString& line : out.split('\n'))
      if (line.trimmed().startsWith("OpenBLAS:")) return line.trimmed();
    return {};
  }
#endif

 private slots:
  void coreTypeFromPickedCoreAndLanes_data() {
    QTest::addColumn<QString>("picked");
    QTest::addColumn<int>("lanes");
    QTest::addColumn<QString>("expected");  // "" = leave OpenBLAS's choice
    QTest::newRow("SSE3 fallback on AVX-512") << "Prescott" << 16 << "SkylakeX";
    QTest::newRow("SSE3 fallback on AVX2") << "Prescott" << 8 << "Haswell";
    QTest::newRow("case-insensitive") << "PRESCOTT" << 16 << "SkylakeX";
    QTest::newRow("Nehalem on AVX2") << "Nehalem" << 8 << "Haswell";
    QTest::newRow("AVX without FMA on AVX2") << "Sandybridge" << 8 << "Haswell";
    QTest::newRow("AVX2 kernels on AVX-512") << "Haswell" << 16 << "SkylakeX";
    QTest::newRow("Zen on AVX-512 (Zen 4)") << "Zen" << 16 << "SkylakeX";
    QTest::newRow("SkylakeX on AVX-512") << "SkylakeX" << 16 << "";
    QTest::newRow("Cooperlake on AVX-512") << "Cooperlake" << 16 << "";
    QTest::newRow("SapphireRapids on AVX-512") << "SapphireRapids" << 16 << "";
    QTest::newRow("Haswell on AVX2") << "Haswell" << 8 << "";
    QTest::newRow("Zen on AVX2 (Zen 3)") << "Zen" << 8 << "";
    QTest::newRow("SSE-only CPU") << "Prescott" << 4 << "";
    QTest::newRow("unknown name") << "FutureCore" << 16 << "";
    QTest::newRow("empty name") << "" << 16 << "";
  }
  void coreTypeFromPickedCoreAndLanes() {
#ifndef TESSERA_HAVE_BENCH_SUPPORT
    QSKIP("built without the benchmarks (TESSERA_BENCH=OFF)");
#else
    QFETCH(QString, picked);
    QFETCH(int, lanes);
    QFETCH(QString, expected);
    const auto got = tessera::bench::OpenBlasCoreTypeFor(picked.toStdString(), lanes);
    QCOMPARE(got ? QString::fromStdString(*got) : QString(), expected);
#endif
  }

  void ranksOfKnownCores() {
#ifndef TESSERA_HAVE_BENCH_SUPPORT
    QSKIP("built without the benchmarks (TESSERA_BENCH=OFF)");
#else
    using tessera::bench::OpenBlasCoreRank;
    QCOMPARE(OpenBlasCoreRank("SkylakeX").value_or(0), 16);
    QCOMPARE(OpenBlasCoreRank("haswell").value_or(0), 8);
    QVERIFY(OpenBlasCoreRank("Sandybridge").value_or(0) < 8);
    QCOMPARE(OpenBlasCoreRank("Opteron(SSE3)").value_or(0), 4);
    QVERIFY(!OpenBlasCoreRank("SkylakeX2"));
#endif
  }

  // Fails on a CPU the library does not know without the benchmark's override.
  void benchmarkRunsOpenBlasKernelsOfThisIsa() {
#ifndef TESSERA_BENCH_CONV_PATH
    QSKIP("tessera-bench-conv is not built (TESSERA_BENCH=OFF)");
#else
    const Contenders r = Run("");
    QVERIFY2(r.code == 0, qPrintable(r.out + r.err));
    const QString line = OpenBlasLine(r.out);
    QVERIFY2(!line.isEmpty(), qPrintable(r.out));
    if (line.contains("not available")) QSKIP("tessera-bench-conv was built without OpenBLAS");
    const QRegularExpressionMatch m = QRegularExpression(R"(^OpenBLAS: core (\S+))").match(line);
    QVERIFY2(m.hasMatch(), qPrintable(line));
    const int host = tessera::codegen::HostFp32Lanes();
    const int rank = tessera::bench::OpenBlasCoreRank(m.captured(1).toStdString()).value_or(-1);
    QVERIFY2(rank >= 0, qPrintable("a core name the table does not know: " + line));
    QVERIFY2(
        rank >= std::min(host, 16) || host < 8,
        qPrintable(
            QString("OpenBLAS runs kernels below this CPU's %1 lanes: %2").arg(host).arg(line)));
    // Where the benchmark overrode the library's choice it says so, naming that choice.
    if (line.contains("set by the benchmark"))
      QVERIFY2(line.contains("took this CPU for"), qPrintable(line));
#endif
  }

  void usersCoreTypeIsLeftAlone() {
#ifndef TESSERA_BENCH_CONV_PATH
    QSKIP("tessera-bench-conv is not built (TESSERA_BENCH=OFF)");
#else
    if (tessera::codegen::HostFp32Lanes() < 8)
      QSKIP("this CPU has no AVX2: Haswell kernels would not run");
    const Contenders r = Run("Haswell");
    QVERIFY2(r.code == 0, qPrintable(r.out + r.err));
    const QString line = OpenBlasLine(r.out);
    if (line.contains("not available")) QSKIP("tessera-bench-conv was built without OpenBLAS");
    QVERIFY2(line.startsWith("OpenBLAS: core Haswell (OPENBLAS_CORETYPE=Haswell)"),
             qPrintable(line));
    QVERIFY2(!line.contains("set by the benchmark"), qPrintable(line));
#endif
  }

  void contendersOptionIsCheckedLikeTheOthers() {
#ifndef TESSERA_BENCH_CONV_PATH
    QSKIP("tessera-bench-conv is not built (TESSERA_BENCH=OFF)");
#else
    const Contenders bad = Run("", {"--isa", "sse9"});
    QCOMPARE(bad.code, 2);
    QVERIFY2(bad.err.contains("unknown value 'sse9'"), qPrintable(bad.err));
    const Contenders none = Run("", {"--frobnicate"});
    QCOMPARE(none.code, 2);
    QVERIFY2(none.err.contains("--contenders"), qPrintable(none.err));
#endif
  }
};

}  // namespace tst_bench_openblas_core

QTEST_GUILESS_MAIN(tst_bench_openblas_core::TestBenchOpenBlasCore)
#include "tst_bench_openblas_core.moc"
