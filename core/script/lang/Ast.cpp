#include "script/lang/Ast.h"

#include <charconv>

#include "support/Json.h"

namespace tessera::script {

const char* spelling(UnaryOp op) {
  switch (op) {
    case UnaryOp::Neg:
      return "-";
    case UnaryOp::Pos:
      return "+";
    case UnaryOp::Invert:
      return "~";
  }
  return "?";
}

const char* spelling(BinaryOp op) {
  switch (op) {
    case BinaryOp::Add:
      return "+";
    case BinaryOp::Sub:
      return "-";
    case BinaryOp::Mul:
      return "*";
    case BinaryOp::Div:
      return "/";
    case BinaryOp::FloorDiv:
      return "//";
    case BinaryOp::Mod:
      return "%";
    case BinaryOp::Pow:
      return "**";
    case BinaryOp::MatMul:
      return "@";
    case BinaryOp::BitAnd:
      return "&";
    case BinaryOp::BitOr:
      return "|";
    case BinaryOp::BitXor:
      return "^";
    case BinaryOp::LShift:
      return "<<";
    case BinaryOp::RShift:
      return ">>";
  }
  return "?";
}

const char* spelling(CompareOp op) {
  switch (op) {
    case CompareOp::LT:
      return "<";
    case CompareOp::LE:
      return "<=";
    case CompareOp::GT:
      return ">";
    case CompareOp::GE:
      return ">=";
    case CompareOp::EQ:
      return "==";
    case CompareOp::NE:
      return "!=";
    case CompareOp::In:
      return "in";
    case CompareOp::NotIn:
      return "not in";
    case CompareOp::Is:
      return "is";
    case CompareOp::IsNot:
      return "is not";
  }
  return "?";
}

namespace {

// Shortest text that reads back as the same double, always with a '.' or exponent so
// that it stays a float literal.
std::string float_text(double v) {
  char buf[64];
  auto [end, ec] = std::to_chars(buf, buf + sizeof buf, v);
  std::string s(buf, ec == std::errc() ? end : buf);
  if (s.find_first_of(".eEn") == std::string::npos) s += ".0";
  return s;
}

std::string join(const std::vector<AstPtr>& items) {
  std::string out;
  for (size_t i = 0; i < items.size(); ++i) {
    if (i) out += ", ";
    out += to_source(*items[i]);
  }
  return out;
}

std::string generators(const std::vector<AstComprehension>& gens) {
  std::string out;
  for (const AstComprehension& g : gens) {
    out += " for " + to_source(*g.target) + " in " + to_source(*g.iter);
    for (const AstPtr& c : g.conditions) out += " if " + to_source(*c);
  }
  return out;
}

}  // namespace

std::string params_text(const std::vector<AstParam>& params) {
  std::string out;
  for (size_t i = 0; i < params.size(); ++i) {
    const AstParam& p = params[i];
    out += i ? ", " : "";
    if (p.kind == ParamKind::VarArgs) out += "*";
    if (p.kind == ParamKind::KwArgs) out += "**";
    out += p.kind == ParamKind::KeywordOnly && p.name.empty() ? "*" : p.name;
    if (p.annotation) out += ": " + to_source(*p.annotation);
    if (p.default_value) out += "=" + to_source(*p.default_value);
  }
  return out;
}

std::string to_source(const AstExpr& e) {
  switch (e.kind) {
    case AstKind::Name:
      return e.text;
    case AstKind::Int:
      return std::to_string(e.int_value);
    case AstKind::Float:
      return float_text(e.float_value);
    case AstKind::String:
      return JsonQuote(e.text);  // JSON escapes are Python escapes too
    case AstKind::Bool:
      return e.bool_value ? "True" : "False";
    case AstKind::None:
      return "None";
    case AstKind::Tuple:
      return "(" + join(e.items) + (e.items.size() == 1 ? ",)" : ")");
    case AstKind::List:
      return "[" + join(e.items) + "]";
    case AstKind::Attribute: {
      // `15.e9` would read as a float: an attribute of a number literal is `(15).e9`.
      bool number = e.object->kind == AstKind::Int || e.object->kind == AstKind::Float;
      std::string object = to_source(*e.object);
      return (number ? "(" + object + ")" : object) + "." + e.text;
    }
    case AstKind::Subscript:
      return to_source(*e.object) + "[" + join(e.items) + "]";
    case AstKind::Call: {
      std::string args = join(e.items);
      for (const AstKeyword& k : e.keywords)
        args += (args.empty() ? "" : ", ") + (k.name.empty() ? "**" : k.name + "=") +
                to_source(*k.value);
      return to_source(*e.object) + "(" + args + ")";
    }
    case AstKind::Starred:
      return "*" + to_source(*e.object);
    case AstKind::Slice:
      return (e.left ? to_source(*e.left) : "") + ":" + (e.right ? to_source(*e.right) : "") +
             (e.object ? ":" + to_source(*e.object) : "");
    case AstKind::Lambda: {
      std::string params = params_text(e.params);
      return "(lambda" + (params.empty() ? "" : " " + params) + ": " + to_source(*e.object) + ")";
    }
    case AstKind::Unary:
      return std::string("(") + spelling(e.unary_op) + to_source(*e.object) + ")";
    case AstKind::Binary:
      return "(" + to_source(*e.left) + " " + spelling(e.binary_op) + " " + to_source(*e.right) +
             ")";
    case AstKind::Compare: {
      // A chain prints as one comparison: "(a < b < c)".
      std::string left = to_source(*e.left);
      if (e.chained) left = left.substr(1, left.size() - 2);
      return "(" + left + " " + spelling(e.compare_op) + " " + to_source(*e.right) + ")";
    }
    case AstKind::And:
      return "(" + to_source(*e.left) + " and " + to_source(*e.right) + ")";
    case AstKind::Or:
      return "(" + to_source(*e.left) + " or " + to_source(*e.right) + ")";
    case AstKind::Not:
      return "(not " + to_source(*e.object) + ")";
    case AstKind::IfExp:
      return "(" + to_source(*e.left) + " if " + to_source(*e.object) + " else " +
             to_source(*e.right) + ")";
    case AstKind::Dict: {
      std::string out;
      for (size_t i = 0; i < e.items.size(); ++i)
        out += (i ? ", " : "") + to_source(*e.items[i]) + ": " + to_source(*e.values[i]);
      return "{" + out + "}";
    }
    case AstKind::ListComp:
      return "[" + to_source(*e.object) + generators(e.generators) + "]";
    case AstKind::DictComp:
      return "{" + to_source(*e.left) + ": " + to_source(*e.right) + generators(e.generators) + "}";
    case AstKind::Set: {
      std::string out;
      for (size_t i = 0; i < e.items.size(); ++i) out += (i ? ", " : "") + to_source(*e.items[i]);
      return "{" + out + "}";
    }
    case AstKind::SetComp:
      return "{" + to_source(*e.object) + generators(e.generators) + "}";
  }
  return "?";
}

namespace {

std::string targets_text(const AstStmt& s) {
  std::string out;
  for (const AstPtr& t : s.target_exprs) out += to_source(*t) + " = ";
  return out;
}

std::string block_text(const std::vector<AstStmt>& body, const std::string& indent) {
  std::string out;
  for (const AstStmt& st : body) {
    std::string text = to_source(st);
    size_t start = 0;
    while (start < text.size()) {
      size_t eol = text.find('\n', start);
      if (eol == std::string::npos) eol = text.size();
      out += "\n" + indent + text.substr(start, eol - start);
      start = eol + 1;
    }
  }
  return out;
}

}  // namespace

std::string to_source(const AstStmt& s) {
  switch (s.kind) {
    case StmtKind::Import: {
      std::string names;
      for (size_t i = 0; i < s.imports.size(); ++i) {
        names += (i ? ", " : "") + s.imports[i].name;
        if (!s.imports[i].alias.empty()) names += " as " + s.imports[i].alias;
      }
      return s.from_module.empty() ? "import " + names
                                   : "from " + s.from_module + " import " + names;
    }
    case StmtKind::Assign: {
      if (s.targets.empty() || s.target_exprs.size() > 1)
        return targets_text(s) + to_source(*s.value);
      std::string targets;
      for (size_t i = 0; i < s.targets.size(); ++i) targets += (i ? ", " : "") + s.targets[i].name;
      if (s.unpack && s.targets.size() == 1) targets += ",";
      return targets + " = " + to_source(*s.value);
    }
    case StmtKind::Expr:
      return to_source(*s.value);
    case StmtKind::AugAssign:
      return to_source(*s.target_exprs[0]) + " " + spelling(s.aug_op) + "= " + to_source(*s.value);
    case StmtKind::If: {
      std::string out = "if " + to_source(*s.value) + ":" + block_text(s.body, "    ");
      if (!s.orelse.empty()) out += "\nelse:" + block_text(s.orelse, "    ");
      return out;
    }
    case StmtKind::For:
      return "for " + to_source(*s.target_exprs[0]) + " in " + to_source(*s.value) + ":" +
             block_text(s.body, "    ");
    case StmtKind::While:
      return "while " + to_source(*s.value) + ":" + block_text(s.body, "    ");
    case StmtKind::Def: {
      std::string decorators;
      for (const AstPtr& d : s.decorators) decorators += "@" + to_source(*d) + "\n";
      return decorators + "def " + s.name + "(" + params_text(s.params) + ")" +
             (s.returns ? " -> " + to_source(*s.returns) : "") + ":" + block_text(s.body, "    ");
    }
    case StmtKind::Class: {
      std::string decorators;
      for (const AstPtr& d : s.decorators) decorators += "@" + to_source(*d) + "\n";
      std::string bases;
      for (size_t i = 0; i < s.bases.size(); ++i) bases += (i ? ", " : "") + to_source(*s.bases[i]);
      return decorators + "class " + s.name + (s.bases.empty() ? "" : "(" + bases + ")") + ":" +
             block_text(s.body, "    ");
    }
    case StmtKind::Return:
      return s.value ? "return " + to_source(*s.value) : "return";
    case StmtKind::Break:
      return "break";
    case StmtKind::Continue:
      return "continue";
    case StmtKind::Pass:
      return "pass";
    case StmtKind::Assert:
      return "assert " + to_source(*s.value) + (s.message ? ", " + to_source(*s.message) : "");
    case StmtKind::With:
      return "with " + to_source(*s.value) +
             (s.target_exprs.empty() ? "" : " as " + to_source(*s.target_exprs[0])) + ":" +
             block_text(s.body, "    ");
    case StmtKind::Try: {
      std::string out = "try:" + block_text(s.body, "    ");
      for (const AstStmt& h : s.handlers) out += "\n" + to_source(h);
      if (!s.orelse.empty()) out += "\nelse:" + block_text(s.orelse, "    ");
      if (!s.finalbody.empty()) out += "\nfinally:" + block_text(s.finalbody, "    ");
      return out;
    }
    case StmtKind::Except:
      return "except" +
             (s.value ? " " + to_source(*s.value) + (s.name.empty() ? "" : " as " + s.name) : "") +
             ":" + block_text(s.body, "    ");
    case StmtKind::Del:
      return "del " + to_source(*s.target_exprs[0]);
    case StmtKind::Global:
    case StmtKind::Nonlocal: {
      std::string out = s.kind == StmtKind::Global ? "global " : "nonlocal ";
      for (size_t i = 0; i < s.targets.size(); ++i) out += (i ? ", " : "") + s.targets[i].name;
      return out;
    }
    case StmtKind::Yield:
      return std::string(s.unpack ? "yield from " : "yield") +
             (s.value ? (s.unpack ? "" : " ") + to_source(*s.value) : "");
    case StmtKind::Raise:
      return s.value ? "raise " + to_source(*s.value) +
                           (s.message ? " from " + to_source(*s.message) : "")
                     : "raise";
  }
  return "?";
}

}  // namespace tessera::script
