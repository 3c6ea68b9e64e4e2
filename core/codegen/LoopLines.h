// LoopLines: which lines of a generated text (C source, CUDA C++, LLVM IR, assembly)
// belong to which loop of the lowered function, so that selecting a loop highlights its
// lines in every code view and a click on a line selects its loop.
//
// Loops are numbered 1, 2, ... in pre-order over the function body (NumberLoops), each
// with the stage of its enclosing `produce` scope and its loop variable. The printers
// record the byte range they print each loop into as they print it (CodeGenC,
// CodeGenCUDA); the LLVM backend, asked for loop lines, gives every instruction a debug
// location whose line is the number of the innermost loop it belongs to (0 outside any
// loop), so the `!dbg` attachments of the LLVM IR and the `.loc` directives of the
// assembly name the loop of each line after the optimiser has moved code around (code
// hoisted out of a loop loses its location, as LLVM's passes do for hoisted code).
#pragma once

#include <cstddef>
#include <string>
#include <vector>

#include "ir/Stmt.h"

namespace tessera::codegen {

struct LoopId {
  int id = 0;         // 1-based, pre-order
  int parent = 0;     // the enclosing loop's id; 0 at the top
  std::string stage;  // the enclosing produce scope's stage ("" when there is none)
  std::string var;    // the loop variable (the IterVar's name)
  const ir::ForNode* node = nullptr;
  bool innermost = true;  // no loop inside
};

// Every loop of `body` in pre-order (id = index + 1).
std::vector<LoopId> NumberLoops(const ir::Stmt& body);

struct LoopLines {
  std::vector<LoopId> loops;
  std::vector<int> line_loop;  // per line (0-based): the innermost loop id, 0 = none

  // The innermost loop printed on `line` (0-based), 0 when none.
  int LoopAt(int line) const;
  // The lines (0-based) of loop `id` and of the loops inside it.
  std::vector<int> LinesOf(int id) const;
  // Whether `inner` is `outer` or inside it.
  bool Within(int inner, int outer) const;
  // The loops of (stage, var); an empty stage matches any. Loops whose stage is unknown
  // ("") match any stage.
  std::vector<int> Find(const std::string& stage, const std::string& var) const;
  const LoopId* Loop(int id) const;
  bool empty() const { return loops.empty(); }
};

// A loop printed between byte offsets [begin, end) of the final text.
struct LoopByteRange {
  int id = 0;
  size_t begin = 0, end = 0;
};
// Ranges are given outer loops first (pre-order), so inner loops win their lines.
LoopLines LinesFromByteRanges(const std::string& text, std::vector<LoopId> loops,
                              const std::vector<LoopByteRange>& ranges);

// LLVM IR printed from a module whose instructions carry loop debug locations: each
// `!dbg !N` is resolved through `!N = !DILocation(line: L, ...)`; block labels take
// the loop of their first instruction.
LoopLines LinesFromLLVMIR(const std::string& text, std::vector<LoopId> loops);

// Assembly with `.loc FILE LINE COL` directives: every line after a `.loc` belongs to
// its line's loop until the next one (labels take the loop of the next instruction).
LoopLines LinesFromAssembly(const std::string& text, std::vector<LoopId> loops);

}  // namespace tessera::codegen
