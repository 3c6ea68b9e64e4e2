#include "runner/MachineSignature.h"

#include <unistd.h>

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <sstream>

#include "codegen/CpuTarget.h"
#include "runtime/CpuCount.h"
#include "support/Json.h"
#include "support/JsonReader.h"

namespace tessera::runner {

namespace {

std::string Trim(std::string s) {
  size_t b = s.find_first_not_of(" \t\r\n");
  size_t e = s.find_last_not_of(" \t\r\n");
  return b == std::string::npos ? std::string() : s.substr(b, e - b + 1);
}

// The value after "key<spaces>:" on a /proc/cpuinfo-style line, or nullopt.
std::optional<std::string> FieldValue(const std::string& line, std::string_view key) {
  if (line.compare(0, key.size(), key) != 0) return std::nullopt;
  size_t colon = line.find(':', key.size());
  if (colon == std::string::npos) return std::nullopt;
  if (Trim(line.substr(key.size(), colon - key.size())) != "") return std::nullopt;
  return Trim(line.substr(colon + 1));
}

// The features a kernel's speed depends on; the rest of /proc/cpuinfo's flags (bugs,
// virtualisation details) would make equal machines look different.
bool IsIsaFeature(const std::string& flag) {
  static const char* const kPrefixes[] = {"sse", "ssse",   "avx",  "fma",        "f16c", "amx",
                                          "bmi", "popcnt", "aes",  "sha",        "vnni", "asimd",
                                          "sve", "neon",   "fp16", "vpclmulqdq", "gfni", "movbe",
                                          "adx", "lzcnt",  "abm"};
  for (const char* p : kPrefixes)
    if (flag.rfind(p, 0) == 0) return true;
  return false;
}

// The first NVIDIA GPU's model from the kernel driver's proc files (no driver library is
// loaded: a signature must be cheap and safe to read before fork).
std::string GpuModel() {
  std::error_code ec;
  std::filesystem::path dir("/proc/driver/nvidia/gpus");
  if (!std::filesystem::is_directory(dir, ec)) return "";
  std::vector<std::string> names;
  for (const auto& entry : std::filesystem::directory_iterator(dir, ec)) {
    std::ifstream in(entry.path() / "information");
    std::string line;
    while (std::getline(in, line))
      if (auto v = FieldValue(line, "Model")) names.push_back(*v);
  }
  std::sort(names.begin(), names.end());
  return names.empty() ? "" : names.front();
}

}  // namespace

std::string MachineSignature::Key() const {
  std::vector<std::string> isa = isa_features;
  std::sort(isa.begin(), isa.end());
  isa.erase(std::unique(isa.begin(), isa.end()), isa.end());
  std::string key = cpu_model + "|";
  for (size_t i = 0; i < isa.size(); ++i) key += (i ? "," : "") + isa[i];
  key += "|" + std::to_string(cores);
  if (!gpu.empty()) key += "|" + gpu;  // a GPU timing is only comparable on that GPU
  return key;
}

void MachineSignature::WriteJson(JsonWriter& w) const {
  w.begin_object().key("cpu_model").value(cpu_model).key("isa_features").begin_array();
  for (const std::string& f : isa_features) w.value(f);
  w.end_array()
      .key("cores")
      .value(cores)
      .key("hostname")
      .value(hostname)
      .key("gpu")
      .value(gpu)
      .end_object();
}

std::string MachineSignature::ToJson() const {
  JsonWriter w;
  WriteJson(w);
  return w.str();
}

std::optional<MachineSignature> MachineSignature::FromJsonValue(const JsonValue& v,
                                                                std::string* error) {
  auto fail = [&](const std::string& what) -> std::optional<MachineSignature> {
    if (error) *error = "machine signature: " + what;
    return std::nullopt;
  };
  if (!v.is_object()) return fail("expected an object");
  MachineSignature m;
  const JsonValue* cpu = v.find("cpu_model");
  if (!cpu || !cpu->is_string()) return fail("\"cpu_model\" must be a string");
  m.cpu_model = cpu->string;
  const JsonValue* isa = v.find("isa_features");
  if (!isa || !isa->is_array()) return fail("\"isa_features\" must be an array of strings");
  for (const JsonValue& f : isa->items) {
    if (!f.is_string()) return fail("\"isa_features\" must be an array of strings");
    m.isa_features.push_back(f.string);
  }
  const JsonValue* cores = v.find("cores");
  if (!cores || !cores->is_integer || cores->integer < 0 || cores->integer > 1 << 20)
    return fail("\"cores\" must be a non-negative integer");
  m.cores = static_cast<int>(cores->integer);
  if (const JsonValue* h = v.find("hostname")) {
    if (!h->is_string()) return fail("\"hostname\" must be a string");
    m.hostname = h->string;
  }
  if (const JsonValue* g = v.find("gpu")) {
    if (!g->is_string()) return fail("\"gpu\" must be a string");
    m.gpu = g->string;
  }
  return m;
}

std::optional<MachineSignature> MachineSignature::FromJson(std::string_view text,
                                                           std::string* error) {
  auto parsed = ParseJson(text, "machine signature");
  if (!parsed) {
    if (error) *error = parsed.error().format();
    return std::nullopt;
  }
  return FromJsonValue(*parsed, error);
}

MachineSignature ReadMachineSignature() {
  MachineSignature m;
  std::ifstream in("/proc/cpuinfo");
  std::string line;
  bool have_flags = false;
  while (std::getline(in, line)) {
    if (m.cpu_model.empty())
      if (auto v = FieldValue(line, "model name")) m.cpu_model = *v;
    if (!have_flags) {
      auto v = FieldValue(line, "flags");
      if (!v) v = FieldValue(line, "Features");  // aarch64
      if (v) {
        have_flags = true;
        std::istringstream words(*v);
        std::string flag;
        while (words >> flag)
          if (IsIsaFeature(flag)) m.isa_features.push_back(flag);
      }
    }
  }
  if (m.cpu_model.empty()) m.cpu_model = "unknown";
  std::sort(m.isa_features.begin(), m.isa_features.end());
  m.isa_features.erase(std::unique(m.isa_features.begin(), m.isa_features.end()),
                       m.isa_features.end());
  // A narrower target (TESSERA_TARGET, codegen/CpuTarget.h) is what candidates are built
  // for: the features its CPU lacks are not this signature's (its records are its own).
  if (const auto& target = codegen::CpuTargetFromEnvironment()) {
    auto beyond = [&](const std::string& f) {
      if (target->fp32_lanes < 16 && (f.rfind("avx512", 0) == 0 || f.rfind("amx", 0) == 0))
        return true;
      return target->fp32_lanes < 8 && (f.rfind("avx", 0) == 0 || f == "fma" || f == "f16c");
    };
    std::erase_if(m.isa_features, beyond);
  }
  // The threads a kernel runs on here (runtime/CpuCount.h: the CPUs this process may use,
  // or TESSERA_NUM_THREADS): timings taken with another count are another machine's.
  m.cores = runtime::PoolThreadCount();
  char host[256] = {};
  if (gethostname(host, sizeof host - 1) == 0) m.hostname = host;
  m.gpu = GpuModel();
  return m;
}

}  // namespace tessera::runner
