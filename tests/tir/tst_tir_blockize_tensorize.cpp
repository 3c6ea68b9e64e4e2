// blockize, in the style of TVM's test_tir_schedule_blockize.py: the program before and
// after (printed as TVM 0.20 prints it), a reduction block with its init (the outer
// block's init nest, run against the oracle), the refusals with TVM's error kinds, and
// the trace with its replay.
#include <QtTest>
#include <fstream>
#include <sstream>

#include "TirLowerSupport.h"
#include "TirTestSupport.h"
#include "script/Evaluator.h"
#include "tir/TraceJson.h"

namespace tst_tir_blockize_tensorize {

using namespace tessera;
using namespace tessera::tir;
using namespace tessera::tir::testing;

namespace {

// B[i, j] = A[i, j] * 2, 128 x 128.
PrimFunc Elementwise() {
  auto A = *te::placeholder({128, 128}, ir::DataType::Float(32), "A");
  auto B = *te::compute(
      {128, 128}, [&](const std::vector<ir::Var>& i) { return A(i[0], i[1]) * 2; }, "B");
  return *CreatePrimFunc({A, B});
}

const std::string kHead = Header(Buf("A", "(128, 128)") + ", " + Buf("B", "(128, 128)")) +
                          "    T.func_attr({\"tir.noalias\": T.bool(True)})\n" +
                          "    # with T.block(\"root\"):\n";

// i and j split by 16 and reordered to i_0, j_0, i_1, j_1.
struct Tiled {
  Schedule sch{Elementwise()};
  BlockRV b = *sch.GetBlock("B");
  std::vector<LoopRV> loops = *sch.GetLoops(b);
  std::vector<LoopRV> i = *sch.Split(loops[0], {Expr(), Expr(16)});
  std::vector<LoopRV> j = *sch.Split(loops[1], {Expr(), Expr(16)});
  Tiled() { (void)sch.Reorder({i[0], j[0], i[1], j[1]}); }
};

// C = A x B (32 x 32 x 32) with i, j and k split by 16 and reordered to i_0, j_0, k_0,
// i_1, j_1, k_1: blockize at i_1 leaves an outer reduction iterator v_k_o.
struct TiledGemm {
  TeProgram program = GemmProgram(32, 32, 32);
  Schedule sch{program.func()};
  BlockRV c = *sch.GetBlock("C");
  std::vector<LoopRV> loops = *sch.GetLoops(c);
  std::vector<LoopRV> i = *sch.Split(loops[0], {Expr(), Expr(16)});
  std::vector<LoopRV> j = *sch.Split(loops[1], {Expr(), Expr(16)});
  std::vector<LoopRV> k = *sch.Split(loops[2], {Expr(), Expr(16)});
  TiledGemm() { (void)sch.Reorder({i[0], j[0], k[0], i[1], j[1], k[1]}); }
};

}  // namespace

class TestTirBlockizeTensorize : public QObject {
  Q_OBJECT

 private slots:
  void blockizeTheInnerTiles() {
    Tiled t;
    auto outer = t.sch.Blockize(t.i[1]);
    QVERIFY2(outer.ok(), outer.ok() ? "" : outer.error().message.c_str());
    QCOMPARE(Q((*t.sch.Get(*outer))->block->name), QString("B_o"));
    QCOMPARE(Q(AsTVMScript(t.sch.func())),
             Q(kHead +
               "    for i_0, j_0 in T.grid(8, 8):\n"
               "        with T.block(\"B_o\"):\n"
               "            v_i_o, v_j_o = T.axis.remap(\"SS\", [i_0, j_0])\n"
               "            T.reads(A[v_i_o * 16:v_i_o * 16 + 16, v_j_o * 16:v_j_o * 16 + 16])\n"
               "            T.writes(B[v_i_o * 16:v_i_o * 16 + 16, v_j_o * 16:v_j_o * 16 + 16])\n"
               "            for i_1, j_1 in T.grid(16, 16):\n"
               "                with T.block(\"B\"):\n"
               "                    v_i_i, v_j_i = T.axis.remap(\"SS\", [i_1, j_1])\n"
               "                    T.reads(A[v_i_o * 16 + v_i_i, v_j_o * 16 + v_j_i])\n"
               "                    T.writes(B[v_i_o * 16 + v_i_i, v_j_o * 16 + v_j_i])\n"
               "                    B[v_i_o * 16 + v_i_i, v_j_o * 16 + v_j_i] = A[v_i_o * 16 + "
               "v_i_i, v_j_o * 16 + v_j_i] * T.float32(2.0)"));
    // the inner block keeps its name and its loops their random variables
    QCOMPARE(Q((*t.sch.Get(t.b))->block->name), QString("B"));
    QVERIFY(t.sch.Get(t.j[1]).ok());
  }

  void blockizeTheWholeNest() {
    Schedule sch(Elementwise());
    auto loops = *sch.GetLoops(*sch.GetBlock("B"));
    QVERIFY(sch.Blockize(loops[0]).ok());
    QCOMPARE(Q(AsTVMScript(sch.func())),
             Q(kHead + "    with T.block(\"B_o\"):\n"
                       "        v_i_o = T.axis.spatial(1, 0)\n"
                       "        v_j_o = T.axis.spatial(1, 0)\n"
                       "        T.reads(A[0:128, 0:128])\n"
                       "        T.writes(B[0:128, 0:128])\n"
                       "        for i, j in T.grid(128, 128):\n"
                       "            with T.block(\"B\"):\n"
                       "                v_i_i, v_j_i = T.axis.remap(\"SS\", [i, j])\n"
                       "                T.reads(A[v_i_i, v_j_i])\n"
                       "                T.writes(B[v_i_i, v_j_i])\n"
                       "                B[v_i_i, v_j_i] = A[v_i_i, v_j_i] * T.float32(2.0)"));
  }

  void blockizeTheInnermostLoop() {
    // Only j inside: i stays outside as the outer block's iterator.
    Schedule sch(Elementwise());
    auto loops = *sch.GetLoops(*sch.GetBlock("B"));
    QVERIFY(sch.Blockize(loops[1]).ok());
    std::string text = AsTVMScript(sch.func());
    QVERIFY(text.find("    for i in range(128):\n        with T.block(\"B_o\"):\n"
                      "            v_i_o = T.axis.spatial(128, i)\n"
                      "            v_j_o = T.axis.spatial(1, 0)\n"
                      "            T.reads(A[v_i_o, 0:128])\n") != std::string::npos);
    QVERIFY(text.find("v_j_i = T.axis.spatial(128, j)") != std::string::npos);
    QVERIFY(text.find("B[v_i_o, v_j_i] = A[v_i_o, v_j_i] * T.float32(2.0)") != std::string::npos);
  }

  void blockizeTwice() {
    Tiled t;
    QVERIFY(t.sch.Blockize(t.i[1]).ok());
    auto again = t.sch.Blockize(t.i[0]);
    QVERIFY2(again.ok(), again.ok() ? "" : again.error().message.c_str());
    QCOMPARE(Q((*t.sch.Get(*again))->block->name), QString("B_o_o"));
  }

  // ---- refusals: nothing changes ----
  void severalBlocksAreNonSingleChild() {
    Schedule sch(ElementwiseChain());
    auto loops = *sch.GetLoops(*sch.GetBlock("C"));
    QVERIFY(sch.ComputeAt(*sch.GetBlock("B"), loops[0]).ok());
    std::string before = AsTVMScript(sch.func());
    size_t n = sch.trace().insts.size();
    auto r = sch.Blockize(loops[0]);
    QCOMPARE(Q(ErrorKind(r.error())), QString("NonSingleChildBlockError"));
    QCOMPARE(Q(AsTVMScript(sch.func())), Q(before));
    QCOMPARE(sch.trace().insts.size(), n);
  }

  void bindingsThatDoNotDivide() {
    // i_1 outside i_0: the inner loop i_0 strides by 16, no inner tile counts from 0.
    Schedule sch(Elementwise());
    auto loops = *sch.GetLoops(*sch.GetBlock("B"));
    auto i = *sch.Split(loops[0], {Expr(), Expr(16)});
    QVERIFY(sch.Reorder({i[1], i[0]}).ok());
    std::string before = AsTVMScript(sch.func());
    auto r = sch.Blockize(i[0]);
    QCOMPARE(Q(ErrorKind(r.error())), QString("SubspaceNotDivisibleError"));
    QVERIFY(r.error().message.find("inner block B can not be blockized by the loops starting at "
                                   "i_0") != std::string::npos);
    QCOMPARE(Q(AsTVMScript(sch.func())), Q(before));
  }

  void predicatedBlockDoesNotDivide() {
    Schedule sch(Elementwise());
    auto loops = *sch.GetLoops(*sch.GetBlock("B"));
    auto i = *sch.Split(loops[0], {Expr(), Expr(48)});
    QCOMPARE(Q(ErrorKind(sch.Blockize(i[1]).error())), QString("SubspaceNotDivisibleError"));
  }

  // ---- a reduction block with its init ----
  void reductionBlockGivesTheOuterBlockAnInitNest() {
    // TVM's GenerateOuterInit: the init loops (copies of the inner spatial loops the init
    // uses) around an inner init block "C_init"; the inner block under an outer reduction
    // iterator reads what it writes.
    TiledGemm g;
    auto outer = g.sch.Blockize(g.i[1]);
    QVERIFY2(outer.ok(), outer.ok() ? "" : outer.error().message.c_str());
    const BlockNode& block = *(*g.sch.Get(*outer))->block;
    QVERIFY(!block.init.defined() && block.init_nest && HasInit(block));
    std::string text = AsTVMScript(g.sch.func());
    QVERIFY2(
        text.find("            T.writes(C[v_i_o * 16:v_i_o * 16 + 16, v_j_o * 16:v_j_o * 16 "
                  "+ 16])\n"
                  "            with T.init():\n"
                  "                for i_1, j_1 in T.grid(16, 16):\n"
                  "                    with T.block(\"C_init\"):\n"
                  "                        v_i_i_init, v_j_i_init = T.axis.remap(\"SS\", "
                  "[i_1, j_1])\n"
                  "                        T.reads()\n"
                  "                        T.writes(C[v_i_o * 16 + v_i_i_init, v_j_o * 16 + "
                  "v_j_i_init])\n"
                  "                        C[v_i_o * 16 + v_i_i_init, v_j_o * 16 + "
                  "v_j_i_init] = T.float32(0.0)\n"
                  "            for i_1, j_1, k_1 in T.grid(16, 16, 16):\n") != std::string::npos,
        text.c_str());
    QVERIFY(text.find("T.reads(C[v_i_o * 16 + v_i_i, v_j_o * 16 + v_j_i], A[") !=
            std::string::npos);
    // The init runs at the first outer reduction step only (v_k_o == 0).
    Status ran = LowerRunAndCompare(g.program, g.sch.func());
    QVERIFY2(ran.ok(), ran.ok() ? "" : ran.error().message.c_str());
  }

  void reductionBlockizedOverTheWholeReduction() {
    // Inner loops j and k: the init uses v_j_i only, so its nest is the one loop j.
    TeProgram gemm = GemmProgram(24, 20, 17);
    Schedule sch(gemm.func());
    auto loops = *sch.GetLoops(*sch.GetBlock("C"));
    auto outer = sch.Blockize(loops[1]);
    QVERIFY2(outer.ok(), outer.ok() ? "" : outer.error().message.c_str());
    std::string text = AsTVMScript(sch.func());
    QVERIFY2(text.find("            with T.init():\n"
                       "                for j in range(20):\n"
                       "                    with T.block(\"C_init\"):\n"
                       "                        v_j_i_init = T.axis.spatial(20, j)\n") !=
                 std::string::npos,
             text.c_str());
    Status ran = LowerRunAndCompare(gemm, sch.func());
    QVERIFY2(ran.ok(), ran.ok() ? "" : ran.error().message.c_str());
  }

  void decomposeTheBlockizedReduction() {
    // The outer block's init nest becomes the body of "C_o_init" (as TVM 0.20 does).
    TiledGemm g;
    auto outer = g.sch.Blockize(g.i[1]);
    QVERIFY(outer.ok());
    auto init = g.sch.DecomposeReduction(*outer, g.k[0]);
    QVERIFY2(init.ok(), init.ok() ? "" : init.error().message.c_str());
    std::string text = AsTVMScript(g.sch.func());
    QVERIFY2(text.find("        with T.block(\"C_o_init\"):\n"
                       "            v_i_o, v_j_o = T.axis.remap(\"SS\", [i_0, j_0])\n"
                       "            T.reads()\n"
                       "            T.writes(C[v_i_o * 16:v_i_o * 16 + 16, v_j_o * 16:v_j_o * 16 "
                       "+ 16])\n"
                       "            for i_1, j_1 in T.grid(16, 16):\n"
                       "                with T.block(\"C_init\"):\n") != std::string::npos,
             text.c_str());
    QVERIFY(text.find("T.init()") == std::string::npos);
    Status ran = LowerRunAndCompare(g.program, g.sch.func());
    QVERIFY2(ran.ok(), ran.ok() ? "" : ran.error().message.c_str());
  }

  void blockizeOfABlockWithAnInitNestNestsItAgain() {
    // TVM nests the init once more: C_o_o's init is the loop j_0 around a block "C_o_init"
    // that holds C_o's init nest (tests/tir/programs/gemm_blockize_init_twice).
    TiledGemm g;
    QVERIFY(g.sch.Blockize(g.i[1]).ok());
    auto r = g.sch.Blockize(g.j[0]);
    QVERIFY2(r.ok(), r.ok() ? "" : r.error().message.c_str());
    const BlockNode& outer = *(*g.sch.Get(*r))->block;
    QVERIFY(outer.init_nest && !outer.init.defined());
    const BlockNode& inner = *(*g.sch.Get(*g.sch.GetBlock("C_o")))->block;
    QVERIFY(!HasInit(inner));
    std::string text = AsTVMScript(g.sch.func());
    QVERIFY2(text.find("            with T.init():\n"
                       "                for j_0 in range(2):\n"
                       "                    with T.block(\"C_o_init\"):\n"
                       "                        v_j_o_i_init = T.axis.spatial(2, j_0)\n") !=
                 std::string::npos,
             text.c_str());
    QVERIFY2(
        text.find("                            with T.block(\"C_init\"):\n") != std::string::npos,
        text.c_str());
    Status ran = LowerRunAndCompare(g.program, g.sch.func());
    QVERIFY2(ran.ok(), ran.ok() ? "" : ran.error().message.c_str());
  }

  void theInitNestThatTvmPrintedReadsBack() {
    // TVM's printed function (tests/tir/programs/reference) parses and prints unchanged.
    std::ifstream in(std::string(qgetenv("TESSERA_SOURCE_DIR").constData()) +
                     "/tests/tir/programs/reference/gemm_blockize_init.txt");
    std::stringstream text;
    text << in.rdbuf();
    std::string printed = text.str();
    size_t from = printed.find("# from tvm.script"), to = printed.find("# from tvm import tir");
    QVERIFY(from != std::string::npos && to != std::string::npos);
    std::string function = printed.substr(from, to - from);
    auto program = script::EvaluateScript(
        "import tvm\nfrom tvm import tir\nfrom tvm.script import tir as T\n" + function +
            "sch = tir.Schedule(main)\n",
        "t.py");
    QVERIFY2(program.ok(), program.ok() ? "" : program.error().format().c_str());
    QVERIFY(program->tir_schedule);
    QCOMPARE(Q(AsTVMScript(program->tir_schedule->func())).trimmed(), Q(function).trimmed());
  }

  void reductionTraceReplaysAndRoundTripsThroughJson() {
    TiledGemm g;
    QVERIFY(g.sch.Blockize(g.i[1]).ok());
    Schedule replayed(g.program.func());
    QVERIFY(ApplyTrace(g.sch.trace(), &replayed).ok());
    QCOMPARE(Q(AsTVMScript(replayed.func())), Q(AsTVMScript(g.sch.func())));
    auto back = TraceFromJson(TraceToJson(g.sch.trace()));
    QVERIFY(back.ok());
    Schedule from_json(g.program.func());
    QVERIFY(ApplyTrace(*back, &from_json).ok());
    QCOMPARE(Q(AsTVMScript(from_json.func())), Q(AsTVMScript(g.sch.func())));
  }

  // ---- trace ----
  void traceAndReplay() {
    Tiled t;
    QVERIFY(t.sch.Blockize(t.i[1], false).ok());
    std::vector<std::string> lines = TraceLines(t.sch.trace());
    QCOMPARE(Q(lines.back()), Q("b7 = sch.blockize(target=l4, preserve_unit_iters=False)"));
    Schedule replayed(Elementwise());
    QVERIFY(ApplyTrace(t.sch.trace(), &replayed).ok());
    QCOMPARE(Q(AsTVMScript(replayed.func())), Q(AsTVMScript(t.sch.func())));
    std::string json = TraceToJson(t.sch.trace());
    QVERIFY(json.find("[\"Blockize\", [\"l4\"], [0], [\"b7\"]]") != std::string::npos);
    auto back = TraceFromJson(json);
    QVERIFY(back.ok());
    QCOMPARE(Q(TraceAsPython(*back)), Q(TraceAsPython(t.sch.trace())));
  }
};

}  // namespace tst_tir_blockize_tensorize

QTEST_APPLESS_MAIN(tst_tir_blockize_tensorize::TestTirBlockizeTensorize)
#include "tst_tir_blockize_tensorize.moc"
