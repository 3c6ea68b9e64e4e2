// From a ScheduleOps-style loop program to machine code: LowerToPrimFunc() (all passes) then
// BuildLLVM(), compared with the interpreter running the lowered function, for shapes
// that do and do not divide the split factor. The program has a producer realized per
// outer iteration (compute_at: a sub-rectangle of B), a parallel outer loop, a
// vectorized inner loop and the guard of a non-dividing split.
#include <QtTest>

#include "../transform/TransformTestSupport.h"
#include "CodegenTestSupport.h"
#include "runtime/LLVMModule.h"
#include "transform/Pipeline.h"

namespace tst_llvm_pipeline {

using namespace tessera;
using namespace tessera::ir;
using namespace tessera::testing;
using namespace tessera::transform;

namespace {

// B(i) = exp(A(i)) computed at C.outer for the 8 rows it needs; C(i) = B(i) * 2 - 1.
//   realize C {
//     parallel (co, 0, ceildiv(n, 8)) {
//       realize B([co*8, 8]) {
//         produce B { for (bi, 0, 8) if (likely(co*8 + bi < n)) B(co*8 + bi) = exp(A(co*8 + bi)) }
//         vectorized (ci, 0, 8) if (likely(co*8 + ci < n)) C(co*8 + ci) = B(co*8 + ci)*2 - 1
//   } } }
struct Program {
  Var n = SizeVar("n");
  DataProducer A = Tensor("A", {n});
  DataProducer B = Tensor("B", {n});
  DataProducer C = Tensor("C", {n});
  Stmt stmt;
  Program(ForKind outer, ForKind inner) {
    Var co("c.outer"), ci("c.inner"), bi("b.i");
    Expr base = co * 8;
    auto likely = [&](Expr c) { return MakeCall(DataType::Bool(), "likely", {c}); };
    Stmt produce_b = MakeAttr(
        B, "produce", 0,
        MakeFor(
            bi, 0, 8, ForKind::Serial,
            MakeIf(likely(lt(base + bi, n)),
                   MakeProducerStore(
                       B, MakeCall(DataType::Float(32), "exp", {MakeProducerLoad(A, {base + bi})}),
                       {base + bi}))));
    Stmt compute_c =
        MakeFor(ci, 0, 8, inner,
                MakeIf(likely(lt(base + ci, n)),
                       MakeProducerStore(C, MakeProducerLoad(B, {base + ci}) * F32(2.0) - F32(1.0),
                                         {base + ci})));
    Stmt body = MakeProducerRealize(B, {Range(base, 8)}, Expr(), MakeSeq({produce_b, compute_c}));
    stmt =
        MakeProducerRealize(C, {Range(0, n)}, Expr(),
                            MakeAttr(C, "produce", 0, MakeFor(co, 0, ceildiv(n, 8), outer, body)));
  }
};

}  // namespace

class TestLLVMPipeline : public QObject {
  Q_OBJECT
 private slots:
  void initTestCase() {
    if (!codegen::LLVMAvailable())
      QSKIP("built without LLVM (TESSERA_LLVM=OFF): the CPU backend tests are skipped");
  }

  void loweredProgramRunsLikeTheInterpreter_data() {
    QTest::addColumn<int>("outer");
    QTest::addColumn<int>("inner");
    QTest::newRow("serial / serial") << int(ForKind::Serial) << int(ForKind::Serial);
    QTest::newRow("parallel / vectorized") << int(ForKind::Parallel) << int(ForKind::Vectorized);
    QTest::newRow("serial / unrolled") << int(ForKind::Serial) << int(ForKind::Unrolled);
  }
  void loweredProgramRunsLikeTheInterpreter() {
    QFETCH(int, outer);
    QFETCH(int, inner);
    Program p(static_cast<ForKind>(outer), static_cast<ForKind>(inner));
    auto lowered = LowerToPrimFunc(p.stmt, {p.A, p.C}, "fused");
    QVERIFY2(lowered.ok(), lowered.ok() ? "" : lowered.error().message.c_str());
    auto fn = runtime::BuildLLVM(lowered->func);
    QVERIFY2(fn.ok(), fn.ok() ? "" : fn.error().message.c_str());
    for (int64_t n : {1, 8, 13, 64, 1001}) {
      ExpectMatchesInterpreter(lowered->func,
                               [&](const std::vector<runtime::NDArray>& a) { return fn->Call(a); },
                               {{n}, {n}});
    }
    // and C = exp(A)*2 - 1 (in float32)
    auto a = runtime::NDArray::Empty({29}, DataType::Float(32)).value();
    auto c = runtime::NDArray::Empty({29}, DataType::Float(32)).value();
    a.FillRandom(5);
    QVERIFY(fn->Call({a, c}).ok());
    for (int64_t k = 0; k < 29; ++k)
      QVERIFY(std::fabs(c.GetDouble(k) - (std::exp(a.GetDouble(k)) * 2 - 1)) < 1e-5);
  }
};

}  // namespace tst_llvm_pipeline

QTEST_APPLESS_MAIN(tst_llvm_pipeline::TestLLVMPipeline)
#include "tst_llvm_pipeline.moc"
