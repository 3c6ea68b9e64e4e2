// Script round trip: every shipped example evaluates, prints back as a script, and
// printing is a fixed point — print(parse(print(parse(x)))) == print(parse(x)) — with
// the reparsed schedule equal to the original (same trace, same leaf loops).
#include <QDir>
#include <QFile>
#include <QtTest>

#include "schedule/Primitives.h"
#include "schedule/Replay.h"
#include "script/Evaluator.h"
#include "script/export/ScriptPrinter.h"

namespace tst_roundtrip {

using namespace tessera;
using namespace tessera::script;

namespace {

QString ExamplesDir() {
  return QString::fromLocal8Bit(qgetenv("TESSERA_SOURCE_DIR")) + "/resources/examples";
}

std::string ReadExample(const QString& name) {
  QFile f(ExamplesDir() + "/" + name);
  if (!f.open(QIODevice::ReadOnly)) return "";
  return f.readAll().toStdString();
}

std::vector<std::string> Leaves(const schedule::Schedule& sch) {
  std::vector<std::string> out;
  for (const schedule::Stage& st : sch.stages) {
    std::string line = st->name() + ":";
    for (const ir::IterVar& iv : st->leaf_iter_vars) line += " " + iv->var.name();
    line += std::string(" @") + schedule::attach_type_name(st->attach_type);
    out.push_back(line);
  }
  return out;
}

}  // namespace

class TestRoundTrip : public QObject {
  Q_OBJECT

 private slots:
  void examples_data() {
    QTest::addColumn<QString>("file");
    const QStringList files = QDir(ExamplesDir()).entryList({"*.py"}, QDir::Files, QDir::Name);
    QVERIFY2(files.size() >= 8, "the shipped examples are found through TESSERA_SOURCE_DIR");
    for (const QString& f : files) QTest::newRow(qPrintable(f)) << f;
  }
  void examples() {
    QFETCH(QString, file);
    std::string source = ReadExample(file);
    QVERIFY(!source.empty());
    auto first = EvaluateScript(source, file.toStdString());
    QVERIFY2(first.ok(), first ? "" : first.error().format().c_str());
    std::string printed = PrintScript(*first);

    auto second = EvaluateScript(printed, "printed.py");
    QVERIFY2(second.ok(), (second ? printed : second.error().format() + "\n" + printed).c_str());
    std::string reprinted = PrintScript(*second);
    QCOMPARE(QString::fromStdString(reprinted), QString::fromStdString(printed));

    QCOMPARE(bool(first->schedule), bool(second->schedule));
    if (first->schedule) {
      QVERIFY(first->schedule->trace == second->schedule->trace);
      QCOMPARE(Leaves(*second->schedule), Leaves(*first->schedule));
    }
  }

  // The printed schedule part replays to the same schedule through the trace too.
  void trace_replays() {
    auto program = EvaluateScript(ReadExample("gemm.py"), "gemm.py");
    QVERIFY(program.ok());
    auto replayed = schedule::Replay(program->schedule->trace, program->schedule->outputs);
    QVERIFY2(replayed.ok(), replayed ? "" : replayed.error().format().c_str());
    QCOMPARE(Leaves(*replayed), Leaves(*program->schedule));
  }

  // Names the script did not give are derived and made unique; reused names stay valid.
  void generated_and_reused_names() {
    std::string script =
        "import tvm\nfrom tvm import te\n"
        "A = te.placeholder((64, 64), name='A')\n"
        "B = te.compute((64, 64), lambda i, j: A[i, j] * 2, name='B')\n"
        "C = te.compute((64, 64), lambda i, j: B[i, j] + 1, name='C')\n"
        "s = te.create_schedule(C.op)\n"
        "xo, xi = s[B].split(B.op.axis[0], factor=8)\n"
        "xo, xi = s[C].split(C.op.axis[0], factor=8)\n"
        "s[C].split(C.op.axis[1], factor=4)\n"
        "s[B].compute_at(s[C], xo)\n";
    auto first = EvaluateScript(script, "names.py");
    QVERIFY2(first.ok(), first ? "" : first.error().format().c_str());
    std::string printed = PrintScript(*first);
    QVERIFY2(printed.find("xo, xi = s[B].split(B.op.axis[0], factor=8)\n") != std::string::npos,
             printed.c_str());
    QVERIFY2(printed.find("xo_1, xi_1 = s[C].split(C.op.axis[0], factor=8)\n") != std::string::npos,
             printed.c_str());
    QVERIFY2(printed.find("j_outer, j_inner = s[C].split(C.op.axis[1], factor=4)\n") !=
                 std::string::npos,
             printed.c_str());
    QVERIFY2(printed.find("s[B].compute_at(s[C], xo_1)\n") != std::string::npos, printed.c_str());
    auto second = EvaluateScript(printed, "names2.py");
    QVERIFY(second.ok());
    QCOMPARE(QString::fromStdString(PrintScript(*second)), QString::fromStdString(printed));
  }

  // rfactor moves the reduce axes to a new stage; names bound before it still print. The
  // stage's axes after rfactor are s[B].op.axis (TVM refuses B.op.axis there) and print so.
  void rfactor_keeps_the_script_names() {
    std::string script =
        "import tvm\nfrom tvm import te\n"
        "A = te.placeholder((1024,), name='A')\n"
        "k = te.reduce_axis((0, 1024), name='k')\n"
        "B = te.compute((1,), lambda i: te.sum(A[k], axis=k), name='B')\n"
        "s = te.create_schedule(B.op)\n"
        "ko, ki = s[B].split(k, factor=16)\n"
        "BF = s.rfactor(B, ki)\n"
        "s[BF].compute_root()\n"
        "s[B].storage_align(s[B].op.axis[0], 16, 1)\n"
        "s[B].pragma(s[B].op.axis[0], 'debug_skip_region')\n";
    auto first = EvaluateScript(script, "rf.py");
    QVERIFY2(first.ok(), first ? "" : first.error().format().c_str());
    std::string printed = PrintScript(*first);
    for (const char* line :
         {"ko, ki = s[B].split(k, factor=16)\n", "BF = s.rfactor(B, ki, factor_axis=0)\n",
          "s[BF].compute_root()\n", "s[B].storage_align(s[B].op.axis[0], 16, 1)\n",
          "s[B].pragma(s[B].op.axis[0], \"debug_skip_region\")\n"})
      QVERIFY2(printed.find(line) != std::string::npos, printed.c_str());
    auto second = EvaluateScript(printed, "rf2.py");
    QVERIFY(second.ok());
    QCOMPARE(QString::fromStdString(PrintScript(*second)), QString::fromStdString(printed));
  }

  // transform_layout (RFC 0077) with every kind of pad value, axis separators and an
  // input layout prints back to the same trace.
  void transform_layout_data() {
    QTest::addColumn<std::string>("call");
    QTest::addColumn<std::string>("printed");
    QTest::newRow("constant pad")
        << std::string("io, ii = s[B].transform_layout(lambda i: [i // 4, i % 4], pad_value=0.0)")
        << std::string(
               "io, ii = s[B].transform_layout(lambda i: [(i // 4), (i % 4)], pad_value=0.0)");
    QTest::newRow("no pad value")
        << std::string("io, ii = s[B].transform_layout(lambda i: [i // 4, i % 4])")
        << std::string("io, ii = s[B].transform_layout(lambda i: [(i // 4), (i % 4)])");
    QTest::newRow("pad function")
        << std::string(
               "io, ii = s[B].transform_layout(lambda i: [i // 4, i % 4], pad_value=lambda a, b: "
               "(a * 4 + b).astype('float32'))")
        << std::string(
               "io, ii = s[B].transform_layout(lambda i: [(i // 4), (i % 4)], pad_value=lambda a, "
               "b: tvm.tir.Cast(\"float32\", ((a * 4) + b)))");
    QTest::newRow("undef") << std::string(
                                  "io, ii = s[B].transform_layout(lambda i: [i // 4, i % 4], "
                                  "pad_value=tvm.tir.undef(dtype='float32'))")
                           << std::string(
                                  "io, ii = s[B].transform_layout(lambda i: [(i // 4), (i % 4)], "
                                  "pad_value=tvm.tir.undef())");
    QTest::newRow("axis separators")
        << std::string(
               "x, y, z = s[B].transform_layout(lambda i: [i // 8, (i // 4) % 2, i % 4], "
               "pad_value=0.0, axis_separators=[1])")
        << std::string(
               "x, y, z = s[B].transform_layout(lambda i: [(i // 8), ((i // 4) % 2), (i % 4)], "
               "pad_value=0.0, axis_separators=[1])");
    QTest::newRow("input layout")
        << std::string("s[A].transform_layout(lambda i: [i // 4, i % 4], pad_value=-1.0)")
        << std::string("s[A].transform_layout(lambda i: [(i // 4), (i % 4)], pad_value=(-1.0))");
    // RFC 0077: a pad value may read the transformed buffer itself, with physical indices.
    QTest::newRow("pad wraps to the beginning")
        << std::string(
               "io, ii = s[B].transform_layout(lambda i: [i // 4, i % 4], pad_value=lambda io, ii: "
               "B[0, (4 * io + ii - 14) % 4])")
        << std::string(
               "io, ii = s[B].transform_layout(lambda i: [(i // 4), (i % 4)], pad_value=lambda io, "
               "ii: B[0, ((((4 * io) + ii) - 14) % 4)])");
  }
  void transform_layout() {
    QFETCH(std::string, call);
    QFETCH(std::string, printed);
    std::string script =
        "import tvm\nfrom tvm import te\n"
        "A = te.placeholder((14,), name='A')\n"
        "B = te.compute((14,), lambda i: A[i] * 2.0, name='B')\n"
        "s = te.create_schedule(B.op)\n" +
        call + "\n";
    auto first = EvaluateScript(script, "layout.py");
    QVERIFY2(first.ok(), first ? "" : first.error().format().c_str());
    std::string text = PrintScript(*first);
    QVERIFY2(text.find(printed + "\n") != std::string::npos, text.c_str());
    auto second = EvaluateScript(text, "layout2.py");
    QVERIFY2(second.ok(), second ? "" : (second.error().format() + "\n" + text).c_str());
    QCOMPARE(QString::fromStdString(PrintScript(*second)), QString::fromStdString(text));
    QVERIFY(first->schedule->trace == second->schedule->trace);
  }

  void cache_stages_print_as_tvm() {
    std::string script =
        "import tvm\nfrom tvm import te\n"
        "A = te.placeholder((64, 64), name='A')\n"
        "k = te.reduce_axis((0, 64), name='k')\n"
        "C = te.compute((64, 64), lambda i, j: te.sum(A[i, k] * A[k, j], axis=k), name='C')\n"
        "s = te.create_schedule(C.op)\n"
        "AA = s.cache_read(A, 'shared', [C])\n"
        "CL = s.cache_write(C, 'local')\n"
        "s[CL].compute_at(s[C], C.op.axis[0])\n"
        "ko, ki = s[CL].split(k, factor=4)\n"
        "s[C].bind(s[C].op.axis[1], te.thread_axis('threadIdx.x'))\n";
    auto first = EvaluateScript(script, "cache.py");
    QVERIFY2(first.ok(), first ? "" : first.error().format().c_str());
    std::string printed = PrintScript(*first);
    for (const char* line :
         {"AA = s.cache_read(A, \"shared\", [C])\n", "CL = s.cache_write(C, \"local\")\n",
          "s[C].bind(s[C].op.axis[1], te.thread_axis(\"threadIdx.x\"))\n"})
      QVERIFY2(printed.find(line) != std::string::npos, printed.c_str());
    auto second = EvaluateScript(printed, "cache2.py");
    QVERIFY2(second.ok(), second ? "" : (second.error().format() + "\n" + printed).c_str());
    QCOMPARE(QString::fromStdString(PrintScript(*second)), QString::fromStdString(printed));
    QVERIFY(first->schedule->trace == second->schedule->trace);
  }

  // What a script writes among its primitives besides them: comments stay where they
  // were (above a primitive, after it on its line, before tvm.lower), an assignment of a
  // plain constant stays as written (its value is also written into the primitive), and
  // the printed script is a fixed point that evaluates to the same schedule.
  void comments_and_constants_among_primitives() {
    std::string script =
        "import tvm\nfrom tvm import te\n"
        "n = 64  # rows\n"
        "# the input\n"
        "A = te.placeholder((n, n), name='A')\n"
        "B = te.compute((n, n), lambda i, j: A[i, j] * 2, name='B')\n"
        "# one schedule\n"
        "s = te.create_schedule(B.op)\n"
        "# split rows for the vector unit\n"
        "factor = 8\n"
        "xo, xi = s[B].split(B.op.axis[1], factor=factor)  # inner: 8 lanes\n"
        "unused = te.thread_axis('threadIdx.x')\n"
        "\n"
        "    # indented comment\n"
        "s[B].vectorize(xi); s[B].parallel(B.op.axis[0])  # both\n"
        "# lowering\n"
        "print(tvm.lower(s, [A, B], simple_mode=True))\n"
        "# the end\n";
    auto first = EvaluateScript(script, "comments.py");
    QVERIFY2(first.ok(), first ? "" : first.error().format().c_str());
    std::string printed = PrintScript(*first);
    const std::string expected =
        "import tvm\nfrom tvm import te\n\n"
        "n = 64  # rows\n"
        "# the input\n"
        "A = te.placeholder((n, n), name='A')\n"
        "B = te.compute((n, n), lambda i, j: A[i, j] * 2, name='B')\n"
        "# one schedule\n"
        "\ns = te.create_schedule(B.op)\n"
        "# split rows for the vector unit\n"
        "factor = 8\n"
        "xo, xi = s[B].split(B.op.axis[1], factor=8)  # inner: 8 lanes\n"
        "# indented comment\n"
        "s[B].vectorize(xi)\n"
        "s[B].parallel(B.op.axis[0])  # both\n"
        "# lowering\n"
        "# the end\n"
        "\nprint(tvm.lower(s, [A, B], simple_mode=True))\n";
    QCOMPARE(QString::fromStdString(printed), QString::fromStdString(expected));
    auto second = EvaluateScript(printed, "comments2.py");
    QVERIFY2(second.ok(), second ? "" : (second.error().format() + "\n" + printed).c_str());
    QCOMPARE(QString::fromStdString(PrintScript(*second)), QString::fromStdString(printed));
    QVERIFY(first->schedule->trace == second->schedule->trace);
  }

  // Comments after the last primitive stay last when an editor (the GUI) appends one.
  void comments_after_the_last_primitive_stay_last() {
    std::string script =
        "import tvm\nfrom tvm import te\n"
        "A = te.placeholder((64,), name='A')\n"
        "B = te.compute((64,), lambda i: A[i] + 1, name='B')\n"
        "s = te.create_schedule(B.op)\n"
        "# before the split\n"
        "xo, xi = s[B].split(B.op.axis[0], factor=8)\n"
        "# the end\n";
    auto program = EvaluateScript(script, "tail.py");
    QVERIFY2(program.ok(), program ? "" : program.error().format().c_str());
    schedule::Schedule& sch = *program->schedule;
    schedule::Stage stage = sch.find("B");
    QVERIFY(stage);
    QVERIFY(schedule::Unroll(sch, stage, stage->leaf_iter_vars.back()).ok());
    std::string printed = PrintScript(*program);
    QVERIFY2(printed.find("# before the split\nxo, xi = s[B].split(B.op.axis[0], factor=8)\n"
                          "s[B].unroll(xi)\n# the end\n") != std::string::npos,
             printed.c_str());
  }

  // A kept constant's name is taken: a generated loop name does not rebind it.
  void kept_constants_reserve_their_names() {
    std::string script =
        "import tvm\nfrom tvm import te\n"
        "A = te.placeholder((64,), name='A')\n"
        "B = te.compute((64,), lambda i: A[i] + 1, name='B')\n"
        "s = te.create_schedule(B.op)\n"
        "i_outer = 4\n"
        "s[B].split(B.op.axis[0], nparts=i_outer)\n";
    auto first = EvaluateScript(script, "kept.py");
    QVERIFY2(first.ok(), first ? "" : first.error().format().c_str());
    std::string printed = PrintScript(*first);
    QVERIFY2(
        printed.find("i_outer = 4\ni_outer_1, i_inner = s[B].split(B.op.axis[0], nparts=4)\n") !=
            std::string::npos,
        printed.c_str());
    auto second = EvaluateScript(printed, "kept2.py");
    QVERIFY(second.ok());
    QCOMPARE(QString::fromStdString(PrintScript(*second)), QString::fromStdString(printed));
  }

  // Statements that bind schedule objects without a primitive (a thread axis, a stage)
  // are not kept: the printer writes what they stood for into the primitives.
  void non_constant_statements_are_inlined() {
    std::string script =
        "import tvm\nfrom tvm import te\n"
        "A = te.placeholder((64,), name='A')\n"
        "B = te.compute((64,), lambda i: A[i] + 1, name='B')\n"
        "s = te.create_schedule(B.op)\n"
        "tx = te.thread_axis('threadIdx.x')\n"
        "SB = s[B]\n"
        "SB.bind(B.op.axis[0], tx)\n";
    auto first = EvaluateScript(script, "inline.py");
    QVERIFY2(first.ok(), first ? "" : first.error().format().c_str());
    std::string printed = PrintScript(*first);
    QVERIFY2(printed.find("tx =") == std::string::npos && printed.find("SB") == std::string::npos,
             printed.c_str());
    QVERIFY2(printed.find("s[B].bind(B.op.axis[0], te.thread_axis(\"threadIdx.x\"))\n") !=
                 std::string::npos,
             printed.c_str());
    auto second = EvaluateScript(printed, "inline2.py");
    QVERIFY(second.ok());
    QVERIFY(first->schedule->trace == second->schedule->trace);
  }
};

}  // namespace tst_roundtrip

QTEST_APPLESS_MAIN(tst_roundtrip::TestRoundTrip)
#include "tst_roundtrip.moc"
