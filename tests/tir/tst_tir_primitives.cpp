// The TensorIR schedule primitives, in the style of TVM's tests/python/tir-schedule: for
// each primitive the program before and after (printed as TVM 0.20 prints it), and each
// rule it checks with the error kind TVM raises. A failed primitive leaves the function
// and the trace untouched.
#include <QtTest>

#include "TirTestSupport.h"
#include "tir/TraceJson.h"

namespace tst_tir_primitives {

using namespace tessera;
using namespace tessera::tir;
using namespace tessera::tir::testing;

namespace {

const std::string kGemmParams =
    Buf("A", "(128, 128)") + ", " + Buf("B", "(128, 128)") + ", " + Buf("C", "(128, 128)");

// GEMM printed with the given loop lines (each at its own depth, starting at 1) and the
// block's iterator lines; the block sits one level below the last loop line.
std::string GemmText(const std::vector<std::pair<int, std::string>>& loops,
                     const std::vector<std::string>& iterators) {
  auto ind = [](int depth) { return std::string(depth * 4, ' '); };
  std::string s = Header(kGemmParams) + "    T.func_attr({\"tir.noalias\": T.bool(True)})\n" +
                  "    # with T.block(\"root\"):\n";
  int depth = 1;
  for (const auto& [d, line] : loops) {
    s += ind(d) + line + "\n";
    depth = d + 1;
  }
  s += ind(depth) + "with T.block(\"C\"):\n";
  std::string in = ind(depth + 1);
  for (const std::string& it : iterators) s += in + it + "\n";
  s += in + "T.reads(A[v_i, v_k], B[v_k, v_j])\n" + in + "T.writes(C[v_i, v_j])\n" + in +
       "with T.init():\n" + in + "    C[v_i, v_j] = T.float32(0.0)\n" + in +
       "C[v_i, v_j] = C[v_i, v_j] + A[v_i, v_k] * B[v_k, v_j]";
  return s;
}

struct GemmSchedule {
  Schedule sch{Gemm()};
  BlockRV c = *sch.GetBlock("C");
  std::vector<LoopRV> loops = *sch.GetLoops(c);
  LoopRV i() const { return loops[0]; }
  LoopRV j() const { return loops[1]; }
  LoopRV k() const { return loops[2]; }
};

// for i in range(16): {for j in range(16): block B;  for j in range(16): block C}
// B[i, j] = A[i, j] + 1 and C[i, j] = B[i, j] * 2; or, with `accumulate`, one block
// B[i, j] = B[i, j] + A[i, j] (spatial only and no init: not a complete block).
PrimFunc HandBuilt(bool accumulate) {
  DataType f32 = DataType::Float(32);
  Buffer a = ir::MakeBuffer("A", f32, {16, 16}), b = ir::MakeBuffer("B", f32, {16, 16}),
         c = ir::MakeBuffer("C", f32, {16, 16});
  Var i("i");
  auto block = [&](const std::string& name, const Buffer& in, const Buffer& out, Expr value_of_load,
                   bool reads_out) {
    Var j("j"), vi("vi"), vj("vj");
    auto blk = std::make_shared<BlockNode>();
    blk->name = name;
    blk->iter_vars = {ir::MakeIterVar(Range(0, 16), vi, ir::IterVarType::DataPar),
                      ir::MakeIterVar(Range(0, 16), vj, ir::IterVarType::DataPar)};
    Region point{Range(vi, 1), Range(vj, 1)};
    blk->reads = {{in, point}};
    if (reads_out) blk->reads.push_back({out, point});
    blk->writes = {{out, point}};
    Expr load = ir::MakeBufferLoad(in, {vi, vj});
    Expr value = reads_out ? ir::MakeBufferLoad(out, {vi, vj}) + load : load * value_of_load;
    blk->body = MakeCompute(ir::MakeBufferStore(out, value, {vi, vj}));
    return MakeFor(j, 0, 16, ForKind::Serial,
                   MakeBlockRealize({i, j}, ir::make_bool(true), std::move(blk)));
  };
  std::vector<Stmt> body;
  if (accumulate) {
    body.push_back(block("B", a, b, Expr(), true));
  } else {
    body.push_back(block("B", a, b, Expr(2.0), false));
    body.push_back(block("C", b, c, Expr(2.0), false));
  }
  auto root = std::make_shared<BlockNode>();
  root->name = "root";
  if (!accumulate) root->alloc_buffers = {b};
  root->body = MakeFor(i, 0, 16, ForKind::Serial, MakeSeq(std::move(body)));
  PrimFunc f;
  f.params = accumulate ? std::vector<Buffer>{a, b} : std::vector<Buffer>{a, c};
  f.body = MakeBlockRealize({}, ir::make_bool(true), std::move(root));
  return f;
}

}  // namespace

class TestTirPrimitives : public QObject {
  Q_OBJECT

 private slots:
  // ---- get_block / get_loops / get_child_blocks / producers / consumers ----
  void getBlockAndLoops() {
    GemmSchedule g;
    QCOMPARE(g.loops.size(), size_t(3));
    QCOMPARE(Q((*g.sch.Get(g.j()))->loop_var.name()), QString("j"));
    QCOMPARE(Q((*g.sch.Get(g.c))->block->name), QString("C"));
  }

  // TVM's NotSingleResult, a ScheduleError.
  void getBlockOfUnknownNameIsNotSingleResult() {
    Schedule sch(Gemm());
    auto b = sch.GetBlock("D");
    QVERIFY(!b.ok());
    QCOMPARE(Q(ErrorKind(b.error())), QString("NotSingleResult"));
    QVERIFY(b.error().message.find("Cannot find a block with the name: D") != std::string::npos);
    QVERIFY(sch.trace().insts.empty());
  }

  void childBlocksProducersConsumers() {
    Schedule sch(ElementwiseChain());
    BlockRV root = *sch.GetBlock("root");
    BlockRV b = *sch.GetBlock("B");
    BlockRV c = *sch.GetBlock("C");
    auto children = *sch.GetChildBlocks(root);
    QCOMPARE(children.size(), size_t(2));
    QCOMPARE(Q((*sch.Get(children[1]))->block->name), QString("C"));
    auto under_loop = *sch.GetChildBlocks((*sch.GetLoops(c))[0]);
    QCOMPARE(under_loop.size(), size_t(1));
    QCOMPARE(Q((*sch.Get(under_loop[0]))->block->name), QString("C"));
    auto producers = *sch.GetProducers(c);
    QCOMPARE(producers.size(), size_t(1));
    QCOMPARE(Q((*sch.Get(producers[0]))->block->name), QString("B"));
    QVERIFY(sch.GetProducers(b)->empty());
    auto consumers = *sch.GetConsumers(b);
    QCOMPARE(consumers.size(), size_t(1));
    QCOMPARE(Q((*sch.Get(consumers[0]))->block->name), QString("C"));
    QVERIFY(sch.GetConsumers(c)->empty());
  }

  // ---- split ----
  void splitWithInferredFactor() {
    GemmSchedule g;
    auto parts = g.sch.Split(g.i(), {Expr(), Expr(32)});
    QVERIFY(parts.ok());
    QCOMPARE(parts->size(), size_t(2));
    QCOMPARE(Q(AsTVMScript(g.sch.func())),
             Q(GemmText({{1, "for i_0, i_1, j, k in T.grid(4, 32, 128, 128):"}},
                        {"v_i = T.axis.spatial(128, i_0 * 32 + i_1)",
                         "v_j, v_k = T.axis.remap(\"SR\", [j, k])"})));
  }

  void nonDivisibleSplitAddsPredicate() {
    GemmSchedule g;
    QVERIFY(g.sch.Split(g.i(), {Expr(), Expr(48)}).ok());
    QCOMPARE(
        Q(AsTVMScript(g.sch.func())),
        Q(GemmText({{1, "for i_0, i_1, j, k in T.grid(3, 48, 128, 128):"}},
                   {"v_i = T.axis.spatial(128, i_0 * 48 + i_1)",
                    "v_j, v_k = T.axis.remap(\"SR\", [j, k])", "T.where(i_0 * 48 + i_1 < 128)"})));
  }

  void nonDivisibleSplitWithoutPredication() {
    GemmSchedule g;
    QVERIFY(g.sch.Split(g.i(), {Expr(), Expr(48)}, true, /*disable_predication=*/true).ok());
    QVERIFY(AsTVMScript(g.sch.func()).find("T.where") == std::string::npos);
  }

  void splitOfSplitKeepsBindingAffine() {
    GemmSchedule g;
    auto outer = *g.sch.Split(g.i(), {Expr(), Expr(32)});
    QVERIFY(g.sch.Split(outer[1], {Expr(), Expr(8)}).ok());
    QCOMPARE(Q(AsTVMScript(g.sch.func())),
             Q(GemmText({{1, "for i_0, i_1_0, i_1_1, j, k in T.grid(4, 4, 8, 128, 128):"}},
                        {"v_i = T.axis.spatial(128, i_0 * 32 + i_1_0 * 8 + i_1_1)",
                         "v_j, v_k = T.axis.remap(\"SR\", [j, k])"})));
  }

  void splitErrors() {
    GemmSchedule g;
    std::string before = AsTVMScript(g.sch.func());
    size_t trace_size = g.sch.trace().insts.size();
    auto two_none = g.sch.Split(g.i(), {Expr(), Expr()});
    QCOMPARE(Q(ErrorKind(two_none.error())), QString("NotSingleInferFactorError"));
    auto zero = g.sch.Split(g.i(), {Expr(0), Expr()});
    QCOMPARE(Q(ErrorKind(zero.error())), QString("NonPositiveFactorError"));
    auto short_product = g.sch.Split(g.i(), {Expr(3), Expr(32)});
    QCOMPARE(Q(ErrorKind(short_product.error())), QString("WrongFactorProductError"));
    QVERIFY(short_product.error().message.find("loop i") != std::string::npos);
    QCOMPARE(Q(AsTVMScript(g.sch.func())), Q(before));
    QCOMPARE(g.sch.trace().insts.size(), trace_size);
  }

  void splitLoopIsExpiredAfterwards() {
    GemmSchedule g;
    QVERIFY(g.sch.Split(g.i(), {Expr(), Expr(32)}).ok());
    auto again = g.sch.Split(g.i(), {Expr(), Expr(2)});
    QVERIFY(!again.ok());
    QCOMPARE(Q(ErrorKind(again.error())), QString("ValueError"));
    QVERIFY(again.error().message.find("no longer") != std::string::npos);
  }

  // ---- fuse ----
  void fuseTwoLoops() {
    GemmSchedule g;
    auto fused = g.sch.Fuse({g.i(), g.j()});
    QVERIFY(fused.ok());
    QCOMPARE(
        Q(AsTVMScript(g.sch.func())),
        Q(GemmText({{1, "for i_j_fused, k in T.grid(16384, 128):"}},
                   {"v_i = T.axis.spatial(128, i_j_fused // 128)",
                    "v_j = T.axis.spatial(128, i_j_fused % 128)", "v_k = T.axis.reduce(128, k)"})));
  }

  void fuseThreeLoops() {
    GemmSchedule g;
    QVERIFY(g.sch.Fuse({g.i(), g.j(), g.k()}).ok());
    QCOMPARE(Q(AsTVMScript(g.sch.func())),
             Q(GemmText({{1, "for i_j_k_fused in range(2097152):"}},
                        {"v_i = T.axis.spatial(128, i_j_k_fused // 16384)",
                         "v_j = T.axis.spatial(128, i_j_k_fused % 16384 // 128)",
                         "v_k = T.axis.reduce(128, i_j_k_fused % 128)"})));
  }

  void fuseErrors() {
    GemmSchedule g;
    auto skip = g.sch.Fuse({g.i(), g.k()});
    QCOMPARE(Q(ErrorKind(skip.error())), QString("OuterNotInnerParent"));

    Schedule two(HandBuilt(false));
    auto loops = *two.GetLoops(*two.GetBlock("B"));
    std::string before = AsTVMScript(two.func());
    auto not_only = two.Fuse(loops);
    QCOMPARE(Q(ErrorKind(not_only.error())), QString("NotOnlyChildError"));
    QCOMPARE(Q(AsTVMScript(two.func())), Q(before));

    GemmSchedule bound;
    QVERIFY(bound.sch.Bind(bound.i(), "blockIdx.x").ok());
    auto annotated = bound.sch.Fuse({bound.i(), bound.j()});
    QCOMPARE(Q(ErrorKind(annotated.error())), QString("HasAnnotationOrThreadBindingError"));
    auto split_bound = bound.sch.Split(bound.i(), {Expr(), Expr(2)});
    QCOMPARE(Q(ErrorKind(split_bound.error())), QString("HasAnnotationOrThreadBindingError"));
  }

  // ---- add_unit_loop ----
  void addUnitLoopAboveBlockAndLoop() {
    GemmSchedule g;
    auto u = g.sch.AddUnitLoop(g.c);
    QVERIFY(u.ok());
    QCOMPARE(Q((*g.sch.Get(*u))->loop_var.name()), QString("u"));
    QCOMPARE(Q(AsTVMScript(g.sch.func())),
             Q(GemmText({{1, "for i, j, k, u in T.grid(128, 128, 128, 1):"}},
                        {"v_i, v_j, v_k = T.axis.remap(\"SSR\", [i, j, k])"})));
    auto outer = g.sch.AddUnitLoop(g.i());
    QVERIFY(outer.ok());
    QVERIFY(AsTVMScript(g.sch.func())
                .find("    for u, i, j, k, u_1 in T.grid(1, 128, 128, 128, 1):\n") !=
            std::string::npos);
  }

  // ---- reorder ----
  void reorderSwapsLoops() {
    GemmSchedule g;
    QVERIFY(g.sch.Reorder({g.k(), g.i()}).ok());
    QCOMPARE(Q(AsTVMScript(g.sch.func())),
             Q(GemmText({{1, "for k, j, i in T.grid(128, 128, 128):"}},
                        {"v_i, v_j, v_k = T.axis.remap(\"SSR\", [i, j, k])"})));
  }

  void reorderAfterSplitTiles() {
    GemmSchedule g;
    auto io = *g.sch.Split(g.i(), {Expr(), Expr(32)});
    auto jo = *g.sch.Split(g.j(), {Expr(), Expr(32)});
    QVERIFY(g.sch.Reorder({io[0], jo[0], io[1], jo[1]}).ok());
    QCOMPARE(
        Q(AsTVMScript(g.sch.func())),
        Q(GemmText({{1, "for i_0, j_0, i_1, j_1, k in T.grid(4, 4, 32, 32, 128):"}},
                   {"v_i = T.axis.spatial(128, i_0 * 32 + i_1)",
                    "v_j = T.axis.spatial(128, j_0 * 32 + j_1)", "v_k = T.axis.reduce(128, k)"})));
  }

  void reorderErrors() {
    GemmSchedule g;
    auto dup = g.sch.Reorder({g.i(), g.i()});
    QCOMPARE(Q(ErrorKind(dup.error())), QString("LoopMultiAppearanceError"));

    Schedule chain(ElementwiseChain());
    LoopRV bi = (*chain.GetLoops(*chain.GetBlock("B")))[0];
    LoopRV cj = (*chain.GetLoops(*chain.GetBlock("C")))[1];
    auto apart = chain.Reorder({cj, bi});
    QCOMPARE(Q(ErrorKind(apart.error())), QString("LoopsNotAChainError"));

    Schedule two(HandBuilt(false));
    LoopRV i = (*two.GetLoops(*two.GetBlock("B")))[0];
    LoopRV cj2 = (*two.GetLoops(*two.GetBlock("C")))[1];
    auto branch = two.Reorder({cj2, i});
    QCOMPARE(Q(ErrorKind(branch.error())), QString("LoopsNotAChainError"));
    QVERIFY(branch.error().message.find("non-single-branch") != std::string::npos);
  }

  // ---- parallel / vectorize / unroll / bind ----
  void parallelAndUnroll() {
    GemmSchedule g;
    auto io = *g.sch.Split(g.i(), {Expr(), Expr(32)});
    QVERIFY(g.sch.Parallel(io[0]).ok());
    QVERIFY(g.sch.Unroll(g.k()).ok());
    QCOMPARE(Q(AsTVMScript(g.sch.func())),
             Q(GemmText({{1, "for i_0 in T.parallel(4):"},
                         {2, "for i_1, j in T.grid(32, 128):"},
                         {3, "for k in T.unroll(128):"}},
                        {"v_i = T.axis.spatial(128, i_0 * 32 + i_1)",
                         "v_j, v_k = T.axis.remap(\"SR\", [j, k])"})));
  }

  void vectorizeSpatialLoop() {
    GemmSchedule g;
    QVERIFY(g.sch.Reorder({g.k(), g.j()}).ok());
    QVERIFY(g.sch.Vectorize(g.j()).ok());
    QVERIFY(AsTVMScript(g.sch.func()).find("        for j in T.vectorized(128):\n") !=
            std::string::npos);
  }

  void bindToGpuThreads() {
    GemmSchedule g;
    auto io = *g.sch.Split(g.i(), {Expr(), Expr(32)});
    QVERIFY(g.sch.Bind(io[0], "blockIdx.x").ok());
    QVERIFY(g.sch.Bind(io[1], "threadIdx.x").ok());
    QCOMPARE(Q(AsTVMScript(g.sch.func())),
             Q(GemmText({{1, "for i_0 in T.thread_binding(4, thread=\"blockIdx.x\"):"},
                         {2, "for i_1 in T.thread_binding(32, thread=\"threadIdx.x\"):"},
                         {3, "for j, k in T.grid(128, 128):"}},
                        {"v_i = T.axis.spatial(128, i_0 * 32 + i_1)",
                         "v_j, v_k = T.axis.remap(\"SR\", [j, k])"})));
  }

  void reductionLoopCannotRunInParallel() {
    GemmSchedule g;
    std::string before = AsTVMScript(g.sch.func());
    auto par = g.sch.Parallel(g.k());
    QCOMPARE(Q(ErrorKind(par.error())), QString("WrongBlockIterTypeError"));
    QVERIFY(par.error().message.find("\"parallel\"") != std::string::npos);
    auto vec = g.sch.Vectorize(g.k());
    QCOMPARE(Q(ErrorKind(vec.error())), QString("WrongBlockIterTypeError"));
    auto block_bind = g.sch.Bind(g.k(), "blockIdx.x");
    QCOMPARE(Q(ErrorKind(block_bind.error())), QString("WrongBlockIterTypeError"));
    QCOMPARE(Q(AsTVMScript(g.sch.func())), Q(before));
    // Cross-thread reduction: a reduction loop may be bound to threadIdx.
    QVERIFY(g.sch.Bind(g.k(), "threadIdx.x").ok());
    // Unroll is always legal.
    QVERIFY(g.sch.Unroll(g.j()).ok());
  }

  void bindRejectsUnknownThreadAxis() {
    GemmSchedule g;
    auto bad = g.sch.Bind(g.i(), "threadIdx.w");
    QCOMPARE(Q(ErrorKind(bad.error())), QString("ValueError"));
  }

  // ---- compute_inline ----
  void computeInlineElementwise() {
    Schedule sch(ElementwiseChain());
    QVERIFY(sch.ComputeInline(*sch.GetBlock("B")).ok());
    QCOMPARE(Q(AsTVMScript(sch.func())),
             Q(Header(Buf("A", "(128, 128)") + ", " + Buf("C", "(128, 128)")) +
               "    T.func_attr({\"tir.noalias\": T.bool(True)})\n"
               "    # with T.block(\"root\"):\n"
               "    for i, j in T.grid(128, 128):\n"
               "        with T.block(\"C\"):\n"
               "            v_i, v_j = T.axis.remap(\"SS\", [i, j])\n"
               "            T.reads(A[v_i, v_j])\n"
               "            T.writes(C[v_i, v_j])\n"
               "            C[v_i, v_j] = A[v_i, v_j] * T.float32(2.0) + T.float32(1.0)"));
    QVERIFY(!sch.Get(BlockRV{0}).ok());  // the inlined block's random variable expired
  }

  void computeInlineIntoReduction() {
    auto A = *te::placeholder({64, 64}, ir::DataType::Float(32), "A");
    auto B = *te::placeholder({64, 64}, ir::DataType::Float(32), "B");
    auto Ar = *te::compute(
        {64, 64}, [&](const std::vector<ir::Var>& i) { return ir::max(A(i[0], i[1]), Expr(0.0)); },
        "relu");
    auto k = te::reduce_axis(Range(0, 64), "k");
    auto C = *te::compute(
        {64, 64},
        [&](const std::vector<ir::Var>& i) {
          return te::sum(Ar(i[0], k->var) * B(k->var, i[1]), {k});
        },
        "C");
    Schedule sch(*CreatePrimFunc({A, B, C}));
    QVERIFY(sch.ComputeInline(*sch.GetBlock("relu")).ok());
    std::string text = AsTVMScript(sch.func());
    QVERIFY2(text.find("            T.reads(A[v_i, v_k], B[v_k, v_j])\n") != std::string::npos,
             text.c_str());
    QVERIFY2(
        text.find("C[v_i, v_j] = C[v_i, v_j] + T.max(A[v_i, v_k], T.float32(0.0)) * B[v_k, v_j]") !=
            std::string::npos,
        text.c_str());
    QVERIFY(text.find("alloc_buffer") == std::string::npos);
  }

  void computeInlineErrors() {
    Schedule chain(ElementwiseChain());
    std::string before = AsTVMScript(chain.func());
    auto output = chain.ComputeInline(*chain.GetBlock("C"));
    QCOMPARE(Q(ErrorKind(output.error())), QString("OutputBlockError"));
    QCOMPARE(Q(AsTVMScript(chain.func())), Q(before));
    Schedule gemm(Gemm());
    auto init = gemm.ComputeInline(*gemm.GetBlock("C"));
    QCOMPARE(Q(ErrorKind(init.error())), QString("HasInitBlock"));
    // B's store is B[vi, vj] but under a split loop with a predicate it cannot go.
    auto loops = *chain.GetLoops(*chain.GetBlock("B"));
    QVERIFY(chain.Split(loops[0], {Expr(), Expr(48)}).ok());
    auto predicated = chain.ComputeInline(*chain.GetBlock("B"));
    QCOMPARE(Q(ErrorKind(predicated.error())), QString("ProducerHasNonTrivialPredicateError"));
  }

  // ---- reverse_compute_inline ----
  void reverseComputeInlineElementwise() {
    Schedule sch(ElementwiseChain());
    QVERIFY(sch.ReverseComputeInline(*sch.GetBlock("C")).ok());
    QCOMPARE(Q(AsTVMScript(sch.func())),
             Q(Header(Buf("A", "(128, 128)") + ", " + Buf("C", "(128, 128)")) +
               "    T.func_attr({\"tir.noalias\": T.bool(True)})\n"
               "    # with T.block(\"root\"):\n"
               "    for i, j in T.grid(128, 128):\n"
               "        with T.block(\"B\"):\n"
               "            v_i, v_j = T.axis.remap(\"SS\", [i, j])\n"
               "            T.reads(A[v_i, v_j])\n"
               "            T.writes(C[v_i, v_j])\n"
               "            C[v_i, v_j] = A[v_i, v_j] * T.float32(2.0) + T.float32(1.0)"));
  }

  void reverseComputeInlineTransposedRead() {
    auto A = *te::placeholder({8, 16}, ir::DataType::Float(32), "A");
    auto B = *te::compute(
        {8, 16}, [&](const std::vector<ir::Var>& i) { return A(i[0], i[1]) + 1; }, "B");
    auto C = *te::compute(
        {16, 8}, [&](const std::vector<ir::Var>& i) { return B(i[1], i[0]) * 2; }, "C");
    Schedule sch(*CreatePrimFunc({A, C}));
    QVERIFY(sch.ReverseComputeInline(*sch.GetBlock("C")).ok());
    std::string text = AsTVMScript(sch.func());
    QVERIFY2(
        text.find("            T.writes(C[v_j, v_i])\n"
                  "            C[v_j, v_i] = (A[v_i, v_j] + T.float32(1.0)) * T.float32(2.0)") !=
            std::string::npos,
        text.c_str());
  }

  void reverseComputeInlineErrors() {
    Schedule gemm(Gemm());
    auto reduction = gemm.ReverseComputeInline(*gemm.GetBlock("C"));
    QCOMPARE(Q(ErrorKind(reduction.error())), QString("HasInitBlock"));

    auto A = *te::placeholder({64}, ir::DataType::Float(32), "A");
    auto k = te::reduce_axis(Range(0, 64), "k");
    auto S = *te::compute(
        {1}, [&](const std::vector<ir::Var>&) { return te::sum(A(k->var), {k}); }, "S");
    auto T2 = *te::compute(
        {1}, [&](const std::vector<ir::Var>& i) { return S(i[0]) * 2; }, "T2");
    Schedule red(*CreatePrimFunc({A, T2}));
    std::string before = AsTVMScript(red.func());
    auto producer = red.ReverseComputeInline(*red.GetBlock("T2"));
    QCOMPARE(Q(ErrorKind(producer.error())), QString("NonSingleProducerError"));
    QCOMPARE(Q(AsTVMScript(red.func())), Q(before));

    auto X = *te::placeholder({16}, ir::DataType::Float(32), "X");
    auto Y = *te::compute(
        {16}, [&](const std::vector<ir::Var>& i) { return X(i[0]) + 1; }, "Y");
    auto Z = *te::compute(
        {8}, [&](const std::vector<ir::Var>& i) { return Y(i[0] * 2) + Y(i[0] * 2 + 1); }, "Z");
    Schedule pairs(*CreatePrimFunc({X, Z}));
    auto body = pairs.ReverseComputeInline(*pairs.GetBlock("Z"));
    QCOMPARE(Q(ErrorKind(body.error())), QString("BodyAnalysisError"));
  }

  // ---- compute_at ----
  void computeAtOuterLoop() {
    Schedule sch(ElementwiseChain());
    LoopRV i = (*sch.GetLoops(*sch.GetBlock("C")))[0];
    QVERIFY(sch.ComputeAt(*sch.GetBlock("B"), i).ok());
    QCOMPARE(Q(AsTVMScript(sch.func())),
             Q(Header(Buf("A", "(128, 128)") + ", " + Buf("C", "(128, 128)")) +
               "    T.func_attr({\"tir.noalias\": T.bool(True)})\n"
               "    # with T.block(\"root\"):\n"
               "    B = T.alloc_buffer((128, 128))\n"
               "    for i in range(128):\n"
               "        for ax0 in range(128):\n"
               "            with T.block(\"B\"):\n"
               "                v_i, v_j = T.axis.remap(\"SS\", [i, ax0])\n"
               "                T.reads(A[v_i, v_j])\n"
               "                T.writes(B[v_i, v_j])\n"
               "                B[v_i, v_j] = A[v_i, v_j] * T.float32(2.0)\n"
               "        for j in range(128):\n"
               "            with T.block(\"C\"):\n"
               "                v_i, v_j = T.axis.remap(\"SS\", [i, j])\n"
               "                T.reads(B[v_i, v_j])\n"
               "                T.writes(C[v_i, v_j])\n"
               "                C[v_i, v_j] = B[v_i, v_j] + T.float32(1.0)"));
  }

  void computeAtInnermostLoopNeedsNoLoops() {
    Schedule sch(ElementwiseChain());
    LoopRV j = (*sch.GetLoops(*sch.GetBlock("C")))[1];
    QVERIFY(sch.ComputeAt(*sch.GetBlock("B"), j).ok());
    std::string text = AsTVMScript(sch.func());
    QVERIFY2(
        text.find("    for i, j in T.grid(128, 128):\n"
                  "        with T.block(\"B\"):\n"
                  "            v_i, v_j = T.axis.remap(\"SS\", [i, j])\n") != std::string::npos,
        text.c_str());
  }

  void computeAtPreservingUnitLoops() {
    Schedule sch(ElementwiseChain());
    LoopRV j = (*sch.GetLoops(*sch.GetBlock("C")))[1];
    QVERIFY(sch.ComputeAt(*sch.GetBlock("B"), j, /*preserve_unit_loops=*/true).ok());
    std::string text = AsTVMScript(sch.func());
    QVERIFY2(text.find("        for ax0, ax1 in T.grid(1, 1):\n"
                       "            with T.block(\"B\"):\n"
                       "                v_i = T.axis.spatial(128, i + ax0)\n"
                       "                v_j = T.axis.spatial(128, j + ax1)\n") != std::string::npos,
             text.c_str());
  }

  void computeAtSplitLoopRelaxesTheInnerLoop() {
    Schedule sch(ElementwiseChain());
    LoopRV i = (*sch.GetLoops(*sch.GetBlock("C")))[0];
    auto io = *sch.Split(i, {Expr(), Expr(32)});
    QVERIFY(sch.ComputeAt(*sch.GetBlock("B"), io[0]).ok());
    std::string text = AsTVMScript(sch.func());
    QVERIFY2(text.find("    for i_0 in range(4):\n"
                       "        for ax0, ax1 in T.grid(32, 128):\n"
                       "            with T.block(\"B\"):\n"
                       "                v_i = T.axis.spatial(128, i_0 * 32 + ax0)\n"
                       "                v_j = T.axis.spatial(128, ax1)\n") != std::string::npos,
             text.c_str());
    QVERIFY2(text.find("        for i_1, j in T.grid(32, 128):\n"
                       "            with T.block(\"C\"):\n") != std::string::npos,
             text.c_str());
  }

  void computeAtUnderNonDivisibleSplitKeepsTheProducerInBounds() {
    Schedule sch(ElementwiseChain());
    LoopRV i = (*sch.GetLoops(*sch.GetBlock("C")))[0];
    auto io = *sch.Split(i, {Expr(), Expr(48)});
    QVERIFY(sch.ComputeAt(*sch.GetBlock("B"), io[0]).ok());
    std::string text = AsTVMScript(sch.func());
    QVERIFY2(text.find("        for ax0, ax1 in T.grid(48, 128):\n"
                       "            with T.block(\"B\"):\n"
                       "                v_i = T.axis.spatial(128, i_0 * 48 + ax0)\n"
                       "                v_j = T.axis.spatial(128, ax1)\n"
                       "                T.where(i_0 * 48 + ax0 < 128)\n") != std::string::npos,
             text.c_str());
  }

  void computeAtErrors() {
    Schedule chain(ElementwiseChain());
    LoopRV bi = (*chain.GetLoops(*chain.GetBlock("B")))[0];
    std::string before = AsTVMScript(chain.func());
    auto own = chain.ComputeAt(*chain.GetBlock("B"), bi);
    QCOMPARE(Q(ErrorKind(own.error())), QString("NotInSameScopeError"));
    auto output = chain.ComputeAt(*chain.GetBlock("C"), bi);
    QCOMPARE(Q(ErrorKind(output.error())), QString("OutputBlockError"));
    QCOMPARE(Q(AsTVMScript(chain.func())), Q(before));

    auto A = *te::placeholder({16}, ir::DataType::Float(32), "A");
    auto B = *te::compute(
        {16}, [&](const std::vector<ir::Var>& i) { return A(i[0]) * 2; }, "B");
    auto C = *te::compute(
        {16}, [&](const std::vector<ir::Var>& i) { return B(i[0]) + 1; }, "C");
    auto D = *te::compute(
        {16}, [&](const std::vector<ir::Var>& i) { return B(i[0]) * 3; }, "D");
    Schedule two(*CreatePrimFunc({A, C, D}));
    LoopRV c_loop = (*two.GetLoops(*two.GetBlock("C")))[0];
    auto missing = two.ComputeAt(*two.GetBlock("B"), c_loop);
    QCOMPARE(Q(ErrorKind(missing.error())), QString("NotAllRequiredBlocksAreVisitedError"));
    QVERIFY(missing.error().message.find("D") != std::string::npos);
  }

  // ---- reverse_compute_at ----
  void reverseComputeAtUnderTheProducersLoop() {
    Schedule sch(ElementwiseChain());
    LoopRV i = (*sch.GetLoops(*sch.GetBlock("B")))[0];
    QVERIFY(sch.ReverseComputeAt(*sch.GetBlock("C"), i).ok());
    std::string text = AsTVMScript(sch.func());
    QVERIFY2(text.find("    for i in range(128):\n"
                       "        for j in range(128):\n"
                       "            with T.block(\"B\"):\n") != std::string::npos,
             text.c_str());
    QVERIFY2(text.find("        for ax0 in range(128):\n"
                       "            with T.block(\"C\"):\n"
                       "                v_i, v_j = T.axis.remap(\"SS\", [i, ax0])\n"
                       "                T.reads(B[v_i, v_j])\n") != std::string::npos,
             text.c_str());
    QVERIFY(text.find("with T.block(\"B\")") < text.find("with T.block(\"C\")"));
  }

  void reverseComputeAtErrors() {
    Schedule sch(ElementwiseChain());
    LoopRV ci = (*sch.GetLoops(*sch.GetBlock("C")))[0];
    auto own = sch.ReverseComputeAt(*sch.GetBlock("C"), ci);
    QCOMPARE(Q(ErrorKind(own.error())), QString("NotInSameScopeError"));
    auto none = sch.ReverseComputeAt(*sch.GetBlock("B"), ci);
    QCOMPARE(Q(ErrorKind(none.error())), QString("NotAllRequiredBlocksAreVisitedError"));
  }

  // ---- decompose_reduction ----
  void decomposeReductionAtTheMiddleLoop() {
    GemmSchedule g;
    auto init = g.sch.DecomposeReduction(g.c, g.j());
    QVERIFY(init.ok());
    QCOMPARE(Q((*g.sch.Get(*init))->block->name), QString("C_init"));
    QCOMPARE(Q((*g.sch.Get(g.c))->block->name), QString("C_update"));
    QCOMPARE(Q(AsTVMScript(g.sch.func())),
             Q(Header(kGemmParams) +
               "    T.func_attr({\"tir.noalias\": T.bool(True)})\n"
               "    # with T.block(\"root\"):\n"
               "    for i in range(128):\n"
               "        for j_init in range(128):\n"
               "            with T.block(\"C_init\"):\n"
               "                v_i, v_j = T.axis.remap(\"SS\", [i, j_init])\n"
               "                T.reads()\n"
               "                T.writes(C[v_i, v_j])\n"
               "                C[v_i, v_j] = T.float32(0.0)\n"
               "        for j, k in T.grid(128, 128):\n"
               "            with T.block(\"C_update\"):\n"
               "                v_i, v_j, v_k = T.axis.remap(\"SSR\", [i, j, k])\n"
               "                T.reads(C[v_i, v_j], A[v_i, v_k], B[v_k, v_j])\n"
               "                T.writes(C[v_i, v_j])\n"
               "                C[v_i, v_j] = C[v_i, v_j] + A[v_i, v_k] * B[v_k, v_j]"));
  }

  void decomposeReductionAtTheOutermostLoop() {
    GemmSchedule g;
    QVERIFY(g.sch.DecomposeReduction(g.c, g.i()).ok());
    std::string text = AsTVMScript(g.sch.func());
    QVERIFY2(text.find("    for i_init, j_init in T.grid(128, 128):\n"
                       "        with T.block(\"C_init\"):\n") != std::string::npos,
             text.c_str());
    QVERIFY2(text.find("    for i, j, k in T.grid(128, 128, 128):\n"
                       "        with T.block(\"C_update\"):\n") != std::string::npos,
             text.c_str());
  }

  void decomposeReductionErrors() {
    GemmSchedule g;
    std::string before = AsTVMScript(g.sch.func());
    auto below = g.sch.Reorder({g.k(), g.j()});
    QVERIFY(below.ok());  // i, k, j: k binds the reduction iterator above j
    auto height = g.sch.DecomposeReduction(g.c, g.j());
    QCOMPARE(Q(ErrorKind(height.error())), QString("LoopHeightError"));
    Schedule chain(ElementwiseChain());
    auto not_reduction =
        chain.DecomposeReduction(*chain.GetBlock("B"), (*chain.GetLoops(*chain.GetBlock("B")))[0]);
    QCOMPARE(Q(ErrorKind(not_reduction.error())), QString("NotReductionBlockError"));
    auto position =
        chain.DecomposeReduction(*chain.GetBlock("B"), (*chain.GetLoops(*chain.GetBlock("C")))[0]);
    QCOMPARE(Q(ErrorKind(position.error())), QString("LoopPositionError"));
  }

  // ---- annotate / unannotate ----
  void annotateLoopAndBlock() {
    GemmSchedule g;
    QVERIFY(g.sch.Annotate(g.j(), "pragma_auto_unroll_max_step", Expr(16)).ok());
    QVERIFY(g.sch.Annotate(g.c, "meta_schedule.tiling_structure", ir::StringImm("SSRSRS")).ok());
    QCOMPARE(
        Q(AsTVMScript(g.sch.func())),
        Q(Header(kGemmParams) +
          "    T.func_attr({\"tir.noalias\": T.bool(True)})\n"
          "    # with T.block(\"root\"):\n"
          "    for i in range(128):\n"
          "        for j in T.serial(128, annotations={\"pragma_auto_unroll_max_step\": 16}):\n"
          "            for k in range(128):\n"
          "                with T.block(\"C\"):\n"
          "                    v_i, v_j, v_k = T.axis.remap(\"SSR\", [i, j, k])\n"
          "                    T.reads(A[v_i, v_k], B[v_k, v_j])\n"
          "                    T.writes(C[v_i, v_j])\n"
          "                    T.block_attr({\"meta_schedule.tiling_structure\": \"SSRSRS\"})\n"
          "                    with T.init():\n"
          "                        C[v_i, v_j] = T.float32(0.0)\n"
          "                    C[v_i, v_j] = C[v_i, v_j] + A[v_i, v_k] * B[v_k, v_j]"));
  }

  void annotatedLoopRefusesSplitUntilUnannotated() {
    GemmSchedule g;
    QVERIFY(g.sch.Annotate(g.i(), "pragma_unroll_explicit", Expr(1)).ok());
    auto split = g.sch.Split(g.i(), {Expr(), Expr(32)});
    QCOMPARE(Q(ErrorKind(split.error())), QString("HasAnnotationOrThreadBindingError"));
    QVERIFY(g.sch.Unannotate(g.i(), "pragma_unroll_explicit").ok());
    QVERIFY(g.sch.Split(g.i(), {Expr(), Expr(32)}).ok());
  }

  // ---- set_scope ----
  void setScopeOfAnIntermediate() {
    Schedule sch(ElementwiseChain());
    QVERIFY(sch.SetScope(*sch.GetBlock("B"), 0, "shared").ok());
    std::string text = AsTVMScript(sch.func());
    QVERIFY2(text.find("    B_shared = T.alloc_buffer((128, 128), scope=\"shared\")\n") !=
                 std::string::npos,
             text.c_str());
    QVERIFY(text.find("C[v_i, v_j] = B_shared[v_i, v_j] + T.float32(1.0)") != std::string::npos);
    QCOMPARE(Q(TraceLines(sch.trace()).back()),
             QString("sch.set_scope(block=b0, buffer_index=0, storage_scope=\"shared\")"));
    Schedule replayed(ElementwiseChain());
    QVERIFY(ApplyTrace(sch.trace(), &replayed).ok());
    QCOMPARE(Q(AsTVMScript(replayed.func())), Q(text));
  }

  void setScopeErrors() {
    Schedule sch(ElementwiseChain());
    auto param = sch.SetScope(*sch.GetBlock("C"), 0, "shared");
    QCOMPARE(Q(ErrorKind(param.error())), QString("NonAllocatedBufferError"));
    auto index = sch.SetScope(*sch.GetBlock("B"), 1, "shared");
    QCOMPARE(Q(ErrorKind(index.error())), QString("BufferIndexOutOfRangeError"));
    auto scope = sch.SetScope(*sch.GetBlock("B"), 0, "texture");
    QCOMPARE(Q(ErrorKind(scope.error())), QString("InvalidStorageScopeError"));
  }

  // ---- cache_read / cache_write ----
  void cacheReadOfAnInput() {
    Schedule sch(Gemm());
    BlockRV c = *sch.GetBlock("C");
    auto stage = sch.CacheRead(c, 0, "shared");
    QVERIFY(stage.ok());
    QCOMPARE(Q((*sch.Get(*stage))->block->name), QString("A_shared"));
    QCOMPARE(Q(AsTVMScript(sch.func())),
             Q(Header(kGemmParams) +
               "    T.func_attr({\"tir.noalias\": T.bool(True)})\n"
               "    # with T.block(\"root\"):\n"
               "    A_shared = T.alloc_buffer((128, 128), scope=\"shared\")\n"
               "    for ax0, ax1 in T.grid(128, 128):\n"
               "        with T.block(\"A_shared\"):\n"
               "            v0, v1 = T.axis.remap(\"SS\", [ax0, ax1])\n"
               "            T.reads(A[v0, v1])\n"
               "            T.writes(A_shared[v0, v1])\n"
               "            A_shared[v0, v1] = A[v0, v1]\n"
               "    for i, j, k in T.grid(128, 128, 128):\n"
               "        with T.block(\"C\"):\n"
               "            v_i, v_j, v_k = T.axis.remap(\"SSR\", [i, j, k])\n"
               "            T.reads(A_shared[v_i, v_k], B[v_k, v_j])\n"
               "            T.writes(C[v_i, v_j])\n"
               "            with T.init():\n"
               "                C[v_i, v_j] = T.float32(0.0)\n"
               "            C[v_i, v_j] = C[v_i, v_j] + A_shared[v_i, v_k] * B[v_k, v_j]"));
  }

  void cacheReadOfAnIntermediateGoesAfterItsProducer() {
    Schedule sch(ElementwiseChain());
    QVERIFY(sch.CacheRead(*sch.GetBlock("C"), 0, "local").ok());
    std::string text = AsTVMScript(sch.func());
    size_t producer = text.find("with T.block(\"B\")");
    size_t copy = text.find("with T.block(\"B_local\")");
    size_t consumer = text.find("with T.block(\"C\")");
    QVERIFY2(producer < copy && copy < consumer, text.c_str());
    QVERIFY(text.find("C[v_i, v_j] = B_local[v_i, v_j] + T.float32(1.0)") != std::string::npos);
    QVERIFY(text.find("    B_local = T.alloc_buffer((128, 128), scope=\"local\")\n") !=
            std::string::npos);
  }

  void cacheWriteOfAReduction() {
    Schedule sch(Gemm());
    QVERIFY(sch.CacheWrite(*sch.GetBlock("C"), 0, "local").ok());
    QCOMPARE(Q(AsTVMScript(sch.func())),
             Q(Header(kGemmParams) +
               "    T.func_attr({\"tir.noalias\": T.bool(True)})\n"
               "    # with T.block(\"root\"):\n"
               "    C_local = T.alloc_buffer((128, 128), scope=\"local\")\n"
               "    for i, j, k in T.grid(128, 128, 128):\n"
               "        with T.block(\"C\"):\n"
               "            v_i, v_j, v_k = T.axis.remap(\"SSR\", [i, j, k])\n"
               "            T.reads(A[v_i, v_k], B[v_k, v_j])\n"
               "            T.writes(C_local[v_i, v_j])\n"
               "            with T.init():\n"
               "                C_local[v_i, v_j] = T.float32(0.0)\n"
               "            C_local[v_i, v_j] = C_local[v_i, v_j] + A[v_i, v_k] * B[v_k, v_j]\n"
               "    for ax0, ax1 in T.grid(128, 128):\n"
               "        with T.block(\"C_local\"):\n"
               "            v0, v1 = T.axis.remap(\"SS\", [ax0, ax1])\n"
               "            T.reads(C_local[v0, v1])\n"
               "            T.writes(C[v0, v1])\n"
               "            C[v0, v1] = C_local[v0, v1]"));
  }

  // A read by two blocks; cache_read(consumer_blocks=[C]) switches only C to the copy.
  static PrimFunc InputReadTwice() {
    auto A = *te::placeholder({128, 128}, ir::DataType::Float(32), "A");
    auto B = *te::compute(
        {128, 128}, [&](const std::vector<ir::Var>& i) { return A(i[0], i[1]) * 2; }, "B");
    auto C = *te::compute(
        {128, 128}, [&](const std::vector<ir::Var>& i) { return A(i[0], i[1]) + B(i[0], i[1]); },
        "C");
    return *CreatePrimFunc({A, C});
  }

  void cacheReadForChosenConsumers() {
    Schedule sch(InputReadTwice());
    BlockRV c = *sch.GetBlock("C");
    QVERIFY(sch.CacheRead(c, 0, "local", {c}).ok());
    std::string text = AsTVMScript(sch.func());
    QVERIFY2(text.find("B[v_i, v_j] = A[v_i, v_j] * T.float32(2.0)") != std::string::npos,
             text.c_str());
    QVERIFY2(text.find("C[v_i, v_j] = A_local[v_i, v_j] + B[v_i, v_j]") != std::string::npos,
             text.c_str());
    QCOMPARE(Q(TraceLines(sch.trace()).back()),
             QString("b1 = sch.cache_read(block=b0, read_buffer_index=0, storage_scope=\"local\", "
                     "consumer_blocks=[b0])"));
    auto json = TraceFromJson(TraceToJson(sch.trace()));
    QVERIFY(json.ok());
    Schedule replayed(InputReadTwice());
    QVERIFY(ApplyTrace(*json, &replayed).ok());
    QCOMPARE(Q(AsTVMScript(replayed.func())), Q(text));
  }

  // As in TVM, a consumer that does not read the buffer is accepted and left unchanged:
  // the copy of the input A is made first and nothing reads it.
  void cacheReadConsumerThatDoesNotReadTheBuffer() {
    Schedule sch(ElementwiseChain());
    std::string before = AsTVMScript(sch.func());
    BlockRV b = *sch.GetBlock("B");
    auto stage = sch.CacheRead(b, 0, "local", {*sch.GetBlock("C")});
    QVERIFY(stage.ok());
    std::string text = AsTVMScript(sch.func());
    QVERIFY(text.find("A_local[v0, v1] = A[v0, v1]") != std::string::npos);
    QVERIFY(text.find("B[v_i, v_j] = A[v_i, v_j] * T.float32(2.0)") != std::string::npos);
    QVERIFY(text.find("\"A_local\"") < text.find("\"B\""));
    QCOMPARE(sch.trace().insts.size(), size_t(3));
  }

  void annotateWithASampledValue() {
    Schedule sch(ElementwiseChain(), 7);
    BlockRV c = *sch.GetBlock("C");
    auto v = sch.SampleCategorical({0, 16, 64}, {0.25, 0.5, 0.25}, int64_t{2});
    QVERIFY(v.ok());
    QVERIFY(sch.Annotate(c, "meta_schedule.unroll_explicit", *v).ok());
    std::string text = AsTVMScript(sch.func());
    QVERIFY2(
        text.find("T.block_attr({\"meta_schedule.unroll_explicit\": 64})") != std::string::npos,
        text.c_str());
    QCOMPARE(Q(TraceLines(sch.trace()).back()),
             QString("sch.annotate(block_or_loop=b0, ann_key=\"meta_schedule.unroll_explicit\", "
                     "ann_val=v1)"));
    auto json = TraceFromJson(TraceToJson(sch.trace()));
    QVERIFY(json.ok());
    Schedule replayed(ElementwiseChain(), 7);
    QVERIFY(ApplyTrace(*json, &replayed).ok());
    QCOMPARE(Q(AsTVMScript(replayed.func())), Q(text));
  }

  void cacheErrors() {
    Schedule sch(Gemm());
    BlockRV c = *sch.GetBlock("C");
    std::string before = AsTVMScript(sch.func());
    auto index = sch.CacheRead(c, 2, "shared");
    QCOMPARE(Q(ErrorKind(index.error())), QString("BufferIndexOutOfRangeError"));
    auto write_index = sch.CacheWrite(c, 1, "local");
    QCOMPARE(Q(ErrorKind(write_index.error())), QString("BufferIndexOutOfRangeError"));
    auto scope = sch.CacheRead(c, 0, "texture");
    QCOMPARE(Q(ErrorKind(scope.error())), QString("InvalidStorageScopeError"));
    QCOMPARE(Q(AsTVMScript(sch.func())), Q(before));
    QCOMPARE(sch.trace().insts.size(), size_t(1));
  }

  void parallelNeedsCompactDataflow() {
    Schedule sch(HandBuilt(true));
    LoopRV i = (*sch.GetLoops(*sch.GetBlock("B")))[0];
    auto par = sch.Parallel(i);
    QCOMPARE(Q(ErrorKind(par.error())), QString("NotCompactDataFlowError"));
    QVERIFY(sch.Unroll(i).ok());
  }
};

}  // namespace tst_tir_primitives

QTEST_APPLESS_MAIN(tst_tir_primitives::TestTirPrimitives)
#include "tst_tir_primitives.moc"
