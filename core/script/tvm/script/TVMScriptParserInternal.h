// The translator behind TVMScriptParser.h, shared by its files: TVMScriptParser.cpp
// (functions, parameters, statements, loops), TVMScriptBlock.cpp (blocks and what only a
// block's body may say) and TVMScriptExpr.cpp (names, expressions and T.* calls in them).
//
// It walks the script's syntax tree as TVM's parser walks Python's: the statements of a
// @T.prim_func build loops, blocks and stores; expressions evaluate to script values
// (Python numbers fold as in Python, IR expressions build through the script's
// operators); a name the function does not bind is the interpreter's (a global
// constant, the T module).
#pragma once

#include <map>
#include <memory>
#include <optional>
#include <string>
#include <unordered_map>
#include <vector>

#include "script/lang/Args.h"
#include "script/lang/Interpreter.h"
#include "tir/ScriptPrinter.h"
#include "tir/Stmt.h"

namespace tessera::script::tvmscript {

using ir::Buffer;
using ir::Expr;

// A buffer of the function (parameter, match_buffer, alloc_buffer) as a script value.
struct BufferObject : Object {
  Buffer buffer;
  explicit BufferObject(Buffer b) : buffer(std::move(b)) {}
  std::string type_name() const override { return "Buffer"; }
};

// A `T.handle` parameter, waiting for the T.match_buffer that gives it a buffer.
struct HandleObject : Object {
  std::string name;
  size_t param_index = 0;
  std::string type_name() const override { return "handle"; }
};

// `T.name` / `T.axis.name` as written: the name under the module and the module's dialect.
struct TName {
  std::string name;
  tir::TvmDialect dialect = tir::TvmDialect::Tir;
};

// A block being read: what its header statements declared so far.
struct BlockFrame {
  std::string name;
  SourceLoc loc;
  std::vector<ir::IterVar> iter_vars;
  std::vector<Expr> iter_values;
  std::optional<std::vector<tir::BufferRegion>> reads, writes;
  std::vector<Buffer> alloc_buffers;
  std::vector<tir::MatchBufferRegion> match_buffers;  // views of regions (tensorized blocks)
  std::optional<std::map<std::string, Expr>> annotations;
  Expr predicate;
  ir::Stmt init;
  tir::Stmt init_nest;  // an init holding loops and blocks (a blockized reduction's)
  bool has_init = false;
};

// Where a statement list is: what its header statements may declare.
enum class Place : uint8_t { Function, Block, Nested };

class Translator {
 public:
  Translator(Interpreter& interp, std::shared_ptr<const Scope> enclosing)
      : interp_(interp), enclosing_(std::move(enclosing)) {}

  Result<tir::PrimFunc> Function(const AstStmt& def);
  // The dialect of the T module the function's body used (Tir until one is seen).
  tir::TvmDialect dialect() const { return dialect_; }

  // ---- expressions (TVMScriptExpr.cpp) ----
  Result<Value> Eval(const AstExpr& e);
  // An expression that must be an IR expression (a number becomes an immediate).
  Result<Expr> EvalExpr(const AstExpr& e, const std::string& what);
  // The indices of an element or a vector of `buffer` (`A[i, 0:8]`, `A[0:16:2]`): a slice
  // is a T.Ramp over `start:stop:step`, as TVM's Buffer.__getitem__ and T.buffer_store
  // make it. A slice without a step needs both bounds (else TVM reads a region).
  Result<std::vector<Expr>> AccessIndices(const AstExpr& subscript, const Buffer& buffer);
  // `T.name`, `T.axis.name` when `e` names something of a TVMScript module.
  std::optional<TName> TNameOf(const AstExpr& e);
  // The buffer a name or expression denotes, or null.
  const BufferObject* BufferOf(const Value& v) const { return v.as<BufferObject>(); }
  // The arguments of a call, evaluated, for Args.
  Result<CallArgs> EvalCallArgs(const AstExpr& call);
  Error Refuse(const TName& t, const SourceLoc& loc) const;

 private:
  friend class BlockReader;
  // ---- names ----
  void PushFrame() { frames_.emplace_back(); }
  void PopFrame() { frames_.pop_back(); }
  void Define(const std::string& name, Value v) { frames_.back()[name] = std::move(v); }
  const Value* FindLocal(const std::string& name) const;
  // The names bound to `from` bound to `to` instead.
  void Rebind(const Expr& from, const Expr& to);
  // Whether `var` is a scalar parameter or in a parameter buffer's shape or strides (a
  // stride it is then keeps its name: renaming would part it from the parameters).
  bool DeclaresParameters(const ir::VarNode* var) const;

  // ---- function (TVMScriptParser.cpp) ----
  Status Parameter(const AstParam& p);
  // `n = T.int32()` and `M, N = T.int32(), T.int32()`: shape variables named by their
  // targets; false (nothing defined) for any other assignment.
  bool DefineShapeVariables(const AstExpr& target, const Value& v);
  Result<Buffer> BufferAnnotation(const AstExpr& ann, const std::string& name,
                                  tir::BufferDeclAttrs* attrs);
  // A buffer from the arguments of T.Buffer / T.match_buffer / T.alloc_buffer. With
  // `attrs` (a parameter or a match_buffer), offset_factor= and align= are read; else
  // they are refused. Variables given as strides are renamed <name>_s<i>, the
  // names that bound them now meaning the renamed ones, as TVM's parser names them.
  Result<Buffer> BufferFromArgs(const Args& args, const std::string& name,
                                tir::BufferDeclAttrs* attrs, bool allocated = false);
  Result<std::vector<Expr>> Shape(const AstExpr& e);
  Status FuncAttr(const AstExpr& call);
  // T.match_buffer of a handle parameter (in the function's body, `block` null) or of a
  // buffer region (in a block's body: a view the block's body indexes).
  Status MatchBuffer(const AstStmt& s, const AstExpr& call, BlockFrame* block);

  // ---- statements ----
  Result<tir::Stmt> Body(const std::vector<AstStmt>& body, Place place, BlockFrame* block);
  Result<tir::Stmt> For(const AstStmt& s);
  Result<ir::Stmt> IrOnly(const tir::Stmt& s, const SourceLoc& loc, const std::string& where);
  // `name: T.float32 = value` and the statements after it (`rest`), which it binds the
  // name around: a let, of statements that hold no block.
  Result<ir::Stmt> Let(const AstStmt& s, const std::vector<AstStmt>& rest, Place place,
                       BlockFrame* block);
  // `name = value` (an expression; `s.annotation` its type when given) around `rest`.
  Result<ir::Stmt> Let(const AstStmt& s, const Value& value, const std::vector<AstStmt>& rest,
                       Place place, BlockFrame* block);
  Result<ir::Stmt> Store(const AstExpr& target, const Value& value, const SourceLoc& loc);

  // ---- attribute scopes of lowered TIR (TVMScriptAttrScopes.cpp) ----
  // An AttrStmt's node, key and value; `var`, the thread variable T.launch_thread binds.
  struct AttrScope {
    ir::AttrTarget node;
    std::string key;
    Expr value;
    std::optional<ir::Var> var;
  };
  // A call of T.launch_thread or T.attr.
  bool IsAttrScope(const AstExpr& e);
  // T.env_thread(tag) assigned to `name`: the thread variable a T.launch_thread launches.
  Result<Value> EvalEnvThread(const AstExpr& call, const std::string& name);
  // T.launch_thread(thread, extent) (the launched variable named `name`, or after its tag
  // when the script names none) or T.attr(node, key, value).
  Result<AttrScope> EvalAttrScope(const AstExpr& call, const std::string& name);
  // The AttrStmt of `call` around the statements `body` (read at `place`), with `name`
  // bound to the launched thread; they hold no block.
  Result<ir::Stmt> AttrScopeOver(const AstExpr& call, const std::string& name,
                                 const std::vector<AstStmt>& body, Place place, BlockFrame* block,
                                 const SourceLoc& loc);
  Result<ir::Stmt> If(const AstStmt& s, const Expr& cond);
  Result<Buffer> AllocBuffer(const AstExpr& call, const std::string& name);

  // ---- blocks (TVMScriptBlock.cpp) ----
  Result<tir::Stmt> Block(const AstStmt& s, const TName& t);
  // A statement only a block's body may hold; handled = false when `s` is not one.
  Status BlockHeader(const AstStmt& s, BlockFrame& block, bool* handled);
  Status Axis(const AstStmt& s, const TName& t, const AstExpr& call, BlockFrame& block);
  Result<std::vector<tir::BufferRegion>> Regions(const AstExpr& call);
  Result<tir::BufferRegion> Region(const AstExpr& e);
  Result<std::map<std::string, Expr>> AttrDict(const AstExpr& e, const std::string& what);
  // One value of such a dict: a nested dict, or what AnnotationValue takes.
  Result<Expr> AttrValue(const AstExpr& e, const std::string& what);
  // The buffers whose accesses a block's inferred regions count.
  std::vector<Buffer> KnownBuffers() const;
  // `block` with the regions its header left out (mask bit 1: reads, 2: writes) inferred.
  tir::Block WithInferredRegions(const tir::Block& block, int mask,
                                 const std::vector<Buffer>& known) const;
  // Blocks at the function's top level, outside loops and without iterators, are the root
  // when alone (TVM infers no regions for the root); when the function gets a root block
  // around them after all, their regions are inferred here.
  tir::Stmt InferTopLevelRegions(const tir::Stmt& s) const;

  Interpreter& interp_;
  std::shared_ptr<const Scope> enclosing_;
  tir::TvmDialect dialect_ = tir::TvmDialect::Tir;
  bool dialect_seen_ = false;
  std::vector<std::unordered_map<std::string, Value>> frames_;
  // Enclosing loops, outermost first: their variables and domains (T.axis.remap).
  std::vector<std::pair<ir::Var, ir::Range>> loops_;
  // The function's parameters (null until a handle's T.match_buffer), its root
  // allocations and the allocations and T.match_buffer views of the enclosing blocks.
  std::vector<Buffer> params_;
  std::vector<tir::BufferDeclAttrs> param_attrs_;  // one per parameter
  std::vector<std::string> handle_names_;
  std::vector<SourceLoc> handle_locs_;  // where each parameter of params_ is declared
  std::vector<tir::ScalarParam> scalar_params_;
  std::vector<Buffer> root_allocs_;
  std::vector<std::vector<Buffer>> block_allocs_;
  int block_depth_ = 0;
  std::map<const tir::BlockNode*, int> deferred_;  // top-level blocks: mask of regions to infer
  bool noalias_ = false;
  std::map<std::string, Expr> func_attrs_;  // T.func_attr's other keys
  bool func_attr_seen_ = false;
  std::string global_symbol_;
};

// The range [begin, end): extent end - begin, where an end the printer wrote as
// `begin + extent` gives that extent back (TVM's analyzer simplifies it the same way).
ir::Range RangeBetween(const Expr& begin, const Expr& end);

// "T.block" / "T.sblock" as the dialect spells it.
std::string Spelled(const TName& t);

// The indices of a subscript: `C[()]`, the element of a 0-d buffer, has none.
std::vector<const AstExpr*> SubscriptItems(const AstExpr& subscript);

}  // namespace tessera::script::tvmscript
