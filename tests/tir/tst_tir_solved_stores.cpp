// compute_at / reverse_compute_at of blocks whose region is solved as TVM's
// SolveBlockVarDomain and UpdateBlockVarDomainAffine solve it: `v * c` (a blockized
// producer or consumer accessing a tile), bijective affine maps (`B[vi * 32 + vj]`,
// `B[vi + 1]`), and the refusal of any other index; and preserve_unit_iters=False on split
// and fuse (every unit loop around the blocks reads 0 in their bindings). The printed
// programs are compared with TVM's in tests/tir/programs (compute_at_*_store,
// *_blockized_tile, *_preserve_unit_iters_false); here they run against the oracle.
#include <QtTest>

#include "TirLowerSupport.h"
#include "TirTestSupport.h"
#include "TirTextChecks.h"
#include "script/Evaluator.h"

namespace tst_tir_solved_stores {

using namespace tessera;
using namespace tessera::tir;
using namespace tessera::tir::testing;

namespace {

// B = A * 2; C = B + 1 over 32 x 16, both blocks' i loops split: B's by `b_factor`, C's by
// `c_factor`.
struct SplitChain {
  TeProgram program = ChainProgram(32, 16);
  Schedule sch{program.func()};
  std::vector<LoopRV> b_i, c_i;
  SplitChain(int64_t b_factor, int64_t c_factor) {
    b_i = *sch.Split((*sch.GetLoops(*sch.GetBlock("B")))[0], {Expr(), Expr(b_factor)});
    c_i = *sch.Split((*sch.GetLoops(*sch.GetBlock("C")))[0], {Expr(), Expr(c_factor)});
  }
};

// A program whose block B stores B[<store>] (B of `shape`) and whose block C reads it at
// C's iterators, then `call`, printing nothing; the error `expected` is asserted.
std::string RefusedProgram(const std::string& shape, const std::string& store,
                           const std::string& load, const std::string& call,
                           const std::string& expected) {
  return "import tvm\n"
         "from tvm import tir\n"
         "from tvm.script import tir as T\n"
         "@T.prim_func\n"
         "def main(A: T.Buffer((16, 16), 'float32'), C: T.Buffer((16, 16), 'float32')):\n"
         "    B = T.alloc_buffer(" +
         shape +
         ")\n"
         "    for i, j in T.grid(16, 16):\n"
         "        with T.block('B'):\n"
         "            vi, vj = T.axis.remap('SS', [i, j])\n"
         "            B[" +
         store +
         "] = A[vi, vj] * T.float32(2.0)\n"
         "    for i, j in T.grid(16, 16):\n"
         "        with T.block('C'):\n"
         "            vi, vj = T.axis.remap('SS', [i, j])\n"
         "            C[vi, vj] = B[" +
         load +
         "] + T.float32(1.0)\n"
         "sch = tir.Schedule(main)\n"
         "before = sch.mod['main'].script()\n"
         "try:\n"
         "    " +
         call +
         "\n"
         "    raise AssertionError('no error')\n"
         "except ValueError as e:\n"
         "    assert '" +
         expected +
         "' in str(e), str(e)\n"
         "assert sch.mod['main'].script() == before\n";
}

}  // namespace

class TestTirSolvedStores : public QObject {
  Q_OBJECT

 private slots:
  void computeAtOfABlockizedProducerRunsPerTile() {
    // B_o writes B[v_i_o * 8:v_i_o * 8 + 8, 0:16]; C's loop i_0 needs 16 rows: two tiles.
    SplitChain g(8, 16);
    auto b_o = g.sch.Blockize(g.b_i[1]);
    QVERIFY2(b_o.ok(), b_o.ok() ? "" : b_o.error().message.c_str());
    Status s = g.sch.ComputeAt(*b_o, g.c_i[0]);
    QVERIFY2(s.ok(), s.ok() ? "" : s.error().message.c_str());
    std::string text = AsTVMScript(g.sch.func());
    QVERIFY2(Contains(text,
                      "        for ax0 in range(2):\n"
                      "            with T.block(\"B_o\"):\n"
                      "                v_i_o = T.axis.spatial(4, i_0 * 2 + ax0)\n"),
             text.c_str());
    Status ran = LowerRunAndCompare(g.program, g.sch.func());
    QVERIFY2(ran.ok(), ran.ok() ? "" : ran.error().message.c_str());
  }

  void reverseComputeAtOfABlockizedConsumerRunsPerTile() {
    // C_o reads B[v_i_o * 8:v_i_o * 8 + 8, 0:16]; B's loop i_0 writes 16 rows per step.
    SplitChain g(16, 8);
    auto c_o = g.sch.Blockize(g.c_i[1]);
    QVERIFY2(c_o.ok(), c_o.ok() ? "" : c_o.error().message.c_str());
    Status s = g.sch.ReverseComputeAt(*c_o, g.b_i[0]);
    QVERIFY2(s.ok(), s.ok() ? "" : s.error().message.c_str());
    std::string text = AsTVMScript(g.sch.func());
    QVERIFY2(Contains(text,
                      "        for ax0 in range(2):\n"
                      "            with T.block(\"C_o\"):\n"
                      "                v_i_o = T.axis.spatial(4, i_0 * 2 + ax0)\n"),
             text.c_str());
    Status ran = LowerRunAndCompare(g.program, g.sch.func());
    QVERIFY2(ran.ok(), ran.ok() ? "" : ran.error().message.c_str());
  }

  void indicesTvmCannotSolveAreRefused_data() {
    QTest::addColumn<std::string>("program");
    // Neither a pattern of SolveBlockVarDomain nor a bijective affine map: TVM's
    // "BufferRegion pattern match failed" check.
    QTest::newRow("compute_at, a sum of two iterators") << RefusedProgram(
        "(31,)", "vi + vj", "vi + vj",
        "sch.compute_at(sch.get_block('B'), sch.get_loops(sch.get_block('C'))[0])",
        "BufferRegion pattern match failed: B is indexed by");
    QTest::newRow("reverse_compute_at, a sum of two iterators") << RefusedProgram(
        "(31,)", "vi + vj", "vi + vj",
        "sch.reverse_compute_at(sch.get_block('C'), sch.get_loops(sch.get_block('B'))[0])",
        "BufferRegion pattern match failed: B is indexed by");
  }
  void indicesTvmCannotSolveAreRefused() {
    QFETCH(std::string, program);
    auto r = script::EvaluateScript(program, "t.py");
    QVERIFY2(r.ok(), r ? "" : r.error().format().c_str());
  }

  void splitWithoutUnitItersZeroesEveryUnitLoop() {
    // i (extent 1) is not split, yet reads 0 as the new unit loop j_1 does; the trace
    // keeps the flag and replays to the same function.
    Schedule sch(ChainProgram(1, 128).func());
    auto loops = *sch.GetLoops(*sch.GetBlock("B"));
    auto split = sch.Split(loops[1], {Expr(2), Expr(1), Expr(64)}, /*preserve_unit_iters=*/false);
    QVERIFY2(split.ok(), split.ok() ? "" : split.error().message.c_str());
    std::string text = AsTVMScript(sch.func());
    QVERIFY2(Contains(text,
                      "            v_i = T.axis.spatial(1, 0)\n"
                      "            v_j = T.axis.spatial(128, j_0 * 64 + j_2)\n"),
             text.c_str());
    QVERIFY(Contains(TraceAsPython(sch.trace()), "preserve_unit_iters=False"));
    Schedule replay(sch.original_func());
    Status s = ApplyTrace(sch.trace(), &replay);
    QVERIFY2(s.ok(), s.ok() ? "" : s.error().message.c_str());
    QCOMPARE(Q(AsTVMScript(replay.func())), Q(text));
    // With the flag the unit loops stay in the bindings.
    Schedule kept(ChainProgram(1, 128).func());
    auto kept_loops = *kept.GetLoops(*kept.GetBlock("B"));
    QVERIFY(kept.Split(kept_loops[1], {Expr(2), Expr(1), Expr(64)}).ok());
    QVERIFY(Contains(AsTVMScript(kept.func()), "v_i = T.axis.spatial(1, i)"));
  }

  void fuseWithoutUnitItersZeroesTheUnitLoopAbove() {
    // B's j split and fused again without unit iters: B's unit loop i reads 0; C, not
    // below the fused loop, keeps its bindings.
    TeProgram chain = ChainProgram(1, 128);
    Schedule sch(chain.func());
    auto b = *sch.GetBlock("B");
    auto b_loops = *sch.GetLoops(b);
    auto j = *sch.Split(b_loops[1], {Expr(4), Expr(32)});
    auto fused = sch.Fuse({j[0], j[1]}, /*preserve_unit_iters=*/false);
    QVERIFY2(fused.ok(), fused.ok() ? "" : fused.error().message.c_str());
    std::string text = AsTVMScript(sch.func());
    QVERIFY2(Contains(text, "            v_i = T.axis.spatial(1, 0)\n"), text.c_str());
    QVERIFY2(Contains(text, "v_i, v_j = T.axis.remap(\"SS\", [i, j])"), text.c_str());  // C
    Status ran = LowerRunAndCompare(chain, sch.func());
    QVERIFY2(ran.ok(), ran.ok() ? "" : ran.error().message.c_str());
  }
};

}  // namespace tst_tir_solved_stores

QTEST_APPLESS_MAIN(tst_tir_solved_stores::TestTirSolvedStores)
#include "tst_tir_solved_stores.moc"
