// Schedules the TensorIR differential tester (tools/difftest, TirCase.h) found compiled to
// wrong results or out-of-bounds accesses: each primitive now refuses them, with TVM's error kind
// where TVM has one, and leaves the function as it was.
#include <QtTest>

#include "TirLowerSupport.h"
#include "tir/IndexMap.h"
#include "tir/Schedule.h"
#include "tir/ScheduleError.h"
#include "tir/ScriptPrinter.h"

namespace tst_tir_refusals {

using namespace tessera;
using namespace tessera::tir;
using namespace tessera::tir::testing;

namespace {

QString Q(const std::string& s) { return QString::fromStdString(s); }

std::vector<LoopRV> LoopsOf(Schedule& sch, const std::string& block) {
  return *sch.GetLoops(*sch.GetBlock(block));
}

// B[i] = sum_k A[i, k].
TeProgram RowSum() {
  auto A = *te::placeholder({8, 8}, ir::DataType::Float(32), "A");
  auto k = te::reduce_axis(ir::Range(0, 8), "k");
  auto B = *te::compute(
      {8}, [&](const std::vector<ir::Var>& i) { return te::sum(A(i[0], k->var), {k}); }, "B");
  return {{A, B}};
}

// B = A * 2 read by two consumers: C = B + 1 and D = B * 3.
TeProgram TwoConsumers() {
  auto A = *te::placeholder({6, 5}, ir::DataType::Float(32), "A");
  auto B = *te::compute(
      {6, 5}, [&](const std::vector<ir::Var>& i) { return A(i[0], i[1]) * 2; }, "B");
  auto C = *te::compute(
      {6, 5}, [&](const std::vector<ir::Var>& i) { return B(i[0], i[1]) + 1; }, "C");
  auto D = *te::compute(
      {6, 5}, [&](const std::vector<ir::Var>& i) { return B(i[0], i[1]) * 3; }, "D");
  return {{A, C, D}};
}

// The refusal has kind `kind`, and the function and the trace are as before.
void CheckRefused(Schedule& sch, const std::function<Status()>& apply, const QString& kind) {
  std::string before = AsTVMScript(sch.func());
  size_t trace = sch.trace().insts.size();
  Status s = apply();
  QVERIFY(!s.ok());
  QCOMPARE(Q(ErrorKind(s.error())), kind);
  QCOMPARE(Q(AsTVMScript(sch.func())), Q(before));
  QCOMPARE(sch.trace().insts.size(), trace);
}

}  // namespace

class TestTirRefusals : public QObject {
  Q_OBJECT
 private slots:
  // After decompose_reduction B has two writers (B_init, B_update): a cache of it would
  // leave one writing the old buffer.
  void cacheOfABufferWithTwoWriters() {
    TeProgram p = RowSum();
    Schedule sch(p.func());
    QVERIFY(sch.DecomposeReduction(*sch.GetBlock("B"), LoopsOf(sch, "B")[1]).ok());
    BlockRV update = *sch.GetBlock("B_update");
    CheckRefused(
        sch, [&] { return Status(sch.CacheRead(update, 0, "global").error()); },
        "NotSingleWriteBlock");
    BlockRV init = *sch.GetBlock("B_init");
    CheckRefused(
        sch, [&] { return Status(sch.CacheWrite(init, 0, "local").error()); },
        "NotSingleWriteBlock");
  }

  // Inlining C into B moves B's stores to C: D, B's other reader, would find B empty.
  void reverseInlineIntoAProducerWithAnotherConsumer() {
    TeProgram p = TwoConsumers();
    Schedule sch(p.func());
    BlockRV c = *sch.GetBlock("C");
    CheckRefused(
        sch, [&] { return sch.ReverseComputeInline(c); }, "NonSingleProducerError");
  }

  // A_pad reads A only where the padding condition holds: a copy stage reading A at every
  // iteration would read out of bounds.
  void reindexOfAGuardedRead() {
    TeProgram p = PaddedConvProgram();
    Schedule sch(p.func());
    BlockRV pad = *sch.GetBlock("A_pad");
    CheckRefused(
        sch, [&] { return Status(sch.ReIndex(pad, 0, BufferIndexType::Read).error()); },
        "InvalidBufferAccessError");
    // Its write is not guarded: that one stages.
    QVERIFY(sch.ReIndex(pad, 0, BufferIndexType::Write).ok());
    Status s = LowerRunAndCompare(p, sch.func());
    QVERIFY2(s.ok(), s.ok() ? "" : s.error().message.c_str());
  }

  // C moved into B's nest reads B there: a copy of B staged before the nest would copy
  // it before B writes it.
  void reindexOfAReadInTheProducersNest() {
    TeProgram p = ChainProgram(6, 5);
    Schedule sch(p.func());
    QVERIFY(sch.ReverseComputeAt(*sch.GetBlock("C"), LoopsOf(sch, "B")[1]).ok());
    BlockRV c = *sch.GetBlock("C");
    CheckRefused(
        sch, [&] { return Status(sch.ReIndex(c, 0, BufferIndexType::Read).error()); },
        "NotImplementedError");
  }

  // The conv reads A_pad at y + ry: its iterators cannot be solved from the region one
  // iteration of A_pad's loop produces (TVM fails the same way).
  void reverseComputeAtAtACompoundIndex() {
    TeProgram p = PaddedConvProgram();
    Schedule sch(p.func());
    BlockRV y = *sch.GetBlock("Y");
    LoopRV h = LoopsOf(sch, "A_pad")[2];
    CheckRefused(
        sch, [&] { return sch.ReverseComputeAt(y, h); }, "ValueError");
  }
};

}  // namespace tst_tir_refusals

QTEST_APPLESS_MAIN(tst_tir_refusals::TestTirRefusals)
#include "tst_tir_refusals.moc"
