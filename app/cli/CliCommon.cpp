#include "CliCommon.h"

#include <algorithm>
#include <charconv>
#include <cstdlib>
#include <fstream>
#include <sstream>
#include <system_error>

namespace tessera::cli {

namespace fs = std::filesystem;

std::string ParsedArgs::value(const std::string& opt, const std::string& fallback) const {
  auto it = options.find(opt);
  return it == options.end() || it->second.empty() ? fallback : it->second.back();
}

const std::vector<std::string>& ParsedArgs::values(const std::string& opt) const {
  static const std::vector<std::string> kNone;
  auto it = options.find(opt);
  return it == options.end() ? kNone : it->second;
}

std::optional<std::string> ParseArgs(const std::vector<std::string>& argv, const OptionSpec& spec,
                                     ParsedArgs* out) {
  auto contains = [](const std::vector<std::string>& v, const std::string& s) {
    return std::find(v.begin(), v.end(), s) != v.end();
  };
  bool only_positional = false;
  for (size_t i = 0; i < argv.size(); ++i) {
    const std::string& arg = argv[i];
    // A lone "-" or text like "-i + 1" is positional: options all start with "--".
    if (only_positional || arg.rfind("--", 0) != 0) {
      if (!only_positional && arg == "-h") {
        out->help = true;
        continue;
      }
      out->positional.push_back(arg);
      continue;
    }
    if (arg == "--") {
      only_positional = true;
      continue;
    }
    if (arg == "--help") {
      out->help = true;
      continue;
    }
    size_t eq = arg.find('=');
    std::string name = arg.substr(0, eq);
    if (contains(spec.flags, name)) {
      if (eq != std::string::npos) return "option '" + name + "' takes no value";
      out->options[name];
      continue;
    }
    if (!contains(spec.valued, name)) return "unknown option '" + name + "'";
    if (eq != std::string::npos) {
      out->options[name].push_back(arg.substr(eq + 1));
    } else if (i + 1 < argv.size()) {
      out->options[name].push_back(argv[++i]);
    } else {
      return "option '" + name + "' needs a value";
    }
  }
  return std::nullopt;
}

std::optional<int64_t> ParseInteger(const std::string& text) {
  int64_t value = 0;
  auto [end, ec] = std::from_chars(text.data(), text.data() + text.size(), value);
  if (ec != std::errc() || end != text.data() + text.size() || text.empty()) return std::nullopt;
  return value;
}

int UsageError(const std::string& command, const std::string& message, std::ostream& err) {
  err << "tessera-cli " << command << ": " << message << "\n"
      << "Try 'tessera-cli " << command << " --help'.\n";
  return kUsage;
}

namespace {

fs::path ExecutableDir() {
  std::error_code ec;
  fs::path exe = fs::read_symlink("/proc/self/exe", ec);
  return ec ? fs::path() : exe.parent_path();
}

bool IsDir(const fs::path& p) {
  std::error_code ec;
  return !p.empty() && fs::is_directory(p, ec);
}

}  // namespace

std::optional<fs::path> ExamplesDir() {
  std::vector<fs::path> candidates;
  if (const char* src = std::getenv("TESSERA_SOURCE_DIR"); src && *src)
    candidates.push_back(fs::path(src) / "resources" / "examples");
  fs::path exe_dir = ExecutableDir();
  if (!exe_dir.empty()) {
    candidates.push_back(exe_dir / ".." / "share" / "tessera" / "examples");        // installed
    candidates.push_back(exe_dir / ".." / ".." / ".." / "resources" / "examples");  // build/app/cli
  }
#ifdef TESSERA_EXAMPLES_DIR
  candidates.push_back(fs::path(TESSERA_EXAMPLES_DIR));
#endif
  for (const fs::path& p : candidates)
    if (IsDir(p)) return fs::weakly_canonical(p);
  return std::nullopt;
}

std::optional<fs::path> ResolveScript(const std::string& arg) {
  std::error_code ec;
  if (fs::is_regular_file(arg, ec)) return fs::path(arg);
  // An example's name, or one in a subdirectory of the examples ("tensorir/gemm_tir").
  size_t slash = arg.find('/');
  if (slash != std::string::npos && (slash == 0 || arg.find('/', slash + 1) != std::string::npos ||
                                     arg.find("..") != std::string::npos))
    return std::nullopt;
  auto dir = ExamplesDir();
  if (!dir) return std::nullopt;
  fs::path candidate = *dir / arg;
  if (candidate.extension() != ".py") candidate += ".py";
  if (fs::is_regular_file(candidate, ec)) return candidate;
  return std::nullopt;
}

std::optional<std::string> ReadFile(const fs::path& path, std::string* error) {
  std::error_code ec;
  if (fs::is_directory(path, ec)) {
    *error = "'" + path.string() + "' is a directory, not a script";
    return std::nullopt;
  }
  std::ifstream in(path, std::ios::binary);
  if (!in) {
    *error = "cannot open '" + path.string() + "'";
    return std::nullopt;
  }
  std::ostringstream text;
  text << in.rdbuf();
  return text.str();
}

}  // namespace tessera::cli
