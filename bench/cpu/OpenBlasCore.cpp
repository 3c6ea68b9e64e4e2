#include "OpenBlasCore.h"

#include <algorithm>
#include <cctype>
#include <utility>

namespace tessera::bench {

namespace {

std::string Lower(std::string s) {
  std::transform(s.begin(), s.end(), s.begin(), [](unsigned char c) { return std::tolower(c); });
  return s;
}

// OpenBLAS 0.3.x's x86-64 core names (driver/others/dynamic.c's corename table), lower case.
constexpr std::pair<const char*, int> kCoreRanks[] = {
    {"skylakex", 16},  {"cooperlake", 16},   {"sapphirerapids", 16}, {"haswell", 8},
    {"zen", 8},        {"excavator", 8},     {"sandybridge", 6},     {"bulldozer", 6},
    {"piledriver", 6}, {"steamroller", 6},   {"prescott", 4},        {"core2", 4},
    {"penryn", 4},     {"dunnington", 4},    {"nehalem", 4},         {"atom", 4},
    {"opteron", 4},    {"opteron(sse3)", 4}, {"barcelona", 4},       {"nano", 4},
    {"bobcat", 4},     {"katmai", 4},        {"coppermine", 4},      {"northwood", 4},
    {"banias", 4},     {"athlon", 4},        {"generic", 4},
};

}  // namespace

std::optional<int> OpenBlasCoreRank(const std::string& corename) {
  const std::string name = Lower(corename);
  for (const auto& [core, rank] : kCoreRanks)
    if (name == core) return rank;
  return std::nullopt;
}

std::optional<std::string> OpenBlasCoreTypeFor(const std::string& corename, int host_lanes) {
  const std::optional<int> rank = OpenBlasCoreRank(corename);
  if (!rank) return std::nullopt;
  if (host_lanes >= 16 && *rank < 16) return std::string("SkylakeX");
  if (host_lanes >= 8 && *rank < 8) return std::string("Haswell");
  return std::nullopt;
}

}  // namespace tessera::bench
