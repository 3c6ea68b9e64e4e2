// The feature rules of IntrinsicFeatures.h (no LLVM needed: the TVM export reads them).
#include <utility>

#include "codegen/IntrinsicFeatures.h"

namespace tessera::codegen {

namespace {

using FeatureSets = std::vector<std::vector<std::string>>;

bool StartsWith(const std::string& s, const std::string& prefix) {
  return s.compare(0, prefix.size(), prefix) == 0;
}
bool EndsWith(const std::string& s, const std::string& suffix) {
  return s.size() >= suffix.size() &&
         s.compare(s.size() - suffix.size(), suffix.size(), suffix) == 0;
}

// LLVM's target prefixes of intrinsic names other than x86's.
const char* const kOtherArchitectures[] = {
    "aarch64", "arm",  "nvvm", "amdgcn",    "r600", "hexagon", "ppc", "mips", "riscv",
    "wasm",    "s390", "spv",  "loongarch", "ve",   "xcore",   "bpf", "dx",   "nvgpu"};

// AVX-512 as every AVX-512 CPU since Skylake-SP has it (F, BW, DQ, VL): the families'
// names do not say which of them an operation needs.
const std::vector<std::string> kAvx512 = {"avx512f", "avx512bw", "avx512dq", "avx512vl"};

std::vector<std::string> Plus(std::vector<std::string> set, const std::string& feature) {
  set.push_back(feature);
  return set;
}

Result<FeatureSets> X86FeatureSets(const std::string& name) {
  const std::string op = name.substr(std::string("llvm.x86.").size());
  // Dot products of bytes / words: AVX-512 VNNI, or for 128 and 256 bits AVX-VNNI.
  for (const char* vnni : {"avx512.vpdpbusd", "avx512.vpdpwssd"})
    if (StartsWith(op, vnni)) {
      if (EndsWith(op, ".512")) return FeatureSets{Plus(kAvx512, "avx512vnni")};
      return FeatureSets{Plus(kAvx512, "avx512vnni"), {"avxvnni"}};
    }
  for (const char* int8 : {"avx2.vpdpb", "avx2.vpdpw"})
    if (StartsWith(op, int8)) return FeatureSets{{"avxvnniint8", "avxvnniint16"}};
  static const std::pair<const char*, std::vector<std::string>> kFamilies[] = {
      {"avx512bf16.", Plus(kAvx512, "avx512bf16")},
      {"avx512fp16.", Plus(kAvx512, "avx512fp16")},
      {"avx512.", kAvx512},
      {"avx2.", {"avx2"}},
      {"avx.", {"avx"}},
      {"fma.", {"fma"}},
      {"fma4.", {"fma4"}},
      {"xop.", {"xop"}},
      {"sse41.", {"sse4.1"}},
      {"sse42.", {"sse4.2"}},
      {"sse4a.", {"sse4a"}},
      {"ssse3.", {"ssse3"}},
      {"sse3.", {"sse3"}},
      {"sse2.", {"sse2"}},
      {"sse.", {"sse"}},
      {"aesni.", {"aes"}},
      {"pclmulqdq", {"pclmul"}},
      {"vcvtph2ps.", {"f16c"}},
      {"vcvtps2ph.", {"f16c"}},
      {"bmi.", {"bmi", "bmi2"}},
  };
  for (const auto& [prefix, features] : kFamilies)
    if (StartsWith(op, prefix)) return FeatureSets{features};
  return Error("Tessera does not know which CPU features the x86 intrinsic " + name +
               " needs, so it does not compile it (LLVM would abort on a CPU without them)");
}

}  // namespace

Result<FeatureSets> IntrinsicFeatureSets(const std::string& name) {
  if (StartsWith(name, "llvm.x86.")) return X86FeatureSets(name);
  for (const char* arch : kOtherArchitectures)
    if (StartsWith(name, std::string("llvm.") + arch + "."))
      return Error("the LLVM intrinsic " + name + " is for " + arch +
                   " CPUs; Tessera compiles for this x86-64 machine");
  return FeatureSets{{}};
}

}  // namespace tessera::codegen
