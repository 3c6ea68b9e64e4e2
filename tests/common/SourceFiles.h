// The source tree the suites read data from (TESSERA_SOURCE_DIR, which tests/CMakeLists.txt
// sets for every test) and whole files of it.
#pragma once

#include <QtGlobal>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>

namespace tessera::testing {

inline std::string SourceDir() { return std::string(qgetenv("TESSERA_SOURCE_DIR").constData()); }

// The file's bytes; empty when it cannot be read.
inline std::string ReadSourceFile(const std::filesystem::path& path) {
  std::ifstream in(path, std::ios::binary);
  std::stringstream buffer;
  buffer << in.rdbuf();
  return buffer.str();
}

}  // namespace tessera::testing
