// The LLVM CPU backend on hand-built kernels: each is compiled with O3 for the host,
// run through the JIT and compared with the interpreter (or exact expectations):
// vector add, a 64x64x64 GEMM with an Allocate accumulator, floor division of
// negative integers, vectorized loops (real LLVM vector types), parallel loops on the
// thread pool, math intrinsics, masked/guarded and strided vector accesses, heap
// allocations, failing asserts and shape mismatches.
#include <QtTest>
#include <cmath>
#include <limits>

#include "CodegenTestSupport.h"
#include "ir/ExprOp.h"
#include "ir/Printer.h"
#include "runtime/LLVMModule.h"
#include "runtime/MachinePeak.h"
#include "transform/Pipeline.h"

namespace tst_llvm_codegen {

using namespace tessera;
using namespace tessera::ir;
using namespace tessera::testing;
using namespace tessera::transform;
using runtime::CompiledFunction;
using runtime::NDArray;

namespace {

CompiledFunction Build(const PrimFunc& f, codegen::LLVMOptions options = {}) {
  auto r = runtime::BuildLLVM(f, options);
  if (!r.ok()) qFatal("BuildLLVM failed: %s", r.error().message.c_str());
  return std::move(r).value();
}

// Compiles f and checks it against the interpreter on random inputs.
void CompileAndCompare(const PrimFunc& f, const std::vector<std::vector<int64_t>>& shapes,
                       const runtime::ScalarArgs& scalars = {}, double low = -4, double high = 4) {
  CompiledFunction fn = Build(f);
  ExpectMatchesInterpreter(
      f, [&](const std::vector<NDArray>& arrays) { return fn.Call(arrays, scalars); }, shapes,
      scalars, low, high);
}

PrimFunc VectorAdd(ForKind kind = ForKind::Serial) {
  Var n = SizeVar("n"), i("i");
  Buffer A = MakeBuffer("A", DataType::Float(32), {n});
  Buffer B = MakeBuffer("B", DataType::Float(32), {n});
  Buffer C = MakeBuffer("C", DataType::Float(32), {n});
  Stmt body = MakeFor(i, 0, n, kind,
                      MakeBufferStore(C, MakeBufferLoad(A, {i}) + MakeBufferLoad(B, {i}), {i}));
  return MakePrimFunc("vector_add", {A, B, C}, body);
}

// C[i, j] = sum_k A[i, k] * B[k, j] with a one-element accumulator allocation.
PrimFunc Gemm(int n, ForKind outer = ForKind::Serial, ForKind inner = ForKind::Serial) {
  Buffer A = MakeBuffer("A", DataType::Float(32), {n, n});
  Buffer B = MakeBuffer("B", DataType::Float(32), {n, n});
  Buffer C = MakeBuffer("C", DataType::Float(32), {n, n});
  Var i("i"), j("j"), k("k"), acc_var("acc", DataType::Handle());
  Buffer acc = LocalBuffer(acc_var, DataType::Float(32), 1);
  Stmt update = MakeBufferStore(
      acc,
      MakeBufferLoad(acc, {0}) + MakeBufferLoad(A, {i * n + k}) * MakeBufferLoad(B, {k * n + j}),
      {0});
  Stmt cell = MakeAllocate(
      acc_var, DataType::Float(32), {1}, Expr(),
      MakeSeq({MakeBufferStore(acc, F32(0.0), {0}), MakeFor(k, 0, n, ForKind::Serial, update),
               MakeBufferStore(C, MakeBufferLoad(acc, {0}), {i * n + j})}));
  Stmt body = MakeFor(i, 0, n, outer, MakeFor(j, 0, n, inner, cell));
  return MakePrimFunc("gemm", {A, B, C}, body);
}

PrimFunc Lowered(const PrimFunc& f) {
  auto r = Optimize(f);
  if (!r.ok()) qFatal("Optimize failed: %s", r.error().message.c_str());
  return r->func;
}

QString Message(const Status& s) {
  return s.ok() ? QString() : QString::fromStdString(s.error().message);
}

}  // namespace

class TestLLVMCodegen : public QObject {
  Q_OBJECT
 private slots:
  void initTestCase() {
    if (!codegen::LLVMAvailable())
      QSKIP("built without LLVM (TESSERA_LLVM=OFF): the CPU backend tests are skipped");
  }

  void vectorAdd() {
    PrimFunc f = VectorAdd();
    CompiledFunction fn = Build(f);
    for (int64_t n : {0, 1, 7, 1000}) {
      auto arrays = RandomArrays(f, {{n}, {n}, {n}}, 11);
      QVERIFY(fn.Call(arrays).ok());
      for (int64_t i = 0; i < n; ++i)
        QCOMPARE(arrays[2].GetDouble(i),
                 double(float(arrays[0].GetDouble(i)) + float(arrays[1].GetDouble(i))));
    }
    QVERIFY(fn.stats.total_ms() > 0.0);
    QVERIFY(fn.stats.codegen_ms > 0.0 && fn.stats.optimize_ms > 0.0 && fn.stats.jit_ms > 0.0);
    QVERIFY(QString::fromStdString(fn.llvm_ir)
                .contains(QRegularExpression("define .*i32 @vector_add\\(ptr noalias")));
  }

  void gemm64WithAllocatedAccumulator() {
    PrimFunc f = Gemm(64);
    CompileAndCompare(f, {{64, 64}, {64, 64}, {64, 64}});
  }

  void fpContractionFusesMultiplyAdd() {
    // With fp_contract the O3 code uses FMA instructions (AVX-512/AVX2/FMA3 hosts).
    PrimFunc f = Lowered(Gemm(32));
    codegen::LLVMOptions fused;
    fused.fp_contract = true;
    auto with = codegen::EmitLLVMIR(f, fused);
    auto without = codegen::EmitLLVMIR(f);
    QVERIFY(with.ok() && without.ok());
    QVERIFY(QString::fromStdString(*with).contains("contract"));
    QVERIFY(!QString::fromStdString(*without).contains("fmul contract"));
  }

  // s[C].pragma(x, "fp_contract") (resources/examples/gemm_fast.py): the multiply-adds
  // inside the annotated loop are fused although the backend's default keeps them
  // apart; code outside the loop is not affected, and the result stays within the
  // interpreter's tolerance.
  void fpContractPragmaFusesInsideItsLoop() {
    PrimFunc plain = Lowered(Gemm(32));
    PrimFunc annotated = plain;
    annotated.body = MakeAttr(std::string("i"), "pragma_fp_contract",
                              make_const(DataType::Int(32), int64_t{1}), plain.body);
    auto with = codegen::EmitLLVMIR(annotated);
    auto without = codegen::EmitLLVMIR(plain);
    QVERIFY(with.ok() && without.ok());
    QVERIFY2(QString::fromStdString(*with).contains("fmul contract"), with->c_str());
    QVERIFY(!QString::fromStdString(*without).contains("contract"));
    auto assembly = codegen::EmitAssembly(annotated);
    QVERIFY(assembly.ok());
    if (runtime::HostMachinePeak().fma)
      QVERIFY(QString::fromStdString(*assembly).contains("vfmadd"));
    CompileAndCompare(annotated, {{32, 32}, {32, 32}, {32, 32}});
  }

  void gemmWithParallelRows() {
    // Rows run on the thread pool; the accumulator is allocated per outlined iteration.
    PrimFunc f = Gemm(32, ForKind::Parallel, ForKind::Serial);
    CompileAndCompare(Lowered(f), {{32, 32}, {32, 32}, {32, 32}});
  }

  void floorDivisionOfNegativeIntegers_data() {
    QTest::addColumn<int>("lanes");
    QTest::newRow("scalar") << 1;
    QTest::newRow("vector x8") << 8;
  }
  void floorDivisionOfNegativeIntegers() {
    QFETCH(int, lanes);
    // Q = floordiv(A, B), R = floormod(A, B), T = truncdiv(A, B), M = truncmod(A, B),
    // P = floordiv(A, 4), S = floormod(A, 4).
    Buffer A = MakeBuffer("A", DataType::Int(32), {16});
    Buffer B = MakeBuffer("B", DataType::Int(32), {16});
    std::vector<Buffer> outs;
    for (const char* name : {"Q", "R", "T", "M", "P", "S"})
      outs.push_back(MakeBuffer(name, DataType::Int(32), {16}));
    Var i("i");
    Expr a = MakeBufferLoad(A, {i}), b = MakeBufferLoad(B, {i});
    Expr four = IntImm(DataType::Int(32), 4);
    std::vector<Expr> values = {
        MakeBinary(ExprKind::FloorDiv, a, b),    MakeBinary(ExprKind::FloorMod, a, b),
        MakeBinary(ExprKind::Div, a, b),         MakeBinary(ExprKind::Mod, a, b),
        MakeBinary(ExprKind::FloorDiv, a, four), MakeBinary(ExprKind::FloorMod, a, four)};
    std::vector<Stmt> stores;
    for (size_t k = 0; k < outs.size(); ++k)
      stores.push_back(MakeBufferStore(outs[k], values[k], {i}));
    std::vector<Buffer> params = {A, B};
    params.insert(params.end(), outs.begin(), outs.end());
    PrimFunc f = MakePrimFunc(
        "divmod", params,
        MakeFor(i, 0, 16, lanes > 1 ? ForKind::Vectorized : ForKind::Serial, MakeSeq(stores)));
    if (lanes > 1) f = Lowered(f);
    CompiledFunction fn = Build(f);
    std::vector<NDArray> arrays;
    for (size_t k = 0; k < params.size(); ++k)
      arrays.push_back(NDArray::Empty({16}, DataType::Int(32)).value());
    int av[16] = {-7, 7, -7, -8, 7, 0, -1, 1, -9, 9, -12, 13, -3, 3, -100, 100};
    int bv[16] = {2, -2, -2, 2, 2, 3, 4, -4, 4, -4, 5, -5, 7, -7, 9, -9};
    for (int k = 0; k < 16; ++k) {
      arrays[0].SetInt(k, av[k]);
      arrays[1].SetInt(k, bv[k]);
    }
    Status s = fn.Call(arrays);
    QVERIFY2(s.ok(), qPrintable(Message(s)));
    for (int k = 0; k < 16; ++k) {
      int64_t x = av[k], y = bv[k];
      int64_t q = x / y - ((x % y != 0) && ((x % y < 0) != (y < 0)) ? 1 : 0);
      QCOMPARE(arrays[2].GetInt(k), q);
      QCOMPARE(arrays[3].GetInt(k), x - q * y);
      QCOMPARE(arrays[4].GetInt(k), x / y);
      QCOMPARE(arrays[5].GetInt(k), x % y);
      int64_t q4 = x / 4 - ((x % 4 != 0) && (x % 4 < 0) ? 1 : 0);
      QCOMPARE(arrays[6].GetInt(k), q4);
      QCOMPARE(arrays[7].GetInt(k), x - q4 * 4);
    }
  }

  void vectorizedLoopUsesVectorTypes_data() {
    QTest::addColumn<int>("lanes");
    QTest::newRow("8 lanes") << 8;
    QTest::newRow("16 lanes") << 16;
  }
  void vectorizedLoopUsesVectorTypes() {
    QFETCH(int, lanes);
    Var o("o"), i("i");
    Buffer A = MakeBuffer("A", DataType::Float(32), {256});
    Buffer B = MakeBuffer("B", DataType::Float(32), {256});
    Expr idx = o * lanes + i;
    Stmt body =
        MakeFor(o, 0, 256 / lanes, ForKind::Serial,
                MakeFor(i, 0, lanes, ForKind::Vectorized,
                        MakeBufferStore(B, MakeBufferLoad(A, {idx}) * F32(3.0) + F32(1.0), {idx})));
    PrimFunc f = Lowered(MakePrimFunc("scale", {A, B}, body));
    QVERIFY(Text(f.body).contains("ramp("));
    QString vector_type = QString("<%1 x float>").arg(lanes);
    auto ir = codegen::EmitLLVMIR(f, {}, /*optimized=*/false);
    QVERIFY(ir.ok());
    QVERIFY2(QString::fromStdString(*ir).contains(vector_type),
             qPrintable(QString::fromStdString(*ir)));
    CompiledFunction fn = Build(f);
    QVERIFY(QString::fromStdString(fn.llvm_ir).contains(" x float>"));
    ExpectMatchesInterpreter(f, [&](const std::vector<NDArray>& a) { return fn.Call(a); },
                             {{256}, {256}});
  }

  void parallelLoopRunsOnThePool() {
    // B[i] = A[i] * 2 + float(i) * s with i parallel; s is a let outside the loop.
    Var n = SizeVar("n"), i("i"), s("s", DataType::Float(32));
    Buffer A = MakeBuffer("A", DataType::Float(32), {n});
    Buffer B = MakeBuffer("B", DataType::Float(32), {n});
    Stmt loop =
        MakeFor(i, 0, n, ForKind::Parallel,
                MakeBufferStore(
                    B, MakeBufferLoad(A, {i}) * F32(2.0) + cast(DataType::Float(32), i) * s, {i}));
    PrimFunc f = MakePrimFunc("par", {A, B}, MakeLetStmt(s, F32(0.5), loop));
    CompiledFunction fn = Build(f);
    QVERIFY(QString::fromStdString(fn.llvm_ir).contains("tessera_parallel_for"));
    // The outlined body keeps the knowledge that A and B do not alias.
    QVERIFY(QString::fromStdString(fn.llvm_ir).contains("!alias.scope"));
    QVERIFY(QString::fromStdString(fn.llvm_ir).contains("!noalias"));
    for (int64_t size : {0, 1, 3, 100000})
      ExpectMatchesInterpreter(f, [&](const std::vector<NDArray>& a) { return fn.Call(a); },
                               {{size}, {size}});
  }

  void nestedParallelLoopWithInnerAllocation() {
    // for o parallel: allocate T[8]; for i: T[i] = A[o*8+i]; for i: B[o*8+i] = T[7-i]
    Var o("o"), i("i"), t("T", DataType::Handle());
    Buffer A = MakeBuffer("A", DataType::Float(32), {64});
    Buffer B = MakeBuffer("B", DataType::Float(32), {64});
    Buffer T = LocalBuffer(t, DataType::Float(32), 8);
    Stmt body = MakeAllocate(
        t, DataType::Float(32), {8}, Expr(),
        MakeSeq({MakeFor(i, 0, 8, ForKind::Serial,
                         MakeBufferStore(T, MakeBufferLoad(A, {o * 8 + i}), {i})),
                 MakeFor(i, 0, 8, ForKind::Parallel,
                         MakeBufferStore(B, MakeBufferLoad(T, {7 - i}), {o * 8 + i}))}));
    CompileAndCompare(MakePrimFunc("rev", {A, B}, MakeFor(o, 0, 8, ForKind::Parallel, body)),
                      {{64}, {64}});
  }

  void failingAssertReturnsItsMessage() {
    Var n = SizeVar("n"), i("i");
    Buffer A = MakeBuffer("A", DataType::Float(32), {n});
    Stmt body = MakeAssert(gt(n, 5), "n must be greater than 5",
                           MakeFor(i, 0, n, ForKind::Serial, MakeBufferStore(A, F32(1.0), {i})));
    CompiledFunction fn = Build(MakePrimFunc("guarded", {A}, body));
    auto small = NDArray::Empty({3}, DataType::Float(32)).value();
    QCOMPARE(Message(fn.Call({small})), QString("n must be greater than 5"));
    auto big = NDArray::Empty({6}, DataType::Float(32)).value();
    QVERIFY(fn.Call({big}).ok());
    QCOMPARE(big.GetDouble(5), 1.0);
  }

  void failingAssertInsideParallelLoopAndHeapAllocation() {
    // A heap allocation is live when the assert in the parallel body fails: the message
    // reaches the caller and the memory is freed (ASan build checks the latter).
    Var i("i"), t("T", DataType::Handle());
    Buffer A = MakeBuffer("A", DataType::Int(32), {100});
    Buffer T = LocalBuffer(t, DataType::Int(32), 100000);
    Stmt body = MakeAllocate(t, DataType::Int(32), {100000}, Expr(),
                             MakeFor(i, 0, 100, ForKind::Parallel,
                                     MakeAssert(lt(MakeBufferLoad(A, {i}), 50), "element too large",
                                                MakeBufferStore(T, MakeBufferLoad(A, {i}), {i}))));
    CompiledFunction fn = Build(MakePrimFunc("check", {A}, body));
    auto a = NDArray::Empty({100}, DataType::Int(32)).value();
    QVERIFY(fn.Call({a}).ok());
    a.SetInt(77, 99);
    QCOMPARE(Message(fn.Call({a})), QString("element too large"));
  }

  void shapeMismatchIsAnError() {
    CompiledFunction fn = Build(VectorAdd());
    auto a = NDArray::Empty({4}, DataType::Float(32)).value();
    auto b = NDArray::Empty({5}, DataType::Float(32)).value();
    auto c = NDArray::Empty({4}, DataType::Float(32)).value();
    QCOMPARE(Message(fn.Call({a, b, c})),
             QString("buffer B: dimension 0 has extent 5 but the function expects n = 4"));
    auto wrong_type = NDArray::Empty({4}, DataType::Float(64)).value();
    QVERIFY(Message(fn.Call({a, a, wrong_type}))
                .contains("buffer C: expected element type float32, got float64"));
  }

  void mathIntrinsics_data() {
    QTest::addColumn<QString>("op");
    QTest::addColumn<int>("lanes");
    for (const char* op : {"exp", "log", "sqrt", "tanh", "sigmoid", "fabs", "pow", "floor", "ceil",
                           "round", "erf"}) {
      QTest::newRow(qPrintable(QString("%1 scalar").arg(op))) << QString(op) << 1;
      QTest::newRow(qPrintable(QString("%1 x8").arg(op))) << QString(op) << 8;
    }
  }
  void mathIntrinsics() {
    QFETCH(QString, op);
    QFETCH(int, lanes);
    Buffer A = MakeBuffer("A", DataType::Float(32), {64});
    Buffer B = MakeBuffer("B", DataType::Float(32), {64});
    Var i("i");
    Expr x = MakeBufferLoad(A, {i});
    bool positive_only = op == "log" || op == "sqrt" || op == "pow";
    std::vector<Expr> args = {x};
    if (op == "pow") args.push_back(F32(1.5));
    Expr call = MakeCall(DataType::Float(32), op.toStdString(), args);
    Stmt body = MakeFor(i, 0, 64, lanes > 1 ? ForKind::Vectorized : ForKind::Serial,
                        MakeBufferStore(B, call, {i}));
    PrimFunc f = Lowered(MakePrimFunc("math", {A, B}, body));
    CompileAndCompare(f, {{64}, {64}}, {}, positive_only ? 0.01 : -4, 4);
  }

  // float32 exp is inline code (no expf call, so loops with exp vectorize): within 3 ulp
  // of the exact value over the whole range, 0 below the denormals, inf above FLT_MAX,
  // NaN stays NaN; scalar and 16-lane vector code agree.
  void expFloat32IsInlineAndAccurate_data() {
    QTest::addColumn<int>("lanes");
    QTest::newRow("scalar") << 1;
    QTest::newRow("x16") << 16;
  }
  void expFloat32IsInlineAndAccurate() {
    QFETCH(int, lanes);
    const std::vector<float> inputs = {-200.0f,
                                       -104.5f,
                                       -103.0f,
                                       -87.5f,
                                       -20.25f,
                                       -1.0f,
                                       -1e-7f,
                                       0.0f,
                                       1e-7f,
                                       0.5f,
                                       0.6931472f,
                                       1.0f,
                                       10.0f,
                                       42.42f,
                                       88.5f,
                                       88.72f,
                                       88.8f,
                                       100.0f,
                                       std::numeric_limits<float>::infinity(),
                                       -std::numeric_limits<float>::infinity(),
                                       std::numeric_limits<float>::quiet_NaN(),
                                       3.0f,
                                       -3.0f,
                                       7.75f,
                                       -50.0f,
                                       60.0f,
                                       -60.0f,
                                       0.125f,
                                       -0.34f,
                                       0.34f,
                                       2.0f,
                                       -2.0f};
    const int64_t n = static_cast<int64_t>(inputs.size());
    Buffer A = MakeBuffer("A", DataType::Float(32), {n});
    Buffer B = MakeBuffer("B", DataType::Float(32), {n});
    Var i("i");
    Expr call = MakeCall(DataType::Float(32), "exp", {MakeBufferLoad(A, {i})});
    Stmt body = MakeFor(i, 0, n, lanes > 1 ? ForKind::Vectorized : ForKind::Serial,
                        MakeBufferStore(B, call, {i}));
    PrimFunc f = Lowered(MakePrimFunc("exp32", {A, B}, body));
    auto ir = codegen::EmitLLVMIR(f);
    QVERIFY(ir.ok());
    QVERIFY2(!QString::fromStdString(*ir).contains("expf"), "exp(float32) calls libm");
    CompiledFunction fn = Build(f);
    NDArray a = NDArray::Empty({n}, DataType::Float(32)).value(),
            b = NDArray::Empty({n}, DataType::Float(32)).value();
    std::copy(inputs.begin(), inputs.end(), a.data_as<float>());
    QVERIFY(fn.Call({a, b}).ok());
    for (int64_t k = 0; k < n; ++k) {
      float got = b.data_as<float>()[k];
      float want = static_cast<float>(std::exp(static_cast<double>(inputs[k])));
      QString where = QString("exp(%1) = %2, expected %3").arg(inputs[k]).arg(got).arg(want);
      if (std::isnan(want)) {
        QVERIFY2(std::isnan(got), qPrintable(where));
      } else if (std::isinf(want) || want == 0.0f) {
        QVERIFY2(got == want, qPrintable(where));
      } else if (want < std::numeric_limits<float>::min()) {
        QVERIFY2(std::fabs(got - want) <= 4 * std::numeric_limits<float>::denorm_min(),
                 qPrintable(where));
      } else {
        QVERIFY2(std::fabs(got - want) <= 3 * std::numeric_limits<float>::epsilon() * want,
                 qPrintable(where));
      }
    }
  }

  void integerAndFloatTypes_data() {
    QTest::addColumn<QString>("dtype");
    for (const char* t : {"int8", "int16", "int64", "uint8", "uint32", "float16", "float64"})
      QTest::newRow(t) << QString(t);
  }
  void integerAndFloatTypes() {
    QFETCH(QString, dtype);
    DataType t = *DataType::parse(dtype.toStdString());
    Buffer A = MakeBuffer("A", t, {32});
    Buffer B = MakeBuffer("B", t, {32});
    Var i("i");
    Expr a = MakeBufferLoad(A, {i});
    Expr three = t.is_float() ? FloatImm(t, 3.0) : IntImm(t, 3);
    // B = max(a*3 - a, a) + cast(t, i), in t's arithmetic (wrapping for integers)
    Expr v = MakeBinary(ExprKind::Max,
                        MakeBinary(ExprKind::Sub, MakeBinary(ExprKind::Mul, a, three), a), a);
    Stmt body = MakeFor(i, 0, 32, ForKind::Vectorized,
                        MakeBufferStore(B, MakeBinary(ExprKind::Add, v, cast(t, i)), {i}));
    CompileAndCompare(Lowered(MakePrimFunc("types", {A, B}, body)), {{32}, {32}}, {},
                      t.is_uint() ? 0 : -100, 100);
  }

  void guardedVectorLoadNeverReadsOutOfBounds() {
    // Padding (RFC 0077): B[ramp(0,1,8)] = if_then_else(ramp < 5, A[ramp], -1) with A
    // holding only 5 elements; the masked load must not touch A[5..7].
    Buffer A = MakeBuffer("A", DataType::Float(32), {5});
    Buffer B = MakeBuffer("B", DataType::Float(32), {8});
    Expr ramp = MakeRamp(0, 1, 8);
    Expr guarded = MakeCall(DataType::Float(32, 8), "if_then_else",
                            {MakeBinary(ExprKind::LT, ramp, MakeBroadcast(5, 8)),
                             MakeBufferLoad(A, {ramp}), MakeBroadcast(F32(-1.0), 8)});
    PrimFunc f = MakePrimFunc("pad", {A, B}, MakeBufferStore(B, guarded, {ramp}));
    CompiledFunction fn = Build(f);
    QVERIFY(QString::fromStdString(fn.llvm_ir).contains("masked.load") ||
            QString::fromStdString(fn.llvm_ir).contains("masked"));
    CompileAndCompare(f, {{5}, {8}});
  }

  // A vector load with a constant stride of 2 to 4 (pooling's x * 2 + rx) is two
  // overlapping plain loads of the elements from the first read to the last and a
  // shuffle; a larger stride, a non-constant one and every strided store stay a gather /
  // scatter.
  void stridedVectorAccess_data() {
    QTest::addColumn<QString>("dtype");
    QTest::addColumn<int>("stride");
    QTest::addColumn<bool>("wide");
    for (const char* t : {"float32", "float64", "int32", "int64"})
      for (int s : {2, 3, 4, 5})
        QTest::newRow(qPrintable(QString("%1 x%2").arg(t).arg(s))) << QString(t) << s << (s <= 4);
    // 8- and 16-bit elements keep the gather (their masked loads need AVX-512BW).
    QTest::newRow("int8 x2") << QString("int8") << 2 << false;
  }
  void stridedVectorAccess() {
    QFETCH(QString, dtype);
    QFETCH(int, stride);
    QFETCH(bool, wide);
    const DataType t = *DataType::parse(dtype.toStdString());
    const int lanes = 8;
    Buffer A = MakeBuffer("A", t, {(lanes - 1) * stride + 4});
    Buffer B = MakeBuffer("B", t, {2 * lanes});
    Var i("i");
    Stmt body = MakeFor(i, 0, lanes, ForKind::Vectorized,
                        MakeBufferStore(B, MakeBufferLoad(A, {i * stride + 3}), {i * 2}));
    PrimFunc f = Lowered(MakePrimFunc("strided", {A, B}, body));
    auto ir = codegen::EmitLLVMIR(f, {}, false);
    QVERIFY(ir.ok());
    const QString text = QString::fromStdString(*ir);
    QCOMPARE(text.contains("llvm.masked.gather"), !wide);
    QVERIFY(!text.contains("llvm.masked.load"));
    QVERIFY(text.contains("llvm.masked.scatter"));
    CompileAndCompare(f, {{(lanes - 1) * stride + 4}, {2 * lanes}}, {}, -100, 100);
  }

  // The strided load's plain loads stay within the elements it reads: [0, p) and
  // [last + 1 - p, last] for the largest power of two p <= last + 1 (a masked load of the
  // whole span costs more on x86: stride 2 of 8 lanes was a masked load of 16 elements).
  // A holds exactly the elements read (a load past them would read past its end).
  void stridedLoadReadsTwoOverlappingVectors_data() {
    QTest::addColumn<int>("lanes");
    QTest::addColumn<int>("stride");
    // p, the width of each plain load, and where the second one starts (0: none).
    QTest::addColumn<int>("width");
    QTest::addColumn<int>("second");
    QTest::newRow("8 lanes x2, elements 0..14") << 8 << 2 << 8 << 7;
    QTest::newRow("4 lanes x3, 0..9") << 4 << 3 << 8 << 2;
    QTest::newRow("28 lanes x2, 0..54") << 28 << 2 << 32 << 23;
    QTest::newRow("2 lanes x3, 0..3: one load") << 2 << 3 << 4 << 0;
  }
  void stridedLoadReadsTwoOverlappingVectors() {
    QFETCH(int, lanes);
    QFETCH(int, stride);
    QFETCH(int, width);
    QFETCH(int, second);
    const int last = (lanes - 1) * stride;
    Buffer A = MakeBuffer("A", DataType::Float(32), {last + 1});
    Buffer B = MakeBuffer("B", DataType::Float(32), {lanes});
    // The vectors themselves, not a vectorized loop: the loop of 28 lanes would run as
    // pieces of 16, 8 and 4 (VectorizeLoops).
    Stmt body = MakeBufferStore(B, MakeBufferLoad(A, {MakeRamp(0, stride, lanes)}),
                                {MakeRamp(0, 1, lanes)});
    PrimFunc f = Lowered(MakePrimFunc("strided", {A, B}, body));
    auto ir = codegen::EmitLLVMIR(f, {}, false);
    QVERIFY(ir.ok());
    const std::string text = *ir;
    QVERIFY2(text.find("llvm.masked") == std::string::npos, text.c_str());
    const std::string vector = "load <" + std::to_string(width) + " x float>";
    size_t loads = 0;
    for (size_t at = text.find(vector); at != std::string::npos; at = text.find(vector, at + 1))
      ++loads;
    QVERIFY2(loads == (second == 0 ? 1u : 2u), text.c_str());
    if (second > 0)
      QVERIFY2(text.find("i64 " + std::to_string(second)) != std::string::npos, text.c_str());
    CompileAndCompare(f, {{last + 1}, {lanes}}, {}, -100, 100);
  }

  // Inside a vector if_then_else the strided load reads only the lanes taken: A holds
  // the 5 elements lanes 0..4 read (stride 2: A[0], A[2], ..., A[8]); lanes 5..7 read
  // past its end unless masked.
  void guardedStridedLoadNeverReadsOutOfBounds() {
    Buffer A = MakeBuffer("A", DataType::Float(32), {9});
    Buffer B = MakeBuffer("B", DataType::Float(32), {8});
    Expr lane = MakeRamp(0, 1, 8);
    Expr guarded = MakeCall(DataType::Float(32, 8), "if_then_else",
                            {MakeBinary(ExprKind::LT, lane, MakeBroadcast(5, 8)),
                             MakeBufferLoad(A, {MakeRamp(0, 2, 8)}), MakeBroadcast(F32(-1.0), 8)});
    PrimFunc f = MakePrimFunc("pad", {A, B}, MakeBufferStore(B, guarded, {lane}));
    CompiledFunction fn = Build(f);
    QVERIFY(QString::fromStdString(fn.llvm_ir).contains("masked.load"));
    QVERIFY(!QString::fromStdString(fn.llvm_ir).contains("masked.gather"));
    CompileAndCompare(f, {{9}, {8}});
  }

  void largeAllocationGoesToTheHeap() {
    Var i("i"), t("T", DataType::Handle()), n = SizeVar("n");
    Buffer A = MakeBuffer("A", DataType::Float(64), {n});
    Buffer S = MakeBuffer("S", DataType::Float(64), {1});
    Buffer T = LocalBuffer(t, DataType::Float(64), n);
    Stmt body = MakeAllocate(
        t, DataType::Float(64), {n}, Expr(),
        MakeSeq({MakeFor(i, 0, n, ForKind::Serial, MakeBufferStore(T, MakeBufferLoad(A, {i}), {i})),
                 MakeBufferStore(S, FloatImm(DataType::Float(64), 0.0), {0}),
                 MakeFor(i, 0, n, ForKind::Serial,
                         MakeBufferStore(S, MakeBufferLoad(S, {0}) + MakeBufferLoad(T, {n - 1 - i}),
                                         {0}))}));
    PrimFunc f = MakePrimFunc("heap", {A, S}, body);
    CompiledFunction fn = Build(f);
    QVERIFY(QString::fromStdString(fn.llvm_ir).contains("tessera_alloc"));
    ExpectMatchesInterpreter(f, [&](const std::vector<NDArray>& a) { return fn.Call(a); },
                             {{50000}, {1}});
  }

  void boolBuffers() {
    Buffer A = MakeBuffer("A", DataType::Int(32), {16});
    Buffer M = MakeBuffer("M", DataType::Bool(), {16});
    Buffer B = MakeBuffer("B", DataType::Int(32), {16});
    Var i("i");
    Stmt body = MakeSeq(
        {MakeFor(i, 0, 16, ForKind::Serial, MakeBufferStore(M, gt(MakeBufferLoad(A, {i}), 0), {i})),
         MakeFor(i, 0, 16, ForKind::Vectorized,
                 MakeBufferStore(B,
                                 MakeSelect(MakeBufferLoad(M, {i}), MakeBufferLoad(A, {i}),
                                            IntImm(DataType::Int(32), -1)),
                                 {i}))});
    CompileAndCompare(Lowered(MakePrimFunc("masks", {A, M, B}, body)), {{16}, {16}, {16}});
  }

  void assemblyAndIRExport() {
    PrimFunc f = VectorAdd();
    auto asm_text = codegen::EmitAssembly(f);
    QVERIFY2(asm_text.ok(), asm_text.ok() ? "" : asm_text.error().message.c_str());
    QVERIFY(QString::fromStdString(*asm_text).contains("vector_add:"));
    auto ir = codegen::EmitLLVMIR(f);
    QVERIFY(ir.ok());
    QVERIFY(QString::fromStdString(*ir).contains(
        QRegularExpression("define .*i32 @vector_add_packed\\(ptr")));
    QVERIFY(!codegen::LLVMTargetDescription().empty());
  }

  void badProgramsAreErrors_data() {
    QTest::addColumn<int>("which");
    QTest::addColumn<QString>("message");
    QTest::newRow("undefined variable") << 0 << "uses variable 'q'";
    QTest::newRow("producer node") << 1 << "cannot compile";
    QTest::newRow("unknown intrinsic") << 2 << "unsupported intrinsic 'frobnicate'";
    QTest::newRow("thread binding") << 3 << "bound to a GPU thread";
  }
  void badProgramsAreErrors() {
    QFETCH(int, which);
    QFETCH(QString, message);
    Buffer A = MakeBuffer("A", DataType::Float(32), {4});
    Var i("i");
    Stmt body;
    switch (which) {
      case 0:
        body = MakeBufferStore(A, F32(0.0), {Var("q")});
        break;
      case 1:
        body = MakeProducerStore(nullptr, F32(0.0), {0});
        break;
      case 2:
        body = MakeBufferStore(A, MakeCall(DataType::Float(32), "frobnicate", {F32(1.0)}), {0});
        break;
      case 3:
        body = MakeFor(i, 0, 4, ForKind::ThreadBinding, MakeBufferStore(A, F32(0.0), {i}));
        break;
    }
    auto r = runtime::BuildLLVM(MakePrimFunc("bad", {A}, body));
    QVERIFY(!r.ok());
    QVERIFY2(QString::fromStdString(r.error().message).contains(message),
             r.error().message.c_str());
  }

 private:
  static QString Text(const Stmt& s);
};

QString TestLLVMCodegen::Text(const Stmt& s) { return QString::fromStdString(ir::to_string(s)); }

}  // namespace tst_llvm_codegen

QTEST_APPLESS_MAIN(tst_llvm_codegen::TestLLVMCodegen)
#include "tst_llvm_codegen.moc"
