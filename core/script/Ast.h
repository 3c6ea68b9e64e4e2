// Syntax tree of the script language (a Python subset, DESIGN.md "The script
// language"). Nodes are immutable after parsing and shared (a lambda value keeps its
// body alive after the module is gone). Every node carries its source location so that
// evaluation errors point at the exact column.
#pragma once

#include <cstdint>
#include <memory>
#include <string>
#include <vector>

#include "support/Result.h"

namespace tessera::script {

enum class AstKind : uint8_t {
  Name,       // name
  Int,        // int_value
  Float,      // float_value
  String,     // text
  Bool,       // bool_value (True / False)
  None,       // None
  Tuple,      // items (parenthesised or bare `a, b`)
  List,       // items
  Attribute,  // object.text   (object = `object`, text = attribute, text_loc = its location)
  Subscript,  // object[items...]
  Call,       // object(items..., keywords...)
  Lambda,     // lambda params: object   (object = body)
  Unary,      // unary_op operand       (operand = `object`)
  Binary,     // left binary_op right
  Compare,    // left compare_op right  (chained comparisons are rejected by the parser)
  And,        // left and right
  Or,         // left or right
  Not,        // not object
};

enum class UnaryOp : uint8_t { Neg, Pos, Invert };
enum class BinaryOp : uint8_t {
  Add, Sub, Mul, Div, FloorDiv, Mod, Pow, MatMul, BitAnd, BitOr, BitXor, LShift, RShift,
};
enum class CompareOp : uint8_t { LT, LE, GT, GE, EQ, NE };

const char* spelling(UnaryOp op);    // "-", "+", "~"
const char* spelling(BinaryOp op);   // "+", "//", "**", ...
const char* spelling(CompareOp op);  // "<", "==", ...

struct AstExpr;
using AstPtr = std::shared_ptr<const AstExpr>;

struct AstKeyword {
  std::string name;
  SourceLoc loc;  // of the keyword's name
  AstPtr value;
};

struct AstParam {
  std::string name;
  SourceLoc loc;
};

// One node type with the fields each kind uses (listed in AstKind); unused fields stay
// empty. A closed set of small cases reads more simply this way than as a class tree.
struct AstExpr : std::enable_shared_from_this<AstExpr> {
  AstKind kind = AstKind::None;
  SourceLoc loc;              // first character of the construct (operator for Unary)
  int depth = 1;              // 1 + the deepest child (the parser caps it)

  std::string text;           // Name, String, Attribute
  SourceLoc text_loc;         // Attribute: the attribute name
  int64_t int_value = 0;
  double float_value = 0.0;
  bool bool_value = false;
  UnaryOp unary_op = UnaryOp::Neg;
  BinaryOp binary_op = BinaryOp::Add;
  CompareOp compare_op = CompareOp::LT;
  SourceLoc op_loc;           // Binary / Compare / And / Or: the operator

  AstPtr object;              // Attribute, Subscript, Call, Lambda body, Unary, Not
  AstPtr left, right;         // Binary, Compare, And, Or
  std::vector<AstPtr> items;  // Tuple, List, Subscript indices, Call positional args
  std::vector<AstKeyword> keywords;  // Call
  std::vector<AstParam> params;      // Lambda
};

// ---- statements ----

struct AstImportName {
  std::string name;   // dotted module path (`import`) or imported name (`from ... import`)
  std::string alias;  // `as` name, empty if none
  SourceLoc loc;
};

enum class StmtKind : uint8_t { Import, Assign, Expr };

struct AstStmt {
  StmtKind kind = StmtKind::Expr;
  SourceLoc loc;
  size_t begin = 0, end = 0;  // byte range of the statement's text in the source
  // Import: `import a.b [as c], ...` (from_module empty) or `from a.b import x [as y], ...`.
  std::string from_module;
  std::vector<AstImportName> imports;
  // Assign: `name = value` (one target) or `a, b = value` (unpack, targets >= 1).
  std::vector<AstParam> targets;
  bool unpack = false;
  // Assign and Expr: the value.
  AstPtr value;
};

struct AstModule {
  std::string file;
  std::vector<AstStmt> body;
};

// The expression as Python source with every compound sub-expression parenthesised:
// `(a + (b * c))`, `te.compute((n,), lambda i: A[i])`. Parsing the result gives the
// same tree (used by the tests and for error context).
std::string to_source(const AstExpr& e);
std::string to_source(const AstStmt& s);

}  // namespace tessera::script
