#include "support/Utf8.h"

namespace tessera {

size_t Utf8SequenceLength(std::string_view s, size_t i) {
  if (i >= s.size()) return 0;
  auto byte = [&](size_t k) { return static_cast<unsigned char>(s[i + k]); };
  const unsigned char b0 = byte(0);
  if (b0 < 0x80) return 1;
  const size_t n = (b0 >> 5) == 0x6 ? 2 : (b0 >> 4) == 0xE ? 3 : (b0 >> 3) == 0x1E ? 4 : 0;
  if (n == 0 || s.size() - i < n) return 0;
  for (size_t k = 1; k < n; ++k)
    if ((byte(k) & 0xC0) != 0x80) return 0;
  if (n == 2 && b0 < 0xC2) return 0;                                       // overlong
  if (n == 3 && b0 == 0xE0 && byte(1) < 0xA0) return 0;                    // overlong
  if (n == 3 && b0 == 0xED && byte(1) >= 0xA0) return 0;                   // UTF-16 surrogate
  if (n == 4 && b0 == 0xF0 && byte(1) < 0x90) return 0;                    // overlong
  if (n == 4 && (b0 > 0xF4 || (b0 == 0xF4 && byte(1) >= 0x90))) return 0;  // above U+10FFFF
  return n;
}

void AppendUtf8(std::string& out, uint32_t cp) {
  if (cp < 0x80) {
    out += static_cast<char>(cp);
  } else if (cp < 0x800) {
    out += static_cast<char>(0xC0 | (cp >> 6));
    out += static_cast<char>(0x80 | (cp & 0x3F));
  } else if (cp < 0x10000) {
    out += static_cast<char>(0xE0 | (cp >> 12));
    out += static_cast<char>(0x80 | ((cp >> 6) & 0x3F));
    out += static_cast<char>(0x80 | (cp & 0x3F));
  } else {
    out += static_cast<char>(0xF0 | (cp >> 18));
    out += static_cast<char>(0x80 | ((cp >> 12) & 0x3F));
    out += static_cast<char>(0x80 | ((cp >> 6) & 0x3F));
    out += static_cast<char>(0x80 | (cp & 0x3F));
  }
}

}  // namespace tessera
