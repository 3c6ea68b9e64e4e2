// Helpers shared by the runner suites (header-only, everything internal to each suite).
#pragma once

#include <unistd.h>

#include <climits>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <optional>
#include <sstream>
#include <string>

#include "runner/Runner.h"

namespace {

// The tessera-cli the runners start as their worker: TESSERA_CLI_PATH when the build
// passes it, $TESSERA_CLI, or app/cli/tessera-cli in a parent folder of this test program
// (the build tree's layout).
[[maybe_unused]] std::optional<std::string> FindCli() {
#ifdef TESSERA_CLI_PATH
  if (access(TESSERA_CLI_PATH, X_OK) == 0) return std::string(TESSERA_CLI_PATH);
#endif
  if (const char* env = std::getenv("TESSERA_CLI"); env && access(env, X_OK) == 0)
    return std::string(env);
  char self[PATH_MAX] = {};
  ssize_t n = readlink("/proc/self/exe", self, sizeof self - 1);
  if (n <= 0) return std::nullopt;
  std::filesystem::path dir =
      std::filesystem::path(std::string(self, static_cast<size_t>(n))).parent_path();
  for (int up = 0; up < 4 && !dir.empty(); ++up, dir = dir.parent_path()) {
    auto candidate = dir / "app" / "cli" / "tessera-cli";
    if (access(candidate.c_str(), X_OK) == 0) return candidate.string();
  }
  return std::nullopt;
}

// A vector add with a split: small, quick to build and to check.
[[maybe_unused]] std::string VectorAddScript(int factor) {
  return "import tvm\nfrom tvm import te\n"
         "n = te.size_var(\"n\")\n"
         "A = te.placeholder((n,), name=\"A\", dtype=\"float32\")\n"
         "B = te.placeholder((n,), name=\"B\", dtype=\"float32\")\n"
         "C = te.compute((n,), lambda i: A[i] + B[i], name=\"C\")\n"
         "s = te.create_schedule(C.op)\n"
         "xo, xi = s[C].split(C.op.axis[0], factor=" +
         std::to_string(factor) + ")\n";
}

// A GEMM of n x n x n: slow enough (for large n) that a job is still running when the
// tests look at it.
[[maybe_unused]] std::string GemmScript() {
  return "import tvm\nfrom tvm import te\n"
         "n = te.size_var(\"n\")\n"
         "A = te.placeholder((n, n), name=\"A\", dtype=\"float32\")\n"
         "B = te.placeholder((n, n), name=\"B\", dtype=\"float32\")\n"
         "k = te.reduce_axis((0, n), name=\"k\")\n"
         "C = te.compute((n, n), lambda i, j: te.sum(A[i, k] * B[k, j], axis=k), name=\"C\")\n"
         "s = te.create_schedule(C.op)\n";
}

[[maybe_unused]] tessera::runner::MeasureRequest Request(const std::string& id,
                                                         const std::string& script,
                                                         int64_t n = 1000) {
  tessera::runner::MeasureRequest r;
  r.id = id;
  r.script = script;
  r.shape_vars["n"] = n;
  r.repeat = 3;
  r.timeout_s = 60;
  return r;
}

[[maybe_unused]] std::string ReadText(const std::filesystem::path& path) {
  std::ifstream in(path);
  std::stringstream s;
  s << in.rdbuf();
  return s.str();
}

// A fresh folder under the system's temporary folder.
[[maybe_unused]] std::string FreshDir(const std::string& prefix) {
  std::string templ = (std::filesystem::temp_directory_path() / (prefix + "-XXXXXX")).string();
  char* made = mkdtemp(templ.data());
  return made ? std::string(made) : std::string();
}

}  // namespace
