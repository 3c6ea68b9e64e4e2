// Loop <-> code in every code view (issue #15): with the generated code built for a tiled
// GEMM, selecting a loop highlights its lines in the C source, the LLVM IR and the
// assembly (and its lines are the loop's: the C lines open with its `for`, the IR and
// assembly lines are instructions that carry its debug location), and clicking a line
// inside an inner loop selects that loop. The Loop nest view shows MCA's cycles per
// iteration beside the innermost loops once the assembly is there.
#include <QTextBlock>
#include <QTreeWidget>
#include <QTreeWidgetItemIterator>
#include <QtTest>

#include "MainWindow.h"
#include "TargetCode.h"
#include "codegen/LLVMBackend.h"
#include "views/CodeView.h"
#include "views/LoopNestView.h"

namespace tst_loop_code_link {

using namespace tessera;

namespace {

constexpr const char* kTiledGemm = R"(import tvm
from tvm import te
A = te.placeholder((256, 256), name="A", dtype="float32")
B = te.placeholder((256, 256), name="B", dtype="float32")
k = te.reduce_axis((0, 256), name="k")
C = te.compute((256, 256), lambda i, j: te.sum(A[i, k] * B[k, j], axis=k), name="C")
s = te.create_schedule(C.op)
io, jo, ii, ji = s[C].tile(C.op.axis[0], C.op.axis[1], x_factor=32, y_factor=32)
ko, ki = s[C].split(k, factor=8)
s[C].reorder(io, jo, ko, ii, ki, ji)
)";

QString LineText(views::CodeView* code, int line) {
  return code->editor()->document()->findBlockByNumber(line).text();
}

}  // namespace

class TestLoopCodeLink : public QObject {
  Q_OBJECT
  gui::MainWindow* window_ = nullptr;

 private slots:
  void initTestCase() {
    window_ = new gui::MainWindow;
    window_->setInteractive(false);
    window_->document()->reset(QString(kTiledGemm), "gemm.py");
    window_->targetCode()->buildNow();
    window_->targetCode()->waitForFinished();
    QTRY_VERIFY_WITH_TIMEOUT(!window_->document()->state().targets.empty(), 20000);
  }
  void cleanupTestCase() { delete window_; }

  void selectingALoopHighlightsItsCSourceLines() {
    views::CodeView* code = window_->codeView();
    QVERIFY(code->showArtifactTitled("C source"));
    window_->selection()->selectIterVar("C", "k.outer");
    std::vector<int> lines = code->generatedLoopLines("C", "k.outer");
    QVERIFY(lines.size() > 3);
    QVERIFY2(LineText(code, lines.front()).contains("for (") &&
                 LineText(code, lines.front()).contains("k_outer"),
             qPrintable(LineText(code, lines.front())));
    QCOMPARE(code->editor()->extraSelections().size(), int(lines.size()));
    // Its inner loops' lines are among them; clicking one selects the inner loop.
    std::vector<int> inner = code->generatedLoopLines("C", "j.inner");
    QVERIFY(!inner.empty());
    QVERIFY(std::includes(lines.begin(), lines.end(), inner.begin(), inner.end()));
    int position = code->editor()->document()->findBlockByNumber(inner.front() + 1).position();
    QVERIFY(code->selectLoopAt(position));
    QCOMPARE(window_->selection()->stage(), QString("C"));
    QCOMPARE(window_->selection()->iterVar(), QString("j.inner"));
    QCOMPARE(code->editor()->extraSelections().size(), int(inner.size()));
    // The prelude is no loop's: a click there selects nothing new.
    QVERIFY(!code->selectLoopAt(0));
    QCOMPARE(window_->selection()->iterVar(), QString("j.inner"));
  }

  void llvmIrAndAssemblyLinesOfTheReduction() {
    if (!codegen::LLVMAvailable()) QSKIP("built without LLVM");
    views::CodeView* code = window_->codeView();
    for (const QString& title : {QString("LLVM IR"), QString("Assembly")}) {
      QVERIFY(code->showArtifactTitled(title));
      window_->selection()->selectIterVar("C", "k.outer");
      std::vector<int> lines = code->generatedLoopLines("C", "k.outer");
      QVERIFY2(!lines.empty(), qPrintable(title));
      QCOMPARE(code->editor()->extraSelections().size(), int(lines.size()));
      bool instruction = false;
      for (int l : lines) {
        QString text = LineText(code, l);
        instruction =
            instruction || text.contains("!dbg") || text.contains("\tv") || text.contains("\tadd");
      }
      QVERIFY2(instruction, qPrintable(title));
      // Back: a highlighted line selects a loop of C at or inside k.outer.
      int position = code->editor()->document()->findBlockByNumber(lines.back()).position();
      QVERIFY(code->selectLoopAt(position));
      QCOMPARE(window_->selection()->stage(), QString("C"));
      QStringList inside{"k.outer", "i.inner", "k.inner", "j.inner"};
      QVERIFY2(inside.contains(window_->selection()->iterVar()),
               qPrintable(window_->selection()->iterVar()));
    }
  }

  void theLoopNestShowsMcaBesideTheInnermostLoops() {
    if (!codegen::LLVMAvailable()) QSKIP("built without LLVM");
    QTreeWidget* tree = window_->loopNestView()->tree();
    QCOMPARE(tree->headerItem()->text(views::LoopNestView::kThroughputColumn),
             QString("Throughput (MCA)"));
    int shown = 0;
    for (QTreeWidgetItemIterator it(tree); *it; ++it) {
      QString text = (*it)->text(views::LoopNestView::kThroughputColumn);
      if (text.isEmpty()) continue;
      ++shown;
      QVERIFY2(text.contains("cyc/it"), qPrintable(text));
      QVERIFY((*it)->toolTip(views::LoopNestView::kThroughputColumn).contains("LLVM MCA"));
    }
    QVERIFY(shown >= 1);
  }
};

}  // namespace tst_loop_code_link

QTEST_MAIN(tst_loop_code_link::TestLoopCodeLink)
#include "tst_loop_code_link.moc"
