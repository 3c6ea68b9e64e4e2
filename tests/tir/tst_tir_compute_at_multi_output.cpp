// compute_at / reverse_compute_at of blocks that write several buffers (TVM's
// CalculateProvidedRequiredRegions / CalculateBlockVarDomain): every written buffer the
// consumers under the loop read constrains the block's iterators, and each iterator runs
// over the union of what the buffers need; a block writing any buffer its scope does not
// allocate is an output block. Each schedule runs against the unscheduled function (the
// IR interpreter); what the programs print is compared with TVM 0.20's by
// tst_tir_tvm_reference (tests/tir/programs/*two_output*).
#include <QtTest>

#include "TirTestSupport.h"
#include "TirTextChecks.h"
#include "reference/TirReference.h"
#include "runtime/IRInterpreter.h"
#include "script/Evaluator.h"
#include "tir/Trace.h"
#include "transform/LowerTensorIR.h"

namespace tst_tir_compute_at_multi_output {

using namespace tessera;
using namespace tessera::tir;
using namespace tessera::tir::testing;

namespace {

// Block BC writes B and C (33 x 16) from A; D reads B at its rows, E reads C at `c_row`
// (both under one loop nest over 32 x 16); `schedule` follows.
std::string TwoOutputProgram(const std::string& c_row, const std::string& schedule) {
  return "import tvm\n"
         "from tvm import tir\n"
         "from tvm.script import tir as T\n"
         "@T.prim_func\n"
         "def main(A: T.Buffer((33, 16), 'float32'), E: T.Buffer((32, 16), 'float32')):\n"
         "    B = T.alloc_buffer((33, 16))\n"
         "    C = T.alloc_buffer((33, 16))\n"
         "    D = T.alloc_buffer((32, 16))\n"
         "    for i, j in T.grid(33, 16):\n"
         "        with T.block('BC'):\n"
         "            vi, vj = T.axis.remap('SS', [i, j])\n"
         "            B[vi, vj] = A[vi, vj] * T.float32(2.0)\n"
         "            C[vi, vj] = A[vi, vj] + T.float32(1.0)\n"
         "    for i, j in T.grid(32, 16):\n"
         "        with T.block('D'):\n"
         "            vi, vj = T.axis.remap('SS', [i, j])\n"
         "            D[vi, vj] = B[vi, vj] * T.float32(3.0)\n"
         "        with T.block('E'):\n"
         "            vi, vj = T.axis.remap('SS', [i, j])\n"
         "            E[vi, vj] = D[vi, vj] + C[" +
         c_row +
         ", vj]\n"
         "sch = tir.Schedule(main)\n" +
         schedule;
}

const char* kSplitAndComputeAt =
    "io, ii = sch.split(sch.get_loops(sch.get_block('D'))[0], factors=[None, 8])\n"
    "sch.compute_at(sch.get_block('BC'), io)\n";

// The evaluated program; an error when the script fails or makes no tir.Schedule.
Result<script::ScriptProgram> Evaluate(const std::string& source) {
  auto program = script::EvaluateScript(source, "t.py");
  if (!program.ok()) return program.error();
  if (!program->tir_schedule) return Error("the program made no tir.Schedule");
  return program;
}

std::string Printed(const script::ScriptProgram& p) { return AsTVMScript(p.tir_schedule->func()); }

// The scheduled function run by the IR interpreter against the unscheduled one.
Status RunsAsUnscheduled(const script::ScriptProgram& p) {
  const PrimFunc& f = p.tir_schedule->func();
  auto lowered = transform::LowerTensorIR(f);
  if (!lowered.ok()) return lowered.error();
  auto args = reference::MakeTirArguments(f, lowered->func, {}, 7, 64);
  if (!args.ok()) return args.error();
  auto expected = reference::TirExpectedOutputs(p.tir_original, p.tir_te_args, *args);
  if (!expected.ok()) return expected.error();
  std::vector<runtime::NDArray> after;
  for (const runtime::NDArray& b : args->buffers) after.push_back(b.Clone());
  if (Status s = runtime::Interpret(lowered->func, after, args->scalars.values); !s.ok()) return s;
  for (const reference::OutputCheck& c : reference::CompareTirOutputs(f, *args, after, *expected))
    if (!c.result.ok()) return Error(c.tensor + ": " + c.result.str());
  return Status::Ok();
}

}  // namespace

class TestTirComputeAtMultiOutput : public QObject {
  Q_OBJECT

 private slots:
  void computeAtCoversWhatEveryWrittenBufferIsReadFor_data() {
    QTest::addColumn<std::string>("c_row");
    QTest::addColumn<std::string>("loops");
    QTest::addColumn<std::string>("row");
    // E reads C at its own rows: both buffers need the 8 rows of the step.
    QTest::newRow("same rows") << std::string("vi") << std::string("T.grid(8, 16)")
                               << std::string("vi = T.axis.spatial(33, i_0 * 8 + ax0)");
    // E reads C one row further: the union of B's rows and C's is 9 rows.
    QTest::newRow("C one row further") << std::string("vi + 1") << std::string("T.grid(9, 16)")
                                       << std::string("vi = T.axis.spatial(33, i_0 * 8 + ax0)");
  }
  // The printed function, its run against the unscheduled one, and its trace replayed.
  void computeAtCoversWhatEveryWrittenBufferIsReadFor() {
    QFETCH(std::string, c_row);
    QFETCH(std::string, loops);
    QFETCH(std::string, row);
    auto p = Evaluate(TwoOutputProgram(c_row, kSplitAndComputeAt));
    QVERIFY2(p.ok(), p.ok() ? "" : p.error().format().c_str());
    std::string text = Printed(*p);
    QVERIFY2(Contains(text, "        for ax0, ax1 in " + loops +
                                ":\n"
                                "            with T.block(\"BC\"):\n"
                                "                " +
                                row + "\n"),
             text.c_str());
    Status ran = RunsAsUnscheduled(*p);
    QVERIFY2(ran.ok(), ran.ok() ? "" : ran.error().message.c_str());
    Schedule replay(p->tir_schedule->original_func());
    Status s = ApplyTrace(p->tir_schedule->trace(), &replay);
    QVERIFY2(s.ok(), s.ok() ? "" : s.error().message.c_str());
    QCOMPARE(Q(AsTVMScript(replay.func())), Q(text));
  }

  void reverseComputeAtCoversTheUnionOfTheProducedBuffers() {
    // D reads B at its rows and C one row further; BC writes 8 rows of both per step: D
    // runs over 9 rows from one row before, kept in its domain by the predicate.
    auto p = Evaluate(
        "import tvm\n"
        "from tvm import tir\n"
        "from tvm.script import tir as T\n"
        "@T.prim_func\n"
        "def main(A: T.Buffer((32, 16), 'float32'), D: T.Buffer((31, 16), 'float32')):\n"
        "    B = T.alloc_buffer((32, 16))\n"
        "    C = T.alloc_buffer((32, 16))\n"
        "    for i, j in T.grid(32, 16):\n"
        "        with T.block('BC'):\n"
        "            vi, vj = T.axis.remap('SS', [i, j])\n"
        "            B[vi, vj] = A[vi, vj] * T.float32(2.0)\n"
        "            C[vi, vj] = A[vi, vj] + T.float32(1.0)\n"
        "    for i, j in T.grid(31, 16):\n"
        "        with T.block('D'):\n"
        "            vi, vj = T.axis.remap('SS', [i, j])\n"
        "            D[vi, vj] = B[vi, vj] + C[vi + 1, vj]\n"
        "sch = tir.Schedule(main)\n"
        "io, ii = sch.split(sch.get_loops(sch.get_block('BC'))[0], factors=[None, 8])\n"
        "sch.reverse_compute_at(sch.get_block('D'), io)\n");
    QVERIFY2(p.ok(), p.ok() ? "" : p.error().format().c_str());
    std::string text = Printed(*p);
    QVERIFY2(Contains(text,
                      "        for ax0, ax1 in T.grid(9, 16):\n"
                      "            with T.block(\"D\"):\n"
                      "                vi = T.axis.spatial(31, i_0 * 8 - 1 + ax0)\n"
                      "                vj = T.axis.spatial(16, ax1)\n"
                      "                T.where(1 <= i_0 * 8 + ax0 and i_0 * 8 + ax0 < 32)\n"),
             text.c_str());
    Status ran = RunsAsUnscheduled(*p);
    QVERIFY2(ran.ok(), ran.ok() ? "" : ran.error().message.c_str());
  }

  void aTwoOutputReductionIsComputedPerRow() {
    // The row's sum and sum of squares, both read by O: computed at O's row loop, the
    // reduction keeps its init for both buffers and runs over one row.
    auto p = Evaluate(
        "import tvm\n"
        "from tvm import tir\n"
        "from tvm.script import tir as T\n"
        "@T.prim_func\n"
        "def main(A: T.Buffer((6, 10), 'float32'), O: T.Buffer((6, 10), 'float32')):\n"
        "    S = T.alloc_buffer((6,))\n"
        "    Q = T.alloc_buffer((6,))\n"
        "    for i, k in T.grid(6, 10):\n"
        "        with T.block('stats'):\n"
        "            vi, vk = T.axis.remap('SR', [i, k])\n"
        "            with T.init():\n"
        "                S[vi] = T.float32(0.0)\n"
        "                Q[vi] = T.float32(0.0)\n"
        "            S[vi] = S[vi] + A[vi, vk]\n"
        "            Q[vi] = Q[vi] + A[vi, vk] * A[vi, vk]\n"
        "    for i, j in T.grid(6, 10):\n"
        "        with T.block('O'):\n"
        "            vi, vj = T.axis.remap('SS', [i, j])\n"
        "            O[vi, vj] = (A[vi, vj] - S[vi]) * Q[vi]\n"
        "sch = tir.Schedule(main)\n"
        "sch.compute_at(sch.get_block('stats'), sch.get_loops(sch.get_block('O'))[0])\n");
    QVERIFY2(p.ok(), p.ok() ? "" : p.error().format().c_str());
    std::string text = Printed(*p);
    QVERIFY2(Contains(text,
                      "    for i in range(6):\n"
                      "        for ax0 in range(10):\n"
                      "            with T.block(\"stats\"):\n"
                      "                vi, vk = T.axis.remap(\"SR\", [i, ax0])\n"),
             text.c_str());
    Status ran = RunsAsUnscheduled(*p);
    QVERIFY2(ran.ok(), ran.ok() ? "" : ran.error().message.c_str());
  }

  // ---- refusals: the function and the trace stay as they were ----
  void refusals_data() {
    QTest::addColumn<std::string>("source");
    QTest::addColumn<std::string>("block");
    QTest::addColumn<std::string>("kind");
    QTest::addColumn<std::string>("message");
    // BC also writes the parameter E: an output block (TVM's IsOutputBlock).
    QTest::newRow("one of the buffers is an output")
        << std::string(
               "import tvm\n"
               "from tvm import tir\n"
               "from tvm.script import tir as T\n"
               "@T.prim_func\n"
               "def main(A: T.Buffer((32, 16), 'float32'), C: T.Buffer((32, 16), 'float32'),\n"
               "         D: T.Buffer((32, 16), 'float32')):\n"
               "    B = T.alloc_buffer((32, 16))\n"
               "    for i, j in T.grid(32, 16):\n"
               "        with T.block('BC'):\n"
               "            vi, vj = T.axis.remap('SS', [i, j])\n"
               "            B[vi, vj] = A[vi, vj] * T.float32(2.0)\n"
               "            C[vi, vj] = A[vi, vj] + T.float32(1.0)\n"
               "    for i, j in T.grid(32, 16):\n"
               "        with T.block('D'):\n"
               "            vi, vj = T.axis.remap('SS', [i, j])\n"
               "            D[vi, vj] = B[vi, vj] - T.float32(1.0)\n"
               "sch = tir.Schedule(main)\n")
        << std::string("D") << std::string("OutputBlockError")
        << std::string("The block BC is an output block");
    // E (reading C) is not under D's loop when D and E have loops of their own.
    QTest::newRow("a consumer of the second buffer is outside the loop")
        << std::string(
               "import tvm\n"
               "from tvm import tir\n"
               "from tvm.script import tir as T\n"
               "@T.prim_func\n"
               "def main(A: T.Buffer((32, 16), 'float32'), D: T.Buffer((32, 16), 'float32'),\n"
               "         E: T.Buffer((32, 16), 'float32')):\n"
               "    B = T.alloc_buffer((32, 16))\n"
               "    C = T.alloc_buffer((32, 16))\n"
               "    for i, j in T.grid(32, 16):\n"
               "        with T.block('BC'):\n"
               "            vi, vj = T.axis.remap('SS', [i, j])\n"
               "            B[vi, vj] = A[vi, vj] * T.float32(2.0)\n"
               "            C[vi, vj] = A[vi, vj] + T.float32(1.0)\n"
               "    for i, j in T.grid(32, 16):\n"
               "        with T.block('D'):\n"
               "            vi, vj = T.axis.remap('SS', [i, j])\n"
               "            D[vi, vj] = B[vi, vj] - T.float32(1.0)\n"
               "    for i, j in T.grid(32, 16):\n"
               "        with T.block('E'):\n"
               "            vi, vj = T.axis.remap('SS', [i, j])\n"
               "            E[vi, vj] = C[vi, vj] - T.float32(1.0)\n"
               "sch = tir.Schedule(main)\n")
        << std::string("D") << std::string("NotAllRequiredBlocksAreVisitedError")
        << std::string("However, these are not: E");
  }
  void refusals() {
    QFETCH(std::string, source);
    QFETCH(std::string, block);
    QFETCH(std::string, kind);
    QFETCH(std::string, message);
    auto p = Evaluate(source);
    QVERIFY2(p.ok(), p.ok() ? "" : p.error().format().c_str());
    Schedule& sch = *p->tir_schedule;
    auto bc = sch.GetBlock("BC");
    auto loops = sch.GetLoops(*sch.GetBlock(block));
    QVERIFY(bc.ok() && loops.ok());
    std::string before = AsTVMScript(sch.func());
    size_t recorded = sch.trace().insts.size();
    Status s = sch.ComputeAt(*bc, (*loops)[0]);
    QVERIFY(!s.ok());
    QCOMPARE(Q(ErrorKind(s.error())), Q(kind));
    QVERIFY2(Contains(s.error().message, message), s.error().message.c_str());
    QCOMPARE(Q(AsTVMScript(sch.func())), Q(before));
    QCOMPARE(sch.trace().insts.size(), recorded);
  }
};

}  // namespace tst_tir_compute_at_multi_output

QTEST_APPLESS_MAIN(tst_tir_compute_at_multi_output::TestTirComputeAtMultiOutput)
#include "tst_tir_compute_at_multi_output.moc"
