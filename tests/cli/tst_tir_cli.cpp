// tessera-cli on TensorIR documents (scripts whose last schedule is a tir.Schedule or
// s_tir.Schedule, app/cli/TensorIRCommands.h): lower, bounds (text and --json), run and
// run --check against the te oracle, profile, export --format tir / tvmscript in both
// spellings, the commands that refuse them, and bad scripts (wrong method arguments,
// expired random variables, unknown blocks) with their located messages and exit codes.
#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QProcess>
#include <QTemporaryDir>
#include <QtTest>

#include "CliProcess.h"

namespace tst_tir_cli {

namespace {

// C = A @ B over 64^3 and D = C + 1, from te.create_prim_func (lines 1-8).
const QByteArray kWorkload =
    "import tvm\n"
    "from tvm import te, tir\n"
    "A = te.placeholder((64, 64), name='A')\n"
    "B = te.placeholder((64, 64), name='B')\n"
    "k = te.reduce_axis((0, 64), name='k')\n"
    "C = te.compute((64, 64), lambda i, j: te.sum(A[i, k] * B[k, j], axis=k), name='C')\n"
    "D = te.compute((64, 64), lambda i, j: C[i, j] + 1.0, name='D')\n"
    "sch = tir.Schedule(te.create_prim_func([A, B, D]))\n";

// Tiled, the consumer computed into the tile, the inner loop vectorized.
const QByteArray kScheduled = kWorkload +
                              "c = sch.get_block('C')\n"
                              "i, j, kk = sch.get_loops(c)\n"
                              "io, ii = sch.split(i, factors=[None, 16])\n"
                              "jo, ji = sch.split(j, factors=[None, 16])\n"
                              "sch.reorder(io, jo, kk, ii, ji)\n"
                              "sch.reverse_compute_at(sch.get_block('D'), jo)\n"
                              "sch.vectorize(ji)\n"
                              "sch.parallel(io)\n";

}  // namespace

class TestTirCli : public QObject, protected CliScriptFolder {
  Q_OBJECT

 private slots:
  void lowerPrintsTheLoweredFunction() {
    QString path = Write("gemm.py", kScheduled);
    Run r = Cli({"lower", path});
    QVERIFY2(r.code == 0, qPrintable(r.err));
    QVERIFY2(r.out.contains("parallel (i_0, 0, 4)"), qPrintable(r.out));
    QVERIFY2(r.out.contains("ramp("), qPrintable(r.out));  // the vectorized loop
    Run input = Cli({"lower", path, "--after", "Input"});
    QVERIFY2(input.code == 0, qPrintable(input.err));
    QVERIFY2(input.out != r.out && input.out.contains("vectorized (j_1, 0, 16)"),
             qPrintable(input.out));
  }

  // No loop is bound to a GPU index: no kernel (tst_tir_cuda_cli runs bound programs).
  void lowerForCudaNeedsBoundLoops() {
    Run r = Cli({"lower", Write("gemm.py", kScheduled), "--target", "cuda"});
    QCOMPARE(r.code, 1);
    QVERIFY2(r.err.contains("blockIdx"), qPrintable(r.err));
  }

  void boundsPerBlockAndLoop() {
    QString path = Write("gemm.py", kScheduled);
    Run r = Cli({"bounds", path});
    QVERIFY2(r.code == 0, qPrintable(r.err));
    QVERIFY2(r.out.startsWith("block C\n"), qPrintable(r.out));
    QVERIFY2(r.out.contains("  per iteration of k: reads A[i_0 * 16:i_0 * 16 + 16, k]; reads "
                            "B[k, j_0 * 16:j_0 * 16 + 16]; writes C[i_0 * 16:i_0 * 16 + 16, "
                            "j_0 * 16:j_0 * 16 + 16];\n"),
             qPrintable(r.out));
    QVERIFY2(r.out.contains("\nblock D\n"), qPrintable(r.out));
    Run j = Cli({"bounds", path, "--json"});
    QVERIFY2(j.code == 0, qPrintable(j.err));
    QJsonParseError error;
    QJsonDocument doc = QJsonDocument::fromJson(j.out.toUtf8(), &error);
    QVERIFY2(error.error == QJsonParseError::NoError, qPrintable(j.out));
    QJsonArray blocks = doc.object()["blocks"].toArray();
    QCOMPARE(doc.object()["kind"].toString(), QString("tensorir"));
    QCOMPARE(blocks.size(), 2);
    QJsonObject c = blocks[0].toObject();
    QCOMPARE(c["name"].toString(), QString("C"));
    QCOMPARE(c["loops"].toArray().size(), 5);
    QJsonObject per_k = c["per_iteration"].toArray()[2].toObject();
    QCOMPARE(per_k["loop"].toString(), QString("k"));
    QCOMPARE(per_k["reads"].toArray()[0].toString(), QString("A[i_0 * 16:i_0 * 16 + 16, k]"));
    Run tvm = Cli({"bounds", path, "--tvm"});
    QCOMPARE(tvm.code, 2);
  }

  void runCheckAgainstTheTeOracle() {
    Run r = Cli({"run", Write("gemm.py", kScheduled), "--check"});
    QVERIFY2(r.code == 0, qPrintable(r.err + r.out));
    QVERIFY2(r.out.contains("main (TensorIR) on "), qPrintable(r.out));
    QVERIFY2(r.out.contains("(reference: te oracle, "), qPrintable(r.out));
    QVERIFY2(r.out.contains("  D float32[64, 64]: max abs error "), qPrintable(r.out));
    QVERIFY2(r.out.contains(" 0 mismatches"), qPrintable(r.out));
  }

  // Plain loops under a block's `if` (no blocks inside) run and match the unscheduled
  // function, the loop above the block split and parallel.
  void runLoopsInsideIf() {
    const QByteArray script =
        "from tvm import tir\n"
        "from tvm.script import tir as T\n"
        "@T.prim_func\n"
        "def clip(A: T.Buffer((16, 8), 'float32'), B: T.Buffer((16, 8), 'float32')):\n"
        "    for i in range(16):\n"
        "        with T.block('row'):\n"
        "            vi = T.axis.spatial(16, i)\n"
        "            if A[vi, 0] > T.float32(0):\n"
        "                for j in T.vectorized(8):\n"
        "                    B[vi, j] = A[vi, j]\n"
        "            else:\n"
        "                for j in T.serial(2, 8):\n"
        "                    B[vi, j] = T.float32(0)\n"
        "                for j in T.unroll(2):\n"
        "                    B[vi, j] = A[vi, j] * T.float32(2)\n"
        "sch = tir.Schedule(clip)\n"
        "io, ii = sch.split(sch.get_loops('row')[0], factors=[None, 4])\n"
        "sch.parallel(io)\n";
    Run r = Cli({"run", Write("clip.py", script), "--check"});
    QVERIFY2(r.code == 0, qPrintable(r.err + r.out));
    QVERIFY2(r.out.contains(" 0 mismatches"), qPrintable(r.out));
    Run lowered = Cli({"lower", Write("clip.py", script), "--after", "Input"});
    QVERIFY2(lowered.code == 0, qPrintable(lowered.err));
    QVERIFY2(lowered.out.contains("for (j, 2, 6)") && lowered.out.contains("unrolled (j, 0, 2)"),
             qPrintable(lowered.out));
  }

  // Masks combined with T.bitwise_and / T.bitwise_or (TVM's bool is uint1), scalar and
  // as vectors, compile and match the IR interpreter's run of the same function.
  void boolMasksCombineWithBitOps() {
    const QByteArray script =
        "from tvm import tir\n"
        "from tvm.script import tir as T\n"
        "@T.prim_func\n"
        "def masks(A: T.Buffer((8,), 'float32'), B: T.Buffer((8,), 'float32'),\n"
        "          C: T.Buffer((8,), 'int32'), D: T.Buffer((8,), 'float32')):\n"
        "    for i in range(8):\n"
        "        with T.block('c'):\n"
        "            vi = T.axis.spatial(8, i)\n"
        "            C[vi] = T.Cast('int32', T.bitwise_and(A[vi] > T.float32(0), B[vi] < A[vi]))\n"
        "    with T.block('d'):\n"
        "        D[0:8] = T.Select(T.bitwise_or(A[0:8] > T.Broadcast(T.float32(0), 8),\n"
        "                                       B[0:8] > T.Broadcast(T.float32(0), 8)),\n"
        "                          A[0:8], B[0:8])\n"
        "sch = tir.Schedule(masks)\n";
    Run r = Cli({"run", Write("masks.py", script), "--check"});
    QVERIFY2(r.code == 0, qPrintable(r.err + r.out));
    QVERIFY2(r.out.contains("  C int32[8]: max abs error 0") &&
                 r.out.contains("  D float32[8]: max abs error 0"),
             qPrintable(r.out));
  }

  // Lowered GPU TIR (T.launch_thread by tag and by a T.env_thread variable, a virtual
  // thread, a T.attr) runs on the emulator and matches the IR interpreter's run; the CPU
  // refuses the thread-bound code by its variable.
  void runLaunchedThreadsOnTheEmulator() {
    const QByteArray script =
        "from tvm import tir\n"
        "from tvm.script import tir as T\n"
        "@T.prim_func\n"
        "def add_one(A: T.Buffer((512,), 'float32'), B: T.Buffer((512,), 'float32'),\n"
        "            C: T.Buffer((2,), 'float32')):\n"
        "    tx = T.env_thread('threadIdx.x')\n"
        "    bx = T.launch_thread('blockIdx.x', 2)\n"
        "    with T.launch_thread('vthread', 2) as v:\n"
        "        T.launch_thread(tx, 128)\n"
        "        B[bx * 256 + v * 128 + tx] = A[bx * 256 + v * 128 + tx] + T.float32(1)\n"
        "    with T.attr(0, 'pragma_mark', 1):\n"
        "        C[bx] = A[bx] * T.float32(2)\n"
        "sch = tir.Schedule(add_one)\n";
    QString path = Write("add_one.py", script);
    Run r = Cli({"run", path, "--target", "cuda-emulator", "--check"});
    QVERIFY2(r.code == 0, qPrintable(r.err + r.out));
    QVERIFY2(r.out.contains("  B: max abs error 0, max rel error 0, 0 mismatches") &&
                 r.out.contains("  C: max abs error 0, max rel error 0, 0 mismatches"),
             qPrintable(r.out));
    Run lowered = Cli({"lower", path, "--target", "cuda"});
    QVERIFY2(lowered.code == 0, qPrintable(lowered.err));
    QVERIFY2(lowered.out.contains("blockIdx.x (blockIdx_x, 0, 2)") &&
                 lowered.out.contains("threadIdx.x (threadIdx_x, 0, 128)") &&
                 lowered.out.contains("for (v, 0, 2)"),
             qPrintable(lowered.out));
    Run cpu = Cli({"run", path});
    QCOMPARE(cpu.code, 1);
    QVERIFY2(cpu.err.contains("loop bx is bound to a GPU thread"), qPrintable(cpu.err));
  }

  void runShippedExamples_data() {
    QTest::addColumn<QString>("example");
    QTest::newRow("gemm_tir") << "tensorir/gemm_tir";
    QTest::newRow("gemm_s_tir") << "tensorir/gemm_s_tir";
    QTest::newRow("gemm_cached_tir") << "tensorir/gemm_cached_tir";
  }
  void runShippedExamples() {
    QFETCH(QString, example);
    Run r = Cli({"run", example, "--check"});
    QVERIFY2(r.code == 0, qPrintable(r.err + r.out));
    QVERIFY2(r.out.contains(" 0 mismatches"), qPrintable(r.out));
    Run list = Cli({"examples"});
    QVERIFY2(list.out.contains(example + " "), qPrintable(list.out));
  }

  void profileJson() {
    Run r = Cli({"profile", Write("gemm.py", kScheduled), "--repeat", "2", "--json"});
    QVERIFY2(r.code == 0, qPrintable(r.err));
    QJsonObject o = QJsonDocument::fromJson(r.out.toUtf8()).object();
    QCOMPARE(o["kind"].toString(), QString("tensorir"));
    QVERIFY(o["median_ms"].toDouble() > 0.0);
    QCOMPARE(o["bytes"].toDouble(), 3.0 * 64 * 64 * 4);
    Run text = Cli({"profile", Write("gemm.py", kScheduled), "--repeat", "1"});
    QVERIFY2(text.code == 0 && text.out.contains("main (TensorIR) on "), qPrintable(text.err));
  }

  void exportTirProgram() {
    QString path = Write("gemm.py", kScheduled);
    Run old = Cli({"export", path, "--format", "tir", "--tvm", "0.20"});
    QVERIFY2(old.code == 0, qPrintable(old.err));
    QVERIFY2(old.out.contains("from tvm import tir\nfrom tvm.script import tir as T\n"),
             qPrintable(old.out));
    QVERIFY2(old.out.contains("def apply_trace(sch: tir.Schedule) -> None:\n  b0 = "
                              "sch.get_block(name=\"C\", func_name=\"main\")\n"),
             qPrintable(old.out));
    QVERIFY2(old.out.contains("sch = tir.Schedule(main)\napply_trace(sch)\n"), qPrintable(old.out));
    QVERIFY2(old.out.contains("scheduled = tvm.build(sch.mod, target=\"llvm\")"),
             qPrintable(old.out));
    QVERIFY2(old.out.contains("np.testing.assert_allclose(got[2].numpy(), want[2].numpy()"),
             qPrintable(old.out));
    Run now = Cli({"export", path, "--format", "tir", "--tvm", "0.26"});
    QVERIFY2(now.code == 0, qPrintable(now.err));
    QVERIFY2(now.out.contains("from tvm import s_tir\nfrom tvm.script import tirx as T\n"),
             qPrintable(now.out));
    QVERIFY2(now.out.contains("sch.get_sblock(name=\"C\""), qPrintable(now.out));
    QVERIFY2(now.out.contains("with T.sblock(\"C\"):"), qPrintable(now.out));
    QVERIFY2(now.out.contains("scheduled = tvm.compile(sch.mod"), qPrintable(now.out));
  }

  void exportTvmScript() {
    QString path = Write("gemm.py", kScheduled);
    Run r = Cli({"export", path, "--format", "tvmscript", "--tvm", "0.20"});
    QVERIFY2(r.code == 0, qPrintable(r.err));
    QVERIFY2(r.out.startsWith("# from tvm.script import ir as I\n# from tvm.script import tir as "
                              "T\n\n@I.ir_module\nclass Module:\n    @T.prim_func\n    def main("),
             qPrintable(r.out));
    QVERIFY2(r.out.contains("for i_0 in T.parallel(4):"), qPrintable(r.out));
    Run s = Cli({"export", path, "--format", "tvmscript"});
    QVERIFY2(s.code == 0 && s.out.contains("T.sblock(\"C\")"), qPrintable(s.out));
    // A te schedule has no TensorIR module to print.
    Run te = Cli({"export", "gemm", "--format", "tvmscript"});
    QCOMPARE(te.code, 1);
    QVERIFY2(te.err.contains("schedules with te.create_schedule: use --format tir"),
             qPrintable(te.err));
  }

  void commandsWithoutATensorIRForm_data() {
    QTest::addColumn<QStringList>("args");
    QTest::addColumn<QString>("expected");
    QTest::newRow("export script") << QStringList{"export", "@", "--format", "script"}
                                   << "--format script is not available for a TensorIR document";
    QTest::newRow("run on another target")
        << QStringList{"run", "@", "--target", "opencl"}
        << "unknown target 'opencl' (expected llvm, cuda or cuda-emulator)";
  }
  void commandsWithoutATensorIRForm() {
    QFETCH(QStringList, args);
    QFETCH(QString, expected);
    args.replaceInStrings("@", Write("gemm.py", kScheduled));
    Run r = Cli(args);
    QVERIFY2(r.code == 4 || r.code == 2, qPrintable(r.err));
    QVERIFY2(r.err.contains(expected), qPrintable(r.err));
  }

  void badScripts_data() {
    QTest::addColumn<QByteArray>("tail");
    QTest::addColumn<QString>("expected");
    // The schedule statements start on line 9.
    QTest::newRow("a missing argument")
        << QByteArray("i, j, kk = sch.get_loops('C')\nsch.split(i)\n")
        << ":10:5: error: split() missing required argument 'factors'\n";
    QTest::newRow("an expired loop")
        << QByteArray(
               "i, j, kk = sch.get_loops('C')\nsch.split(i, factors=[8, 8])\n"
               "sch.parallel(i)\n")
        << ":11:5: error: ValueError: The loop i is no longer in the function";
    QTest::newRow("an unknown block")
        << QByteArray("b = sch.get_block('E')\n")
        << ":9:9: error: ScheduleError: An error occurred in the schedule primitive 'get_block': "
           "NotSingleResult: Cannot find a block with the name: E\n";
    QTest::newRow("a primitive's error")
        << QByteArray("i, j, kk = sch.get_loops('C')\nsch.split(i, factors=[3, 5])\n")
        << ":10:5: error: ScheduleError: An error occurred in the schedule primitive 'split': "
           "WrongFactorProductError:";
    QTest::newRow("a loop where a block goes")
        << QByteArray("i, j, kk = sch.get_loops('C')\nsch.compute_inline(i)\n")
        << ":10:20: error: compute_inline(): argument 'block' must be a BlockRV or a block "
           "name, not LoopRV";
  }
  void badScripts() {
    QFETCH(QByteArray, tail);
    QFETCH(QString, expected);
    QString path = Write("bad.py", kWorkload + tail);
    for (const char* command : {"lower", "run", "bounds"}) {
      Run r = Cli({command, path});
      QCOMPARE(r.code, 1);
      QVERIFY2(r.err.startsWith(path + expected), qPrintable(r.err));
    }
  }
};

}  // namespace tst_tir_cli

QTEST_GUILESS_MAIN(tst_tir_cli::TestTirCli)
#include "tst_tir_cli.moc"
