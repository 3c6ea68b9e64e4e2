// tessera-bench-gui [--iterations N]: the desktop application's responsiveness on the
// GEMM example, in the real MainWindow (offscreen). Each step is timed from the intent
// (a menu action, a drag, Edit > Undo / Redo, a script edit) until every visible view
// has been refreshed and the posted events (layouts, repaints) are processed; p50, p95
// and max are printed against the 16 ms frame budget. Then a profile runs on the worker
// thread while a 1 ms heartbeat on the GUI thread measures the longest stall.
#include <QApplication>
#include <QCommandLineParser>
#include <QElapsedTimer>
#include <QListWidget>
#include <QMenu>
#include <QMimeData>
#include <QStandardPaths>
#include <QTimer>
#include <algorithm>
#include <cstdio>
#include <functional>
#include <map>
#include <memory>
#include <string>
#include <vector>

#include "MainWindow.h"
#include "codegen/LLVMBackend.h"
#include "views/IterVarGraphView.h"
#include "views/LoopNestView.h"
#include "views/ParameterDialog.h"
#include "views/StageDagView.h"
#include "views/graph/GraphScene.h"

namespace {

using tessera::gui::MainWindow;
namespace views = tessera::views;

constexpr double kFrameMs = 16.0;

double Ms(const QElapsedTimer& t) { return double(t.nsecsElapsed()) / 1e6; }

// Runs `step` and waits until the window has caught up with it.
double Timed(const std::function<void()>& step) {
  QElapsedTimer t;
  t.start();
  step();
  QCoreApplication::sendPostedEvents();
  QCoreApplication::processEvents();
  return Ms(t);
}

double Percentile(std::vector<double> v, double p) {
  if (v.empty()) return 0;
  std::sort(v.begin(), v.end());
  size_t i = std::min(v.size() - 1, size_t(p * double(v.size() - 1) + 0.5));
  return v[i];
}

void Report(const std::string& name, const std::vector<double>& ms) {
  double p95 = Percentile(ms, 0.95);
  std::printf("%-22s n=%-4zu p50 %7.2f ms  p95 %7.2f ms  max %7.2f ms  p95/frame %.2f%s\n",
              name.c_str(), ms.size(), Percentile(ms, 0.5), p95,
              ms.empty() ? 0.0 : *std::max_element(ms.begin(), ms.end()), p95 / kFrameMs,
              p95 > kFrameMs ? "  (over budget)" : "");
}

std::unique_ptr<QMimeData> Mime(const QString& id) {
  return std::unique_ptr<QMimeData>(views::GraphScene::mimeForNode(id));
}

class Bench {
 public:
  explicit Bench(MainWindow& w) : w_(w) {}

  // One round of every step; each primitive is undone (untimed) so rounds repeat.
  void round() {
    primitive("split", [&] {
      w_.selection()->selectIterVar("C", "k.inner");
      w_.action("action_split")->trigger();
    });
    primitive("reorder (drag)", [&] {
      w_.selection()->selectStage("C");
      w_.iterVarView()->loopOrderStrip()->model()->moveRow(QModelIndex(), 4, QModelIndex(), 3);
    });
    // Fuse needs two adjacent loops without annotations: k.outer is first moved after
    // i.inner (untimed), then i.inner is dropped on j.outer.
    primitive("fuse (drag)", [&] {
      w_.selection()->selectStage("C");
      w_.iterVarView()->scene()->dropOnNode(Mime("iv:i.inner").get(), "iv:j.outer");
    }, [&] {
      w_.selection()->selectStage("C");
      w_.iterVarView()->loopOrderStrip()->model()->moveRow(QModelIndex(), 2, QModelIndex(), 4);
    });
    primitive("vectorize", [&] {
      w_.selection()->selectIterVar("C", "i.inner");
      w_.action("action_vectorize")->trigger();
    });
    // A cache stage computed at a loop by a drag in the loop nest.
    int before = undoCount();
    record("cache_read", [&] {
      std::unique_ptr<QMenu> menu(w_.stageDagView()->contextMenuFor("A"));
      menu->findChild<QAction*>("cache_read")->trigger();
    });
    record("compute_at (drag)", [&] {
      views::LoopNestView* nest = w_.loopNestView();
      nest->dropOn(Mime("stage:A.local").get(), nest->loopItem("C", "k.outer"));
    });
    record("undo", [&] { w_.action("actionUndo")->trigger(); });
    record("redo", [&] { w_.action("actionRedo")->trigger(); });
    while (undoCount() > before) w_.action("actionUndo")->trigger();
    QString text = w_.document()->text();
    record("script edit re-parse", [&] { w_.document()->editScript(text + "\n# an edit\n"); });
    w_.action("actionUndo")->trigger();
  }

  void report() const {
    std::vector<double> all;
    for (const auto& [name, ms] : times_) {
      Report(name, ms);
      if (!ms.empty()) std::printf("  of which evaluation p50 %.2f ms\n", Percentile(evaluation_.at(name), 0.5));
      if (name != "script edit re-parse") all.insert(all.end(), ms.begin(), ms.end());
    }
    Report("all primitives", all);
    if (failures_) std::printf("(%d steps were refused and are not counted: %s)\n", failures_, lastFailure_.c_str());
  }

 private:
  int undoCount() const { return w_.document()->undoStack()->index(); }

  void primitive(const std::string& name, const std::function<void()>& step,
                 const std::function<void()>& setup = {}) {
    int before = undoCount();
    if (setup) setup();
    int ready = undoCount();
    record(name, step);
    if (undoCount() == ready) {  // refused: its time is not a refresh, drop it
      times_[name].pop_back();
      evaluation_[name].pop_back();
      ++failures_;
      lastFailure_ = name + ": " + w_.lastMessage().toStdString();
    }
    while (undoCount() > before) w_.action("actionUndo")->trigger();
  }

  void record(const std::string& name, const std::function<void()>& step) {
    times_[name].push_back(Timed(step));
    // Of which: parsing, scheduling, InferBound and lowering (Document::evaluate).
    evaluation_[name].push_back(w_.document()->state().evaluation_ms);
  }

  MainWindow& w_;
  std::map<std::string, std::vector<double>> times_;
  std::map<std::string, std::vector<double>> evaluation_;
  int failures_ = 0;
  std::string lastFailure_;
};

// The longest gap between 1 ms heartbeats on the GUI thread while a profile of the
// current schedule compiles and runs on the worker thread.
void MeasureRunStall(MainWindow& w) {
  if (!tessera::codegen::LLVMAvailable()) {
    std::printf("run stall: skipped (no LLVM backend in this build)\n");
    return;
  }
  QElapsedTimer clock, run;
  double last = 0, worst = 0;
  QTimer heartbeat;
  heartbeat.setInterval(1);
  QObject::connect(&heartbeat, &QTimer::timeout, [&] {
    double now = Ms(clock);
    worst = std::max(worst, now - last);
    last = now;
  });
  bool done = false;
  QObject::connect(w.runner(), &tessera::gui::RunController::finished, [&] { done = true; });
  clock.start();
  heartbeat.start();
  run.start();
  if (!w.startRun(true)) {
    std::printf("run stall: the run did not start (%s)\n", qPrintable(w.lastMessage()));
    return;
  }
  while (!done) QCoreApplication::processEvents(QEventLoop::WaitForMoreEvents, 50);
  heartbeat.stop();
  std::printf("run stall: longest GUI-thread gap %.2f ms during a %.0f ms profile "
              "(%.2f frames; heartbeat 1 ms)\n", worst, Ms(run), worst / kFrameMs);
  std::printf("  %s\n", qPrintable(w.lastMessage()));
}

}  // namespace

int main(int argc, char** argv) {
  if (qEnvironmentVariableIsEmpty("QT_QPA_PLATFORM")) qputenv("QT_QPA_PLATFORM", "offscreen");
  QApplication app(argc, argv);
  QApplication::setOrganizationName("TesseraBench");
  QApplication::setApplicationName("tessera-bench-gui");
  QStandardPaths::setTestModeEnabled(true);  // never the user's settings or autosaves
  QCommandLineParser parser;
  parser.setApplicationDescription("Tessera GUI responsiveness on the GEMM example");
  parser.addHelpOption();
  parser.addOption({"iterations", "Rounds of every step (default 30).", "N", "30"});
  parser.process(app);
  int rounds = std::max(1, parser.value("iterations").toInt());

  views::SetParameterAsker([](QWidget*, const QString&, const QList<views::ParamField>& fields) {
    QVariantMap out;
    for (const auto& f : fields) out[f.key] = f.key == "scope" ? QVariant("local") : f.value;
    return std::optional<QVariantMap>(out);
  });
  MainWindow w;
  w.setInteractive(false);
  w.resize(1600, 1000);
  w.show();
  w.openStartupFile(QString());  // the built-in GEMM example
  QCoreApplication::processEvents();
  std::printf("tessera-bench-gui: %s, %d rounds, every dock visible, frame budget %.0f ms\n",
              qPrintable(w.document()->displayName()), rounds, kFrameMs);
  Bench bench(w);
  bench.round();  // warm-up: first layouts, fonts, caches
  Bench measured(w);
  for (int i = 0; i < rounds; ++i) measured.round();
  measured.report();
  MeasureRunStall(w);
  return 0;
}
