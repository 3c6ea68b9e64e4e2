#include "tir/Stmt.h"

#include "ir/ExprOp.h"

namespace tessera::tir {

Stmt MakeCompute(ir::Stmt s) { return std::make_shared<const ComputeNode>(std::move(s)); }

Stmt MakeSeq(std::vector<Stmt> stmts) {
  std::vector<Stmt> flat;
  for (Stmt& s : stmts) {
    if (!s) continue;
    if (const auto* seq = As<SeqNode>(s)) {
      flat.insert(flat.end(), seq->seq.begin(), seq->seq.end());
    } else {
      flat.push_back(std::move(s));
    }
  }
  if (flat.size() == 1) return flat[0];
  return std::make_shared<const SeqNode>(std::move(flat));
}

Stmt MakeFor(Var v, Expr min, Expr extent, ForKind kind, Stmt body) {
  return std::make_shared<const ForNode>(std::move(v), std::move(min), std::move(extent), kind,
                                         std::move(body));
}

Stmt MakeBlockRealize(std::vector<Expr> iter_values, Expr predicate, Block block) {
  return std::make_shared<const BlockRealizeNode>(std::move(iter_values), std::move(predicate),
                                                  std::move(block));
}

Stmt WithBody(const ForNode& loop, Stmt body) {
  auto n = std::make_shared<ForNode>(loop);
  n->body = std::move(body);
  return n;
}

Stmt WithBody(const BlockRealizeNode& realize, Stmt body) {
  auto block = std::make_shared<BlockNode>(*realize.block);
  block->body = std::move(body);
  return MakeBlockRealize(realize.iter_values, realize.predicate, std::move(block));
}

const BlockRealizeNode* RootRealize(const PrimFunc& f) { return As<BlockRealizeNode>(f.body); }

void PreOrderVisit(const Stmt& s, const std::function<bool(const StmtNode*)>& f) {
  if (!s || !f(s.get())) return;
  if (const auto* seq = As<SeqNode>(s)) {
    for (const Stmt& c : seq->seq) PreOrderVisit(c, f);
  } else if (const auto* loop = As<ForNode>(s)) {
    PreOrderVisit(loop->body, f);
  } else if (const auto* realize = As<BlockRealizeNode>(s)) {
    PreOrderVisit(realize->block->body, f);
  }
}

char IterKindChar(ir::IterVarType t) {
  switch (t) {
    case ir::IterVarType::DataPar:
      return 'S';
    case ir::IterVarType::CommReduce:
      return 'R';
    default:
      return 'O';
  }
}

Expr MakeAnnotationList(std::vector<Expr> items) {
  return ir::MakeCall(DataType::Int(32), kAnnotationList, std::move(items),
                      ir::CallKind::Intrinsic);
}

Expr MakeAnnotationDict(const std::map<std::string, Expr>& entries) {
  std::vector<Expr> args;
  for (const auto& [key, value] : entries) {
    args.push_back(ir::StringImm(key));
    args.push_back(value);
  }
  return ir::MakeCall(DataType::Int(32), kAnnotationDict, std::move(args), ir::CallKind::Intrinsic);
}

std::optional<std::map<std::string, Expr>> AnnotationDictEntries(const Expr& value) {
  const auto* call = value.defined() ? value.as<ir::CallNode>() : nullptr;
  if (!call || call->op != kAnnotationDict) return std::nullopt;
  std::map<std::string, Expr> entries;
  for (size_t i = 0; i + 1 < call->args.size(); i += 2)
    if (const auto* key = call->args[i].as<ir::StringImmNode>())
      entries[key->value] = call->args[i + 1];
  return entries;
}

std::vector<Expr> AnnotationListItems(const Expr& value) {
  const auto* call = value.defined() ? value.as<ir::CallNode>() : nullptr;
  return call && call->op == kAnnotationList ? call->args : std::vector<Expr>{};
}

}  // namespace tessera::tir
