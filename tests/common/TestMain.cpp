// The main of a combined test executable (see TestRegistry.h): runs the suite named by
// the first argument with the remaining arguments, lists the suites with --list, and
// without a suite name runs every suite in turn, each in its own child process (a Qt
// application object can exist only once per process).
#include <sys/wait.h>
#include <unistd.h>

#include <cstdio>
#include <cstring>
#include <map>
#include <string>
#include <vector>

#include "TestRegistry.h"

namespace tessera::test {
namespace {
std::map<std::string, SuiteMain>& Suites() {
  static std::map<std::string, SuiteMain> suites;
  return suites;
}

std::string BaseName(const char* file) {
  std::string name = file;
  if (auto slash = name.find_last_of('/'); slash != std::string::npos) name.erase(0, slash + 1);
  if (auto dot = name.find('.'); dot != std::string::npos) name.erase(dot);
  return name;
}

int RunAllInChildren(const char* program) {
  int failed = 0;
  for (const auto& [name, main] : Suites()) {
    pid_t pid = fork();
    if (pid < 0) {
      std::perror("fork");
      return 1;
    }
    if (pid == 0) {
      char* args[] = {const_cast<char*>(program), nullptr};
      _exit(main(1, args));
    }
    int status = 0;
    waitpid(pid, &status, 0);
    bool ok = WIFEXITED(status) && WEXITSTATUS(status) == 0;
    std::printf("%s: %s\n", name.c_str(), ok ? "passed" : "FAILED");
    failed += ok ? 0 : 1;
  }
  return failed == 0 ? 0 : 1;
}
}  // namespace

int RegisterSuite(const char* file, SuiteMain main) {
  Suites()[BaseName(file)] = main;
  return 0;
}
}  // namespace tessera::test

int main(int argc, char* argv[]) {
  using namespace tessera::test;
  if (argc < 2) return RunAllInChildren(argv[0]);
  if (std::strcmp(argv[1], "--list") == 0) {
    for (const auto& entry : Suites()) std::printf("%s\n", entry.first.c_str());
    return 0;
  }
  auto it = Suites().find(argv[1]);
  if (it == Suites().end()) {
    std::fprintf(stderr, "%s: no test suite '%s' in this executable (--list shows them)\n", argv[0],
                 argv[1]);
    return 2;
  }
  // The suite sees its own name as the program and the rest of the arguments as its own.
  std::vector<char*> args;
  args.push_back(argv[1]);
  for (int i = 2; i < argc; ++i) args.push_back(argv[i]);
  args.push_back(nullptr);
  return it->second(argc - 1, args.data());
}
