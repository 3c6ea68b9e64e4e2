// Pipeline: a ScheduleOps-style program (realize / produce / ProducerStore with a split,
// a guard and a vectorized inner loop) is lowered to a PrimFunc; the timeline records
// the program after every pass; the result computes what the input means.
#include <QtTest>

#include "TransformTestSupport.h"
#include "transform/Pipeline.h"

namespace tst_pipeline {

using namespace tessera;
using namespace tessera::ir;
using namespace tessera::testing;
using namespace tessera::transform;

namespace {

Expr F(double v) { return FloatImm(DataType::Float(32), v); }

// B = A * 2 (realized, computed at root); C = B + 1 with C's axis split by 8, the inner
// part vectorized, the tail guarded by likely().
struct Program {
  Var n = SizeVar("n");
  DataProducer A = Tensor("A", {n});
  DataProducer B = Tensor("B", {n});
  DataProducer C = Tensor("C", {n});
  Stmt stmt;
  Program() {
    Var i("i"), co("c.outer"), ci("c.inner");
    Stmt produce_b =
        MakeAttr(B, "produce", 0,
                 MakeFor(i, 0, n, ForKind::Serial,
                         MakeProducerStore(B, MakeProducerLoad(A, {i}) * F(2.0), {i})));
    Expr idx = co * 8 + ci;
    Stmt produce_c = MakeAttr(
        C, "produce", 0,
        MakeFor(co, 0, ceildiv(n, 8), ForKind::Serial,
                MakeFor(ci, 0, 8, ForKind::Vectorized,
                        MakeIf(MakeCall(DataType::Bool(), "likely", {lt(idx, n)}),
                               MakeProducerStore(C, MakeProducerLoad(B, {idx}) + F(1.0), {idx})))));
    stmt = MakeProducerRealize(
        C, {Range(0, n)}, Expr(),
        MakeProducerRealize(B, {Range(0, n)}, Expr(), MakeSeq({produce_b, produce_c})));
  }
};

}  // namespace

class TestPipeline : public QObject {
  Q_OBJECT
 private slots:
  void timelineListsEveryPass() {
    Program p;
    auto r = LowerToPrimFunc(p.stmt, {p.A, p.C}, "add_one");
    QVERIFY2(r.ok(), r.ok() ? "" : r.error().message.c_str());
    QCOMPARE(r->timeline.size(), PipelinePassNames().size() + 1);
    QCOMPARE(QString::fromStdString(r->timeline[0].pass), QString("Input"));
    for (size_t k = 0; k < PipelinePassNames().size(); ++k)
      QCOMPARE(r->timeline[k + 1].pass, PipelinePassNames()[k]);
    QVERIFY(QString::fromStdString(r->After("Input")->ir).contains("realize B"));
    QVERIFY(!QString::fromStdString(r->After("StorageFlatten")->ir).contains("realize"));
    QVERIFY(
        QString::fromStdString(r->After("StorageFlatten")->ir).contains("allocate B[float32 * n]"));
    QVERIFY(r->After("NoSuchPass") == nullptr);
  }

  // Without texts the timeline holds the same programs, each text empty; a text printed
  // afterwards (PassText) is the one the pipeline records.
  void timelineWithoutTextsKeepsThePrograms() {
    Program p;
    auto printed = LowerToPrimFunc(p.stmt, {p.A, p.C}, "add_one");
    PassContext quiet;
    quiet.record_texts = false;
    auto programs = LowerToPrimFunc(p.stmt, {p.A, p.C}, "add_one", quiet);
    QVERIFY(printed.ok() && programs.ok());
    QCOMPARE(programs->timeline.size(), printed->timeline.size());
    PassContext ctx;
    for (size_t k = 0; k < printed->timeline.size(); ++k) {
      const PassRecord& r = programs->timeline[k];
      QVERIFY2(r.ir.empty() && r.body.defined(), r.pass.c_str());
      QCOMPARE(PassText(r.body, ctx), printed->timeline[k].ir);
    }
  }

  void resultIsPartitionedAndVectorized() {
    Program p;
    auto r = LowerToPrimFunc(p.stmt, {p.A, p.C}, "add_one");
    QVERIFY(r.ok());
    QString final_ir = QString::fromStdString(r->timeline.back().ir);
    // The main loop is vectorized (ramp); the tail keeps its guard as a mask of its lanes.
    QVERIFY2(final_ir.contains("ramp("), qPrintable(final_ir));
    QVERIFY2(final_ir.contains("if ((ramp((c.outer*8), 1, 8) < x8(n)))"), qPrintable(final_ir));
    // Parameters: A, C, then the shape variable n.
    QCOMPARE(r->func.params.size(), size_t{3});
    QCOMPARE(QString::fromStdString(r->func.params[2].var.name()), QString("n"));
  }

  void loweredProgramComputesTheDefinition() {
    Program p;
    auto r = LowerToPrimFunc(p.stmt, {p.A, p.C}, "add_one");
    QVERIFY(r.ok());
    for (int64_t n : {0, 1, 8, 13}) {
      auto a = runtime::NDArray::Empty({n}, DataType::Float(32)).value();
      auto c = runtime::NDArray::Empty({n}, DataType::Float(32)).value();
      a.FillRandom(static_cast<uint64_t>(n));
      Status s = runtime::Interpret(r->func, {a, c});
      QVERIFY2(s.ok(), s.ok() ? "" : s.error().message.c_str());
      for (int64_t k = 0; k < n; ++k)
        QCOMPARE(c.GetDouble(k), double(float(float(a.GetDouble(k) * 2) + 1)));
    }
  }

  void errorsNameThePass() {
    Program p;
    auto r = LowerToPrimFunc(p.stmt, {p.C}, "missing_a");  // A is neither realized nor an argument
    QVERIFY(!r.ok());
    QCOMPARE(
        QString::fromStdString(r.error().message),
        QString(
            "StorageFlatten: tensor A is accessed but neither realized nor a function argument"));
    auto bad_name = LowerToPrimFunc(p.stmt, {p.A, p.C}, "not an identifier");
    QVERIFY(!bad_name.ok());
    QVERIFY(QString::fromStdString(bad_name.error().message).contains("is not an identifier"));
  }

  void optimizeRunsOnFlatFunctions() {
    Buffer A = MakeBuffer("A", DataType::Int(32), {16});
    Var i("i");
    PrimFunc f = MakePrimFunc("f", {A},
                              MakeFor(i, 0, 16, ForKind::Unrolled, MakeBufferStore(A, i * 2, {i})));
    auto r = Optimize(f);
    QVERIFY(r.ok());
    QVERIFY(QString::fromStdString(r->timeline.back().ir).startsWith("A[0] = 0\nA[1] = 2\n"));
  }
};

}  // namespace tst_pipeline

QTEST_APPLESS_MAIN(tst_pipeline::TestPipeline)
#include "tst_pipeline.moc"
