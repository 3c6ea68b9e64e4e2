// BoundsReport: InferBound's result per stage as plain data, in the shape of
// `tessera-cli bounds --json` (DESIGN.md): iter-var ranges, the realize region per
// iteration of the attach point (with the constant bound of each extent), the attach
// point, and the elements computed vs the elements required (over-computation).
//
// computed_elements: elements of the stage's realize region summed over every
//   iteration of the loops enclosing it (its attach path; loops over threads that
//   share the stage's storage count once). Tail guards are honoured, so a guarded
//   non-dividing split computes nothing outside the domain.
// required_elements: distinct elements of the stage's output that its consumers read
//   when each consumer computes each element of its own domain once (outputs: their
//   whole shape). Accesses are evaluated point by point, ignoring conditions (a read
//   under if_then_else counts), and indices outside the tensor are dropped.
// Both are null when a shape is symbolic or the enumeration would be too large.
#pragma once

#include <optional>
#include <string>
#include <vector>

#include "schedule/Bound.h"

namespace tessera::schedule {

struct RealizeDim {
  std::string min, extent;            // expressions (may use enclosing loop vars)
  std::optional<int64_t> max_extent;  // largest extent over all iterations
};

struct IterVarBound {
  std::string name, min, extent;
  std::string kind;    // data_par, comm_reduce, vectorized, unrolled, parallelized, ...
  std::string thread;  // bound thread tag, "" when none
  bool leaf = false;
  std::string max{};  // min + extent - 1: the range is [min, max], closed
};

struct StageBounds {
  std::string name;
  std::string op;                             // "compute", "placeholder"
  std::string attach_type;                    // "root", "inline", "inlined", "scope"
  std::string attach_stage, attach_iter_var;  // set for "scope"
  std::string scope;                          // storage scope ("" = global)
  bool is_output = false;
  std::vector<RealizeDim> realize;
  std::vector<IterVarBound> iter_vars;
  std::optional<int64_t> computed_elements, required_elements;
  // computed / required (1.0 = no over-computation); nullopt when unknown.
  std::optional<double> overcompute() const;
};

struct BoundsReport {
  std::vector<StageBounds> stages;  // schedule order (producers first)
  const StageBounds* find(const std::string& name) const;
};

Result<BoundsReport> MakeBoundsReport(const Schedule& sch, const InferBoundOptions& options = {});

// {"stages": [...]} as DESIGN.md's `bounds --json` shape (indent 0 = one line).
std::string ToJson(const BoundsReport& report, int indent = 2);

}  // namespace tessera::schedule
