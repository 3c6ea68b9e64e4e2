#include "ir/Printer.h"

#include <algorithm>
#include <charconv>
#include <cmath>
#include <string_view>
#include <unordered_map>
#include <unordered_set>
#include <utility>
#include <vector>

#include "ir/ExprOp.h"
#include "ir/Functor.h"

namespace tessera::ir {

namespace {

constexpr std::string_view kUndefined = "<undefined>";

// Shortest text that reads back as the same value (std::to_chars without a format).
template <typename F>
std::string shortest(F value) {
  char buf[64];
  auto res = std::to_chars(buf, buf + sizeof(buf), value);
  return std::string(buf, res.ptr);
}

bool looks_integral(const std::string& s) {
  return s.find_first_not_of("-0123456789") == std::string::npos;
}

std::string format_int(DataType t, int64_t value) {
  if (t.is_bool() && t.is_scalar()) return value ? "True" : "False";
  if (t == DataType::Int(32)) return std::to_string(value);
  return "(" + t.str() + ")" + std::to_string(value);
}

std::string format_float(DataType t, double value) {
  if (!std::isfinite(value)) {
    std::string v = std::isnan(value) ? "nan" : (value < 0 ? "-inf" : "inf");
    return "(" + t.str() + ")" + v;
  }
  if (t == DataType::Float(32)) return shortest(static_cast<float>(value)) + "f";
  std::string text = shortest(value);
  if (t == DataType::Float(64)) return looks_integral(text) ? text + ".0" : text;
  return "(" + t.str() + ")" + text;
}

std::string quote(const std::string& s) {
  std::string q = "\"";
  for (char c : s) {
    switch (c) {
      case '"':
        q += "\\\"";
        break;
      case '\\':
        q += "\\\\";
        break;
      case '\n':
        q += "\\n";
        break;
      case '\t':
        q += "\\t";
        break;
      default:
        q += c;
    }
  }
  return q + "\"";
}

const char* infix_operator(ExprKind k) {
  switch (k) {
    case ExprKind::Add:
      return " + ";
    case ExprKind::Sub:
      return " - ";
    case ExprKind::Mul:
      return "*";
    case ExprKind::Div:
      return " / ";
    case ExprKind::Mod:
      return " % ";
    case ExprKind::EQ:
      return " == ";
    case ExprKind::NE:
      return " != ";
    case ExprKind::LT:
      return " < ";
    case ExprKind::LE:
      return " <= ";
    case ExprKind::GT:
      return " > ";
    case ExprKind::GE:
      return " >= ";
    case ExprKind::And:
      return " && ";
    case ExprKind::Or:
      return " || ";
    default:
      return nullptr;
  }
}

const char* call_style_operator(ExprKind k) {
  switch (k) {
    case ExprKind::FloorDiv:
      return "floordiv";
    case ExprKind::FloorMod:
      return "floormod";
    case ExprKind::Min:
      return "min";
    case ExprKind::Max:
      return "max";
    default:
      return nullptr;
  }
}

// The word that starts a loop header: its kind, or its thread tag when thread-bound.
std::string loop_keyword(const ForNode* n) {
  switch (n->for_kind) {
    case ForKind::Serial:
      return "for";
    case ForKind::Parallel:
      return "parallel";
    case ForKind::Vectorized:
      return "vectorized";
    case ForKind::Unrolled:
      return "unrolled";
    case ForKind::ThreadBinding:
      if (n->thread_binding && !n->thread_binding->thread_tag.empty())
        return n->thread_binding->thread_tag;
      return "thread_binding";
  }
  return "for";
}

bool is_true(const Expr& cond) { return !cond.defined() || is_const_int(cond, 1); }

// Writes text and records spans. Expressions print inline; a statement prints its
// lines from the cursor on (the caller writes the first line's indentation), without
// the newline after its last line, so that its span ends at its last character.
class IRPrinter : public ExprFunctor<void>, public StmtFunctor<void> {
 public:
  PrintedProgram program;

  void PrintExpr(const Expr& e) {
    if (!e.defined()) return Emit(kUndefined);
    if (expr_depth_ >= kMaxPrintDepth) return Emit("...");
    size_t span = OpenSpan(e.get());
    ++expr_depth_;
    VisitExpr(e);
    --expr_depth_;
    CloseSpan(span);
  }

  // Starts where the caller left the cursor (after the indentation).
  void PrintStmt(const Stmt& s) {
    if (!s.defined()) return Emit(kUndefined);
    if (stmt_depth_ >= kMaxPrintDepth) return Emit("...");
    size_t span = OpenSpan(s.get());
    ++stmt_depth_;
    VisitStmt(s);
    --stmt_depth_;
    CloseSpan(span);
  }

  void PrintRange(const Range& r) {
    Emit("[");
    PrintExpr(r.min);
    Emit(", ");
    PrintExpr(r.extent);
    Emit("]");
  }

  void Emit(std::string_view text) {
    program.text.append(text);
    for (char c : text) line_ += c == '\n';
  }

 protected:
  // ---------------------------------------------------------------- expressions
  void VisitExprDefault(const Expr&) override { Emit(kUndefined); }

  void VisitIntImm(const IntImmNode* n, const Expr&) override {
    Emit(format_int(n->dtype, n->value));
  }
  void VisitFloatImm(const FloatImmNode* n, const Expr&) override {
    Emit(format_float(n->dtype, n->value));
  }
  void VisitStringImm(const StringImmNode* n, const Expr&) override { Emit(quote(n->value)); }
  void VisitVar(const VarNode* n, const Expr&) override {
    auto renamed = renamed_.find(n);
    Emit(renamed == renamed_.end() ? n->name : renamed->second);
    if (collecting_ && std::find(scope_.begin(), scope_.end(), n) == scope_.end()) free_.insert(n);
  }

  void VisitBinary(const BinaryNode* n, const Expr& e) override {
    if (const char* op = infix_operator(n->kind)) {
      Emit("(");
      PrintExpr(n->a);
      Emit(op);
      PrintExpr(n->b);
      Emit(")");
    } else if (const char* fn = call_style_operator(n->kind)) {
      Emit(fn);
      PrintArgs({n->a, n->b});
    } else {
      VisitExprDefault(e);
    }
  }
  void VisitNot(const NotNode* n, const Expr&) override {
    Emit("!");
    PrintExpr(n->a);
  }
  void VisitSelect(const SelectNode* n, const Expr&) override {
    Emit("select");
    PrintArgs({n->condition, n->true_value, n->false_value});
  }
  void VisitCast(const CastNode* n, const Expr&) override {
    Emit(n->dtype.str());
    PrintArgs({n->value});
  }
  void VisitCall(const CallNode* n, const Expr&) override {
    Emit(n->op);
    PrintArgs(n->args);
  }
  void VisitBufferLoad(const BufferLoadNode* n, const Expr&) override {
    PrintBufferName(n->buffer);
    PrintList(n->indices, "[", "]");
  }
  void VisitProducerLoad(const ProducerLoadNode* n, const Expr&) override {
    PrintProducerName(n->producer);
    PrintArgs(n->indices);
  }
  void VisitRamp(const RampNode* n, const Expr&) override {
    Emit("ramp(");
    PrintExpr(n->base);
    Emit(", ");
    PrintExpr(n->stride);
    Emit(", " + std::to_string(n->lanes) + ")");
  }
  void VisitBroadcast(const BroadcastNode* n, const Expr&) override {
    Emit("x" + std::to_string(n->lanes));
    PrintArgs({n->value});
  }
  void VisitLet(const LetNode* n, const Expr&) override {
    Emit("(let ");
    Bind(static_cast<const VarNode*>(n->var.get()));
    PrintExpr(n->var);
    Emit(" = ");
    Unbind(1);
    PrintExpr(n->value);
    Emit(" in ");
    Bind(static_cast<const VarNode*>(n->var.get()));
    PrintExpr(n->body);
    Unbind(1);
    Emit(")");
  }
  void VisitReduce(const ReduceNode* n, const Expr&) override {
    Emit("reduce(");
    Emit(n->combiner ? n->combiner->name : std::string(kUndefined));
    Emit(", ");
    size_t bound = 0;
    for (const IterVar& iv : n->axis)
      if (iv && iv->var.defined()) {
        Bind(iv->var.operator->());
        ++bound;
      }
    if (n->source.size() == 1)
      PrintExpr(n->source.front());
    else
      PrintList(n->source, "[", "]");
    Emit(", axis=[");
    for (size_t i = 0; i < n->axis.size(); ++i) {
      if (i) Emit(", ");
      if (n->axis[i])
        PrintExpr(n->axis[i]->var);
      else
        Emit(kUndefined);
    }
    Emit("]");
    if (!is_true(n->condition)) {
      Emit(", where=");
      PrintExpr(n->condition);
    }
    Unbind(bound);
    if (n->source.size() != 1) Emit(", value_index=" + std::to_string(n->value_index));
    Emit(")");
  }

  // ---------------------------------------------------------------- statements
  void VisitStmtDefault(const Stmt&) override { Emit(kUndefined); }

  void VisitFor(const ForNode* n, const Stmt&) override {
    for (const auto& [key, value] : n->annotations) {
      Emit("// annotation " + key + " = ");
      PrintExpr(value);
      Emit("\n");
      Indent();
    }
    Emit(loop_keyword(n) + " (");
    Bind(n->loop_var.operator->());
    PrintExpr(n->loop_var);
    Emit(", ");
    PrintExpr(n->min);
    Emit(", ");
    PrintExpr(n->extent);
    Emit(") ");
    PrintBlock(n->body);
    Unbind(1);
  }
  void VisitLetStmt(const LetStmtNode* n, const Stmt&) override {
    Emit("let ");
    Bind(n->var.operator->());
    PrintExpr(n->var);
    Emit(" = ");
    Unbind(1);
    PrintExpr(n->value);
    Bind(n->var.operator->());
    PrintFollowing(n->body);
    Unbind(1);
  }
  void VisitIfThenElse(const IfThenElseNode* n, const Stmt&) override {
    Emit("if (");
    PrintExpr(n->condition);
    Emit(") ");
    PrintBlock(n->then_case);
    if (n->else_case.defined()) {
      Emit(" else ");
      PrintBlock(n->else_case);
    }
  }
  void VisitBufferStore(const BufferStoreNode* n, const Stmt&) override {
    PrintBufferName(n->buffer);
    PrintList(n->indices, "[", "]");
    Emit(" = ");
    PrintExpr(n->value);
  }
  void VisitProducerStore(const ProducerStoreNode* n, const Stmt&) override {
    PrintProducerName(n->producer);
    PrintArgs(n->indices);
    Emit(" =");  // the document's spelling: `C(i, j) =5`
    PrintExpr(n->value);
  }
  void VisitAllocate(const AllocateNode* n, const Stmt&) override {
    Emit("allocate ");
    PrintExpr(n->buffer_var);
    Emit("[" + n->dtype.str());
    for (const Expr& extent : n->extents) {
      Emit(" * ");
      PrintExpr(extent);
    }
    Emit("]");
    if (!n->scope.empty() && n->scope != "global") Emit(", storage_scope = " + n->scope);
    PrintCondition(n->condition);
    PrintFollowing(n->body);
  }
  void VisitAttrStmt(const AttrStmtNode* n, const Stmt&) override {
    if (n->key == "produce") {
      Emit("produce ");
      PrintAttrTarget(n->node, /*name_only=*/true);
      Emit(" ");
      PrintBlock(n->body);
      return;
    }
    Emit("// attr [");
    PrintAttrTarget(n->node, /*name_only=*/false);
    Emit("] " + n->key + " = ");
    PrintExpr(n->value);
    PrintFollowing(n->body);
  }
  void VisitAssertStmt(const AssertStmtNode* n, const Stmt&) override {
    Emit("assert");
    PrintArgs({n->condition, n->message});
    PrintFollowing(n->body);
  }
  void VisitSeqStmt(const SeqStmtNode* n, const Stmt&) override {
    for (size_t i = 0; i < n->seq.size(); ++i) {
      if (i) {
        Emit("\n");
        Indent();
      }
      PrintStmt(n->seq[i]);
    }
  }
  void VisitEvaluate(const EvaluateNode* n, const Stmt&) override { PrintExpr(n->value); }
  void VisitProducerRealize(const ProducerRealizeNode* n, const Stmt&) override {
    Emit("realize ");
    PrintProducerName(n->producer);
    Emit("(");
    for (size_t i = 0; i < n->bounds.size(); ++i) {
      if (i) Emit(", ");
      PrintRange(n->bounds[i]);
    }
    Emit(")");
    if (!n->storage_scope.empty()) Emit(", storage_scope = " + n->storage_scope);
    PrintCondition(n->condition);
    Emit(" ");
    PrintBlock(n->body);
  }

 private:
  size_t OpenSpan(const void* node) {
    program.spans.push_back(PrintedSpan{node, program.text.size(), program.text.size(), line_});
    return program.spans.size() - 1;
  }
  void CloseSpan(size_t index) { program.spans[index].end = program.text.size(); }

  void Indent() { Emit(std::string(static_cast<size_t>(indent_) * 2, ' ')); }

  // `{`, the body one level deeper, `}` on its own line.
  void PrintBlock(const Stmt& body) {
    Emit("{\n");
    ++indent_;
    Indent();
    PrintStmt(body);
    --indent_;
    Emit("\n");
    Indent();
    Emit("}");
  }

  // The body of let / attr / allocate / assert: on the next line, same indentation.
  void PrintFollowing(const Stmt& body) {
    Emit("\n");
    Indent();
    PrintStmt(body);
  }

  void PrintCondition(const Expr& cond) {
    if (is_true(cond)) return;
    Emit(" if ");
    PrintExpr(cond);
  }

  void PrintArgs(const std::vector<Expr>& args) { PrintList(args, "(", ")"); }
  void PrintList(const std::vector<Expr>& items, std::string_view open, std::string_view close) {
    Emit(open);
    for (size_t i = 0; i < items.size(); ++i) {
      if (i) Emit(", ");
      PrintExpr(items[i]);
    }
    Emit(close);
  }

  void PrintNamed(const void* node, const std::string& name) {
    size_t span = OpenSpan(node);
    Emit(name);
    CloseSpan(span);
  }
  void PrintBufferName(const Buffer& b) {
    if (!b) return Emit(kUndefined);
    PrintNamed(b.get(), b->name);
  }
  void PrintProducerName(const DataProducer& p) {
    if (!p) return Emit(kUndefined);
    PrintNamed(p.get(), p->producer_name());
  }
  void PrintIterVar(const IterVar& iv, bool name_only) {
    if (!iv) return Emit(kUndefined);
    size_t span = OpenSpan(iv.get());
    if (name_only) {
      PrintExpr(iv->var);
    } else {
      Emit("iter_var(");
      PrintExpr(iv->var);
      Emit(", ");
      if (iv->dom.defined()) {
        Emit("range(min=");
        PrintExpr(iv->dom.min);
        Emit(", ext=");
        PrintExpr(iv->dom.extent);
        Emit(")");
      }
      Emit(", " + iv->thread_tag + ")");
    }
    CloseSpan(span);
  }

  void PrintAttrTarget(const AttrTarget& target, bool name_only) {
    if (auto* e = std::get_if<Expr>(&target)) return PrintExpr(*e);
    if (auto* iv = std::get_if<IterVar>(&target)) return PrintIterVar(*iv, name_only);
    if (auto* b = std::get_if<Buffer>(&target)) return PrintBufferName(*b);
    if (auto* s = std::get_if<std::string>(&target)) return Emit(name_only ? *s : quote(*s));
    if (auto* p = std::get_if<DataProducer>(&target)) {
      if (name_only || !*p) return PrintProducerName(*p);
      Emit("compute(");
      PrintProducerName(*p);
      return Emit(")");
    }
    Emit(kUndefined);
  }

  // ---------------------------------------------------------------- names
  // A variable that a loop, let or reduction binds prints as name_1, name_2, ... where a
  // free variable of its name (a te.var k beside a reduce axis k) or an enclosing binding
  // of its name would make the text ambiguous; the first pass finds them.
 public:
  // The renames the first pass found (empty when every name is unambiguous).
  std::unordered_map<const VarNode*, std::string> Renames() const {
    std::unordered_map<const VarNode*, std::string> out;
    std::unordered_set<std::string> free_names, taken;
    for (const VarNode* f : free_) {
      free_names.insert(f->name);
      taken.insert(f->name);
    }
    for (const VarNode* v : binders_) taken.insert(v->name);
    for (const VarNode* v : binders_) {
      if (out.count(v)) continue;
      // A variable both bound and free (printed outside its loop) clashes with itself
      // only when another free variable shares its name.
      bool clash = shadowing_.count(v) != 0;
      if (!clash && free_names.count(v->name))
        for (const VarNode* f : free_) clash = clash || (f != v && f->name == v->name);
      if (!clash) continue;
      for (int i = 1;; ++i) {
        std::string name = v->name + "_" + std::to_string(i);
        if (taken.insert(name).second) {
          out[v] = name;
          break;
        }
      }
    }
    return out;
  }
  void UseNames(std::unordered_map<const VarNode*, std::string> renamed) {
    renamed_ = std::move(renamed);
    collecting_ = false;
  }

 private:
  void Bind(const VarNode* v) {
    if (collecting_) {
      for (const VarNode* outer : scope_)
        if (outer != v && outer->name == v->name) shadowing_.insert(v);
      binders_.push_back(v);
    }
    scope_.push_back(v);
  }
  void Unbind(size_t count) { scope_.resize(scope_.size() - count); }

  bool collecting_ = true;
  std::vector<const VarNode*> scope_;  // bound here, innermost last
  std::vector<const VarNode*> binders_;
  std::unordered_set<const VarNode*> shadowing_;
  std::unordered_set<const VarNode*> free_;
  std::unordered_map<const VarNode*, std::string> renamed_;

  int line_ = 1;
  int indent_ = 0;
  int expr_depth_ = 0;
  int stmt_depth_ = 0;
};

}  // namespace

namespace {

// Prints once; again with the renames when the first pass found ambiguous names.
template <typename F>
PrintedProgram PrintUnambiguous(F print) {
  IRPrinter first;
  print(first);
  auto renamed = first.Renames();
  if (renamed.empty()) return std::move(first.program);
  IRPrinter second;
  second.UseNames(std::move(renamed));
  print(second);
  return std::move(second.program);
}

}  // namespace

std::string to_string(const Expr& e) { return Print(e).text; }

std::string to_string(const Stmt& s) { return Print(s).text; }

std::string to_string(const Range& r) {
  return PrintUnambiguous([&](IRPrinter& p) { p.PrintRange(r); }).text;
}

PrintedProgram Print(const Stmt& s) {
  return PrintUnambiguous([&](IRPrinter& p) {
    p.PrintStmt(s);
    p.Emit("\n");
  });
}

PrintedProgram Print(const Expr& e) {
  return PrintUnambiguous([&](IRPrinter& p) { p.PrintExpr(e); });
}

const PrintedSpan* PrintedProgram::SpanAt(size_t offset) const {
  const PrintedSpan* best = nullptr;
  for (const PrintedSpan& s : spans) {
    if (offset < s.begin || offset >= s.end) continue;
    // Ties go to the later span: spans are recorded outer first.
    if (!best || s.end - s.begin <= best->end - best->begin) best = &s;
  }
  return best;
}

std::vector<const PrintedSpan*> PrintedProgram::SpansOf(const void* node) const {
  std::vector<const PrintedSpan*> found;
  for (const PrintedSpan& s : spans)
    if (s.node == node) found.push_back(&s);
  return found;
}

}  // namespace tessera::ir
