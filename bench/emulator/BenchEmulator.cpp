// tessera-bench-emulator: every shipped GPU example (resources/examples/gpu_*.py) checked
// on the GPU emulator the way a user without a GPU checks it,
//   tessera-cli run FILE --target cuda-emulator --check
// (default sampling of large grids), with the wall time of each and the CPU time of the
// run split into user and system time (OS threads per CUDA thread showed up as system
// time). A shape variable (te.size_var) gets --var NAME=1000000. Prints the CPU model and
// the CPUs this process may use; exits 1 when an example does not pass its check.
//
//   tessera-bench-emulator [--cli PATH] [--examples DIR] [--repeat N]
#include <sys/resource.h>
#include <sys/time.h>

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <optional>
#include <regex>
#include <sstream>
#include <string>
#include <vector>

#include "runtime/CpuCount.h"
#include "runtime/MachinePeak.h"

namespace {

struct Options {
  std::string cli = TESSERA_CLI_PATH;
  std::string examples;
  int repeat = 1;
};

const char* kUsage =
    "Usage: tessera-bench-emulator [--cli PATH] [--examples DIR] [--repeat N]\n"
    "  --cli PATH       the tessera-cli to run (default: the one built with this command)\n"
    "  --examples DIR   where the gpu_*.py examples are (default: the source tree's\n"
    "                   resources/examples, or $TESSERA_SOURCE_DIR/resources/examples)\n"
    "  --repeat N       runs per example; the fastest is printed (default 1)\n";

std::optional<Options> Parse(int argc, char** argv) {
  Options o;
  const char* env = std::getenv("TESSERA_SOURCE_DIR");
  o.examples = std::string(env && *env ? env : TESSERA_SOURCE_DIR) + "/resources/examples";
  for (int i = 1; i < argc; ++i) {
    std::string a = argv[i];
    bool has_value = i + 1 < argc;
    if (a == "--cli" && has_value)
      o.cli = argv[++i];
    else if (a == "--examples" && has_value)
      o.examples = argv[++i];
    else if (a == "--repeat" && has_value)
      o.repeat = std::atoi(argv[++i]);
    else
      return std::nullopt;
  }
  if (o.repeat < 1) return std::nullopt;
  return o;
}

std::string Quoted(const std::string& s) {
  std::string out = "'";
  for (char c : s) out += c == '\'' ? std::string("'\\''") : std::string(1, c);
  return out + "'";
}

// --var NAME=1000000 for every te.size_var("NAME") of the script.
std::string ShapeVariables(const std::string& file) {
  std::ifstream in(file);
  std::stringstream text;
  text << in.rdbuf();
  std::string s = text.str(), vars;
  static const std::regex size_var(R"(te\.size_var\(\s*["'](\w+)["'])");
  for (auto it = std::sregex_iterator(s.begin(), s.end(), size_var); it != std::sregex_iterator();
       ++it)
    vars += " --var " + (*it)[1].str() + "=1000000";
  return vars;
}

double Seconds(const timeval& t) { return static_cast<double>(t.tv_sec) + t.tv_usec * 1e-6; }

struct Run {
  int status = -1;
  double wall = 0, user = 0, sys = 0;
  std::string output;
};

// One run of the command line; the CPU times are those of the children it waited for.
Run RunCommand(const std::string& command) {
  Run r;
  rusage before{}, after{};
  getrusage(RUSAGE_CHILDREN, &before);
  auto start = std::chrono::steady_clock::now();
  FILE* pipe = popen((command + " 2>&1").c_str(), "r");
  if (!pipe) return r;
  char chunk[4096];
  while (size_t n = std::fread(chunk, 1, sizeof chunk, pipe)) r.output.append(chunk, n);
  r.status = pclose(pipe);
  r.wall = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  getrusage(RUSAGE_CHILDREN, &after);
  r.user = Seconds(after.ru_utime) - Seconds(before.ru_utime);
  r.sys = Seconds(after.ru_stime) - Seconds(before.ru_stime);
  return r;
}

// "sampled 256 of 4096 blocks" from the report, or "every block".
std::string Blocks(const std::string& output) {
  static const std::regex sampled(R"(sampled (\d+) of (\d+) blocks)");
  std::smatch m;
  if (std::regex_search(output, m, sampled)) return m[1].str() + " of " + m[2].str() + " blocks";
  return "every block";
}

}  // namespace

int main(int argc, char** argv) {
  std::optional<Options> o = Parse(argc, argv);
  if (!o) {
    std::fputs(kUsage, stderr);
    return 2;
  }
  std::vector<std::filesystem::path> examples;
  std::error_code ec;
  for (const auto& entry : std::filesystem::directory_iterator(o->examples, ec)) {
    std::string name = entry.path().filename().string();
    if (name.rfind("gpu_", 0) == 0 && entry.path().extension() == ".py")
      examples.push_back(entry.path());
  }
  if (examples.empty()) {
    std::fprintf(stderr, "tessera-bench-emulator: no gpu_*.py in %s (use --examples DIR)\n",
                 o->examples.c_str());
    return 2;
  }
  std::sort(examples.begin(), examples.end());
  std::printf(
      "GPU examples on the emulator (tessera-cli run FILE --target cuda-emulator --check)\n");
  std::printf("CPU: %s, %d usable CPUs; fastest of %d run%s\n",
              tessera::runtime::HostMachinePeak().cpu_name.c_str(), tessera::runtime::UsableCpus(),
              o->repeat, o->repeat == 1 ? "" : "s");
  std::printf("%-18s %-7s %9s %9s %9s  %s\n", "example", "check", "wall s", "user s", "sys s",
              "blocks run");
  int failed = 0;
  for (const auto& path : examples) {
    std::string command = Quoted(o->cli) + " run " + Quoted(path.string()) +
                          " --target cuda-emulator --check" + ShapeVariables(path.string());
    Run best;
    for (int i = 0; i < o->repeat; ++i) {
      Run r = RunCommand(command);
      if (i == 0 || r.wall < best.wall) best = r;
    }
    bool ok = best.status == 0;
    failed += !ok;
    std::printf("%-18s %-7s %9.2f %9.2f %9.2f  %s\n", path.stem().string().c_str(),
                ok ? "ok" : "FAILED", best.wall, best.user, best.sys, Blocks(best.output).c_str());
    if (!ok) std::printf("%s\n", best.output.c_str());
    std::fflush(stdout);
  }
  return failed ? 1 : 0;
}
