#include "runner/LocalRunner.h"

#include <unistd.h>

#include <algorithm>
#include <atomic>
#include <chrono>
#include <thread>

#include "runner/MeasureBatch.h"
#include "runner/RunnerSupport.h"
#include "runner/Subprocess.h"

namespace tessera::runner {

namespace {

// Numbers the sub-batch files of every runner in this process (file names never repeat).
std::atomic<int> launch_counter{0};

struct Worker {
  std::unique_ptr<Subprocess> process;
  std::vector<size_t> indices;  // the requests of its sub-batch
  std::string log;
  std::chrono::steady_clock::time_point deadline;
};

// A worker measures its candidates one after another; each phase of each candidate is
// bounded by the candidate's timeout inside the worker, and other workers may hold the
// timing lock meanwhile (or wait at it to build). This bound only catches a worker that stopped
// responding.
double WorkerDeadlineSeconds(const std::vector<MeasureRequest>& requests,
                             const std::vector<size_t>& indices, int workers) {
  double total = 30;
  for (size_t i : indices) total += (3 * requests[i].timeout_s + 10) * std::max(1, workers);
  return total;
}

}  // namespace

std::unique_ptr<LocalRunner> LocalRunner::Create(const RunnerOptions& options, std::string* error) {
  auto worker = ResolveWorker(options.worker_path, error);
  if (!worker) return nullptr;
  auto workdir = PrepareWorkdir(options.workdir, "tessera-local", error);
  if (!workdir) return nullptr;
  return std::unique_ptr<LocalRunner>(new LocalRunner(options, *worker, *workdir));
}

std::vector<MeasureResult> LocalRunner::Measure(const std::vector<MeasureRequest>& requests,
                                                const MeasureCallbacks& callbacks) {
  MeasureLedger ledger(requests, callbacks, workdir_);
  ledger.Start();
  const int max_workers =
      options_.parallel_builds > 0 ? options_.parallel_builds : ReadMachineSignature().cores;
  const auto poll =
      std::chrono::milliseconds(std::clamp(static_cast<int>(options_.poll_s * 1000), 10, 5000));
  std::vector<Worker> workers;

  // Starts workers for `indices`, dealt round-robin; a start failure finishes them.
  auto launch = [&](const std::vector<size_t>& indices) {
    const int n = std::min<int>(max_workers, static_cast<int>(indices.size()));
    for (int w = 0; w < n; ++w) {
      Worker worker;
      for (size_t k = static_cast<size_t>(w); k < indices.size(); k += static_cast<size_t>(n))
        worker.indices.push_back(indices[k]);
      std::vector<MeasureRequest> sub;
      for (size_t i : worker.indices) {
        sub.push_back(requests[i]);
        ++ledger.attempts(i);
      }
      std::string base =
          workdir_ + "/local-" + std::to_string(getpid()) + "-" + std::to_string(++launch_counter);
      std::string error;
      Status written = WriteFileAtomically(base + ".batch.json", BatchToJson(sub));
      worker.log = base + ".log";
      worker.process = std::make_unique<Subprocess>();
      if (!written)
        error = written.error().message;
      else if (!worker.process->Start(
                   {worker_, "measure", base + ".batch.json", "--out", workdir_, "--json"},
                   worker.log, &error))
        error = "cannot start the worker " + worker_ + ": " + error;
      if (!error.empty()) {
        for (size_t i : worker.indices) {
          MeasureResult r;
          r.status = MeasureStatus::RunError;
          r.message = error;
          ledger.Finish(i, std::move(r), false);
        }
        continue;
      }
      worker.deadline = std::chrono::steady_clock::now() +
                        std::chrono::milliseconds(static_cast<long>(
                            1000 * WorkerDeadlineSeconds(requests, worker.indices, max_workers)));
      workers.push_back(std::move(worker));
    }
  };

  launch(ledger.OpenIndices());
  while (!workers.empty()) {
    ledger.Collect();
    if (ledger.Cancelled()) {
      for (Worker& w : workers) w.process->Kill();
      workers.clear();
      ledger.Collect();  // results written before the kill are kept
      ledger.FinishAllOpen(MeasureStatus::Cancelled, "cancelled", false);
      break;
    }
    std::vector<size_t> retry;
    for (auto it = workers.begin(); it != workers.end();) {
      bool ended = it->process->Poll();
      std::string why;
      if (!ended && std::chrono::steady_clock::now() > it->deadline) {
        it->process->Kill();
        why = "the worker stopped responding and was killed";
      } else if (ended) {
        why = "the worker " + it->process->Describe();
      }
      if (why.empty()) {
        ++it;
        continue;
      }
      ledger.Collect();
      for (size_t i : it->indices) {
        if (!ledger.open(i)) continue;
        if (ledger.attempts(i) <= options_.max_retries) {
          retry.push_back(i);
          continue;
        }
        MeasureResult r;
        r.status = MeasureStatus::RunError;
        std::string tail = LogTail(it->log);
        r.message = why + " before measuring it (" + std::to_string(ledger.attempts(i)) +
                    " attempts)" + (tail.empty() ? "" : "; its log: " + tail);
        ledger.Finish(i, std::move(r), true);
      }
      it = workers.erase(it);
    }
    if (!retry.empty()) {
      std::sort(retry.begin(), retry.end());
      launch(retry);
    }
    int running = 0;
    for (const Worker& w : workers)
      for (size_t i : w.indices) running += ledger.open(i) ? 1 : 0;
    int open = static_cast<int>(ledger.size() - ledger.done());
    ledger.Progress(std::max(0, open - std::min(running, static_cast<int>(workers.size()))),
                    std::min(running, static_cast<int>(workers.size())));
    if (!workers.empty()) std::this_thread::sleep_for(poll);
  }
  ledger.Collect();
  // A worker that exited normally has written every result; anything still open here
  // means a worker vanished without one.
  ledger.FinishAllOpen(MeasureStatus::RunError, "no result was written for this candidate", false);
  ledger.Progress(0, 0);
  return ledger.Results();
}

}  // namespace tessera::runner
