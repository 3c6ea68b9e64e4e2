// cache_index: the index computations a block repeats, precomputed into buffers by blocks
// before it, compute what the te oracle computes (a resize, a gather reduction with an
// init, a binding that spans two loops where TVM's index block gets the wrong domain); a
// block without index computations is left alone; refusals leave function and trace
// alone; the instruction round-trips through JSON as TVM writes it. remove_rv takes a
// random variable out of the schedule.
#include <QtTest>

#include "TirLowerSupport.h"
#include "TirTextChecks.h"
#include "tir/Schedule.h"
#include "tir/ScheduleError.h"
#include "tir/ScriptPrinter.h"

namespace tst_tir_cache_index {

using namespace tessera;
using namespace tessera::tir;
using namespace tessera::tir::testing;

namespace {

QString Q(const std::string& s) { return QString::fromStdString(s); }

Status AsStatus(const Result<std::vector<BlockRV>>& r) {
  return r.ok() ? Status::Ok() : Status(r.error());
}

// B[n, c, h, w] = A[n, c, h // 4 + w // 4, w // 2]: two index computations per element.
TeProgram ResizeProgram() {
  auto A = *te::placeholder({2, 3, 24, 24}, ir::DataType::Float(32), "A");
  auto B = *te::compute(
      {2, 3, 48, 48},
      [&](const std::vector<ir::Var>& i) {
        return A(i[0], i[1], ir::floordiv(i[2], 4) + ir::floordiv(i[3], 4), ir::floordiv(i[3], 2));
      },
      "B");
  return {{A, B}};
}

// C[i] = sum_k A[(i * 3 + k) % 17] * A[(k + i * 3) % 17 + 1]: one computation in two
// spellings, inside a reduction with an init.
TeProgram GatherSumProgram() {
  auto A = *te::placeholder({18}, ir::DataType::Float(32), "A");
  auto k = te::reduce_axis(ir::Range(0, 6), "k");
  auto C = *te::compute(
      {10},
      [&](const std::vector<ir::Var>& i) {
        Expr a = ir::floormod(i[0] * 3 + k->var, 17);
        Expr b = ir::floormod(k->var + i[0] * 3, 17) + 1;
        return te::sum(A(a) * A(b), {k});
      },
      "C");
  return {{A, C}};
}

}  // namespace

class TestTirCacheIndex : public QObject {
  Q_OBJECT

 private slots:
  // Two index buffers as TVM makes them (a tir program compares the text with TVM's); the
  // lowered function computes the oracle's result, the declared strides=(1,) laid out
  // compactly as TVM's CompactBufferAllocation does.
  void resizeComputesTheSame() {
    TeProgram program = ResizeProgram();
    Schedule sch(program.func());
    auto blocks = sch.CacheIndex(*sch.GetBlock("B"), "global");
    QVERIFY2(blocks.ok(), blocks.ok() ? "" : blocks.error().message.c_str());
    QCOMPARE(blocks->size(), size_t{2});
    const QString text = Q(AsTVMScript(sch.func()));
    QVERIFY2(text.contains("index_var_0 = T.alloc_buffer((48, 48), \"int32\", strides=(1,))"),
             qPrintable(text));
    QVERIFY2(text.contains("A[v_i, v_j, index_var_0[v_k, v_l], index_var_1[v_l]]"),
             qPrintable(text));
    Status s = LowerRunAndCompare(program, sch.func());
    QVERIFY2(s.ok(), s.ok() ? "" : s.error().message.c_str());
    ExpectJsonReplays(sch, "[\"CacheIndex\", [\"b0\"], [\"global\", 0], [\"b1\", \"b2\"]]");
  }

  // The reduction's index computations (one of them in two spellings, merged) are cached
  // over both iterators, the reduction's included; the init is kept.
  void gatherReductionComputesTheSame() {
    TeProgram program = GatherSumProgram();
    Schedule sch(program.func());
    auto blocks = sch.CacheIndex(*sch.GetBlock("C"), "global");
    QVERIFY2(blocks.ok(), blocks.ok() ? "" : blocks.error().message.c_str());
    QCOMPARE(blocks->size(), size_t{2});
    const QString text = Q(AsTVMScript(sch.func()));
    QVERIFY2(text.contains("index_var_0 = T.alloc_buffer((10, 6), \"int32\", strides=(1,))"),
             qPrintable(text));
    QVERIFY2(text.contains("with T.init():"), qPrintable(text));
    Status s = LowerRunAndCompare(program, sch.func());
    QVERIFY2(s.ok(), s.ok() ? "" : s.error().message.c_str());
  }

  // w split in two: the iterator's binding spans both loops. TVM gives the index block's
  // iterator the first loop's extent (a domain its binding runs past); here each iterator
  // takes the buffer's extent, and the result is still the oracle's.
  void bindingOverTwoLoopsComputesTheSame() {
    TeProgram program = ResizeProgram();
    Schedule sch(program.func());
    BlockRV b = *sch.GetBlock("B");
    std::vector<LoopRV> loops = *sch.GetLoops(b);
    QVERIFY(sch.Split(loops[3], {Expr(), Expr(16)}).ok());
    QVERIFY(sch.CacheIndex(b, "global").ok());
    const QString text = Q(AsTVMScript(sch.func()));
    QVERIFY2(text.contains("T.axis.spatial(48, ax1 * 16 + ax2)"), qPrintable(text));
    Status s = LowerRunAndCompare(program, sch.func());
    QVERIFY2(s.ok(), s.ok() ? "" : s.error().message.c_str());
  }

  // Nothing to precompute (a GEMM's indices are its iterators): no block, function as it
  // was (TVM's implementation fails on an empty stage list; its documentation says the
  // block is kept unchanged). A cse_thresh no computation reaches is the same.
  void nothingToCacheLeavesTheFunction() {
    TeProgram program = GemmProgram(8, 6, 4);
    Schedule sch(program.func());
    const std::string before = AsTVMScript(sch.func());
    auto blocks = sch.CacheIndex(*sch.GetBlock("C"), "global");
    QVERIFY(blocks.ok());
    QVERIFY(blocks->empty());
    QCOMPARE(Q(AsTVMScript(sch.func())), Q(before));
    Schedule resize(ResizeProgram().func());
    auto none = resize.CacheIndex(*resize.GetBlock("B"), "global", 2);
    QVERIFY(none.ok());
    QVERIFY(none->empty());
  }

  // One computation only (TVM's implementation fails on a one-stage sequence): its block.
  void oneComputationGetsOneBlock() {
    TeProgram program = GatherSumProgram();
    Schedule sch(program.func());
    auto blocks = sch.CacheIndex(*sch.GetBlock("C"), "local", 2);
    QVERIFY2(blocks.ok(), blocks.ok() ? "" : blocks.error().message.c_str());
    QCOMPARE(blocks->size(), size_t{1});
    QVERIFY(Q(AsTVMScript(sch.func())).contains("scope=\"local\""));
    Status s = LowerRunAndCompare(program, sch.func());
    QVERIFY2(s.ok(), s.ok() ? "" : s.error().message.c_str());
  }

  // Once cached, B computes nothing more; index_0's stored value is itself a computation,
  // and a second cache_index gets fresh names where TVM would repeat index_0.
  void secondApplicationGetsFreshNames() {
    TeProgram program = ResizeProgram();
    Schedule sch(program.func());
    BlockRV b = *sch.GetBlock("B");
    QVERIFY(sch.CacheIndex(b, "global").ok());
    auto again = sch.CacheIndex(b, "global");
    QVERIFY(again.ok());
    QVERIFY(again->empty());
    auto of_index = sch.CacheIndex(*sch.GetBlock("index_0"), "global");
    QVERIFY(of_index.ok());
    QCOMPARE(of_index->size(), size_t{1});
    QVERIFY(Q(AsTVMScript(sch.func())).contains("with T.block(\"index_2\"):"));
    Status s = LowerRunAndCompare(program, sch.func());
    QVERIFY2(s.ok(), s.ok() ? "" : s.error().message.c_str());
  }

  void refusalsLeaveEverything() {
    TeProgram program = ResizeProgram();
    Schedule sch(program.func());
    BlockRV b = *sch.GetBlock("B");
    ExpectRefusal(
        sch, [&] { return AsStatus(sch.CacheIndex(b, "texture")); }, "InvalidStorageScopeError");
    ExpectRefusal(
        sch, [&] { return AsStatus(sch.CacheIndex(b, "global", -1)); }, "ValueError");
  }

  // remove_rv: the variable leaves the symbol table, not the trace; using it or removing
  // it again is TVM's IndexError; the other variables still work.
  void removeRvTakesTheVariableOut() {
    TeProgram program = ResizeProgram();
    Schedule sch(program.func());
    BlockRV b = *sch.GetBlock("B");
    std::vector<LoopRV> loops = *sch.GetLoops(b);
    const std::string trace = TraceAsPython(sch.trace());
    QVERIFY(sch.RemoveRV(b.id).ok());
    QCOMPARE(Q(TraceAsPython(sch.trace())), Q(trace));
    auto gone = sch.Get(b);
    QVERIFY(!gone.ok());
    QCOMPARE(Q(ErrorKind(gone.error())), QString("IndexError"));
    QVERIFY(!sch.CacheIndex(b, "global").ok());
    Status twice = sch.RemoveRV(b.id);
    QVERIFY(!twice.ok());
    QCOMPARE(Q(ErrorKind(twice.error())), QString("IndexError"));
    QVERIFY(sch.RemoveRV(loops[0].id).ok());
    QVERIFY(!sch.Get(loops[0]).ok());
    QVERIFY(sch.Split(loops[1], {Expr(), Expr(3)}).ok());
    QVERIFY(!sch.RemoveRV(-1).ok());
  }
};

}  // namespace tst_tir_cache_index

QTEST_MAIN(tst_tir_cache_index::TestTirCacheIndex)
#include "tst_tir_cache_index.moc"
