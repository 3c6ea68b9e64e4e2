// MachineSignature: what a measurement depends on about the machine it ran on. A timing
// is only comparable with another taken on a machine with an equal Key() (same CPU model,
// same ISA features, same core count); the hostname is recorded for people, not compared,
// so the nodes of a homogeneous cluster share their records.
//
// JSON shape (one object, as written into every result file):
//   {"cpu_model": "AMD EPYC 7B13", "isa_features": ["avx", "avx2", "fma", ...],
//    "cores": 2, "hostname": "node1", "gpu": ""}
#pragma once

#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace tessera {
class JsonWriter;
struct JsonValue;
}  // namespace tessera

namespace tessera::runner {

struct MachineSignature {
  std::string cpu_model;
  std::vector<std::string>
      isa_features;  // lower case, as /proc/cpuinfo names them: avx2, avx512f, fma...
  int cores = 0;     // logical CPUs this process may use
  std::string hostname;
  std::string gpu;  // "" when none

  // "cpu_model|isa1,isa2,...(sorted)|cores" — no hostname: records are valid only on an equal Key.
  std::string Key() const;

  std::string ToJson() const;
  static std::optional<MachineSignature> FromJson(std::string_view text, std::string* error);

  // The same, inside a larger document.
  void WriteJson(JsonWriter& writer) const;
  static std::optional<MachineSignature> FromJsonValue(const JsonValue& value, std::string* error);

  bool operator==(const MachineSignature&) const = default;
};

// This machine, read at run time (/proc/cpuinfo flags, sched_getaffinity, gethostname;
// the GPU name when the CUDA driver reports one). Never hard-codes an ISA.
MachineSignature ReadMachineSignature();

}  // namespace tessera::runner
