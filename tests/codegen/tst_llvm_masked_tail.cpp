// Guarded vector loops through VectorizeLoops and the LLVM backend, for AVX2 (haswell,
// 8 lanes) and AVX-512 (skylake-avx512, 16 lanes; skipped on a host without it): a split's
// peeled tail of 1 to lanes - 1 elements (a narrower vector), a guard the loops do not
// decide and an extent with a constant bound (masked loads and stores: vmaskmov on AVX2,
// opmask registers on AVX-512), in-place updates, strided loads and scattered stores.
// Each compiled kernel is run against the interpreter running the serial loop program.
#include <QtTest>

#include "CodegenTestSupport.h"
#include "codegen/CpuTarget.h"
#include "ir/ExprOp.h"
#include "ir/Functor.h"
#include "runtime/LLVMModule.h"
#include "transform/VectorizeLoops.h"

namespace tst_llvm_masked_tail {

using namespace tessera;
using namespace tessera::ir;
using namespace tessera::testing;
using namespace tessera::transform;
using runtime::CompiledFunction;
using runtime::NDArray;

namespace {

Expr Likely(Expr c) { return MakeCall(DataType::Bool(), "likely", {std::move(c)}); }

// The serial loop program `serial` vectorized, compiled for `cpu` and run on random
// inputs against the interpreter running `serial`; returns the assembly.
QString CompareVectorized(const std::vector<Buffer>& buffers, const Stmt& serial,
                          const std::vector<std::vector<int64_t>>& shapes, const std::string& cpu,
                          const std::vector<Var>& scalars = {},
                          const std::vector<runtime::ScalarArgs>& calls = {{}}) {
  Stmt vectorized = VectorizeLoops(serial, PassContext());
  codegen::LLVMOptions options;
  options.cpu = cpu;
  options.keep_assembly = true;
  auto fn = runtime::BuildLLVM(MakePrimFunc("f", buffers, vectorized, scalars), options);
  if (!fn.ok()) qFatal("BuildLLVM failed: %s", fn.error().message.c_str());
  const PrimFunc reference = MakePrimFunc("f", buffers, serial, scalars);
  for (const runtime::ScalarArgs& args : calls)
    ExpectMatchesInterpreter(
        reference, [&](const std::vector<NDArray>& arrays) { return fn->Call(arrays, args); },
        shapes, args);
  return QString::fromStdString(fn->assembly);
}

bool HasMaskedAccess(const QString& assembly, int lanes) {
  if (lanes == 8) return assembly.contains("vmaskmovps") || assembly.contains("vpmaskmovd");
  return assembly.contains("{%k");
}

}  // namespace

class TestLLVMMaskedTail : public QObject {
  Q_OBJECT
 private slots:
  void initTestCase() {
    if (!codegen::LLVMAvailable())
      QSKIP("built without LLVM (TESSERA_LLVM=OFF): the CPU backend tests are skipped");
  }

  // C[x] = C[x] + A[x] * B[x] on the peeled last tile, tails 1 .. lanes - 1.
  void peeledTailInPlace_data() {
    QTest::addColumn<QString>("cpu");
    QTest::addColumn<int>("lanes");
    QTest::addColumn<int>("tail");
    for (auto [cpu, lanes] : {std::pair<const char*, int>{"haswell", 8}, {"skylake-avx512", 16}})
      for (int tail = 1; tail < lanes; ++tail)
        QTest::addRow("%s, tail %d", cpu, tail) << cpu << lanes << tail;
  }
  void peeledTailInPlace() {
    QFETCH(QString, cpu);
    QFETCH(int, lanes);
    QFETCH(int, tail);
    if (codegen::HostFp32Lanes() < lanes) QSKIP("the host cannot run this ISA");
    const int64_t n = 2 * lanes + tail;
    Buffer A = MakeBuffer("A", DataType::Float(32), {n});
    Buffer B = MakeBuffer("B", DataType::Float(32), {n});
    Buffer C = MakeBuffer("C", DataType::Float(32), {n});
    Var o("o"), i("i");
    Expr x = o * lanes + i;
    Stmt s = MakeFor(
        o, n / lanes, 1, ForKind::Serial,
        MakeFor(
            i, 0, lanes, ForKind::Vectorized,
            MakeIf(Likely(lt(x, Expr(n))),
                   MakeBufferStore(
                       C, MakeBufferLoad(C, {x}) + MakeBufferLoad(A, {x}) * MakeBufferLoad(B, {x}),
                       {x}))));
    CompareVectorized({A, B, C}, s, {{n}, {n}, {n}}, cpu.toStdString());
  }

  // A guard no loop decides (the size is a parameter): every tile is a masked vector.
  // A strided load (A[2x]) and a scattered store (B[3x]), sizes lanes * 2 + 1 .. + lanes - 1.
  void undecidedGuardStrided_data() {
    QTest::addColumn<QString>("cpu");
    QTest::addColumn<int>("lanes");
    QTest::newRow("avx2") << "haswell" << 8;
    QTest::newRow("avx512") << "skylake-avx512" << 16;
  }
  void undecidedGuardStrided() {
    QFETCH(QString, cpu);
    QFETCH(int, lanes);
    if (codegen::HostFp32Lanes() < lanes) QSKIP("the host cannot run this ISA");
    Var n = SizeVar("n"), o("o"), i("i");
    const int64_t most = 3 * lanes;
    Buffer A = MakeBuffer("A", DataType::Float(32), {2 * most});
    Buffer B = MakeBuffer("B", DataType::Float(32), {3 * most});
    Expr x = o * lanes + i;
    Stmt s = MakeFor(
        o, 0, ceildiv(n, lanes), ForKind::Serial,
        MakeFor(i, 0, lanes, ForKind::Vectorized,
                MakeIf(Likely(lt(x, n)),
                       MakeBufferStore(B, MakeBufferLoad(A, {x * 2}) + MakeBufferLoad(B, {x * 3}),
                                       {x * 3}))));
    std::vector<runtime::ScalarArgs> calls;
    for (int64_t tail = 1; tail < lanes; ++tail) calls.push_back({{"n", 2 * lanes + tail}});
    QString assembly =
        CompareVectorized({A, B}, s, {{2 * most}, {3 * most}}, cpu.toStdString(), {n}, calls);
    QVERIFY2(HasMaskedAccess(assembly, lanes), qPrintable(assembly.left(3000)));
  }

  // The extent bound inference writes for a ragged tile, max(min(n - 1 - o*L, L - 1) + 1,
  // 0), over every tile (no partition): a masked vector of L lanes, accumulated in place
  // over an inner loop.
  void boundedSymbolicExtent_data() { undecidedGuardStrided_data(); }
  void boundedSymbolicExtent() {
    QFETCH(QString, cpu);
    QFETCH(int, lanes);
    if (codegen::HostFp32Lanes() < lanes) QSKIP("the host cannot run this ISA");
    const int64_t n = 4 * lanes + 3, k = 5;
    Buffer A = MakeBuffer("A", DataType::Float(32), {k * n});
    Buffer C = MakeBuffer("C", DataType::Float(32), {n});
    Var o("o"), j("j"), r("r");
    Expr extent = max(min(Expr(n - 1) - o * lanes, lanes - 1) + 1, 0);
    Stmt s = MakeFor(
        o, 0, (n + lanes - 1) / lanes, ForKind::Serial,
        MakeFor(r, 0, k, ForKind::Serial,
                MakeFor(j, o * lanes, extent, ForKind::Vectorized,
                        MakeBufferStore(C, MakeBufferLoad(C, {j}) + MakeBufferLoad(A, {r * n + j}),
                                        {j}))));
    QString assembly = CompareVectorized({A, C}, s, {{k * n}, {n}}, cpu.toStdString());
    QVERIFY2(HasMaskedAccess(assembly, lanes), qPrintable(assembly.left(3000)));
  }
};

}  // namespace tst_llvm_masked_tail

QTEST_APPLESS_MAIN(tst_llvm_masked_tail::TestLLVMMaskedTail)
#include "tst_llvm_masked_tail.moc"
