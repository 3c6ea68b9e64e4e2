// A TensorIR document in a real window, driven through the context menus of the block
// graph, the loops graph and the loop nest: the fixture the TensorIR menu suites share.
// A menu action counts as applied when it adds exactly one undo step that changes the
// script; the parameter dialog is answered by Answer().
#pragma once

#include <QAction>
#include <QList>
#include <QMenu>
#include <QStatusBar>
#include <QString>
#include <QVariantMap>
#include <memory>
#include <optional>

#include "MainWindow.h"
#include "views/ParameterDialog.h"
#include "views/TirBlockGraphView.h"
#include "views/TirLoopGraphView.h"
#include "views/TirLoopNestView.h"

namespace tessera::testing {

inline QString LastLine(const QString& text) { return text.trimmed().section('\n', -1); }

inline QAction* ActionNamed(QMenu* menu, const QString& name) {
  for (QAction* a : menu->actions())
    if (a->objectName() == name) return a;
  return nullptr;
}

// An asker that answers `answers` (the rest at their defaults) and keeps the fields it
// was asked in `asked` where one is given.
inline views::ParameterAsker Answer(QVariantMap answers,
                                    QList<views::ParamField>* asked = nullptr) {
  return [answers, asked](QWidget*, const QString&,
                          const QList<views::ParamField>& fields) -> std::optional<QVariantMap> {
    if (asked) *asked = fields;
    QVariantMap out;
    for (const views::ParamField& f : fields) {
      if (f.kind == views::ParamField::Kind::Preview) continue;
      out[f.key] = answers.contains(f.key) ? answers.value(f.key) : f.value;
    }
    return out;
  };
}

// The window of a menu suite (a suite derives from QObject, then from this): Open() in
// the suite's init(), Close() in its cleanup().
class TirMenuWindow {
 protected:
  std::unique_ptr<gui::MainWindow> w;

  // A fresh non-interactive window on `script`; whether it holds a TensorIR schedule
  // (w->lastMessage() says why not).
  bool Open(const QString& script, const QString& name) {
    w = std::make_unique<gui::MainWindow>();
    w->setInteractive(false);
    w->document()->reset(script, name);
    return bool(w->document()->state().tir_schedule);
  }
  void Close() {
    views::SetParameterAsker(nullptr);
    w.reset();
  }

  const tir::Schedule& Sch() const { return *w->document()->state().tir_schedule; }
  QString Text() const { return w->document()->text(); }
  // What the views last said (a refusal goes to the status bar).
  QString Status() const { return w->statusBar()->currentMessage(); }
  int Steps() const { return w->document()->undoStack()->index(); }
  void UndoOnce() { w->document()->undoStack()->undo(); }

  // Triggers `action`; whether it added exactly one undo step that changed the text.
  bool Trigger(QAction* action) {
    if (!action || !action->isEnabled()) return false;
    QString before = Text();
    int steps = Steps();
    action->trigger();
    return Text() != before && Steps() == steps + 1;
  }
  bool FromBlockGraph(const QString& block, const QString& primitive) {
    std::unique_ptr<QMenu> menu(w->tirBlockView()->contextMenuFor(block));
    return Trigger(menu ? ActionNamed(menu.get(), primitive) : nullptr);
  }
  bool FromLoopGraph(const QString& block, const QString& loop, const QString& primitive) {
    w->selection()->selectStage(block);
    std::unique_ptr<QMenu> menu(w->tirLoopView()->contextMenuFor(loop));
    return Trigger(menu ? ActionNamed(menu.get(), primitive) : nullptr);
  }
  bool FromNestBlock(const QString& block, const QString& primitive) {
    views::TirLoopNestView* nest = w->tirLoopNestView();
    std::unique_ptr<QMenu> menu(nest->contextMenuFor(nest->blockItem(block)));
    return Trigger(menu ? ActionNamed(menu.get(), primitive) : nullptr);
  }
  bool FromNestLoop(const QString& block, const QString& loop, const QString& primitive) {
    views::TirLoopNestView* nest = w->tirLoopNestView();
    std::unique_ptr<QMenu> menu(nest->contextMenuFor(nest->loopItem(block, loop)));
    return Trigger(menu ? ActionNamed(menu.get(), primitive) : nullptr);
  }
};

}  // namespace tessera::testing
