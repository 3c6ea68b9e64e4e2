// Shared pieces of tessera-cli's subcommands: the exit codes of the command-line
// contract (DESIGN.md, "The command line"), a small option parser, and where the
// shipped examples live.
#pragma once

#include <cstdint>
#include <filesystem>
#include <map>
#include <optional>
#include <ostream>
#include <string>
#include <vector>

namespace tessera::cli {

// Exit codes (a stable contract: scripts and CI depend on them).
enum ExitCode : int {
  kSuccess = 0,
  kBadInput = 1,     // the script or expression is wrong (message says where)
  kUsage = 2,        // the command line is wrong
  kCheckFailed = 3,  // run --check found a mismatch
  kUnavailable = 4,  // the target / feature is not available on this machine or build
};

// One subcommand's command line: positional arguments and options.
struct ParsedArgs {
  std::vector<std::string> positional;
  std::map<std::string, std::vector<std::string>> options;  // "--assume" -> values
  bool help = false;

  bool has(const std::string& opt) const { return options.count(opt) != 0; }
  // The last value of a valued option, or `fallback`.
  std::string value(const std::string& opt, const std::string& fallback = "") const;
  const std::vector<std::string>& values(const std::string& opt) const;
};

// What a subcommand accepts: options that take a value and flags that do not.
struct OptionSpec {
  std::vector<std::string> valued;  // "--assume", "--target", ...
  std::vector<std::string> flags;   // "--json", "--lower-divmod", ...
};

// Parses argv[first...]: `--opt value`, `--opt=value`, flags, `-h`/`--help`, and `--`
// (everything after it is positional). Returns an error sentence for unknown options or
// a missing value.
std::optional<std::string> ParseArgs(const std::vector<std::string>& argv, const OptionSpec& spec,
                                     ParsedArgs* out);

// A whole decimal integer ("12", "-3"); nullopt for anything else.
std::optional<int64_t> ParseInteger(const std::string& text);

// Prints "tessera-cli CMD: MESSAGE" and the pointer to --help; returns kUsage.
int UsageError(const std::string& command, const std::string& message, std::ostream& err);

// The directory of the shipped example scripts: $TESSERA_SOURCE_DIR/resources/examples,
// next to the executable (build tree or install prefix share/tessera/examples), or the
// source directory recorded at build time. nullopt when none exists.
std::optional<std::filesystem::path> ExamplesDir();

// A script argument: an existing file, or the name of a shipped example ("gemm" or
// "gemm.py", "tensorir/gemm_tir" for one in a subdirectory). nullopt when neither exists.
std::optional<std::filesystem::path> ResolveScript(const std::string& arg);

// Reads a whole file; nullopt (and a sentence in *error) when it cannot.
std::optional<std::string> ReadFile(const std::filesystem::path& path, std::string* error);

}  // namespace tessera::cli
