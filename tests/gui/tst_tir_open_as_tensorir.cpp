// TensorIR documents from the File menu: Open as TensorIR turns the open te program into a
// TensorIR document (its function by te.create_prim_func, its schedule replayed as
// TensorIR primitives) or says why it cannot; the softmax, GPU GEMM and conv2d examples
// open in both TVM spellings, with the scheduled function as TVMScript and its trace
// first in the Code view; Export writes a TensorIR document as a TVM 0.20 or 0.26
// program.
#include <QFile>
#include <QMenu>
#include <QTemporaryDir>
#include <QtTest>

#include "TirRunFixture.h"
#include "views/TirBlockGraphView.h"
#include "views/TirIntents.h"
#include "views/TirLoopGraphView.h"
#include "views/TirLoopNestView.h"
#include "views/graph/GraphScene.h"

namespace tst_tir_open_as_tensorir {

using namespace tessera;
using tessera::testing::ExampleFile;
using tessera::testing::FirstError;

class TestTirOpenAsTensorIR : public QObject, protected testing::TirRunWindow {
  Q_OBJECT

  const tir::Schedule& Sch() const { return *w->document()->state().tir_schedule; }

 private slots:
  void initTestCase() { PrepareSuite(); }
  void init() { NewWindow(); }
  void cleanup() { CloseWindow(); }

  void openAsTensorIRReplaysTheTeSchedule() {
    QVERIFY(w->openExample(ExampleFile("softmax.py", false)).ok());
    QVERIFY(w->document()->state().schedule);
    QAction* open = w->action("actionOpenAsTensorIR");
    QVERIFY(open);
    QVERIFY(open->isEnabled());
    QVERIFY(w->openAsTensorIR().ok());
    const views::DocumentState& s = w->document()->state();
    QVERIFY2(s.tir_schedule && s.errors.empty(), qPrintable(FirstError(s)));
    QVERIFY(w->showsTensorIRViews());
    QString text = w->document()->text();
    QVERIFY(text.contains("sch = tir.Schedule(func)"));
    QVERIFY(text.contains("te.create_prim_func([A, B])"));
    // A document to go on scheduling: no build, run or check after the schedule.
    QVERIFY(!text.contains("tvm.build") && !text.contains("numpy"));
    QVERIFY(w->document()->displayName().contains("softmax as TensorIR"));
    // softmax.py computes the row max and the exp-sum per row: so does the TensorIR one.
    QVERIFY(w->tirBlockView()->scene()->nodeItem("block:maxelem")->node().badges.contains("@i"));
    QVERIFY(w->tirBlockView()->scene()->nodeItem("block:expsum")->node().badges.contains("@i"));
    // A TensorIR primitive now appends a TensorIR line, one undoable step.
    QVERIFY(w->applyIntent(views::Intent{"unroll", "B", {"j"}, {}}));
    QCOMPARE(w->document()->undoStack()->count(), 1);
    QVERIFY(w->document()->state().tir_schedule);
    // The document is TensorIR now: the action says so instead of applying again.
    QVERIFY(!open->isEnabled());
    QVERIFY(open->toolTip().contains("TensorIR already"));
    QVERIFY(!w->openAsTensorIR().ok());
  }

  void openAsTensorIRRefusesWhatTensorIRCannotExpress() {
    const QString script =
        "import tvm\n"
        "from tvm import te\n"
        "A = te.placeholder((64, 64), name=\"A\")\n"
        "B = te.compute((64, 64), lambda i, j: A[i, j] + 1.0, name=\"B\")\n"
        "C = te.compute((64, 64), lambda i, j: B[i, j] * 2.0, name=\"C\")\n"
        "s = te.create_schedule(C.op)\n"
        "g = s.create_group(outputs=C, inputs=A)\n";
    w->document()->reset(script, "group.py");
    QVERIFY(w->document()->state().schedule);
    QVERIFY(!w->openAsTensorIR().ok());
    QVERIFY2(w->lastMessage().contains("create_group has no TensorIR equivalent"),
             qPrintable(w->lastMessage()));
    QCOMPARE(w->document()->text(), script);  // the te document stays
    // A script with errors has nothing to open.
    w->document()->reset("import tvm\nfrom tvm import te\nA = te.placeholder(\n", "bad.py");
    QVERIFY(!w->action("actionOpenAsTensorIR")->isEnabled());
    QVERIFY(!w->openAsTensorIR().ok());
  }

  void theSoftmaxOpensInBothSpellings() {
    for (const char* name : {"softmax_tir.py", "softmax_s_tir.py"}) {
      QVERIFY2(w->openExample(ExampleFile(name)).ok(), name);
      QVERIFY2(w->document()->state().tir_schedule, qPrintable(FirstError(w->document()->state())));
      QVERIFY(w->tirBlockView()->scene()->nodeItem("block:maxelem")->node().badges.contains("@i"));
      QCOMPARE(Sch().state().LoopsAbove(views::TirFindBlock(Sch(), "B"))[0]->for_kind,
               ir::ForKind::Parallel);
    }
  }

  void theGpuGemmOpensInBothSpellings() {
    for (const char* name : {"gpu_gemm_tir.py", "gpu_gemm_s_tir.py"}) {
      QVERIFY2(w->openExample(ExampleFile(name)).ok(), name);
      QVERIFY2(w->document()->state().tir_schedule, qPrintable(FirstError(w->document()->state())));
      // The shared-memory copies and the local accumulator are cache blocks under C's loops.
      for (const char* cache : {"block:A_shared", "block:B_shared", "block:C_local"})
        QCOMPARE(w->tirBlockView()->scene()->nodeItem(cache)->node().kind, QString("cache"));
      const views::DocumentState& s = w->document()->state();
      QVERIFY(s.tir_schedule->state().LoopsAbove(views::TirFindBlock(Sch(), "C"))[0]->thread_tag ==
              "blockIdx.y");
    }
  }

  void theConv2dOpensInTvm024Spelling() {
    QVERIFY(w->openExample(ExampleFile("conv2d_pad_s_tir.py")).ok());
    QVERIFY(w->tirBlockView()->scene()->nodeItem("block:Apad")->node().badges.contains("@y"));
    // The Code view's first text: the scheduled function as TVMScript, in the script's spelling.
    const views::CodeArtifact& script = w->document()->state().passes.front();
    QCOMPARE(QString::fromStdString(script.title), QString("TVMScript"));
    QVERIFY(QString::fromStdString(script.text).contains("with T.sblock(\"Apad\")"));
    const views::CodeArtifact& trace = w->document()->state().passes[1];
    QCOMPARE(QString::fromStdString(trace.title), QString("sch.trace"));
    QVERIFY(QString::fromStdString(trace.text).contains("def apply_trace(sch: s_tir.Schedule)"));
    QVERIFY(QString::fromStdString(trace.text).contains("sch.get_sblock(name=\"Apad\""));
    // A primitive appends a line in the document's own spelling.
    QVERIFY(w->applyIntent(views::Intent{"unroll", "Y", {"rx"}, {}}));
    QVERIFY(w->document()->text().trimmed().endsWith(
        "sch.unroll(sch.get_loops(sch.get_sblock(\"Y\"))[6])"));
  }

  void fileExportWritesATensorIRDocumentInBothSpellings() {
    QTemporaryDir dir;
    QVERIFY(w->openExample(ExampleFile("gemm_s_tir.py")).ok());
    QVERIFY(w->applyIntent(views::Intent{"unroll", "C", {"k"}, {}}));
    QVERIFY2(w->exportTirTo(dir.filePath("gemm_020.py"), 20), qPrintable(w->lastMessage()));
    QFile v20(dir.filePath("gemm_020.py"));
    QVERIFY(v20.open(QIODevice::ReadOnly));
    const QString text20 = QString::fromUtf8(v20.readAll());
    // The unscheduled function, the trace with the primitive just applied, a build and a check.
    QVERIFY2(text20.contains("def apply_trace(sch: tir.Schedule)"), qPrintable(text20));
    QVERIFY(text20.contains("with T.block(\"C\")"));
    QVERIFY(text20.contains("sch.unroll(loop=l"));
    QVERIFY(text20.contains("tvm.build(sch.mod"));
    QVERIFY(w->exportTirTo(dir.filePath("gemm_026.py"), 26));
    QFile v26(dir.filePath("gemm_026.py"));
    QVERIFY(v26.open(QIODevice::ReadOnly));
    const QString text26 = QString::fromUtf8(v26.readAll());
    QVERIFY2(text26.contains("def apply_trace(sch: s_tir.Schedule)"), qPrintable(text26));
    QVERIFY(text26.contains("with T.sblock(\"C\")"));
    QVERIFY(text26.contains("tvm.compile(sch.mod"));
  }
};

}  // namespace tst_tir_open_as_tensorir

QTEST_MAIN(tst_tir_open_as_tensorir::TestTirOpenAsTensorIR)
#include "tst_tir_open_as_tensorir.moc"
