#include "runner/SlurmRunner.h"

#include <unistd.h>

#include <algorithm>
#include <atomic>
#include <chrono>
#include <cmath>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <map>
#include <set>
#include <sstream>
#include <thread>

#include "runner/MeasureBatch.h"
#include "runner/RunnerSupport.h"
#include "runner/Subprocess.h"

namespace tessera::runner {

namespace {

using Clock = std::chrono::steady_clock;

constexpr double kCommandTimeout = 30;     // any one Slurm command
constexpr double kControllerSilence = 90;  // squeue failing this long fails the run
constexpr int kMaxTasksPerRound = 64;      // array size at most, when parallel_builds is not set

// Quotes `s` for /bin/sh.
std::string ShellQuote(const std::string& s) {
  std::string out = "'";
  for (char c : s) out += c == '\'' ? std::string("'\\''") : std::string(1, c);
  return out + "'";
}

std::string OneLine(std::string s) {
  for (char& c : s)
    if (c == '\n' || c == '\r') c = ' ';
  while (!s.empty() && s.back() == ' ') s.pop_back();
  if (s.size() > 400) s = s.substr(0, 400) + "...";
  return s;
}

// Numbers the submissions of every runner in this process (folder names never repeat).
std::atomic<int> submission_counter{0};

// One array task of one submission: the requests of its sub-batch.
struct Task {
  std::string job;  // array job id
  int index = 0;    // array task index
  std::vector<size_t> indices;
  std::string log;
  std::string state = "PENDING";
  std::string reason;
  std::string id() const { return job + "_" + std::to_string(index); }
};

// "KEY=VALUE" from `scontrol -o show job` output, or "".
std::string Field(const std::string& text, const std::string& key) {
  size_t at = text.find(" " + key + "=");
  if (at == std::string::npos) {
    if (text.rfind(key + "=", 0) != 0) return "";
    at = 0;
  } else {
    ++at;
  }
  at += key.size() + 1;
  size_t end = text.find_first_of(" \n", at);
  return text.substr(at, end == std::string::npos ? std::string::npos : end - at);
}

// Why a task ended, as Slurm tells it.
std::string EndReason(const Task& t) {
  CommandOutput out = RunCommand({"scontrol", "-o", "show", "job", t.id()}, kCommandTimeout);
  std::string why;
  if (out.started && !out.timed_out && out.exit_code == 0) {
    std::string state = Field(out.output, "JobState");
    std::string reason = Field(out.output, "Reason");
    std::string exit_code = Field(out.output, "ExitCode");
    if (!state.empty()) why = state;
    if (!reason.empty() && reason != "None") why += (why.empty() ? "" : ", ") + reason;
    if (!exit_code.empty() && exit_code != "0:0")
      why += (why.empty() ? "" : ", ") + std::string("exit code ") + exit_code;
  }
  if (why.empty())
    why = "ended (Slurm no longer lists it" +
          (t.reason.empty() ? "" : "; last reason " + t.reason) + ")";
  std::string tail = LogTail(t.log);
  if (!tail.empty()) why += "; its log: " + tail;
  return why;
}

using TaskStates =
    std::map<std::string, std::pair<std::string, std::string>>;  // "JOB_TASK" -> state, reason

// The array tasks Slurm lists for this user; nullopt (and *output what squeue said) when
// squeue does not answer.
std::optional<TaskStates> ListTasks(CommandOutput* output) {
  *output = RunCommand({"squeue", "-h", "-r", "--me", "-o", "%i|%T|%r"}, kCommandTimeout);
  if (!output->started || output->timed_out || output->exit_code != 0) return std::nullopt;
  TaskStates listed;
  std::istringstream lines(output->output);
  std::string line;
  while (std::getline(lines, line)) {
    size_t a = line.find('|'), b = line.find('|', a == std::string::npos ? a : a + 1);
    if (a == std::string::npos || b == std::string::npos) continue;
    listed[line.substr(0, a)] = {line.substr(a + 1, b - a - 1), line.substr(b + 1)};
  }
  return listed;
}

// The job id `sbatch --parsable` printed ("JOBID" or "JOBID;CLUSTER"), or "".
std::string ParseJobId(const std::string& output) {
  std::string job;
  std::istringstream lines(output);
  std::string line;
  while (std::getline(lines, line)) {
    line = line.substr(0, line.find(';'));
    if (!line.empty() && std::all_of(line.begin(), line.end(), ::isdigit)) job = line;
  }
  return job;
}

// Why an sbatch call failed, or "" when it printed a job id.
std::string SbatchProblem(const CommandOutput& out) {
  if (!out.started) return "sbatch could not run: " + OneLine(out.output);
  if (out.timed_out)
    return "sbatch did not answer within " + std::to_string(int(kCommandTimeout)) + " s";
  if (out.exit_code != 0) return "sbatch failed: " + OneLine(out.output);
  if (ParseJobId(out.output).empty()) return "sbatch printed no job id: " + OneLine(out.output);
  return "";
}

// A new submission folder in the work folder (never the same name twice).
std::string NewSubmissionDir(const std::string& workdir) {
  std::string dir =
      workdir + "/slurm-" + std::to_string(getpid()) + "-" + std::to_string(++submission_counter);
  std::error_code ec;
  std::filesystem::create_directories(dir, ec);
  return dir;
}

// The first line of a small file, or "".
std::string FirstLine(const std::string& path) {
  std::ifstream in(path);
  std::string line;
  std::getline(in, line);
  return line;
}

// The CPUs of `partition` (the default one when "") that can take jobs: allocated + idle
// of `sinfo -o %C` ("A/I/O/T"; drained and down ones are "other"); 0 when sinfo does not say.
int PartitionCpus(const std::string& partition) {
  std::vector<std::string> cmd = {"sinfo", "-h", "-o", "%C"};
  if (!partition.empty()) cmd.push_back("--partition=" + partition);
  CommandOutput out = RunCommand(cmd, kCommandTimeout);
  if (!out.started || out.timed_out || out.exit_code != 0) return 0;
  long allocated = 0, idle = 0;
  if (std::sscanf(out.output.c_str(), "%ld/%ld/", &allocated, &idle) != 2) return 0;
  return static_cast<int>(std::clamp(allocated + idle, 0L, 1L << 20));
}

}  // namespace

bool SlurmAvailable(std::string* why) {
  for (const char* tool : {"sbatch", "squeue", "scancel", "scontrol"}) {
    if (!FindExecutable(tool)) {
      if (why) *why = std::string("Slurm is not installed here (") + tool + " not found on $PATH)";
      return false;
    }
  }
  CommandOutput ping = RunCommand({"scontrol", "ping"}, 15);
  if (!ping.started || ping.timed_out || ping.exit_code != 0 ||
      ping.output.find("is UP") == std::string::npos) {
    if (why)
      *why = "the Slurm controller does not answer (scontrol ping: " +
             (ping.timed_out ? std::string("no answer within 15 s") : OneLine(ping.output)) + ")";
    return false;
  }
  return true;
}

std::unique_ptr<SlurmRunner> SlurmRunner::Create(const RunnerOptions& options, std::string* error) {
  std::string why;
  if (!SlurmAvailable(&why)) {
    if (error) *error = why;
    return nullptr;
  }
  auto worker = ResolveWorker(options.worker_path, error);
  if (!worker) return nullptr;
  auto workdir = PrepareWorkdir(options.workdir, "tessera-slurm", error);
  if (!workdir) return nullptr;
  return std::unique_ptr<SlurmRunner>(new SlurmRunner(options, *worker, *workdir));
}

std::vector<std::string> SlurmRunner::SbatchCommand(const std::string& script, int tasks,
                                                    const std::string& log_pattern) const {
  // --no-requeue: a task that loses its node ends (NODE_FAIL) instead of waiting out
  // Slurm's requeue delay; the runner resubmits what it left open at once, counting it.
  std::vector<std::string> cmd = {"sbatch",
                                  "--parsable",
                                  "--no-requeue",
                                  "--job-name=tessera-measure",
                                  "--array=0-" + std::to_string(tasks - 1),
                                  "--output=" + log_pattern,
                                  "--chdir=" + workdir_};
  if (!options_.partition.empty()) cmd.push_back("--partition=" + options_.partition);
  if (!options_.gres.empty()) cmd.push_back("--gres=" + options_.gres);
  if (!options_.time_limit.empty()) cmd.push_back("--time=" + options_.time_limit);
  if (!options_.account.empty()) cmd.push_back("--account=" + options_.account);
  std::istringstream extra(options_.extra);
  std::string word;
  while (extra >> word) cmd.push_back(word);
  cmd.push_back(script);
  return cmd;
}

// One array task per CPU of the partition (a task takes one by default), so that a batch
// is shared out in as few jobs as can run at once: each task measures several candidates
// and the start-up cost of a job is paid per task, not per candidate.
int SlurmRunner::JobSlots() {
  if (slots_ == 0) {
    const int cpus = PartitionCpus(options_.partition);
    slots_ = cpus > 0 ? std::min(cpus, kMaxTasksPerRound) : kMaxTasksPerRound;
  }
  return slots_;
}

std::vector<MeasureResult> SlurmRunner::Measure(const std::vector<MeasureRequest>& requests,
                                                const MeasureCallbacks& callbacks) {
  MeasureLedger ledger(requests, callbacks, workdir_);
  ledger.Start();
  const auto poll =
      std::chrono::milliseconds(std::clamp(static_cast<int>(options_.poll_s * 1000), 50, 10000));
  const int max_tasks = options_.parallel_builds > 0 ? options_.parallel_builds : JobSlots();
  // Every wait has a deadline: the candidates' own time bounds for every attempt, plus
  // ten minutes in the queue.
  double budget = 600;
  for (size_t i : ledger.OpenIndices())
    budget += (3 * requests[i].timeout_s + 10) * (1 + options_.max_retries);
  const auto deadline = Clock::now() + std::chrono::milliseconds(static_cast<long>(budget * 1000));
  std::vector<Task> tasks;
  std::vector<std::string> active_jobs;

  // Submits `indices` as one job array; a failed submission finishes them.
  auto submit = [&](const std::vector<size_t>& indices) {
    const int n = std::min<int>(max_tasks, static_cast<int>(indices.size()));
    std::string dir = NewSubmissionDir(workdir_);
    std::vector<Task> fresh(static_cast<size_t>(n));
    double task_seconds = 0;
    std::string problem;
    for (int t = 0; t < n && problem.empty(); ++t) {
      Task& task = fresh[static_cast<size_t>(t)];
      task.index = t;
      task.log = dir + "/task-" + std::to_string(t) + ".log";
      std::vector<MeasureRequest> sub;
      double seconds = 60;
      for (size_t k = static_cast<size_t>(t); k < indices.size(); k += static_cast<size_t>(n)) {
        task.indices.push_back(indices[k]);
        sub.push_back(requests[indices[k]]);
        seconds += 3 * requests[indices[k]].timeout_s + 10;
      }
      task_seconds = std::max(task_seconds, seconds);
      if (Status st =
              WriteFileAtomically(dir + "/task-" + std::to_string(t) + ".json", BatchToJson(sub));
          !st)
        problem = st.error().message;
    }
    std::string script = dir + "/job.sh";
    if (problem.empty()) {
      std::string text =
          "#!/bin/sh\n# tessera: measure one sub-batch per array task (SlurmRunner.h)\nexec " +
          ShellQuote(worker_) + " measure " + ShellQuote(dir) +
          "/task-\"$SLURM_ARRAY_TASK_ID\".json --out " + ShellQuote(workdir_) + " --json\n";
      if (Status st = WriteFileAtomically(script, text); !st) problem = st.error().message;
    }
    CommandOutput out;
    if (problem.empty()) {
      std::vector<std::string> cmd = SbatchCommand(script, n, dir + "/task-%a.log");
      if (options_.time_limit.empty()) {
        // A task is bounded by its candidates' timeouts: Slurm kills one that hangs anyway.
        long minutes = static_cast<long>(std::ceil(task_seconds / 60.0));
        cmd.insert(cmd.end() - 1, "--time=" + std::to_string(std::max(1L, minutes)));
      }
      out = RunCommand(cmd, kCommandTimeout);
      problem = SbatchProblem(out);
    }
    const std::string job = problem.empty() ? ParseJobId(out.output) : "";
    // The job id stays with the submission: a restarted run finds the job it left running.
    if (problem.empty()) (void)WriteFileAtomically(dir + "/job", job + "\n");
    if (!problem.empty()) {
      for (size_t i : indices) {
        MeasureResult r;
        r.status = MeasureStatus::Unavailable;
        r.message = problem;
        ledger.Finish(i, std::move(r), false);
      }
      return;
    }
    jobs_.push_back(job);
    active_jobs.push_back(job);
    for (Task& t : fresh) {
      t.job = job;
      for (size_t i : t.indices) ++ledger.attempts(i);
      tasks.push_back(std::move(t));
    }
  };
  auto cancel_jobs = [&]() {
    if (active_jobs.empty()) return;
    std::vector<std::string> cmd = {"scancel"};
    cmd.insert(cmd.end(), active_jobs.begin(), active_jobs.end());
    (void)RunCommand(cmd, kCommandTimeout);
  };

  // Open candidates that a job of an earlier run on this folder is still measuring.
  auto adopt = [&]() {
    std::vector<size_t> open = ledger.OpenIndices();
    std::error_code ec;
    if (open.empty() || !std::filesystem::exists(workdir_, ec)) return open;
    CommandOutput q;
    auto listed = ListTasks(&q);
    if (!listed || listed->empty()) return open;
    std::map<std::string, size_t> open_by_id;
    for (size_t i : open) open_by_id[requests[i].id] = i;
    for (const auto& entry : std::filesystem::directory_iterator(workdir_, ec)) {
      const std::string dir = entry.path().string();
      if (!entry.path().filename().string().starts_with("slurm-")) continue;
      const std::string job = FirstLine(dir + "/job");
      if (job.empty() || std::find(jobs_.begin(), jobs_.end(), job) != jobs_.end()) continue;
      for (int t = 0;; ++t) {
        const std::string batch = dir + "/task-" + std::to_string(t) + ".json";
        if (!std::filesystem::exists(batch, ec)) break;
        if (!listed->count(job + "_" + std::to_string(t))) continue;
        auto sub = ReadBatchFile(batch);
        if (!sub) continue;
        Task task;
        task.job = job;
        task.index = t;
        task.log = dir + "/task-" + std::to_string(t) + ".log";
        for (const MeasureRequest& r : *sub) {
          auto it = open_by_id.find(r.id);
          if (it == open_by_id.end()) continue;
          task.indices.push_back(it->second);
          ++ledger.attempts(it->second);
          open_by_id.erase(it);
        }
        if (task.indices.empty()) continue;
        adopted_.push_back(task.id());
        if (std::find(active_jobs.begin(), active_jobs.end(), job) == active_jobs.end())
          active_jobs.push_back(job);
        tasks.push_back(std::move(task));
      }
    }
    std::vector<size_t> rest;
    for (const auto& [id, i] : open_by_id) rest.push_back(i);
    std::sort(rest.begin(), rest.end());
    return rest;
  };

  if (std::vector<size_t> fresh = adopt(); !fresh.empty()) submit(fresh);
  auto last_answer = Clock::now();
  while (!tasks.empty()) {
    ledger.Collect();
    if (ledger.Cancelled()) {
      cancel_jobs();
      ledger.Collect();
      ledger.FinishAllOpen(MeasureStatus::Cancelled,
                           "cancelled (scancel " + OneLine([&] {
                             std::string s;
                             for (const auto& j : active_jobs) s += j + " ";
                             return s;
                           }()) +
                               ")",
                           false);
      break;
    }
    if (Clock::now() > deadline) {
      cancel_jobs();
      ledger.Collect();
      std::string states;
      for (const Task& t : tasks)
        states += " " + t.id() + ":" + t.state + (t.reason.empty() ? "" : "(" + t.reason + ")");
      ledger.FinishAllOpen(MeasureStatus::Timeout,
                           "the Slurm jobs did not finish within " +
                               std::to_string(static_cast<long>(budget)) + " s; cancelled them (" +
                               OneLine(states.substr(states.empty() ? 0 : 1)) + ")",
                           false);
      break;
    }
    // Which tasks Slurm still lists, and in what state.
    CommandOutput q;
    std::optional<TaskStates> states = ListTasks(&q);
    if (!states) {
      if (std::chrono::duration<double>(Clock::now() - last_answer).count() > kControllerSilence) {
        ledger.Collect();
        ledger.FinishAllOpen(MeasureStatus::Unavailable,
                             "lost contact with the Slurm controller (squeue: " +
                                 (q.timed_out ? std::string("no answer") : OneLine(q.output)) + ")",
                             false);
        break;
      }
      std::this_thread::sleep_for(poll);
      continue;
    }
    last_answer = Clock::now();
    const TaskStates& listed = *states;
    ledger.Collect();  // after squeue: a task that left the list has written what it wrote
    std::vector<size_t> retry;
    int queued = 0, running = 0;
    for (auto it = tasks.begin(); it != tasks.end();) {
      auto found = listed.find(it->id());
      bool open_left = std::any_of(it->indices.begin(), it->indices.end(),
                                   [&](size_t i) { return ledger.open(i); });
      if (found != listed.end()) {
        it->state = found->second.first;
        it->reason = found->second.second;
        int open_count = 0;
        for (size_t i : it->indices) open_count += ledger.open(i) ? 1 : 0;
        (it->state == "RUNNING" || it->state == "COMPLETING" ? running : queued) += open_count;
        ++it;
        continue;
      }
      if (open_left) {
        std::string why = EndReason(*it);
        for (size_t i : it->indices) {
          if (!ledger.open(i)) continue;
          if (ledger.attempts(i) <= options_.max_retries) {
            retry.push_back(i);
            continue;
          }
          MeasureResult r;
          r.status = MeasureStatus::RunError;
          r.message = "the Slurm job " + it->id() + " ended without a result (" + why + ") after " +
                      std::to_string(ledger.attempts(i)) + " attempts";
          ledger.Finish(i, std::move(r), true);
        }
      }
      it = tasks.erase(it);
    }
    active_jobs.clear();
    for (const Task& t : tasks)
      if (std::find(active_jobs.begin(), active_jobs.end(), t.job) == active_jobs.end())
        active_jobs.push_back(t.job);
    if (!retry.empty()) {
      std::sort(retry.begin(), retry.end());
      submit(retry);
      queued += static_cast<int>(retry.size());
    }
    ledger.Progress(queued, running);
    if (!tasks.empty()) std::this_thread::sleep_for(poll);
  }
  ledger.Collect();
  ledger.FinishAllOpen(MeasureStatus::RunError, "no result was written for this candidate", false);
  ledger.Progress(0, 0);
  return ledger.Results();
}

std::vector<MeasureRequest> SlurmRunner::EarlierRequests() const {
  std::vector<MeasureRequest> out;
  std::set<std::string> ids;
  std::error_code ec;
  std::vector<std::filesystem::path> dirs;
  for (const auto& entry : std::filesystem::directory_iterator(workdir_, ec))
    if (entry.path().filename().string().starts_with("slurm-")) dirs.push_back(entry.path());
  std::sort(dirs.begin(), dirs.end());
  for (const auto& dir : dirs) {
    for (int t = 0;; ++t) {
      const std::string batch = (dir / ("task-" + std::to_string(t) + ".json")).string();
      if (!std::filesystem::exists(batch, ec)) break;
      auto sub = ReadBatchFile(batch);
      if (!sub) continue;
      for (MeasureRequest& r : *sub)
        if (ids.insert(r.id).second) out.push_back(std::move(r));
    }
  }
  return out;
}

std::optional<MachineSignature> SlurmRunner::Machine(std::string* error) {
  if (machine_) return machine_;
  auto fail = [&](const std::string& why) -> std::optional<MachineSignature> {
    if (error) *error = "cannot learn the node's machine: " + why;
    return std::nullopt;
  };
  const std::string dir = NewSubmissionDir(workdir_);
  const std::string out_file = dir + "/machine.json";
  const std::string script = dir + "/probe.sh";
  const std::string text =
      "#!/bin/sh\n# tessera: report this node's machine signature (SlurmRunner::Machine)\nexec " +
      ShellQuote(worker_) + " measure --signature " + ShellQuote(out_file) + "\n";
  if (Status st = WriteFileAtomically(script, text); !st) return fail(st.error().message);
  std::vector<std::string> cmd = SbatchCommand(script, 1, dir + "/probe.log");
  if (options_.time_limit.empty()) cmd.insert(cmd.end() - 1, "--time=1");
  CommandOutput out = RunCommand(cmd, kCommandTimeout);
  if (std::string problem = SbatchProblem(out); !problem.empty()) return fail(problem);
  Task task;
  task.job = ParseJobId(out.output);
  task.log = dir + "/probe.log";
  // Queued as long as a measurement may be: ten minutes.
  const auto deadline = Clock::now() + std::chrono::seconds(600);
  const auto poll =
      std::chrono::milliseconds(std::clamp(static_cast<int>(options_.poll_s * 1000), 50, 10000));
  auto last_answer = Clock::now();
  auto read = [&]() -> std::optional<MachineSignature> {
    std::ifstream in(out_file);
    if (!in) return std::nullopt;
    std::string json((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
    std::string why;
    auto sig = MachineSignature::FromJson(json, &why);
    if (sig) machine_ = sig;
    return sig;
  };
  while (true) {
    if (auto sig = read()) return sig;
    if (Clock::now() > deadline) {
      (void)RunCommand({"scancel", task.job}, kCommandTimeout);
      return fail("the job " + task.job + " did not run within 600 s (cancelled it)");
    }
    CommandOutput q;
    auto listed = ListTasks(&q);
    if (!listed) {
      if (std::chrono::duration<double>(Clock::now() - last_answer).count() > kControllerSilence)
        return fail("lost contact with the Slurm controller (squeue: " + OneLine(q.output) + ")");
    } else {
      last_answer = Clock::now();
      if (!listed->count(task.id())) {
        if (auto sig = read()) return sig;
        return fail("the job " + task.id() + " ended without reporting (" + EndReason(task) + ")");
      }
    }
    std::this_thread::sleep_for(poll);
  }
}

}  // namespace tessera::runner
