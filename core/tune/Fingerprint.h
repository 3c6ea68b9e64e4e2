// Fingerprint: the identity of a workload for the records database — a structural hash
// of its te definitions (every operation the outputs read, in data-flow order: kind, name,
// shape, dtype, axes and body as printed) together with the shape values it is tuned for.
// Two scripts that define the same computation the same way get the same fingerprint
// whatever their schedules, comments or layout; a different shape or body gets another.
// The names are part of it on purpose: a stored schedule addresses stages and loops by
// name, so it only replays on a workload that uses the same names.
#pragma once

#include <cstdint>
#include <map>
#include <string>
#include <vector>

#include "te/Tensor.h"
#include "tune/BlockedArguments.h"

namespace tessera::tune {

struct WorkloadFingerprint {
  std::string hash;       // 16 hex digits (FNV-1a 64 of `canonical`)
  std::string canonical;  // the text hashed, one operation per line
  std::string name;       // a readable name: the outputs' names joined by '+'
};

// The fingerprint of the program computing `outputs`, with shape variables bound to
// `shape_vars` (they are part of the identity: n=64 and n=1024 tune differently).
// With arguments in blocked layouts (TuneOptions::blocked) the kernel takes other
// arguments: another workload, the same name.
WorkloadFingerprint FingerprintWorkload(const std::vector<te::Operation>& outputs,
                                        const std::map<std::string, int64_t>& shape_vars = {},
                                        BlockedArguments blocked = {});

// FNV-1a 64 of `text` as 16 lowercase hex digits (also used to key schedule texts).
std::string HashText(const std::string& text);

}  // namespace tessera::tune
