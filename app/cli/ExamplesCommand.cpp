// tessera-cli examples [--paths]: lists the shipped example scripts with the first
// line of each one's leading comment.
#include <algorithm>
#include <filesystem>
#include <ostream>
#include <sstream>

#include "CliCommon.h"
#include "Commands.h"

namespace tessera::cli {

namespace {

namespace fs = std::filesystem;

constexpr const char* kHelp =
    R"(Usage: tessera-cli examples [--paths]

Lists the example scripts shipped with Tessera. Any command that takes FILE also takes
an example's name (e.g. `tessera-cli lower gemm`).

Options:
  --paths      print each example's full path too
  -h, --help   show this help
)";

// The first comment line of a script ("# GEMM 1024^3 ..." -> "GEMM 1024^3 ...").
std::string Description(const fs::path& file) {
  std::string error;
  auto text = ReadFile(file, &error);
  if (!text) return "";
  std::istringstream in(*text);
  std::string line;
  while (std::getline(in, line)) {
    if (!line.empty() && line.back() == '\r') line.pop_back();
    if (line.rfind("#", 0) != 0) break;
    size_t start = line.find_first_not_of("# ");
    if (start != std::string::npos) return line.substr(start);
  }
  return "";
}

}  // namespace

int ExamplesCommand(const Argv& argv, std::ostream& out, std::ostream& err) {
  ParsedArgs args;
  if (auto problem = ParseArgs(argv, OptionSpec{{}, {"--paths"}}, &args))
    return UsageError("examples", *problem, err);
  if (args.help) {
    out << kHelp;
    return kSuccess;
  }
  if (!args.positional.empty()) return UsageError("examples", "takes no arguments", err);
  auto dir = ExamplesDir();
  if (!dir) {
    err << "tessera-cli examples: the examples directory was not found (set TESSERA_SOURCE_DIR "
           "to the source tree)\n";
    return kUnavailable;
  }
  std::vector<fs::path> files;
  std::error_code ec;
  for (const auto& entry : fs::directory_iterator(*dir, ec))
    if (entry.path().extension() == ".py") files.push_back(entry.path());
  std::sort(files.begin(), files.end());
  size_t width = 0;
  for (const fs::path& f : files) width = std::max(width, f.stem().string().size());
  for (const fs::path& f : files) {
    std::string name = f.stem().string();
    out << name << std::string(width + 2 - name.size(), ' ') << Description(f);
    if (args.has("--paths")) out << "  (" << f.string() << ")";
    out << "\n";
  }
  return kSuccess;
}

}  // namespace tessera::cli
