// run, profile and layout: part of the command-line contract, answered with
// exit code 4 ("not available") until the back ends they need are built.
#include <ostream>

#include "CliCommon.h"
#include "Commands.h"

namespace tessera::cli {

namespace {

const char* Synopsis(const std::string& name) {
  if (name == "run") return "run FILE [--target llvm|cuda] [--check]";
  if (name == "profile") return "profile FILE [--target llvm|cuda] [--repeat N] [--json]";
  return "layout FILE --buffer NAME [--json]";
}

const char* Reason(const std::string& name) {
  if (name == "layout")
    return "buffer layouts arrive with the layout-padding work and are not built yet";
  return "the code generation and runtime back ends are not built yet";
}

}  // namespace

int UnavailableCommand(const std::string& name, const Argv& argv, std::ostream& out,
                       std::ostream& err) {
  for (const std::string& a : argv)
    if (a == "--help" || a == "-h") {
      out << "Usage: tessera-cli " << Synopsis(name) << "\n\nNot available in this build: "
          << Reason(name) << ".\n";
      return kSuccess;
    }
  err << "tessera-cli " << name << ": not available: " << Reason(name) << ".\n";
  return kUnavailable;
}

}  // namespace tessera::cli
