// tessera-cli with scalar te.var parameters: `run --check --scalar b=2.5` runs the kernel
// and the te oracle with the same value; without --scalar a float scalar is 1.5 (printed,
// so the check is reproducible); a malformed --scalar, an unknown name and a value of the
// wrong type are usage errors naming them; a variable the computation reads that
// tvm.lower's list leaves out is a located error; profile --json reports the values and
// the TVM export keeps the list as written.
#include <QFile>
#include <QJsonDocument>
#include <QJsonObject>
#include <QProcess>
#include <QTemporaryDir>
#include <QtTest>

#include "CliProcess.h"

namespace tst_scalar_cli {

namespace {

// B = A * b (b float32) and C = A[i + off] * off (off int32); `list` is tvm.lower's.
QByteArray ScaleScript(const QByteArray& list) {
  return "import tvm\n"
         "from tvm import te\n"
         "n = te.var(\"n\")\n"
         "A = te.placeholder((n,), name=\"A\")\n"
         "b = te.var(\"b\", dtype=\"float32\")\n"
         "B = te.compute((n,), lambda i: A[i] * b, name=\"B\")\n"
         "s = te.create_schedule(B.op)\n"
         "xo, xi = s[B].split(B.op.axis[0], factor=8)\n"
         "print(tvm.lower(s, [" +
         list + "], simple_mode=True))\n";
}

const QByteArray kOffsetScript =
    "import tvm\n"
    "from tvm import te\n"
    "off = te.var(\"off\")\n"
    "A = te.placeholder((40,), name=\"A\", dtype=\"int32\")\n"
    "C = te.compute((32,), lambda i: A[i + off] * off, name=\"C\")\n"
    "s = te.create_schedule(C.op)\n"
    "s[C].vectorize(s[C].split(C.op.axis[0], factor=4)[1])\n"
    "mod = tvm.lower(s, [A, C, off])\n";

// TVMScript: y = alpha * x over a length n given by a scalar parameter between the buffers.
const QByteArray kTirScaleScript =
    "from tvm.script import tir as T\n"
    "@T.prim_func\n"
    "def scale(x: T.handle, n: T.int32, y: T.handle, alpha: T.float32):\n"
    "    X = T.match_buffer(x, (n,))\n"
    "    Y = T.match_buffer(y, (n,))\n"
    "    for i in range(n):\n"
    "        with T.block(\"Y\"):\n"
    "            vi = T.axis.spatial(n, i)\n"
    "            Y[vi] = alpha * X[vi]\n";

}  // namespace

class TestScalarCli : public QObject, protected CliScriptFolder {
  Q_OBJECT

 private slots:
  void runCheckWithAGivenScalar() {
    QString path = Write("scale.py", ScaleScript("A, B, b"));
    Run r = Cli({"run", path, "--check", "--scalar", "b=2.5", "--var", "n=100"});
    QVERIFY2(r.code == 0, qPrintable(r.err + r.out));
    QVERIFY2(r.out.contains("scalar b = 2.5 (float32)\n"), qPrintable(r.out));
    QVERIFY2(r.out.contains("  B float32[100]: "), qPrintable(r.out));
  }

  void runCheckWithTheDefault() {
    QString path = Write("scale.py", ScaleScript("A, B, b"));
    Run r = Cli({"run", path, "--check"});
    QVERIFY2(r.code == 0, qPrintable(r.err + r.out));
    QVERIFY2(r.out.contains("note: shape variable n = 64 (use --var n=N)\n"), qPrintable(r.out));
    QVERIFY2(r.out.contains("scalar b = 1.5 (float32, default; use --scalar b=VALUE)\n"),
             qPrintable(r.out));
  }

  void runIntScalar() {
    QString path = Write("offset.py", kOffsetScript);
    Run r = Cli({"run", path, "--check", "--scalar", "off=7"});
    QVERIFY2(r.code == 0, qPrintable(r.err + r.out));
    QVERIFY2(r.out.contains("scalar off = 7 (int32)\n"), qPrintable(r.out));
    Run d = Cli({"run", path, "--check"});
    QVERIFY2(d.code == 0, qPrintable(d.err + d.out));
    QVERIFY2(d.out.contains("scalar off = 3 (int32, default; use --scalar off=VALUE)\n"),
             qPrintable(d.out));
  }

  // TVMScript's scalar parameters (`n: T.int32`, `alpha: T.float32`) take --var and
  // --scalar as a te.var's do; the check runs the reference with the same values.
  void tensorIRScalarParameters() {
    QString path = Write("tir_scale.py", kTirScaleScript);
    Run r = Cli({"run", path, "--check", "--scalar", "alpha=2.5", "--var", "n=37"});
    QVERIFY2(r.code == 0, qPrintable(r.err + r.out));
    QVERIFY2(r.out.contains("scalar alpha = 2.5 (float32)\n"), qPrintable(r.out));
    QVERIFY2(r.out.contains("  Y float32[37]: max abs error 0"), qPrintable(r.out));
    Run d = Cli({"run", path, "--check"});
    QVERIFY2(d.code == 0, qPrintable(d.err + d.out));
    QVERIFY2(d.out.contains("note: shape variable n = 64 (use --var n=N)\n"), qPrintable(d.out));
    QVERIFY2(d.out.contains("scalar alpha = 1.5 (float32, default; use --scalar alpha=VALUE)\n"),
             qPrintable(d.out));
    Run bad = Cli({"run", path, "--scalar", "beta=1"});
    QCOMPARE(bad.code, 2);
    QVERIFY2(bad.err.startsWith("tessera-cli run: --scalar beta=1: the kernel scale has no "
                                "scalar parameter 'beta' (it has n, alpha)"),
             qPrintable(bad.err));
  }

  void badScalarArguments_data() {
    QTest::addColumn<QString>("script");
    QTest::addColumn<QStringList>("args");
    QTest::addColumn<QString>("expected");
    QTest::newRow("no value") << "scale" << QStringList{"--scalar", "b"}
                              << "tessera-cli run: --scalar expects NAME=VALUE, got 'b'\n";
    QTest::newRow("not a number")
        << "scale" << QStringList{"--scalar", "b=fast"}
        << "tessera-cli run: --scalar expects a number (an integer, a float such as "
           "2.5, or True/False), got 'b=fast'\n";
    QTest::newRow("unknown name")
        << "scale" << QStringList{"--scalar", "c=1"}
        << "tessera-cli run: --scalar c=1: the kernel main has no scalar parameter "
           "'c' (it has b, n)\n";
    QTest::newRow("float for an int32")
        << "offset" << QStringList{"--scalar", "off=2.5"}
        << "tessera-cli run: scalar argument off = 2.5 is not a whole number; "
           "off is int32\n";
  }
  void badScalarArguments() {
    QFETCH(QString, script);
    QFETCH(QStringList, args);
    QFETCH(QString, expected);
    QString path = script == "scale" ? Write("scale.py", ScaleScript("A, B, b"))
                                     : Write("offset.py", kOffsetScript);
    Run r = Cli(QStringList{"run", path, "--check"} + args);
    QCOMPARE(r.code, 2);
    QVERIFY2(r.err.startsWith(expected), qPrintable(r.err));
  }

  // TVM: a variable the computation reads must be among the arguments.
  void unlistedVariableIsALocatedError() {
    QString path = Write("unlisted.py", ScaleScript("A, B"));
    for (const char* command : {"lower", "run"}) {
      Run r = Cli({command, path});
      QCOMPARE(r.code, 1);
      QVERIFY2(r.err.startsWith(path + ":9:"), qPrintable(r.err));
      QVERIFY2(r.err.contains("variable b (float32) is not bound"), qPrintable(r.err));
    }
  }

  void profileJsonReportsTheScalars() {
    QString path = Write("scale.py", ScaleScript("A, B, b"));
    Run r = Cli({"profile", path, "--json", "--repeat", "1", "--scalar", "b=-0.75"});
    QVERIFY2(r.code == 0, qPrintable(r.err + r.out));
    QJsonObject scalars =
        QJsonDocument::fromJson(r.out.toUtf8()).object().value("scalars").toObject();
    QCOMPARE(scalars.value("b").toDouble(), -0.75);
    QCOMPARE(scalars.value("n").toInt(), 64);
  }

  void tvmExportKeepsTheList() {
    QString path = Write("scale.py", ScaleScript("A, b, B"));
    Run r = Cli({"export", path, "--format", "tvm"});
    QVERIFY2(r.code == 0, qPrintable(r.err));
    QVERIFY2(r.out.contains("print(tvm.lower(s, [A, b, B], simple_mode=True))"), qPrintable(r.out));
  }
};

}  // namespace tst_scalar_cli

QTEST_APPLESS_MAIN(tst_scalar_cli::TestScalarCli)
#include "tst_scalar_cli.moc"
