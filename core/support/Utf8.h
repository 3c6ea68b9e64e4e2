// UTF-8 helpers shared by the script lexer and the JSON reader: both accept UTF-8 text
// and must refuse what is not UTF-8 with a located error, not pass it on.
#pragma once

#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>

namespace tessera {

// Length (1..4) of the UTF-8 sequence starting at s[i], or 0 when it is not valid
// UTF-8: a stray continuation byte, a truncated sequence, an overlong form, a UTF-16
// surrogate or a code point above U+10FFFF.
size_t Utf8SequenceLength(std::string_view s, size_t i = 0);

// Appends code point `cp` (at most U+10FFFF, not a surrogate) encoded as UTF-8.
void AppendUtf8(std::string& out, uint32_t cp);

}  // namespace tessera
