// TirLoopStrip: the loop-order strip under the TensorIR loop graph, the counterpart of
// the IterVar graph's strip: the selected block's loops, outermost first, left to right.
// A loop dragged into the gap before or after another loop moves there (reorder); dropped
// on the middle of its neighbour it fuses with it, on another loop the two swap; a block
// dropped on a loop is computed there. Items carry the loop nest's payloads
// ("loop:<block>/<var>"), so loops from the loop nest and blocks from the block graph
// drop here too. The owning view judges each drop; a drag is accepted only while the
// judge finds it legal, so an illegal drop is refused before release, its reason in the
// status bar.
#pragma once

#include <QListWidget>
#include <functional>

#include "views/TirIntents.h"

namespace tessera::views {

class ViewBase;

class TirLoopStrip : public QListWidget {
 public:
  static constexpr int kPayloadRole = Qt::UserRole + 1;
  using Judge =
      std::function<TirDrop(const QString& payload, const QString& loop, TirDropPlace place)>;

  TirLoopStrip(ViewBase* owner, Judge judge);

  // Shows `loops` of `block`, outermost first; `selected` is highlighted.
  void setLoops(const QString& block, const QStringList& loops, const QString& selected);
  QListWidgetItem* loopItem(const QString& loop) const;
  // Where over `item` a point of the viewport lands: its left or right quarter is the gap
  // before or after it, the rest is on it.
  TirDropPlace placeAt(const QListWidgetItem* item, const QPoint& point) const;
  // Handles a drop of `mime` at `place` of `loop`: emits the owner's intent, or its status
  // message with the reason; returns whether it applied. Real drops and tests come here.
  bool drop(const QMimeData* mime, const QString& loop, TirDropPlace place);

 protected:
  QMimeData* mimeData(const QList<QListWidgetItem*>& items) const override;
  QStringList mimeTypes() const override;
  void dragEnterEvent(QDragEnterEvent* event) override;
  void dragMoveEvent(QDragMoveEvent* event) override;
  void dropEvent(QDropEvent* event) override;

 private:
  TirDrop judgeAt(const QMimeData* mime, const QPoint& point) const;

  ViewBase* owner_;
  Judge judge_;
};

}  // namespace tessera::views
