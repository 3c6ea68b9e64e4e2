#include "ScriptLoading.h"

#include "CliCommon.h"

namespace tessera::cli {

std::optional<script::ScriptProgram> LoadScript(const std::string& command, const std::string& arg,
                                                bool need_schedule, std::ostream& err,
                                                int* exit_code) {
  auto path = ResolveScript(arg);
  if (!path) {
    err << "tessera-cli " << command << ": cannot open '" << arg
        << "' (no such file, and no shipped example of that name)\n";
    *exit_code = kBadInput;
    return std::nullopt;
  }
  std::string problem;
  auto text = ReadFile(*path, &problem);
  if (!text) {
    err << "tessera-cli " << command << ": " << problem << "\n";
    *exit_code = kBadInput;
    return std::nullopt;
  }
  auto program = script::EvaluateScript(*text, path->string());
  if (!program) {
    err << program.error().format() << "\n";
    *exit_code = kBadInput;
    return std::nullopt;
  }
  if (need_schedule && !program->schedule) {
    err << path->string() << ": error: the script creates no schedule (expected a call to "
        << "te.create_schedule)\n";
    *exit_code = kBadInput;
    return std::nullopt;
  }
  return std::move(program.value());
}

}  // namespace tessera::cli
