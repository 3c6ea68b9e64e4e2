// The Code view and the Loop nest view on a hand-built loop program: clicking a loop
// in the code selects its IterVar; the loop nest follows the selection and selects too.
#include <QTextBlock>
#include <QTreeWidget>
#include <QtTest>

#include "ir/ExprOp.h"
#include "views/CodeView.h"
#include "views/LoopNestView.h"
#include "views/LoopTree.h"

namespace tst_code_and_loop_views {

using namespace tessera;
using namespace tessera::ir;
using namespace tessera::views;

namespace {

struct Producer : DataProducerNode {
  std::string name;
  explicit Producer(std::string n) : name(std::move(n)) {}
  std::string producer_name() const override { return name; }
  std::vector<Expr> producer_shape() const override { return {Expr(16), Expr(16)}; }
  DataType producer_dtype() const override { return DataType::Float(32); }
};

// produce C { for (i, 0, 16) { for (j, 0, 16) { C(i, j) = 0f } } }
Stmt GemmLikeProgram() {
  auto c = std::make_shared<const Producer>("C");
  Var i("i"), j("j");
  Stmt store = MakeProducerStore(c, Expr(0.0), {i, j});
  Stmt loops = MakeFor(i, 0, 16, ForKind::Serial, MakeFor(j, 0, 16, ForKind::Vectorized, store));
  return MakeAttr(DataProducer(c), "produce", Expr(0), loops);
}

// produce C { for (i, 0, 16) { prefetch_scope(B, 4) { for (j, 0, 16) { C(i, j) = 0f } } } }
Stmt PrefetchingProgram() {
  auto b = std::make_shared<const Producer>("B");
  auto c = std::make_shared<const Producer>("C");
  Var i("i"), j("j");
  Stmt store = MakeProducerStore(c, Expr(0.0), {i, j});
  Stmt inner = MakeAttr(DataProducer(b), "prefetch_scope", Expr(4),
                        MakeFor(j, 0, 16, ForKind::Vectorized, store));
  return MakeAttr(DataProducer(c), "produce", Expr(0), MakeFor(i, 0, 16, ForKind::Serial, inner));
}

}  // namespace

class TestCodeAndLoopViews : public QObject {
  Q_OBJECT

 private slots:
  void loopTreeKnowsStagesAndVars() {
    LoopTreeNode tree = BuildLoopTree(GemmLikeProgram());
    auto loops = Loops(tree);
    QCOMPARE(int(loops.size()), 2);
    QCOMPARE(loops[0]->stage, std::string("C"));
    QCOMPARE(loops[0]->var, std::string("i"));
    QCOMPARE(loops[1]->var, std::string("j"));
    QCOMPARE(loops[1]->for_kind, std::string("vectorized"));
    QCOMPARE(loops[0]->label, std::string("for (i, 0, 16)"));
  }

  void loopTreeKnowsWhatALoopPrefetches() {
    LoopTreeNode tree = BuildLoopTree(PrefetchingProgram());
    auto loops = Loops(tree);
    QCOMPARE(int(loops.size()), 2);
    using Prefetches = std::vector<std::pair<std::string, int64_t>>;
    QCOMPARE(loops[0]->prefetches, (Prefetches{{"B", 4}}));
    QVERIFY(loops[1]->prefetches.empty());
    LoopNestView view;
    DocumentState state;
    state.lowered = PrefetchingProgram();
    view.setState(state);
    QVERIFY2(view.loopItem("C", "i")->text(1).startsWith("serial, prefetches B 4 iteration"),
             qPrintable(view.loopItem("C", "i")->text(1)));
    QCOMPARE(view.loopItem("C", "j")->text(1), QString("vectorized"));
  }

  void clickingALoopSelectsItsIterVar() {
    SelectionModel selection;
    CodeView view;
    view.setSelectionModel(&selection);
    DocumentState state;
    state.lowered = GemmLikeProgram();
    view.setState(state);
    QVERIFY(view.editor()->toPlainText().contains("for (i, 0, 16)"));
    int at = view.offsetOfLoop("C", "j");
    QVERIFY(at > 0);
    QVERIFY(view.selectLoopAt(at + 2));
    QCOMPARE(selection.stage(), QString("C"));
    QCOMPARE(selection.iterVar(), QString("j"));
    // The selected loop's line is highlighted.
    QCOMPARE(view.editor()->extraSelections().size(), 1);
    QVERIFY(view.editor()->extraSelections().first().cursor.block().text().contains("(j, 0, 16)"));
    QVERIFY(!view.selectLoopAt(0) || selection.iterVar() == "i");
  }

  void clickingWithTheMouseSelectsToo() {
    SelectionModel selection;
    CodeView view;
    view.setSelectionModel(&selection);
    view.resize(500, 300);
    view.show();
    QVERIFY(QTest::qWaitForWindowExposed(&view));
    DocumentState state;
    state.lowered = GemmLikeProgram();
    view.setState(state);
    QTextCursor c(view.editor()->document());
    c.setPosition(view.offsetOfLoop("C", "i") + 1);
    QPoint p = view.editor()->cursorRect(c).center();
    QTest::mouseClick(view.editor()->viewport(), Qt::LeftButton, {}, p);
    QCOMPARE(selection.iterVar(), QString("i"));
  }

  void loopNestFollowsAndMakesSelections() {
    SelectionModel selection;
    LoopNestView view;
    view.setSelectionModel(&selection);
    DocumentState state;
    state.lowered = GemmLikeProgram();
    view.setState(state);
    QVERIFY(view.loopItem("C", "i"));
    QVERIFY(view.loopItem("C", "j"));
    selection.selectIterVar("C", "j");
    QCOMPARE(view.tree()->currentItem(), view.loopItem("C", "j"));
    view.tree()->setCurrentItem(view.loopItem("C", "i"));
    QCOMPARE(selection.iterVar(), QString("i"));
  }
};

}  // namespace tst_code_and_loop_views

QTEST_MAIN(tst_code_and_loop_views::TestCodeAndLoopViews)
#include "tst_code_and_loop_views.moc"
