// ArgumentLayouts: the arguments a schedule lays out anew — a placeholder or an output
// given its own layout by transform_layout (a run with blocked arguments, BlockedArguments.h)
// — which change the kernel's interface: what its caller hands it and gets back.
#pragma once

#include <string>
#include <vector>

#include "tune/BlockedArguments.h"

namespace tessera::schedule {
struct Schedule;
}

namespace tessera::tune {

struct TuningRecord;

struct ArgumentLayout {
  std::string name;
  bool output = false;  // written by the kernel; otherwise an input it reads
  std::string map;      // as a script writes it: "lambda d0, d1: [(d0 // 8), d1, (d0 % 8)]"
  std::string shape;    // the buffer it is laid out in: "float32[2, 1, 14, 14, 16]"
};

// Every argument `sch` lays out anew, in the schedule's stage order.
std::vector<ArgumentLayout> LaidOutArguments(const schedule::Schedule& sch);

// Those of the schedule `record`'s script builds; none when the script does not evaluate
// to a te schedule (a TensorIR record lays out no argument anew).
std::vector<ArgumentLayout> LaidOutArguments(const TuningRecord& record);

// The first argument `sch` lays out anew that `blocked` does not allow (or, with a block
// of the run's own, lays out in other blocks): its kernel takes other arguments than the
// workload FingerprintWorkload names with `blocked`. "" when there is none.
std::string ArgumentLaidOutBeyond(const schedule::Schedule& sch, BlockedArguments blocked);

// "data as float32[2, 1, 14, 14, 16] (lambda ...), writes dw as ...": one line for a
// person, "" when nothing is laid out anew.
std::string DescribeLaidOutArguments(const std::vector<ArgumentLayout>& layouts);

}  // namespace tessera::tune
