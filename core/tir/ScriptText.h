// What TVM's two script printers here share: tir/ScriptPrinter.cpp (a scheduled PrimFunc,
// as `func.script()` prints it) and transform/LoweredTVMScript.cpp (a lowered one, as
// `mod.script()` prints it after the lowering passes). Both print expressions with TVM's
// precedences and literals, give names by TVM's rules with one frame per scope, and write
// indented lines; ScriptWriter holds that, each printer adds its statements.
#pragma once

#include <functional>
#include <map>
#include <optional>
#include <set>
#include <string>
#include <unordered_map>
#include <vector>

#include "ir/Expr.h"
#include "ir/ExprOp.h"
#include "ir/Functor.h"
#include "ir/Stmt.h"

namespace tessera::tir::script_text {

using ir::Expr;
using ir::Var;

// Python operator precedence, lowest first (TVM's ExprPrecedence).
enum Prec : int { kIfThenElse = 1, kOr, kAnd, kNot, kCompare, kAdd = 10, kMul, kUnary, kAtom = 20 };

// Printed text and the precedence of its outermost operator.
struct Doc {
  std::string text;
  int prec = kAtom;
};

// A float constant as TVM prints it: `1.0` when integral, else 17 significant digits;
// infinities and NaN quoted ("inf", "-inf", "nan").
std::string FloatLiteral(double v);

// TVM's GenerateUniqueName: characters other than letters, digits and '_' become '_'.
// An empty name stays empty.
std::string Sanitize(std::string name);
// Sanitize, but an empty name becomes "v" (the lowered printer names nameless variables).
std::string SanitizeNonEmpty(std::string name);

// `a, b, c`.
std::string CommaJoined(const std::vector<std::string>& items);
// `text` without its trailing whitespace (script() ends without a newline).
std::string TrimmedEnd(std::string text);
// T.func_attr with TVM's noalias flag in the dialect's spelling.
std::string NoAliasAttr(bool stir);

class ScriptWriter {
 public:
  enum class EmptyName { Keep, AsV };  // how Define treats an empty hint

  explicit ScriptWriter(EmptyName empty) : empty_(empty) {}
  virtual ~ScriptWriter() = default;
  ScriptWriter(const ScriptWriter&) = delete;
  ScriptWriter& operator=(const ScriptWriter&) = delete;

  // `e` in TVMScript: Python operators with parentheses where precedence needs them,
  // `T.<dtype>(...)` constants, `T.` calls for the rest; a printer's own forms first.
  Doc Print(const Expr& e);
  std::string Str(const Expr& e) { return Print(e).text; }

 protected:
  // A form this printer writes its own way; nullopt for the shared one.
  virtual std::optional<Doc> PrintOwn(const Expr& e) {
    (void)e;
    return std::nullopt;
  }
  virtual std::string VarText(const Var& v) const = 0;
  virtual std::string LoadText(const ir::BufferLoadNode* load) = 0;

  // ---- names: one frame per scope; names leave with their frame, as in TVM ----
  void PushFrame() { frames_.emplace_back(); }
  void PopFrame();
  // A fresh name for `obj` in the innermost frame: the sanitized hint, `_1`, `_2`, ...
  // appended while it is taken.
  std::string Define(const void* obj, const std::string& hint);
  // `obj` printed as `text` (an expression such as `A.elem_offset`) until its frame ends;
  // no name is taken.
  void DefineAs(const void* obj, const std::string& text) {
    frames_.back().push_back(obj);
    names_[obj] = text;
  }
  // `obj` printed as `name`, outside the frames (another object's name).
  void Alias(const void* obj, const std::string& name) { names_[obj] = name; }
  bool Defined(const void* obj) const { return names_.count(obj) > 0; }
  std::string NameOf(const void* obj, const std::string& fallback) const;

  static std::string T(const std::string& attr) { return "T." + attr; }

  // ---- expression pieces ----
  Doc Binary(const std::string& op, int prec, const Expr& a, const Expr& b);
  Doc Call(const std::string& callee, const std::vector<Expr>& args);
  // `(4,)`, `(4, 8)`.
  std::string Shape(const std::vector<Expr>& shape);
  // `{"key": value, ...}`.
  std::string Dict(const std::map<std::string, Expr>& m);
  // What a loop iterates: `range(n)`, `T.parallel(a, b)`, `T.thread_binding(n,
  // thread="threadIdx.x")`, `T.serial(n, annotations={...})`; `thread` is the bound
  // thread's tag.
  std::string LoopIterable(ir::ForKind kind, const Expr& min, const Expr& extent,
                           const std::map<std::string, Expr>& annotations,
                           const std::optional<std::string>& thread);
  // The loops `T.grid` prints as one: from `loop` down, each the whole body of the one
  // above (`inner(l)`, null when that body is no loop), serial, from zero, unannotated,
  // with extents that do not use the chain's own variables. Loop: tir's or ir's ForNode.
  template <typename Loop, typename Inner>
  static std::vector<const Loop*> GridChain(const Loop* loop, Inner inner) {
    std::vector<const Loop*> grid;
    for (const Loop* l = loop; l; l = inner(l)) {
      bool depends = false;
      for (const Loop* g : grid) depends = depends || ir::UsesVar(l->extent, g->loop_var);
      if (l->for_kind != ir::ForKind::Serial || !ir::is_zero(l->min) || !l->annotations.empty() ||
          depends) {
        break;
      }
      grid.push_back(l);
    }
    return grid;
  }
  // `for i, j in T.grid(4, 8):`, the chain's variables defined in the innermost frame.
  template <typename Loop>
  std::string GridLine(const std::vector<const Loop*>& grid) {
    std::vector<std::string> vars, extents;
    for (const Loop* l : grid) {
      vars.push_back(Define(l->loop_var.get(), l->loop_var.name()));
      extents.push_back(Str(l->extent));
    }
    return "for " + CommaJoined(vars) + " in " + T("grid") + "(" + CommaJoined(extents) + "):";
  }

  // ---- lines ----
  void Line(const std::string& s) { out_ += std::string(indent_ * 4, ' ') + s + "\n"; }
  // `body` one level deeper; `pass` when it writes nothing.
  void Indented(const std::function<void()>& body);
  // `x: T.int32 = value` (a Let statement's binding; its body is the caller's).
  void LetLine(const ir::LetStmtNode* let);
  // A call as an expression statement (`T.assume(...)`), anything else in T.evaluate.
  void EvaluateLine(const ir::EvaluateNode* ev);
  // A statement TVMScript has no form for, as comments of Tessera's own printing.
  void CommentLines(const ir::Stmt& s);

  std::string out_;
  int indent_ = 0;

 private:
  EmptyName empty_;
  std::vector<std::vector<const void*>> frames_;
  std::unordered_map<const void*, std::string> names_;
  std::set<std::string> used_;
};

}  // namespace tessera::tir::script_text
