// The trace of a TensorIR schedule: printed as TVM prints `sch.trace` (0.20's tir and
// 0.24's s_tir spelling) and replayed on a fresh schedule of the same function.
#include <QtTest>

#include "TirTestSupport.h"
#include "tir/TraceJson.h"

namespace tst_tir_trace {

using namespace tessera;
using namespace tessera::tir;
using namespace tessera::tir::testing;

namespace {

// get_block, get_loops, split, reorder, fuse, parallel, vectorize, unroll on GEMM; the
// failing step's error otherwise.
Result<Schedule> TiledGemm() {
  Schedule sch(Gemm());
  auto c = sch.GetBlock("C");
  if (!c.ok()) return c.error();
  auto l = sch.GetLoops(*c);
  if (!l.ok()) return l.error();
  auto io = sch.Split(l->at(0), {Expr(), Expr(32)});
  if (!io.ok()) return io.error();
  auto jo = sch.Split(l->at(1), {Expr(4), Expr()});
  if (!jo.ok()) return jo.error();
  Status reordered = sch.Reorder({io->at(0), jo->at(0), io->at(1), l->at(2), jo->at(1)});
  if (!reordered.ok()) return reordered.error();
  auto outer = sch.Fuse({io->at(0), jo->at(0)});
  if (!outer.ok()) return outer.error();
  Status kinds = sch.Parallel(*outer);
  if (kinds.ok()) kinds = sch.Unroll(l->at(2));
  if (kinds.ok()) kinds = sch.Vectorize(jo->at(1));
  if (!kinds.ok()) return kinds.error();
  return sch;
}

}  // namespace

class TestTirTrace : public QObject {
  Q_OBJECT

 private slots:
  void printsAsTvm020() {
    Result<Schedule> tiled = TiledGemm();
    QVERIFY2(tiled.ok(), tiled.ok() ? "" : tiled.error().message.c_str());
    Schedule& sch = *tiled;
    QCOMPARE(Q(TraceAsPython(sch.trace())),
             QString("# from tvm import tir\n"
                     "def apply_trace(sch: tir.Schedule) -> None:\n"
                     "  b0 = sch.get_block(name=\"C\", func_name=\"main\")\n"
                     "  l1, l2, l3 = sch.get_loops(block=b0)\n"
                     "  l4, l5 = sch.split(loop=l1, factors=[None, 32], preserve_unit_iters=True, "
                     "disable_predication=False)\n"
                     "  l6, l7 = sch.split(loop=l2, factors=[4, None], preserve_unit_iters=True, "
                     "disable_predication=False)\n"
                     "  sch.reorder(l4, l6, l5, l3, l7)\n"
                     "  l8 = sch.fuse(l4, l6, preserve_unit_iters=True)\n"
                     "  sch.parallel(loop=l8)\n"
                     "  sch.unroll(loop=l3)\n"
                     "  sch.vectorize(loop=l7)"));
  }

  void printsAsTvm024() {
    Result<Schedule> tiled = TiledGemm();
    QVERIFY2(tiled.ok(), tiled.ok() ? "" : tiled.error().message.c_str());
    Schedule& sch = *tiled;
    std::string text = TraceAsPython(sch.trace(), TvmDialect::STir);
    QVERIFY(text.rfind("# from tvm import s_tir\n"
                       "def apply_trace(sch: s_tir.Schedule) -> None:\n"
                       "  b0 = sch.get_sblock(name=\"C\", func_name=\"main\")\n",
                       0) == 0);
  }

  void scheduledProgram() {
    Result<Schedule> tiled = TiledGemm();
    QVERIFY2(tiled.ok(), tiled.ok() ? "" : tiled.error().message.c_str());
    Schedule& sch = *tiled;
    std::string text = AsTVMScript(sch.func());
    QVERIFY2(
        text.find(
            "    for i_0_j_0_fused in T.parallel(16):\n"
            "        for i_1 in range(32):\n"
            "            for k in T.unroll(128):\n"
            "                for j_1 in T.vectorized(32):\n"
            "                    with T.block(\"C\"):\n"
            "                        v_i = T.axis.spatial(128, i_0_j_0_fused // 4 * 32 + i_1)\n"
            "                        v_j = T.axis.spatial(128, i_0_j_0_fused % 4 * 32 + j_1)\n"
            "                        v_k = T.axis.reduce(128, k)\n") != std::string::npos,
        text.c_str());
  }

  void scheduledProgramInTheTvm024Spelling() {
    Schedule sch(ElementwiseChain());
    QVERIFY(sch.CacheRead(*sch.GetBlock("C"), 0, "shared").ok());
    QVERIFY(sch.Annotate(*sch.GetBlock("C"), "note", ir::StringImm("x")).ok());
    std::string text = AsTVMScript(sch.func(), TvmDialect::STir);
    QVERIFY2(text.find("    B = T.sblock_alloc_buffer((128, 128))\n"
                       "    B_shared = T.sblock_alloc_buffer((128, 128), scope=\"shared\")\n") !=
                 std::string::npos,
             text.c_str());
    QVERIFY2(text.find("        with T.sblock(\"B_shared\"):\n") != std::string::npos,
             text.c_str());
    QVERIFY2(text.find("            T.sblock_attr({\"note\": \"x\"})\n") != std::string::npos,
             text.c_str());
    QVERIFY(text.find("T.block(") == std::string::npos &&
            text.find("T.alloc_buffer") == std::string::npos);
  }

  void emptyTraceIsPass() {
    Schedule sch(Gemm());
    QCOMPARE(Q(TraceAsPython(sch.trace())),
             QString("# from tvm import tir\ndef apply_trace(sch: tir.Schedule) -> None:\n  pass"));
  }

  void singleOutputListKeepsTheComma() {
    auto A = *te::placeholder({16}, ir::DataType::Float(32), "A");
    auto B = *te::compute(
        {16}, [&](const std::vector<ir::Var>& i) { return A(i[0]) + 1; }, "B");
    Schedule sch(*CreatePrimFunc({A, B}));
    QVERIFY(sch.GetLoops(*sch.GetBlock("B")).ok());
    QCOMPARE(Q(TraceLines(sch.trace()).at(1)), QString("l1, = sch.get_loops(block=b0)"));
  }

  void replayReproducesProgramAndTrace() {
    Result<Schedule> tiled = TiledGemm();
    QVERIFY2(tiled.ok(), tiled.ok() ? "" : tiled.error().message.c_str());
    Schedule& original = *tiled;
    Schedule replayed(Gemm());
    Status s = ApplyTrace(original.trace(), &replayed);
    QVERIFY2(s.ok(), s.ok() ? "" : s.error().message.c_str());
    QCOMPARE(Q(AsTVMScript(replayed.func())), Q(AsTVMScript(original.func())));
    QCOMPARE(Q(TraceAsPython(replayed.trace())), Q(TraceAsPython(original.trace())));
  }

  void replayStopsAtTheFailingInstruction() {
    Result<Schedule> tiled = TiledGemm();
    QVERIFY2(tiled.ok(), tiled.ok() ? "" : tiled.error().message.c_str());
    Schedule& original = *tiled;
    // The convolution has no block "C": the replay fails at its first instruction.
    Schedule other(PaddedConv());
    Status s = ApplyTrace(original.trace(), &other);
    QVERIFY(!s.ok());
    QVERIFY(s.error().message.rfind("instruction 0 (GetBlock): NotSingleResult", 0) == 0);
  }

  void replayOnAnotherShapeFailsWhereTheShapeMatters() {
    Result<Schedule> tiled = TiledGemm();
    QVERIFY2(tiled.ok(), tiled.ok() ? "" : tiled.error().message.c_str());
    // Block C of the elementwise chain has two loops where the GEMM had three.
    Schedule other(ElementwiseChain());
    Status s = ApplyTrace(tiled->trace(), &other);
    QVERIFY(!s.ok());
    QVERIFY2(s.error().message.rfind("instruction 1 (GetLoops)", 0) == 0,
             s.error().message.c_str());
  }

  void computeInlineIsRecordedAndReplayed() {
    Schedule sch(ElementwiseChain());
    QVERIFY(sch.ComputeInline(*sch.GetBlock("B")).ok());
    QCOMPARE(Q(TraceAsPython(sch.trace())),
             QString("# from tvm import tir\n"
                     "def apply_trace(sch: tir.Schedule) -> None:\n"
                     "  b0 = sch.get_block(name=\"B\", func_name=\"main\")\n"
                     "  sch.compute_inline(block=b0)"));
    Schedule replayed(ElementwiseChain());
    QVERIFY(ApplyTrace(sch.trace(), &replayed).ok());
    QCOMPARE(Q(AsTVMScript(replayed.func())), Q(AsTVMScript(sch.func())));
  }

  void cacheStagesAreRecordedAndReplayed() {
    Schedule sch(Gemm());
    BlockRV c = *sch.GetBlock("C");
    QVERIFY(sch.CacheRead(c, 1, "shared").ok());
    QVERIFY(sch.CacheWrite(c, 0, "local").ok());
    std::vector<std::string> lines = TraceLines(sch.trace());
    QCOMPARE(
        Q(lines.at(1)),
        QString("b1 = sch.cache_read(block=b0, read_buffer_index=1, storage_scope=\"shared\")"));
    QCOMPARE(
        Q(lines.at(2)),
        QString("b2 = sch.cache_write(block=b0, write_buffer_index=0, storage_scope=\"local\")"));
    Schedule replayed(Gemm());
    QVERIFY(ApplyTrace(sch.trace(), &replayed).ok());
    QCOMPARE(Q(AsTVMScript(replayed.func())), Q(AsTVMScript(sch.func())));
  }

  void computeAtIsRecordedAndReplayed() {
    Schedule sch(ElementwiseChain());
    LoopRV i = (*sch.GetLoops(*sch.GetBlock("C")))[0];
    QVERIFY(sch.ComputeAt(*sch.GetBlock("B"), i).ok());
    QCOMPARE(Q(TraceLines(sch.trace()).back()),
             QString("sch.compute_at(block=b3, loop=l1, preserve_unit_loops=False, index=-1)"));
    Schedule replayed(ElementwiseChain());
    QVERIFY(ApplyTrace(sch.trace(), &replayed).ok());
    QCOMPARE(Q(AsTVMScript(replayed.func())), Q(AsTVMScript(sch.func())));
  }

  void jsonInTvmLayout() {
    Schedule sch(Gemm());
    auto loops = *sch.GetLoops(*sch.GetBlock("C"));
    QVERIFY(sch.Split(loops[0], {Expr(), Expr(32)}).ok());
    QCOMPARE(Q(TraceToJson(sch.trace())),
             QString("[[[\"GetBlock\", [], [\"C\", \"main\"], [\"b0\"]], "
                     "[\"GetLoops\", [\"b0\"], [], [\"l1\", \"l2\", \"l3\"]], "
                     "[\"Split\", [\"l1\", \"None\", 32], [1, 0], [\"l4\", \"l5\"]]], []]"));
  }

  void jsonRoundTripReplays() {
    Result<Schedule> tiled = TiledGemm();
    QVERIFY2(tiled.ok(), tiled.ok() ? "" : tiled.error().message.c_str());
    Schedule& original = *tiled;
    BlockRV c = *original.GetBlock("C");
    QVERIFY(original.CacheWrite(c, 0, "local").ok());
    auto trace = TraceFromJson(TraceToJson(original.trace()));
    QVERIFY2(trace.ok(), trace.ok() ? "" : trace.error().message.c_str());
    QCOMPARE(Q(TraceAsPython(*trace)), Q(TraceAsPython(original.trace())));
    Schedule replayed(Gemm());
    QVERIFY(ApplyTrace(*trace, &replayed).ok());
    QCOMPARE(Q(AsTVMScript(replayed.func())), Q(AsTVMScript(original.func())));
  }

  void jsonErrorsNameTheInstruction() {
    Schedule moved(ElementwiseChain());
    LoopRV i = (*moved.GetLoops(*moved.GetBlock("B")))[0];
    QVERIFY(moved.ReverseComputeAt(*moved.GetBlock("C"), i).ok());
    QCOMPARE(
        Q(TraceLines(moved.trace()).back()),
        QString("sch.reverse_compute_at(block=b3, loop=l1, preserve_unit_loops=False, index=-1)"));
    auto round = TraceFromJson(TraceToJson(moved.trace()));
    Schedule replayed(ElementwiseChain());
    QVERIFY(round.ok() && ApplyTrace(*round, &replayed).ok());
    QCOMPARE(Q(AsTVMScript(replayed.func())), Q(AsTVMScript(moved.func())));
    Schedule decomposed(Gemm());
    BlockRV c = *decomposed.GetBlock("C");
    LoopRV j = (*decomposed.GetLoops(c))[1];
    QVERIFY(decomposed.DecomposeReduction(c, j).ok());
    QVERIFY(decomposed.Unroll((*decomposed.GetLoops(c))[2]).ok());  // c names C_update now
    QCOMPARE(Q(TraceLines(decomposed.trace()).at(2)),
             QString("b4 = sch.decompose_reduction(block=b0, loop=l2)"));
    auto again = TraceFromJson(TraceToJson(decomposed.trace()));
    Schedule replayed_decomposition(Gemm());
    QVERIFY(again.ok() && ApplyTrace(*again, &replayed_decomposition).ok());
    QCOMPARE(Q(AsTVMScript(replayed_decomposition.func())), Q(AsTVMScript(decomposed.func())));
    Schedule annotated(Gemm());
    BlockRV ab = *annotated.GetBlock("C");
    LoopRV al = (*annotated.GetLoops(ab))[0];
    QVERIFY(annotated.Annotate(al, "pragma_auto_unroll_max_step", Expr(64)).ok());
    QVERIFY(annotated.Annotate(ab, "schedule_rule", ir::StringImm("None")).ok());
    QVERIFY(annotated.Unannotate(ab, "schedule_rule").ok());
    std::vector<std::string> lines = TraceLines(annotated.trace());
    QCOMPARE(
        Q(lines.at(2)),
        QString(
            "sch.annotate(block_or_loop=l1, ann_key=\"pragma_auto_unroll_max_step\", ann_val=64)"));
    QCOMPARE(
        Q(lines.at(3)),
        QString("sch.annotate(block_or_loop=b0, ann_key=\"schedule_rule\", ann_val=\"None\")"));
    QCOMPARE(Q(lines.at(4)),
             QString("sch.unannotate(block_or_loop=b0, ann_key=\"schedule_rule\")"));
    auto annotated_json = TraceFromJson(TraceToJson(annotated.trace()));
    QVERIFY(annotated_json.ok());
    QCOMPARE(Q(TraceAsPython(*annotated_json)), Q(TraceAsPython(annotated.trace())));
    Schedule annotated_replay(Gemm());
    QVERIFY(ApplyTrace(*annotated_json, &annotated_replay).ok());
    QCOMPARE(Q(AsTVMScript(annotated_replay.func())), Q(AsTVMScript(annotated.func())));
    auto unknown = TraceFromJson(R"([[["Explode", [], [], []]], []])");
    QVERIFY(!unknown.ok());
    QVERIFY(unknown.error().message.find("instruction 0: unknown instruction kind") !=
            std::string::npos);
    auto undefined = TraceFromJson(R"([[["GetLoops", ["b7"], [], ["l0"]]], []])");
    QVERIFY(!undefined.ok());
    QVERIFY(undefined.error().message.find("b7 is not defined") != std::string::npos);
  }

  void failedPrimitiveIsNotRecorded() {
    Schedule sch(Gemm());
    std::vector<LoopRV> l = *sch.GetLoops(*sch.GetBlock("C"));
    QVERIFY(!sch.Parallel(l[2]).ok());
    QCOMPARE(sch.trace().insts.size(), size_t(2));
  }
};

}  // namespace tst_tir_trace

QTEST_APPLESS_MAIN(tst_tir_trace::TestTirTrace)
#include "tst_tir_trace.moc"
