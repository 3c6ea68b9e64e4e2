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
an example's name (e.g. `tessera-cli lower gemm`, `tessera-cli run tensorir/gemm_tir`).

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
  // The scripts of the directory, then those of its subdirectories (tensorir/: TensorIR
  // documents), named "sub/name".
  std::vector<std::pair<std::string, fs::path>> files;
  std::error_code ec;
  std::vector<fs::path> subdirs;
  for (const auto& entry : fs::directory_iterator(*dir, ec)) {
    if (entry.path().extension() == ".py")
      files.emplace_back(entry.path().stem().string(), entry.path());
    if (entry.is_directory()) subdirs.push_back(entry.path());
  }
  std::sort(files.begin(), files.end());
  std::sort(subdirs.begin(), subdirs.end());
  for (const fs::path& sub : subdirs) {
    std::vector<std::pair<std::string, fs::path>> inner;
    for (const auto& entry : fs::directory_iterator(sub, ec))
      if (entry.path().extension() == ".py")
        inner.emplace_back(sub.filename().string() + "/" + entry.path().stem().string(),
                           entry.path());
    std::sort(inner.begin(), inner.end());
    files.insert(files.end(), inner.begin(), inner.end());
  }
  size_t width = 0;
  for (const auto& [name, f] : files) width = std::max(width, name.size());
  for (const auto& [name, f] : files) {
    out << name << std::string(width + 2 - name.size(), ' ') << Description(f);
    if (args.has("--paths")) out << "  (" << f.string() << ")";
    out << "\n";
  }
  return kSuccess;
}

}  // namespace tessera::cli
