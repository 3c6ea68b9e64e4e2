// te.create_prim_func and the TVMScript printer: the TE programs of TVM's
// test_te_create_primfunc.py style, printed as TVM 0.20 (and 0.24) print func.script().
// The expected texts follow TVM's printer rules (src/script/printer/tir at v0.20.0):
// T.grid for plain nests, T.axis.remap for iterators bound to their loops, the implicit
// root block comment, float constants as T.float32(...).
#include <QtTest>

#include "TirTestSupport.h"

namespace tst_tir_create_prim_func {

using namespace tessera;
using namespace tessera::tir;
using namespace tessera::tir::testing;

class TestTirCreatePrimFunc : public QObject {
  Q_OBJECT

 private slots:
  void gemmPrintsAsTvm020() {
    std::string expected = Header(Buf("A", "(128, 128)") + ", " + Buf("B", "(128, 128)") + ", " +
                                  Buf("C", "(128, 128)")) +
                           "    T.func_attr({\"tir.noalias\": T.bool(True)})\n"
                           "    # with T.block(\"root\"):\n"
                           "    for i, j, k in T.grid(128, 128, 128):\n"
                           "        with T.block(\"C\"):\n"
                           "            v_i, v_j, v_k = T.axis.remap(\"SSR\", [i, j, k])\n"
                           "            T.reads(A[v_i, v_k], B[v_k, v_j])\n"
                           "            T.writes(C[v_i, v_j])\n"
                           "            with T.init():\n"
                           "                C[v_i, v_j] = T.float32(0.0)\n"
                           "            C[v_i, v_j] = C[v_i, v_j] + A[v_i, v_k] * B[v_k, v_j]";
    QCOMPARE(Q(AsTVMScript(Gemm())), Q(expected));
  }

  void gemmPrintsAsTvm024() {
    std::string text = AsTVMScript(Gemm(), TvmDialect::STir);
    QVERIFY(text.rfind("# from tvm.script import tirx as T\n\n@T.prim_func\ndef main(", 0) == 0);
    QVERIFY(text.find("    T.func_attr({\"tirx.noalias\": True})\n"
                      "    # with T.sblock(\"root\"):\n"
                      "    for i, j, k in T.grid(128, 128, 128):\n"
                      "        with T.sblock(\"C\"):\n") != std::string::npos);
    QVERIFY(text.find("T.block") == std::string::npos);
  }

  void elementwiseChainAllocatesTheIntermediate() {
    std::string expected = Header(Buf("A", "(128, 128)") + ", " + Buf("C", "(128, 128)")) +
                           "    T.func_attr({\"tir.noalias\": T.bool(True)})\n"
                           "    # with T.block(\"root\"):\n"
                           "    B = T.alloc_buffer((128, 128))\n"
                           "    for i, j in T.grid(128, 128):\n"
                           "        with T.block(\"B\"):\n"
                           "            v_i, v_j = T.axis.remap(\"SS\", [i, j])\n"
                           "            T.reads(A[v_i, v_j])\n"
                           "            T.writes(B[v_i, v_j])\n"
                           "            B[v_i, v_j] = A[v_i, v_j] * T.float32(2.0)\n"
                           "    for i, j in T.grid(128, 128):\n"
                           "        with T.block(\"C\"):\n"
                           "            v_i, v_j = T.axis.remap(\"SS\", [i, j])\n"
                           "            T.reads(B[v_i, v_j])\n"
                           "            T.writes(C[v_i, v_j])\n"
                           "            C[v_i, v_j] = B[v_i, v_j] + T.float32(1.0)";
    QCOMPARE(Q(AsTVMScript(ElementwiseChain())), Q(expected));
    QVERIFY(AsTVMScript(ElementwiseChain(), TvmDialect::STir)
                .find("    B = T.sblock_alloc_buffer((128, 128))\n") != std::string::npos);
  }

  void paddedConvReadsTheShiftedPoint() {
    std::string expected =
        Header(Buf("A", "(1, 4, 14, 14)") + ", " + Buf("W", "(8, 4, 3, 3)") + ", " +
               Buf("Y", "(1, 8, 14, 14)")) +
        "    T.func_attr({\"tir.noalias\": T.bool(True)})\n"
        "    # with T.block(\"root\"):\n"
        "    A_pad = T.alloc_buffer((1, 4, 16, 16))\n"
        "    for n, c, h, w in T.grid(1, 4, 16, 16):\n"
        "        with T.block(\"A_pad\"):\n"
        "            v_n, v_c, v_h, v_w = T.axis.remap(\"SSSS\", [n, c, h, w])\n"
        "            T.reads(A[v_n, v_c, v_h - 1, v_w - 1])\n"
        "            T.writes(A_pad[v_n, v_c, v_h, v_w])\n"
        "            A_pad[v_n, v_c, v_h, v_w] = T.if_then_else(1 <= v_h and v_h < 15 and 1 <= v_w "
        "and v_w < 15, A[v_n, v_c, v_h - 1, v_w - 1], T.float32(0.0))\n"
        "    for n, f, y, x, rc, ry, rx in T.grid(1, 8, 14, 14, 4, 3, 3):\n"
        "        with T.block(\"Y\"):\n"
        "            v_n, v_f, v_y, v_x, v_rc, v_ry, v_rx = T.axis.remap(\"SSSSRRR\", [n, f, y, x, "
        "rc, ry, rx])\n"
        "            T.reads(A_pad[v_n, v_rc, v_y + v_ry, v_x + v_rx], W[v_f, v_rc, v_ry, v_rx])\n"
        "            T.writes(Y[v_n, v_f, v_y, v_x])\n"
        "            with T.init():\n"
        "                Y[v_n, v_f, v_y, v_x] = T.float32(0.0)\n"
        "            Y[v_n, v_f, v_y, v_x] = Y[v_n, v_f, v_y, v_x] + A_pad[v_n, v_rc, v_y + v_ry, "
        "v_x + v_rx] * W[v_f, v_rc, v_ry, v_rx]";
    QCOMPARE(Q(AsTVMScript(PaddedConv())), Q(expected));
  }

  void blockStructureIsWhatTheSchedulerNeeds() {
    PrimFunc f = Gemm();
    ScheduleState state(f);
    auto blocks = state.FindBlocks("C");
    QCOMPARE(blocks.size(), size_t(1));
    const BlockNode& c = *blocks[0]->block;
    QCOMPARE(c.iter_vars.size(), size_t(3));
    QCOMPARE(IterKindChar(c.iter_vars[2]->iter_type), 'R');
    QVERIFY(c.init.defined());
    QCOMPARE(state.LoopsAbove(blocks[0]).size(), size_t(3));
    QCOMPARE(f.params.size(), size_t(3));
    QVERIFY(RootRealize(f)->block->alloc_buffers.empty());
  }

  void sameOpNameTwiceGetsFreshBlockNames() {
    auto A = *te::placeholder({8}, ir::DataType::Float(32), "A");
    auto B = *te::compute(
        {8}, [&](const std::vector<ir::Var>& i) { return A(i[0]) + 1; }, "T");
    auto C = *te::compute(
        {8}, [&](const std::vector<ir::Var>& i) { return B(i[0]) * 2; }, "T");
    PrimFunc f = *CreatePrimFunc({A, C});
    ScheduleState state(f);
    QCOMPARE(state.FindBlocks("T").size(), size_t(1));
    QCOMPARE(state.FindBlocks("T_1").size(), size_t(1));
  }

  void placeholderMissingFromArgumentsIsAnError() {
    auto A = *te::placeholder({8}, ir::DataType::Float(32), "A");
    auto B = *te::compute(
        {8}, [&](const std::vector<ir::Var>& i) { return A(i[0]) + 1; }, "B");
    auto f = CreatePrimFunc({B});
    QVERIFY(!f.ok());
    QVERIFY(f.error().message.find("placeholder 'A'") != std::string::npos);
  }

  void conditionalReductionIsRefusedNotDropped() {
    auto A = *te::placeholder({8}, ir::DataType::Float(32), "A");
    auto k = te::reduce_axis(ir::Range(0, 8), "k");
    auto S = *te::compute(
        {1}, [&](const std::vector<ir::Var>&) { return te::sum(A(k->var), {k}, k->var < 4); }, "S");
    auto f = CreatePrimFunc({A, S});
    QVERIFY(!f.ok());
    QVERIFY(f.error().message.find("where-condition") != std::string::npos);
  }

  void symbolicShapeUsesMatchBuffer() {
    ir::Var n = te::size_var("n");
    auto A = *te::placeholder({n}, ir::DataType::Float(32), "A");
    auto B = *te::compute(
        {n}, [&](const std::vector<ir::Var>& i) { return A(i[0]) + 1; }, "B");
    std::string text = AsTVMScript(*CreatePrimFunc({A, B}));
    QVERIFY2(text.find("def main(var_A: T.handle, var_B: T.handle):\n") != std::string::npos,
             text.c_str());
    QVERIFY2(
        text.find("    n = T.int32(is_size_var=True)\n    A = T.match_buffer(var_A, (n,))\n") !=
            std::string::npos,
        text.c_str());
    QVERIFY2(text.find("for i in range(n):") != std::string::npos, text.c_str());
  }
};

}  // namespace tst_tir_create_prim_func

QTEST_APPLESS_MAIN(tst_tir_create_prim_func::TestTirCreatePrimFunc)
#include "tst_tir_create_prim_func.moc"
