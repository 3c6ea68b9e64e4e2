#include "script/Ast.h"

#include <charconv>

#include "support/Json.h"

namespace tessera::script {

const char* spelling(UnaryOp op) {
  switch (op) {
    case UnaryOp::Neg: return "-";
    case UnaryOp::Pos: return "+";
    case UnaryOp::Invert: return "~";
  }
  return "?";
}

const char* spelling(BinaryOp op) {
  switch (op) {
    case BinaryOp::Add: return "+";
    case BinaryOp::Sub: return "-";
    case BinaryOp::Mul: return "*";
    case BinaryOp::Div: return "/";
    case BinaryOp::FloorDiv: return "//";
    case BinaryOp::Mod: return "%";
    case BinaryOp::Pow: return "**";
    case BinaryOp::MatMul: return "@";
    case BinaryOp::BitAnd: return "&";
    case BinaryOp::BitOr: return "|";
    case BinaryOp::BitXor: return "^";
    case BinaryOp::LShift: return "<<";
    case BinaryOp::RShift: return ">>";
  }
  return "?";
}

const char* spelling(CompareOp op) {
  switch (op) {
    case CompareOp::LT: return "<";
    case CompareOp::LE: return "<=";
    case CompareOp::GT: return ">";
    case CompareOp::GE: return ">=";
    case CompareOp::EQ: return "==";
    case CompareOp::NE: return "!=";
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

}  // namespace

std::string to_source(const AstExpr& e) {
  switch (e.kind) {
    case AstKind::Name: return e.text;
    case AstKind::Int: return std::to_string(e.int_value);
    case AstKind::Float: return float_text(e.float_value);
    case AstKind::String: return JsonQuote(e.text);  // JSON escapes are Python escapes too
    case AstKind::Bool: return e.bool_value ? "True" : "False";
    case AstKind::None: return "None";
    case AstKind::Tuple:
      return "(" + join(e.items) + (e.items.size() == 1 ? ",)" : ")");
    case AstKind::List: return "[" + join(e.items) + "]";
    case AstKind::Attribute: {
      // `15.e9` would read as a float: an attribute of a number literal is `(15).e9`.
      bool number = e.object->kind == AstKind::Int || e.object->kind == AstKind::Float;
      std::string object = to_source(*e.object);
      return (number ? "(" + object + ")" : object) + "." + e.text;
    }
    case AstKind::Subscript: return to_source(*e.object) + "[" + join(e.items) + "]";
    case AstKind::Call: {
      std::string args = join(e.items);
      for (const AstKeyword& k : e.keywords)
        args += (args.empty() ? "" : ", ") + k.name + "=" + to_source(*k.value);
      return to_source(*e.object) + "(" + args + ")";
    }
    case AstKind::Lambda: {
      std::string params;
      for (size_t i = 0; i < e.params.size(); ++i) params += (i ? ", " : "") + e.params[i].name;
      return "(lambda" + (params.empty() ? "" : " " + params) + ": " + to_source(*e.object) + ")";
    }
    case AstKind::Unary:
      return std::string("(") + spelling(e.unary_op) + to_source(*e.object) + ")";
    case AstKind::Binary:
      return "(" + to_source(*e.left) + " " + spelling(e.binary_op) + " " + to_source(*e.right) +
             ")";
    case AstKind::Compare:
      return "(" + to_source(*e.left) + " " + spelling(e.compare_op) + " " +
             to_source(*e.right) + ")";
    case AstKind::And: return "(" + to_source(*e.left) + " and " + to_source(*e.right) + ")";
    case AstKind::Or: return "(" + to_source(*e.left) + " or " + to_source(*e.right) + ")";
    case AstKind::Not: return "(not " + to_source(*e.object) + ")";
  }
  return "?";
}

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
      std::string targets;
      for (size_t i = 0; i < s.targets.size(); ++i) targets += (i ? ", " : "") + s.targets[i].name;
      if (s.unpack && s.targets.size() == 1) targets += ",";
      return targets + " = " + to_source(*s.value);
    }
    case StmtKind::Expr: return to_source(*s.value);
  }
  return "?";
}

}  // namespace tessera::script
