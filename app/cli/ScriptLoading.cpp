#include "ScriptLoading.h"

#include "CliCommon.h"
#include "project/ProjectFile.h"

namespace tessera::cli {

namespace {

// A project file (.tessera) holds its script; anything else is the script itself.
std::optional<std::string> LoadScriptText(const std::filesystem::path& path, std::string* problem,
                                          project::TargetSettings* settings) {
  if (!project::IsProjectPath(path.string())) return ReadFile(path, problem);
  auto project = project::LoadProject(path.string());
  if (!project) {
    *problem = project.error().format();
    return std::nullopt;
  }
  if (settings) *settings = project->target;
  return std::move(project->script);
}

}  // namespace

std::optional<script::ScriptProgram> LoadScript(const std::string& command, const std::string& arg,
                                                bool need_schedule, std::ostream& err,
                                                int* exit_code, project::TargetSettings* settings) {
  auto path = ResolveScript(arg);
  if (!path) {
    err << "tessera-cli " << command << ": cannot open '" << arg
        << "' (no such file, and no shipped example of that name)\n";
    *exit_code = kBadInput;
    return std::nullopt;
  }
  std::string problem;
  auto text = LoadScriptText(*path, &problem, settings);
  if (!text) {
    err << (problem.find(": error: ") != std::string::npos ? "" : "tessera-cli " + command + ": ")
        << problem << "\n";
    *exit_code = kBadInput;
    return std::nullopt;
  }
  auto program = script::EvaluateScript(*text, path->string());
  if (!program) {
    err << program.error().format() << "\n";
    *exit_code = kBadInput;
    return std::nullopt;
  }
  if (need_schedule && !program->schedule && !program->is_tensorir() &&
      !program->needs_tensorir_function()) {
    err << path->string() << ": error: the script creates no schedule (expected a call to "
        << "te.create_schedule or tir.Schedule)\n";
    *exit_code = kBadInput;
    return std::nullopt;
  }
  return std::move(program.value());
}

int ChooseTensorIRFunction(const std::string& command, const ParsedArgs& args,
                           script::ScriptProgram* program, std::ostream& err) {
  std::string name = args.value("--func");
  if (program->tir_module.empty() || !program->tir_module_last) {
    if (name.empty()) return kSuccess;
    return UsageError(
        command,
        "--func chooses a function of a TensorIR module; " + program->file + " defines none", err);
  }
  if (name.empty() && program->needs_tensorir_function())
    return UsageError(command,
                      program->file + " defines a module of several functions (" +
                          script::TensorIRFunctionNames(*program) + "); choose one with --func",
                      err);
  if (auto s = script::SelectTensorIRFunction(program, name); !s)
    return UsageError(command, "--func " + name + ": " + s.error().message, err);
  return kSuccess;
}

}  // namespace tessera::cli
