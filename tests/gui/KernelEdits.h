// Edits of a generated CUDA source that break a kernel on purpose, for the suites that
// check the GPU emulator finds what they break (InstrumentPanels::checkOnEmulator).
#pragma once

#include <string>

namespace tessera::testing {

// The source without its barriers: threads that share memory race.
inline std::string WithoutBarriers(std::string source) {
  const std::string barrier = "__syncthreads();";
  for (size_t at = source.find(barrier); at != std::string::npos; at = source.find(barrier))
    source.erase(at, barrier.size());
  return source;
}

}  // namespace tessera::testing
