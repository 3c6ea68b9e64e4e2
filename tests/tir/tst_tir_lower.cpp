// LowerTensorIR: TensorIR programs, unscheduled and scheduled with every primitive,
// lowered through the pipeline, run by the IR interpreter and compiled with LLVM on
// random inputs, and compared with the te oracle; a GPU-bound schedule run on the CUDA
// emulator; the timeline; and the errors of forms the lowering refuses.
#include <QtTest>
#include <functional>

#include "TirLowerSupport.h"
#include "codegen/cuda/CudaLowering.h"
#include "ir/Printer.h"
#include "runtime/cuda/Emulator.h"
#include "tir/IndexMap.h"
#include "tir/Schedule.h"
#include "tir/ScriptPrinter.h"

namespace tst_tir_lower {

using namespace tessera;
using namespace tessera::tir;
using namespace tessera::tir::testing;

namespace {

QString Q(const std::string& s) { return QString::fromStdString(s); }

#define LOWER_VERIFY_OK(r) QVERIFY2((r).ok(), (r).ok() ? "" : (r).error().message.c_str())

using ScheduleFn = std::function<Status(Schedule&)>;

// The loops of block `name`, outermost first.
std::vector<LoopRV> Loops(Schedule& sch, const std::string& name) {
  auto block = sch.GetBlock(name);
  if (!block.ok()) return {};
  auto loops = sch.GetLoops(*block);
  return loops.ok() ? *loops : std::vector<LoopRV>{};
}

BlockRV BlockOf(Schedule& sch, const std::string& name) {
  auto b = sch.GetBlock(name);
  return b.ok() ? *b : BlockRV{};
}

template <typename T>
Status Ok(const Result<T>& r) {
  return r.ok() ? Status::Ok() : Status(r.error());
}

struct Case {
  const char* name;
  TeProgram (*program)();
  ScheduleFn schedule;
};

TeProgram Gemm() { return GemmProgram(); }
TeProgram GemmRelu() { return GemmReluProgram(); }
TeProgram Chain() { return ChainProgram(); }
TeProgram Conv() { return PaddedConvProgram(); }

Expr I(int64_t v) { return Expr(v); }

// Lowers `f` for CUDA and runs it on the emulator against the oracle; without a host
// compiler, only checks that the CUDA source is generated. `source` receives it.
Status RunOnEmulator(const TeProgram& program, const PrimFunc& f, std::string* source) {
  transform::PassContext ctx;
  ctx.target = "cuda";
  auto lowered = transform::LowerTensorIR(f, ctx);
  if (!lowered.ok()) return lowered.error();
  auto text = codegen::EmitCUDASource(*lowered);
  if (!text.ok()) return text.error();
  *source = *text;
  if (runtime::EmulatedCudaModule::Compiler().empty()) return Status::Ok();
  auto cuda = codegen::LowerForCUDA(*lowered);
  if (!cuda.ok()) return cuda.error();
  QTemporaryDir dir;
  auto module = runtime::EmulatedCudaModule::Build(cuda->program, dir.path().toStdString());
  if (!module.ok()) return module.error();
  auto arrays = MakeArrays(program);
  if (!arrays.ok()) return arrays.error();
  if (Status st = (*module)->Call(*arrays, {}); !st.ok()) return st;
  auto expected = ReferenceOutputs(program, *arrays);
  if (!expected.ok()) return expected.error();
  reference::CompareResult r =
      reference::Compare(arrays->back(), expected->back(), reference::Tolerance{1e-4, 1e-4});
  if (!r.ok()) return Error("emulator: " + r.str());
  return Status::Ok();
}

// A hand-built function around one block (the error tests): for i in range(8): block
// "B" (B[vi] = A[vi] + 1) with the given realize values, and a buffer `written` that the
// block stores to.
PrimFunc OneBlock(std::vector<Expr> values, const ir::Buffer& written, Var loop_var,
                  ForKind kind = ForKind::Serial, std::string tag = "") {
  DataType f32 = DataType::Float(32);
  ir::Buffer a = ir::MakeBuffer("A", f32, {8}), b = ir::MakeBuffer("B", f32, {8});
  Var vi("vi");
  auto block = std::make_shared<BlockNode>();
  block->name = "B";
  block->iter_vars = {ir::MakeIterVar(ir::Range(0, 8), vi, ir::IterVarType::DataPar)};
  block->body = MakeCompute(ir::MakeBufferStore(
      written ? written : b, ir::MakeBufferLoad(a, {vi}) + ir::make_const(f32, 1.0), {vi}));
  auto loop = std::make_shared<ForNode>(
      loop_var, Expr(0), Expr(8), kind,
      MakeBlockRealize(std::move(values), ir::make_bool(true), std::move(block)));
  loop->thread_tag = std::move(tag);
  auto root = std::make_shared<BlockNode>();
  root->name = "root";
  root->body = loop;
  PrimFunc f;
  f.params = {a, b};
  f.body = MakeBlockRealize({}, ir::make_bool(true), root);
  return f;
}

// One or more schedules per primitive of Schedule.h, on the workloads they apply to.
std::vector<Case> Cases() {
  return {
      {"split_none_divisible", Gemm,
       [](Schedule& s) {
         return Ok(s.Split(Loops(s, "C")[0], {Expr(), I(4)}));
       }},
      {"split_non_divisible_predicate", Gemm,
       [](Schedule& s) {
         auto l = Loops(s, "C");
         if (auto r = s.Split(l[0], {Expr(), I(5)}); !r.ok()) return Ok(r);
         return Ok(s.Split(l[2], {I(3), Expr(), I(2)}));
       }},
      {"split_none_outer", Chain,
       [](Schedule& s) {
         return Ok(s.Split(Loops(s, "C")[1], {I(3), Expr()}));
       }},
      {"fuse", Gemm,
       [](Schedule& s) {
         auto l = Loops(s, "C");
         return Ok(s.Fuse({l[0], l[1]}));
       }},
      {"fuse_then_split_non_divisible", Chain,
       [](Schedule& s) {
         auto l = Loops(s, "C");
         auto f = s.Fuse({l[0], l[1]});
         if (!f.ok()) return Ok(f);
         return Ok(s.Split(*f, {Expr(), I(64)}));
       }},
      {"reorder", Gemm,
       [](Schedule& s) {
         auto l = Loops(s, "C");
         return s.Reorder({l[2], l[0]});
       }},
      {"reorder_split_tiles", Gemm,
       [](Schedule& s) {
         auto l = Loops(s, "C");
         auto io = s.Split(l[0], {Expr(), I(8)});
         auto jo = s.Split(l[1], {Expr(), I(3)});
         if (!io.ok()) return Ok(io);
         if (!jo.ok()) return Ok(jo);
         return s.Reorder({(*io)[0], (*jo)[0], l[2], (*io)[1], (*jo)[1]});
       }},
      {"add_unit_loop_block", Chain,
       [](Schedule& s) { return Ok(s.AddUnitLoop(BlockOf(s, "C"))); }},
      {"add_unit_loop_loop", Gemm, [](Schedule& s) { return Ok(s.AddUnitLoop(Loops(s, "C")[2])); }},
      {"parallel", Chain, [](Schedule& s) { return s.Parallel(Loops(s, "C")[0]); }},
      {"parallel_gemm", Gemm, [](Schedule& s) { return s.Parallel(Loops(s, "C")[0]); }},
      {"vectorize", Chain,
       [](Schedule& s) {
         auto jo = s.Split(Loops(s, "C")[1], {Expr(), I(4)});
         if (!jo.ok()) return Ok(jo);
         return s.Vectorize((*jo)[1]);
       }},
      {"vectorize_non_divisible", Chain,
       [](Schedule& s) {
         auto jo = s.Split(Loops(s, "B")[1], {Expr(), I(8)});
         if (!jo.ok()) return Ok(jo);
         return s.Vectorize((*jo)[1]);
       }},
      {"unroll", Gemm, [](Schedule& s) { return s.Unroll(Loops(s, "C")[1]); }},
      {"unroll_reduction", Gemm, [](Schedule& s) { return s.Unroll(Loops(s, "C")[2]); }},
      {"compute_at", Chain,
       [](Schedule& s) { return s.ComputeAt(BlockOf(s, "B"), Loops(s, "C")[0]); }},
      {"compute_at_inner", Chain,
       [](Schedule& s) { return s.ComputeAt(BlockOf(s, "B"), Loops(s, "C")[1]); }},
      {"compute_at_split", Chain,
       [](Schedule& s) {
         auto io = s.Split(Loops(s, "C")[0], {Expr(), I(7)});
         if (!io.ok()) return Ok(io);
         return s.ComputeAt(BlockOf(s, "B"), (*io)[0]);
       }},
      {"compute_at_conv_pad", Conv,
       [](Schedule& s) { return s.ComputeAt(BlockOf(s, "A_pad"), Loops(s, "Y")[2]); }},
      {"reverse_compute_at", GemmRelu,
       [](Schedule& s) { return s.ReverseComputeAt(BlockOf(s, "D"), Loops(s, "C")[0]); }},
      {"reverse_compute_at_split", GemmRelu,
       [](Schedule& s) {
         auto io = s.Split(Loops(s, "C")[1], {Expr(), I(6)});
         if (!io.ok()) return Ok(io);
         return s.ReverseComputeAt(BlockOf(s, "D"), (*io)[0]);
       }},
      {"compute_inline", Chain, [](Schedule& s) { return s.ComputeInline(BlockOf(s, "B")); }},
      {"compute_inline_conv_pad", Conv,
       [](Schedule& s) { return s.ComputeInline(BlockOf(s, "A_pad")); }},
      {"reverse_compute_inline", Chain,
       [](Schedule& s) { return s.ReverseComputeInline(BlockOf(s, "C")); }},
      {"reverse_compute_inline_relu", GemmRelu,
       [](Schedule& s) {
         // A reduction cannot take its consumer; a copy of C's result can.
         auto cache = s.CacheWrite(BlockOf(s, "C"), 0, "global");
         if (!cache.ok()) return Ok(cache);
         return s.ReverseComputeInline(BlockOf(s, "D"));
       }},
      {"decompose_reduction_outer", Gemm,
       [](Schedule& s) { return Ok(s.DecomposeReduction(BlockOf(s, "C"), Loops(s, "C")[0])); }},
      {"decompose_reduction_at_k", Gemm,
       [](Schedule& s) { return Ok(s.DecomposeReduction(BlockOf(s, "C"), Loops(s, "C")[2])); }},
      {"decompose_reduction_conv", Conv,
       [](Schedule& s) { return Ok(s.DecomposeReduction(BlockOf(s, "Y"), Loops(s, "Y")[4])); }},
      {"cache_read", Gemm,
       [](Schedule& s) { return Ok(s.CacheRead(BlockOf(s, "C"), 0, "global")); }},
      {"cache_read_local_compute_at", Gemm,
       [](Schedule& s) {
         auto cache = s.CacheRead(BlockOf(s, "C"), 1, "local");
         if (!cache.ok()) return Ok(cache);
         return s.ComputeAt(*cache, Loops(s, "C")[0]);
       }},
      {"cache_write", Gemm,
       [](Schedule& s) { return Ok(s.CacheWrite(BlockOf(s, "C"), 0, "local")); }},
      {"cache_write_reverse_compute_at", Gemm,
       [](Schedule& s) {
         auto cache = s.CacheWrite(BlockOf(s, "C"), 0, "local");
         if (!cache.ok()) return Ok(cache);
         BlockRV c = BlockOf(s, "C");
         auto loops = s.GetLoops(c);
         if (!loops.ok()) return Ok(loops);
         return s.ReverseComputeAt(*cache, (*loops)[0]);
       }},
      {"set_scope", Chain, [](Schedule& s) { return s.SetScope(BlockOf(s, "B"), 0, "local"); }},
      {"annotate_auto_unroll", Gemm,
       [](Schedule& s) {
         LoopRV j = Loops(s, "C")[1];
         if (Status st = s.Annotate(j, "pragma_auto_unroll_max_step", I(64)); !st.ok()) return st;
         return s.Annotate(j, "pragma_unroll_explicit", I(1));
       }},
      {"annotate_other_keys", Chain,
       [](Schedule& s) {
         if (Status st = s.Annotate(Loops(s, "C")[0], "software_pipeline_stage", I(0)); !st.ok())
           return st;
         return s.Annotate(BlockOf(s, "C"), "meta_schedule.tiling_structure", ir::StringImm("SSR"));
       }},
      {"rfactor", Gemm, [](Schedule& s) { return Ok(s.RFactor(Loops(s, "C")[2], 0)); }},
      {"rfactor_under_a_split_with_remainder", Gemm,
       [](Schedule& s) {
         // The write-back block keeps the split's predicate (i_0 * 5 + i_1 < 24).
         if (auto r = s.Split(Loops(s, "C")[0], {Expr(), I(5)}); !r.ok()) return Ok(r);
         return Ok(s.RFactor(Loops(s, "C")[3], 0));
       }},
      {"blockize", Chain,
       [](Schedule& s) {
         auto jo = s.Split(Loops(s, "C")[1], {Expr(), I(4)});
         if (!jo.ok()) return Ok(jo);
         return Ok(s.Blockize((*jo)[1]));
       }},
      {"blockize_reduction_after_decompose", Gemm,
       [](Schedule& s) {
         auto l = Loops(s, "C");
         if (auto init = s.DecomposeReduction(BlockOf(s, "C"), l[0]); !init.ok()) return Ok(init);
         return Ok(s.Blockize(Loops(s, "C_update")[2]));
       }},
      {"storage_align", Chain,
       [](Schedule& s) { return s.StorageAlign(BlockOf(s, "B"), 0, 0, 16, 1); }},
      {"reindex_read", Gemm,
       [](Schedule& s) { return Ok(s.ReIndex(BlockOf(s, "C"), 0, BufferIndexType::Read)); }},
      {"transform_layout_padded", Chain,
       [](Schedule& s) {
         IndexMap map = MakeIndexMap({"i", "j"}, [](const std::vector<Var>& v) {
           return std::vector<Expr>{v[0], ir::floordiv(v[1], 8), ir::floormod(v[1], 8)};
         });
         return s.TransformLayout(BlockOf(s, "B"), 0, BufferIndexType::Write, map,
                                  ConstantIndexMap(ir::make_const(DataType::Float(32), 0.0), 3));
       }},
      {"tiled_gemm_all", GemmRelu,
       [](Schedule& s) {
         auto l = Loops(s, "C");
         auto io = s.Split(l[0], {Expr(), I(8)});
         auto jo = s.Split(l[1], {Expr(), I(8)});
         auto ko = s.Split(l[2], {Expr(), I(4)});
         if (!io.ok() || !jo.ok() || !ko.ok()) return Status(Error("split failed"));
         if (Status st = s.Reorder({(*io)[0], (*jo)[0], (*ko)[0], (*ko)[1], (*io)[1], (*jo)[1]});
             !st.ok())
           return st;
         if (Status st = s.ReverseComputeAt(BlockOf(s, "D"), (*jo)[0]); !st.ok()) return st;
         if (Status st = s.Parallel((*io)[0]); !st.ok()) return st;
         if (Status st = s.Vectorize((*jo)[1]); !st.ok()) return st;
         if (Status st = s.Unroll((*ko)[1]); !st.ok()) return st;
         return Ok(s.DecomposeReduction(BlockOf(s, "C"), (*ko)[0]));
       }},
  };
}

}  // namespace

class TestTirLower : public QObject {
  Q_OBJECT
 private slots:
  void unscheduledWorkloadsMatchTheOracle_data() {
    QTest::addColumn<int>("which");
    QTest::newRow("gemm") << 0;
    QTest::newRow("gemm_relu") << 1;
    QTest::newRow("chain") << 2;
    QTest::newRow("padded_conv") << 3;
  }
  void unscheduledWorkloadsMatchTheOracle() {
    QFETCH(int, which);
    TeProgram (*programs[])() = {Gemm, GemmRelu, Chain, Conv};
    TeProgram p = programs[which]();
    Status s = LowerRunAndCompare(p, p.func());
    LOWER_VERIFY_OK(s);
  }

  void scheduledProgramsMatchTheOracle_data() {
    QTest::addColumn<int>("index");
    std::vector<Case> cases = Cases();
    for (size_t i = 0; i < cases.size(); ++i) QTest::newRow(cases[i].name) << static_cast<int>(i);
  }
  void scheduledProgramsMatchTheOracle() {
    QFETCH(int, index);
    Case c = Cases()[static_cast<size_t>(index)];
    TeProgram p = c.program();
    Schedule sch(p.func());
    std::string before = AsTVMScript(sch.func());
    Status applied = c.schedule(sch);
    LOWER_VERIFY_OK(applied);
    QVERIFY2(AsTVMScript(sch.func()) != before, "the schedule changed nothing");
    Status s = LowerRunAndCompare(p, sch.func());
    QVERIFY2(s.ok(), s.ok() ? "" : (s.error().message + "\n" + AsTVMScript(sch.func())).c_str());
  }

  // What the block lowering makes: no blocks, bindings substituted, the predicate an if,
  // the init guarded by the reduction iterator's first step, the intermediate buffer
  // allocated; then every pipeline pass has its entry.
  void timelineHasInputAndEveryPass() {
    TeProgram p = GemmReluProgram();
    Schedule sch(p.func());
    auto io = sch.Split(Loops(sch, "C")[0], {Expr(), I(5)});
    LOWER_VERIFY_OK(io);
    auto lowered = transform::LowerTensorIR(sch.func(), {}, "gemm_relu");
    LOWER_VERIFY_OK(lowered);
    QCOMPARE(Q(lowered->func.name), QString("gemm_relu"));
    QCOMPARE(lowered->func.buffer_params().size(), size_t(3));
    QCOMPARE(Q(lowered->func.buffer_params()[2]->name), QString("D"));
    const transform::PassRecord* input = lowered->After("Input");
    QVERIFY(input);
    QVERIFY2(input->ir.find("v_i") == std::string::npos, input->ir.c_str());
    QVERIFY2(input->ir.find("allocate C") != std::string::npos, input->ir.c_str());
    QVERIFY2(input->ir.find("if ((((i_0*5) + i_1) < 24))") != std::string::npos, input->ir.c_str());
    QVERIFY2(input->ir.find("if ((k == 0))") != std::string::npos, input->ir.c_str());
    QVERIFY2(input->ir.find("C[((i_0*5) + i_1), j] = 0f") != std::string::npos, input->ir.c_str());
    for (const std::string& pass : transform::PipelinePassNames())
      QVERIFY2(lowered->After(pass), pass.c_str());
    const transform::PassRecord* flat = lowered->After("StorageFlatten");
    QVERIFY2(flat->ir.find("C[((i_0*5) + i_1), j]") == std::string::npos, flat->ir.c_str());
    QCOMPARE(Q(lowered->timeline.back().ir), Q(ir::to_string(lowered->func.body)));
    auto blocks = transform::LowerBlocks(sch.func());
    LOWER_VERIFY_OK(blocks);
    QCOMPARE(Q(ir::to_string(*blocks)), Q(input->ir));
  }

  // A thread-bound loop is the TE lowering's ThreadBinding loop; pragmas are AttrStmts
  // and pragma_auto_unroll_max_step unrolls the small loops under it.
  void loopKindsAndPragmas() {
    TeProgram p = GemmProgram(6, 4, 3);
    Schedule sch(p.func());
    std::vector<LoopRV> l = Loops(sch, "C");
    QVERIFY(sch.Annotate(l[1], "pragma_auto_unroll_max_step", I(32)).ok());
    QVERIFY(sch.Parallel(l[0]).ok());
    auto lowered = transform::LowerTensorIR(sch.func());
    LOWER_VERIFY_OK(lowered);
    std::string input = lowered->After("Input")->ir;
    QVERIFY2(input.find("pragma_auto_unroll_max_step") != std::string::npos, input.c_str());
    QVERIFY2(input.find("parallel") != std::string::npos, input.c_str());
    QVERIFY2(input.find("unrolled") != std::string::npos, input.c_str());
    // 4 x 3 x 2 (init and update) = 24 steps fit in 32: j's nest is unrolled away by UnrollLoops.
    std::string unrolled = lowered->After("UnrollLoops")->ir;
    QVERIFY2(unrolled.find("for (j") == std::string::npos, unrolled.c_str());
    LOWER_VERIFY_OK(LowerRunAndCompare(p, sch.func()));
  }

  void gpuBoundScheduleRunsOnTheEmulator_data() {
    QTest::addColumn<bool>("gemm");
    QTest::newRow("chain_fused_split_bound") << false;
    QTest::newRow("gemm_rows_threads") << true;
  }
  void gpuBoundScheduleRunsOnTheEmulator() {
    QFETCH(bool, gemm);
    TeProgram p = gemm ? GemmProgram() : ChainProgram();
    Schedule sch(p.func());
    if (gemm) {
      std::vector<LoopRV> l = Loops(sch, "C");
      QVERIFY(sch.Bind(l[0], "blockIdx.x").ok());
      QVERIFY(sch.Bind(l[1], "threadIdx.x").ok());
    } else {
      QVERIFY(sch.ComputeInline(BlockOf(sch, "B")).ok());
      std::vector<LoopRV> l = Loops(sch, "C");
      auto fused = sch.Fuse({l[0], l[1]});
      LOWER_VERIFY_OK(fused);
      auto split = sch.Split(*fused, {Expr(), I(64)});  // 600 = 9 x 64 + 24: a predicate
      LOWER_VERIFY_OK(split);
      QVERIFY(sch.Bind((*split)[0], "blockIdx.x").ok());
      QVERIFY(sch.Bind((*split)[1], "threadIdx.x").ok());
    }
    auto lowered = transform::LowerTensorIR(sch.func());
    LOWER_VERIFY_OK(lowered);
    QVERIFY2(lowered->After("Input")->ir.find("threadIdx.x") != std::string::npos,
             lowered->After("Input")->ir.c_str());
    std::string source;
    Status s = RunOnEmulator(p, sch.func(), &source);
    QVERIFY2(s.ok(), s.ok() ? "" : (s.error().message + "\n" + source).c_str());
    QVERIFY2(source.find("threadIdx.x") != std::string::npos, source.c_str());
    QVERIFY2(source.find("blockIdx.x") != std::string::npos, source.c_str());
    if (runtime::EmulatedCudaModule::Compiler().empty())
      QSKIP("no host C++ compiler: CUDA source generated, not run");
  }

  void errorsNameTheBlockOrThePass() {
    Var i("i");
    // A realize that binds fewer values than the block has iterators.
    auto missing = transform::LowerTensorIR(OneBlock({}, nullptr, i));
    QVERIFY(!missing.ok());
    QVERIFY2(missing.error().message.find("block 'B' has 1 iterators but its realize binds 0") !=
                 std::string::npos,
             missing.error().message.c_str());
    // A store to a buffer that is neither a parameter nor allocated.
    ir::Buffer stray = ir::MakeBuffer("Stray", DataType::Float(32), {8});
    auto unknown = transform::LowerTensorIR(OneBlock({i}, stray, i));
    QVERIFY(!unknown.ok());
    QCOMPARE(Q(unknown.error().message),
             QString("StorageFlatten: buffer Stray is accessed but is neither a parameter nor "
                     "allocated"));
    // A thread-bound loop without a thread.
    auto untagged = transform::LowerTensorIR(OneBlock({i}, nullptr, i, ForKind::ThreadBinding));
    QVERIFY(!untagged.ok());
    QVERIFY2(untagged.error().message.find("loop i is thread-bound but has no thread tag") !=
                 std::string::npos,
             untagged.error().message.c_str());
    // A parameter with strides.
    PrimFunc strided = OneBlock({i}, nullptr, i);
    auto copy = std::make_shared<ir::BufferNode>(*strided.params[0]);
    copy->strides = {Expr(2)};
    strided.params[0] = copy;
    auto refused = transform::LowerTensorIR(strided);
    QVERIFY(!refused.ok());
    QVERIFY2(refused.error().message.find("parameter A has strides") != std::string::npos,
             refused.error().message.c_str());
    // An auto-unroll step count that is not a constant.
    TeProgram p = GemmProgram(4, 4, 4);
    Schedule sch(p.func());
    QVERIFY(
        sch.Annotate(Loops(sch, "C")[0], "pragma_auto_unroll_max_step", ir::StringImm("x")).ok());
    auto bad = transform::LowerTensorIR(sch.func());
    QVERIFY(!bad.ok());
    QVERIFY2(bad.error().message.find("pragma_auto_unroll_max_step") != std::string::npos,
             bad.error().message.c_str());
    // An empty function.
    QVERIFY(!transform::LowerTensorIR(PrimFunc{}).ok());
  }

  // The same block program lowered twice gives the same text (nothing depends on
  // pointer order), and a well-formed hand-built function runs.
  void handBuiltBlockRuns() {
    Var i("i");
    PrimFunc f = OneBlock({i}, nullptr, i);
    auto a = transform::LowerTensorIR(f);
    auto b = transform::LowerTensorIR(f);
    LOWER_VERIFY_OK(a);
    LOWER_VERIFY_OK(b);
    QCOMPARE(Q(a->timeline.back().ir), Q(b->timeline.back().ir));
    auto in = *runtime::NDArray::Empty({8}, DataType::Float(32));
    auto out = *runtime::NDArray::Empty({8}, DataType::Float(32));
    in.FillRandom(3);
    LOWER_VERIFY_OK(runtime::Interpret(a->func, {in, out}));
    for (int64_t k = 0; k < 8; ++k)
      QCOMPARE(out.GetDouble(k), double(float(in.GetDouble(k)) + 1.0f));
  }
};

}  // namespace tst_tir_lower

QTEST_APPLESS_MAIN(tst_tir_lower::TestTirLower)
#include "tst_tir_lower.moc"
