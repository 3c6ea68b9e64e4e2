// Cache fit per loop in the Loop nest view (issue #15): every loop of a tiled 1024^3
// GEMM shows the bytes one of its iterations touches (in cache lines) as a bar coloured
// by the cache that holds it. One iteration of the outermost loop touches a 32-row panel
// of A and all of B (4 MiB and more) — it spills L1 on any machine; one iteration of the
// innermost loop touches a few lines — it fits L1 on any machine. A symbolic shape makes
// the working set unknown, said so rather than guessed.
#include <QTreeWidget>
#include <QTreeWidgetItemIterator>
#include <QtTest>

#include "Evaluation.h"
#include "analysis/CacheHierarchy.h"
#include "views/CacheFitColumn.h"
#include "views/LoopNestView.h"

namespace tst_cache_fit_column {

using namespace tessera;
using views::CacheFitDelegate;
using views::LoopNestView;

namespace {

constexpr const char* kTiledGemm = R"(import tvm
from tvm import te
A = te.placeholder((1024, 1024), name="A", dtype="float32")
B = te.placeholder((1024, 1024), name="B", dtype="float32")
k = te.reduce_axis((0, 1024), name="k")
C = te.compute((1024, 1024), lambda i, j: te.sum(A[i, k] * B[k, j], axis=k), name="C")
s = te.create_schedule(C.op)
io, jo, ii, ji = s[C].tile(C.op.axis[0], C.op.axis[1], x_factor=32, y_factor=32)
ko, ki = s[C].split(k, factor=8)
s[C].reorder(io, jo, ko, ii, ki, ji)
)";

constexpr const char* kSymbolic = R"(import tvm
from tvm import te
n = te.size_var("n")
A = te.placeholder((n, n), name="A", dtype="float32")
B = te.compute((n, n), lambda i, j: A[i, j] * 2.0, name="B")
s = te.create_schedule(B.op)
)";

// The last item of `stage`'s loop `var` (the update nest comes after the initialisation).
QTreeWidgetItem* LastLoop(LoopNestView& view, const QString& stage, const QString& var) {
  QTreeWidgetItem* found = nullptr;
  for (QTreeWidgetItemIterator it(view.tree()); *it; ++it)
    if ((*it)->data(0, LoopNestView::kStageRole).toString() == stage &&
        (*it)->data(0, LoopNestView::kVarRole).toString() == var)
      found = *it;
  return found;
}

}  // namespace

class TestCacheFitColumn : public QObject {
  Q_OBJECT

 private slots:
  void everyLoopShowsItsWorkingSetAgainstTheCaches() {
    LoopNestView view;
    view.setState(gui::Evaluate(kTiledGemm, "gemm.py"));
    const int column = LoopNestView::kWorkingSetColumn;
    QCOMPARE(view.tree()->headerItem()->text(column), QString("Working set"));
    QVERIFY(qobject_cast<CacheFitDelegate*>(view.tree()->itemDelegateForColumn(column)));
    int loops = 0;
    for (QTreeWidgetItemIterator it(view.tree()); *it; ++it) {
      if ((*it)->data(0, LoopNestView::kVarRole).toString().isEmpty()) continue;
      ++loops;
      QVERIFY2((*it)->data(column, CacheFitDelegate::kBytesRole).toLongLong() > 0,
               qPrintable((*it)->text(0)));
    }
    QVERIFY(loops >= 6);

    QTreeWidgetItem* outer = LastLoop(view, "C", "i.outer");
    QTreeWidgetItem* inner = LastLoop(view, "C", "j.inner");
    QVERIFY(outer && inner);
    qint64 outer_bytes = outer->data(column, CacheFitDelegate::kBytesRole).toLongLong();
    qint64 inner_bytes = inner->data(column, CacheFitDelegate::kBytesRole).toLongLong();
    QVERIFY(outer_bytes >= 4 * 1024 * 1024);  // all of B, 4 MiB
    QVERIFY(inner_bytes <= 4 * 64);           // C, A and B: a line or two each
    QVERIFY(outer->data(column, CacheFitDelegate::kLevelRole).toString() !=
            "L1");  // marked as spilling
    QCOMPARE(inner->data(column, CacheFitDelegate::kLevelRole).toString(), QString("L1"));
    QVERIFY(outer->data(column, CacheFitDelegate::kFractionRole).toDouble() >
            inner->data(column, CacheFitDelegate::kFractionRole).toDouble());
    // The tooltip lists the buffers and the caches it was compared with.
    QString tip = outer->toolTip(column);
    QVERIFY2(tip.contains("A:") && tip.contains("B:") && tip.contains("C:") && tip.contains("L1"),
             qPrintable(tip));
    QVERIFY(tip.contains(QString::fromStdString(analysis::HostCacheHierarchy().Describe())));
  }

  void theBarIsPaintedWithItsLevel() {
    LoopNestView view;
    view.resize(900, 400);
    view.setState(gui::Evaluate(kTiledGemm, "gemm.py"));
    QImage image(view.size(), QImage::Format_ARGB32);
    image.fill(Qt::white);
    view.render(&image);  // paints every row through the delegate without a crash
    QTreeWidgetItem* outer = LastLoop(view, "C", "i.outer");
    QRect cell = view.tree()->visualItemRect(outer);
    QVERIFY(cell.isValid());
  }

  void symbolicShapesAreUnknownNotGuessed() {
    LoopNestView view;
    view.setState(gui::Evaluate(kSymbolic, "sym.py"));
    QTreeWidgetItem* i = LastLoop(view, "B", "i");
    QVERIFY(i);
    QCOMPARE(i->data(LoopNestView::kWorkingSetColumn, CacheFitDelegate::kBytesRole).toLongLong(),
             qint64(-1));
    QVERIFY(i->toolTip(LoopNestView::kWorkingSetColumn).contains("symbolic"));
  }
};

}  // namespace tst_cache_fit_column

QTEST_MAIN(tst_cache_fit_column::TestCacheFitColumn)
#include "tst_cache_fit_column.moc"
