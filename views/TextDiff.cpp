#include "views/TextDiff.h"

#include <algorithm>

namespace tessera::views {
namespace {

constexpr size_t kMaxLcsLines = 4000;

// Without a table (too many lines): equal positions match when the lines are equal.
std::vector<DiffLine> PositionalDiff(const std::vector<std::string>& a,
                                     const std::vector<std::string>& b) {
  std::vector<DiffLine> out;
  for (size_t i = 0; i < std::max(a.size(), b.size()); ++i) {
    if (i < a.size() && i < b.size() && a[i] == b[i]) {
      out.push_back({DiffLine::Kind::Same, a[i]});
      continue;
    }
    if (i < a.size()) out.push_back({DiffLine::Kind::Removed, a[i]});
    if (i < b.size()) out.push_back({DiffLine::Kind::Added, b[i]});
  }
  return out;
}

}  // namespace

std::vector<std::string> SplitLines(const std::string& text) {
  std::vector<std::string> lines;
  size_t start = 0;
  while (start < text.size()) {
    size_t end = text.find('\n', start);
    if (end == std::string::npos) end = text.size();
    lines.push_back(text.substr(start, end - start));
    start = end + 1;
  }
  return lines;
}

std::vector<DiffLine> DiffLines(const std::vector<std::string>& a,
                                const std::vector<std::string>& b) {
  if (a.size() > kMaxLcsLines || b.size() > kMaxLcsLines) return PositionalDiff(a, b);
  // lcs[i][j]: the longest common subsequence of a[i..] and b[j..].
  std::vector<std::vector<int>> lcs(a.size() + 1, std::vector<int>(b.size() + 1, 0));
  for (size_t i = a.size(); i-- > 0;)
    for (size_t j = b.size(); j-- > 0;)
      lcs[i][j] = a[i] == b[j] ? lcs[i + 1][j + 1] + 1 : std::max(lcs[i + 1][j], lcs[i][j + 1]);
  std::vector<DiffLine> out;
  size_t i = 0, j = 0;
  while (i < a.size() || j < b.size()) {
    if (i < a.size() && j < b.size() && a[i] == b[j]) {
      out.push_back({DiffLine::Kind::Same, a[i]});
      ++i, ++j;
    } else if (j == b.size() || (i < a.size() && lcs[i + 1][j] >= lcs[i][j + 1])) {
      out.push_back({DiffLine::Kind::Removed, a[i++]});
    } else {
      out.push_back({DiffLine::Kind::Added, b[j++]});
    }
  }
  return out;
}

int ChangedLineCount(const std::vector<DiffLine>& diff) {
  return int(std::count_if(diff.begin(), diff.end(),
                           [](const DiffLine& l) { return l.kind != DiffLine::Kind::Same; }));
}

}  // namespace tessera::views
