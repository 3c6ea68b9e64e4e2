#include "tir/ScheduleState.h"

#include <functional>

namespace tessera::tir {

namespace schedule_state_detail {

bool FindPath(const Stmt& s, const StmtNode* target, std::vector<const StmtNode*>* path) {
  if (!s) return false;
  path->push_back(s.get());
  if (s.get() == target) return true;
  bool found = false;
  if (const auto* seq = As<SeqNode>(s)) {
    for (const Stmt& c : seq->seq) {
      if ((found = FindPath(c, target, path))) break;
    }
  } else if (const auto* loop = As<ForNode>(s)) {
    found = FindPath(loop->body, target, path);
  } else if (const auto* realize = As<BlockRealizeNode>(s)) {
    found = FindPath(realize->block->body, target, path);
  }
  if (!found) path->pop_back();
  return found;
}

Stmt Rebuild(const Stmt& s, const StmtNode* old, const Stmt& replacement) {
  if (!s) return s;
  if (s.get() == old) return replacement;
  if (const auto* seq = As<SeqNode>(s)) {
    std::vector<Stmt> out;
    bool changed = false;
    for (const Stmt& c : seq->seq) {
      out.push_back(Rebuild(c, old, replacement));
      changed = changed || out.back() != c;
    }
    return changed ? MakeSeq(std::move(out)) : s;
  }
  if (const auto* loop = As<ForNode>(s)) {
    Stmt body = Rebuild(loop->body, old, replacement);
    return body == loop->body ? s : WithBody(*loop, body);
  }
  if (const auto* realize = As<BlockRealizeNode>(s)) {
    Stmt body = Rebuild(realize->block->body, old, replacement);
    return body == realize->block->body ? s : WithBody(*realize, body);
  }
  return s;
}

}  // namespace schedule_state_detail

Stmt BodyOf(const StmtNode* node) {
  if (const auto* loop = As<ForNode>(node)) return loop->body;
  if (const auto* realize = As<BlockRealizeNode>(node)) return realize->block->body;
  return nullptr;
}

std::vector<const BlockRealizeNode*> ScheduleState::FindBlocks(const std::string& name) const {
  std::vector<const BlockRealizeNode*> found;
  PreOrderVisit(func_.body, [&](const StmtNode* n) {
    if (const auto* r = As<BlockRealizeNode>(n); r && r->block->name == name) found.push_back(r);
    return true;
  });
  return found;
}

const ForNode* ScheduleState::FindLoop(const Var& loop_var) const {
  const ForNode* found = nullptr;
  PreOrderVisit(func_.body, [&](const StmtNode* n) {
    if (const auto* l = As<ForNode>(n); l && l->loop_var.same_as(loop_var)) found = l;
    return found == nullptr;
  });
  return found;
}

std::vector<const StmtNode*> ScheduleState::PathTo(const StmtNode* node) const {
  std::vector<const StmtNode*> path;
  schedule_state_detail::FindPath(func_.body, node, &path);
  return path;
}

std::vector<const ForNode*> ScheduleState::LoopsAbove(const StmtNode* node) const {
  std::vector<const StmtNode*> path = PathTo(node);
  std::vector<const ForNode*> loops;
  for (size_t i = path.size(); i-- > 1;) {
    const StmtNode* p = path[i - 1];
    if (p->kind == StmtKind::BlockRealize) break;
    if (const auto* loop = As<ForNode>(p)) loops.insert(loops.begin(), loop);
  }
  return loops;
}

const BlockRealizeNode* ScheduleState::ScopeOf(const StmtNode* node) const {
  std::vector<const StmtNode*> path = PathTo(node);
  for (size_t i = path.size(); i-- > 1;) {
    if (const auto* r = As<BlockRealizeNode>(path[i - 1])) return r;
  }
  return nullptr;
}

std::vector<const BlockRealizeNode*> ScheduleState::ChildBlocks(const StmtNode* node) const {
  std::vector<const BlockRealizeNode*> blocks;
  PreOrderVisit(BodyOf(node), [&](const StmtNode* n) {
    if (const auto* r = As<BlockRealizeNode>(n)) {
      blocks.push_back(r);
      return false;
    }
    return true;
  });
  return blocks;
}

std::vector<Buffer> ScheduleState::AllBuffers() const {
  std::vector<Buffer> buffers = func_.params;
  PreOrderVisit(func_.body, [&](const StmtNode* n) {
    if (const auto* r = As<BlockRealizeNode>(n)) {
      buffers.insert(buffers.end(), r->block->alloc_buffers.begin(), r->block->alloc_buffers.end());
    }
    return true;
  });
  return buffers;
}

void ScheduleState::Replace(const StmtNode* old, Stmt replacement) {
  func_.body = schedule_state_detail::Rebuild(func_.body, old, replacement);
}

void ScheduleState::ReplaceParam(const Buffer& from, const Buffer& to, const ir::IndexMap& map,
                                 const ir::IndexMap& pad_value) {
  for (size_t i = 0; i < func_.params.size(); ++i) {
    if (func_.params[i] != from) continue;
    func_.params[i] = to;
    if (map) param_layouts_.push_back({i, from->shape, map, pad_value});
  }
}

}  // namespace tessera::tir
