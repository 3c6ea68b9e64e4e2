// layout: part of the command-line contract, answered with exit code 4 ("not
// available") until scripts can declare buffer layouts (transform_layout, RFC 0077).
#include <ostream>

#include "CliCommon.h"
#include "Commands.h"

namespace tessera::cli {

namespace {

const char* Synopsis(const std::string&) { return "layout FILE --buffer NAME [--json]"; }

const char* Reason(const std::string&) {
  return "buffer layouts arrive with the layout-padding work (transform_layout in scripts) "
         "and are not built yet";
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
