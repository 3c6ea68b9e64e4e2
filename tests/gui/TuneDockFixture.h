// The Tune dock of a real window, tuning with the build's tessera-cli as the local
// runner's worker: the fixture the Tune dock suites (te and TensorIR documents) share.
#pragma once

#include <QSettings>
#include <QSignalSpy>
#include <QSpinBox>
#include <QString>

#include "Document.h"
#include "MainWindow.h"
#include "TuneController.h"
#include "runner/Runner.h"
#include "views/TuneView.h"

namespace tessera::testing {

// The local runner with the build's tessera-cli as its worker (empty worker_path where the
// build does not say where it is).
inline runner::RunnerOptions BuiltWorker() {
  runner::RunnerOptions o;
  o.kind = "local";
#ifdef TESSERA_CLI_PATH
  o.worker_path = TESSERA_CLI_PATH;
#endif
  o.parallel_builds = 2;
  o.poll_s = 0.05;
  return o;
}

// A non-interactive window, holding `text` as its document where one is given, whose Tune
// dock records into `db` and measures small batches once each with the build's worker.
struct TuneDockWindow {
  // The dock starts from its own settings, not those an earlier window left (AppSettings).
  struct ForgetTuneChoices {
    ForgetTuneChoices() { QSettings().remove("tune"); }
  } forget;
  gui::MainWindow w;
  gui::TuneController* tune = nullptr;
  views::TuneView* view = nullptr;

  TuneDockWindow(const QString& db, int timeout_s, const QString& text = {},
                 const QString& name = {}) {
    w.setInteractive(false);
    if (!text.isEmpty()) w.document()->reset(text, name);
    tune = w.findChild<gui::TuneController*>();
    view = w.findChild<views::TuneView*>();
    if (!tune || !view) return;
    tune->setDatabasePath(db);
    tune->setRunnerOptions(BuiltWorker());
    gui::TuneSettings s;
    s.batch_size = 2;
    s.repeat = 1;
    s.timeout_s = timeout_s;
    // The claim's fresh processes are tst_tune_claims_gui's subject; here the dock's.
    s.claim_processes = 0;
    tune->setDefaults(s);
  }
  // Starts a session of `trials` from the dock's Start button; whether it runs.
  bool start(int trials) {
    view->trialsBox()->setValue(trials);
    view->button("tuneStart")->click();
    return tune->state() == views::TuneRunState::Running;
  }
};

inline bool MessagesContain(gui::TuneController* tune, const QString& text) {
  for (const QString& m : tune->messages())
    if (m.contains(text)) return true;
  return false;
}

// Waits up to `ms` for the session to end; whether the controller is idle.
inline bool WaitForEnd(gui::TuneController* tune, int ms = 600000) {
  if (tune->state() == views::TuneRunState::Idle) return true;
  QSignalSpy ended(tune, &gui::TuneController::sessionEnded);
  return ended.wait(ms) && tune->state() == views::TuneRunState::Idle;
}

}  // namespace tessera::testing
