// tessera-difftest [--seed N] [--count M] [--workload NAME] [--keep-going] [--out DIR]
//
// Generates M random schedules (seeds N, N+1, ...; workloads in turn unless one is
// named), compiles and runs each and compares it with the reference. One line per
// failure; with --out every failing case is written as DIR/<workload>-<seed>.py, a
// script that `tessera-cli run FILE --check` runs again (the case being run is kept in
// DIR/current.py, so a crash leaves it behind). Without --keep-going the first failure
// stops the run. `--run FILE [--var NAME=VALUE]...` checks one script the same way.
// With --tir the cases are TensorIR ones instead (TirCase.h): random tir.Schedule
// primitives on the workloads' PrimFuncs, lowered with LowerTensorIR; a failing case is
// written as DIR/tir-<workload>-<seed>.txt (its trace and scheduled function).
// Exit codes: 0 all passed, 2 usage, 3 a failure.
#include <algorithm>
#include <chrono>
#include <filesystem>
#include <fstream>
#include <iostream>
#include <iterator>
#include <map>
#include <optional>
#include <string>

#include "DifferentialCase.h"
#include "ScheduleGenerator.h"
#include "TirCase.h"
#include "Workloads.h"
#include "script/Evaluator.h"
#include "transform/LowerSchedule.h"

namespace {

using namespace tessera::difftest;

struct Options {
  uint64_t seed = 1;
  int64_t count = 100;
  std::string workload;
  bool keep_going = false;
  std::string out_dir;
  std::string run_file;                 // --run FILE: check one script instead
  std::map<std::string, int64_t> vars;  // --var NAME=VALUE for --run
  bool print_lowered = false;           // --print: --run prints the lowered program
  bool verbose = false;                 // --verbose: also list the cases lowering refused
  bool lower_is_failure = false;        // --strict: a lowering refusal is a failure too
  bool tir = false;                     // --tir: TensorIR cases
};

int Usage(const std::string& problem) {
  std::cerr
      << "tessera-difftest: " << problem
      << "\nUsage: tessera-difftest [--seed N] [--count M] [--workload NAME] [--keep-going] "
         "[--out DIR] [--verbose] [--strict] [--tir]\n       tessera-difftest --run FILE [--var "
         "NAME=VALUE]... [--print]\nWorkloads:";
  for (const std::string& w : WorkloadNames()) std::cerr << " " << w;
  std::cerr << "\n";
  return 2;
}

bool ParseInt(const std::string& text, int64_t* value) {
  try {
    size_t used = 0;
    *value = std::stoll(text, &used);
    return used == text.size() && *value >= 0;
  } catch (...) {
    return false;
  }
}

std::optional<std::string> Parse(int argc, char** argv, Options* o) {
  for (int i = 1; i < argc; ++i) {
    std::string a = argv[i];
    bool has_value = i + 1 < argc;
    int64_t n = 0;
    if (a == "--keep-going") {
      o->keep_going = true;
    } else if (a == "--print") {
      o->print_lowered = true;
    } else if (a == "--verbose") {
      o->verbose = true;
    } else if (a == "--tir") {
      o->tir = true;
    } else if (a == "--strict") {
      o->lower_is_failure = true;
    } else if ((a == "--seed" || a == "--count") && has_value) {
      if (!ParseInt(argv[++i], &n)) return a + " expects a non-negative integer";
      if (a == "--seed")
        o->seed = static_cast<uint64_t>(n);
      else
        o->count = n;
    } else if (a == "--workload" && has_value) {
      o->workload = argv[++i];
      if (std::find(WorkloadNames().begin(), WorkloadNames().end(), o->workload) ==
          WorkloadNames().end())
        return "unknown workload '" + o->workload + "'";
    } else if (a == "--run" && has_value) {
      o->run_file = argv[++i];
    } else if (a == "--var" && has_value) {
      std::string spec = argv[++i];
      size_t eq = spec.find('=');
      if (eq == std::string::npos || !ParseInt(spec.substr(eq + 1), &n))
        return "--var expects NAME=VALUE";
      o->vars[spec.substr(0, eq)] = n;
    } else if (a == "--out" && has_value) {
      o->out_dir = argv[++i];
    } else {
      return "unexpected argument '" + a + "'";
    }
  }
  return std::nullopt;
}

// --run FILE: one script checked as the generated cases are (exit 3 on a failure).
int RunFile(const Options& o) {
  std::ifstream in(o.run_file);
  if (!in) return Usage("cannot open '" + o.run_file + "'");
  std::string text((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
  if (o.print_lowered) {
    auto program = tessera::script::EvaluateScript(text, o.run_file);
    if (program && program->schedule) {
      auto lowered = tessera::transform::LowerSchedule(*program->schedule, program->Arguments());
      if (lowered) std::cout << lowered->timeline.back().ir << std::endl;
    }
  }
  CaseResult r = RunScript(text, o.vars);
  if (r.passed) {
    std::cout << "passed\n";
    return 0;
  }
  std::cout << "FAIL [" << r.stage << "] " << r.message << "\n";
  return 3;
}

void Write(const std::filesystem::path& path, const std::string& text) {
  std::ofstream(path) << text;
}

// --tir: TensorIR cases (exit 3 when one failed).
int RunTir(const Options& o) {
  int64_t run = 0, unsupported = 0, passed = 0, failed = 0, applied = 0, refused = 0;
  std::map<std::string, int64_t> by_primitive;
  auto start = std::chrono::steady_clock::now();
  for (int64_t i = 0; i < o.count; ++i) {
    uint64_t seed = o.seed + static_cast<uint64_t>(i);
    const std::string& workload =
        o.workload.empty() ? WorkloadNames()[seed % WorkloadNames().size()] : o.workload;
    TirCaseResult r = RunTirCase(workload, seed);
    ++run;
    if (!r.supported) {
      ++unsupported;
      if (o.verbose)
        std::cout << "create_prim_func refused " << workload << ": " << r.message << "\n";
      continue;
    }
    applied += r.applied;
    refused += r.refused;
    for (const auto& [name, n] : r.applied_by_primitive) by_primitive[name] += n;
    if (r.passed) {
      ++passed;
      continue;
    }
    ++failed;
    std::string file;
    if (!o.out_dir.empty()) {
      file = (std::filesystem::path(o.out_dir) /
              ("tir-" + workload + "-" + std::to_string(seed) + ".txt"))
                 .string();
      Write(file, TirReproducerText(r));
    }
    std::cout << "FAIL tir " << workload << " seed " << seed << " [" << r.stage << "] "
              << r.message.substr(0, r.message.find('\n')) << (file.empty() ? "" : " -> " + file)
              << "\n";
    if (o.print_lowered) std::cout << r.trace << "\n" << r.func << "\n";
    if (!o.keep_going) break;
  }
  double seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  std::cout << "tir: run " << run << ", not a PrimFunc " << unsupported << ", passed " << passed
            << ", primitives applied " << applied << ", refused " << refused << ", failed "
            << failed << " (" << (seconds > 0 ? static_cast<double>(run) / seconds : 0.0)
            << " cases/s)\n";
  if (o.verbose) {
    std::cout << "applied:";
    for (const auto& [name, n] : by_primitive) std::cout << " " << name << " " << n;
    std::cout << "\n";
  }
  return failed ? 3 : 0;
}

}  // namespace

int main(int argc, char** argv) {
  Options o;
  if (auto problem = Parse(argc, argv, &o)) return Usage(*problem);
  if (!o.run_file.empty()) return RunFile(o);
  if (!o.out_dir.empty()) std::filesystem::create_directories(o.out_dir);
  if (o.tir) return RunTir(o);
  int64_t run = 0, passed = 0, rejected = 0, failed = 0, applied = 0, lower_rejected = 0;
  std::map<std::string, int64_t> by_primitive;
  auto start = std::chrono::steady_clock::now();
  for (int64_t i = 0; i < o.count; ++i) {
    uint64_t seed = o.seed + static_cast<uint64_t>(i);
    const std::string& workload =
        o.workload.empty() ? WorkloadNames()[seed % WorkloadNames().size()] : o.workload;
    GeneratedCase c = GenerateCase(workload, seed);
    if (!o.out_dir.empty())
      Write(std::filesystem::path(o.out_dir) / "current.py",
            ReproducerText(
                c.script, c.vars,
                "the case being run (" + workload + " seed " + std::to_string(seed) + ")"));
    ++run;
    rejected += c.rejected;
    applied += c.applied;
    for (const auto& [name, n] : c.applied_by_primitive) by_primitive[name] += n;
    CaseResult r =
        c.failure ? CaseResult{false, "generate", *c.failure} : RunScript(c.script, c.vars);
    if (r.passed) {
      ++passed;
      continue;
    }
    if (r.stage == "lower" && !o.lower_is_failure) {
      // The primitives accepted the schedule but lowering refused it with an Error (a
      // legality check that comes late, not a wrong result); counted, not a failure.
      ++lower_rejected;
      if (o.verbose)
        std::cout << "lowering refused " << workload << " seed " << seed << ": "
                  << r.message.substr(0, r.message.find('\n')) << "\n";
      continue;
    }
    ++failed;
    std::string file;
    if (!o.out_dir.empty()) {
      file = (std::filesystem::path(o.out_dir) / (workload + "-" + std::to_string(seed) + ".py"))
                 .string();
      Write(file, ReproducerText(c.script, c.vars, r.stage + ": " + r.message));
    }
    std::cout << "FAIL " << workload << " seed " << seed << " [" << r.stage << "] "
              << r.message.substr(0, r.message.find('\n')) << (file.empty() ? "" : " -> " + file)
              << "\n";
    if (!o.keep_going) break;
  }
  if (!o.out_dir.empty()) std::filesystem::remove(std::filesystem::path(o.out_dir) / "current.py");
  double seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  std::cout << "run " << run << ", passed " << passed << ", rejected-by-schedule " << rejected
            << " (of " << rejected + applied << " primitives), rejected-at-lowering "
            << lower_rejected << ", failed " << failed << " ("
            << (seconds > 0 ? static_cast<double>(run) / seconds : 0.0) << " cases/s)\n";
  if (o.verbose) {
    std::cout << "applied:";
    for (const auto& [name, n] : by_primitive) std::cout << " " << name << " " << n;
    std::cout << "\n";
  }
  return failed ? 3 : 0;
}
