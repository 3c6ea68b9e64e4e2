// The integer bit intrinsics of Tessera's IR (`shift_left(x, n)`, `bitwise_and(a, b)`,
// ...), TVM's tir.shift_left / tir.bitwise_and builtins: one table shared by the
// script, the simplifier, the oracle, the interpreter and every backend, so that they
// agree on the names, the arity and the exact integer result.
#pragma once

#include <cstdint>
#include <optional>
#include <string>

#include "ir/DataType.h"

namespace tessera::ir {

enum class BitOp { ShiftLeft, ShiftRight, And, Or, Xor, Not };

struct BitOpInfo {
  BitOp op;
  const char* name;  // the IR call name (TVM's op name without "tir.")
  int arity;         // 2, or 1 for bitwise_not
  const char* c_op;  // the C operator: "<<", ">>", "&", "|", "^", "~"
};

// Whether `op` takes operands (and gives a result) of type `t`'s elements: integers, and
// bools for and / or / xor (TVM's bool is uint1: T.bitwise_and of two comparisons
// combines masks).
bool BitOpTakes(BitOp op, ir::DataType t);

// The entry for an IR call name, or nullopt when `name` is not a bit intrinsic.
std::optional<BitOpInfo> LookupBitOp(const std::string& name);
const BitOpInfo& GetBitOpInfo(BitOp op);

// The exact result in the scalar integer type `t`, on operands held as the interpreter
// holds them (sign-extended for int, zero-extended for uint). Shift right is arithmetic
// for int and logical for uint. A shift count outside [0, bits) is undefined in TVM,
// LLVM and C; here it gives 0 (a right shift of a negative int: -1), as if the bits
// were shifted out one at a time.
int64_t EvalBitOp(BitOp op, ir::DataType t, int64_t a, int64_t b = 0);

}  // namespace tessera::ir
