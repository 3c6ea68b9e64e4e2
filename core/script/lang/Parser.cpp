#include "script/lang/Parser.h"

#include <algorithm>
#include <initializer_list>
#include <utility>

#include "script/lang/Lexer.h"

namespace tessera::script {

namespace {

using MutableAst = std::shared_ptr<AstExpr>;

// Statements Python has and the script language does not (classes, exceptions,
// generators, scoping declarations).
constexpr std::string_view kUnsupportedStatements[] = {"async", "await"};

bool is_unsupported_statement(const Token& t) {
  if (t.kind != TokenKind::Keyword) return false;
  return std::find(std::begin(kUnsupportedStatements), std::end(kUnsupportedStatements), t.text) !=
         std::end(kUnsupportedStatements);
}

// Augmented assignment operators and the binary operator each applies.
constexpr std::pair<std::string_view, BinaryOp> kAugmented[] = {
    {"+=", BinaryOp::Add},    {"-=", BinaryOp::Sub},       {"*=", BinaryOp::Mul},
    {"/=", BinaryOp::Div},    {"//=", BinaryOp::FloorDiv}, {"%=", BinaryOp::Mod},
    {"**=", BinaryOp::Pow},   {"&=", BinaryOp::BitAnd},    {"|=", BinaryOp::BitOr},
    {"^=", BinaryOp::BitXor}, {">>=", BinaryOp::RShift},   {"<<=", BinaryOp::LShift},
    {"@=", BinaryOp::MatMul}};

class Parser {
 public:
  explicit Parser(std::vector<Token> tokens) : toks_(std::move(tokens)) {}

  Result<AstModule> Module(const std::string& file) {
    AstModule module;
    module.file = file;
    while (Cur().kind != TokenKind::End) {
      if (Cur().kind == TokenKind::Newline || Cur().is_op(";")) {
        Next();
        continue;
      }
      size_t begin = Cur().offset;
      auto stmt = Statement();
      if (!stmt) return stmt.error();
      stmt->begin = begin;
      stmt->end = statement_end_;  // for a compound statement: its block's last statement's
      module.body.push_back(std::move(stmt.value()));
    }
    return module;
  }

  Result<AstPtr> SingleExpression() {
    if (Cur().kind == TokenKind::End) return Expected("an expression");
    auto e = ExprList();
    if (!e) return e;
    if (Cur().kind == TokenKind::Newline) Next();
    if (Cur().kind != TokenKind::End) return Unmatched("end of expression");
    return e;
  }

 private:
  std::vector<Token> toks_;
  size_t pos_ = 0;
  int nesting_ = 0;
  size_t statement_end_ = 0;  // end offset of the last token before a statement's end
  int loops_ = 0;             // enclosing for / while blocks (of the innermost def)
  int functions_ = 0;         // enclosing def blocks

  // Counts one level of nesting for as long as it lives; exceeding kMaxNesting is an
  // error reported by ok().
  class NestingGuard {
   public:
    explicit NestingGuard(Parser* p) : p_(p) { ++p_->nesting_; }
    ~NestingGuard() { --p_->nesting_; }
    NestingGuard(const NestingGuard&) = delete;
    NestingGuard& operator=(const NestingGuard&) = delete;
    bool ok() const { return p_->nesting_ <= kMaxNesting; }

   private:
    Parser* p_;
  };

  const Token& Cur() const { return toks_[pos_]; }
  const Token& Ahead(size_t n) const { return toks_[std::min(pos_ + n, toks_.size() - 1)]; }
  void Next() {
    if (pos_ + 1 < toks_.size()) ++pos_;
  }

  Error ErrorAt(const SourceLoc& loc, std::string message) const {
    return Error(std::move(message), loc);
  }
  Error Expected(const std::string& what) const {
    return ErrorAt(Cur().loc, "expected " + what + ", found " + describe(Cur()));
  }
  Error NestingError() const {
    return ErrorAt(Cur().loc, "nesting deeper than " + std::to_string(kMaxNesting) + " levels");
  }
  // "expected X" unless the token is a stray closing bracket, which gets its own message.
  Error Unmatched(const std::string& what) const {
    if (Cur().is_op(")") || Cur().is_op("]") || Cur().is_op("}"))
      return ErrorAt(Cur().loc, "unmatched '" + Cur().text + "'");
    return Expected(what);
  }

  // Fills in the node's depth and rejects trees deeper than kMaxTreeDepth.
  Result<AstPtr> Finish(MutableAst node) const {
    int deepest = 0;
    auto see = [&](const AstPtr& child) {
      if (child) deepest = std::max(deepest, child->depth);
    };
    see(node->object);
    see(node->left);
    see(node->right);
    for (const AstPtr& item : node->items) see(item);
    for (const AstKeyword& k : node->keywords) see(k.value);
    for (const AstPtr& v : node->values) see(v);
    for (const AstComprehension& g : node->generators) {
      see(g.target);
      see(g.iter);
      for (const AstPtr& c : g.conditions) see(c);
    }
    node->depth = deepest + 1;
    if (node->depth > kMaxTreeDepth)
      return ErrorAt(node->loc,
                     "expression nested deeper than " + std::to_string(kMaxTreeDepth) + " levels");
    return AstPtr(std::move(node));
  }

  static MutableAst NewNode(AstKind kind, SourceLoc loc) {
    auto n = std::make_shared<AstExpr>();
    n->kind = kind;
    n->loc = std::move(loc);
    return n;
  }

  // Closes a bracket opened at `opener`; at the end of input, the message points at the
  // bracket that was never closed.
  Status ExpectCloser(const char* closer, const Token& opener, const std::string& what) {
    if (Cur().is_op(closer)) {
      Next();
      return Status::Ok();
    }
    if (Cur().kind == TokenKind::End)
      return ErrorAt(opener.loc, "'" + opener.text + "' was never closed");
    return Expected(what);
  }

  bool StartsExpression() const {
    const Token& t = Cur();
    switch (t.kind) {
      case TokenKind::Name:
      case TokenKind::Int:
      case TokenKind::Float:
      case TokenKind::String:
        return true;
      case TokenKind::Keyword:
        return t.text == "lambda" || t.text == "not" || t.text == "True" || t.text == "False" ||
               t.text == "None";
      case TokenKind::Op:
        return t.text == "(" || t.text == "[" || t.text == "{" || t.text == "-" || t.text == "+" ||
               t.text == "~";
      default:
        return false;
    }
  }

  // ---------------------------------------------------------------- statements
  Result<AstStmt> Statement() {
    const Token& first = Cur();
    if (first.is_keyword("import")) return Import();
    if (first.is_keyword("from")) return FromImport();
    if (first.is_keyword("if")) return If();
    if (first.is_keyword("for")) return For();
    if (first.is_keyword("while")) return While();
    if (first.is_keyword("def")) return Def();
    if (first.is_keyword("with")) return With();
    if (first.is_keyword("try")) return Try();
    if (first.is_keyword("raise")) return Raise();
    if (first.is_keyword("del")) return Del();
    if (first.is_keyword("class")) return Class();
    if (first.is_keyword("global") || first.is_keyword("nonlocal")) return Declaration();
    if (first.is_keyword("except") || first.is_keyword("finally"))
      return ErrorAt(first.loc, "'" + first.text + "' without a matching 'try'");
    if (first.is_keyword("elif") || first.is_keyword("else"))
      return ErrorAt(first.loc, "'" + first.text + "' without a matching 'if'");
    if (first.is_op("@")) return Decorated();
    if (is_unsupported_statement(first))
      return ErrorAt(first.loc, "'" + first.text +
                                    "' statements are not supported in scripts (expected an "
                                    "assignment, an import, an expression, def, class, if, for, "
                                    "while, with, try, raise, del, global, nonlocal, return, "
                                    "yield or assert)");
    if (first.is_keyword("pass") || first.is_keyword("break") || first.is_keyword("continue"))
      return Keyword(first.text == "pass"    ? StmtKind::Pass
                     : first.text == "break" ? StmtKind::Break
                                             : StmtKind::Continue);
    if (first.is_keyword("return")) return Return();
    if (first.is_keyword("yield")) return Yield();
    if (first.is_keyword("assert")) return Assert();
    SourceLoc loc = first.loc;
    auto lhs = ExprList();
    if (!lhs) return lhs.error();
    AstStmt stmt;
    stmt.loc = loc;
    for (const auto& [op, binary] : kAugmented) {
      if (!Cur().is_op(op)) continue;
      stmt.kind = StmtKind::AugAssign;
      stmt.aug_op = binary;
      if (auto st = AugTarget(*lhs.value()); !st) return st.error();
      stmt.target_exprs.push_back(std::move(lhs.value()));
      Next();
      auto value = ExprList();
      if (!value) return value.error();
      stmt.value = std::move(value.value());
      if (auto st = EndOfStatement(); !st) return st.error();
      return stmt;
    }
    if (Cur().is_op(":")) return Annotated(std::move(stmt), std::move(lhs.value()));
    if (Cur().is_op("=")) {
      stmt.kind = StmtKind::Assign;
      AstPtr target = std::move(lhs.value());
      // a = b = c: every expression before the last '=' is a target.
      while (Cur().is_op("=")) {
        if (auto st = Target(*target); !st) return st.error();
        stmt.target_exprs.push_back(target);
        Next();
        auto value = ExprList();
        if (!value) return value.error();
        target = std::move(value.value());
      }
      stmt.value = std::move(target);
      if (stmt.target_exprs.size() == 1) SimpleTargets(*stmt.target_exprs[0], stmt);
    } else {
      stmt.kind = StmtKind::Expr;
      stmt.value = std::move(lhs.value());
    }
    if (auto st = EndOfStatement(); !st) return st.error();
    return stmt;
  }

  // `target: annotation = value` (an Assign that keeps its annotation: TVMScript's
  // `v: T.float32 = ...` is a let) or a bare `target: annotation`, which binds nothing.
  Result<AstStmt> Annotated(AstStmt stmt, AstPtr target) {
    if (target->kind == AstKind::Tuple || target->kind == AstKind::List)
      return ErrorAt(target->loc, "only a single target (not a tuple) can be annotated");
    if (auto st = Target(*target); !st) return st.error();
    Next();
    auto annotation = Expression();
    if (!annotation) return annotation.error();
    stmt.annotation = std::move(annotation.value());
    if (Cur().is_op("=")) {
      Next();
      auto value = ExprList();
      if (!value) return value.error();
      stmt.kind = StmtKind::Assign;
      stmt.value = std::move(value.value());
      stmt.target_exprs.push_back(std::move(target));
      SimpleTargets(*stmt.target_exprs[0], stmt);
    } else {
      stmt.kind = StmtKind::Pass;
    }
    if (auto st = EndOfStatement(); !st) return st.error();
    return stmt;
  }

  // pass / break / continue
  Result<AstStmt> Keyword(StmtKind kind) {
    if (kind != StmtKind::Pass && loops_ == 0)
      return ErrorAt(Cur().loc, "'" + Cur().text + "' outside a loop");
    AstStmt stmt;
    stmt.kind = kind;
    stmt.loc = Cur().loc;
    Next();
    if (auto st = EndOfStatement(); !st) return st.error();
    return stmt;
  }

  Result<AstStmt> Return() {
    if (functions_ == 0) return ErrorAt(Cur().loc, "'return' outside a function");
    AstStmt stmt;
    stmt.kind = StmtKind::Return;
    stmt.loc = Cur().loc;
    Next();
    if (StartsExpression()) {
      auto value = ExprList();
      if (!value) return value.error();
      stmt.value = std::move(value.value());
    }
    if (auto st = EndOfStatement(); !st) return st.error();
    return stmt;
  }

  // `yield [value]` and `yield from iterable` as statements (a generator function; `x =
  // yield v`, a yield as an expression, is not read).
  Result<AstStmt> Yield() {
    if (functions_ == 0) return ErrorAt(Cur().loc, "'yield' outside a function");
    AstStmt stmt;
    stmt.kind = StmtKind::Yield;
    stmt.loc = Cur().loc;
    Next();
    if (Cur().is_keyword("from")) {
      Next();
      stmt.unpack = true;
      auto value = Expression();
      if (!value) return value.error();
      stmt.value = std::move(value.value());
    } else if (StartsExpression()) {
      auto value = ExprList();
      if (!value) return value.error();
      stmt.value = std::move(value.value());
    }
    if (auto st = EndOfStatement(); !st) return st.error();
    return stmt;
  }

  Result<AstStmt> Assert() {
    AstStmt stmt;
    stmt.kind = StmtKind::Assert;
    stmt.loc = Cur().loc;
    Next();
    auto test = Expression();
    if (!test) return test.error();
    stmt.value = std::move(test.value());
    if (Cur().is_op(",")) {
      Next();
      auto message = Expression();
      if (!message) return message.error();
      stmt.message = std::move(message.value());
    }
    if (auto st = EndOfStatement(); !st) return st.error();
    return stmt;
  }

  // A block after ':': simple statements on the same line, or an indented block.
  Status Block(std::vector<AstStmt>& body, const Token& header) {
    if (!Cur().is_op(":")) return Expected("':'");
    Next();
    if (Cur().kind != TokenKind::Newline) {
      // `if c: a = 1; b = 2` — the rest of the line is the block.
      while (true) {
        auto stmt = SimpleStatementOnly(header);
        if (!stmt) return stmt.error();
        body.push_back(std::move(stmt.value()));
        if (toks_[pos_ - 1].is_op(";") && Cur().kind != TokenKind::Newline &&
            Cur().kind != TokenKind::End && Cur().kind != TokenKind::Dedent)
          continue;
        if (Cur().kind == TokenKind::Newline) Next();
        return Status::Ok();
      }
    }
    Next();  // the Newline
    if (Cur().kind != TokenKind::Indent)
      return ErrorAt(Cur().loc, "expected an indented block after '" + header.text + "' on line " +
                                    std::to_string(header.loc.line));
    Next();
    while (Cur().kind != TokenKind::Dedent && Cur().kind != TokenKind::End) {
      if (Cur().kind == TokenKind::Newline || Cur().is_op(";")) {
        Next();
        continue;
      }
      size_t begin = Cur().offset;
      auto stmt = Statement();
      if (!stmt) return stmt.error();
      stmt->begin = begin;
      stmt->end = statement_end_;
      body.push_back(std::move(stmt.value()));
    }
    if (Cur().kind == TokenKind::Dedent) Next();
    return Status::Ok();
  }

  Result<AstStmt> SimpleStatementOnly(const Token& header) {
    const Token& t = Cur();
    if (t.is_keyword("if") || t.is_keyword("for") || t.is_keyword("while") || t.is_keyword("def") ||
        t.is_keyword("try"))
      return ErrorAt(t.loc, "a '" + t.text + "' statement must start its own line (after '" +
                                header.text + "' on line " + std::to_string(header.loc.line) + ")");
    size_t begin = t.offset;
    auto stmt = Statement();
    if (stmt) {
      stmt->begin = begin;
      stmt->end = statement_end_;
    }
    return stmt;
  }

  // if c: ... elif d: ... else: ...
  Result<AstStmt> If() {
    Token header = Cur();
    AstStmt stmt;
    stmt.kind = StmtKind::If;
    stmt.loc = header.loc;
    Next();
    auto cond = Expression();
    if (!cond) return cond.error();
    stmt.value = std::move(cond.value());
    if (auto st = Block(stmt.body, header); !st) return st.error();
    if (Cur().is_keyword("elif")) {
      size_t begin = Cur().offset;
      auto elif = If();  // parses `elif c:` exactly as `if c:`
      if (!elif) return elif.error();
      elif->begin = begin;
      elif->end = statement_end_;
      stmt.orelse.push_back(std::move(elif.value()));
    } else if (Cur().is_keyword("else")) {
      Token else_token = Cur();
      Next();
      if (auto st = Block(stmt.orelse, else_token); !st) return st.error();
    }
    return stmt;
  }

  // for target in iterable: ...
  Result<AstStmt> For() {
    Token header = Cur();
    AstStmt stmt;
    stmt.kind = StmtKind::For;
    stmt.loc = header.loc;
    Next();
    auto target = TargetList();
    if (!target) return target.error();
    if (auto st = Target(*target.value()); !st) return st.error();
    stmt.target_exprs.push_back(std::move(target.value()));
    if (!Cur().is_keyword("in")) return Expected("'in'");
    Next();
    auto iter = ExprList();
    if (!iter) return iter.error();
    stmt.value = std::move(iter.value());
    ++loops_;
    Status block = Block(stmt.body, header);
    --loops_;
    if (!block) return block.error();
    if (Cur().is_keyword("else"))
      return ErrorAt(Cur().loc, "'for ... else' is not supported in scripts");
    return stmt;
  }

  // try: ... except [type [as name]]: ... [else: ...] [finally: ...]
  Result<AstStmt> Try() {
    Token header = Cur();
    AstStmt stmt;
    stmt.kind = StmtKind::Try;
    stmt.loc = header.loc;
    Next();
    if (Status block = Block(stmt.body, header); !block) return block.error();
    while (Cur().is_keyword("except")) {
      Token clause = Cur();
      AstStmt handler;
      handler.kind = StmtKind::Except;
      handler.loc = clause.loc;
      Next();
      if (!Cur().is_op(":")) {
        auto type = Expression();
        if (!type) return type.error();
        handler.value = std::move(type.value());
        if (Cur().is_keyword("as")) {
          Next();
          if (Cur().kind != TokenKind::Name) return Expected("a name after 'as'");
          handler.name = Cur().text;
          Next();
        }
      }
      if (Status block = Block(handler.body, clause); !block) return block.error();
      stmt.handlers.push_back(std::move(handler));
    }
    if (Cur().is_keyword("else")) {
      if (stmt.handlers.empty())
        return ErrorAt(Cur().loc, "'else' after 'try' needs an 'except' clause before it");
      Token clause = Cur();
      Next();
      if (Status block = Block(stmt.orelse, clause); !block) return block.error();
    }
    if (Cur().is_keyword("finally")) {
      Token clause = Cur();
      Next();
      if (Status block = Block(stmt.finalbody, clause); !block) return block.error();
    }
    if (stmt.handlers.empty() && stmt.finalbody.empty())
      return ErrorAt(Cur().loc, "expected 'except' or 'finally' after the 'try' block on line " +
                                    std::to_string(header.loc.line));
    return stmt;
  }

  // global name, ... / nonlocal name, ...: the names the function's assignments bind in
  // the module, or in the enclosing function that has them.
  Result<AstStmt> Declaration() {
    AstStmt stmt;
    const std::string keyword = Cur().text;
    stmt.kind = keyword == "global" ? StmtKind::Global : StmtKind::Nonlocal;
    stmt.loc = Cur().loc;
    if (stmt.kind == StmtKind::Nonlocal && functions_ == 0)
      return ErrorAt(stmt.loc, "nonlocal declaration not allowed at module level");
    Next();
    while (true) {
      if (Cur().kind != TokenKind::Name) return Expected("a name after '" + keyword + "'");
      AstParam name;
      name.name = Cur().text;
      name.loc = Cur().loc;
      stmt.targets.push_back(std::move(name));
      Next();
      if (!Cur().is_op(",")) break;
      Next();
    }
    if (auto st = EndOfStatement(); !st) return st.error();
    return stmt;
  }

  // del target, ...: each target a name, a subscript (`lst[i]`, `d[k]`) or a tuple / list
  // of them, unbound left to right as in Python.
  Result<AstStmt> Del() {
    AstStmt stmt;
    stmt.kind = StmtKind::Del;
    stmt.loc = Cur().loc;
    Next();
    if (!StartsExpression()) return Expected("a name or a subscript after 'del'");
    auto targets = ExprList();
    if (!targets) return targets.error();
    if (auto st = DelTarget(*targets.value()); !st) return st.error();
    stmt.target_exprs.push_back(std::move(targets.value()));
    if (auto st = EndOfStatement(); !st) return st.error();
    return stmt;
  }

  Status DelTarget(const AstExpr& e) {
    switch (e.kind) {
      case AstKind::Name:
      case AstKind::Subscript:
        return Status::Ok();
      case AstKind::Tuple:
      case AstKind::List:
        for (const AstPtr& item : e.items)
          if (auto st = DelTarget(*item); !st) return st;
        return Status::Ok();
      case AstKind::Attribute:
        return ErrorAt(e.text_loc,
                       "cannot delete attribute '" + e.text +
                           "' (scripts delete names, list items and dict entries only)");
      default:
        break;
    }
    return ErrorAt(e.loc, "cannot delete " + to_source(e) +
                              " (expected a name, a subscript or a tuple of them)");
  }

  // raise [exception [from cause]]
  Result<AstStmt> Raise() {
    AstStmt stmt;
    stmt.kind = StmtKind::Raise;
    stmt.loc = Cur().loc;
    Next();
    if (Cur().kind != TokenKind::Newline && Cur().kind != TokenKind::End &&
        Cur().kind != TokenKind::Dedent && !Cur().is_op(";")) {
      auto value = Expression();
      if (!value) return value.error();
      stmt.value = std::move(value.value());
      if (Cur().is_keyword("from")) {
        Next();
        auto cause = Expression();
        if (!cause) return cause.error();
        stmt.message = std::move(cause.value());
      }
    }
    if (auto st = EndOfStatement(); !st) return st.error();
    return stmt;
  }

  // with manager [as target]: ...   (one manager: TVM's ir_builder scopes)
  Result<AstStmt> With() {
    Token header = Cur();
    AstStmt stmt;
    stmt.kind = StmtKind::With;
    stmt.loc = header.loc;
    Next();
    auto manager = Expression();
    if (!manager) return manager.error();
    stmt.value = std::move(manager.value());
    if (Cur().is_keyword("as")) {
      Next();
      auto target = Expression();  // one target: `as x, b` is a second manager, as in Python
      if (!target) return target.error();
      if (auto st = Target(*target.value()); !st) return st.error();
      stmt.target_exprs.push_back(std::move(target.value()));
    }
    if (Cur().is_op(","))
      return ErrorAt(Cur().loc,
                     "a 'with' statement with several context managers is not supported in scripts "
                     "(nest one 'with' per manager)");
    Status block = Block(stmt.body, header);
    if (!block) return block.error();
    return stmt;
  }

  Result<AstStmt> While() {
    Token header = Cur();
    AstStmt stmt;
    stmt.kind = StmtKind::While;
    stmt.loc = header.loc;
    Next();
    auto cond = Expression();
    if (!cond) return cond.error();
    stmt.value = std::move(cond.value());
    ++loops_;
    Status block = Block(stmt.body, header);
    --loops_;
    if (!block) return block.error();
    if (Cur().is_keyword("else"))
      return ErrorAt(Cur().loc, "'while ... else' is not supported in scripts");
    return stmt;
  }

  // @decorator lines (each an expression) and the def they decorate.
  Result<AstStmt> Decorated() {
    std::vector<AstPtr> decorators;
    while (Cur().is_op("@")) {
      Next();
      auto e = Expression();
      if (!e) return e.error();
      decorators.push_back(std::move(e.value()));
      if (Cur().kind != TokenKind::Newline) return Expected("end of line after the decorator");
      Next();
    }
    if (Cur().is_keyword("class")) {
      auto cls = Class();
      if (!cls) return cls;
      cls->decorators = std::move(decorators);
      return cls;
    }
    if (!Cur().is_keyword("def"))
      return ErrorAt(Cur().loc,
                     "a decorator must be followed by a def (or, for TVMScript's @I.ir_module, "
                     "a class)");
    auto def = Def();
    if (!def) return def;
    def->decorators = std::move(decorators);
    return def;
  }

  // class Name[(Base, ...)]: ...   (no class keywords such as metaclass=)
  Result<AstStmt> Class() {
    Token header = Cur();
    AstStmt stmt;
    stmt.kind = StmtKind::Class;
    stmt.loc = header.loc;
    Next();
    if (Cur().kind != TokenKind::Name) return Expected("a class name after 'class'");
    stmt.name = Cur().text;
    Next();
    if (Cur().is_op("(")) {
      Next();
      while (!Cur().is_op(")")) {
        if (Cur().kind == TokenKind::Name && Ahead(1).is_op("="))
          return ErrorAt(Cur().loc,
                         "class keywords (" + Cur().text + "=...) are not supported in scripts");
        auto base = Expression();
        if (!base) return base.error();
        stmt.bases.push_back(std::move(base.value()));
        if (Cur().is_op(",")) {
          Next();
        } else if (!Cur().is_op(")")) {
          return Expected("',' or ')'");
        }
      }
      Next();
    }
    int outer_loops = loops_;
    loops_ = 0;
    Status block = Block(stmt.body, header);
    loops_ = outer_loops;
    if (!block) return block.error();
    return stmt;
  }

  // def name(a: annotation, b=1, *args, c, d=2, **kwargs) -> annotation: ...
  Result<AstStmt> Def() {
    Token header = Cur();
    AstStmt stmt;
    stmt.kind = StmtKind::Def;
    stmt.loc = header.loc;
    Next();
    if (Cur().kind != TokenKind::Name) return Expected("a function name after 'def'");
    stmt.name = Cur().text;
    Next();
    Token opener = Cur();
    if (!opener.is_op("(")) return Expected("'('");
    Next();
    auto params = Parameters(")", /*lambda=*/false);
    if (!params) return params.error();
    stmt.params = std::move(params.value());
    if (auto st = ExpectCloser(")", opener, "',' or ')'"); !st) return st.error();
    if (Cur().is_op("->")) {
      Next();
      auto returns = Expression();
      if (!returns) return returns.error();
      stmt.returns = std::move(returns.value());
    }
    int outer_loops = loops_;
    loops_ = 0;  // a loop around the def does not make `break` legal inside it
    ++functions_;
    Status block = Block(stmt.body, header);
    --functions_;
    loops_ = outer_loops;
    if (!block) return block.error();
    return stmt;
  }

  // The targets of `for`: expressions at the level of `|` (so that `in` is not read as
  // a comparison), separated by commas.
  Result<AstPtr> TargetList() {
    auto first = TargetItem();
    if (!first || !Cur().is_op(",")) return first;
    MutableAst tuple = NewNode(AstKind::Tuple, first.value()->loc);
    tuple->items.push_back(std::move(first.value()));
    while (Cur().is_op(",")) {
      Next();
      if (!StartsExpression() && !Cur().is_op("*")) break;
      auto item = TargetItem();
      if (!item) return item;
      tuple->items.push_back(std::move(item.value()));
    }
    return Finish(std::move(tuple));
  }

  // A for loop's or a comprehension's target, or `*target` among several.
  Result<AstPtr> TargetItem() { return Cur().is_op("*") ? Starred() : BitOr(); }

  // What may be assigned to: a name, an attribute, a subscript, or a tuple / list of
  // targets (nested: `(a, b), c = ...`).
  Status Target(const AstExpr& e) {
    switch (e.kind) {
      case AstKind::Name:
      case AstKind::Attribute:
      case AstKind::Subscript:
        return Status::Ok();
      case AstKind::Tuple:
      case AstKind::List: {
        if (e.items.empty()) break;
        // `first, *rest = xs`: one starred target takes the items the others leave.
        bool starred = false;
        for (const AstPtr& item : e.items) {
          if (item->kind == AstKind::Starred) {
            if (starred) return ErrorAt(item->loc, "multiple starred expressions in assignment");
            starred = true;
            if (auto st = Target(*item->object); !st) return st;
            continue;
          }
          if (auto st = Target(*item); !st) return st;
        }
        return Status::Ok();
      }
      default:
        break;
    }
    return ErrorAt(e.loc, "cannot assign to " + to_source(e) +
                              " (expected a name, an attribute, a subscript or a tuple of them)");
  }

  Status AugTarget(const AstExpr& e) {
    if (e.kind == AstKind::Name || e.kind == AstKind::Attribute || e.kind == AstKind::Subscript)
      return Status::Ok();
    return ErrorAt(e.loc, "cannot use augmented assignment on " + to_source(e) +
                              " (expected a name, an attribute or a subscript)");
  }

  // Fills `targets` / `unpack` when the target is a name or a flat tuple of names.
  static void SimpleTargets(const AstExpr& lhs, AstStmt& stmt) {
    if (lhs.kind == AstKind::Name) {
      stmt.targets.push_back({lhs.text, lhs.loc, nullptr});
      return;
    }
    if (lhs.kind != AstKind::Tuple && lhs.kind != AstKind::List) return;
    std::vector<AstParam> names;
    for (const AstPtr& item : lhs.items) {
      if (item->kind != AstKind::Name) return;
      names.push_back({item->text, item->loc, nullptr});
    }
    stmt.targets = std::move(names);
    stmt.unpack = true;
  }

  Status EndOfStatement() {
    const Token& t = Cur();
    if (t.kind == TokenKind::Newline || t.kind == TokenKind::End || t.is_op(";") ||
        t.kind == TokenKind::Dedent) {
      statement_end_ = pos_ > 0 ? toks_[pos_ - 1].end : 0;
      if (t.kind != TokenKind::Dedent) Next();
      return Status::Ok();
    }
    if (t.is_op(":")) return ErrorAt(t.loc, "annotations are not supported in scripts");
    return Unmatched("end of line");
  }

  Result<std::string> DottedName() {
    if (Cur().kind != TokenKind::Name) return Expected("a module name");
    std::string name = Cur().text;
    Next();
    while (Cur().is_op(".")) {
      Next();
      if (Cur().kind != TokenKind::Name) return Expected("a name after '.'");
      name += "." + Cur().text;
      Next();
    }
    return name;
  }

  // One imported name with its optional `as` alias: a dotted module path after
  // `import`, a plain name after `from ... import`.
  Result<AstImportName> ImportItem(bool dotted) {
    AstImportName item;
    item.loc = Cur().loc;
    if (dotted) {
      auto name = DottedName();
      if (!name) return name.error();
      item.name = std::move(name.value());
    } else {
      if (Cur().kind != TokenKind::Name) return Expected("a name to import");
      item.name = Cur().text;
      Next();
    }
    if (!Cur().is_keyword("as")) return item;
    Next();
    if (Cur().kind != TokenKind::Name) return Expected("a name after 'as'");
    item.alias = Cur().text;
    Next();
    return item;
  }

  // import a.b [as c], ...
  Result<AstStmt> Import() {
    AstStmt stmt;
    stmt.kind = StmtKind::Import;
    stmt.loc = Cur().loc;
    Next();
    do {
      if (Cur().is_op(",")) Next();
      auto item = ImportItem(true);
      if (!item) return item.error();
      stmt.imports.push_back(std::move(item.value()));
    } while (Cur().is_op(","));
    if (auto st = EndOfStatement(); !st) return st.error();
    return stmt;
  }

  // from a.b import x [as y], ...   (optionally parenthesised)
  Result<AstStmt> FromImport() {
    AstStmt stmt;
    stmt.kind = StmtKind::Import;
    stmt.loc = Cur().loc;
    Next();
    auto module = DottedName();
    if (!module) return module.error();
    stmt.from_module = std::move(module.value());
    if (!Cur().is_keyword("import")) return Expected("'import'");
    Next();
    if (Cur().is_op("*")) return ErrorAt(Cur().loc, "'import *' is not supported in scripts");
    Token opener = Cur();
    bool parenthesised = opener.is_op("(");
    if (parenthesised) Next();
    while (true) {
      auto item = ImportItem(false);
      if (!item) return item.error();
      stmt.imports.push_back(std::move(item.value()));
      if (!Cur().is_op(",")) break;
      Next();
      if (parenthesised && Cur().is_op(")")) break;
    }
    if (parenthesised)
      if (auto st = ExpectCloser(")", opener, "',' or ')'"); !st) return st.error();
    if (auto st = EndOfStatement(); !st) return st.error();
    return stmt;
  }

  // ---------------------------------------------------------------- expressions
  // expression (',' expression)* [','] — a bare tuple when there is a comma.
  // expression, ... : a tuple when there is a comma; an item may be starred (`first,
  // *rest = xs`, `return *a, b`).
  Result<AstPtr> ExprList() {
    auto first = DisplayItem();
    if (!first || !Cur().is_op(",")) return first;
    MutableAst tuple = NewNode(AstKind::Tuple, first.value()->loc);
    tuple->items.push_back(std::move(first.value()));
    while (Cur().is_op(",")) {
      Next();
      if (!StartsExpression() && !Cur().is_op("*")) break;
      auto item = DisplayItem();
      if (!item) return item;
      tuple->items.push_back(std::move(item.value()));
    }
    return Finish(std::move(tuple));
  }

  Result<AstPtr> Expression() {
    NestingGuard guard(this);
    if (!guard.ok()) return NestingError();
    if (Cur().is_keyword("lambda")) return Lambda();
    auto e = OrTest();
    if (!e || !Cur().is_keyword("if")) return e;
    // a if c else b (Python's value; on expressions use te.if_then_else, as in TVM)
    MutableAst node = NewNode(AstKind::IfExp, e.value()->loc);
    node->op_loc = Cur().loc;
    Next();
    auto cond = OrTest();
    if (!cond) return cond;
    if (!Cur().is_keyword("else")) return Expected("'else' in the conditional expression");
    Next();
    auto orelse = Expression();
    if (!orelse) return orelse;
    node->left = std::move(e.value());
    node->object = std::move(cond.value());
    node->right = std::move(orelse.value());
    return Finish(std::move(node));
  }

  Result<AstPtr> Lambda() {
    MutableAst node = NewNode(AstKind::Lambda, Cur().loc);
    Next();
    auto params = Parameters(":", /*lambda=*/true);
    if (!params) return params.error();
    node->params = std::move(params.value());
    Next();
    auto body = Expression();
    if (!body) return body;
    node->object = std::move(body.value());
    return Finish(std::move(node));
  }

  // A parameter list up to (not past) `closer`, with Python's rules: positional
  // parameters (defaults only in a def, and none without one after one with one), then
  // `*args` or a bare `*`, keyword-only parameters, then `**kwargs`. A lambda takes no
  // defaults and nothing after `*args` (TVM's `lambda *i: A(*i)` is the form in use).
  Result<std::vector<AstParam>> Parameters(const char* closer, bool lambda) {
    std::vector<AstParam> params;
    const char* what = lambda ? "lambda" : "function definition";
    bool defaults = false, star = false, kwargs = false;
    while (!Cur().is_op(closer)) {
      if (kwargs)
        return ErrorAt(Cur().loc, "no parameter may follow '**" + params.back().name + "'");
      AstParam param{"", Cur().loc, nullptr};
      if (Cur().is_op("*") || Cur().is_op("**")) {
        bool dict = Cur().is_op("**");
        if (lambda && dict)
          return ErrorAt(Cur().loc, "'**' parameters are not supported in lambdas (use def)");
        if (!dict && star) return ErrorAt(Cur().loc, "only one '*' parameter is allowed");
        Next();
        param.kind = dict ? ParamKind::KwArgs : ParamKind::VarArgs;
        star = star || !dict;
        kwargs = dict;
        if (Cur().kind != TokenKind::Name) {
          if (dict || lambda)
            return Expected("a parameter name after '" + std::string(dict ? "**" : "*") + "'");
          param.kind = ParamKind::KeywordOnly;  // the bare `*`: keyword-only parameters follow
          if (Cur().is_op(closer))
            return ErrorAt(Cur().loc, "named parameters must follow a bare '*'");
        } else {
          param.name = Cur().text;
          param.loc = Cur().loc;
          Next();
          if (!lambda && Cur().is_op(":")) {  // *args: str, **kwargs: Any
            Next();
            auto annotation = Expression();
            if (!annotation) return annotation.error();
            param.annotation = std::move(annotation.value());
          }
        }
      } else {
        if (Cur().kind != TokenKind::Name)
          return Expected(std::string("a parameter name or '") + closer + "'");
        param.name = Cur().text;
        param.kind = star ? ParamKind::KeywordOnly : ParamKind::Positional;
        Next();
        if (!lambda && Cur().is_op(":")) {
          Next();
          auto annotation = Expression();
          if (!annotation) return annotation.error();
          param.annotation = std::move(annotation.value());
        }
        if (Cur().is_op("=")) {
          if (lambda)
            return ErrorAt(Cur().loc,
                           "default parameter values are not supported in lambdas (use def)");
          Next();
          auto value = Expression();
          if (!value) return value.error();
          param.default_value = std::move(value.value());
          defaults = defaults || !star;
        } else if (defaults && !star) {
          return ErrorAt(param.loc, "parameter without a default follows parameter with a default");
        }
      }
      if (!param.name.empty())
        for (const AstParam& p : params)
          if (p.name == param.name)
            return ErrorAt(param.loc, "duplicate parameter '" + param.name + "' in " + what);
      params.push_back(std::move(param));
      if (Cur().is_op(closer)) break;
      if (!Cur().is_op(",")) return Expected(std::string("',' or '") + closer + "'");
      Next();
    }
    return params;
  }

  Result<AstPtr> OrTest() { return BoolChain("or", AstKind::Or, &Parser::AndTest); }
  Result<AstPtr> AndTest() { return BoolChain("and", AstKind::And, &Parser::NotTest); }

  using Level = Result<AstPtr> (Parser::*)();

  Result<AstPtr> BoolChain(const char* keyword, AstKind kind, Level next) {
    auto left = (this->*next)();
    if (!left) return left;
    AstPtr result = std::move(left.value());
    while (Cur().is_keyword(keyword)) {
      MutableAst node = NewNode(kind, result->loc);
      node->op_loc = Cur().loc;
      Next();
      auto right = (this->*next)();
      if (!right) return right;
      node->left = std::move(result);
      node->right = std::move(right.value());
      auto done = Finish(std::move(node));
      if (!done) return done;
      result = std::move(done.value());
    }
    return result;
  }

  Result<AstPtr> NotTest() {
    if (!Cur().is_keyword("not")) return Comparison();
    NestingGuard guard(this);
    if (!guard.ok()) return NestingError();
    MutableAst node = NewNode(AstKind::Not, Cur().loc);
    Next();
    auto operand = NotTest();
    if (!operand) return operand;
    node->object = std::move(operand.value());
    return Finish(std::move(node));
  }

  // Recognises a comparison operator at the cursor (without consuming it).
  // `not in` and `is not` are two tokens; Consume() moves past either spelling.
  bool AtComparison(CompareOp* op) const {
    if (Cur().is_keyword("in")) return *op = CompareOp::In, true;
    if (Cur().is_keyword("not") && Ahead(1).is_keyword("in")) return *op = CompareOp::NotIn, true;
    if (Cur().is_keyword("is"))
      return *op = Ahead(1).is_keyword("not") ? CompareOp::IsNot : CompareOp::Is, true;
    static const std::pair<const char*, CompareOp> kOps[] = {
        {"<", CompareOp::LT},  {"<=", CompareOp::LE}, {">", CompareOp::GT},
        {">=", CompareOp::GE}, {"==", CompareOp::EQ}, {"!=", CompareOp::NE}};
    for (const auto& [text, value] : kOps)
      if (Cur().is_op(text)) {
        *op = value;
        return true;
      }
    return false;
  }

  // a < b < c is Python's (a < b) and (b < c) with b evaluated once: each further
  // comparison is a Compare node marked `chained` whose left is the chain so far.
  Result<AstPtr> Comparison() {
    auto left = BitOr();
    if (!left) return left;
    AstPtr result = std::move(left.value());
    bool first = true;
    CompareOp op;
    while (AtComparison(&op)) {
      MutableAst node = NewNode(AstKind::Compare, result->loc);
      node->compare_op = op;
      node->op_loc = Cur().loc;
      node->chained = !first;
      Next();
      if (op == CompareOp::NotIn || op == CompareOp::IsNot) Next();
      auto right = BitOr();
      if (!right) return right;
      node->left = std::move(result);
      node->right = std::move(right.value());
      auto finished = Finish(std::move(node));
      if (!finished) return finished;
      result = std::move(finished.value());
      first = false;
    }
    return result;
  }

  // A left-associative binary level: next (op next)*.
  Result<AstPtr> BinaryLevel(Level next,
                             std::initializer_list<std::pair<const char*, BinaryOp>> ops) {
    auto left = (this->*next)();
    if (!left) return left;
    AstPtr result = std::move(left.value());
    while (true) {
      const std::pair<const char*, BinaryOp>* found = nullptr;
      for (const auto& op : ops)
        if (Cur().is_op(op.first)) found = &op;
      if (!found) return result;
      MutableAst node = NewNode(AstKind::Binary, result->loc);
      node->binary_op = found->second;
      node->op_loc = Cur().loc;
      Next();
      auto right = (this->*next)();
      if (!right) return right;
      node->left = std::move(result);
      node->right = std::move(right.value());
      auto done = Finish(std::move(node));
      if (!done) return done;
      result = std::move(done.value());
    }
  }

  Result<AstPtr> BitOr() { return BinaryLevel(&Parser::BitXor, {{"|", BinaryOp::BitOr}}); }
  Result<AstPtr> BitXor() { return BinaryLevel(&Parser::BitAnd, {{"^", BinaryOp::BitXor}}); }
  Result<AstPtr> BitAnd() { return BinaryLevel(&Parser::Shift, {{"&", BinaryOp::BitAnd}}); }
  Result<AstPtr> Shift() {
    return BinaryLevel(&Parser::Arith, {{"<<", BinaryOp::LShift}, {">>", BinaryOp::RShift}});
  }
  Result<AstPtr> Arith() {
    return BinaryLevel(&Parser::Term, {{"+", BinaryOp::Add}, {"-", BinaryOp::Sub}});
  }
  Result<AstPtr> Term() {
    return BinaryLevel(&Parser::Factor, {{"*", BinaryOp::Mul},
                                         {"/", BinaryOp::Div},
                                         {"//", BinaryOp::FloorDiv},
                                         {"%", BinaryOp::Mod},
                                         {"@", BinaryOp::MatMul}});
  }

  // factor: ('-' | '+' | '~') factor | power
  Result<AstPtr> Factor() {
    UnaryOp op;
    if (Cur().is_op("-"))
      op = UnaryOp::Neg;
    else if (Cur().is_op("+"))
      op = UnaryOp::Pos;
    else if (Cur().is_op("~"))
      op = UnaryOp::Invert;
    else
      return Power();
    NestingGuard guard(this);
    if (!guard.ok()) return NestingError();
    MutableAst node = NewNode(AstKind::Unary, Cur().loc);
    node->unary_op = op;
    Next();
    auto operand = Factor();
    if (!operand) return operand;
    node->object = std::move(operand.value());
    return Finish(std::move(node));
  }

  // power: primary ['**' factor]   (right-associative; -x**2 == -(x**2))
  Result<AstPtr> Power() {
    auto base = Primary();
    if (!base || !Cur().is_op("**")) return base;
    MutableAst node = NewNode(AstKind::Binary, base.value()->loc);
    node->binary_op = BinaryOp::Pow;
    node->op_loc = Cur().loc;
    Next();
    auto exponent = Factor();
    if (!exponent) return exponent;
    node->left = std::move(base.value());
    node->right = std::move(exponent.value());
    return Finish(std::move(node));
  }

  // primary: atom ('.' NAME | '[' indices ']' | '(' arguments ')')*
  Result<AstPtr> Primary() {
    auto atom = Atom();
    if (!atom) return atom;
    AstPtr result = std::move(atom.value());
    while (true) {
      Result<AstPtr> next = result;
      if (Cur().is_op("."))
        next = AttributeOf(result);
      else if (Cur().is_op("["))
        next = SubscriptOf(result);
      else if (Cur().is_op("("))
        next = CallOf(result);
      else
        return result;
      if (!next) return next;
      result = std::move(next.value());
    }
  }

  Result<AstPtr> AttributeOf(const AstPtr& object) {
    Next();
    if (Cur().kind != TokenKind::Name) return Expected("an attribute name after '.'");
    MutableAst node = NewNode(AstKind::Attribute, object->loc);
    node->object = object;
    node->text = Cur().text;
    node->text_loc = Cur().loc;
    Next();
    return Finish(std::move(node));
  }

  // An index, or a slice `start:stop:step` whose parts may each be left out.
  Result<AstPtr> SliceOrIndex() {
    SourceLoc at = Cur().loc;
    AstPtr start;
    if (!Cur().is_op(":")) {
      auto index = Expression();
      if (!index || !Cur().is_op(":")) return index;
      start = std::move(index.value());
    }
    MutableAst slice = NewNode(AstKind::Slice, at);
    slice->left = std::move(start);
    for (AstPtr* part : {&slice->right, &slice->object}) {
      if (!Cur().is_op(":")) break;
      Next();
      if (Cur().is_op(":") || Cur().is_op(",") || Cur().is_op("]")) continue;
      auto value = Expression();
      if (!value) return value;
      *part = std::move(value.value());
    }
    return Finish(std::move(slice));
  }

  Result<AstPtr> SubscriptOf(const AstPtr& object) {
    Token opener = Cur();
    Next();
    MutableAst node = NewNode(AstKind::Subscript, object->loc);
    node->object = object;
    node->op_loc = opener.loc;
    if (Cur().is_op("]")) return Expected("an index expression");
    while (!Cur().is_op("]")) {
      auto index = SliceOrIndex();
      if (!index) return index;
      node->items.push_back(std::move(index.value()));
      if (!Cur().is_op(",")) break;
      Next();
    }
    if (auto st = ExpectCloser("]", opener, "',' or ']'"); !st) return st.error();
    return Finish(std::move(node));
  }

  // The call is located at the called name (`split` in `s[B].split(...)`), which is what
  // argument errors should point at.
  Result<AstPtr> CallOf(const AstPtr& callee) {
    Token opener = Cur();
    Next();
    SourceLoc loc = callee->kind == AstKind::Attribute ? callee->text_loc : callee->loc;
    MutableAst node = NewNode(AstKind::Call, loc);
    node->object = callee;
    node->op_loc = opener.loc;
    while (!Cur().is_op(")")) {
      if (auto st = Argument(*node); !st) return st.error();
      if (!Cur().is_op(",")) break;
      Next();
    }
    if (Cur().is_keyword("for")) {
      // f(x for x in xs): the generator, the call's only argument, evaluated eagerly.
      if (node->items.size() != 1 || !node->keywords.empty() ||
          node->items.front()->kind == AstKind::Starred)
        return ErrorAt(
            Cur().loc,
            "a generator expression must be the only argument of a call (or be parenthesised)");
      auto gen = GeneratorOf(std::move(node->items.front()));
      if (!gen) return gen;
      node->items.front() = std::move(gen.value());
    }
    if (auto st = ExpectCloser(")", opener, "',' or ')'"); !st) return st.error();
    return Finish(std::move(node));
  }

  Status Argument(AstExpr& call) {
    if (Cur().is_op("**")) {  // f(**mapping): a dict's items as keyword arguments
      AstKeyword kw{"", Cur().loc, nullptr};
      Next();
      auto value = Expression();
      if (!value) return value.error();
      kw.value = std::move(value.value());
      call.keywords.push_back(std::move(kw));
      return Status::Ok();
    }
    if (Cur().is_op("*")) {  // f(*items): a sequence's items as positional arguments
      MutableAst starred = NewNode(AstKind::Starred, Cur().loc);
      Next();
      auto value = Expression();
      if (!value) return value.error();
      if (!call.keywords.empty())
        return ErrorAt(starred->loc, "iterable argument unpacking follows keyword argument");
      starred->object = std::move(value.value());
      auto done = Finish(std::move(starred));
      if (!done) return done.error();
      call.items.push_back(std::move(done.value()));
      return Status::Ok();
    }
    if (Cur().kind == TokenKind::Name && Ahead(1).is_op("=")) {
      AstKeyword kw{Cur().text, Cur().loc, nullptr};
      for (const AstKeyword& k : call.keywords)
        if (!k.name.empty() && k.name == kw.name)
          return ErrorAt(kw.loc, "keyword argument '" + kw.name + "' repeated");
      Next();
      Next();
      auto value = Expression();
      if (!value) return value.error();
      kw.value = std::move(value.value());
      call.keywords.push_back(std::move(kw));
      return Status::Ok();
    }
    SourceLoc at = Cur().loc;
    auto value = Expression();
    if (!value) return value.error();
    if (!call.keywords.empty()) return ErrorAt(at, "positional argument follows keyword argument");
    call.items.push_back(std::move(value.value()));
    return Status::Ok();
  }

  Result<AstPtr> Atom() {
    const Token& t = Cur();
    MutableAst node;
    switch (t.kind) {
      case TokenKind::Name:
        node = NewNode(AstKind::Name, t.loc);
        node->text = t.text;
        break;
      case TokenKind::Int:
        node = NewNode(AstKind::Int, t.loc);
        node->int_value = t.int_value;
        break;
      case TokenKind::Float:
        node = NewNode(AstKind::Float, t.loc);
        node->float_value = t.float_value;
        break;
      case TokenKind::String:
        node = NewNode(AstKind::String, t.loc);
        node->text = t.text;
        break;
      case TokenKind::Keyword:
        if (t.text == "True" || t.text == "False") {
          node = NewNode(AstKind::Bool, t.loc);
          node->bool_value = t.text == "True";
        } else if (t.text == "None") {
          node = NewNode(AstKind::None, t.loc);
        }
        break;
      case TokenKind::Op:
        if (t.is_op("(")) return Parenthesised();
        if (t.is_op("[")) return ListDisplay();
        if (t.is_op("{")) return DictDisplay();
        break;
      default:
        break;
    }
    if (!node) return Expected("an expression");
    Next();
    return Finish(std::move(node));
  }

  // An item of a tuple or list display: an expression, or `*iterable` whose items are
  // spliced in (`[*args, C]`).
  Result<AstPtr> DisplayItem() { return Cur().is_op("*") ? Starred() : Expression(); }

  // `*value`, the '*' current: an iterable spliced into a display, or a starred target.
  Result<AstPtr> Starred() {
    MutableAst starred = NewNode(AstKind::Starred, Cur().loc);
    Next();
    auto value = BitOr();
    if (!value) return value;
    starred->object = std::move(value.value());
    return Finish(std::move(starred));
  }

  // '(' ')' | '(' expression ')' | '(' expression ',' ... ')'
  Result<AstPtr> Parenthesised() {
    Token opener = Cur();
    Next();
    if (Cur().is_op(")")) {
      Next();
      return Finish(NewNode(AstKind::Tuple, opener.loc));
    }
    auto first = DisplayItem();
    if (!first) return first;
    if (Cur().is_keyword("for") && first.value()->kind != AstKind::Starred) {
      auto gen = GeneratorOf(std::move(first.value()));
      if (!gen) return gen;
      if (auto st = ExpectCloser(")", opener, "')'"); !st) return st.error();
      return gen;
    }
    if (!Cur().is_op(",")) {
      if (first.value()->kind == AstKind::Starred)
        return ErrorAt(first.value()->loc, "can't use starred expression here");
      if (auto st = ExpectCloser(")", opener, "')'"); !st) return st.error();
      return first;
    }
    MutableAst tuple = NewNode(AstKind::Tuple, opener.loc);
    tuple->items.push_back(std::move(first.value()));
    if (auto st = ItemsUntil(")", *tuple); !st) return st.error();
    if (auto st = ExpectCloser(")", opener, "',' or ')'"); !st) return st.error();
    return Finish(std::move(tuple));
  }

  Result<AstPtr> ListDisplay() {
    Token opener = Cur();
    Next();
    MutableAst list = NewNode(AstKind::List, opener.loc);
    if (!Cur().is_op("]")) {
      auto first = DisplayItem();
      if (!first) return first;
      list->items.push_back(std::move(first.value()));
      if (Cur().is_keyword("for") && list->items.front()->kind != AstKind::Starred) {
        list->kind = AstKind::ListComp;
        list->object = std::move(list->items.front());
        list->items.clear();
        if (auto st = Generators(*list); !st) return st.error();
      } else if (auto st = ItemsUntil("]", *list); !st) {
        return st.error();
      }
    }
    if (auto st = ExpectCloser("]", opener, "',' or ']'"); !st) return st.error();
    return Finish(std::move(list));
  }

  // A generator expression `(element for ...)`: scripts evaluate it eagerly, as the list
  // comprehension with the same clauses (what tuple(), sum(), any(), "".join() and a for
  // loop see is the same; a generator's laziness is not kept).
  Result<AstPtr> GeneratorOf(AstPtr element) {
    MutableAst list = NewNode(AstKind::ListComp, element->loc);
    list->object = std::move(element);
    if (auto st = Generators(*list); !st) return st.error();
    return Finish(std::move(list));
  }

  // `for target in iterable [if condition]...` clauses of a comprehension.
  Status Generators(AstExpr& node) {
    while (Cur().is_keyword("for")) {
      Next();
      AstComprehension clause;
      auto target = TargetList();
      if (!target) return target.error();
      if (auto st = Target(*target.value()); !st) return st;
      clause.target = std::move(target.value());
      if (!Cur().is_keyword("in")) return Expected("'in'");
      Next();
      auto iter = OrTest();
      if (!iter) return iter.error();
      clause.iter = std::move(iter.value());
      while (Cur().is_keyword("if")) {
        Next();
        auto cond = OrTest();
        if (!cond) return cond.error();
        clause.conditions.push_back(std::move(cond.value()));
      }
      node.generators.push_back(std::move(clause));
    }
    return Status::Ok();
  }

  // {} | {k: v, ...} | {k: v for ...} | {a, b, ...} | {a for ...}.
  Result<AstPtr> DictDisplay() {
    Token opener = Cur();
    Next();
    MutableAst dict = NewNode(AstKind::Dict, opener.loc);
    while (!Cur().is_op("}")) {
      auto key = dict->items.empty() ? DisplayItem() : Expression();
      if (!key) return key;
      if (dict->items.empty() && !Cur().is_op(":")) {
        MutableAst set = NewNode(AstKind::Set, opener.loc);
        if (Cur().is_keyword("for")) {
          set->kind = AstKind::SetComp;
          set->object = std::move(key.value());
          if (auto st = Generators(*set); !st) return st.error();
        } else {
          set->items.push_back(std::move(key.value()));
          if (auto st = ItemsUntil("}", *set); !st) return st.error();
        }
        if (auto st = ExpectCloser("}", opener, "',' or '}'"); !st) return st.error();
        return Finish(std::move(set));
      }
      if (!Cur().is_op(":")) return Expected("':' of a dict entry");
      Next();
      auto value = Expression();
      if (!value) return value;
      if (dict->items.empty() && Cur().is_keyword("for")) {
        dict->kind = AstKind::DictComp;
        dict->left = std::move(key.value());
        dict->right = std::move(value.value());
        if (auto st = Generators(*dict); !st) return st.error();
        break;
      }
      dict->items.push_back(std::move(key.value()));
      dict->values.push_back(std::move(value.value()));
      if (!Cur().is_op(",")) break;
      Next();
    }
    if (auto st = ExpectCloser("}", opener, "',' or '}'"); !st) return st.error();
    return Finish(std::move(dict));
  }

  // (',' expression)* [','] before `closer`; the first item is already parsed.
  Status ItemsUntil(const char* closer, AstExpr& node) {
    while (Cur().is_op(",")) {
      Next();
      if (Cur().is_op(closer)) break;
      auto item = DisplayItem();
      if (!item) return item.error();
      node.items.push_back(std::move(item.value()));
    }
    return Status::Ok();
  }
};

}  // namespace

Result<AstModule> ParseModule(std::string_view source, const std::string& file) {
  auto tokens = Tokenize(source, file);
  if (!tokens) return tokens.error();
  return Parser(std::move(tokens.value())).Module(file);
}

Result<AstPtr> ParseExpression(std::string_view source, const std::string& file) {
  auto tokens = Tokenize(source, file);
  if (!tokens) return tokens.error();
  return Parser(std::move(tokens.value())).SingleExpression();
}

}  // namespace tessera::script
