// tessera-cli layout on TensorIR documents: the layout a buffer's transform_layout gave it
// (RFC 0077: shapes, pad value, padding cells and predicate, the element map), the trace
// instruction and index map, and which blocks keep the padding — overcompute, a padding
// block, or the caller's promise — as TVM 0.20 schedules them (the programs are
// tests/tir/programs/layout_*.py, whose TVM prints tst_tir_tvm_reference compares).
// Also the buffers no transform touched, and the errors.
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QtTest>

#include "CliProcess.h"

namespace tst_tir_layout_cli {

namespace {

QString Program(const QString& name) {
  return QString::fromLocal8Bit(qgetenv("TESSERA_SOURCE_DIR")) + "/tests/tir/programs/" + name +
         ".py";
}

QJsonObject JsonOf(const Run& r) {
  QJsonParseError error;
  QJsonDocument doc = QJsonDocument::fromJson(r.out.toUtf8(), &error);
  if (error.error != QJsonParseError::NoError) return {};
  return doc.object();
}

}  // namespace

class TestTirLayoutCli : public QObject, protected CliScriptFolder {
  Q_OBJECT

 private slots:
  // B[14] as [4, 4] with pad_value 0.0: TVM rewrites B's producer over the padded shape.
  void overcomputeInTheProducer() {
    Run r = Cli({"layout", Program("layout_write_pad_constant"), "--buffer", "B"});
    QVERIFY2(r.code == 0, qPrintable(r.err));
    QVERIFY2(r.out.startsWith("buffer B (float32)\n  logical shape:     [14]\n"
                              "  physical shape:    [4, 4]\n"),
             qPrintable(r.out));
    QVERIFY2(r.out.contains("  padding cells:     2\n"), qPrintable(r.out));
    QVERIFY2(r.out.contains("  transform:         instruction 1 of the trace, block B: "
                            "lambda i: (i // 4, i % 4,)\n"),
             qPrintable(r.out));
    QVERIFY2(r.out.contains("  padding kept by:   overcompute in B "), qPrintable(r.out));
    QVERIFY2(r.out.contains("    [3, 2] <- padding\n    [3, 3] <- padding\n"), qPrintable(r.out));
    QVERIFY2(r.out.contains("    [2, 1] <- [9]\n"), qPrintable(r.out));
  }

  // A transposing writer cannot iterate the padded shape: a padding block follows it.
  void branchingWithAPaddingBlock() {
    Run r = Cli({"layout", Program("layout_transposed_writer_padding"), "--buffer", "B", "--json"});
    QVERIFY2(r.code == 0, qPrintable(r.err));
    QJsonObject o = JsonOf(r);
    QVERIFY2(!o.isEmpty(), qPrintable(r.out));
    QCOMPARE(o["pad_value"].toString(), QString("-1f"));
    QJsonObject kept = o["padding_kept_by"].toObject();
    QCOMPARE(kept["padding_block"].toString(), QString("buffer_B_padding"));
    QCOMPARE(kept["producers"].toArray(), QJsonArray{"B"});
    QVERIFY(kept["overcompute"].toArray().isEmpty());
    QJsonObject transform = o["transform"].toObject();
    QCOMPARE(transform["block"].toString(), QString("B"));
    QCOMPARE(transform["index_map"].toString(), QString("lambda i, j: (i // 4, j, i % 4,)"));
    QVERIFY(o["padding_count"].toInt() > 0);
    Run text = Cli({"layout", Program("layout_transposed_writer_padding"), "--buffer", "B"});
    QVERIFY2(text.out.contains("  padding kept by:   branching: buffer_B_padding writes the pad "
                               "value after B\n"),
             qPrintable(text.out));
  }

  // An input's padding is what the caller promises: the assumption block says so.
  void anInputsPaddingIsAssumed() {
    Run r = Cli({"layout", Program("layout_read_pad_assume"), "--buffer", "A"});
    QVERIFY2(r.code == 0, qPrintable(r.err));
    QVERIFY2(r.out.contains("  pad value:         -1\n"), qPrintable(r.out));
    QVERIFY2(r.out.contains("  padding kept by:   the caller's promise, T.assume in "
                            "buffer_A_assumptions\n"),
             qPrintable(r.out));
  }

  // run --check of a schedule that changed a parameter's layout: the unscheduled function
  // reads and writes the arrays in their layouts before (a padded input holds the pad
  // value its assumption promises; a padded output is compared where elements map).
  void runCheckThroughChangedParameterLayouts_data() {
    QTest::addColumn<QString>("program");
    for (const char* p :
         {"layout_read_pad_assume", "layout_write_pad_constant", "layout_read_input_tile",
          "layout_nchw_nchwc_pad", "blockize_packed_layout"})
      QTest::newRow(p) << QString(p);
  }
  void runCheckThroughChangedParameterLayouts() {
    QFETCH(QString, program);
    Run r = Cli({"run", Program(program), "--check"});
    QVERIFY2(r.code == 0, qPrintable(r.err + r.out));
    QVERIFY2(r.out.contains(" 0 mismatches") && !r.out.contains("MISMATCH"), qPrintable(r.out));
  }

  // The exported TVM program moves the arrays the same way: the scheduled function gets a
  // changed input through to_layout (its padding the pad value) and its changed output is
  // read back through from_layout before the comparison.
  void exportMovesArraysThroughChangedLayouts() {
    Run in = Cli({"export", Program("layout_read_pad_assume"), "--format", "tir", "--tvm", "0.20"});
    QVERIFY2(in.code == 0, qPrintable(in.err));
    QVERIFY2(in.out.contains("def to_layout(a, maps, shape, pad=0):") &&
                 in.out.contains("tvm.nd.array(to_layout(host[0], [lambda i: (i // 4, i % 4,)], "
                                 "(4, 4,), -1), dev)"),
             qPrintable(in.out));
    Run out =
        Cli({"export", Program("layout_write_pad_constant"), "--format", "tir", "--tvm", "0.20"});
    QVERIFY2(out.code == 0, qPrintable(out.err));
    QVERIFY2(out.out.contains("np.testing.assert_allclose(from_layout(got[1].numpy(), "
                              "[lambda i: (i // 4, i % 4,)], (14,)), want[1].numpy()"),
             qPrintable(out.out));
  }

  // A buffer no transform touched: the identity layout, as the function declares it.
  void anUntransformedBuffer() {
    Run r = Cli({"layout", Program("layout_read_pad_assume"), "--buffer", "B", "--json"});
    QVERIFY2(r.code == 0, qPrintable(r.err));
    QJsonObject o = JsonOf(r);
    QCOMPARE(o["logical_shape"].toArray(), o["physical_shape"].toArray());
    QCOMPARE(o["padding_count"].toInt(), 0);
    QVERIFY(o["transform"].isNull());
    QCOMPARE(o["elements"].toArray().size(), o["logical_shape"].toArray()[0].toInt());
  }

  void errors_data() {
    QTest::addColumn<QStringList>("args");
    QTest::addColumn<int>("code");
    QTest::addColumn<QString>("expected");
    QTest::newRow("an unknown buffer")
        << QStringList{"layout", Program("layout_read_pad_assume"), "--buffer", "Z"} << 1
        << "error: the function has no buffer named 'Z' (buffers: A, B)";
    QTest::newRow("a function the module lacks")
        << QStringList{"layout", Program("layout_read_pad_assume"), "--buffer", "A", "--func",
                       "nope"}
        << 2 << "--func nope";
  }
  void errors() {
    QFETCH(QStringList, args);
    QFETCH(int, code);
    QFETCH(QString, expected);
    Run r = Cli(args);
    QCOMPARE(r.code, code);
    QVERIFY2(r.err.contains(expected), qPrintable(r.err));
  }

  // A module of several functions: --func chooses, and without it the command asks.
  void aFunctionOfAModule() {
    QString path = Write("module.py",
                         "from tvm.script import ir as I\n"
                         "from tvm.script import tir as T\n"
                         "@I.ir_module\n"
                         "class Module:\n"
                         "    @T.prim_func\n"
                         "    def f(A: T.Buffer((8,), 'float32')):\n"
                         "        T.evaluate(0)\n"
                         "    @T.prim_func\n"
                         "    def g(X: T.Buffer((6, 2), 'float32')):\n"
                         "        T.evaluate(0)\n");
    Run r = Cli({"layout", path, "--buffer", "X", "--func", "g"});
    QVERIFY2(r.code == 0, qPrintable(r.err));
    QVERIFY2(r.out.contains("  physical shape:    [6, 2]\n"), qPrintable(r.out));
    Run ask = Cli({"layout", path, "--buffer", "X"});
    QVERIFY(ask.code != 0);
    QVERIFY2(ask.err.contains("several functions"), qPrintable(ask.err));
  }

  // One schedule over two functions that both have a buffer B: each function shows its
  // own transform, found by replaying the trace of the whole module.
  void aModuleScheduleShowsTheChosenFunctionsTransforms() {
    QString path =
        Write("module.py",
              "from tvm import tir\n"
              "from tvm.script import ir as I\n"
              "from tvm.script import tir as T\n"
              "@I.ir_module\n"
              "class Module:\n"
              "    @T.prim_func\n"
              "    def f(A: T.Buffer((14,), 'float32'), B: T.Buffer((14,), 'float32')):\n"
              "        for i in range(14):\n"
              "            with T.block('B'):\n"
              "                vi = T.axis.remap('S', [i])\n"
              "                B[vi] = A[vi] + T.float32(1.0)\n"
              "    @T.prim_func\n"
              "    def g(X: T.Buffer((6, 2), 'float32'), B: T.Buffer((6, 2), 'float32')):\n"
              "        for i, j in T.grid(6, 2):\n"
              "            with T.block('B'):\n"
              "                vi, vj = T.axis.remap('SS', [i, j])\n"
              "                B[vi, vj] = X[vi, vj] * T.float32(2.0)\n"
              "sch = tir.Schedule(Module)\n"
              "sch.work_on('f')\n"
              "sch.transform_layout('B', ('write', 0), lambda i: [i // 4, i % 4], "
              "pad_value=0.0)\n"
              "sch.work_on('g')\n"
              "sch.transform_layout('B', ('write', 0), lambda i, j: [j, i])\n");
    Run f = Cli({"layout", path, "--buffer", "B", "--func", "f"});
    QVERIFY2(f.code == 0, qPrintable(f.err));
    QVERIFY2(f.out.contains("  physical shape:    [4, 4]\n"), qPrintable(f.out));
    QVERIFY2(f.out.contains("  padding kept by:   overcompute in B "), qPrintable(f.out));
    for (const QStringList& g : {QStringList{"--func", "g"}, QStringList{}}) {
      Run r = Cli(QStringList{"layout", path, "--buffer", "B"} + g);
      QVERIFY2(r.code == 0, qPrintable(r.err));
      QVERIFY2(r.out.contains("  physical shape:    [2, 6]\n"), qPrintable(r.out));
      QVERIFY2(r.out.contains("  transform:         instruction 3 of the trace, block B: "
                              "lambda i, j: (j, i,)\n"),
               qPrintable(r.out));
    }
  }
};

}  // namespace tst_tir_layout_cli

QTEST_APPLESS_MAIN(tst_tir_layout_cli::TestTirLayoutCli)
#include "tst_tir_layout_cli.moc"
