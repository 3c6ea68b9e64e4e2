// tessera-bench-gui [--iterations N] [--tensorir] [--trace-paints] [--views-per-step]: the
// desktop application's responsiveness on the GEMM example (--tensorir: the TensorIR GEMM
// example, scheduled from the TensorIR views), in the real MainWindow (offscreen, the
// default dock layout).
// Each step is timed from the intent (a menu action, a drag, Edit > Undo / Redo, a script
// edit) until every visible view has been refreshed and the posted events (layouts,
// repaints) are processed; p50, p95 and max are printed against the 16 ms frame budget,
// with the machine (CPU model, ISA, cores) and its load average, because the same build
// takes twice as long on a slower or busy machine. The GUI thread's CPU time per step is
// printed beside it: the step's cost without the waits for a core on a loaded machine.
// Where the time goes is printed too: the evaluation, each view's setState(), and the
// events (layouts, paints) each view handled, over all steps and (--views-per-step) per
// kind of step. Then a profile runs on the worker thread
// while a 1 ms heartbeat on the GUI thread measures the longest stall.
#include <QApplication>
#include <QCommandLineParser>
#include <QDockWidget>
#include <QElapsedTimer>
#include <QFile>
#include <QListWidget>
#include <QMenu>
#include <QMimeData>
#include <QPaintEvent>
#include <QStandardPaths>
#include <QTimer>
#include <algorithm>
#include <cstdio>
#include <ctime>
#include <functional>
#include <map>
#include <memory>
#include <set>
#include <string>
#include <utility>
#include <vector>

#include "Appearance.h"
#include "Examples.h"
#include "MainWindow.h"
#include "codegen/LLVMBackend.h"
#include "runner/MachineSignature.h"
#include "views/IterVarGraphView.h"
#include "views/LoopNestView.h"
#include "views/ParameterDialog.h"
#include "views/StageDagView.h"
#include "views/TirBlockGraphView.h"
#include "views/TirIntents.h"
#include "views/TirLoopGraphView.h"
#include "views/TirLoopNestView.h"
#include "views/graph/GraphScene.h"

namespace {

using tessera::gui::ApplyPalette;
using tessera::gui::MainWindow;
using tessera::gui::PaletteMode;
namespace views = tessera::views;

constexpr double kFrameMs = 16.0;

double Ms(const QElapsedTimer& t) { return double(t.nsecsElapsed()) / 1e6; }

// The GUI thread's CPU time in milliseconds: on a machine other processes load, the
// wall time of a step includes the time the thread waited for a core; its CPU time is
// what the step costs, i.e. its wall time on an idle machine.
double ThreadCpuMs() {
  timespec t{};
  clock_gettime(CLOCK_THREAD_CPUTIME_ID, &t);
  return double(t.tv_sec) * 1e3 + double(t.tv_nsec) / 1e6;
}

struct StepTime {
  double wall_ms = 0;
  double cpu_ms = 0;
};

// Runs `step` and waits until the window has caught up with it.
StepTime Timed(const std::function<void()>& step) {
  QElapsedTimer t;
  double cpu = ThreadCpuMs();
  t.start();
  step();
  QCoreApplication::sendPostedEvents();
  QCoreApplication::processEvents();
  return {Ms(t), ThreadCpuMs() - cpu};
}

double Percentile(std::vector<double> v, double p) {
  if (v.empty()) return 0;
  std::sort(v.begin(), v.end());
  size_t i = std::min(v.size() - 1, size_t(p * double(v.size() - 1) + 0.5));
  return v[i];
}

void Report(const std::string& name, const std::vector<double>& ms,
            const std::vector<double>& cpu) {
  double p95 = Percentile(ms, 0.95);
  std::printf("%-22s n=%-4zu p50 %7.2f ms  p95 %7.2f ms  max %7.2f ms  p95/frame %.2f%s\n",
              name.c_str(), ms.size(), Percentile(ms, 0.5), p95,
              ms.empty() ? 0.0 : *std::max_element(ms.begin(), ms.end()), p95 / kFrameMs,
              p95 > kFrameMs ? "  (over budget)" : "");
  double cpu95 = Percentile(cpu, 0.95);
  std::printf("  GUI thread CPU time     p50 %7.2f ms  p95 %7.2f ms  p95/frame %.2f%s\n",
              Percentile(cpu, 0.5), cpu95, cpu95 / kFrameMs,
              cpu95 > kFrameMs ? "  (over budget)" : "");
}

// Where the GUI thread's time goes, per view: the time inside each view's setState()
// (MainWindow's refresh probe) and the time of the events delivered to the view and its
// children (layouts, paints, resizes), exclusive of nested deliveries so that nothing is
// counted twice. Events of other objects (the window, menus, docks, timers) go to
// "window".
class Attribution {
 public:
  static Attribution& instance() {
    static Attribution a;
    return a;
  }
  void setRecording(bool on) { recording_ = on; }
  // Per view name: milliseconds since the last take().
  std::map<std::string, double> takeSetState() { return std::exchange(setState_, {}); }
  std::map<std::string, double> takeEvents() { return std::exchange(events_, {}); }

  void setStateBegin() {
    stateClock_.start();
    inSetState_ = true;
  }
  void setStateEnd(views::ViewBase* view) {
    inSetState_ = false;
    if (recording_) setState_[Name(view)] += Ms(stateClock_);
  }

  // How many times the window was painted since the last take(): a step that needs more
  // than one pass paints what it changed and then again what a later layout moved.
  int takePaintPasses() { return std::exchange(paintPasses_, 0); }

  // Wraps QApplication::notify: inclusive time minus the nested deliveries' time.
  template <typename Deliver>
  bool deliver(QObject* receiver, QEvent* event, Deliver&& base) {
    if (recording_ && event->type() == QEvent::UpdateRequest && receiver->isWidgetType() &&
        static_cast<QWidget*>(receiver)->isWindow())
      ++paintPasses_;
    if (recording_ && trace_) this->trace(receiver, event);
    if (!recording_ || inSetState_) return base();
    // Named before the delivery: the event may delete its receiver (DeferredDelete).
    std::string owner = OwnerName(receiver);
    QElapsedTimer t;
    t.start();
    nested_.push_back(0);
    bool result = base();
    double inclusive = Ms(t);
    double exclusive = inclusive - nested_.back();
    nested_.pop_back();
    if (!nested_.empty()) nested_.back() += inclusive;
    events_[owner] += exclusive;
    return result;
  }

  // --trace-paints: each timer, window pass and widget paint of a timed step, in order,
  // to find what makes a step paint more than once.
  void setTrace(bool on) { trace_ = on; }
  void traceStep(const std::string& name) {
    if (trace_) std::fprintf(stderr, "step %s\n", name.c_str());
  }
  void trace(QObject* receiver, QEvent* event) {
    auto what = [&] {
      return std::string(receiver->metaObject()->className()) + " '" +
             receiver->objectName().toStdString() + "' in " + OwnerName(receiver);
    };
    if (event->type() == QEvent::Timer) {
      std::fprintf(stderr, "  timer %d -> %s\n", static_cast<QTimerEvent*>(event)->timerId(),
                   what().c_str());
    } else if (event->type() == QEvent::UpdateRequest) {
      std::fprintf(stderr, " pass -> %s\n", what().c_str());
    } else if (event->type() == QEvent::Paint) {
      QRect r = static_cast<QPaintEvent*>(event)->rect();
      std::fprintf(stderr, "    paint %dx%d+%d+%d %s\n", r.width(), r.height(), r.x(), r.y(),
                   what().c_str());
    } else if (event->type() == QEvent::MetaCall || event->type() == QEvent::LayoutRequest) {
      std::fprintf(stderr, "  %s -> %s\n",
                   event->type() == QEvent::MetaCall ? "queued call" : "layout request",
                   what().c_str());
    }
  }

  static std::string Name(views::ViewBase* view) {
    auto* dock = qobject_cast<QDockWidget*>(view->parentWidget());
    return (dock ? dock->objectName() : view->metaObject()->className()).toStdString();
  }

 private:
  // The view owning `o` (a widget inside it, its graphics scene, ...), else "window".
  static std::string OwnerName(QObject* o) {
    for (; o; o = o->parent())
      if (auto* v = qobject_cast<views::ViewBase*>(o)) return Name(v);
    return "window";
  }

  bool recording_ = false;
  bool trace_ = false;
  bool inSetState_ = false;
  int paintPasses_ = 0;
  QElapsedTimer stateClock_;
  std::vector<double> nested_;
  std::map<std::string, double> setState_, events_;
};

class BenchApplication : public QApplication {
 public:
  using QApplication::QApplication;
  bool notify(QObject* receiver, QEvent* event) override {
    return Attribution::instance().deliver(receiver, event,
                                           [&] { return QApplication::notify(receiver, event); });
  }
};

std::unique_ptr<QMimeData> Mime(const QString& id) {
  return std::unique_ptr<QMimeData>(views::GraphScene::mimeForNode(id));
}

class Bench {
 public:
  explicit Bench(MainWindow& w) : w_(w) {}
  void setViewsPerStep(bool on) { viewsPerStep_ = on; }

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
    primitive(
        "fuse (drag)",
        [&] {
          w_.selection()->selectStage("C");
          w_.iterVarView()->scene()->dropOnNode(Mime("iv:i.inner").get(), "iv:j.outer");
        },
        [&] {
          w_.selection()->selectStage("C");
          w_.iterVarView()->loopOrderStrip()->model()->moveRow(QModelIndex(), 2, QModelIndex(), 4);
        });
    primitive("vectorize", [&] {
      w_.selection()->selectIterVar("C", "i.inner");
      w_.action("action_vectorize")->trigger();
    });
    // tst_schedule_interactions checks that this unroll refreshes every view in sight;
    // its time is measured here.
    primitive("unroll", [&] {
      w_.selection()->selectIterVar("C", "k.inner");
      w_.action("action_unroll")->trigger();
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

  // One round on the TensorIR GEMM example (C's loops i_0, j_0, k, i_1, j_1): the
  // primitives from the TensorIR views' menus and drags, each undone untimed.
  void roundTensorIR() {
    primitive("split", [&] {
      w_.selection()->selectIterVar("C", "k");
      w_.action("action_split")->trigger();
    });
    primitive("reorder (drag)", [&] {
      views::TirLoopNestView* nest = w_.tirLoopNestView();
      nest->dropOn(Mime("loop:C/i_1").get(), nest->loopItem("C", "k"), views::TirDropPlace::Before);
    });
    primitive("fuse (drag)", [&] {
      w_.selection()->selectStage("C");
      w_.tirLoopView()->scene()->dropOnNode(Mime("loop:i_1").get(), "loop:k");
    });
    primitive("unroll", [&] {
      w_.selection()->selectIterVar("C", "i_1");
      w_.action("action_unroll")->trigger();
    });
    // A cache block computed at a loop by a drag in the loop nest.
    int before = undoCount();
    record("cache_read", [&] {
      std::unique_ptr<QMenu> menu(w_.tirBlockView()->contextMenuFor("C"));
      menu->findChild<QAction*>("cache_read")->trigger();
    });
    record("compute_at (drag)", [&] {
      views::TirLoopNestView* nest = w_.tirLoopNestView();
      nest->dropOn(Mime("block:A_shared").get(), nest->loopItem("C", "k"));
    });
    record("undo", [&] { w_.action("actionUndo")->trigger(); });
    record("redo", [&] { w_.action("actionRedo")->trigger(); });
    if (undoCount() != before + 2) {
      ++failures_;
      lastFailure_ = "cache_read / compute_at: " + w_.lastMessage().toStdString();
    }
    while (undoCount() > before) w_.action("actionUndo")->trigger();
    QString text = w_.document()->text();
    record("script edit re-parse", [&] { w_.document()->editScript(text + "\n# an edit\n"); });
    w_.action("actionUndo")->trigger();
  }

  void report() const {
    std::vector<double> all, allCpu;
    for (const auto& [name, ms] : times_) {
      Report(name, ms, cpu_.at(name));
      if (ms.empty()) continue;
      std::vector<double> views, events, passes;
      for (const Split& s : steps_.at(name)) {
        views.push_back(Sum(s.setState));
        events.push_back(Sum(s.events));
        passes.push_back(s.paintPasses);
      }
      std::printf(
          "  of which evaluation p50 %.2f ms, views' setState p50 %.2f ms, events (layout, paint) "
          "p50 %.2f ms; window painted %.0f time(s) (p50, max %.0f)\n",
          Percentile(evaluation_.at(name), 0.5), Percentile(views, 0.5), Percentile(events, 0.5),
          Percentile(passes, 0.5), Percentile(passes, 1.0));
      if (name != "script edit re-parse") {
        all.insert(all.end(), ms.begin(), ms.end());
        allCpu.insert(allCpu.end(), cpu_.at(name).begin(), cpu_.at(name).end());
      }
    }
    Report("all primitives", all, allCpu);
    reportViews("");
    if (viewsPerStep_)
      for (const auto& [name, splits] : steps_) reportViews(name);
    if (failures_)
      std::printf("(%d steps were refused and are not counted: %s)\n", failures_,
                  lastFailure_.c_str());
  }

 private:
  static double Sum(const std::map<std::string, double>& m) {
    double total = 0;
    for (const auto& [name, ms] : m) total += ms;
    return total;
  }

  // Per view, over every recorded step (or the steps named `only`): the mean and p95 of
  // its setState() and of its events; the views that took no time at all (hidden docks)
  // are listed as such.
  void reportViews(const std::string& only) const {
    std::map<std::string, std::vector<double>> setState, events;
    size_t steps = 0;
    for (const auto& [name, splits] : steps_)
      for (const Split& s : splits) {
        if (!only.empty() && name != only) continue;
        ++steps;
        for (const auto& [view, ms] : s.setState) setState[view].push_back(ms);
        for (const auto& [view, ms] : s.events) events[view].push_back(ms);
      }
    std::printf(
        "per view over %zu steps%s (mean / p95 ms per step; a view absent from a step counts "
        "0):\n",
        steps, only.empty() ? "" : (" of " + only).c_str());
    std::set<std::string> names;
    for (const auto& [view, v] : setState) names.insert(view);
    for (const auto& [view, v] : events) names.insert(view);
    auto stats = [steps](std::vector<double> v) {
      double total = 0;
      for (double x : v) total += x;
      v.resize(steps, 0.0);
      return std::pair{steps ? total / double(steps) : 0.0, Percentile(v, 0.95)};
    };
    for (const std::string& view : names) {
      auto [sMean, sP95] = stats(setState.count(view) ? setState.at(view) : std::vector<double>{});
      auto [eMean, eP95] = stats(events.count(view) ? events.at(view) : std::vector<double>{});
      std::printf("  %-18s setState %6.2f / %6.2f   events %6.2f / %6.2f\n", view.c_str(), sMean,
                  sP95, eMean, eP95);
    }
  }

  int undoCount() const { return w_.document()->undoStack()->index(); }

  void primitive(const std::string& name, const std::function<void()>& step,
                 const std::function<void()>& setup = {}) {
    int before = undoCount();
    if (setup) setup();
    int ready = undoCount();
    record(name, step);
    if (undoCount() == ready) {  // refused: its time is not a refresh, drop it
      times_[name].pop_back();
      cpu_[name].pop_back();
      evaluation_[name].pop_back();
      steps_[name].pop_back();
      ++failures_;
      lastFailure_ = name + ": " + w_.lastMessage().toStdString();
    }
    while (undoCount() > before) w_.action("actionUndo")->trigger();
  }

  void record(const std::string& name, const std::function<void()>& step) {
    Attribution& a = Attribution::instance();
    a.takeSetState();
    a.takeEvents();
    a.takePaintPasses();
    a.traceStep(name);
    a.setRecording(true);
    StepTime t = Timed(step);
    times_[name].push_back(t.wall_ms);
    cpu_[name].push_back(t.cpu_ms);
    a.setRecording(false);
    // Of which: parsing, scheduling, InferBound and lowering (Document::evaluate).
    evaluation_[name].push_back(w_.document()->state().evaluation_ms);
    steps_[name].push_back({a.takeSetState(), a.takeEvents(), double(a.takePaintPasses())});
  }

  struct Split {
    std::map<std::string, double> setState, events;
    double paintPasses = 0;
  };
  // Per step name, per recorded step: where its time went.
  std::map<std::string, std::vector<Split>> steps_;

  MainWindow& w_;
  bool viewsPerStep_ = false;
  std::map<std::string, std::vector<double>> times_, cpu_;
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
  std::printf(
      "run stall: longest GUI-thread gap %.2f ms during a %.0f ms profile "
      "(%.2f frames; heartbeat 1 ms)\n",
      worst, Ms(run), worst / kFrameMs);
  std::printf("  %s\n", qPrintable(w.lastMessage()));
}

// "load average 0.52 0.61 0.70" (1, 5, 15 minutes) from /proc/loadavg.
std::string LoadAverage() {
  QFile f("/proc/loadavg");
  if (!f.open(QIODevice::ReadOnly)) return "load average unknown";
  QStringList parts = QString::fromUtf8(f.readAll()).split(' ');
  return parts.size() < 3 ? "load average unknown"
                          : ("load average " + parts.mid(0, 3).join(' ')).toStdString();
}

// The CPU, its widest vector ISA and the usable cores, read at run time.
void PrintMachine() {
  tessera::runner::MachineSignature m = tessera::runner::ReadMachineSignature();
  auto has = [&](const char* f) {
    return std::find(m.isa_features.begin(), m.isa_features.end(), f) != m.isa_features.end();
  };
  const char* isa = has("avx512f") ? "AVX-512"
                    : has("avx2")  ? "AVX2"
                    : has("avx")   ? "AVX"
                                   : "no AVX";
  std::printf("machine: %s, %s, %d cores usable; %s\n", m.cpu_model.c_str(), isa, m.cores,
              LoadAverage().c_str());
}

}  // namespace

int main(int argc, char** argv) {
  if (qEnvironmentVariableIsEmpty("QT_QPA_PLATFORM")) qputenv("QT_QPA_PLATFORM", "offscreen");
  BenchApplication app(argc, argv);
  QApplication::setOrganizationName("TesseraBench");
  QApplication::setApplicationName("tessera-bench-gui");
  QStandardPaths::setTestModeEnabled(true);  // never the user's settings or autosaves
  ApplyPalette(PaletteMode::Light);          // the style tessera-gui draws with
  QCommandLineParser parser;
  parser.setApplicationDescription("Tessera GUI responsiveness on the GEMM example");
  parser.addHelpOption();
  parser.addOption({"iterations", "Rounds of every step (default 30).", "N", "30"});
  parser.addOption({"tensorir", "The TensorIR GEMM example, scheduled from the TensorIR views."});
  parser.addOption({"trace-paints",
                    "Print each timed step's timers, window passes and widget paints (stderr)."});
  parser.addOption({"views-per-step", "Print where each kind of step's time went, per view."});
  parser.process(app);
  int rounds = std::max(1, parser.value("iterations").toInt());
  bool tensorIR = parser.isSet("tensorir");
  Attribution::instance().setTrace(parser.isSet("trace-paints"));

  views::SetParameterAsker([](QWidget*, const QString&, const QList<views::ParamField>& fields) {
    QVariantMap out;
    for (const auto& f : fields) out[f.key] = f.key == "scope" ? QVariant("local") : f.value;
    return std::optional<QVariantMap>(out);
  });
  MainWindow w;
  w.setRefreshProbe([](views::ViewBase* view, bool begin) {
    if (begin)
      Attribution::instance().setStateBegin();
    else
      Attribution::instance().setStateEnd(view);
  });
  w.setInteractive(false);
  w.resize(1600, 1000);
  w.show();
  w.resetDockSizes();  // the default layout a first start gets at this size
  if (tensorIR) {
    QString gemm;
    for (const QString& f : tessera::gui::TensorIRExampleFiles())
      if (f.endsWith("/gemm_tir.py")) gemm = f;
    if (gemm.isEmpty() || !w.openExample(gemm).ok()) {
      std::fprintf(stderr, "tessera-bench-gui: the TensorIR example gemm_tir.py does not open\n");
      return 1;
    }
  } else {
    w.openStartupFile(QString());  // the built-in GEMM example
  }
  QCoreApplication::processEvents();
  QStringList shown;
  for (QDockWidget* d : w.docks())  // a tab behind another is "visible" but out of sight
    if (d->isVisible() && !d->visibleRegion().isEmpty()) shown << d->objectName().remove("Dock");
  shown.sort();
  std::printf(
      "tessera-bench-gui: %s, %d rounds, window %dx%d, docks in sight: %s; frame budget %.0f ms\n",
      qPrintable(w.document()->displayName()), rounds, w.width(), w.height(),
      qPrintable(shown.join(", ")), kFrameMs);
  PrintMachine();
  auto round = [tensorIR](Bench& b) { tensorIR ? b.roundTensorIR() : b.round(); };
  Bench bench(w);
  round(bench);  // warm-up: first layouts, fonts, caches
  Bench measured(w);
  measured.setViewsPerStep(parser.isSet("views-per-step"));
  for (int i = 0; i < rounds; ++i) round(measured);
  measured.report();
  std::printf("after the rounds: %s\n", LoadAverage().c_str());
  MeasureRunStall(w);
  return 0;
}
