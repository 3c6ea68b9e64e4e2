// TVM's tensor-core builtins (ir/WmmaBuiltins.h), checked against their spec:
// - on the CPU: each shape TVM supports and every layout of a, b and the stored result,
//   one fill / load / mma / store program run by the IR interpreter and LLVM, compared
//   element by element with a plain C++ product (small integers: the sums are exact);
// - on the GPU path: the CUDA printer's fragment declarations and wmma calls (and nvcc
//   compiling them, where nvcc is installed), no leader guard on a warp-collective call,
//   a barrier between the shared copies and the fragment loads, and the emulator running
//   a tensorized GEMM against the te oracle;
// - the rules as errors naming the intrinsic: unsupported and inconsistent shapes,
//   mismatched layouts, operands in the wrong scope, a buffer that is not a fragment,
//   and (CUDA only) a fragment used element by element.
#include <QProcess>
#include <QStandardPaths>
#include <QTemporaryDir>
#include <QtTest>
#include <fstream>
#include <sstream>

#include "CudaTestSupport.h"
#include "codegen/cuda/CodeGenCUDA.h"
#include "codegen/cuda/CodeGenCUDAWmma.h"
#include "codegen/cuda/CudaLowering.h"
#include "codegen/cuda/NVRTC.h"
#include "ir/Buffer.h"
#include "ir/ExprOp.h"
#include "ir/Printer.h"
#include "ir/WmmaBuiltins.h"
#include "reference/EmulatorCheck.h"
#include "runtime/IRInterpreter.h"
#include "runtime/LLVMModule.h"
#include "transform/LowerSchedule.h"
#include "transform/LowerWmmaBuiltins.h"
#include "transform/PrimFunc.h"

namespace tst_wmma {

using namespace tessera;
using namespace tessera::ir;

namespace {

struct Case {
  int64_t m, n, k;
  bool a_col, b_col, c_col;
};

Expr Ptr(const Buffer& b, int64_t extent, int mask) {
  Expr type = MakeCall(b->dtype, "type_annotation", {}, CallKind::PureIntrinsic);
  return MakeCall(
      DataType::Handle(), "tvm_access_ptr",
      {type, b->data, Expr(0), Expr(extent), make_const(DataType::Int(32), int64_t{mask})},
      CallKind::Intrinsic);
}

Stmt Builtin(const std::string& op, std::vector<Expr> args) {
  return MakeEvaluate(MakeCall(DataType::Handle(), op, std::move(args), CallKind::Intrinsic));
}

Expr Str(const char* s) { return StringImm(s); }
Expr I(int64_t v) { return make_const(DataType::Int(32), v); }
const char* Layout(bool col) { return col ? "col_major" : "row_major"; }

// Memory of a rows x cols tile, row- or column-major, with its leading dimension.
int64_t Ld(int64_t rows, int64_t cols, bool col) { return col ? rows : cols; }
int64_t At(int64_t r, int64_t c, int64_t ld, bool col) { return col ? c * ld + r : r * ld + c; }

// E = D + A * B through fragments: load the accumulator from D, load a and b, mma,
// store to E (tile index 1 of two-tile fragments, so that the index arithmetic counts).
struct Program {
  Buffer A, B, D, E;
  Stmt body;
};

Program MakeProgram(const Case& c) {
  Program p;
  p.A = MakeBuffer("A", DataType::Float(16), {I(c.m * c.k)});
  p.B = MakeBuffer("B", DataType::Float(16), {I(c.k * c.n)});
  p.D = MakeBuffer("D", DataType::Float(32), {I(c.m * c.n)});
  p.E = MakeBuffer("E", DataType::Float(32), {I(c.m * c.n)});
  Var fa("a_frag", DataType::Handle()), fb("b_frag", DataType::Handle()),
      fc("c_frag", DataType::Handle());
  std::vector<Expr> shape = {I(c.m), I(c.n), I(c.k)};
  auto with_shape = [&](Expr frag, std::vector<Expr> rest) {
    std::vector<Expr> args = {std::move(frag)};
    args.insert(args.end(), shape.begin(), shape.end());
    args.insert(args.end(), rest.begin(), rest.end());
    return args;
  };
  Stmt seq = MakeSeq({
      Builtin("tir.tvm_fill_fragment", with_shape(fc, {I(0), FloatImm(DataType::Float(32), 7.0)})),
      Builtin("tir.tvm_load_matrix_sync",
              with_shape(fc, {I(1), Ptr(p.D, c.m * c.n, 1), I(c.n), Str("row_major")})),
      Builtin("tir.tvm_load_matrix_sync",
              with_shape(fa, {I(1), Ptr(p.A, c.m * c.k, 1), I(Ld(c.m, c.k, c.a_col)),
                              Str(Layout(c.a_col))})),
      Builtin("tir.tvm_load_matrix_sync",
              with_shape(fb, {I(1), Ptr(p.B, c.k * c.n, 1), I(Ld(c.k, c.n, c.b_col)),
                              Str(Layout(c.b_col))})),
      Builtin("tir.tvm_mma_sync", {fc, I(1), fa, I(1), fb, I(1), fc, I(1)}),
      Builtin("tir.tvm_store_matrix_sync",
              with_shape(fc, {I(1), Ptr(p.E, c.m * c.n, 2), I(Ld(c.m, c.n, c.c_col)),
                              Str(Layout(c.c_col))})),
  });
  Expr yes = make_bool(true);
  seq = MakeAllocate(fc, DataType::Float(32), {I(2 * c.m * c.n)}, yes, seq, "wmma.accumulator");
  seq = MakeAllocate(fb, DataType::Float(16), {I(2 * c.k * c.n)}, yes, seq, "wmma.matrix_b");
  p.body = MakeAllocate(fa, DataType::Float(16), {I(2 * c.m * c.k)}, yes, seq, "wmma.matrix_a");
  return p;
}

// Small integers (exact in float16, exact sums in float32).
void FillSmall(runtime::NDArray& a, int salt) {
  for (int64_t i = 0; i < a.numel(); ++i) a.SetDouble(i, double((i * 7 + salt) % 9) - 4.0);
}

// What E must hold: D + A * B, in E's layout.
std::vector<double> Expected(const Case& c, const runtime::NDArray& A, const runtime::NDArray& B,
                             const runtime::NDArray& D) {
  std::vector<double> e(size_t(c.m * c.n));
  for (int64_t i = 0; i < c.m; ++i)
    for (int64_t j = 0; j < c.n; ++j) {
      double sum = D.GetDouble(i * c.n + j);
      for (int64_t kk = 0; kk < c.k; ++kk)
        sum += A.GetDouble(At(i, kk, Ld(c.m, c.k, c.a_col), c.a_col)) *
               B.GetDouble(At(kk, j, Ld(c.k, c.n, c.b_col), c.b_col));
      e[size_t(At(i, j, Ld(c.m, c.n, c.c_col), c.c_col))] = sum;
    }
  return e;
}

std::string ReadFile(const std::string& path) {
  std::ifstream in(path);
  std::stringstream text;
  text << in.rdbuf();
  return text.str();
}

std::string GemmScript() {
  return ReadFile(testing::SourceDir() + "/tests/tvm_programs/tensorize_tensorcore_wmma.py");
}

std::string Replaced(std::string text, const std::string& from, const std::string& to) {
  size_t at = text.find(from);
  if (at == std::string::npos) return "# '" + from + "' not found\n" + text;
  return text.replace(at, from.size(), to);
}

// The lowering error of a script (llvm target), or "".
std::string LoweringError(const std::string& text, const std::string& target = "llvm") {
  auto p = testing::LoadScript(text);
  if (!p) return "evaluation: " + p.error().format();
  auto lowered = transform::LowerSchedule(*p->schedule, p->Arguments(), target);
  return lowered ? std::string() : lowered.error().message;
}

// The IR-level error for a program built by `build` (InferFragments).
std::string FragmentError(const Stmt& body) {
  auto f = ir::InferFragments(body);
  return f ? std::string() : f.error().message;
}

bool Contains(const std::string& text, const std::string& what) {
  return text.find(what) != std::string::npos;
}

// The CUDA source of tests/tvm_programs/tensorize_conv_tensorcore.py.
Result<std::string> ConvCudaSource() {
  auto p = testing::LoadScript(
      ReadFile(testing::SourceDir() + "/tests/tvm_programs/tensorize_conv_tensorcore.py"));
  if (!p) return Error(p.error().format());
  auto lowered = testing::LowerProgram(*p);
  if (!lowered) return lowered.error();
  return codegen::EmitCUDASource(*lowered);
}

}  // namespace

class TestWmma : public QObject {
  Q_OBJECT

 private slots:
  void builtinsComputeTheSpecOnTheCpu_data() {
    QTest::addColumn<int>("m");
    QTest::addColumn<int>("n");
    QTest::addColumn<int>("k");
    QTest::addColumn<bool>("a_col");
    QTest::addColumn<bool>("b_col");
    QTest::addColumn<bool>("c_col");
    QTest::newRow("16x16x16 row/row -> row") << 16 << 16 << 16 << false << false << false;
    QTest::newRow("16x16x16 col/row -> col") << 16 << 16 << 16 << true << false << true;
    QTest::newRow("16x16x16 row/col -> row") << 16 << 16 << 16 << false << true << false;
    QTest::newRow("32x8x16 col/col -> row") << 32 << 8 << 16 << true << true << false;
    QTest::newRow("8x32x16 row/col -> col") << 8 << 32 << 16 << false << true << true;
  }
  void builtinsComputeTheSpecOnTheCpu() {
    QFETCH(int, m);
    QFETCH(int, n);
    QFETCH(int, k);
    QFETCH(bool, a_col);
    QFETCH(bool, b_col);
    QFETCH(bool, c_col);
    Case c{m, n, k, a_col, b_col, c_col};
    Program p = MakeProgram(c);
    transform::PassContext ctx;
    Stmt lowered = transform::LowerWmmaBuiltins(p.body, ctx);
    QVERIFY2(ctx.errors().empty(),
             ctx.errors().empty() ? "" : ctx.errors().front().message.c_str());
    QVERIFY(!Contains(to_string(lowered), "tir.tvm_"));
    transform::PrimFunc f = transform::MakePrimFunc("wmma", {p.A, p.B, p.D, p.E}, lowered);
    for (int backend = 0; backend < 2; ++backend) {
      if (backend == 1 && !codegen::LLVMAvailable()) break;
      auto A = runtime::NDArray::Empty({c.m * c.k}, DataType::Float(16));
      auto B = runtime::NDArray::Empty({c.k * c.n}, DataType::Float(16));
      auto D = runtime::NDArray::Empty({c.m * c.n}, DataType::Float(32));
      auto E = runtime::NDArray::Empty({c.m * c.n}, DataType::Float(32));
      QVERIFY(A.ok() && B.ok() && D.ok() && E.ok());
      FillSmall(*A, 1);
      FillSmall(*B, 5);
      FillSmall(*D, 3);
      if (backend == 0) {
        Status s = runtime::Interpret(f, {*A, *B, *D, *E});
        QVERIFY2(s.ok(), s.ok() ? "" : s.error().message.c_str());
      } else {
        auto built = runtime::BuildLLVM(f);
        QVERIFY2(built.ok(), built.ok() ? "" : built.error().message.c_str());
        Status s = built->Call({*A, *B, *D, *E}, {});
        QVERIFY2(s.ok(), s.ok() ? "" : s.error().message.c_str());
      }
      std::vector<double> want = Expected(c, *A, *B, *D);
      for (int64_t i = 0; i < E->numel(); ++i)
        QVERIFY2(E->GetDouble(i) == want[size_t(i)],
                 (std::string(backend ? "llvm" : "interpreter") + ": element " + std::to_string(i) +
                  " is " + std::to_string(E->GetDouble(i)) + ", expected " +
                  std::to_string(want[size_t(i)]))
                     .c_str());
    }
  }

  // The fill is a separate tile (index 0): tile 1, loaded from D, is what the mma adds to.
  void fillAndTilesAreIndependent() {
    Case c{16, 16, 16, false, false, false};
    Program p = MakeProgram(c);
    Stmt lowered = ir::LowerWmmaBuiltinsToLoops(p.body).value();
    std::string text = to_string(lowered);
    QVERIFY2(Contains(text, "c_frag[((wmma_r*16) + wmma_c)] = 7f"), text.c_str());
    QVERIFY2(Contains(text, "c_frag[((256 + (wmma_r*16)) + wmma_c)] = D["), text.c_str());
  }

  void fragmentsAreInferredAsTvmDoes() {
    Program p = MakeProgram({32, 8, 16, true, false, false});
    auto f = ir::InferFragments(p.body);
    QVERIFY2(f.ok(), f.ok() ? "" : f.error().message.c_str());
    QCOMPARE(f->size(), size_t{3});
    for (const auto& [var, info] : *f) {
      QCOMPARE(info.shape.str(), std::string("32, 8, 16"));
      QCOMPARE(info.tiles(), int64_t{2});
      if (info.name == "a_frag") QCOMPARE(info.layout, std::string("col_major"));
      if (info.name == "b_frag") QCOMPARE(info.layout, std::string("row_major"));
      if (info.name == "c_frag") QVERIFY(info.layout.empty());
    }
    auto decl = codegen::WmmaFragmentDeclaration(f->begin()->second, "x");
    QVERIFY(decl.ok());
  }

  // ---- the rules, as errors ----

  void unsupportedShapeIsRefusedWithItsIntrinsic() {
    std::string error =
        LoweringError(Replaced(GemmScript(), "\"tir.tvm_fill_fragment\", BC.data, n, n, n",
                               "\"tir.tvm_fill_fragment\", BC.data, 8, 8, 8"));
    QCOMPARE(
        error,
        std::string(
            "LowerWmmaBuiltins: intrinsic 'tensor_intrin' (tensorizing C.wmma.accumulator at loop "
            "i.c): tir.tvm_fill_fragment: fragment shape 8, 8, 8 is not supported (16, 16, 16; "
            "32, 8, 16; 8, 32, 16)"));
  }

  void inconsistentShapesAreRefused() {
    std::string error =
        LoweringError(Replaced(GemmScript(), "\"tir.tvm_fill_fragment\", BC.data, n, n, n",
                               "\"tir.tvm_fill_fragment\", BC.data, 32, 8, 16"));
    QVERIFY2(
        Contains(
            error,
            "intrinsic 'tensor_intrin' (tensorizing C at loop i.inner): tir.tvm_store_matrix_sync: "
            "fragment C.wmma.accumulator is used with shape 32, 8, 16 and 16, 16, 16"),
        error.c_str());
    // Same on the CUDA target (the calls stay, the check runs at lowering).
    QVERIFY2(
        Contains(LoweringError(Replaced(GemmScript(), "\"tir.tvm_fill_fragment\", BC.data, n, n, n",
                                        "\"tir.tvm_fill_fragment\", BC.data, 32, 8, 16"),
                               "cuda"),
                 "is used with shape 32, 8, 16 and 16, 16, 16"),
        "cuda");
  }

  void mismatchedLayoutsAreRefused() {
    Program p = MakeProgram({16, 16, 16, false, false, false});
    Var fa = Var::from(p.body.as<AllocateNode>()->buffer_var);
    Stmt twice = MakeAllocate(
        fa, DataType::Float(16), {I(512)}, make_bool(true),
        MakeSeq({Builtin("tir.tvm_load_matrix_sync", {fa, I(16), I(16), I(16), I(0),
                                                      Ptr(p.A, 256, 1), I(16), Str("row_major")}),
                 Builtin("tir.tvm_load_matrix_sync", {fa, I(16), I(16), I(16), I(1),
                                                      Ptr(p.A, 256, 1), I(16), Str("col_major")})}),
        "wmma.matrix_a");
    QCOMPARE(
        FragmentError(MakeAttr(std::string("wmma_load"), "tensor_intrin",
                               StringImm("A.frag at loop i"), twice)),
        std::string(
            "intrinsic 'wmma_load' (tensorizing A.frag at loop i): tir.tvm_load_matrix_sync: "
            "fragment a_frag "
            "is loaded row_major and col_major (a matrix_a / matrix_b fragment has one layout)"));
  }

  void operandsInTheWrongScopeAreRefused() {
    Program p = MakeProgram({16, 16, 16, false, false, false});
    // a and b swapped in the mma.
    std::string text;
    const auto* a = p.body.as<AllocateNode>();
    const auto* b = a->body.as<AllocateNode>();
    const auto* c = b->body.as<AllocateNode>();
    Expr fa = a->buffer_var, fb = b->buffer_var, fc = c->buffer_var;
    Stmt swapped =
        MakeSeq({c->body, Builtin("tir.tvm_mma_sync", {fc, I(0), fb, I(0), fa, I(0), fc, I(0)})});
    Stmt body = MakeAllocate(a->buffer_var, a->dtype, a->extents, a->condition,
                             MakeAllocate(b->buffer_var, b->dtype, b->extents, b->condition,
                                          MakeAllocate(c->buffer_var, c->dtype, c->extents,
                                                       c->condition, swapped, c->scope),
                                          b->scope),
                             a->scope);
    QCOMPARE(FragmentError(body),
             std::string(
                 "tir.tvm_mma_sync: a must be a wmma.matrix_a fragment; b_frag is wmma.matrix_b"));
    // Storing a matrix_a fragment.
    Stmt store = Builtin("tir.tvm_store_matrix_sync", {fa, I(16), I(16), I(16), I(0),
                                                       Ptr(p.E, 256, 2), I(16), Str("row_major")});
    QCOMPARE(FragmentError(
                 MakeAllocate(a->buffer_var, a->dtype, a->extents, a->condition, store, a->scope)),
             std::string("tir.tvm_store_matrix_sync: only a wmma.accumulator fragment can be "
                         "stored; a_frag is wmma.matrix_a"));
  }

  void aBufferThatIsNotAFragmentIsRefused() {
    Program p = MakeProgram({16, 16, 16, false, false, false});
    Var local("acc", DataType::Handle());
    Stmt fill = Builtin("tir.tvm_fill_fragment",
                        {local, I(16), I(16), I(16), I(0), FloatImm(DataType::Float(32), 0.0)});
    std::string error = FragmentError(
        MakeAllocate(local, DataType::Float(32), {I(256)}, make_bool(true), fill, "local"));
    QVERIFY2(Contains(error, "tir.tvm_fill_fragment: acc is not a wmma fragment"), error.c_str());
    QVERIFY2(Contains(FragmentError(Builtin("tir.tvm_mma_sync", {local, I(0)})),
                      "tir.tvm_mma_sync: takes 8 arguments"),
             "arity");
  }

  // A constant tile index past the fragment (two tiles here) would write past the buffer.
  void aTileIndexPastTheFragmentIsRefused() {
    Program p = MakeProgram({16, 16, 16, false, false, false});
    const auto* a = p.body.as<AllocateNode>();
    const auto* b = a->body.as<AllocateNode>();
    const auto* c = b->body.as<AllocateNode>();
    Stmt fill = Builtin("tir.tvm_fill_fragment", {c->buffer_var, I(16), I(16), I(16), I(2),
                                                  FloatImm(DataType::Float(32), 0.0)});
    QCOMPARE(FragmentError(
                 MakeAllocate(c->buffer_var, c->dtype, c->extents, c->condition, fill, c->scope)),
             std::string("tir.tvm_fill_fragment: tile 2 of fragment c_frag, which holds 2 tiles"));
    Stmt mma =
        MakeSeq({c->body, Builtin("tir.tvm_mma_sync", {c->buffer_var, I(0), a->buffer_var, I(3),
                                                       b->buffer_var, I(0), c->buffer_var, I(0)})});
    Stmt body = MakeAllocate(
        a->buffer_var, a->dtype, a->extents, a->condition,
        MakeAllocate(b->buffer_var, b->dtype, b->extents, b->condition,
                     MakeAllocate(c->buffer_var, c->dtype, c->extents, c->condition, mma, c->scope),
                     b->scope),
        a->scope);
    QCOMPARE(FragmentError(body),
             std::string("tir.tvm_mma_sync: tile 3 of fragment a_frag, which holds 2 tiles"));
  }

  // ---- CUDA ----

  void cudaPrintsFragmentsAndWmmaCalls() {
    auto source = ConvCudaSource();
    QVERIFY2(source.ok(), source.ok() ? "" : source.error().message.c_str());
    const std::string& s = *source;
    for (const char* want :
         {"#include <cuda_fp16.h>\n#include <mma.h>\n", "const half* __restrict__ A",
          "float* __restrict__ Conv",
          "nvcuda::wmma::fragment<nvcuda::wmma::accumulator, 16, 16, 16, float> "
          "Conv_wmma_accumulator[1];",
          "nvcuda::wmma::fragment<nvcuda::wmma::matrix_a, 16, 16, 16, half, "
          "nvcuda::wmma::row_major> "
          "Apad_shared_wmma_matrix_a[1];",
          "nvcuda::wmma::fill_fragment(Conv_wmma_accumulator[0], (float)0.0f)",
          "nvcuda::wmma::load_matrix_sync(Apad_shared_wmma_matrix_a[0], (Apad_shared + ",
          "nvcuda::wmma::mma_sync(Conv_wmma_accumulator[0], Apad_shared_wmma_matrix_a[0], "
          "W_shared_wmma_matrix_b[0], "
          "Conv_wmma_accumulator[0])",
          "nvcuda::wmma::store_matrix_sync((Conv + ", "16, nvcuda::wmma::mem_row_major)",
          "((half)0.0f)"})
      QVERIFY2(Contains(s, want), (std::string(want) + "\n---\n" + s).c_str());
    // Every lane of the warp runs the collective calls: no `threadIdx.x == 0` leader guard.
    QVERIFY2(!Contains(s, "(((int)threadIdx.x) == 0)"), s.c_str());
    // The shared copies are written, then a barrier, then the fragments load them.
    size_t write = s.find("Apad_shared[");
    size_t sync = s.find("__syncthreads();", write);
    size_t load = s.find("load_matrix_sync(Apad_shared_wmma_matrix_a");
    QVERIFY2(write < sync && sync < load, s.c_str());
    QVERIFY2(Contains(s.substr(0, write), "__syncthreads();"),
             "no barrier before the next kh step's copy");
  }

  void nvccCompilesTheTensorCoreKernel() {
    QString nvcc = QStandardPaths::findExecutable("nvcc");
    if (nvcc.isEmpty() && QFileInfo::exists("/usr/local/cuda/bin/nvcc"))
      nvcc = "/usr/local/cuda/bin/nvcc";
    if (nvcc.isEmpty())
      QSKIP("nvcc is not installed: the CUDA source is not compiled (the emulator still runs it)");
    auto source = ConvCudaSource();
    QVERIFY2(source.ok(), source.ok() ? "" : source.error().message.c_str());
    QTemporaryDir dir;
    QVERIFY(dir.isValid());
    std::string path = dir.filePath("conv_tc.cu").toStdString();
    std::ofstream(path) << *source;
    QProcess process;
    process.start(
        nvcc, {"-arch=sm_80", "-c", QString::fromStdString(path), "-o", dir.filePath("conv_tc.o")});
    QVERIFY(process.waitForFinished(120000));
    QVERIFY2(process.exitCode() == 0, process.readAllStandardError().constData());
  }

  // NVRTC (with the toolkit's headers) makes PTX with tensor-core instructions.
  void nvrtcEmitsWmmaPtx() {
    if (!codegen::NVRTCAvailable()) QSKIP(codegen::NVRTCVersion().c_str());
    auto source = ConvCudaSource();
    QVERIFY2(source.ok(), source.ok() ? "" : source.error().message.c_str());
    auto ptx = codegen::CompileToPTX(*source, "sm_80");
    QVERIFY2(ptx.ok(), ptx.ok() ? "" : ptx.error().message.c_str());
    for (const char* want : {"wmma.load.a.sync.aligned.row.m16n16k16",
                             "wmma.mma.sync.aligned.row.row.m16n16k16.f32.f32",
                             "wmma.store.d.sync.aligned.row.m16n16k16"})
      QVERIFY2(Contains(*ptx, want), want);
  }

  void emulatorRunsATensorizedGemmAgainstTheOracle() {
    std::string text = Replaced(GemmScript(), "print(tvm.lower(",
                                "s[C].bind(io, te.thread_axis(\"blockIdx.x\"))\n"
                                "s[C].bind(jo, te.thread_axis(\"threadIdx.y\"))\n"
                                "print(tvm.lower(");
    auto p = testing::LoadScript(text);
    QVERIFY2(p.ok(), p.ok() ? "" : p.error().format().c_str());
    auto lowered = transform::LowerSchedule(*p->schedule, p->Arguments(), "cuda");
    QVERIFY2(lowered.ok(), lowered.ok() ? "" : lowered.error().message.c_str());
    auto report = reference::CheckOnEmulator(*p->schedule, p->Arguments(), *lowered, {});
    if (!report && Contains(report.error().message, "C++ compiler"))
      QSKIP("no host C++ compiler for the emulator");
    QVERIFY2(report.ok(), report.ok() ? "" : report.error().message.c_str());
    QVERIFY2(report->ok(), (report->run_error + report->text).c_str());
    QVERIFY2(Contains(report->cuda_source, "nvcuda::wmma::mma_sync("), report->cuda_source.c_str());
  }

  // TVM's test_te_schedule_tensor_core.py (batch_conv): 4 warp row tiles of a batch of 2
  // tiles and 2 column tiles of 2 per warp. Tessera clips each warp's accumulator region
  // to the tensor (extent max(2 - threadIdx.y*2, 0)); the fragment is allocated at that
  // extent's bound under the thread ranges around it (2 tiles), not refused as symbolic.
  void clippedAccumulatorIsAllocatedAtItsBound() {
    std::string text =
        ReadFile(testing::SourceDir() + "/tests/tvm_programs/tensorize_conv_tensorcore.py");
    for (auto [from, to] : {std::pair{"batch_size = 16", "batch_size = 32"},
                            {"block_row_warps = 1", "block_row_warps = 2"},
                            {"warp_row_tiles = 1", "warp_row_tiles = 4"},
                            {"warp_col_tiles = 1", "warp_col_tiles = 2"}})
      text = Replaced(text, from, to);
    auto p = testing::LoadScript(text);
    QVERIFY2(p.ok(), p.ok() ? "" : p.error().format().c_str());
    auto lowered = transform::LowerSchedule(*p->schedule, p->Arguments(), "cuda");
    QVERIFY2(lowered.ok(), lowered.ok() ? "" : lowered.error().message.c_str());
    std::string ir = to_string(lowered->func.body);
    QVERIFY2(Contains(ir, "allocate Conv.wmma.accumulator[float32 * 1024]"), ir.c_str());
    auto report = reference::CheckOnEmulator(*p->schedule, p->Arguments(), *lowered, {});
    if (!report && Contains(report.error().message, "C++ compiler"))
      QSKIP("no host C++ compiler for the emulator");
    QVERIFY2(report.ok(), report.ok() ? "" : report.error().message.c_str());
    QVERIFY2(report->ok(), (report->run_error + report->text).c_str());
  }

  // Without tensorize the fragments are plain local arrays on the CPU, but the GPU can
  // only reach them through the builtins: refused, as TVM refuses it (the GEMM without
  // its tensorize calls).
  void cudaRefusesAFragmentUsedElementByElement() {
    std::string text = GemmScript();
    text = text.substr(0, text.find("s[AF].tensorize(")) +
           "s[C].bind(io, te.thread_axis(\"blockIdx.x\"))\ns[C].bind(jo, "
           "te.thread_axis(\"threadIdx.y\"))\n";
    QVERIFY2(LoweringError(text).empty(), LoweringError(text).c_str());
    auto p = testing::LoadScript(text);
    QVERIFY2(p.ok(), p.ok() ? "" : p.error().format().c_str());
    auto lowered = testing::LowerProgram(*p);
    QVERIFY2(lowered.ok(), lowered.ok() ? "" : lowered.error().message.c_str());
    auto source = codegen::EmitCUDASource(*lowered);
    QVERIFY(!source.ok());
    QVERIFY2(Contains(source.error().message,
                      "is read or written element by element; on the GPU a wmma fragment is "
                      "reachable only through the tensor-core builtins"),
             source.error().message.c_str());
  }
};

}  // namespace tst_wmma

QTEST_APPLESS_MAIN(tst_wmma::TestWmma)
#include "tst_wmma.moc"
