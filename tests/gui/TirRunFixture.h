// Run and Profile of a TensorIR document in a real window: the program and the window the
// TensorIR Run suites share (local runs, tst_tir_run; on a Slurm node, tst_tir_run_slurm).
#pragma once

#include <QSignalSpy>
#include <QString>
#include <memory>

#include "MainWindow.h"
#include "RunController.h"

namespace tessera::testing {

// A 64 x 64 GEMM over k = 48, its rows split by 16 with k moved outside the row tile.
inline constexpr const char* kTirRunGemm =
    "import tvm\n"
    "from tvm import te, tir\n"
    "A = te.placeholder((64, 48), \"float32\", name=\"A\")\n"
    "B = te.placeholder((48, 64), \"float32\", name=\"B\")\n"
    "k = te.reduce_axis((0, 48), name=\"k\")\n"
    "C = te.compute((64, 64), lambda i, j: te.sum(A[i, k] * B[k, j], axis=k), name=\"C\")\n"
    "sch = tir.Schedule(te.create_prim_func([A, B, C]))\n"
    "c = sch.get_block(\"C\")\n"
    "i, j, k = sch.get_loops(c)\n"
    "io, ii = sch.split(i, factors=[None, 16])\n"
    "sch.reorder(io, k, ii, j)\n";

// Its work: one multiply and one add per (i, j, k).
inline constexpr double kTirRunGemmFlops = 2.0 * 64 * 64 * 48;

// Waits up to `ms` for the Run or Profile in flight to finish; whether it did.
inline bool WaitForRun(gui::MainWindow& w, int ms = 120000) {
  QSignalSpy finished(w.runner(), &gui::RunController::finished);
  return finished.wait(ms);
}

// The window of a Run suite (a suite derives from QObject, then from this): a fresh
// non-interactive window per test function, closed with no run left going.
class TirRunWindow {
 protected:
  std::unique_ptr<gui::MainWindow> w;

  // A fresh window on `text`; whether the document holds a TensorIR schedule.
  bool OpenWindow(const QString& text, const QString& name) {
    w = std::make_unique<gui::MainWindow>();
    w->setInteractive(false);
    w->document()->reset(text, name);
    return bool(w->document()->state().tir_schedule);
  }
  // Cancels a run still going, waits for it and closes the window.
  void CloseWindow() {
    if (!w) return;
    w->runner()->cancel();
    w->runner()->waitForFinished();
    w.reset();
  }
};

}  // namespace tessera::testing
