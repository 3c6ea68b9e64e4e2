// Dispatch on node kind: ExprFunctor / StmtFunctor, and the two common uses,
// visitors (walk every child) and mutators (rebuild a node only when a child changed,
// so unchanged subtrees stay shared).
#pragma once

#include <functional>
#include <unordered_map>

#include "ir/Expr.h"
#include "ir/Stmt.h"

namespace tessera::ir {

template <typename R>
class ExprFunctor {
 public:
  virtual ~ExprFunctor() = default;

  R VisitExpr(const Expr& e) {
    switch (e.kind()) {
      case ExprKind::IntImm:
        return VisitIntImm(e.as<IntImmNode>(), e);
      case ExprKind::FloatImm:
        return VisitFloatImm(e.as<FloatImmNode>(), e);
      case ExprKind::StringImm:
        return VisitStringImm(e.as<StringImmNode>(), e);
      case ExprKind::Var:
        return VisitVar(e.as<VarNode>(), e);
      case ExprKind::Add:
        return VisitAdd(e.as<BinaryNode>(), e);
      case ExprKind::Sub:
        return VisitSub(e.as<BinaryNode>(), e);
      case ExprKind::Mul:
        return VisitMul(e.as<BinaryNode>(), e);
      case ExprKind::Div:
        return VisitDiv(e.as<BinaryNode>(), e);
      case ExprKind::Mod:
        return VisitMod(e.as<BinaryNode>(), e);
      case ExprKind::FloorDiv:
        return VisitFloorDiv(e.as<BinaryNode>(), e);
      case ExprKind::FloorMod:
        return VisitFloorMod(e.as<BinaryNode>(), e);
      case ExprKind::Min:
        return VisitMin(e.as<BinaryNode>(), e);
      case ExprKind::Max:
        return VisitMax(e.as<BinaryNode>(), e);
      case ExprKind::EQ:
        return VisitEQ(e.as<BinaryNode>(), e);
      case ExprKind::NE:
        return VisitNE(e.as<BinaryNode>(), e);
      case ExprKind::LT:
        return VisitLT(e.as<BinaryNode>(), e);
      case ExprKind::LE:
        return VisitLE(e.as<BinaryNode>(), e);
      case ExprKind::GT:
        return VisitGT(e.as<BinaryNode>(), e);
      case ExprKind::GE:
        return VisitGE(e.as<BinaryNode>(), e);
      case ExprKind::And:
        return VisitAnd(e.as<BinaryNode>(), e);
      case ExprKind::Or:
        return VisitOr(e.as<BinaryNode>(), e);
      case ExprKind::Not:
        return VisitNot(e.as<NotNode>(), e);
      case ExprKind::Select:
        return VisitSelect(e.as<SelectNode>(), e);
      case ExprKind::Cast:
        return VisitCast(e.as<CastNode>(), e);
      case ExprKind::Call:
        return VisitCall(e.as<CallNode>(), e);
      case ExprKind::BufferLoad:
        return VisitBufferLoad(e.as<BufferLoadNode>(), e);
      case ExprKind::ProducerLoad:
        return VisitProducerLoad(e.as<ProducerLoadNode>(), e);
      case ExprKind::Ramp:
        return VisitRamp(e.as<RampNode>(), e);
      case ExprKind::Broadcast:
        return VisitBroadcast(e.as<BroadcastNode>(), e);
      case ExprKind::Let:
        return VisitLet(e.as<LetNode>(), e);
      case ExprKind::Reduce:
        return VisitReduce(e.as<ReduceNode>(), e);
    }
    return VisitExprDefault(e);
  }

 protected:
  virtual R VisitExprDefault(const Expr& e) = 0;
  virtual R VisitBinary(const BinaryNode*, const Expr& e) { return VisitExprDefault(e); }

  virtual R VisitIntImm(const IntImmNode*, const Expr& e) { return VisitExprDefault(e); }
  virtual R VisitFloatImm(const FloatImmNode*, const Expr& e) { return VisitExprDefault(e); }
  virtual R VisitStringImm(const StringImmNode*, const Expr& e) { return VisitExprDefault(e); }
  virtual R VisitVar(const VarNode*, const Expr& e) { return VisitExprDefault(e); }
  virtual R VisitAdd(const BinaryNode* n, const Expr& e) { return VisitBinary(n, e); }
  virtual R VisitSub(const BinaryNode* n, const Expr& e) { return VisitBinary(n, e); }
  virtual R VisitMul(const BinaryNode* n, const Expr& e) { return VisitBinary(n, e); }
  virtual R VisitDiv(const BinaryNode* n, const Expr& e) { return VisitBinary(n, e); }
  virtual R VisitMod(const BinaryNode* n, const Expr& e) { return VisitBinary(n, e); }
  virtual R VisitFloorDiv(const BinaryNode* n, const Expr& e) { return VisitBinary(n, e); }
  virtual R VisitFloorMod(const BinaryNode* n, const Expr& e) { return VisitBinary(n, e); }
  virtual R VisitMin(const BinaryNode* n, const Expr& e) { return VisitBinary(n, e); }
  virtual R VisitMax(const BinaryNode* n, const Expr& e) { return VisitBinary(n, e); }
  virtual R VisitEQ(const BinaryNode* n, const Expr& e) { return VisitBinary(n, e); }
  virtual R VisitNE(const BinaryNode* n, const Expr& e) { return VisitBinary(n, e); }
  virtual R VisitLT(const BinaryNode* n, const Expr& e) { return VisitBinary(n, e); }
  virtual R VisitLE(const BinaryNode* n, const Expr& e) { return VisitBinary(n, e); }
  virtual R VisitGT(const BinaryNode* n, const Expr& e) { return VisitBinary(n, e); }
  virtual R VisitGE(const BinaryNode* n, const Expr& e) { return VisitBinary(n, e); }
  virtual R VisitAnd(const BinaryNode* n, const Expr& e) { return VisitBinary(n, e); }
  virtual R VisitOr(const BinaryNode* n, const Expr& e) { return VisitBinary(n, e); }
  virtual R VisitNot(const NotNode*, const Expr& e) { return VisitExprDefault(e); }
  virtual R VisitSelect(const SelectNode*, const Expr& e) { return VisitExprDefault(e); }
  virtual R VisitCast(const CastNode*, const Expr& e) { return VisitExprDefault(e); }
  virtual R VisitCall(const CallNode*, const Expr& e) { return VisitExprDefault(e); }
  virtual R VisitBufferLoad(const BufferLoadNode*, const Expr& e) { return VisitExprDefault(e); }
  virtual R VisitProducerLoad(const ProducerLoadNode*, const Expr& e) {
    return VisitExprDefault(e);
  }
  virtual R VisitRamp(const RampNode*, const Expr& e) { return VisitExprDefault(e); }
  virtual R VisitBroadcast(const BroadcastNode*, const Expr& e) { return VisitExprDefault(e); }
  virtual R VisitLet(const LetNode*, const Expr& e) { return VisitExprDefault(e); }
  virtual R VisitReduce(const ReduceNode*, const Expr& e) { return VisitExprDefault(e); }
};

template <typename R>
class StmtFunctor {
 public:
  virtual ~StmtFunctor() = default;

  R VisitStmt(const Stmt& s) {
    switch (s.kind()) {
      case StmtKind::For:
        return VisitFor(s.as<ForNode>(), s);
      case StmtKind::LetStmt:
        return VisitLetStmt(s.as<LetStmtNode>(), s);
      case StmtKind::IfThenElse:
        return VisitIfThenElse(s.as<IfThenElseNode>(), s);
      case StmtKind::BufferStore:
        return VisitBufferStore(s.as<BufferStoreNode>(), s);
      case StmtKind::ProducerStore:
        return VisitProducerStore(s.as<ProducerStoreNode>(), s);
      case StmtKind::Allocate:
        return VisitAllocate(s.as<AllocateNode>(), s);
      case StmtKind::AttrStmt:
        return VisitAttrStmt(s.as<AttrStmtNode>(), s);
      case StmtKind::AssertStmt:
        return VisitAssertStmt(s.as<AssertStmtNode>(), s);
      case StmtKind::SeqStmt:
        return VisitSeqStmt(s.as<SeqStmtNode>(), s);
      case StmtKind::Evaluate:
        return VisitEvaluate(s.as<EvaluateNode>(), s);
      case StmtKind::ProducerRealize:
        return VisitProducerRealize(s.as<ProducerRealizeNode>(), s);
    }
    return VisitStmtDefault(s);
  }

 protected:
  virtual R VisitStmtDefault(const Stmt& s) = 0;
  virtual R VisitFor(const ForNode*, const Stmt& s) { return VisitStmtDefault(s); }
  virtual R VisitLetStmt(const LetStmtNode*, const Stmt& s) { return VisitStmtDefault(s); }
  virtual R VisitIfThenElse(const IfThenElseNode*, const Stmt& s) { return VisitStmtDefault(s); }
  virtual R VisitBufferStore(const BufferStoreNode*, const Stmt& s) { return VisitStmtDefault(s); }
  virtual R VisitProducerStore(const ProducerStoreNode*, const Stmt& s) {
    return VisitStmtDefault(s);
  }
  virtual R VisitAllocate(const AllocateNode*, const Stmt& s) { return VisitStmtDefault(s); }
  virtual R VisitAttrStmt(const AttrStmtNode*, const Stmt& s) { return VisitStmtDefault(s); }
  virtual R VisitAssertStmt(const AssertStmtNode*, const Stmt& s) { return VisitStmtDefault(s); }
  virtual R VisitSeqStmt(const SeqStmtNode*, const Stmt& s) { return VisitStmtDefault(s); }
  virtual R VisitEvaluate(const EvaluateNode*, const Stmt& s) { return VisitStmtDefault(s); }
  virtual R VisitProducerRealize(const ProducerRealizeNode*, const Stmt& s) {
    return VisitStmtDefault(s);
  }
};

// Walks every sub-expression and sub-statement. Override a Visit* and call the base
// to keep walking.
class IRVisitor : public ExprFunctor<void>, public StmtFunctor<void> {
 public:
  using ExprFunctor<void>::VisitExpr;
  using StmtFunctor<void>::VisitStmt;

 protected:
  void VisitExprDefault(const Expr&) override {}
  void VisitStmtDefault(const Stmt&) override {}
  void VisitBinary(const BinaryNode* n, const Expr&) override;
  void VisitNot(const NotNode* n, const Expr&) override;
  void VisitSelect(const SelectNode* n, const Expr&) override;
  void VisitCast(const CastNode* n, const Expr&) override;
  void VisitCall(const CallNode* n, const Expr&) override;
  void VisitBufferLoad(const BufferLoadNode* n, const Expr&) override;
  void VisitProducerLoad(const ProducerLoadNode* n, const Expr&) override;
  void VisitRamp(const RampNode* n, const Expr&) override;
  void VisitBroadcast(const BroadcastNode* n, const Expr&) override;
  void VisitLet(const LetNode* n, const Expr&) override;
  void VisitReduce(const ReduceNode* n, const Expr&) override;

  void VisitFor(const ForNode* n, const Stmt&) override;
  void VisitLetStmt(const LetStmtNode* n, const Stmt&) override;
  void VisitIfThenElse(const IfThenElseNode* n, const Stmt&) override;
  void VisitBufferStore(const BufferStoreNode* n, const Stmt&) override;
  void VisitProducerStore(const ProducerStoreNode* n, const Stmt&) override;
  void VisitAllocate(const AllocateNode* n, const Stmt&) override;
  void VisitAttrStmt(const AttrStmtNode* n, const Stmt&) override;
  void VisitAssertStmt(const AssertStmtNode* n, const Stmt&) override;
  void VisitSeqStmt(const SeqStmtNode* n, const Stmt&) override;
  void VisitEvaluate(const EvaluateNode* n, const Stmt&) override;
  void VisitProducerRealize(const ProducerRealizeNode* n, const Stmt&) override;
};

// Rebuilds the tree bottom-up; a node whose children are all unchanged is returned
// as it was (same pointer).
class IRMutator : public ExprFunctor<Expr>, public StmtFunctor<Stmt> {
 public:
  using ExprFunctor<Expr>::VisitExpr;
  using StmtFunctor<Stmt>::VisitStmt;

 protected:
  Expr VisitExprDefault(const Expr& e) override { return e; }
  Stmt VisitStmtDefault(const Stmt& s) override { return s; }
  Expr VisitBinary(const BinaryNode* n, const Expr& e) override;
  Expr VisitNot(const NotNode* n, const Expr& e) override;
  Expr VisitSelect(const SelectNode* n, const Expr& e) override;
  Expr VisitCast(const CastNode* n, const Expr& e) override;
  Expr VisitCall(const CallNode* n, const Expr& e) override;
  Expr VisitBufferLoad(const BufferLoadNode* n, const Expr& e) override;
  Expr VisitProducerLoad(const ProducerLoadNode* n, const Expr& e) override;
  Expr VisitRamp(const RampNode* n, const Expr& e) override;
  Expr VisitBroadcast(const BroadcastNode* n, const Expr& e) override;
  Expr VisitLet(const LetNode* n, const Expr& e) override;
  Expr VisitReduce(const ReduceNode* n, const Expr& e) override;

  Stmt VisitFor(const ForNode* n, const Stmt& s) override;
  Stmt VisitLetStmt(const LetStmtNode* n, const Stmt& s) override;
  Stmt VisitIfThenElse(const IfThenElseNode* n, const Stmt& s) override;
  Stmt VisitBufferStore(const BufferStoreNode* n, const Stmt& s) override;
  Stmt VisitProducerStore(const ProducerStoreNode* n, const Stmt& s) override;
  Stmt VisitAllocate(const AllocateNode* n, const Stmt& s) override;
  Stmt VisitAttrStmt(const AttrStmtNode* n, const Stmt& s) override;
  Stmt VisitAssertStmt(const AssertStmtNode* n, const Stmt& s) override;
  Stmt VisitSeqStmt(const SeqStmtNode* n, const Stmt& s) override;
  Stmt VisitEvaluate(const EvaluateNode* n, const Stmt& s) override;
  Stmt VisitProducerRealize(const ProducerRealizeNode* n, const Stmt& s) override;

  // Mutates each element; true when any changed.
  bool MutateArray(const std::vector<Expr>& in, std::vector<Expr>* out);
  // The reducer with its combine results and identities mutated (the same one when
  // nothing changed).
  CommReducer MutateReducer(const CommReducer& r);
};

using VarMap = std::unordered_map<Var, Expr, VarHash, VarEqual>;

// Replaces free occurrences of the mapped variables.
Expr Substitute(const Expr& e, const VarMap& vmap);
Stmt Substitute(const Stmt& s, const VarMap& vmap);
// The reducer with the mapped variables replaced in its combine and identity (they may
// read the enclosing compute's variables); the same reducer when none occurs.
CommReducer Substitute(const CommReducer& r, const VarMap& vmap);
// Replaces variables by a callback (returns an undefined Expr to keep the var).
Expr Substitute(const Expr& e, const std::function<Expr(const Var&)>& f);

// Calls f on every expression node in post order.
void PostOrderVisit(const Expr& e, const std::function<void(const Expr&)>& f);
// True when e (or s) mentions any var for which pred is true.
bool UsesVar(const Expr& e, const std::function<bool(const VarNode*)>& pred);
bool UsesVar(const Stmt& s, const std::function<bool(const VarNode*)>& pred);
bool UsesVar(const Expr& e, const Var& v);

}  // namespace tessera::ir
