// tessera-cli tune FILE [--target llvm] [--trials N] [--time-budget S] [--db DB] [--seed N]
//                       [--strategy evolution|random] [--claim-processes N] [--func NAME]
//                       [--blocked-inputs] [--blocked-outputs] [--argument-block N] [--json]
//                       [--runner local|slurm ...]
// tessera-cli tune --best FILE --db DB [--func NAME]
// tessera-cli tune --export OUT.jsonl --db DB | --import IN.jsonl --db DB
//
// Searches the schedule space generated from FILE's te definition (core/tune) on this
// machine, measuring candidates through a runner, and prints the best schedule as a
// script — a valid TVM program — with its speed-up over FILE's own schedule. Progress
// goes to stderr, so stdout is the script alone (or the JSON report).
#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <ostream>

#include "CliCommon.h"
#include "CliFormat.h"
#include "Commands.h"
#include "Execution.h"
#include "RunnerOptions.h"
#include "ScriptLoading.h"
#include "TensorIRCommands.h"
#include "TensorIRTune.h"
#include "codegen/LLVMBackend.h"
#include "runner/MachineSignature.h"
#include "runner/Runner.h"
#include "script/export/ScriptPrinter.h"
#include "support/Json.h"
#include "tune/ArgumentLayouts.h"
#include "tune/EarlierCandidates.h"
#include "tune/Tuner.h"

namespace tessera::cli {

namespace {

constexpr const char* kHelp =
    R"(Usage: tessera-cli tune FILE [options]
       tessera-cli tune --best FILE --db DB [--target T] [--func NAME] [--runner slurm ...]
       tessera-cli tune --export OUT.jsonl --db DB
       tessera-cli tune --import IN.jsonl --db DB

Tunes FILE's workload on this machine: schedules are generated from the te definition
(multi-level tiling sized for this CPU's vector width and registers, inlining, fusion,
parallel and vector loops, packing), proposed by an evolutionary search guided by an
XGBoost cost model, measured in worker processes and kept in the records database.
Each new best is checked against the te oracle before it is accepted. Prints the best
schedule as a script (a valid TVM program) and its speed-up over FILE's own schedule:
after the search chose the best, both are timed together in fresh worker processes (3,
--claim-processes; a kernel whose ten calls take under 100 ms is called until they do,
in at least 8), each in the same interleaved rounds, in milliseconds as measured (as
`profile` prints them); the medians with 95% intervals, the speed-up's spread including each process's
own, and "within noise" when the intervals overlap or the spread holds 1. Progress goes
to stderr. A run on an existing database resumes: schedules already measured on this
machine are not measured again.

A TensorIR document (TVMScript, or a tir/s_tir.Schedule script) is tuned after its own
schedule over the design space of its blocks, as MetaSchedule builds it: multi-level
"SSRSRS" tiling of reductions (with or without a write cache), inlining of element-wise
blocks, parallel, vector and unrolled loops. Candidates replay the space's sketches with
new decisions: mutated from the best measured ones and picked by the cost model
(evolution), or drawn at random (random); the best, checked against the unscheduled function, is printed as the
document followed by its trace (def apply_trace, in the document's TVM spelling) applied
to the document's schedule: a document that runs as it is. Its records are kept apart
from te records. In a module of several functions (@I.ir_module, sch.mod) --func NAME
chooses the function tuned: its blocks as the document's schedule left them are searched,
its unscheduled original checks the candidates, its records are its own, and the printed
document applies the trace after sch.work_on("NAME"), the other functions' schedule lines
kept as they are.

Options:
  --target T          llvm (default)
  --trials N          candidates to measure (default 64)
  --time-budget S     stop after S seconds (default: no limit)
  --db DB             the records database (SQLite; default: none, nothing is kept)
  --seed N            random seed (default 1)
  --strategy S        evolution (default, cost-model guided) or random (the baseline)
  --func NAME         the function of a TensorIR module to tune (or --best); needed when
                      the module has several functions and the script schedules none
  --batch N           candidates per round (default 8)
  --repeat N          timed calls per candidate, at least (default 5): more, at most 100,
                      once a kernel was timed, until the fastest one's calls last 10 ms
  --claim-processes N fresh processes timing the best against FILE's schedule for the
                      claim (default 3); 0: the te search's re-ranking rounds, which
                      chose the best, time it instead (faster, less sure; a TensorIR
                      search has none and takes 1)
  --blocked-inputs    the caller hands the inputs in blocked layouts (as a library's
                      blocked primitive takes them, e.g. oneDNN's nChw8c): a schedule may
                      lay an input out with transform_layout instead of copying it, so
                      the kernel no longer takes the te definition's layouts. Its records
                      are another workload's; give it to --best too. te scripts only
  --blocked-outputs   the caller takes the output in the blocked layout the kernel's
                      accumulator holds (e.g. nChw8c): a schedule may lay the output out
                      with transform_layout, its copy out writing whole vectors. As
                      --blocked-inputs: another workload's records, te scripts only
  --argument-block N  the channels of a block of the arguments handed or written in
                      blocks, as the caller's tensors have them (oneDNN: 16 on AVX-512,
                      8 on AVX2); without it each schedule's own block. A schedule whose
                      channel tile N does not divide hands nothing in blocks. Another
                      workload's records again; needs --blocked-inputs or -outputs
  --json              print a JSON report instead of the script
  --best FILE         print the best stored schedule of FILE's workload on this machine
                      (with --runner slurm: on the machine of the partition's nodes)
  --export OUT        write every record of DB as JSON lines to OUT
  --import IN         add the records of IN (JSON lines) to DB
  -h, --help          show this help
)";

constexpr const char* kFooter = R"(
Records are only valid on the machine they were measured on (CPU model, ISA features,
core count): --best never returns a schedule measured elsewhere. With --runner slurm the
candidates run as job arrays on the cluster's nodes, the search is sized for a node (a
short job asks one for its signature) and the records carry the node's signature; a run
started again with the same --db and --workdir resumes: results the nodes wrote are read
back and jobs still running are waited for, not submitted again.

Exit codes: 0 success, 1 bad script or no stored record, 2 usage, 4 not available.
)";

std::optional<double> ParseSeconds(const std::string& text) {
  char* end = nullptr;
  double v = std::strtod(text.c_str(), &end);
  if (text.empty() || *end != '\0' || !(v > 0) || v > 1e7) return std::nullopt;
  return v;
}

// The blocked arguments asked for; a usage problem in `problem`.
tune::BlockedArguments BlockedArgumentsOf(const ParsedArgs& args, std::string* problem) {
  tune::BlockedArguments blocked;
  blocked.inputs = args.has("--blocked-inputs");
  blocked.outputs = args.has("--blocked-outputs");
  if (args.has("--argument-block")) {
    auto v = ParseInteger(args.value("--argument-block"));
    if (!v || *v < 2 || *v > 1024)
      *problem = "--argument-block expects a number of channels from 2 to 1024";
    else if (!blocked.any())
      *problem = "--argument-block needs --blocked-inputs or --blocked-outputs";
    else
      blocked.block = *v;
  }
  return blocked;
}

int BlockedRefused(std::ostream& err) {
  return UsageError(
      "tune", "--blocked-inputs and --blocked-outputs apply to te scripts, not TensorIR", err);
}

std::unique_ptr<tune::Database> OpenDatabase(const std::string& path, std::ostream& err) {
  auto db = tune::Database::Open(path);
  if (!db) {
    err << "tessera-cli tune: " << db.error().message << "\n";
    return nullptr;
  }
  return std::move(db.value());
}

// The record's script as a TVM program (Tessera-only calls become their TVM equivalent),
// headed by what it achieved, what may be said of it against the input schedule and the
// arguments it lays out anew; those also in `laid_out` ("" for none).
std::string TvmScript(const tune::OfferedSchedule& offered, const std::string& claim,
                      std::string* laid_out = nullptr) {
  const tune::TuningRecord& best = offered.record;
  std::string header =
      "# tuned by tessera-cli tune: " + OfferedSpeed(offered) + "\n# " + claim + "\n";
  header += "# machine: " + best.machine_key + "\n";
  auto program = script::EvaluateScript(best.script, "best.py");
  if (!program) return header + best.script;
  if (program->schedule)
    if (std::string arguments =
            tune::DescribeLaidOutArguments(tune::LaidOutArguments(*program->schedule));
        !arguments.empty()) {
      header += "# arguments laid out anew: the kernel " + arguments + "\n";
      if (laid_out) *laid_out = arguments;
    }
  return header + script::PrintScript(*program, script::ScriptDialect::TVM);
}

int ExportImport(const ParsedArgs& args, std::ostream& out, std::ostream& err) {
  if (!args.has("--db")) return UsageError("tune", "--export and --import need --db DB", err);
  auto db = OpenDatabase(args.value("--db"), err);
  if (!db) return kBadInput;
  if (args.has("--export")) {
    auto lines = db->ExportJsonLines();
    if (!lines) {
      err << "tessera-cli tune: " << lines.error().message << "\n";
      return kBadInput;
    }
    std::FILE* f = std::fopen(args.value("--export").c_str(), "wb");
    if (!f || std::fwrite(lines->data(), 1, lines->size(), f) != lines->size()) {
      if (f) std::fclose(f);
      err << "tessera-cli tune: cannot write '" << args.value("--export") << "'\n";
      return kBadInput;
    }
    std::fclose(f);
    out << "exported " << std::count(lines->begin(), lines->end(), '\n') << " records\n";
    return kSuccess;
  }
  std::string problem;
  auto text = ReadFile(args.value("--import"), &problem);
  if (!text) {
    err << "tessera-cli tune: " << problem << "\n";
    return kBadInput;
  }
  auto added = db->ImportJsonLines(*text, args.value("--import"));
  if (!added) {
    err << added.error().format() << "\n";
    return kBadInput;
  }
  out << "imported " << *added << " records\n";
  return kSuccess;
}

int PrintStoredBest(const ParsedArgs& args, const std::map<std::string, int64_t>& vars,
                    std::ostream& out, std::ostream& err) {
  if (!args.has("--db")) return UsageError("tune", "--best needs --db DB", err);
  int code = kSuccess;
  auto program = LoadScript("tune", args.value("--best"), true, err, &code);
  if (!program) return code;
  if (int c = ChooseTensorIRFunction("tune", args, &*program, err)) return c;
  std::string problem;
  const tune::BlockedArguments blocked = BlockedArgumentsOf(args, &problem);
  if (!problem.empty()) return UsageError("tune", problem, err);
  auto db = OpenDatabase(args.value("--db"), err);
  if (!db) return kBadInput;
  if (program->is_tensorir() && blocked.any()) return BlockedRefused(err);
  if (program->is_tensorir())
    return TensorIRStoredBest(*program, *db, args.value("--target", "llvm"), vars,
                              runner::ReadMachineSignature(), out, err);
  tune::WorkloadFingerprint fp =
      tune::FingerprintWorkload(program->schedule->outputs, vars, blocked);
  runner::MachineSignature machine = runner::ReadMachineSignature();
  if (args.has("--runner")) {  // the best for the runner's machine (a Slurm node)
    std::string problem;
    auto made = runner::MakeRunner(RunnerOptionsFromArgs(args), &problem);
    std::optional<runner::MachineSignature> there = made ? made->Machine(&problem) : std::nullopt;
    if (!there) {
      err << "tessera-cli tune: not available: " << problem << "\n";
      return kUnavailable;
    }
    machine = *there;
  }
  tune::RecordQuery query{fp.hash, args.value("--target", "llvm"), machine.Key()};
  auto best = db->Best(query);
  if (!best) {
    err << "tessera-cli tune: " << best.error().message << "\n";
    return kBadInput;
  }
  if (!best->has_value()) {
    err << "tessera-cli tune: no record of workload " << fp.name << " (" << fp.hash
        << ") on this machine (" << machine.Key() << ") in " << args.value("--db") << "\n";
    return kBadInput;
  }
  // Stored records were timed at different times: their medians are no speed-up.
  std::string claim =
      "no speed-up claimed: stored records were not timed in the same rounds (tune FILE again "
      "to time the best and the input schedule together)";
  if ((*best)->source == "input")
    claim = tune::ClaimText({tune::SpeedupClaim::Kind::kInputIsBest, {}});
  out << TvmScript(*tune::OfferedBest(**best, std::nullopt, {}), claim);
  return kSuccess;
}

void WriteJsonReport(const tune::TuneResult& r, const std::string& runner_name,
                     const tune::BlockedArguments& blocked, std::ostream& out) {
  JsonWriter w;
  w.begin_object()
      .key("workload")
      .value(r.workload.hash)
      .key("workload_name")
      .value(r.workload.name)
      .key("blocked_inputs")
      .value(blocked.inputs)
      .key("blocked_outputs")
      .value(blocked.outputs)
      .key("argument_block")
      .value(blocked.block)
      .key("machine")
      .value(r.machine_key)
      .key("runner")
      .value(runner_name)
      .key("measured")
      .value(r.measured)
      .key("failed")
      .value(r.failed)
      .key("too_slow")
      .value(r.too_slow)
      .key("invalid")
      .value(r.invalid)
      .key("resumed")
      .value(r.resumed)
      .key("elapsed_s")
      .value(r.elapsed_s)
      .key("seconds_to_90_percent")
      .value(r.seconds_to_90_percent);
  if (r.input) w.key("input_median_ms").value(r.input->median_ms);
  // The speed-up only from the best and the input timed together, with its spread.
  const tune::SpeedupClaim claim = tune::ClaimOverInput(r);
  if (auto offered = tune::OfferedBest(r.best, r.input, claim))
    WriteOfferedJson(w, *offered, *r.best);
  WriteClaimJson(w, claim);
  WriteTrialsJson(w, r.trials);
  w.end_object();
  out << w.str() << "\n";
}

}  // namespace

int TuneCommand(const Argv& argv, std::ostream& out, std::ostream& err) {
  ParsedArgs args;
  OptionSpec spec{
      WithRunnerOptions({"--target", "--trials", "--time-budget", "--db", "--seed", "--strategy",
                         "--batch", "--repeat", "--claim-processes", "--best", "--export",
                         "--import", "--var", "--func", "--argument-block"}),
      {"--json", "--blocked-inputs", "--blocked-outputs"}};
  if (auto problem = ParseArgs(argv, spec, &args)) return UsageError("tune", *problem, err);
  if (args.help) {
    out << kHelp << kRunnerHelp << kFooter;
    return kSuccess;
  }
  std::map<std::string, int64_t> vars;
  if (auto problem = ParseVarValues(args.values("--var"), &vars))
    return UsageError("tune", *problem, err);
  if (args.has("--export") || args.has("--import")) {
    if (!args.positional.empty() || (args.has("--export") && args.has("--import")))
      return UsageError("tune", "--export and --import take no FILE and not each other", err);
    return ExportImport(args, out, err);
  }
  if (args.has("--best")) {
    if (!args.positional.empty())
      return UsageError("tune", "--best takes its FILE as its value", err);
    return PrintStoredBest(args, vars, out, err);
  }
  if (args.positional.size() != 1)
    return UsageError("tune", args.positional.empty() ? "missing FILE" : "expected one FILE", err);

  tune::TuneOptions options;
  options.shape_vars = vars;
  options.target = args.value("--target", "llvm");
  if (options.target != "llvm")
    return UsageError("tune", "unknown target '" + options.target + "' (tune supports llvm)", err);
  struct IntOption {
    const char* name;
    int* into;
    int64_t low, high;
  } ints[] = {{"--trials", &options.trials, 1, 100000},
              {"--batch", &options.batch_size, 1, 1024},
              {"--repeat", &options.repeat, 1, 10000},
              {"--claim-processes", &options.claim_processes, 0, 64}};
  for (const IntOption& o : ints) {
    if (!args.has(o.name)) continue;
    auto v = ParseInteger(args.value(o.name));
    if (!v || *v < o.low || *v > o.high)
      return UsageError("tune",
                        std::string(o.name) + " expects an integer from " + std::to_string(o.low) +
                            " to " + std::to_string(o.high),
                        err);
    *o.into = static_cast<int>(*v);
  }
  if (args.has("--seed")) {
    auto v = ParseInteger(args.value("--seed"));
    if (!v || *v < 0) return UsageError("tune", "--seed expects a non-negative integer", err);
    options.seed = static_cast<uint64_t>(*v);
  }
  if (args.has("--time-budget")) {
    auto s = ParseSeconds(args.value("--time-budget"));
    if (!s) return UsageError("tune", "--time-budget expects a positive number of seconds", err);
    options.time_budget_s = *s;
  }
  options.strategy = args.value("--strategy", "evolution");
  if (options.strategy != "evolution" && options.strategy != "random")
    return UsageError("tune", "--strategy expects evolution or random", err);
  std::string blocked_problem;
  options.blocked = BlockedArgumentsOf(args, &blocked_problem);
  if (!blocked_problem.empty()) return UsageError("tune", blocked_problem, err);

  int code = kSuccess;
  auto program = LoadScript("tune", args.positional[0], true, err, &code);
  if (!program) return code;
  if (int c = ChooseTensorIRFunction("tune", args, &*program, err)) return c;
  if (program->is_tensorir() && options.blocked.any()) return BlockedRefused(err);
  if (!codegen::LLVMAvailable()) {
    err << "tessera-cli tune: not available: this build has no LLVM backend\n";
    return kUnavailable;
  }
  std::unique_ptr<tune::Database> db;
  if (args.has("--db")) {
    db = OpenDatabase(args.value("--db"), err);
    if (!db) return kBadInput;
  }
  runner::RunnerOptions runner_options = RunnerOptionsFromArgs(args);
  if (runner_options.kind != "local" && runner_options.kind != "slurm")
    return UsageError(
        "tune", "unknown runner '" + runner_options.kind + "' (expected local or slurm)", err);
  runner_options.poll_s = runner_options.kind == "local" ? 0.05 : 0.2;
  std::string problem;
  std::unique_ptr<runner::Runner> runner = runner::MakeRunner(runner_options, &problem);
  if (!runner) {
    err << "tessera-cli tune: not available: " << problem << "\n";
    return kUnavailable;
  }
  const bool json = args.has("--json");
  tune::TuneCallbacks callbacks;
  callbacks.on_message = [&err](const std::string& m) { err << "tune: " << m << "\n"; };
  callbacks.on_trial = TrialProgressPrinter(err, options.trials);
  // Where the runner measures (a Slurm runner asks a node): the design space is sized for
  // that machine and the records are keyed with its signature, never the workstation's.
  std::optional<runner::MachineSignature> machine = runner->Machine(&problem);
  if (!machine) {
    err << "tessera-cli tune: not available: " << problem << "\n";
    return kUnavailable;
  }
  if (runner->Name() != "local")
    err << "tune: measuring on " << machine->hostname << " (" << machine->Key() << ") through "
        << runner->Name() << "\n";
  if (program->is_tensorir())
    return TensorIRTune(*program, args.positional[0], options, *runner, *machine, db.get(), json,
                        out, err);
  // The batch an earlier run left in flight on this work folder (core/tune/EarlierCandidates.h).
  if (db) {
    auto earlier = tune::RecordEarlierCandidates(*program, *runner, *db, *machine, options);
    if (!earlier) {
      err << "tessera-cli tune: " << earlier.error().format() << "\n";
      return kBadInput;
    }
    if (*earlier > 0)
      err << "tune: resumed " << *earlier
          << " candidates that an earlier run left unrecorded in the work folder\n";
  }
  auto result = tune::Tune(*program, *runner, db.get(), *machine, options, callbacks);
  if (!result) {
    err << "tessera-cli tune: " << result.error().format() << "\n";
    return kBadInput;
  }
  if (json) {
    WriteJsonReport(*result, runner->Name(), options.blocked, out);
    return result->best ? kSuccess : kBadInput;
  }
  err << "tune: " << result->measured << " measured (" << result->failed << " failed"
      << (result->too_slow
              ? ", " + std::to_string(result->too_slow) + " of them stopped at their timing limit"
              : std::string())
      << ", " << result->invalid << " invalid samples skipped) in " << Fixed(result->elapsed_s, 1)
      << " s\n";
  if (!result->best) {
    err << "tessera-cli tune: no candidate ran successfully\n";
    return kBadInput;
  }
  const tune::SpeedupClaim claim = tune::ClaimOverInput(*result);
  std::string laid_out;
  const std::string script = TvmScript(*tune::OfferedBest(result->best, result->input, claim),
                                       tune::ClaimText(claim), &laid_out);
  if (!laid_out.empty()) err << "tune: the offered kernel " << laid_out << "\n";
  out << script;
  return kSuccess;
}

}  // namespace tessera::cli
