// Printer: the IR as text, in the style of the loop listings of the InferBound
// document (Ex. 4: `realize D([0, 4], ...) {`, `produce D {`, `for (di, 0, 4) {`,
// `D(di, dj, dk) =(C(dj, dk)*2)`), with 2-space indentation.
//
// Print() also records, for every printed node, the byte range of its text, so that
// the Code view can map a click to an object (clicking a loop selects its IterVar).
//
// Conventions (exact, tests depend on them):
//   expressions  (a + b) (a - b) (a*b) (a / b) (a % b)      truncated division / modulo
//                floordiv(a, b) floormod(a, b) min(a, b) max(a, b)
//                (a == b) (a != b) (a < b) (a <= b) (a > b) (a >= b) (a && b) (a || b) !a
//                select(c, t, f)  float32(x)  exp(x)  ramp(base, stride, lanes)  x8(v)
//                (let x = v in body)  C(i, j) for a ProducerLoad, C[i, j] for a BufferLoad
//                reduce(sum, A(i, k), axis=[k], where=cond)   (where omitted when true;
//                several sources print as [a, b] followed by value_index=N)
//   immediates   int32 bare (5, -3); other integer types (int64)5, (uint8)5; bool True/False;
//                float32 shortest round-trip with an f suffix (2f, 0.5f); float64 shortest
//                round-trip with no suffix, always with a '.' or exponent (2.0, 0.5, 1e+20);
//                float16 (float16)0.5; non-finite (float32)inf, (float64)nan; strings "..."
//   statements   for (i, 0, 16) {            serial loop
//                parallel (i, 0, 16) {       also vectorized / unrolled
//                threadIdx.x (tx, 0, 32) {   a thread-bound loop prints its thread tag as
//                                            the kind (thread_binding without an IterVar)
//                let x = v                   then the body at the same indentation
//                if (c) { ... } else { ... }
//                allocate C[float32 * 4 * 4]  then the body (", storage_scope = shared"
//                                            when not global, " if cond" when not true)
//                // attr [node] key = value   then the body; key "produce" prints
//                                            `produce D {` ... `}`
//                assert(cond, "msg")         then the body
//                realize C([dj, 1], [dk, 1]) {  (bounds are [min, extent])
//                C(i, j) =value              ProducerStore (as the document prints it)
//                C[i] = value                BufferStore
//   attr nodes   a Var/Expr prints itself, a Buffer its name, a DataProducer compute(NAME),
//                an IterVar iter_var(NAME, range(min=0, ext=32), TAG), a string "text".
//   Undefined nodes print <undefined>; nesting deeper than kMaxPrintDepth prints `...`.
#pragma once

#include <cstddef>
#include <string>
#include <vector>

#include "ir/Expr.h"
#include "ir/IterVar.h"
#include "ir/Stmt.h"

namespace tessera::ir {

// Expressions or statements nested deeper than this print as "..." (keeps the printer's
// recursion bounded on pathological input).
inline constexpr int kMaxPrintDepth = 1000;

std::string to_string(const Expr& e);
std::string to_string(const Stmt& s);   // every line ends with '\n'
std::string to_string(const Range& r);  // [min, extent]

// The text of one printed object: [begin, end) in bytes, and the 1-based line of begin.
// `node` is the object's address: ExprNode* / StmtNode* (Expr::get(), Stmt::get()) for
// every printed expression and statement, VarNode* for each occurrence of a variable
// (including a For's loop_var in its header), BufferNode* / DataProducerNode* for the
// name of a buffer or producer, IterVarNode* for an attr's iter_var(...).
struct PrintedSpan {
  const void* node = nullptr;
  size_t begin = 0;
  size_t end = 0;
  int line = 0;
};

struct PrintedProgram {
  std::string text;
  std::vector<PrintedSpan> spans;  // outer spans before the spans they contain

  // The innermost span containing byte `offset` (nullptr when none does).
  const PrintedSpan* SpanAt(size_t offset) const;
  // Every span printed for `node`, in text order.
  std::vector<const PrintedSpan*> SpansOf(const void* node) const;
};

PrintedProgram Print(const Stmt& s);
PrintedProgram Print(const Expr& e);

}  // namespace tessera::ir
