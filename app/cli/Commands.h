// The subcommands of tessera-cli, one function per command (each in its own file).
// Every command takes the arguments after its name and returns an exit code; normal
// output goes to `out`, messages to `err`.
#pragma once

#include <ostream>
#include <string>
#include <vector>

namespace tessera::cli {

using Argv = std::vector<std::string>;

int SimplifyCommand(const Argv& args, std::ostream& out, std::ostream& err);
int ExamplesCommand(const Argv& args, std::ostream& out, std::ostream& err);
int LowerCommand(const Argv& args, std::ostream& out, std::ostream& err);
int BoundsCommand(const Argv& args, std::ostream& out, std::ostream& err);
int ExportCommand(const Argv& args, std::ostream& out, std::ostream& err);
int RunCommand(const Argv& args, std::ostream& out, std::ostream& err);
int ProfileCommand(const Argv& args, std::ostream& out, std::ostream& err);
int LayoutCommand(const Argv& args, std::ostream& out, std::ostream& err);
int TuneCommand(const Argv& args, std::ostream& out, std::ostream& err);
int MeasureCommand(const Argv& args, std::ostream& out, std::ostream& err);

}  // namespace tessera::cli
