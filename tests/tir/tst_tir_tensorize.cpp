// tensorize and the TensorIntrin registry, in the style of TVM's
// test_tir_schedule_tensorize.py: a 4-element dot product intrinsic (desc and impl as
// TVMScript @T.prim_func would declare them, root block regions and all) applied to a
// te matmul, printed as TVM 0.20 printed the same schedule; the refusals with TVM's
// error kinds; the trace, its JSON and replay; and the tensorized program lowered, run
// and checked against the te oracle.
#include <QtTest>
#include <sstream>

#include "TirLowerSupport.h"
#include "TirTestSupport.h"
#include "tir/TensorIntrin.h"
#include "tir/TraceJson.h"

namespace tst_tir_tensorize {

using namespace tessera;
using namespace tessera::tir;
using namespace tessera::tir::testing;

namespace {

const DataType kF32 = DataType::Float(32);

Expr Load(const Buffer& b, std::vector<Expr> indices) {
  return ir::MakeBufferLoad(b, std::move(indices));
}

BufferRegion Whole(const Buffer& b) {
  BufferRegion r{b, {}};
  for (const Expr& d : b->shape) r.region.emplace_back(Expr(0), d);
  return r;
}

// The root block realize over `body` with the given regions (TVMScript's
// `with T.block("root"): T.reads(...); T.writes(...)`).
Stmt Root(std::vector<BufferRegion> reads, std::vector<BufferRegion> writes, Stmt body) {
  auto root = std::make_shared<BlockNode>();
  root->name = "root";
  root->reads = std::move(reads);
  root->writes = std::move(writes);
  root->body = std::move(body);
  return MakeBlockRealize({}, ir::make_bool(true), std::move(root));
}

// @T.prim_func
// def dot(a: T.handle, b: T.handle, c: T.handle):
//     A = T.match_buffer(a, (n,), offset_factor=1) ... C = T.match_buffer(c, (), ...)
//     with T.block("root"):
//         T.reads(C[()], A[0:n], B[0:n]); T.writes(C[()])
//         for i in <kind>(n):
//             with T.block("update"):
//                 vi = T.axis.remap("R", [i])
//                 C[()] = C[()] + A[vi] * B[vi]
// `body` (when given) replaces the loop: an implementation that is not a computation.
PrimFunc DotProduct(int n, ForKind kind,
                    const std::function<Stmt(Buffer, Buffer, Buffer)>& body = nullptr) {
  Buffer A = ir::MakeBuffer("A", kF32, {Expr(n)});
  Buffer B = ir::MakeBuffer("B", kF32, {Expr(n)});
  Buffer C = ir::MakeBuffer("C", kF32, {});
  Stmt loop;
  if (body) {
    loop = body(A, B, C);
  } else {
    Var i("i"), vi("vi");
    auto update = std::make_shared<BlockNode>();
    update->name = "update";
    update->iter_vars = {ir::MakeIterVar(Range(0, n), vi, ir::IterVarType::CommReduce)};
    update->reads = {{C, {}}, {A, {Range(vi, 1)}}, {B, {Range(vi, 1)}}};
    update->writes = {{C, {}}};
    update->body =
        MakeCompute(ir::MakeBufferStore(C, Load(C, {}) + Load(A, {vi}) * Load(B, {vi}), {}));
    loop = MakeFor(i, 0, n, kind, MakeBlockRealize({i}, ir::make_bool(true), update));
  }
  PrimFunc f;
  f.name = "dot";
  f.params = {A, B, C};
  f.param_attrs = std::vector<BufferDeclAttrs>(3, BufferDeclAttrs{1, 64});
  f.noalias = false;
  f.body = Root({{C, {}}, Whole(A), Whole(B)}, {{C, {}}}, loop);
  return f;
}

// C[i, j] = sum_k A[i, k] * B[j, k] (16 x 16, k = 64).
TeProgram Matmul() {
  auto A = *te::placeholder({16, 64}, kF32, "A");
  auto B = *te::placeholder({16, 64}, kF32, "B");
  auto k = te::reduce_axis(ir::Range(0, 64), "k");
  auto C = *te::compute(
      {16, 16},
      [&](const std::vector<ir::Var>& i) {
        return te::sum(A(i[0], k->var) * B(i[1], k->var), {k});
      },
      "C");
  return {{A, B, C}};
}

// `f` with its root block reading only its inputs: the description of a reduction
// tensorized with its init, whose outer block does not read what it accumulates into.
PrimFunc WithoutOutputRead(PrimFunc f) {
  const BlockRealizeNode* root = RootRealize(f);
  auto block = std::make_shared<BlockNode>(*root->block);
  block->reads.erase(block->reads.begin());
  f.body = MakeBlockRealize(root->iter_values, root->predicate, std::move(block));
  return f;
}

// The registry the tests register in (not the global one: test order must not matter).
struct Intrins {
  std::shared_ptr<TensorIntrinRegistry> shared = std::make_shared<TensorIntrinRegistry>();
  TensorIntrinRegistry& registry = *shared;
  Intrins() {
    (void)registry.Register("dot4", DotProduct(4, ForKind::Serial),
                            DotProduct(4, ForKind::Unrolled));
  }
};

// k split by `factor`, the reduction decomposed at k_0: the update's inner loop k_1 is
// a dot product of `factor` elements.
struct Scheduled {
  Intrins intrins;
  Schedule sch{Matmul().func()};
  BlockRV c;
  std::vector<LoopRV> k;
  explicit Scheduled(int factor = 4) {
    sch.UseTensorIntrins(intrins.shared);
    c = *sch.GetBlock("C");
    std::vector<LoopRV> loops = *sch.GetLoops(c);
    k = *sch.Split(loops[2], {Expr(), Expr(factor)});
    (void)*sch.DecomposeReduction(c, k[0]);
  }
};

// What TVM 0.20 printed for the same te program and schedule (tensorize(k_1, "dot4")).
const std::string kTensorized =
    Header(Buf("A", "(16, 64)") + ", " + Buf("B", "(16, 64)") + ", " + Buf("C", "(16, 16)")) +
    "    T.func_attr({\"tir.noalias\": T.bool(True)})\n"
    "    # with T.block(\"root\"):\n"
    "    for i, j in T.grid(16, 16):\n"
    "        with T.block(\"C_init\"):\n"
    "            v_i, v_j = T.axis.remap(\"SS\", [i, j])\n"
    "            T.reads()\n"
    "            T.writes(C[v_i, v_j])\n"
    "            C[v_i, v_j] = T.float32(0.0)\n"
    "        for k_0 in range(16):\n"
    "            with T.block(\"C_update_o\"):\n"
    "                v_i_o, v_j_o, v_k_o = T.axis.remap(\"SSR\", [i, j, k_0])\n"
    "                T.reads(C[v_i_o, v_j_o], A[v_i_o, v_k_o * 4:v_k_o * 4 + 4], B[v_j_o, v_k_o "
    "* 4:v_k_o * 4 + 4])\n"
    "                T.writes(C[v_i_o, v_j_o])\n"
    "                A_1 = T.match_buffer(A[v_i_o, v_k_o * 4:v_k_o * 4 + 4], (4,), "
    "offset_factor=1)\n"
    "                B_1 = T.match_buffer(B[v_j_o, v_k_o * 4:v_k_o * 4 + 4], (4,), "
    "offset_factor=1)\n"
    "                C_1 = T.match_buffer(C[v_i_o, v_j_o], (), offset_factor=1)\n"
    "                for i_1 in T.unroll(4):\n"
    "                    with T.block(\"update\"):\n"
    "                        vi = T.axis.reduce(4, i_1)\n"
    "                        T.reads(C_1[()], A_1[vi], B_1[vi])\n"
    "                        T.writes(C_1[()])\n"
    "                        C_1[()] = C_1[()] + A_1[vi] * B_1[vi]";

const char* kTrace =
    "# from tvm import tir\n"
    "def apply_trace(sch: tir.Schedule) -> None:\n"
    "  b0 = sch.get_block(name=\"C\", func_name=\"main\")\n"
    "  l1, l2, l3 = sch.get_loops(block=b0)\n"
    "  l4, l5 = sch.split(loop=l3, factors=[None, 4], preserve_unit_iters=True, "
    "disable_predication=False)\n"
    "  b6 = sch.decompose_reduction(block=b0, loop=l4)\n"
    "  sch.tensorize(block_or_loop=l5, tensor_intrin=\"dot4\", preserve_unit_iters=True)";

// The first line where `got` differs from `want`, for a failure message.
std::string FirstDifference(const std::string& want, const std::string& got) {
  std::istringstream a(want), b(got);
  std::string la, lb;
  for (int line = 1;; ++line) {
    bool ea = !std::getline(a, la), eb = !std::getline(b, lb);
    if (ea && eb) return "";
    if (ea != eb || la != lb)
      return "line " + std::to_string(line) + ":\n  want: " + (ea ? "<end>" : la) +
             "\n  got:  " + (eb ? "<end>" : lb);
  }
}

#define COMPARE_TEXT(got, want)                                    \
  do {                                                             \
    std::string got_ = (got), want_ = (want);                      \
    QVERIFY2(got_ == want_, FirstDifference(want_, got_).c_str()); \
  } while (false)

}  // namespace

class TestTirTensorize : public QObject {
  Q_OBJECT

 private slots:
  void tensorizeALoopAsTvmDoes() {
    Scheduled s;
    Status done = s.sch.Tensorize(s.k[1], "dot4");
    QVERIFY2(done.ok(), done.ok() ? "" : done.error().message.c_str());
    COMPARE_TEXT(AsTVMScript(s.sch.func()), kTensorized);
    QCOMPARE(Q(TraceAsPython(s.sch.trace())), Q(kTrace));
  }

  void tensorizeTheBlockBlockizeMade() {
    Scheduled s;
    auto outer = s.sch.Blockize(s.k[1]);
    QVERIFY(outer.ok());
    Status done = s.sch.Tensorize(*outer, "dot4");
    QVERIFY2(done.ok(), done.ok() ? "" : done.error().message.c_str());
    QCOMPARE(Q(AsTVMScript(s.sch.func())), Q(kTensorized));
    std::vector<std::string> lines = TraceLines(s.sch.trace());
    QCOMPARE(
        Q(lines.back()),
        Q("sch.tensorize(block_or_loop=b7, tensor_intrin=\"dot4\", preserve_unit_iters=True)"));
  }

  void theTensorizedProgramRunsAndMatchesTheOracle() {
    Scheduled s;
    QVERIFY(s.sch.Tensorize(s.k[1], "dot4").ok());
    auto lowered = transform::LowerTensorIR(s.sch.func());
    QVERIFY2(lowered.ok(), lowered.ok() ? "" : lowered.error().message.c_str());
    Status ran = LowerRunAndCompare(Matmul(), s.sch.func());
    QVERIFY2(ran.ok(), ran.ok() ? "" : ran.error().message.c_str());
  }

  void theImplementationIsCopiedWithFreshLoops() {
    Intrins intrins;
    TeProgram program = Matmul();
    Schedule sch(program.func());
    sch.UseTensorIntrins(intrins.shared);
    BlockRV c = *sch.GetBlock("C");
    std::vector<LoopRV> loops = *sch.GetLoops(c);
    std::vector<LoopRV> k = *sch.Split(loops[2], {Expr(), Expr(2), Expr(4)});
    (void)*sch.DecomposeReduction(c, k[0]);
    QVERIFY(sch.Tensorize(k[2], "dot4").ok());
    // The loop the schedule now holds is not the intrinsic's: scheduling it leaves the
    // intrinsic as it was.
    std::vector<LoopRV> inner = *sch.GetLoops(*sch.GetBlock("update"));
    QCOMPARE(inner.size(), size_t{1});
    const ForNode* impl_loop =
        As<ForNode>(RootRealize((*intrins.registry.Get("dot4"))->impl)->block->body);
    QVERIFY(impl_loop && !(*sch.Get(inner[0]))->loop_var.same_as(impl_loop->loop_var));
    QCOMPARE(impl_loop->for_kind, ForKind::Unrolled);
    Status ran = LowerRunAndCompare(program, sch.func());
    QVERIFY2(ran.ok(), ran.ok() ? "" : ran.error().message.c_str());
  }

  void aReductionWithItsInitKeepsTheInitInTheOuterBlock() {
    // As TVM: blockize gives the outer block the init nest, the match ignores it and the
    // implementation replaces the body only.
    Intrins intrins;
    QVERIFY(intrins.registry
                .Register("dot4_init", WithoutOutputRead(DotProduct(4, ForKind::Serial)),
                          DotProduct(4, ForKind::Unrolled))
                .ok());
    TeProgram program = Matmul();
    Schedule sch(program.func());
    sch.UseTensorIntrins(intrins.shared);
    std::vector<LoopRV> loops = *sch.GetLoops(*sch.GetBlock("C"));
    std::vector<LoopRV> k = *sch.Split(loops[2], {Expr(), Expr(4)});
    Status done = sch.Tensorize(k[1], "dot4_init");
    QVERIFY2(done.ok(), done.ok() ? "" : done.error().message.c_str());
    const BlockNode& block = *(*sch.Get(*sch.GetBlock("C_o")))->block;
    QVERIFY(block.init_nest && block.match_buffers.size() == 3);
    std::string text = AsTVMScript(sch.func());
    QVERIFY2(text.find("            C_1 = T.match_buffer(C[v_i_o, v_j_o], (), "
                       "offset_factor=1)\n"
                       "            with T.init():\n"
                       "                with T.block(\"C_init\"):\n"
                       "                    T.reads()\n"
                       "                    T.writes(C[v_i_o, v_j_o])\n"
                       "                    C[v_i_o, v_j_o] = T.float32(0.0)\n"
                       "            for i_1 in T.unroll(4):\n") != std::string::npos,
             text.c_str());
    Status ran = LowerRunAndCompare(program, sch.func());
    QVERIFY2(ran.ok(), ran.ok() ? "" : ran.error().message.c_str());
  }

  void aDescriptionReadingItsOutputDoesNotMatchAReductionWithItsInit() {
    // The outer block of a reduction with its init does not read C; TVM's comparator
    // refuses the region lists of different lengths.
    Intrins intrins;
    TeProgram program = Matmul();
    Schedule sch(program.func());
    sch.UseTensorIntrins(intrins.shared);
    std::vector<LoopRV> loops = *sch.GetLoops(*sch.GetBlock("C"));
    std::vector<LoopRV> k = *sch.Split(loops[2], {Expr(), Expr(4)});
    std::string before = AsTVMScript(sch.func());
    Status done = sch.Tensorize(k[1], "dot4");
    QVERIFY(!done.ok());
    QCOMPARE(Q(ErrorKind(done.error())), QString("TensorIntrinMismatchError"));
    QCOMPARE(Q(AsTVMScript(sch.func())), Q(before));
  }

  // ---- refusals ----
  void aLoopThatDoesNotMatchIsRefusedAndNothingChanges() {
    Scheduled s(8);
    std::string before = AsTVMScript(s.sch.func());
    size_t trace = s.sch.trace().insts.size();
    Status done = s.sch.Tensorize(s.k[1], "dot4");
    QVERIFY(!done.ok());
    QCOMPARE(Q(ErrorKind(done.error())), Q("TensorIntrinMismatchError"));
    QVERIFY2(done.error().message.find("The stmt block \"C_update_o\" doesn't match the tensor "
                                       "intrin dot4") != std::string::npos,
             done.error().message.c_str());
    QVERIFY2(done.error().message.find("BlockNode read buffers regions do not match") !=
                 std::string::npos,
             done.error().message.c_str());
    QCOMPARE(Q(AsTVMScript(s.sch.func())), Q(before));
    QCOMPARE(s.sch.trace().insts.size(), trace);
  }

  void aLoopKindThatDiffersIsAMismatchAtTheLoop() {
    Scheduled s;
    QVERIFY(s.sch.Unroll(s.k[1]).ok());
    Status done = s.sch.Tensorize(s.k[1], "dot4");
    QCOMPARE(Q(ErrorKind(done.error())), Q("TensorIntrinMismatchError"));
    QVERIFY2(done.error().message.find("The stmt loop k_1 doesn't match") != std::string::npos,
             done.error().message.c_str());
    QVERIFY(done.error().message.find("ForNode kinds do not match") != std::string::npos);
  }

  void aDifferentComputationIsAMismatch() {
    Intrins intrins;
    // C[()] = C[()] + A[vi] (a sum, not a dot product).
    PrimFunc sum = DotProduct(4, ForKind::Serial, [](Buffer A, Buffer, Buffer C) {
      Var i("i"), vi("vi");
      auto update = std::make_shared<BlockNode>();
      update->name = "update";
      update->iter_vars = {ir::MakeIterVar(Range(0, 4), vi, ir::IterVarType::CommReduce)};
      update->reads = {{C, {}}, {A, {Range(vi, 1)}}};
      update->writes = {{C, {}}};
      update->body = MakeCompute(ir::MakeBufferStore(C, Load(C, {}) + Load(A, {vi}), {}));
      return MakeFor(i, 0, 4, ForKind::Serial, MakeBlockRealize({i}, ir::make_bool(true), update));
    });
    QVERIFY(intrins.registry.Register("sum4", sum, sum).ok());
    Scheduled s;
    s.sch.UseTensorIntrins(intrins.shared);
    Status done = s.sch.Tensorize(s.k[1], "sum4");
    QCOMPARE(Q(ErrorKind(done.error())), Q("TensorIntrinMismatchError"));
  }

  void aDescriptionWithoutRootRegionsIsAMismatchAsInTvm() {
    // te.create_prim_func gives the root block no regions; TVM refuses such a desc with
    // "BlockNode write buffers do not match: op->writes=[C[v_i_o, v_j_o]] vs rhs->writes=[]".
    auto A = *te::placeholder({4}, kF32, "A");
    auto B = *te::placeholder({4}, kF32, "B");
    auto r = te::reduce_axis(ir::Range(0, 4), "r");
    auto C = *te::compute(
        {1}, [&](const std::vector<ir::Var>&) { return te::sum(A(r->var) * B(r->var), {r}); }, "C");
    PrimFunc desc = *CreatePrimFunc({A, B, C});
    Intrins intrins;
    QVERIFY(intrins.registry.Register("te_dot", desc, desc).ok());
    Scheduled s;
    s.sch.UseTensorIntrins(intrins.shared);
    Status done = s.sch.Tensorize(s.k[1], "te_dot");
    QCOMPARE(Q(ErrorKind(done.error())), Q("TensorIntrinMismatchError"));
    QVERIFY2(done.error().message.find(
                 "BlockNode write buffers do not match: op->writes=[C[v_i_o, v_j_o]] vs "
                 "rhs->writes=[]") != std::string::npos,
             done.error().message.c_str());
  }

  void anUnknownIntrinsicIsAValueError() {
    Scheduled s;
    Status done = s.sch.Tensorize(s.k[1], "non_existent_intrin");
    QCOMPARE(Q(done.error().message),
             Q("ValueError: TensorIntrin 'non_existent_intrin' is not registered"));
    QVERIFY(!s.intrins.registry.Find("non_existent_intrin"));
  }

  void registeringTwiceNeedsOverride() {
    Intrins intrins;
    Status again = intrins.registry.Register("dot4", DotProduct(4, ForKind::Serial),
                                             DotProduct(4, ForKind::Serial));
    QCOMPARE(Q(again.error().message),
             Q("ValueError: TensorIntrin 'dot4' has already been registered"));
    QVERIFY(
        intrins.registry
            .Register("dot4", DotProduct(8, ForKind::Serial), DotProduct(8, ForKind::Serial), true)
            .ok());
    QCOMPARE((*intrins.registry.Get("dot4"))->desc.params[0]->shape.size(), size_t{1});
    QVERIFY(ir::as_const_int((*intrins.registry.Get("dot4"))->desc.params[0]->shape[0]));
    QCOMPARE(*ir::as_const_int((*intrins.registry.Get("dot4"))->desc.params[0]->shape[0]),
             int64_t{8});
  }

  void descAndImplMustHaveAsManyParameters() {
    PrimFunc desc = DotProduct(4, ForKind::Serial);
    PrimFunc impl = desc;
    impl.params.pop_back();
    auto intrin = MakeTensorIntrin("bad", desc, impl);
    QVERIFY(!intrin.ok());
    QCOMPARE(Q(intrin.error().message),
             Q("ValueError: The number of parameters of the description and the implementation "
               "of the tensor intrinsic doesn't match."));
  }

  void aReplacedLoopNoLongerTensorizes() {
    Scheduled s;
    QVERIFY(s.sch.Split(s.k[1], {Expr(2), Expr(2)}).ok());
    Status done = s.sch.Tensorize(s.k[1], "dot4");
    QCOMPARE(Q(ErrorKind(done.error())), Q("ValueError"));
  }

  // ---- the trace ----
  void theTraceReplaysAndRoundTripsThroughJson() {
    Scheduled s;
    QVERIFY(s.sch.Tensorize(s.k[1], "dot4").ok());
    std::string json = TraceToJson(s.sch.trace());
    QVERIFY2(json.find("[\"Tensorize\", [\"l5\"], [\"dot4\", 1], []]") != std::string::npos,
             json.c_str());
    auto trace = TraceFromJson(json);
    QVERIFY(trace.ok());
    QCOMPARE(Q(TraceAsPython(*trace)), Q(kTrace));
    // Replayed from JSON, the intrinsic is looked up by name in the schedule's registry.
    Schedule replay(s.sch.original_func());
    replay.UseTensorIntrins(s.intrins.shared);
    Status applied = ApplyTrace(*trace, &replay);
    QVERIFY2(applied.ok(), applied.ok() ? "" : applied.error().message.c_str());
    QCOMPARE(Q(AsTVMScript(replay.func())), Q(kTensorized));
    // Replayed from the trace itself, the recorded intrinsic is used.
    Schedule direct(s.sch.original_func());
    QVERIFY(ApplyTrace(s.sch.trace(), &direct).ok());
    QCOMPARE(Q(AsTVMScript(direct.func())), Q(kTensorized));
    // Without the intrinsic registered, the replay names the instruction.
    Schedule orphan(s.sch.original_func());
    orphan.UseTensorIntrins(std::make_shared<TensorIntrinRegistry>());
    Status missing = ApplyTrace(*trace, &orphan);
    QCOMPARE(Q(missing.error().message),
             Q("instruction 4 (Tensorize): ValueError: TensorIntrin 'dot4' is not registered"));
  }

  // ---- lowering an implementation Tessera cannot run ----
  void anExternalImplementationIsRefusedWhenLoweredNotWhenScheduled() {
    PrimFunc impl = DotProduct(4, ForKind::Serial, [](Buffer A, Buffer B, Buffer C) {
      return MakeCompute(ir::MakeEvaluate(ir::MakeCall(
          DataType::Int(32), "vec4add", {C->data, A->data, B->data}, ir::CallKind::Extern)));
    });
    Intrins intrins;
    QVERIFY(intrins.registry.Register("dot4_extern", DotProduct(4, ForKind::Serial), impl).ok());
    Scheduled s;
    s.sch.UseTensorIntrins(intrins.shared);
    Status done = s.sch.Tensorize(s.k[1], "dot4_extern");
    QVERIFY2(done.ok(), done.ok() ? "" : done.error().message.c_str());
    auto lowered = transform::LowerTensorIR(s.sch.func());
    QVERIFY(!lowered.ok());
    QVERIFY2(lowered.error().message.find("block 'C_update_o' (tensorized) calls the external "
                                          "function \"vec4add\"") != std::string::npos,
             lowered.error().message.c_str());
  }
};

}  // namespace tst_tir_tensorize

QTEST_APPLESS_MAIN(tst_tir_tensorize::TestTirTensorize)
#include "tst_tir_tensorize.moc"
