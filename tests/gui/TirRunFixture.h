// A TensorIR document in a real window that runs, checks or lowers it: the program and the
// window the TensorIR Run suites share (local runs, tst_tir_run; on a Slurm node,
// tst_tir_run_slurm) and the suites of the GPU check, the Code view's passes and the
// File menu's TensorIR entries (tst_tir_gpu_check, tst_tir_code_passes,
// tst_tir_open_as_tensorir).
#pragma once

#include <QCoreApplication>
#include <QSignalSpy>
#include <QString>
#include <memory>

#include "Examples.h"
#include "MainWindow.h"
#include "RunController.h"
#include "views/ParameterDialog.h"

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

// The first error of a document's evaluation, as the window reports it ("" when none).
inline QString FirstError(const views::DocumentState& s) {
  return s.errors.empty() ? QString() : QString::fromStdString(s.errors.front().format());
}

// The path of the shipped example `file` ("softmax_tir.py"): among the TensorIR examples,
// or the te ones when `tensorir` is false; "" when there is none.
inline QString ExampleFile(const QString& file, bool tensorir = true) {
  for (const QString& f : tensorir ? gui::TensorIRExampleFiles() : gui::ExampleFiles())
    if (f.endsWith("/" + file)) return f;
  return QString();
}

// The window of a suite (a suite derives from QObject, then from this): PrepareSuite() in
// its initTestCase(), a fresh non-interactive window per test function, closed with no
// run left going.
class TirRunWindow {
 protected:
  std::unique_ptr<gui::MainWindow> w;

  // Settings of the tests' own organisation; every parameter dialog takes its defaults.
  static void PrepareSuite() {
    QCoreApplication::setOrganizationName("TesseraTest");
    views::SetParameterAsker(views::AcceptDefaults());
  }
  // A fresh window on an empty document.
  void NewWindow() {
    w = std::make_unique<gui::MainWindow>();
    w->setInteractive(false);
  }
  // A fresh window on `text`; whether the document holds a TensorIR schedule.
  bool OpenWindow(const QString& text, const QString& name) {
    NewWindow();
    w->document()->reset(text, name);
    return bool(w->document()->state().tir_schedule);
  }
  // The window's document replaced by `text`; whether it lowers to a function
  // (FirstError says why not).
  bool Lowers(const QString& text, const QString& name) {
    w->document()->reset(text, name);
    return bool(w->document()->state().function);
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
