// Issue #12, item 3: in TVM's GEMM tutorial schedules (bench/gemm_tutorial, steps 3 to 7,
// the ones with a vectorized loop) every vector access of the packed or blocked operands
// is affine in the vectorized variable after simplification, so the LLVM backend must
// emit plain contiguous vector loads and stores for them — no gathers. A gather here was
// the 17x slowdown the issue found (`packedB[ramp(n.outer*32, 1, 32) / x32(32) ...]`).
// Checked on what a user sees: `tessera-cli export --format llvm` and `--format asm`.
#include <QProcess>
#include <QRegularExpression>
#include <QtTest>

#ifndef TESSERA_CLI_PATH
#error "tests/CMakeLists.txt passes the path of tessera-cli"
#endif

namespace tst_tutorial_vector_access {

namespace {

QString Export(const QString& script, const QString& format, QString* error) {
  QProcess p;
  p.start(QStringLiteral(TESSERA_CLI_PATH), {"export", "--format", format, script});
  if (!p.waitForFinished(120000) || p.exitStatus() != QProcess::NormalExit || p.exitCode() != 0) {
    p.kill();
    p.waitForFinished();
    *error = QString::fromUtf8(p.readAllStandardError());
    return {};
  }
  return QString::fromUtf8(p.readAllStandardOutput());
}

QString SourceDir() {
  QByteArray dir = qgetenv("TESSERA_SOURCE_DIR");
  return dir.isEmpty() ? QString() : QString::fromLocal8Bit(dir);
}

}  // namespace

class TestTutorialVectorAccess : public QObject {
  Q_OBJECT

 private slots:
  void contiguousVectorLoads_data() {
    QTest::addColumn<QString>("script");
    for (const char* step : {"3_vectorization", "4_loop_permutation", "5_array_packing",
                             "6_write_cache", "7_parallel"})
      QTest::newRow(step) << QString("bench/gemm_tutorial/%1.py").arg(step);
  }
  void contiguousVectorLoads() {
    QFETCH(QString, script);
    if (SourceDir().isEmpty()) QSKIP("TESSERA_SOURCE_DIR is not set (CTest sets it)");
    QString error;
    QString ir = Export(SourceDir() + "/" + script, "llvm", &error);
    if (ir.isEmpty() && error.contains("LLVM")) QSKIP("this build has no LLVM backend");
    QVERIFY2(!ir.isEmpty(), qPrintable(error));
    QVERIFY2(!ir.contains("masked.gather") && !ir.contains("masked.scatter"),
             qPrintable(script + ": the LLVM IR gathers or scatters"));
    // At least one full-width contiguous vector load of the operands.
    QVERIFY2(ir.contains(QRegularExpression(R"(load <(8|16|32|64) x float>)")),
             qPrintable(script + ": no vector load in the LLVM IR"));

    QString asm_text = Export(SourceDir() + "/" + script, "asm", &error);
    QVERIFY2(!asm_text.isEmpty(), qPrintable(error));
    QVERIFY2(!asm_text.contains(QRegularExpression(R"(\bvgather[dq]p[sd]\b|\bvpgather)")),
             qPrintable(script + ": the assembly has a gather instruction"));
    QVERIFY2(asm_text.contains(QRegularExpression(R"(\b(vmov[au]ps|vfmadd\d+ps)\s+[^\n]*%[yz]mm)")),
             qPrintable(script + ": no packed vector instruction in the assembly"));
  }
};

}  // namespace tst_tutorial_vector_access

QTEST_GUILESS_MAIN(tst_tutorial_vector_access::TestTutorialVectorAccess)
#include "tst_tutorial_vector_access.moc"
