// get_output_blocks (the blocks that write what their scope does not allocate, nested
// ones too) and unsafe_hide_buffer_access (regions taken out of a block's signature):
// their results, refusals that leave function and trace alone, and both instructions
// through JSON and back as TVM writes them.
#include <QtTest>

#include "TirLowerSupport.h"
#include "TirTextChecks.h"
#include "tir/Schedule.h"
#include "tir/ScheduleError.h"
#include "tir/ScriptPrinter.h"
#include "tir/Trace.h"

namespace tst_tir_output_blocks_hide_access {

using namespace tessera;
using namespace tessera::tir;
using namespace tessera::tir::testing;

namespace {

QString Q(const std::string& s) { return QString::fromStdString(s); }

QStringList Names(const Schedule& sch, const std::vector<BlockRV>& blocks) {
  QStringList out;
  for (const BlockRV& b : blocks) out << Q((*sch.Get(b))->block->name);
  return out;
}

}  // namespace

class TestTirOutputBlocksHideAccess : public QObject {
  Q_OBJECT

 private slots:
  // GEMM then ReLU: C is allocated by the root, D is the output; after blockize of D's
  // inner loop, D is an output of its new scope D_o, and both are outputs of the root.
  void outputBlocksOfTheRootAndOfABlockizedScope() {
    TeProgram program = GemmReluProgram(16, 8, 4);
    Schedule sch(program.func());
    BlockRV root = *sch.GetBlock("root");
    QCOMPARE(Names(sch, *sch.GetOutputBlocks(root)), QStringList{"D"});
    std::vector<LoopRV> loops = *sch.GetLoops(*sch.GetBlock("D"));
    auto outer = sch.Blockize(loops[1]);
    QVERIFY2(outer.ok(), outer.ok() ? "" : outer.error().message.c_str());
    QCOMPARE(Names(sch, *sch.GetOutputBlocks(*outer)), QStringList{"D"});
    QCOMPARE(Names(sch, *sch.GetOutputBlocks(*sch.GetBlock("root"))), (QStringList{"D_o", "D"}));
    QVERIFY(Q(TraceAsPython(sch.trace())).contains(" = sch.get_output_blocks(block=b"));
  }

  // C's read of B hidden: the signature loses it, the body keeps it; refusals leave
  // everything as it was; the JSON replays to the same function.
  void hideAReadAndReplayIt() {
    TeProgram program = GemmProgram(8, 6, 4);
    Schedule sch(program.func());
    BlockRV c = *sch.GetBlock("C");
    ExpectRefusal(
        sch, [&] { return sch.UnsafeHideBufferAccess(c, "readwrite", {0}); }, "BufTypeError");
    ExpectRefusal(
        sch, [&] { return sch.UnsafeHideBufferAccess(c, "read", {2}); }, "InvalidIndexError");
    ExpectRefusal(
        sch, [&] { return sch.UnsafeHideBufferAccess(c, "write", {-1}); }, "InvalidIndexError");
    QVERIFY(sch.UnsafeHideBufferAccess(c, "read", {1, 1}).ok());
    const BlockNode& block = *(*sch.Get(c))->block;
    QCOMPARE(block.reads.size(), size_t{1});
    QCOMPARE(Q(block.reads[0].buffer->name), QString("A"));
    QVERIFY(Q(AsTVMScript(sch.func())).contains("* B[v_k, v_j]"));
    ExpectJsonReplays(sch,
                      "[\"UnsafeHideBufferAccess\", [\"b0\", \"\\\"read\\\"\", [1, 1]], [], []]");
  }
};

}  // namespace tst_tir_output_blocks_hide_access

QTEST_MAIN(tst_tir_output_blocks_hide_access::TestTirOutputBlocksHideAccess)
#include "tst_tir_output_blocks_hide_access.moc"
