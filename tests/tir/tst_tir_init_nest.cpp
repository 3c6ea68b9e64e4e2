// Primitives on a block whose init is an init nest (what blockize makes of a reduction):
// compute_inline into it, transform_layout of the buffer it writes and
// transform_block_layout rewrite the init nest as they rewrite an init, and the result
// still computes the GEMM; the block inside an init nest has no sref in TVM 0.20 and
// reindex refuses the outer block as TVM does. The printed programs are compared with
// TVM's in tests/tir/programs/gemm_blockize_init_*.
#include <QtTest>

#include "TirLowerSupport.h"
#include "TirTestSupport.h"
#include "TirTextChecks.h"

namespace tst_tir_init_nest {

using namespace tessera;
using namespace tessera::tir;
using namespace tessera::tir::testing;

namespace {

// A2 = A * 2; C[i, j] = sum_k A2[i, k] * B[k, j], 32 x 32 x 32 (A2 is an intermediate).
TeProgram ScaledGemmProgram() {
  auto A = *te::placeholder({32, 32}, ir::DataType::Float(32), "A");
  auto B = *te::placeholder({32, 32}, ir::DataType::Float(32), "B");
  auto A2 = *te::compute(
      {32, 32}, [&](const std::vector<ir::Var>& i) { return A(i[0], i[1]) * 2; }, "A2");
  auto r = te::reduce_axis(ir::Range(0, 32), "k");
  auto C = *te::compute(
      {32, 32},
      [&](const std::vector<ir::Var>& i) {
        return te::sum(A2(i[0], r->var) * B(r->var, i[1]), {r});
      },
      "C");
  return {{A, B, C}};
}

// The GEMM's loops split by 16, reordered to i_0, j_0, k_0, i_1, j_1, k_1 and blockized
// at i_1: "C_o" holds the init nest around "C_init".
struct BlockizedGemm {
  TeProgram program = ScaledGemmProgram();
  Schedule sch{program.func()};
  BlockRV outer;
  BlockizedGemm() {
    std::vector<LoopRV> loops = *sch.GetLoops(*sch.GetBlock("C"));
    std::vector<LoopRV> i = *sch.Split(loops[0], {Expr(), Expr(16)});
    std::vector<LoopRV> j = *sch.Split(loops[1], {Expr(), Expr(16)});
    std::vector<LoopRV> k = *sch.Split(loops[2], {Expr(), Expr(16)});
    (void)sch.Reorder({i[0], j[0], k[0], i[1], j[1], k[1]});
    outer = *sch.Blockize(i[1]);
  }
};

}  // namespace

class TestTirInitNest : public QObject {
  Q_OBJECT

 private slots:
  void computeInlineIntoABlockizedReduction() {
    BlockizedGemm g;
    Status s = g.sch.ComputeInline(*g.sch.GetBlock("A2"));
    QVERIFY2(s.ok(), s.ok() ? "" : s.error().message.c_str());
    std::string text = AsTVMScript(g.sch.func());
    QVERIFY2(!Contains(text, "A2"), text.c_str());
    QVERIFY2(Contains(text,
                      "            with T.init():\n"
                      "                for i_1, j_1 in T.grid(16, 16):\n"
                      "                    with T.block(\"C_init\"):\n"),
             text.c_str());
    // The outer block's regions are derived again: A instead of A2, not the C it writes.
    QVERIFY2(Contains(text,
                      "T.reads(A[v_i_o * 16:v_i_o * 16 + 16, v_k_o * 16:v_k_o * 16 + 16], "
                      "B["),
             text.c_str());
    Status ran = LowerRunAndCompare(g.program, g.sch.func());
    QVERIFY2(ran.ok(), ran.ok() ? "" : ran.error().message.c_str());
  }

  void transformLayoutRewritesTheInitNest() {
    BlockizedGemm g;
    IndexMap transpose = MakeIndexMap({"i", "j"}, [](const std::vector<Var>& v) {
      return std::vector<Expr>{v[1], v[0]};
    });
    Status s = g.sch.TransformLayout(g.outer, 0, BufferIndexType::Write, transpose);
    QVERIFY2(s.ok(), s.ok() ? "" : s.error().message.c_str());
    std::string text = AsTVMScript(g.sch.func());
    QVERIFY2(Contains(text,
                      "                        T.writes(C[v_j_o * 16 + v_j_i_init, v_i_o * "
                      "16 + v_i_i_init])\n"
                      "                        C[v_j_o * 16 + v_j_i_init, v_i_o * 16 + "
                      "v_i_i_init] = T.float32(0.0)\n"),
             text.c_str());
    // One buffer C: the init nest stores into the transformed parameter, not the old one.
    const Buffer& param = g.sch.func().params.back();
    bool init_stores_param = false;
    const BlockNode& outer = *(*g.sch.Get(g.outer))->block;
    PreOrderVisit(outer.init_nest, [&](const StmtNode* n) {
      if (const auto* r = As<BlockRealizeNode>(n))
        init_stores_param = r->block->writes.at(0).buffer == param;
      return true;
    });
    QVERIFY(init_stores_param);
  }

  void transformBlockLayoutRewritesTheInitNest() {
    BlockizedGemm g;
    IndexMap swap = MakeIndexMap({"i", "j", "k"}, [](const std::vector<Var>& v) {
      return std::vector<Expr>{v[1], v[0], v[2]};
    });
    Status s = g.sch.TransformBlockLayout(g.outer, swap);
    QVERIFY2(s.ok(), s.ok() ? "" : s.error().message.c_str());
    std::string text = AsTVMScript(g.sch.func());
    QVERIFY2(Contains(text, "C[v1 * 16 + v_i_i_init, v0 * 16 + v_j_i_init] = T.float32(0.0)"),
             text.c_str());
    QVERIFY2(!Contains(text, "v_i_o"), text.c_str());
    Status ran = LowerRunAndCompare(g.program, g.sch.func());
    QVERIFY2(ran.ok(), ran.ok() ? "" : ran.error().message.c_str());
  }

  void theBlockInsideAnInitNestHasNoSref() {
    // TVM 0.20 finds the block by name and then fails: its state has no sref for it.
    BlockizedGemm g;
    auto r = g.sch.GetBlock("C_init");
    QVERIFY(!r.ok());
    QCOMPARE(Q(ErrorKind(r.error())), QString("InternalError"));
    QVERIFY2(Contains(r.error().message, "init of block C_o"), r.error().message.c_str());
    auto missing = g.sch.GetBlock("D_init");
    QVERIFY(!missing.ok());
    QCOMPARE(Q(ErrorKind(missing.error())), QString("NotSingleResult"));
  }

  void reindexOfTheOuterBlockIsNotALeaf() {
    BlockizedGemm g;
    std::string before = AsTVMScript(g.sch.func());
    auto r = g.sch.ReIndex(g.outer, 0, BufferIndexType::Write);
    QVERIFY(!r.ok());
    QCOMPARE(Q(ErrorKind(r.error())), QString("NotLeafBlockError"));
    QCOMPARE(Q(AsTVMScript(g.sch.func())), Q(before));
  }
};

}  // namespace tst_tir_init_nest

QTEST_APPLESS_MAIN(tst_tir_init_nest::TestTirInitNest)
#include "tst_tir_init_nest.moc"
