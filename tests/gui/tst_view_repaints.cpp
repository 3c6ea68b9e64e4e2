// What a refresh repaints: a graph shown again unchanged repaints nothing; a changed node
// is repainted with its new look (never a stale one).
#include <QtTest>

#include "views/graph/GraphModel.h"
#include "views/graph/GraphScene.h"
#include "views/graph/GraphView.h"

namespace tst_view_repaints {

using namespace tessera::views;

namespace {

// A -> B -> C.
GraphModel Chain() {
  GraphModel m;
  for (const char* id : {"A", "B", "C"}) m.addNode({id, id});
  m.addEdge({"A", "B"});
  m.addEdge({"B", "C"});
  return m;
}

// Counts the events of one type a widget receives.
class EventCounter : public QObject {
 public:
  EventCounter(QWidget* widget, QEvent::Type type) : type_(type) {
    widget->installEventFilter(this);
  }
  int take() { return std::exchange(count_, 0); }
  bool eventFilter(QObject*, QEvent* event) override {
    if (event->type() == type_) ++count_;
    return false;
  }

 private:
  QEvent::Type type_;
  int count_ = 0;
};

// Delivers everything pending (posted events, zero timers, repaints).
void Settle() {
  for (int i = 0; i < 3; ++i) {
    QCoreApplication::sendPostedEvents();
    QCoreApplication::processEvents();
  }
}

}  // namespace

class TestViewRepaints : public QObject {
  Q_OBJECT

 private slots:
  void unchangedGraphRepaintsNothing() {
    GraphScene scene;
    GraphView view;
    view.setScene(&scene);
    view.resize(400, 300);
    view.show();
    QVERIFY(QTest::qWaitForWindowExposed(&view));
    QVERIFY(scene.setModel(Chain()));
    Settle();
    EventCounter paints(view.viewport(), QEvent::Paint);

    QVERIFY(scene.setModel(Chain()));  // a refresh that changed nothing in this graph
    scene.setHighlighted({});
    Settle();
    QCOMPARE(paints.take(), 0);

    GraphModel restyled = Chain();
    restyled.mutableNode("B")->label = "B\nsplit";
    QVERIFY(scene.setModel(restyled));
    Settle();
    QCOMPARE(scene.layoutCount(), 1);  // restyled in place, not laid out again
    QCOMPARE(scene.nodeItem("B")->node().label, QString("B\nsplit"));
    QVERIFY(paints.take() >= 1);  // and repainted with it

    scene.setHighlighted({"C"});
    Settle();
    QVERIFY(scene.nodeItem("C")->highlighted());
    QVERIFY(paints.take() >= 1);
  }
};

}  // namespace tst_view_repaints

QTEST_MAIN(tst_view_repaints::TestViewRepaints)
#include "tst_view_repaints.moc"
