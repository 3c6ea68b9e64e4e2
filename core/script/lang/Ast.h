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
  Compare,    // left compare_op right; `chained`: left is a Compare whose right operand
              // this one compares again (a < b < c: Compare(chained, Compare(a, b), c))
  And,        // left and right
  Or,         // left or right
  Not,        // not object
  IfExp,      // left if object else right
  Dict,       // {items[0]: values[0], ...}
  ListComp,   // [object generators...]
  DictComp,   // {left: right generators...}
  Set,        // {items...}
  SetComp,    // {object generators...}
  Starred,    // *object, a call's positional argument unpacked (`A(*indices)`)
  Slice,      // left:right:object inside a subscript (`xs[1:]`); each part may be null
};

enum class UnaryOp : uint8_t { Neg, Pos, Invert };
enum class BinaryOp : uint8_t {
  Add,
  Sub,
  Mul,
  Div,
  FloorDiv,
  Mod,
  Pow,
  MatMul,
  BitAnd,
  BitOr,
  BitXor,
  LShift,
  RShift,
};
enum class CompareOp : uint8_t { LT, LE, GT, GE, EQ, NE, In, NotIn, Is, IsNot };

const char* spelling(UnaryOp op);    // "-", "+", "~"
const char* spelling(BinaryOp op);   // "+", "//", "**", ...
const char* spelling(CompareOp op);  // "<", "==", ...

struct AstExpr;
using AstPtr = std::shared_ptr<const AstExpr>;

struct AstKeyword {
  std::string name;  // empty for `**mapping` (a dict unpacked into keyword arguments)
  SourceLoc loc;     // of the keyword's name (of `**` when unpacking)
  AstPtr value;
};

// How a parameter takes its argument (Python's parameter kinds).
enum class ParamKind : uint8_t {
  Positional,   // a, b=1
  VarArgs,      // *args: the remaining positional arguments, as a tuple (`lambda *i: A(*i)`)
  KeywordOnly,  // a parameter after *args or a bare `*` (name empty for the bare `*` itself)
  KwArgs,       // **kwargs: the remaining keyword arguments, as a dict
};

struct AstParam {
  std::string name;
  SourceLoc loc;
  AstPtr default_value;  // `def f(x=1)`: the default (null when none; lambdas have none)
  ParamKind kind = ParamKind::Positional;
  AstPtr annotation{};  // `def f(x: int)`: the annotation (null when none); read by TVMScript
};

// One `for target in iter if cond ...` clause of a comprehension.
struct AstComprehension {
  AstPtr target;  // a name or a tuple of targets
  AstPtr iter;
  std::vector<AstPtr> conditions;
};

// One node type with the fields each kind uses (listed in AstKind); unused fields stay
// empty. A closed set of small cases reads more simply this way than as a class tree.
struct AstExpr : std::enable_shared_from_this<AstExpr> {
  AstKind kind = AstKind::None;
  SourceLoc loc;  // first character of the construct (operator for Unary)
  int depth = 1;  // 1 + the deepest child (the parser caps it)

  std::string text;    // Name, String, Attribute
  SourceLoc text_loc;  // Attribute: the attribute name
  int64_t int_value = 0;
  double float_value = 0.0;
  bool bool_value = false;
  UnaryOp unary_op = UnaryOp::Neg;
  BinaryOp binary_op = BinaryOp::Add;
  CompareOp compare_op = CompareOp::LT;
  SourceLoc op_loc;      // Binary / Compare / And / Or: the operator
  bool chained = false;  // Compare: continues the chain in `left` (see AstKind::Compare)

  AstPtr object;                             // Attribute, Subscript, Call, Lambda body, Unary, Not
  AstPtr left, right;                        // Binary, Compare, And, Or
  std::vector<AstPtr> items;                 // Tuple, List, Subscript indices, Call positional args
  std::vector<AstKeyword> keywords;          // Call
  std::vector<AstParam> params;              // Lambda
  std::vector<AstPtr> values;                // Dict: the value of each key in `items`
  std::vector<AstComprehension> generators;  // ListComp, DictComp, SetComp
};

// ---- statements ----

struct AstImportName {
  std::string name;   // dotted module path (`import`) or imported name (`from ... import`)
  std::string alias;  // `as` name, empty if none
  SourceLoc loc;
};

enum class StmtKind : uint8_t {
  Import,
  Assign,
  Expr,
  AugAssign,  // target op= value
  If,         // if value: body else: orelse   (`elif` is an If alone in orelse)
  For,        // for target in value: body
  While,      // while value: body
  Def,        // def name(params): body
  Return,     // return [value]
  Break,
  Continue,
  Pass,
  Assert,    // assert value[, message]
  With,      // with value [as target]: body   (one context manager: ir_builder scopes)
  Try,       // try: body  handlers...  [else: orelse]  [finally: finalbody]
  Except,    // one handler of a Try: except [value [as name]]: body
  Raise,     // raise [value [from message]]
  Del,       // del target_exprs[0]   (a name, a subscript or a tuple / list of them)
  Class,     // [@decorator] class name[(bases)]: body
  Global,    // global name, ...     (the names in `targets`)
  Nonlocal,  // nonlocal name, ...   (the names in `targets`)
  Yield,     // yield [value]; `yield from value` when `unpack` is set
};

struct AstStmt {
  StmtKind kind = StmtKind::Expr;
  SourceLoc loc;
  size_t begin = 0, end = 0;  // byte range of the statement's text in the source
  // Import: `import a.b [as c], ...` (from_module empty) or `from a.b import x [as y], ...`.
  std::string from_module;
  std::vector<AstImportName> imports;
  // Assign: the names when the only target is a name or a flat tuple of names
  // (`name = value`, `a, b = value`: unpack), kept for the simple readers of the tree.
  std::vector<AstParam> targets;
  bool unpack = false;
  // Assign: every target, left to right (`a = b = 1` has two); each is a name, an
  // attribute, a subscript or a tuple / list of targets. AugAssign, For and Del: one; With: none or
  // one (`as`).
  std::vector<AstPtr> target_exprs;
  BinaryOp aug_op = BinaryOp::Add;  // AugAssign
  // Assign, Expr, AugAssign, Return (may be null), Assert: the value / test. If, While:
  // the condition. For: the iterable. With: the context manager.
  AstPtr value;
  AstPtr message;  // Assert: the optional message
  // Assign: the annotation of `target: annotation = value` (null without one); Python
  // evaluates nothing of it, TVMScript reads `v: T.float32 = ...` as a let. A bare
  // `target: annotation` is a Pass that keeps it.
  AstPtr annotation;
  // Def: the function's name and parameters (with defaults), and its decorators
  // (`@tvm.testing.requires_llvm`), innermost last. Class: its name and decorators.
  std::string name;
  std::vector<AstParam> params;
  std::vector<AstPtr> decorators;
  AstPtr returns;             // Def: the return annotation (`-> None`), null when none
  std::vector<AstPtr> bases;  // Class: the base classes, in order
  // If, For, While, Def, With: the block; If: the else block.
  std::vector<AstStmt> body;
  std::vector<AstStmt> orelse;
  // Try: its `except` clauses (kind Except) and its `finally` block.
  std::vector<AstStmt> handlers;
  std::vector<AstStmt> finalbody;

  bool is_compound() const {
    return kind == StmtKind::If || kind == StmtKind::For || kind == StmtKind::While ||
           kind == StmtKind::Def || kind == StmtKind::With || kind == StmtKind::Try ||
           kind == StmtKind::Class;
  }
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
// A parameter list as written (`a, b=1, *rest, c, **kw`), for lambdas and defs.
std::string params_text(const std::vector<AstParam>& params);

}  // namespace tessera::script
