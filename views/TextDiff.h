// TextDiff: a line diff of two texts (longest common subsequence), for comparing two
// schedule versions side by side: their scripts and their loop nests.
#pragma once

#include <string>
#include <vector>

namespace tessera::views {

struct DiffLine {
  enum class Kind { Same, Removed, Added };
  Kind kind = Kind::Same;
  std::string text;
};

std::vector<std::string> SplitLines(const std::string& text);

// The lines of `before` and `after` in order: common lines once (Same), lines only in
// `before` (Removed) before the lines only in `after` (Added) that replace them.
// Texts over 4000 lines each are compared line by line at equal positions instead.
std::vector<DiffLine> DiffLines(const std::vector<std::string>& before,
                                const std::vector<std::string>& after);

// How many lines differ (removed + added).
int ChangedLineCount(const std::vector<DiffLine>& diff);

}  // namespace tessera::views
