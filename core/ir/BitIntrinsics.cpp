#include "ir/BitIntrinsics.h"

namespace tessera::ir {

namespace {

const BitOpInfo kBitOpTable[] = {
    {BitOp::ShiftLeft, "shift_left", 2, "<<"}, {BitOp::ShiftRight, "shift_right", 2, ">>"},
    {BitOp::And, "bitwise_and", 2, "&"},       {BitOp::Or, "bitwise_or", 2, "|"},
    {BitOp::Xor, "bitwise_xor", 2, "^"},       {BitOp::Not, "bitwise_not", 1, "~"},
};

// Brings a 64-bit pattern back to `t`'s width and extension (what a register of that
// width would hold).
int64_t BitOpWrap(ir::DataType t, uint64_t u) {
  int bits = t.bits();
  if (bits >= 64) return static_cast<int64_t>(u);
  uint64_t mask = (uint64_t{1} << bits) - 1;
  u &= mask;
  if (t.is_int() && (u >> (bits - 1)) != 0) u |= ~mask;
  return static_cast<int64_t>(u);
}

}  // namespace

std::optional<BitOpInfo> LookupBitOp(const std::string& name) {
  for (const auto& info : kBitOpTable)
    if (name == info.name) return info;
  return std::nullopt;
}

const BitOpInfo& GetBitOpInfo(BitOp op) {
  for (const auto& info : kBitOpTable)
    if (info.op == op) return info;
  return kBitOpTable[0];  // unreachable: the table covers every BitOp
}

bool BitOpTakes(BitOp op, ir::DataType t) {
  return t.is_integer() ||
         (t.is_bool() && (op == BitOp::And || op == BitOp::Or || op == BitOp::Xor));
}

int64_t EvalBitOp(BitOp op, ir::DataType t, int64_t a, int64_t b) {
  int bits = t.is_bool() ? 1 : t.bits();
  uint64_t ua = static_cast<uint64_t>(a), ub = static_cast<uint64_t>(b);
  bool count_ok = b >= 0 && b < bits;
  switch (op) {
    case BitOp::ShiftLeft:
      return count_ok ? BitOpWrap(t, ua << b) : 0;
    case BitOp::ShiftRight:
      if (t.is_int()) return count_ok ? a >> b : (a < 0 ? -1 : 0);
      if (!count_ok) return 0;
      // Logical: the operand's own bits only (a uint64 above 2^63 is held negative).
      return BitOpWrap(t, (bits >= 64 ? ua : ua & ((uint64_t{1} << bits) - 1)) >> b);
    case BitOp::And:
      return BitOpWrap(t, ua & ub);
    case BitOp::Or:
      return BitOpWrap(t, ua | ub);
    case BitOp::Xor:
      return BitOpWrap(t, ua ^ ub);
    case BitOp::Not:
      return BitOpWrap(t, ~ua);
  }
  return 0;
}

}  // namespace tessera::ir
