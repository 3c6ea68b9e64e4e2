// The TensorIR tree: loops, blocks and block realizes around the computations of a
// PrimFunc (the seed's "Block and Block Realize"). Expressions, variables, buffers and
// ranges are core/ir's; the leaves are core/ir statements (BufferStore, IfThenElse, ...).
//
// The tree lives here rather than as new core/ir statement kinds so that adding it did
// not change every StmtFunctor of the compiler; the nodes mirror TVM's BlockNode,
// BlockRealizeNode and ForNode field for field and can move to core/ir unchanged.
//
// Nodes are immutable and shared. A loop is identified by its loop variable (pointer
// identity) and a block by its name, which CreatePrimFunc and the primitives keep unique.
#pragma once

#include <functional>
#include <map>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "ir/Buffer.h"
#include "ir/Expr.h"
#include "ir/IterVar.h"
#include "ir/Stmt.h"

namespace tessera::tir {

using ir::Buffer;
using ir::DataType;
using ir::Expr;
using ir::ForKind;
using ir::IterVar;
using ir::Range;
using ir::Region;
using ir::Var;

enum class StmtKind : uint8_t { Compute, Seq, For, BlockRealize };

struct StmtNode {
  const StmtKind kind;
  virtual ~StmtNode() = default;

 protected:
  explicit StmtNode(StmtKind k) : kind(k) {}
};
using Stmt = std::shared_ptr<const StmtNode>;

template <typename T>
const T* As(const Stmt& s) {
  return s && s->kind == T::kKind ? static_cast<const T*>(s.get()) : nullptr;
}
template <typename T>
const T* As(const StmtNode* s) {
  return s && s->kind == T::kKind ? static_cast<const T*>(s) : nullptr;
}

// A leaf: a core/ir statement that holds no TensorIR loop or block.
struct ComputeNode : StmtNode {
  static constexpr StmtKind kKind = StmtKind::Compute;
  ir::Stmt stmt;
  explicit ComputeNode(ir::Stmt s) : StmtNode(kKind), stmt(std::move(s)) {}
};

struct SeqNode : StmtNode {
  static constexpr StmtKind kKind = StmtKind::Seq;
  std::vector<Stmt> seq;
  explicit SeqNode(std::vector<Stmt> s) : StmtNode(kKind), seq(std::move(s)) {}
};

// A loop: serial, parallel, vectorized, unrolled or bound to `thread_tag`.
struct ForNode : StmtNode {
  static constexpr StmtKind kKind = StmtKind::For;
  Var loop_var;
  Expr min, extent;
  ForKind for_kind = ForKind::Serial;
  std::string thread_tag;  // set when for_kind == ThreadBinding
  std::map<std::string, Expr> annotations;
  Stmt body;
  ForNode(Var v, Expr m, Expr e, ForKind k, Stmt b)
      : StmtNode(kKind),
        loop_var(std::move(v)),
        min(std::move(m)),
        extent(std::move(e)),
        for_kind(k),
        body(std::move(b)) {}
};

// The region of `buffer` a block reads or writes.
struct BufferRegion {
  Buffer buffer;
  Region region;
};

// What a TVM Buffer declared by T.match_buffer holds that core/ir's buffers do not: its
// offset_factor (0: none; TVM prints `offset_factor=N` when it is not 0) and its data
// alignment (`align=`, printed when it is not TVM's default 64).
struct BufferDeclAttrs {
  int64_t offset_factor = 0;
  int64_t align = 64;
  bool operator==(const BufferDeclAttrs&) const = default;
};

// `buffer` is a view of the region `source` (TVM's MatchBufferRegion): the block's body
// accesses buffer[i, ...] where it means source.buffer[min + i, ...]. Tensorize binds
// the parameters of a tensor intrinsic's implementation this way.
struct MatchBufferRegion {
  Buffer buffer;
  BufferRegion source;
  BufferDeclAttrs attrs;
};

// A block: its iterators (IterVarType::DataPar is "S", CommReduce is "R"), the regions it
// reads and writes, its local buffers, the buffers it matches to regions and its body;
// its init (none when both are undefined) runs before the first reduction step of each
// output element. TVM's Block::init is any statement: a core/ir statement is `init`; one
// holding loops and blocks is `init_nest` (blockize gives the outer block of a reduction
// the init loops around an inner init block). At most one of the two is defined.
struct BlockNode {
  std::string name;
  std::vector<IterVar> iter_vars;
  std::vector<BufferRegion> reads, writes;
  std::vector<Buffer> alloc_buffers;
  std::vector<MatchBufferRegion> match_buffers;
  std::map<std::string, Expr> annotations;
  ir::Stmt init;
  Stmt init_nest;
  Stmt body;
};
using Block = std::shared_ptr<const BlockNode>;

inline bool HasInit(const BlockNode& b) { return b.init.defined() || b.init_nest != nullptr; }

// Executes `block` with its iterators bound to `iter_values` where `predicate` holds.
struct BlockRealizeNode : StmtNode {
  static constexpr StmtKind kKind = StmtKind::BlockRealize;
  std::vector<Expr> iter_values;
  Expr predicate;
  Block block;
  BlockRealizeNode(std::vector<Expr> values, Expr pred, Block b)
      : StmtNode(kKind),
        iter_values(std::move(values)),
        predicate(std::move(pred)),
        block(std::move(b)) {}
};

// A function over buffers; `body` is the realize of the root block.
// A scalar parameter (TVMScript's `n: T.int32`, TVM's PrimFunc param without a
// buffer_map entry): its variable and its index among all the function's parameters,
// buffers counted.
struct ScalarParam {
  Var var;
  size_t position = 0;
};

struct PrimFunc {
  std::string name = "main";
  std::vector<Buffer> params;
  // In increasing position; the buffers fill the other positions in order.
  std::vector<ScalarParam> scalar_params;
  // The T.match_buffer attributes of the parameters, one per parameter; empty when all
  // have the defaults (a tensor intrinsic's desc and impl declare offset_factor=1).
  std::vector<BufferDeclAttrs> param_attrs;
  // The name of each parameter's T.handle where the source declared one (`a: T.handle`
  // then `A = T.match_buffer(a, ...)`); empty when none did (printed `var_A`, as TVM names
  // a te.create_prim_func parameter).
  std::vector<std::string> handle_names;
  bool noalias = true;  // the "tir.noalias" attribute
  // The other attributes T.func_attr gives ("op_pattern", "layout_free_buffers", ...):
  // kept, compared and printed, not acted on.
  std::map<std::string, Expr> attrs;
  Stmt body;
};

Stmt MakeCompute(ir::Stmt s);
// Flattens nested sequences; one element returns it.
Stmt MakeSeq(std::vector<Stmt> stmts);
Stmt MakeFor(Var v, Expr min, Expr extent, ForKind kind, Stmt body);
Stmt MakeBlockRealize(std::vector<Expr> iter_values, Expr predicate, Block block);
// A copy of the loop with another body / kind (the loop variable is kept, so the loop
// keeps its identity).
Stmt WithBody(const ForNode& loop, Stmt body);
Stmt WithBody(const BlockRealizeNode& realize, Stmt body);

// The root block realize of `f` and its block.
const BlockRealizeNode* RootRealize(const PrimFunc& f);

// Visits every TensorIR node of `s` in pre order (blocks' bodies included).
void PreOrderVisit(const Stmt& s, const std::function<bool(const StmtNode*)>& f);

// 'S', 'R' or 'O' for a block iterator's kind.
char IterKindChar(ir::IterVarType t);

// Annotation values that are lists (TVM's Array, e.g. "buffer_dim_align": [[0, 0, 128,
// 1]]) are calls to kAnnotationList; the printer writes them as Python lists.
inline constexpr const char* kAnnotationList = "tir.annotation_list";
// The block annotation storage_align writes: [[buffer_index, axis, factor, offset], ...].
inline constexpr const char* kBufferDimAlign = "buffer_dim_align";
Expr MakeAnnotationList(std::vector<Expr> items);
// The items of such a list; empty for any other value.
std::vector<Expr> AnnotationListItems(const Expr& value);
// Dict values ("test4": {"arr": [0, 0], "key": 3}, TVM's Map) are calls to
// kAnnotationDict of the keys (string immediates) and values in turn, keys sorted.
inline constexpr const char* kAnnotationDict = "tir.annotation_dict";
Expr MakeAnnotationDict(const std::map<std::string, Expr>& entries);
// The entries of such a dict, keys sorted; none for any other value.
std::optional<std::map<std::string, Expr>> AnnotationDictEntries(const Expr& value);

}  // namespace tessera::tir
