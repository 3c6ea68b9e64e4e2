// tessera-cli as a user runs it: the real binary through QProcess, checking stdout,
// stderr and the exit codes of the command-line contract (DESIGN.md, "The command
// line": 0 success, 1 bad input, 2 usage, 3 --check mismatch, 4 not available).
#include <QtTest>

#include <QProcess>
#include <QTemporaryDir>

#ifndef TESSERA_CLI_PATH
#error "tests/cli/CMakeLists.txt passes the path of tessera-cli"
#endif

namespace {

struct Run {
  int code = -1;
  QString out;
  QString err;
};

Run Cli(const QStringList& args) {
  QProcess p;
  p.start(QStringLiteral(TESSERA_CLI_PATH), args);
  Run r;
  if (!p.waitForFinished(60000) || p.exitStatus() != QProcess::NormalExit) {
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

class TestCli : public QObject {
  Q_OBJECT

 private slots:
  void simplify_data() {
    QTest::addColumn<QStringList>("args");
    QTest::addColumn<QString>("expected");
    // The bound-info RFC's example: with n a shape variable and 0 <= i < n*n, floormod
    // lowers to C's %; with n a plain int32 (possibly negative) it must stay floormod.
    QTest::newRow("bound-info RFC, n a size var")
        << QStringList{"i % n", "--size-var", "n", "--assume", "0 <= i and i < n*n",
                       "--lower-divmod"}
        << "(i % n)";
    QTest::newRow("bound-info RFC, n a plain var")
        << QStringList{"i % n", "--assume", "0 <= i and i < n*n", "--lower-divmod"}
        << "floormod(i, n)";
    QTest::newRow("floordiv of a multiple") << QStringList{"(x*8 + 3) // 8"} << "x";
    QTest::newRow("constants") << QStringList{"3 + 4 * 2"} << "11";
    QTest::newRow("assumption bounds a division")
        << QStringList{"i // 4", "--assume", "0 <= i and i < 4"} << "0";
    QTest::newRow("max of x and x+1") << QStringList{"te.max(x, x + 1)"} << "(x + 1)";
    QTest::newRow("option with =") << QStringList{"i // 4", "--assume=0 <= i and i < 4"} << "0";
    QTest::newRow("truncdiv stays C division")
        << QStringList{"tvm.tir.truncdiv(x, 8)"} << "(x / 8)";
  }
  void simplify() {
    QFETCH(QStringList, args);
    QFETCH(QString, expected);
    Run r = Cli(QStringList{"simplify"} + args);
    QCOMPARE(r.err, QString());
    QCOMPARE(r.code, 0);
    QCOMPARE(r.out, expected + "\n");
  }

  void malformed_expression_is_bad_input_with_column() {
    Run r = Cli({"simplify", "x +* 2"});
    QCOMPARE(r.code, 1);
    QCOMPARE(r.out, QString());
    QCOMPARE(r.err, QString("<expr>:1:4: error: expected an expression, found '*'\n"));
  }

  void malformed_assumption_is_bad_input() {
    Run r = Cli({"simplify", "x", "--assume", "0 <= x <= 3"});
    QCOMPARE(r.code, 1);
    QVERIFY(r.err.startsWith("<assume>:1:8: error: chained comparisons"));
    Run notbool = Cli({"simplify", "x", "--assume", "x + 1"});
    QCOMPARE(notbool.code, 1);
    QVERIFY(notbool.err.contains("must be a condition"));
  }

  void usage_errors_exit_2() {
    Run none = Cli({});
    QCOMPARE(none.code, 2);
    QVERIFY(none.err.contains("Usage: tessera-cli COMMAND"));
    Run unknown = Cli({"frobnicate"});
    QCOMPARE(unknown.code, 2);
    QVERIFY(unknown.err.contains("unknown command 'frobnicate'"));
    Run option = Cli({"simplify", "x", "--bogus"});
    QCOMPARE(option.code, 2);
    QVERIFY(option.err.contains("unknown option '--bogus'"));
    Run missing = Cli({"simplify"});
    QCOMPARE(missing.code, 2);
    QVERIFY(missing.err.contains("missing EXPR"));
    Run no_value = Cli({"simplify", "x", "--assume"});
    QCOMPARE(no_value.code, 2);
    QVERIFY(no_value.err.contains("needs a value"));
  }

  void help_exits_0() {
    Run top = Cli({"--help"});
    QCOMPARE(top.code, 0);
    QVERIFY(top.out.contains("simplify EXPR"));
    QVERIFY(top.out.contains("Exit codes"));
    for (const char* cmd : {"simplify", "examples", "lower", "bounds", "run", "profile",
                            "export", "layout"}) {
      Run r = Cli({cmd, "--help"});
      QVERIFY2(r.code == 0, cmd);
      QVERIFY2(r.out.contains(QString("tessera-cli ") + cmd), cmd);
    }
  }

  void unbuilt_backends_exit_4() {
    for (const char* cmd : {"run", "profile", "export", "layout"}) {
      Run r = Cli({cmd, "gemm"});
      QVERIFY2(r.code == 4, cmd);
      QVERIFY2(r.err.contains("not available"), cmd);
    }
  }

  void examples_lists_the_shipped_scripts() {
    Run r = Cli({"examples"});
    QCOMPARE(r.code, 0);
    QVERIFY(r.out.contains("gemm"));
    QVERIFY(r.out.contains("inferbound_ex4"));
  }

  void examples_found_without_source_dir_variable() {
    QProcess p;
    QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
    env.remove("TESSERA_SOURCE_DIR");
    p.setProcessEnvironment(env);
    p.start(QStringLiteral(TESSERA_CLI_PATH), {"examples"});
    QVERIFY(p.waitForFinished(30000));
    QCOMPARE(p.exitCode(), 0);
    QVERIFY(QString::fromUtf8(p.readAllStandardOutput()).contains("gemm"));
  }

  void garbage_arguments_never_crash() {
    QRandomGenerator rng(17);
    for (int round = 0; round < 20; ++round) {
      QByteArray bytes;
      for (int i = rng.bounded(1, 60); i > 0; --i) bytes += static_cast<char>(rng.bounded(1, 256));
      Run r = Cli({"simplify", QString::fromLatin1(bytes)});
      QVERIFY2(r.code == 0 || r.code == 1, qPrintable(r.err));
    }
    Run deep = Cli({"simplify", QString(20000, '(')});
    QCOMPARE(deep.code, 1);
    QVERIFY(deep.err.contains("nesting deeper than 200 levels"));
  }
};

QTEST_GUILESS_MAIN(TestCli)
#include "tst_cli.moc"
