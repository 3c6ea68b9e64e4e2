// Workloads of the differential tester: tensor-expression programs (te scripts) with
// small, often non-dividing shapes, sometimes symbolic (a te.size_var whose value is
// passed at the call). Each one ends with `s = te.create_schedule(...)`; the schedule
// generator appends primitives after it.
#pragma once

#include <cstdint>
#include <map>
#include <random>
#include <string>
#include <vector>

namespace tessera::difftest {

struct Workload {
  std::string name;                     // "gemm", "softmax", ...
  std::string script;                   // imports, definitions, create_schedule
  std::map<std::string, int64_t> vars;  // values of the shape variables
};

// The workload names, in a fixed order.
const std::vector<std::string>& WorkloadNames();

// An instance of workload `name` with shapes drawn from `rng`; an empty name when
// `name` is unknown.
Workload MakeWorkload(const std::string& name, std::mt19937_64& rng);

}  // namespace tessera::difftest
