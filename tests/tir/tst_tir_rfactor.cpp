// rfactor, in the style of TVM's tests/python/tir-schedule/test_tir_schedule_rfactor.py:
// the program before and after (printed as TVM 0.20 prints it), each rule with the error
// kind TVM raises, and the trace with its replay.
#include <QtTest>

#include "TirTestSupport.h"
#include "tir/TraceJson.h"

namespace tst_tir_rfactor {

using namespace tessera;
using namespace tessera::tir;
using namespace tessera::tir::testing;

namespace {

const std::string kGemmParams =
    Buf("A", "(128, 128)") + ", " + Buf("B", "(128, 128)") + ", " + Buf("C", "(128, 128)");

const std::string kGemmHead = Header(kGemmParams) +
                              "    T.func_attr({\"tir.noalias\": T.bool(True)})\n" +
                              "    # with T.block(\"root\"):\n";

// B[i] = max_k A[i, k] (or min, or product), 128 x 128.
PrimFunc RowReduce(const std::string& op) {
  auto A = *te::placeholder({128, 128}, ir::DataType::Float(32), "A");
  auto k = te::reduce_axis(ir::Range(0, 128), "k");
  auto B = *te::compute(
      {128},
      [&](const std::vector<ir::Var>& i) {
        Expr a = A(i[0], k->var);
        return op == "max" ? te::max(a, {k}) : op == "min" ? te::min(a, {k}) : te::sum(a, {k});
      },
      "B");
  return *CreatePrimFunc({A, B});
}

// The identity of a float max: the lowest finite float32, as TVM's te.max starts from
// (T.float32(-340282346638528859811704183484516925440.0)).
std::string MaxIdentity() { return ExprToTVMScript(ir::min_value(DataType::Float(32))); }

struct SplitGemm {
  Schedule sch{Gemm(), 1};
  BlockRV c = *sch.GetBlock("C");
  std::vector<LoopRV> loops = *sch.GetLoops(c);
  std::vector<LoopRV> k = *sch.Split(loops[2], {Expr(), Expr(4)});
};

void ExpectUnchanged(const Schedule& sch, const std::string& before, size_t trace_size) {
  QCOMPARE(Q(AsTVMScript(sch.func())), Q(before));
  QCOMPARE(sch.trace().insts.size(), trace_size);
}

}  // namespace

class TestTirRFactor : public QObject {
  Q_OBJECT

 private slots:
  void innerLoopOfSplitReduction() {
    SplitGemm g;
    auto rf = g.sch.RFactor(g.k[1], 0);
    QVERIFY2(rf.ok(), rf.ok() ? "" : rf.error().message.c_str());
    QCOMPARE(Q((*g.sch.Get(*rf))->block->name), QString("C_rf"));
    QCOMPARE(Q((*g.sch.Get(g.c))->block->name), QString("C"));  // the write-back block
    QCOMPARE(
        Q(AsTVMScript(g.sch.func())),
        Q(kGemmHead +
          "    C_rf = T.alloc_buffer((4, 128, 128))\n"
          "    for i, j, k_0, k_1 in T.grid(128, 128, 32, 4):\n"
          "        with T.block(\"C_rf\"):\n"
          "            vk_1, v_i, v_j, vk_0 = T.axis.remap(\"SSSR\", [k_1, i, j, k_0])\n"
          "            T.reads(A[v_i, vk_0 * 4 + vk_1], B[vk_0 * 4 + vk_1, v_j])\n"
          "            T.writes(C_rf[vk_1, v_i, v_j])\n"
          "            with T.init():\n"
          "                C_rf[vk_1, v_i, v_j] = T.float32(0.0)\n"
          "            C_rf[vk_1, v_i, v_j] = C_rf[vk_1, v_i, v_j] + A[v_i, vk_0 * 4 + vk_1] * "
          "B[vk_0 * 4 + vk_1, v_j]\n"
          "    for i, j, k_1 in T.grid(128, 128, 4):\n"
          "        with T.block(\"C\"):\n"
          "            vk_1, v_i, v_j = T.axis.remap(\"RSS\", [k_1, i, j])\n"
          "            T.reads(C_rf[vk_1, v_i, v_j])\n"
          "            T.writes(C[v_i, v_j])\n"
          "            with T.init():\n"
          "                C[v_i, v_j] = T.float32(0.0)\n"
          "            C[v_i, v_j] = C[v_i, v_j] + C_rf[vk_1, v_i, v_j]"));
  }

  void outerLoopWithFactorAxisLast() {
    SplitGemm g;
    QVERIFY(g.sch.RFactor(g.k[0], -1).ok());
    QCOMPARE(
        Q(AsTVMScript(g.sch.func())),
        Q(kGemmHead +
          "    C_rf = T.alloc_buffer((128, 128, 32))\n"
          "    for i, j, k_0, k_1 in T.grid(128, 128, 32, 4):\n"
          "        with T.block(\"C_rf\"):\n"
          "            vk_0, v_i, v_j, vk_1 = T.axis.remap(\"SSSR\", [k_0, i, j, k_1])\n"
          "            T.reads(A[v_i, vk_0 * 4 + vk_1], B[vk_0 * 4 + vk_1, v_j])\n"
          "            T.writes(C_rf[v_i, v_j, vk_0])\n"
          "            with T.init():\n"
          "                C_rf[v_i, v_j, vk_0] = T.float32(0.0)\n"
          "            C_rf[v_i, v_j, vk_0] = C_rf[v_i, v_j, vk_0] + A[v_i, vk_0 * 4 + vk_1] * "
          "B[vk_0 * 4 + vk_1, v_j]\n"
          "    for i, j, k_0 in T.grid(128, 128, 32):\n"
          "        with T.block(\"C\"):\n"
          "            vk_0, v_i, v_j = T.axis.remap(\"RSS\", [k_0, i, j])\n"
          "            T.reads(C_rf[v_i, v_j, vk_0])\n"
          "            T.writes(C[v_i, v_j])\n"
          "            with T.init():\n"
          "                C[v_i, v_j] = T.float32(0.0)\n"
          "            C[v_i, v_j] = C[v_i, v_j] + C_rf[v_i, v_j, vk_0]"));
  }

  // The whole reduction loop: the rfactor block has no reduction left and just stores.
  void wholeReductionLoopOfAMax() {
    Schedule sch(RowReduce("max"));
    BlockRV b = *sch.GetBlock("B");
    auto loops = *sch.GetLoops(b);
    QVERIFY(sch.RFactor(loops[1], 0).ok());
    QCOMPARE(Q(AsTVMScript(sch.func())),
             Q(Header(Buf("A", "(128, 128)") + ", " + Buf("B", "(128,)")) +
               "    T.func_attr({\"tir.noalias\": T.bool(True)})\n"
               "    # with T.block(\"root\"):\n"
               "    B_rf = T.alloc_buffer((128, 128))\n"
               "    for i, k in T.grid(128, 128):\n"
               "        with T.block(\"B_rf\"):\n"
               "            vk, v_i = T.axis.remap(\"SS\", [k, i])\n"
               "            T.reads(A[v_i, vk])\n"
               "            T.writes(B_rf[vk, v_i])\n"
               "            B_rf[vk, v_i] = A[v_i, vk]\n"
               "    for i, k in T.grid(128, 128):\n"
               "        with T.block(\"B\"):\n"
               "            vk, v_i = T.axis.remap(\"RS\", [k, i])\n"
               "            T.reads(B_rf[vk, v_i])\n"
               "            T.writes(B[v_i])\n"
               "            with T.init():\n"
               "                B[v_i] = " +
               MaxIdentity() +
               "\n"
               "            B[v_i] = T.max(B[v_i], B_rf[vk, v_i])"));
  }

  void minReductionKeepsItsReducer() {
    Schedule sch(RowReduce("min"));
    auto loops = *sch.GetLoops(*sch.GetBlock("B"));
    auto k = *sch.Split(loops[1], {Expr(), Expr(16)});
    QVERIFY(sch.RFactor(k[1], 1).ok());
    std::string text = AsTVMScript(sch.func());
    QVERIFY(text.find("B_rf = T.alloc_buffer((128, 16))") != std::string::npos);
    QVERIFY(text.find("B_rf[v_i, vk_1] = " + ExprToTVMScript(ir::max_value(DataType::Float(32)))) !=
            std::string::npos);
    QVERIFY(text.find("B_rf[v_i, vk_1] = T.min(B_rf[v_i, vk_1], A[v_i, vk_0 * 16 + vk_1])") !=
            std::string::npos);
    QVERIFY(text.find("B[v_i] = T.min(B[v_i], B_rf[v_i, vk_1])") != std::string::npos);
  }

  // ---- the rules, each with TVM's error kind; nothing changes on failure ----
  void loopWithSeveralBlocksIsNonSingleChild() {
    Schedule sch(ElementwiseChain());
    BlockRV c = *sch.GetBlock("C");
    auto loops = *sch.GetLoops(c);
    QVERIFY(sch.ComputeAt(*sch.GetBlock("B"), loops[0]).ok());
    std::string before = AsTVMScript(sch.func());
    size_t n = sch.trace().insts.size();
    auto rf = sch.RFactor(loops[0], 0);
    QVERIFY(!rf.ok());
    QCOMPARE(Q(ErrorKind(rf.error())), QString("NonSingleChildBlockError"));
    ExpectUnchanged(sch, before, n);
  }

  void spatialBlockIsNotAReduction() {
    Schedule sch(ElementwiseChain());
    auto loops = *sch.GetLoops(*sch.GetBlock("B"));
    std::string before = AsTVMScript(sch.func());
    size_t n = sch.trace().insts.size();
    auto rf = sch.RFactor(loops[1], 0);
    QCOMPARE(Q(ErrorKind(rf.error())), QString("NotReductionBlockError"));
    QVERIFY(rf.error().message.find("violates condition #1") != std::string::npos);
    ExpectUnchanged(sch, before, n);
  }

  void spatialLoopIsRefused() {
    SplitGemm g;
    std::string before = AsTVMScript(g.sch.func());
    size_t n = g.sch.trace().insts.size();
    auto rf = g.sch.RFactor(g.loops[1], 0);
    QCOMPARE(Q(ErrorKind(rf.error())), QString("LoopPropertyError"));
    QVERIFY(rf.error().message.find("The loop to be applied rfactor is j") != std::string::npos);
    ExpectUnchanged(g.sch, before, n);
  }

  void fusedSpatialAndReductionLoopIsRefused() {
    Schedule sch(Gemm());
    auto loops = *sch.GetLoops(*sch.GetBlock("C"));
    LoopRV jk = *sch.Fuse({loops[1], loops[2]});
    std::string before = AsTVMScript(sch.func());
    auto rf = sch.RFactor(jk, 0);
    QCOMPARE(Q(ErrorKind(rf.error())), QString("LoopPropertyError"));
    QVERIFY(rf.error().message.find("touched by both") != std::string::npos);
    QCOMPARE(Q(AsTVMScript(sch.func())), Q(before));
  }

  void parallelLoopIsNotSerial() {
    SplitGemm u;
    QVERIFY(u.sch.Unroll(u.k[1]).ok());
    std::string before = AsTVMScript(u.sch.func());
    auto rf = u.sch.RFactor(u.k[1], 0);
    QCOMPARE(Q(ErrorKind(rf.error())), QString("NotSerialLoopKindError"));
    QVERIFY(rf.error().message.find("the kind of k_1 is `unroll`") != std::string::npos);
    QCOMPARE(Q(AsTVMScript(u.sch.func())), Q(before));
  }

  void factorAxisOutOfRange() {
    SplitGemm g;
    std::string before = AsTVMScript(g.sch.func());
    for (int axis : {3, -4}) {
      auto rf = g.sch.RFactor(g.k[1], axis);
      QCOMPARE(Q(ErrorKind(rf.error())), QString("FactorAxisOutOfRangeError"));
      QVERIFY(rf.error().message.find("required to be in [-3, 2]") != std::string::npos);
    }
    QVERIFY(g.sch.RFactor(g.k[1], -3).ok());  // the lowest allowed: the first axis
    QVERIFY(AsTVMScript(g.sch.func()).find("C_rf = T.alloc_buffer((4, 128, 128))") !=
            std::string::npos);
    QVERIFY(before != AsTVMScript(g.sch.func()));
  }

  void unknownReducerIsNoMatchedReducer() {
    // C[i] = C[i] - A[i, k] with init 0: subtraction is no registered reducer.
    PrimFunc f = RowReduce("sum");
    Schedule probe(f);
    const BlockRealizeNode* r = *probe.Get(*probe.GetBlock("B"));
    auto block = std::make_shared<BlockNode>(*r->block);
    const auto* store = As<ComputeNode>(block->body)->stmt.as<ir::BufferStoreNode>();
    const auto* add = store->value.as<ir::BinaryNode>();
    block->body = MakeCompute(ir::MakeBufferStore(
        store->buffer, ir::MakeBinary(ir::ExprKind::Sub, add->a, add->b), store->indices));
    ScheduleState state(f);
    state.Replace(r, MakeBlockRealize(r->iter_values, r->predicate, block));
    Schedule sch(state.func());
    auto loops = *sch.GetLoops(*sch.GetBlock("B"));
    std::string before = AsTVMScript(sch.func());
    auto rf = sch.RFactor(loops[1], 0);
    QCOMPARE(Q(ErrorKind(rf.error())), QString("NoMatchedReducerError"));
    QCOMPARE(Q(AsTVMScript(sch.func())), Q(before));
  }

  void unitLoopUnderReductionLoopIsAllowed() {
    SplitGemm g;
    QVERIFY(g.sch.AddUnitLoop(g.c).ok());
    QVERIFY(g.sch.RFactor(g.k[1], 0).ok());
  }

  // ---- trace ----
  void traceAndReplay() {
    SplitGemm g;
    BlockRV rf = *g.sch.RFactor(g.k[1], 1);
    // The rfactor block runs under copies of the loops: the old k_0 is gone.
    QCOMPARE(Q(ErrorKind(g.sch.Get(g.k[0]).error())), QString("ValueError"));
    auto rf_loops = *g.sch.GetLoops(rf);
    QVERIFY(g.sch.DecomposeReduction(rf, rf_loops[2]).ok());
    QCOMPARE(Q(TraceAsPython(g.sch.trace())),
             Q("# from tvm import tir\n"
               "def apply_trace(sch: tir.Schedule) -> None:\n"
               "  b0 = sch.get_block(name=\"C\", func_name=\"main\")\n"
               "  l1, l2, l3 = sch.get_loops(block=b0)\n"
               "  l4, l5 = sch.split(loop=l3, factors=[None, 4], preserve_unit_iters=True, "
               "disable_predication=False)\n"
               "  b6 = sch.rfactor(loop=l5, factor_axis=1)\n"
               "  l7, l8, l9, l10 = sch.get_loops(block=b6)\n"
               "  b11 = sch.decompose_reduction(block=b6, loop=l9)"));
    Schedule replayed(Gemm());
    QVERIFY(ApplyTrace(g.sch.trace(), &replayed).ok());
    QCOMPARE(Q(AsTVMScript(replayed.func())), Q(AsTVMScript(g.sch.func())));
    auto json = TraceFromJson(TraceToJson(g.sch.trace()));
    QVERIFY(json.ok());
    QCOMPARE(Q(TraceAsPython(*json)), Q(TraceAsPython(g.sch.trace())));
    QVERIFY(TraceToJson(g.sch.trace()).find("[\"RFactor\", [\"l5\"], [1], [\"b6\"]]") !=
            std::string::npos);
  }
};

}  // namespace tst_tir_rfactor

QTEST_APPLESS_MAIN(tst_tir_rfactor::TestTirRFactor)
#include "tst_tir_rfactor.moc"
