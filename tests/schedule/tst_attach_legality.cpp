// CheckAttachPoints (schedule/AttachLegality.h): compute_at facts that later primitives
// can break are checked before lowering, with a message naming the stages and loops.
// Each case was found by the differential tester as a lowering failure deep inside
// StorageFlatten ("tensor X is accessed but neither realized nor a function argument",
// "cannot find the loop ...").
#include <QtTest>

#include "ScheduleTestSupport.h"
#include "schedule/ScheduleOps.h"

namespace tst_attach_legality {

using namespace tessera;
using namespace tessera::testing;

namespace {

// C (5, 16) read by D = C*2 and by E = C + D.
struct SharedProducer {
  Tensor C = Compute({5, 16}, [](auto&) { return te::const_(int64_t{5}); }, "C", {"ci", "cj"});
  Tensor D = Compute({5, 16}, [&](auto& v) { return C(v[0], v[1]) * 2; }, "D", {"di", "dj"});
  Tensor E =
      Compute({5, 16}, [&](auto& v) { return C(v[0], v[1]) + D(v[0], v[1]); }, "E", {"ei", "ej"});
  Schedule sch = std::move(create_schedule({E}).value());
  Stage stage(const char* name) const { return sch.find(name); }
  IterVar axis(const char* name, size_t k) const { return stage(name)->op->root_iter_vars()[k]; }
};

QString LowerError(const Schedule& sch) {
  Result<ir::Stmt> s = Lower(sch);
  return s ? QString() : QString::fromStdString(s.error().message);
}

}  // namespace

class TestAttachLegality : public QObject {
  Q_OBJECT

 private slots:
  void readerOutsideTheAttachLoopIsNamed() {
    SharedProducer w;
    QVERIFY(ComputeAt(w.sch, w.stage("C"), w.stage("D"), w.axis("D", 1)).ok());
    QCOMPARE(LowerError(w.sch),
             QString("C is computed at loop dj of D, but E reads it outside that loop, where it "
                     "does not exist; compute E inside that loop as well (compute_at), or compute "
                     "C at the root"));
  }

  void everyReaderInsideTheAttachLoopLowers() {
    SharedProducer w;
    // C and D both inside E's loop ej: D reads C there, E reads both there.
    QVERIFY(ComputeAt(w.sch, w.stage("C"), w.stage("E"), w.axis("E", 1)).ok());
    QVERIFY(ComputeAt(w.sch, w.stage("D"), w.stage("E"), w.axis("E", 1)).ok());
    QCOMPARE(LowerError(w.sch), QString());
  }

  void readerAttachedInsideADeeperLoopLowers() {
    SharedProducer w;
    // C at E's outer loop, D at E's inner loop: D's loop nest is inside C's attach loop.
    QVERIFY(ComputeAt(w.sch, w.stage("C"), w.stage("E"), w.axis("E", 0)).ok());
    QVERIFY(ComputeAt(w.sch, w.stage("D"), w.stage("E"), w.axis("E", 1)).ok());
    QCOMPARE(LowerError(w.sch), QString());
  }

  void readerAttachedOutsideTheAttachLoopIsNamed() {
    SharedProducer w;
    // C at E's inner loop but D (a reader of C) at E's outer loop: D runs outside ej.
    QVERIFY(ComputeAt(w.sch, w.stage("C"), w.stage("E"), w.axis("E", 1)).ok());
    QVERIFY(ComputeAt(w.sch, w.stage("D"), w.stage("E"), w.axis("E", 0)).ok());
    QVERIFY(LowerError(w.sch).startsWith("C is computed at loop ej of E, but D reads it outside"));
  }

  void splitOfTheAttachLoopAfterComputeAt() {
    CD w;
    QVERIFY(ComputeAt(w.sch, w.c(), w.d(), w.d_axis(1)).ok());
    QVERIFY(Split(w.sch, w.d(), w.d_axis(1), 4).ok());
    QCOMPARE(LowerError(w.sch),
             QString("C is computed at loop j of D, but a later split or fuse replaced that loop "
                     "(the loops of D are now i, j.outer, j.inner); apply compute_at after the "
                     "split, at one of those loops"));
  }

  void computeAtAfterTheSplitLowers() {
    CD w;
    auto parts = Split(w.sch, w.d(), w.d_axis(1), 4);
    QVERIFY(parts.ok());
    QVERIFY(ComputeAt(w.sch, w.c(), w.d(), parts->second).ok());
    QCOMPARE(LowerError(w.sch), QString());
  }

  void cacheReadOfAnAttachedStage() {
    CD w;
    QVERIFY(ComputeAt(w.sch, w.c(), w.d(), w.d_axis(0)).ok());
    QVERIFY(CacheRead(w.sch, w.c(), "global", {w.d()}).ok());
    QVERIFY(LowerError(w.sch).startsWith(
        "C is computed at loop i of D, but C.global reads it outside that loop"));
  }
};

}  // namespace tst_attach_legality

QTEST_APPLESS_MAIN(tst_attach_legality::TestAttachLegality)
#include "tst_attach_legality.moc"
