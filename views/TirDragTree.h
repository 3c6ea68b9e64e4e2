// TirDragTree: a tree of TensorIR blocks and loops whose rows are dragged and dropped to
// apply compute_at, reverse_compute_at, fuse and reorder. Rows carry GraphScene node ids
// ("block:C", "loop:C/i_0"), so the graphs' nodes drop here too. The owning view judges
// each drop (on a row, or before or after it when the insertion line is shown); the
// tree accepts a drag only while the judge finds it legal, so an illegal drop is refused
// before release and the status bar says why; a legal drop emits the judged intent.
#pragma once

#include <QTreeWidget>
#include <functional>

#include "views/TirIntents.h"

namespace tessera::views {

class ViewBase;

// Accepts a drag move the judge found legal and names its primitive in the owner's status
// bar, or refuses it with the judge's reason: the one rule of every TensorIR drop target.
void AcceptOrRefuseDragMove(QDragMoveEvent* event, const TirDrop& judged, ViewBase* owner);

class TirDragTree : public QTreeWidget {
 public:
  using PayloadOf = std::function<QString(const QTreeWidgetItem* item)>;
  using Judge =
      std::function<TirDrop(const QString& payload, QTreeWidgetItem* target, TirDropPlace place)>;

  // `betweenRows`: a drop in the gap before or after a row counts as Before / After
  // (otherwise every drop is On the row under the cursor).
  TirDragTree(ViewBase* owner, PayloadOf payloadOf, Judge judge, bool betweenRows);

  // The payload a drag carries, read from drag mime data ("" = none).
  static QString PayloadIn(const QMimeData* mime);
  // Handles a drop of `mime` on `target`: emits the owner's intent, or its status message
  // with the reason; returns whether it applied. Real drops and tests come here.
  bool drop(const QMimeData* mime, QTreeWidgetItem* target, TirDropPlace place);

 protected:
  QMimeData* mimeData(const QList<QTreeWidgetItem*>& items) const override;
  QStringList mimeTypes() const override;
  void dragEnterEvent(QDragEnterEvent* event) override;
  void dragMoveEvent(QDragMoveEvent* event) override;
  void dropEvent(QDropEvent* event) override;

 private:
  TirDropPlace placeAt() const;

  ViewBase* owner_;
  PayloadOf payloadOf_;
  Judge judge_;
  bool betweenRows_;
};

}  // namespace tessera::views
