// The JSON layer of project files: SerializeProject and ParseProjectJson. It depends on
// support/ only (no script evaluation), so the project-reader fuzzer can build it alone.
#include <algorithm>
#include <limits>

#include "project/ProjectFile.h"
#include "support/Json.h"
#include "support/JsonReader.h"

namespace tessera::project {

namespace {

// Whole-file problems are reported at 1:1, so that every message reads FILE:1:1: error.
Error FileError(const std::string& file, std::string message) {
  return Error(std::move(message), SourceLoc{file, 1, 1});
}

Error FieldError(const JsonValue& at, std::string message) {
  return Error(std::move(message), at.loc);
}

Error WrongType(const JsonValue& value, const std::string& field, std::string_view expected) {
  return FieldError(value, "field \"" + field + "\" must be " + std::string(expected) + ", not " +
                               std::string(JsonKindName(value.kind)));
}

// An integer member in [lo, hi].
Result<int64_t> IntegerField(const JsonValue& value, const std::string& field, int64_t lo,
                             int64_t hi) {
  if (!value.is_number() || !value.is_integer) return WrongType(value, field, "an integer");
  if (value.integer < lo || value.integer > hi)
    return FieldError(value, "field \"" + field + "\" is " + std::to_string(value.integer) +
                                 ", expected " + std::to_string(lo) + ".." + std::to_string(hi));
  return value.integer;
}

Status CheckKnownKeys(const JsonValue& object, const std::string& where,
                      std::initializer_list<std::string_view> known) {
  for (const auto& [key, value] : object.members)
    if (std::find(known.begin(), known.end(), key) == known.end())
      return FieldError(value, "unknown field \"" + key + "\" in " + where);
  return Status::Ok();
}

Status ReadRunner(const JsonValue& object, RunnerSettings* runner) {
  if (!object.is_object()) return WrongType(object, "target.runner", "an object");
  if (auto status =
          CheckKnownKeys(object, "\"target.runner\"",
                         {"kind", "partition", "gres", "time", "account", "extra", "workdir"});
      !status.ok())
    return status;
  const std::pair<const char*, std::string*> fields[] = {
      {"kind", &runner->kind},       {"partition", &runner->partition}, {"gres", &runner->gres},
      {"time", &runner->time_limit}, {"account", &runner->account},     {"extra", &runner->extra},
      {"workdir", &runner->workdir}};
  for (const auto& [key, into] : fields) {
    const JsonValue* value = object.find(key);
    if (!value) continue;
    if (!value->is_string())
      return WrongType(*value, std::string("target.runner.") + key, "a string");
    *into = value->string;
  }
  if (runner->kind != "local" && runner->kind != "slurm")
    return FieldError(*object.find("kind"),
                      "unknown runner \"" + runner->kind + "\" (expected \"local\" or \"slurm\")");
  return Status::Ok();
}

Status ReadTarget(const JsonValue& object, TargetSettings* target) {
  if (!object.is_object()) return WrongType(object, "target", "an object");
  if (auto status =
          CheckKnownKeys(object, "\"target\"", {"target", "vars", "threads", "repeat", "runner"});
      !status.ok())
    return status;
  if (const JsonValue* name = object.find("target")) {
    if (!name->is_string()) return WrongType(*name, "target.target", "a string");
    if (name->string != "llvm" && name->string != "cuda")
      return FieldError(*name,
                        "unknown target \"" + name->string + "\" (expected \"llvm\" or \"cuda\")");
    target->target = name->string;
  }
  if (const JsonValue* vars = object.find("vars")) {
    if (!vars->is_object()) return WrongType(*vars, "target.vars", "an object");
    for (const auto& [var, value] : vars->members) {
      auto n = IntegerField(value, "target.vars." + var, std::numeric_limits<int64_t>::min(),
                            std::numeric_limits<int64_t>::max());
      if (!n) return n.error();
      target->vars[var] = *n;
    }
  }
  if (const JsonValue* threads = object.find("threads")) {
    auto n = IntegerField(*threads, "target.threads", 0, 4096);
    if (!n) return n.error();
    target->threads = static_cast<int>(*n);
  }
  if (const JsonValue* repeat = object.find("repeat")) {
    auto n = IntegerField(*repeat, "target.repeat", 1, 1000000);
    if (!n) return n.error();
    target->repeat = static_cast<int>(*n);
  }
  if (const JsonValue* runner = object.find("runner")) return ReadRunner(*runner, &target->runner);
  return Status::Ok();
}

// The format and version fields, checked before anything else so that a file of another
// kind or from a newer Tessera gets that sentence rather than a complaint about a field.
Status CheckFormatAndVersion(const JsonValue& root, const std::string& file) {
  const JsonValue* format = root.find("format");
  if (!format)
    return FileError(file, "not a Tessera project (no \"format\": \"" +
                               std::string(kProjectFormatName) + "\" field)");
  if (!format->is_string() || format->string != kProjectFormatName)
    return FieldError(*format, "not a Tessera project (\"format\" is " +
                                   (format->is_string() ? JsonQuote(format->string)
                                                        : std::string(JsonKindName(format->kind))) +
                                   ", expected \"" + kProjectFormatName + "\")");
  const JsonValue* version = root.find("version");
  if (!version) return FileError(file, "missing field \"version\"");
  if (!version->is_number() || !version->is_integer)
    return WrongType(*version, "version", "an integer");
  if (version->integer > kProjectFormatVersion)
    return FieldError(*version,
                      "written by a newer Tessera (version " + std::to_string(version->integer) +
                          "); this one reads version " + std::to_string(kProjectFormatVersion));
  if (version->integer < 1)
    return FieldError(*version, "invalid project version " + std::to_string(version->integer) +
                                    " (this Tessera reads version " +
                                    std::to_string(kProjectFormatVersion) + ")");
  return Status::Ok();
}

Status ReadFields(const JsonValue& root, ProjectFile* project) {
  const JsonValue* script = root.find("script");
  if (!script) return FieldError(root, "missing field \"script\"");
  if (!script->is_string()) return WrongType(*script, "script", "a string");
  project->script = script->string;
  if (const JsonValue* trace = root.find("trace")) {
    if (!trace->is_array()) return WrongType(*trace, "trace", "an array of strings");
    for (const auto& line : trace->items) {
      if (!line.is_string()) return WrongType(line, "trace", "an array of strings");
      project->trace.push_back(line.string);
    }
  }
  if (const JsonValue* view = root.find("view_state")) {
    if (!view->is_object()) return WrongType(*view, "view_state", "an object");
    JsonWriter writer;
    WriteJson(writer, *view);
    project->view_state_json = writer.str();
  }
  if (const JsonValue* target = root.find("target")) return ReadTarget(*target, &project->target);
  return Status::Ok();
}

}  // namespace

bool IsProjectPath(std::string_view path) {
  constexpr std::string_view kSuffix = ".tessera";
  return path.size() > kSuffix.size() && path.substr(path.size() - kSuffix.size()) == kSuffix;
}

std::string SerializeProject(const ProjectFile& p) {
  JsonWriter w(2);
  w.begin_object();
  w.key("format").value(kProjectFormatName);
  w.key("version").value(kProjectFormatVersion);
  w.key("script").value(p.script);
  w.key("trace").begin_array();
  for (const auto& line : p.trace) w.value(line);
  w.end_array();
  // The view state is the GUI's; anything that is not a JSON object is not saved.
  w.key("view_state");
  auto view = ParseJson(p.view_state_json);
  if (view && view->is_object())
    WriteJson(w, *view);
  else
    w.begin_object().end_object();
  w.key("target").begin_object();
  w.key("target").value(p.target.target);
  w.key("vars").begin_object();
  for (const auto& [name, value] : p.target.vars) w.key(name).value(value);
  w.end_object();
  w.key("threads").value(p.target.threads);
  w.key("repeat").value(p.target.repeat);
  const RunnerSettings& r = p.target.runner;
  w.key("runner").begin_object();
  w.key("kind").value(r.kind).key("partition").value(r.partition).key("gres").value(r.gres);
  w.key("time").value(r.time_limit).key("account").value(r.account).key("extra").value(r.extra);
  w.key("workdir").value(r.workdir);
  w.end_object();
  w.end_object();
  w.end_object();
  return w.str() + "\n";
}

Result<ProjectFile> ParseProjectJson(std::string_view text, const std::string& file) {
  if (text.size() > kMaxProjectBytes)
    return FileError(file, "file is larger than " + std::to_string(kMaxProjectBytes >> 20) +
                               " MiB; not a Tessera project");
  if (text.find('\0') != std::string_view::npos)
    return FileError(file, "binary data (a NUL byte); not a Tessera project");
  auto root = ParseJson(text, file);
  if (!root) {
    Error error = root.error();
    error.message = "not a Tessera project (invalid JSON: " + error.message + ")";
    return error;
  }
  if (!root->is_object())
    return FieldError(*root, "not a Tessera project (expected a JSON object, found " +
                                 std::string(JsonKindName(root->kind)) + ")");
  if (auto status = CheckFormatAndVersion(*root, file); !status.ok()) return status.error();
  if (auto status = CheckKnownKeys(
          *root, "the project", {"format", "version", "script", "trace", "view_state", "target"});
      !status.ok())
    return status.error();
  ProjectFile project;
  if (auto status = ReadFields(*root, &project); !status.ok()) return status.error();
  return project;
}

}  // namespace tessera::project
