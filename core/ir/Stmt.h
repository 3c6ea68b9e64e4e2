// Statements of the Tessera IR (immutable, shared, visited by StmtFunctor).
#pragma once

#include <map>
#include <memory>
#include <string>
#include <type_traits>
#include <variant>
#include <vector>

#include "ir/Buffer.h"
#include "ir/Expr.h"
#include "ir/IterVar.h"

namespace tessera::ir {

enum class StmtKind : uint8_t {
  For,
  LetStmt,
  IfThenElse,
  BufferStore,
  ProducerStore,
  Allocate,
  AttrStmt,
  AssertStmt,
  SeqStmt,
  Evaluate,
  ProducerRealize,
};
const char* kind_name(StmtKind kind);

struct StmtNode {
  const StmtKind kind;
  virtual ~StmtNode() = default;

 protected:
  explicit StmtNode(StmtKind k) : kind(k) {}
};

class Stmt {
 public:
  Stmt() = default;
  template <typename T, typename = std::enable_if_t<std::is_base_of_v<StmtNode, T>>>
  Stmt(std::shared_ptr<const T> node) : node_(std::move(node)) {}  // NOLINT
  bool defined() const { return node_ != nullptr; }
  const StmtNode* get() const { return node_.get(); }
  const StmtNode* operator->() const { return node_.get(); }
  StmtKind kind() const { return node_->kind; }
  bool same_as(const Stmt& o) const { return node_ == o.node_; }
  template <typename T>
  const T* as() const {
    return node_ && node_->kind == T::kKind ? static_cast<const T*>(node_.get()) : nullptr;
  }

 private:
  std::shared_ptr<const StmtNode> node_;
};

enum class ForKind : uint8_t { Serial, Parallel, Vectorized, Unrolled, ThreadBinding };
const char* for_kind_name(ForKind k);

struct ForNode : StmtNode {
  static constexpr StmtKind kKind = StmtKind::For;
  Var loop_var;
  Expr min, extent;
  ForKind for_kind;
  IterVar thread_binding;  // set when for_kind == ThreadBinding
  Stmt body;
  std::map<std::string, Expr> annotations;  // pragmas
  ForNode(Var v, Expr m, Expr e, ForKind k, Stmt b, IterVar tb = nullptr,
          std::map<std::string, Expr> ann = {})
      : StmtNode(kKind),
        loop_var(std::move(v)),
        min(std::move(m)),
        extent(std::move(e)),
        for_kind(k),
        thread_binding(std::move(tb)),
        body(std::move(b)),
        annotations(std::move(ann)) {}
};

struct LetStmtNode : StmtNode {
  static constexpr StmtKind kKind = StmtKind::LetStmt;
  Var var;
  Expr value;
  Stmt body;
  LetStmtNode(Var v, Expr val, Stmt b)
      : StmtNode(kKind), var(std::move(v)), value(std::move(val)), body(std::move(b)) {}
};

struct IfThenElseNode : StmtNode {
  static constexpr StmtKind kKind = StmtKind::IfThenElse;
  Expr condition;
  Stmt then_case, else_case;  // else_case may be undefined
  IfThenElseNode(Expr c, Stmt t, Stmt e = Stmt())
      : StmtNode(kKind),
        condition(std::move(c)),
        then_case(std::move(t)),
        else_case(std::move(e)) {}
};

struct BufferStoreNode : StmtNode {
  static constexpr StmtKind kKind = StmtKind::BufferStore;
  Buffer buffer;
  Expr value;
  std::vector<Expr> indices;
  BufferStoreNode(Buffer buf, Expr v, std::vector<Expr> idx)
      : StmtNode(kKind), buffer(std::move(buf)), value(std::move(v)), indices(std::move(idx)) {}
};

// Write of a tensor element, before storage flattening.
struct ProducerStoreNode : StmtNode {
  static constexpr StmtKind kKind = StmtKind::ProducerStore;
  DataProducer producer;
  Expr value;
  std::vector<Expr> indices;
  ProducerStoreNode(DataProducer p, Expr v, std::vector<Expr> idx)
      : StmtNode(kKind), producer(std::move(p)), value(std::move(v)), indices(std::move(idx)) {}
};

struct AllocateNode : StmtNode {
  static constexpr StmtKind kKind = StmtKind::Allocate;
  Var buffer_var;
  DataType dtype;
  std::vector<Expr> extents;
  Expr condition;
  Stmt body;
  std::string scope;
  AllocateNode(Var v, DataType t, std::vector<Expr> ext, Expr cond, Stmt b,
               std::string sc = "global")
      : StmtNode(kKind),
        buffer_var(std::move(v)),
        dtype(t),
        extents(std::move(ext)),
        condition(std::move(cond)),
        body(std::move(b)),
        scope(std::move(sc)) {}
};

// What an attribute is attached to.
using AttrTarget = std::variant<std::monostate, Expr, IterVar, Buffer, DataProducer, std::string>;

// An attribute scope: key "produce" marks a producer's computation (printed
// "produce C {"), "thread_extent", "pragma_*", "storage_scope", "realize_scope", ...
struct AttrStmtNode : StmtNode {
  static constexpr StmtKind kKind = StmtKind::AttrStmt;
  AttrTarget node;
  std::string key;
  Expr value;
  Stmt body;
  AttrStmtNode(AttrTarget n, std::string k, Expr v, Stmt b)
      : StmtNode(kKind),
        node(std::move(n)),
        key(std::move(k)),
        value(std::move(v)),
        body(std::move(b)) {}
};

// The thread an AttrStmt launches (T.launch_thread: key thread_extent or virtual_thread
// on a thread IterVar, whose variable the body uses), or nullptr for any other attribute.
const IterVar* LaunchedThread(const AttrStmtNode& attr);

struct AssertStmtNode : StmtNode {
  static constexpr StmtKind kKind = StmtKind::AssertStmt;
  Expr condition;
  Expr message;  // a StringImm
  Stmt body;
  AssertStmtNode(Expr c, Expr m, Stmt b)
      : StmtNode(kKind), condition(std::move(c)), message(std::move(m)), body(std::move(b)) {}
};

struct SeqStmtNode : StmtNode {
  static constexpr StmtKind kKind = StmtKind::SeqStmt;
  std::vector<Stmt> seq;
  explicit SeqStmtNode(std::vector<Stmt> s) : StmtNode(kKind), seq(std::move(s)) {}
};

struct EvaluateNode : StmtNode {
  static constexpr StmtKind kKind = StmtKind::Evaluate;
  Expr value;
  explicit EvaluateNode(Expr v) : StmtNode(kKind), value(std::move(v)) {}
};

// Realize (allocate, for the duration of body) region `bounds` of a producer.
struct ProducerRealizeNode : StmtNode {
  static constexpr StmtKind kKind = StmtKind::ProducerRealize;
  DataProducer producer;
  Region bounds;
  Expr condition;
  Stmt body;
  std::string storage_scope;
  ProducerRealizeNode(DataProducer p, Region r, Expr c, Stmt b, std::string sc = "")
      : StmtNode(kKind),
        producer(std::move(p)),
        bounds(std::move(r)),
        condition(std::move(c)),
        body(std::move(b)),
        storage_scope(std::move(sc)) {}
};

// Convenience constructors.
Stmt MakeFor(Var v, Expr min, Expr extent, ForKind kind, Stmt body, IterVar binding = nullptr);
Stmt MakeLetStmt(Var v, Expr value, Stmt body);
Stmt MakeIf(Expr cond, Stmt then_case, Stmt else_case = Stmt());
Stmt MakeBufferStore(Buffer buf, Expr value, std::vector<Expr> indices);
Stmt MakeProducerStore(DataProducer p, Expr value, std::vector<Expr> indices);
Stmt MakeAllocate(Var v, DataType t, std::vector<Expr> extents, Expr cond, Stmt body,
                  std::string scope = "global");
Stmt MakeAttr(AttrTarget node, std::string key, Expr value, Stmt body);
Stmt MakeAssert(Expr cond, std::string message, Stmt body);
// Flattens nested sequences and drops undefined entries; one element returns it.
Stmt MakeSeq(std::vector<Stmt> stmts);
Stmt MakeEvaluate(Expr value);
Stmt MakeProducerRealize(DataProducer p, Region bounds, Expr cond, Stmt body,
                         std::string scope = "");

}  // namespace tessera::ir
