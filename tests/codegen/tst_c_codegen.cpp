// The C backend: kernels are printed as C, compiled by the system C compiler into a
// shared library, loaded with dlopen and run through their packed entry point; the
// results must match the interpreter's. Also checks the printed form (restrict
// pointers, lane loops for vectors, OpenMP pragma on parallel loops, error messages).
#include <dlfcn.h>

#include <QProcess>
#include <QStandardPaths>
#include <QTemporaryDir>
#include <QtTest>

#include "CodegenTestSupport.h"
#include "codegen/CodeGenC.h"
#include "runtime/ArgBinder.h"
#include "transform/Pipeline.h"

namespace tst_c_codegen {

using namespace tessera;
using namespace tessera::ir;
using namespace tessera::testing;
using namespace tessera::transform;
using runtime::NDArray;

using Packed = int32_t (*)(const uint64_t*);
using LastError = const char* (*)();

// A kernel compiled from its C source and loaded.
struct LoadedKernel {
  void* handle = nullptr;
  Packed entry = nullptr;
  LastError last_error = nullptr;
  QString source;
  ~LoadedKernel() {
    if (handle) dlclose(handle);
  }
};

QString Compiler() {
  for (const char* name : {"cc", "gcc", "clang"}) {
    QString path = QStandardPaths::findExecutable(name);
    if (!path.isEmpty()) return path;
  }
  return QString();
}

PrimFunc Lowered(const PrimFunc& f) {
  auto r = Optimize(f);
  if (!r.ok()) qFatal("Optimize failed: %s", r.error().message.c_str());
  return r->func;
}

class TestCCodegen : public QObject {
  Q_OBJECT
 private:
  QTemporaryDir dir_;
  int counter_ = 0;

  // Prints, compiles (warnings are errors), loads.
  bool Load(const PrimFunc& f, LoadedKernel* k) {
    auto source = codegen::CodeGenC(f);
    if (!source.ok()) {
      qWarning("CodeGenC: %s", source.error().message.c_str());
      return false;
    }
    k->source = QString::fromStdString(*source);
    QString base = dir_.filePath(QString("k%1").arg(counter_++));
    QFile file(base + ".c");
    if (!file.open(QIODevice::WriteOnly)) return false;
    file.write(source->data(), static_cast<qint64>(source->size()));
    file.close();
    QProcess cc;
    cc.start(Compiler(), {"-std=gnu11", "-O2", "-fwrapv", "-Wall", "-Wno-unknown-pragmas",
                          "-Werror", "-shared", "-fPIC", "-o", base + ".so", base + ".c", "-lm"});
    if (!cc.waitForFinished(60000) || cc.exitCode() != 0) {
      qWarning("C compiler failed:\n%s\n--- source ---\n%s", cc.readAllStandardError().constData(),
               qPrintable(k->source));
      return false;
    }
    k->handle = dlopen(qPrintable(base + ".so"), RTLD_NOW | RTLD_LOCAL);
    if (!k->handle) return false;
    k->entry = reinterpret_cast<Packed>(dlsym(k->handle, (f.name + "_packed").c_str()));
    k->last_error = reinterpret_cast<LastError>(dlsym(k->handle, (f.name + "_last_error").c_str()));
    return k->entry && k->last_error;
  }

  static Status Call(const LoadedKernel& k, const PrimFunc& f, const std::vector<NDArray>& arrays,
                     const runtime::ScalarArgs& scalars = {}) {
    auto bound = runtime::BindArguments(f, arrays, scalars);
    if (!bound.ok()) return bound.error();
    if (k.entry(bound->packed.data()) != 0) return Error(k.last_error());
    return Status::Ok();
  }

  void CompileAndCompare(const PrimFunc& f, const std::vector<std::vector<int64_t>>& shapes,
                         const runtime::ScalarArgs& scalars = {}, double low = -4,
                         double high = 4) {
    LoadedKernel k;
    QVERIFY(Load(f, &k));
    ExpectMatchesInterpreter(
        f, [&](const std::vector<NDArray>& a) { return Call(k, f, a, scalars); }, shapes, scalars,
        low, high);
  }

 private slots:
  void initTestCase() {
    if (Compiler().isEmpty())
      QSKIP("no C compiler (cc, gcc or clang) on PATH: the C backend tests are skipped");
    QVERIFY(dir_.isValid());
  }

  void vectorAdd() {
    Var n = SizeVar("n"), i("i");
    Buffer A = MakeBuffer("A", DataType::Float(32), {n});
    Buffer B = MakeBuffer("B", DataType::Float(32), {n});
    PrimFunc f = MakePrimFunc("vadd", {A, B},
                              MakeFor(i, 0, n, ForKind::Serial,
                                      MakeBufferStore(B, MakeBufferLoad(A, {i}) + F32(0.5), {i})));
    LoadedKernel k;
    QVERIFY(Load(f, &k));
    QVERIFY2(k.source.contains("int32_t vadd(float* restrict A, float* restrict B, int32_t n)"),
             qPrintable(k.source));
    for (int64_t n_value : {0, 5, 1000})
      ExpectMatchesInterpreter(f, [&](const std::vector<NDArray>& a) { return Call(k, f, a); },
                               {{n_value}, {n_value}});
  }

  void gemmWithAllocatedAccumulator() {
    const int n = 16;
    Buffer A = MakeBuffer("A", DataType::Float(32), {n, n});
    Buffer B = MakeBuffer("B", DataType::Float(32), {n, n});
    Buffer C = MakeBuffer("C", DataType::Float(32), {n, n});
    Var i("i"), j("j"), k("k"), acc_var("acc", DataType::Handle());
    Buffer acc = LocalBuffer(acc_var, DataType::Float(32), 1);
    Stmt cell = MakeAllocate(
        acc_var, DataType::Float(32), {1}, Expr(),
        MakeSeq(
            {MakeBufferStore(acc, F32(0.0), {0}),
             MakeFor(k, 0, n, ForKind::Serial,
                     MakeBufferStore(acc,
                                     MakeBufferLoad(acc, {0}) + MakeBufferLoad(A, {i * n + k}) *
                                                                    MakeBufferLoad(B, {k * n + j}),
                                     {0})),
             MakeBufferStore(C, MakeBufferLoad(acc, {0}), {i * n + j})}));
    PrimFunc f =
        MakePrimFunc("gemm", {A, B, C},
                     MakeFor(i, 0, n, ForKind::Parallel, MakeFor(j, 0, n, ForKind::Serial, cell)));
    LoadedKernel kernel;
    QVERIFY(Load(f, &kernel));
    QVERIFY(kernel.source.contains("#pragma omp parallel for"));
    QVERIFY(kernel.source.contains("float acc[1] __attribute__((aligned(64)));"));
    ExpectMatchesInterpreter(f, [&](const std::vector<NDArray>& a) { return Call(kernel, f, a); },
                             {{n, n}, {n, n}, {n, n}});
  }

  void floorDivisionOfNegatives_data() {
    QTest::addColumn<bool>("vectorized");
    QTest::newRow("scalar") << false;
    QTest::newRow("vectorized") << true;
  }
  void floorDivisionOfNegatives() {
    QFETCH(bool, vectorized);
    Buffer A = MakeBuffer("A", DataType::Int(32), {16});
    Buffer B = MakeBuffer("B", DataType::Int(32), {16});
    Buffer Q = MakeBuffer("Q", DataType::Int(32), {16});
    Buffer R = MakeBuffer("R", DataType::Int(32), {16});
    Var i("i");
    Expr a = MakeBufferLoad(A, {i}), b = MakeBufferLoad(B, {i});
    // B may hold 0: divide by (b == 0 ? 3 : b).
    Expr d = MakeSelect(eq(b, 0), IntImm(DataType::Int(32), 3), b);
    Stmt body = MakeFor(i, 0, 16, vectorized ? ForKind::Vectorized : ForKind::Serial,
                        MakeSeq({MakeBufferStore(Q, MakeBinary(ExprKind::FloorDiv, a, d), {i}),
                                 MakeBufferStore(R, MakeBinary(ExprKind::FloorMod, a, d), {i})}));
    PrimFunc f = MakePrimFunc("divmod", {A, B, Q, R}, body);
    if (vectorized) f = Lowered(f);
    CompileAndCompare(f, {{16}, {16}, {16}, {16}}, {}, -20, 20);
  }

  void vectorStatementsBecomeLaneLoops() {
    Var o("o"), i("i"), t("t", DataType::Float(32));
    Buffer A = MakeBuffer("A", DataType::Float(32), {64});
    Buffer B = MakeBuffer("B", DataType::Float(32), {64});
    Expr idx = o * 8 + i;
    Stmt body = MakeFor(
        o, 0, 8, ForKind::Serial,
        MakeFor(i, 0, 8, ForKind::Vectorized,
                MakeLetStmt(t, MakeCall(DataType::Float(32), "tanh", {MakeBufferLoad(A, {idx})}),
                            MakeBufferStore(B, t * F32(2.0) - F32(1.0), {idx}))));
    PrimFunc f = Lowered(MakePrimFunc("lanes", {A, B}, body));
    LoadedKernel k;
    QVERIFY(Load(f, &k));
    QVERIFY2(k.source.contains("for (int32_t tsr_lane = 0; tsr_lane < 8; ++tsr_lane)"),
             qPrintable(k.source));
    QVERIFY2(k.source.contains("float t[8];"), qPrintable(k.source));
    ExpectMatchesInterpreter(f, [&](const std::vector<NDArray>& a) { return Call(k, f, a); },
                             {{64}, {64}});
  }

  void failingAssertSetsTheMessage() {
    Var n = SizeVar("n"), i("i"), big("big", DataType::Handle());
    Buffer A = MakeBuffer("A", DataType::Float(32), {n});
    Buffer T = LocalBuffer(big, DataType::Float(32), n);
    Stmt body = MakeAllocate(
        big, DataType::Float(32), {n}, Expr(),
        MakeAssert(gt(n, 5), "n must be \"greater\" than 5",
                   MakeFor(i, 0, n, ForKind::Serial, MakeBufferStore(A, F32(1.0), {i}))));
    PrimFunc f = MakePrimFunc("guarded", {A}, MakeSeq({body, MakeEvaluate(0)}));
    LoadedKernel k;
    QVERIFY(Load(f, &k));
    QVERIFY(k.source.contains("free(big);"));
    auto small = NDArray::Empty({3}, DataType::Float(32)).value();
    Status s = Call(k, f, {small});
    QVERIFY(!s.ok());
    QCOMPARE(QString::fromStdString(s.error().message), QString("n must be \"greater\" than 5"));
    auto ok = NDArray::Empty({8}, DataType::Float(32)).value();
    QVERIFY(Call(k, f, {ok}).ok());
  }

  void guardedVectorLoadAndStridedAccess() {
    Buffer A = MakeBuffer("A", DataType::Float(32), {5});
    Buffer B = MakeBuffer("B", DataType::Float(32), {16});
    Expr ramp = MakeRamp(0, 1, 8);
    Expr guarded = MakeCall(DataType::Float(32, 8), "if_then_else",
                            {MakeBinary(ExprKind::LT, ramp, MakeBroadcast(5, 8)),
                             MakeBufferLoad(A, {ramp}), MakeBroadcast(F32(-1.0), 8)});
    PrimFunc f = MakePrimFunc("pad", {A, B}, MakeBufferStore(B, guarded, {MakeRamp(0, 2, 8)}));
    CompileAndCompare(f, {{5}, {16}});
  }

  void mathAndTypes_data() {
    QTest::addColumn<QString>("dtype");
    QTest::addColumn<QString>("op");
    QTest::newRow("float32 exp") << "float32"
                                 << "exp";
    QTest::newRow("float32 sigmoid") << "float32"
                                     << "sigmoid";
    QTest::newRow("float64 pow") << "float64"
                                 << "pow";
    QTest::newRow("float64 sqrt") << "float64"
                                  << "sqrt";
    QTest::newRow("float16 tanh") << "float16"
                                  << "tanh";
    QTest::newRow("int8 min/max") << "int8"
                                  << "";
    QTest::newRow("uint16 min/max") << "uint16"
                                    << "";
    QTest::newRow("int64 min/max") << "int64"
                                   << "";
  }
  void mathAndTypes() {
    QFETCH(QString, dtype);
    QFETCH(QString, op);
    DataType t = *DataType::parse(dtype.toStdString());
    Buffer A = MakeBuffer("A", t, {32});
    Buffer B = MakeBuffer("B", t, {32});
    Var i("i");
    Expr a = MakeBufferLoad(A, {i});
    Expr value;
    if (op.isEmpty()) {
      value = MakeBinary(ExprKind::Max, MakeBinary(ExprKind::Min, a * IntImm(t, 3), IntImm(t, 50)),
                         cast(t, i));
    } else {
      std::vector<Expr> args = {op == "pow" || op == "sqrt" ? Expr(MakeCall(t, "fabs", {a})) : a};
      if (op == "pow") args.push_back(FloatImm(t, 1.5));
      value = MakeCall(t, op.toStdString(), args);
    }
    PrimFunc f = Lowered(MakePrimFunc(
        "mt", {A, B}, MakeFor(i, 0, 32, ForKind::Vectorized, MakeBufferStore(B, value, {i}))));
    CompileAndCompare(f, {{32}, {32}}, {}, t.is_uint() ? 0 : -60, 60);
  }

  void badProgramsAreErrors() {
    Buffer A = MakeBuffer("A", DataType::Float(32), {4});
    auto r = codegen::CodeGenC(MakePrimFunc("bad", {A}, MakeBufferStore(A, F32(0.0), {Var("q")})));
    QVERIFY(!r.ok());
    QVERIFY(QString::fromStdString(r.error().message).contains("uses variable 'q'"));
    auto vec = codegen::CodeGenC(
        MakePrimFunc("bad2", {A}, MakeBufferStore(A, MakeBroadcast(F32(0.0), 4), {0})));
    QVERIFY(!vec.ok());
  }
};

}  // namespace tst_c_codegen

QTEST_GUILESS_MAIN(tst_c_codegen::TestCCodegen)
#include "tst_c_codegen.moc"
