// GraphModel + Graphviz layout + GraphScene: positions for a small graph, rank
// groups, edge splines and labels, relayout only on structural change, drops, node
// sizes that follow their labels and the font.
#include <QMimeData>
#include <QScrollBar>
#include <QTemporaryDir>
#include <QtTest>

#include "views/graph/GraphItems.h"
#include "views/graph/GraphLayout.h"
#include "views/graph/GraphModel.h"
#include "views/graph/GraphScene.h"
#include "views/graph/GraphView.h"

namespace tst_graph_layout {

using namespace tessera::views;

namespace {

// A -> B, A -> C, B -> D, C -> D: a diamond.
GraphModel Diamond() {
  GraphModel m;
  for (const char* id : {"A", "B", "C", "D"}) m.addNode({id, id});
  m.addEdge({"A", "B"});
  m.addEdge({"A", "C"});
  m.addEdge({"B", "D", "label"});
  m.addEdge({"C", "D"});
  return m;
}

}  // namespace

class TestGraphLayout : public QObject {
  Q_OBJECT

 private slots:
  void modelKeepsNodesAndRejectsDanglingEdges() {
    GraphModel m = Diamond();
    QCOMPARE(int(m.nodes().size()), 4);
    QVERIFY(!m.addEdge({"A", "nowhere"}));
    QCOMPARE(int(m.edges().size()), 4);
    m.addNode({"A", "renamed"});
    QCOMPARE(int(m.nodes().size()), 4);
    QCOMPARE(m.node("A")->label, QString("renamed"));
  }

  void dotGivesPositionsForASmallGraph() {
    auto g = LayoutGraph(Diamond());
    QVERIFY(g.ok());
    QCOMPARE(int(g->nodes.size()), 4);
    QCOMPARE(int(g->edges.size()), 4);
    // Top to bottom: A above B and C, which are above D; B and C side by side.
    QVERIFY(g->nodes[0].center().y() < g->nodes[1].center().y());
    QVERIFY(g->nodes[1].center().y() < g->nodes[3].center().y());
    QCOMPARE(g->nodes[1].center().y(), g->nodes[2].center().y());
    QVERIFY(g->nodes[1].center().x() != g->nodes[2].center().x());
    for (const QRectF& r : g->nodes) QVERIFY(g->bounds.contains(r.center()));
    for (const auto& e : g->edges) {
      QVERIFY(e.points.size() >= 4);
      QCOMPARE((e.points.size() - 1) % 3, size_t(0));
      QVERIFY(e.arrowTip.has_value());
    }
    QVERIFY(g->edges[2].labelPos.has_value());
    QVERIFY(!g->edges[0].labelPos.has_value());
  }

  void nodeSizesAreKept() {
    GraphModel m;
    GraphNode wide("wide", "wide", NodeShape::Box);
    wide.size = QSizeF(200, 40);
    m.addNode(wide);
    auto g = LayoutGraph(m);
    QVERIFY(g.ok());
    QCOMPARE(qRound(g->nodes[0].width()), 200);
    QCOMPARE(qRound(g->nodes[0].height()), 40);
  }

  // Label widths are kept per font: a label's size is what its text measures in the
  // font nodes are painted with, also after the application's font changed.
  void labelSizeFollowsTheTextAndTheFont() {
    auto measured = [](const QString& label) {
      QFont font = QApplication::font();
      font.setPointSizeF(9);
      QFontMetricsF fm(font);
      double w = 0;
      for (const QString& line : label.split('\n')) w = std::max(w, fm.horizontalAdvance(line));
      return w + 18;
    };
    const QString wide = "a rather wide label for a node\nand a second line";
    QCOMPARE(LabelSize(wide, 0, 0).width(), measured(wide));
    QCOMPARE(LabelSize(wide, 0, 0).width(), measured(wide));  // from the kept widths
    QVERIFY(LabelSize("i.outer.inner", 0, 0).width() > LabelSize("i", 0, 0).width());
    const QFont before = QApplication::font();
    QFont bold = before;
    bold.setBold(true);
    QApplication::setFont(bold);
    const double boldWidth = LabelSize(wide, 0, 0).width();
    QCOMPARE(boldWidth, measured(wide));
    QApplication::setFont(before);
    QVERIFY(boldWidth > LabelSize(wide, 0, 0).width());
    QCOMPARE(LabelSize(wide, 0, 0).width(), measured(wide));
  }

  // An edge's bounds hold its label's box (the kept width of its text, centred on the
  // place Graphviz gave the label), whatever label it had before.
  void edgeBoundsHoldTheirLabel() {
    EdgeGeometry g;
    g.points = {{0, 0}, {0, 10}, {0, 20}, {0, 30}};
    g.labelPos = QPointF(0, 15);
    QFont font = QApplication::font();
    font.setPointSizeF(8);
    const QString longer = "a relation with a long name";
    EdgeItem edge(GraphEdge("A", "B", "x"), g);
    const double narrow = edge.boundingRect().width();
    edge.setGeometry(GraphEdge("A", "B", longer), g);
    QVERIFY(edge.boundingRect().width() > narrow);
    QVERIFY(edge.boundingRect().width() >= QFontMetricsF(font).horizontalAdvance(longer) + 6);
    QCOMPARE(edge.boundingRect().center().x(), 0.0);
  }

  void leftToRightPutsSuccessorsToTheRight() {
    auto g = LayoutGraph(Diamond(), RankDir::LeftToRight);
    QVERIFY(g.ok());
    QVERIFY(g->nodes[0].center().x() < g->nodes[3].center().x());
  }

  void topRankGroupIsFirst() {
    GraphModel m;
    for (const char* id : {"x", "y", "z"}) m.addNode({id, id});
    m.addEdge({"x", "z"});
    m.addSameRank({"y", "x"}, true);
    auto g = LayoutGraph(m);
    QVERIFY(g.ok());
    QCOMPARE(g->nodes[0].center().y(), g->nodes[1].center().y());
    QVERIFY(g->nodes[1].center().y() < g->nodes[2].center().y());
  }

  void emptyModelHasEmptyGeometry() {
    auto g = LayoutGraph(GraphModel());
    QVERIFY(g.ok());
    QVERIFY(g->nodes.empty());
  }

  void sceneRelayoutsOnlyOnStructuralChange() {
    GraphScene scene;
    QVERIFY(scene.setModel(Diamond()));
    QCOMPARE(scene.layoutCount(), 1);
    QVERIFY(scene.nodeItem("D"));
    QCOMPARE(scene.edgeItems().size(), 4);
    GraphModel restyled = Diamond();
    restyled.mutableNode("B")->greyed = true;
    QVERIFY(scene.setModel(restyled));
    QCOMPARE(scene.layoutCount(), 1);
    QVERIFY(scene.nodeItem("B")->node().greyed);
    GraphModel grown = Diamond();
    grown.addNode({"E", "E"});
    grown.addEdge({"D", "E"});
    QVERIFY(scene.setModel(grown));
    QCOMPARE(scene.layoutCount(), 2);
    QVERIFY(scene.nodeItem("E"));
  }

  // A new layout moves the items that stay: the same node and edge items (pointers) at
  // the new layout's places, the highlight kept; only the edge that went is deleted.
  void relayoutMovesTheItemsThatStay() {
    GraphScene scene;
    QVERIFY(scene.setModel(Diamond()));
    scene.setHighlighted({"B"});
    QHash<QString, NodeItem*> nodes;
    QHash<QString, QPointF> was;
    for (const char* id : {"A", "B", "C", "D"}) {
      nodes[id] = scene.nodeItem(id);
      nodes[id]->setData(0,
                         QString("kept ") + id);  // told apart from a new item at the same address
      was[id] = scene.nodeItem(id)->pos();
    }
    const QList<EdgeItem*> edges = scene.edgeItems();
    QCOMPARE(edges.size(), 4);
    for (int i = 0; i < edges.size(); ++i) edges[i]->setData(0, i);
    // E goes between A and B: B and D move down a rank, A -> B is gone.
    GraphModel grown;
    for (const char* id : {"A", "B", "C", "D", "E"}) grown.addNode({id, id});
    grown.addEdge({"A", "E"});
    grown.addEdge({"E", "B"});
    grown.addEdge({"A", "C"});
    grown.addEdge({"B", "D", "label"});
    grown.addEdge({"C", "D"});
    QVERIFY(scene.setModel(grown));
    QCOMPARE(scene.layoutCount(), 2);
    auto g = LayoutGraph(grown);
    QVERIFY(g.ok());
    for (const char* id : {"A", "B", "C", "D"}) {
      QCOMPARE(scene.nodeItem(id), nodes[id]);
      QCOMPARE(scene.nodeItem(id)->data(0).toString(), QString("kept ") + id);
    }
    for (size_t i = 0; i < grown.nodes().size(); ++i) {
      NodeItem* item = scene.nodeItem(grown.nodes()[i].id);
      QCOMPARE(item->pos(), g->nodes[i].center());
      QCOMPARE(item->boundingRect().size(), g->nodes[i].size() + QSizeF(8, 14));
    }
    QVERIFY(scene.nodeItem("B")->pos() != was["B"]);
    QVERIFY(scene.nodeItem("B")->highlighted());
    QVERIFY(!scene.nodeItem("E")->highlighted());
    const QList<EdgeItem*> now = scene.edgeItems();
    QCOMPARE(now.size(), 5);
    QCOMPARE(now[2], edges[1]);  // A -> C
    QCOMPARE(now[3], edges[2]);  // B -> D
    QCOMPARE(now[4], edges[3]);  // C -> D
    QCOMPARE(now[2]->data(0).toInt(), 1);
    QCOMPARE(now[4]->data(0).toInt(), 3);
    QVERIFY(!now[0]->data(0).isValid());  // A -> E is new
    for (int i = 0; i < now.size(); ++i) {
      QCOMPARE(now[i]->edge().from, grown.edges()[size_t(i)].from);
      QCOMPARE(now[i]->path().elementAt(0),
               QPainterPath(g->edges[size_t(i)].points[0]).elementAt(0));
    }
    QVERIFY(!scene.items().contains(static_cast<QGraphicsItem*>(edges[0])));  // A -> B
    QCOMPARE(scene.items().size(), 10);
    // A node that leaves the graph leaves the scene.
    QVERIFY(scene.setModel(Diamond()));
    QVERIFY(!scene.nodeItem("E"));
    QCOMPARE(scene.items().size(), 8);
    QCOMPARE(scene.nodeItem("D"), nodes["D"]);
  }

  // Fitting again what is fitted changes nothing; after the user scrolled, it refits.
  void fitAllRefitsOnlyWhatChanged() {
    GraphModel tall;
    for (int i = 0; i < 12; ++i) tall.addNode({QString::number(i), QString::number(i)});
    for (int i = 0; i + 1 < 12; ++i) tall.addEdge({QString::number(i), QString::number(i + 1)});
    GraphScene scene;
    QVERIFY(scene.setModel(tall));
    GraphView view;
    view.setScene(&scene);
    view.resize(300, 200);
    view.show();
    QVERIFY(QTest::qWaitForWindowExposed(&view));
    view.fitAll();
    const QTransform fitted = view.transform();
    const int top = view.verticalScrollBar()->value();
    QCOMPARE(view.zoom(), view.minimumFitZoom());  // too tall: scrollbars, from the top
    view.fitAll();
    QCOMPARE(view.transform(), fitted);
    QCOMPARE(view.verticalScrollBar()->value(), top);
    view.verticalScrollBar()->setValue(view.verticalScrollBar()->maximum());
    QVERIFY(view.verticalScrollBar()->value() != top);
    view.fitAll();
    QCOMPARE(view.verticalScrollBar()->value(), top);
  }

  void highlightFollowsIds() {
    GraphScene scene;
    scene.setModel(Diamond());
    scene.setHighlighted({"B"});
    QVERIFY(scene.nodeItem("B")->highlighted());
    QVERIFY(!scene.nodeItem("A")->highlighted());
  }

  void legalDropEmitsNodeDropped() {
    GraphScene scene;
    scene.setModel(Diamond());
    scene.setDropValidator([](const QString& s, const QString& t) {
      return s == "B" && t == "C" ? QString() : QString("only B onto C");
    });
    QSignalSpy dropped(&scene, &GraphScene::nodeDropped);
    QSignalSpy rejected(&scene, &GraphScene::dropRejected);
    std::unique_ptr<QMimeData> mime(GraphScene::mimeForNode("B"));
    QVERIFY(scene.dropOnNode(mime.get(), "C"));
    QCOMPARE(dropped.count(), 1);
    QCOMPARE(dropped.at(0).at(0).toString(), QString("B"));
    QCOMPARE(dropped.at(0).at(1).toString(), QString("C"));
    QVERIFY(!scene.dropOnNode(mime.get(), "D"));
    QCOMPARE(rejected.count(), 1);
    QCOMPARE(rejected.at(0).at(0).toString(), QString("only B onto C"));
    QMimeData text;
    text.setText("B");
    QVERIFY(!scene.dropOnNode(&text, "C"));
    QCOMPARE(dropped.count(), 1);
  }

  void clickingANodeEmitsItsId() {
    GraphScene scene;
    scene.setModel(Diamond());
    GraphView view;
    view.setScene(&scene);
    view.resize(400, 400);
    view.show();
    QVERIFY(QTest::qWaitForWindowExposed(&view));
    QSignalSpy clicked(&scene, &GraphScene::nodeClicked);
    QPoint p = view.mapFromScene(scene.nodeItem("C")->pos());
    QTest::mouseClick(view.viewport(), Qt::LeftButton, {}, p);
    QCOMPARE(clicked.count(), 1);
    QCOMPARE(clicked.at(0).at(0).toString(), QString("C"));
  }

  void exportsPngAndSvg() {
    GraphScene scene;
    scene.setModel(Diamond());
    GraphView view;
    view.setScene(&scene);
    QTemporaryDir dir;
    QVERIFY(view.exportImage(dir.filePath("g.png")));
    QVERIFY(view.exportImage(dir.filePath("g.svg")));
    QImage png(dir.filePath("g.png"));
    QVERIFY(!png.isNull());
    QFile svg(dir.filePath("g.svg"));
    QVERIFY(svg.open(QIODevice::ReadOnly));
    QVERIFY(svg.readAll().contains("<svg"));
  }
};

}  // namespace tst_graph_layout

QTEST_MAIN(tst_graph_layout::TestGraphLayout)
#include "tst_graph_layout.moc"
