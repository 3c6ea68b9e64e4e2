#include "tune/tir/TirSpaceGenerator.h"

#include "codegen/LoweringContext.h"
#include "tir/ScheduleError.h"
#include "transform/LowerTensorIR.h"
#include "tune/tir/TirScheduleRule.h"

namespace tessera::tune {

namespace {

constexpr const char* kLoweringPrefix = "LoweringError: ";

// The blocks of `func` in post order: the leaves in program order, then the root.
std::vector<std::string> PostOrderBlocks(const tir::PrimFunc& func) {
  std::vector<std::string> names = TirLeafBlocks(func);
  names.push_back("root");
  return names;
}

}  // namespace

TirSpaceGenerator::TirSpaceGenerator(tir::PrimFunc func, std::string func_name, int64_t seed)
    : func_(std::move(func)), func_name_(std::move(func_name)) {
  struct Partial {
    tir::Schedule sch;
    std::vector<std::string> rules;
  };
  std::vector<Partial> partial = {{tir::Schedule(func_, seed, func_name_), {}}};
  for (const std::string& block : PostOrderBlocks(func_)) {
    for (const TirScheduleRule* rule : TirScheduleRules()) {
      std::vector<Partial> next;
      for (Partial& p : partial) {
        size_t before = p.sch.trace().insts.size();
        for (tir::Schedule& s : rule->Apply(p.sch, block)) {
          std::vector<std::string> rules = p.rules;
          if (s.trace().insts.size() != before)
            rules.push_back(std::string(rule->name()) + " on " + block);
          next.push_back({std::move(s), std::move(rules)});
        }
      }
      partial = std::move(next);
    }
  }
  for (Partial& p : partial) sketches_.push_back({p.sch.trace(), std::move(p.rules)});
}

Result<tir::Schedule> TirSpaceGenerator::Replay(const tir::Trace& trace) const {
  tir::Schedule sch(func_, 1, func_name_);
  if (Status st = tir::ApplyTrace(trace, &sch); !st.ok()) return st.error();
  return sch;
}

Result<tir::Schedule> TirSpaceGenerator::Sample(size_t sketch, int64_t seed) const {
  if (sketch >= sketches_.size())
    return Error("the design space has " + std::to_string(sketches_.size()) + " sketches, not " +
                 std::to_string(sketch + 1));
  tir::Trace trace = sketches_[sketch].trace;
  for (tir::Instruction& inst : trace.insts)
    if (tir::is_sampling(inst.kind)) {
      inst.has_decision = false;
      inst.decision.clear();
    }
  tir::Schedule sch(func_, seed, func_name_);
  if (Status st = tir::ApplyTrace(trace, &sch); !st.ok()) return st.error();
  return sch;
}

Status TirSpaceGenerator::Validate(const tir::Schedule& candidate) {
  auto lowered = transform::LowerTensorIR(candidate.func(), codegen::LoweringContext("llvm"),
                                          candidate.func().name);
  if (!lowered.ok()) return Error(kLoweringPrefix + lowered.error().message);
  return Status::Ok();
}

std::string InvalidReason(const Error& e) {
  // A replay's error names the instruction first: "instruction 7 (Vectorize): Kind: ...".
  std::string instruction;
  Error rest = e;
  if (e.message.rfind("instruction ", 0) == 0) {
    size_t open = e.message.find('('), close = e.message.find("): ");
    if (open != std::string::npos && close != std::string::npos && open < close) {
      instruction = e.message.substr(open + 1, close - open - 1);
      rest = Error(e.message.substr(close + 3));
    }
  }
  std::string kind = tir::ErrorKind(rest);
  if (kind.empty()) kind = "Error";
  return instruction.empty() ? kind : instruction + ": " + kind;
}

}  // namespace tessera::tune
