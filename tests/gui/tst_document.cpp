// The Document: evaluates the built-in examples into a schedule, bounds, a loop
// program and a pass timeline; applies primitives as undoable trace entries; refuses
// illegal ones without changing anything.
#include <QtTest>

#include "Document.h"
#include "Evaluation.h"
#include "Examples.h"
#include "schedule/Schedule.h"
#include "script/Evaluator.h"

namespace tst_document {

using namespace tessera;
using tessera::gui::Document;
using tessera::views::Intent;

namespace {

Intent Make(QString primitive, QString stage, QStringList vars, QVariantMap params = {}) {
  return Intent{std::move(primitive), std::move(stage), std::move(vars), std::move(params)};
}

QStringList LeafNames(const Document& doc, const QString& stage) {
  QStringList out;
  auto s = doc.state().schedule->find(stage.toStdString());
  for (const auto& iv : s->leaf_iter_vars) out << QString::fromStdString(iv->var.name());
  return out;
}

const char* kSmall =
    "import tvm\n"
    "from tvm import te\n"
    "A = te.placeholder((64, 64), name=\"A\")\n"
    "B = te.compute((64, 64), lambda i, j: A[i, j] + 1, name=\"B\")\n"
    "C = te.compute((64, 64), lambda i, j: B[i, j] * 2, name=\"C\")\n"
    "s = te.create_schedule(C.op)\n";

}  // namespace

class TestDocument : public QObject {
  Q_OBJECT

 private slots:
  void gemmExampleEvaluatesToAScheduleAndALoopProgram() {
    Document doc;
    QString path = gui::ExamplePath("gemm.py");
    if (path.isEmpty()) QSKIP("resources/examples/gemm.py is not there yet");
    QVERIFY(doc.load(path).ok());
    const auto& st = doc.state();
    QVERIFY2(st.errors.empty(), st.errors.empty() ? "" : st.errors.front().format().c_str());
    QVERIFY(st.schedule);
    QVERIFY(st.schedule->find("C"));
    QVERIFY(st.bounds);
    QVERIFY(st.lowered.defined());
    QVERIFY(st.passes.size() >= 2);
    QCOMPARE(QString::fromStdString(st.passes.front().title), QString("ScheduleOps"));
    qInfo("GEMM evaluates in %.1f ms", st.evaluation_ms);
  }

  // The pass timeline's texts are printed when shown; each is the text the pipeline
  // records for that pass (what `tessera-cli lower --after` prints), also after a
  // primitive changed the program and after undo.
  void everyPassShowsThePipelinesText() {
    Document doc;
    QString path = gui::ExamplePath("gemm.py");
    if (path.isEmpty()) QSKIP("resources/examples/gemm.py is not there yet");
    QVERIFY(doc.load(path).ok());
    auto checkTexts = [&] {
      const auto& st = doc.state();
      QVERIFY(st.program && st.lowered.defined());
      auto recorded = gui::LowerToFunction(*st.program, st.lowered, "llvm");
      QVERIFY(recorded.ok());
      QCOMPARE(st.passes.size(), recorded->timeline.size());  // ScheduleOps for "Input"
      for (size_t i = 1; i < st.passes.size(); ++i) {
        QCOMPARE(st.passes[i].title, recorded->timeline[i].pass);
        QVERIFY(!recorded->timeline[i].ir.empty());
        QCOMPARE(views::TextOf(st.passes[i]), recorded->timeline[i].ir);
      }
    };
    checkTexts();
    if (QTest::currentTestFailed()) return;
    QVERIFY(doc.apply(Make("unroll", "C", {"k.inner"})).ok());
    checkTexts();
    if (QTest::currentTestFailed()) return;
    doc.undoStack()->undo();
    checkTexts();
  }

  void splitIsOneUndoableTraceEntry() {
    Document doc;
    doc.reset(kSmall);
    QVERIFY2(doc.state().errors.empty(),
             doc.state().errors.empty() ? "" : doc.state().errors.front().format().c_str());
    size_t entries = doc.state().schedule->trace.entries.size();
    QVERIFY(doc.apply(Make("split", "C", {"i"}, {{"factor", 8}})).ok());
    QCOMPARE(doc.state().schedule->trace.entries.size(), entries + 1);
    QCOMPARE(LeafNames(doc, "C"), (QStringList{"i.outer", "i.inner", "j"}));
    QVERIFY(doc.text().contains("split"));
    QCOMPARE(doc.undoStack()->count(), 1);
    doc.undoStack()->undo();
    QCOMPARE(doc.state().schedule->trace.entries.size(), entries);
    QCOMPARE(LeafNames(doc, "C"), (QStringList{"i", "j"}));
    doc.undoStack()->redo();
    QCOMPARE(LeafNames(doc, "C"), (QStringList{"i.outer", "i.inner", "j"}));
  }

  void fuseReorderComputeAt() {
    Document doc;
    doc.reset(kSmall);
    QVERIFY(doc.apply(Make("reorder", "C", {"j", "i"})).ok());
    QCOMPARE(LeafNames(doc, "C"), (QStringList{"j", "i"}));
    QVERIFY(doc.apply(Make("fuse", "C", {"j", "i"})).ok());
    QCOMPARE(LeafNames(doc, "C"), (QStringList{"j.i.fused"}));
    QVERIFY(doc.apply(Make("compute_at", "B", {"j.i.fused"}, {{"target_stage", "C"}})).ok());
    auto b = doc.state().schedule->find("B");
    QCOMPARE(b->attach_type, schedule::AttachType::Scope);
    QCOMPARE(QString::fromStdString(b->attach_stage->name()), QString("C"));
    QCOMPARE(doc.undoStack()->count(), 3);
  }

  void illegalPrimitiveChangesNothing_data() {
    QTest::addColumn<Intent>("intent");
    QTest::addColumn<QString>("reason");
    QTest::newRow("no such var") << Make("split", "C", {"x"}, {{"factor", 8}}) << "x";
    QTest::newRow("zero factor") << Make("split", "C", {"i"}, {{"factor", 0}}) << "factor";
    QTest::newRow("no stage") << Make("vectorize", "", {"i"}) << "stage";
    QTest::newRow("fuse twice") << Make("fuse", "C", {"i", "i"}) << "twice";
    QTest::newRow("unknown stage") << Make("unroll", "D", {"i"}) << "D";
    QTest::newRow("compute_at self")
        << Make("compute_at", "C", {"i"}, {{"target_stage", "C"}}) << "C";
  }
  void illegalPrimitiveChangesNothing() {
    QFETCH(Intent, intent);
    QFETCH(QString, reason);
    Document doc;
    doc.reset(kSmall);
    QString before = doc.text();
    int version = doc.state().version;
    Status st = doc.apply(intent);
    QVERIFY(!st.ok());
    QVERIFY2(QString::fromStdString(st.error().message).contains(reason),
             st.error().message.c_str());
    QCOMPARE(doc.text(), before);
    QCOMPARE(doc.state().version, version);
    QCOMPARE(doc.undoStack()->count(), 0);
  }

  void scriptWithErrorsRefusesPrimitives() {
    Document doc;
    doc.reset("A = te.placeholder((4,), name=\"A\"\n");
    QVERIFY(!doc.state().errors.empty());
    QVERIFY(!doc.apply(Make("split", "A", {"i"}, {{"factor", 2}})).ok());
  }
};

}  // namespace tst_document

QTEST_MAIN(tst_document::TestDocument)
#include "tst_document.moc"
