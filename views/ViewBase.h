// ViewBase: what the main window needs from every view. A view shows a DocumentState,
// follows the shared selection, and reports requests (intents) and messages upward.
#pragma once

#include <QPointer>
#include <QWidget>

#include "views/DocumentState.h"
#include "views/Intent.h"
#include "views/SelectionModel.h"

class QLabel;

namespace tessera::views {

class ViewBase : public QWidget {
  Q_OBJECT

 public:
  explicit ViewBase(QWidget* parent = nullptr) : QWidget(parent) {}

  // Redraws from `state`; called after every evaluation of the document.
  virtual void setState(const DocumentState& state) = 0;
  // Shares the selection; the view highlights it and writes user selections to it.
  void setSelectionModel(SelectionModel* model);
  SelectionModel* selectionModel() const { return selection_; }
  // The application's dry run of an intent, for the dialogs a view opens.
  void setIntentCheck(IntentCheck check) { check_ = std::move(check); }
  const IntentCheck& intentCheck() const { return check_; }
  void setTirDryRun(TirDryRun run) { dryRun_ = std::move(run); }
  const TirDryRun& tirDryRun() const { return dryRun_; }

  // Saves the view's content as PNG, or SVG when the path ends in ".svg".
  virtual bool exportImage(const QString& path);
  // Another document is about to be shown: drop what the view remembers of the old one
  // (the stage it shows, ...), so that nothing leaks into the new document.
  virtual void forgetDocument() {}
  // Marks the view as showing an older state than the document's (the script no longer
  // evaluates, #17 item 6): a banner across its top says so and why, until it is called
  // with an empty reason.
  void setStale(const QString& reason);
  bool isStale() const;
  QString staleReason() const;

 signals:
  void intentRequested(const tessera::views::Intent& intent);
  // A message for the status bar (an illegal drop's reason, a hover readout).
  void statusMessage(const QString& message);
  // The user asked to go back to a recorded schedule version (RunHistory id).
  void versionRequested(int version);

 protected:
  // Called when the shared selection changes (and once when the model is set).
  virtual void selectionChanged() {}
  // Sets the texts the view made once (headers, labels, tooltips) in the current
  // language; called on QEvent::LanguageChange. Texts made by setState() are redone by
  // the main window, which hands every view its state again.
  virtual void retranslateUi() {}
  void changeEvent(QEvent* event) override;
  void resizeEvent(QResizeEvent* event) override;

 private:
  void placeStaleBanner();

  QPointer<SelectionModel> selection_;
  IntentCheck check_;
  TirDryRun dryRun_;
  QLabel* staleBanner_ = nullptr;
};

}  // namespace tessera::views
