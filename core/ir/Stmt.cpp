#include "ir/Stmt.h"

#include "ir/ExprOp.h"

namespace tessera::ir {

const char* kind_name(StmtKind kind) {
  switch (kind) {
    case StmtKind::For:
      return "For";
    case StmtKind::LetStmt:
      return "LetStmt";
    case StmtKind::IfThenElse:
      return "IfThenElse";
    case StmtKind::BufferStore:
      return "BufferStore";
    case StmtKind::ProducerStore:
      return "ProducerStore";
    case StmtKind::Allocate:
      return "Allocate";
    case StmtKind::AttrStmt:
      return "AttrStmt";
    case StmtKind::AssertStmt:
      return "AssertStmt";
    case StmtKind::SeqStmt:
      return "SeqStmt";
    case StmtKind::Evaluate:
      return "Evaluate";
    case StmtKind::ProducerRealize:
      return "ProducerRealize";
  }
  return "?";
}

const char* for_kind_name(ForKind k) {
  switch (k) {
    case ForKind::Serial:
      return "serial";
    case ForKind::Parallel:
      return "parallel";
    case ForKind::Vectorized:
      return "vectorized";
    case ForKind::Unrolled:
      return "unrolled";
    case ForKind::ThreadBinding:
      return "thread_binding";
  }
  return "?";
}

Stmt MakeFor(Var v, Expr min, Expr extent, ForKind kind, Stmt body, IterVar binding) {
  return std::make_shared<const ForNode>(std::move(v), std::move(min), std::move(extent), kind,
                                         std::move(body), std::move(binding));
}
Stmt MakeLetStmt(Var v, Expr value, Stmt body) {
  return std::make_shared<const LetStmtNode>(std::move(v), std::move(value), std::move(body));
}
Stmt MakeIf(Expr cond, Stmt then_case, Stmt else_case) {
  return std::make_shared<const IfThenElseNode>(std::move(cond), std::move(then_case),
                                                std::move(else_case));
}
Stmt MakeBufferStore(Buffer buf, Expr value, std::vector<Expr> indices) {
  return std::make_shared<const BufferStoreNode>(std::move(buf), std::move(value),
                                                 std::move(indices));
}
Stmt MakeProducerStore(DataProducer p, Expr value, std::vector<Expr> indices) {
  return std::make_shared<const ProducerStoreNode>(std::move(p), std::move(value),
                                                   std::move(indices));
}
Stmt MakeAllocate(Var v, DataType t, std::vector<Expr> extents, Expr cond, Stmt body,
                  std::string scope) {
  if (!cond.defined()) cond = make_bool(true);
  return std::make_shared<const AllocateNode>(std::move(v), t, std::move(extents), std::move(cond),
                                              std::move(body), std::move(scope));
}
Stmt MakeAttr(AttrTarget node, std::string key, Expr value, Stmt body) {
  return std::make_shared<const AttrStmtNode>(std::move(node), std::move(key), std::move(value),
                                              std::move(body));
}
const IterVar* LaunchedThread(const AttrStmtNode& attr) {
  const IterVar* iv = std::get_if<IterVar>(&attr.node);
  if (!iv || !*iv || (attr.key != "thread_extent" && attr.key != "virtual_thread")) return nullptr;
  return iv;
}
Stmt MakeAssert(Expr cond, std::string message, Stmt body) {
  return std::make_shared<const AssertStmtNode>(std::move(cond), StringImm(std::move(message)),
                                                std::move(body));
}
Stmt MakeSeq(std::vector<Stmt> stmts) {
  std::vector<Stmt> flat;
  for (auto& s : stmts) {
    if (!s.defined()) continue;
    if (auto* seq = s.as<SeqStmtNode>()) {
      flat.insert(flat.end(), seq->seq.begin(), seq->seq.end());
    } else {
      flat.push_back(std::move(s));
    }
  }
  if (flat.empty()) return Stmt();
  if (flat.size() == 1) return flat.front();
  return std::make_shared<const SeqStmtNode>(std::move(flat));
}
Stmt MakeEvaluate(Expr value) { return std::make_shared<const EvaluateNode>(std::move(value)); }
Stmt MakeProducerRealize(DataProducer p, Region bounds, Expr cond, Stmt body, std::string scope) {
  if (!cond.defined()) cond = make_bool(true);
  return std::make_shared<const ProducerRealizeNode>(
      std::move(p), std::move(bounds), std::move(cond), std::move(body), std::move(scope));
}

}  // namespace tessera::ir
