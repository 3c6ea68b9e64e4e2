// Loading (with the script evaluated) and atomic saving of project files.
#include "project/ProjectFile.h"

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cerrno>
#include <cstdlib>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <sstream>

#include "script/Evaluator.h"
#include "script/export/ScriptPrinter.h"
#include "support/JsonReader.h"
#include "tir/Trace.h"

namespace tessera::project {

namespace {

std::string SystemError(const std::string& what, const std::string& path) {
  return "cannot " + what + " '" + path + "': " + std::strerror(errno);
}

// Writes all of `data` to `fd`, retrying short writes.
bool WriteAll(int fd, std::string_view data) {
  while (!data.empty()) {
    ssize_t n = ::write(fd, data.data(), data.size());
    if (n < 0 && errno == EINTR) continue;
    if (n <= 0) return false;
    data.remove_prefix(static_cast<size_t>(n));
  }
  return true;
}

// Makes the rename durable; failure only weakens durability, so it is not reported.
void SyncDirectory(const std::string& dir) {
  int fd = ::open(dir.c_str(), O_RDONLY | O_DIRECTORY);
  if (fd < 0) return;
  ::fsync(fd);
  ::close(fd);
}

}  // namespace

Result<ProjectFile> ParseProject(std::string_view text, const std::string& file) {
  auto project = ParseProjectJson(text, file);
  if (!project) return project;
  // The script is authoritative: a project whose script does not evaluate is refused
  // with the script's own error (its lines and columns are within the "script" string).
  auto program = script::EvaluateScript(project->script, file);
  if (!program) {
    Error error = program.error();
    error.message += " (in the project's script)";
    return error;
  }
  return project;
}

ProjectFile ProjectFromProgram(const script::ScriptProgram& program) {
  ProjectFile project;
  project.script = script::PrintScript(program);
  if (program.is_tensorir()) {
    // A TensorIR document's trace as TVM prints its instructions (apply_trace's lines).
    project.trace = tir::TraceLines(program.tir_schedule->trace(), program.tir_dialect);
  } else if (program.schedule) {
    std::string te_prefix = program.te_imported ? "te." : "tvm.te.";
    project.trace = script::PrintTraceLines(program.schedule->trace, program.names, te_prefix);
  }
  return project;
}

Result<ProjectFile> LoadProject(const std::string& path) {
  std::error_code ec;
  auto size = std::filesystem::file_size(path, ec);
  if (ec) return Error("cannot open '" + path + "': " + ec.message());
  if (size > kMaxProjectBytes)
    return Error("file is larger than " + std::to_string(kMaxProjectBytes >> 20) +
                     " MiB; not a Tessera project",
                 SourceLoc{path, 1, 1});
  std::ifstream in(path, std::ios::binary);
  if (!in) return Error(SystemError("open", path));
  std::ostringstream text;
  text << in.rdbuf();
  if (in.bad()) return Error(SystemError("read", path));
  auto project = ParseProject(text.str(), path);
  if (project) project->source_path = path;
  return project;
}

Status SaveProject(const std::string& path, const ProjectFile& p) {
  auto view = ParseJson(p.view_state_json);
  if (!view || !view->is_object())
    return Error("cannot save '" + path + "': the view state is not a JSON object");
  std::string text = SerializeProject(p);
  // Saving through a symbolic link replaces the file it points to, not the link.
  std::error_code ec;
  std::filesystem::path target(path);
  if (std::filesystem::is_symlink(target, ec)) {
    auto resolved = std::filesystem::weakly_canonical(target, ec);
    if (!ec) target = resolved;
  }
  std::string dir = target.has_parent_path() ? target.parent_path().string() : ".";
  std::string temp =
      (std::filesystem::path(dir) / ("." + target.filename().string() + ".XXXXXX")).string();
  int fd = ::mkstemp(temp.data());
  if (fd < 0) return Error(SystemError("create a temporary file in", dir));
  // mkstemp creates the file 0600; a project keeps the mode of the file it replaces.
  struct stat old_stat {};
  mode_t mode = ::stat(target.c_str(), &old_stat) == 0 ? (old_stat.st_mode & 07777) : 0644;
  bool written = ::fchmod(fd, mode) == 0 && WriteAll(fd, text) && ::fsync(fd) == 0;
  int saved_errno = errno;
  ::close(fd);
  if (!written || ::rename(temp.c_str(), target.c_str()) != 0) {
    if (written) saved_errno = errno;
    ::unlink(temp.c_str());
    errno = saved_errno;
    return Error(SystemError("write", path));
  }
  SyncDirectory(dir);
  return Status::Ok();
}

}  // namespace tessera::project
