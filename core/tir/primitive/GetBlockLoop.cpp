#include <algorithm>
#include <functional>

#include "tir/ScheduleError.h"
#include "tir/primitive/PrimitiveUtil.h"
#include "tir/primitive/Primitives.h"

namespace tessera::tir {

namespace get_block_loop_detail {

// The blocks of `block`'s scope in execution order, and the position of `block` there.
std::vector<const BlockRealizeNode*> ScopeBlocks(const ScheduleState& state,
                                                 const BlockRealizeNode* block, size_t* index) {
  const BlockRealizeNode* scope = state.ScopeOf(block);
  std::vector<const BlockRealizeNode*> blocks =
      scope ? state.ChildBlocks(scope) : std::vector<const BlockRealizeNode*>{};
  *index = std::find(blocks.begin(), blocks.end(), block) - blocks.begin();
  return blocks;
}

void AddUnique(std::vector<std::string>* out, const std::string& name) {
  if (std::find(out->begin(), out->end(), name) == out->end()) out->push_back(name);
}

// The block whose init nest holds a block named `name`, or null.
const BlockNode* InitNestOwner(const Stmt& root, const std::string& name) {
  const BlockNode* owner = nullptr;
  std::function<void(const Stmt&, const BlockNode*)> walk = [&](const Stmt& s,
                                                                const BlockNode* in_init) {
    PreOrderVisit(s, [&](const StmtNode* n) {
      const auto* r = As<BlockRealizeNode>(n);
      if (!r || owner) return owner == nullptr;
      if (in_init && r->block->name == name) owner = in_init;
      if (r->block->init_nest) walk(r->block->init_nest, in_init ? in_init : r->block.get());
      return owner == nullptr;
    });
  };
  walk(root, nullptr);
  return owner;
}

}  // namespace get_block_loop_detail

Result<const BlockRealizeNode*> GetBlock(const ScheduleState& state, const std::string& name) {
  std::vector<const BlockRealizeNode*> found = state.FindBlocks(name);
  if (found.empty()) {
    // TVM 0.20 finds such a block but has no sref for it: every use fails in its state.
    if (const BlockNode* owner = get_block_loop_detail::InitNestOwner(state.func().body, name)) {
      return ScheduleError("InternalError",
                           "Check failed: (it != self_->stmt2ref.end()) is false: the block " +
                               name + " is inside the init of block " + owner->name +
                               ", which the schedule gives no sref");
    }
    return ScheduleError("NotSingleResult", "Cannot find a block with the name: " + name);
  }
  if (found.size() > 1) {
    return ScheduleError("NotSingleResult", "Multiple blocks with the name " + name + " found (" +
                                                std::to_string(found.size()) + ")");
  }
  return found[0];
}

std::vector<Var> GetLoops(const ScheduleState& state, const BlockRealizeNode* block) {
  std::vector<Var> vars;
  for (const ForNode* loop : state.LoopsAbove(block)) vars.push_back(loop->loop_var);
  return vars;
}

std::vector<std::string> GetChildBlocks(const ScheduleState& state, const StmtNode* parent) {
  std::vector<std::string> names;
  for (const BlockRealizeNode* r : state.ChildBlocks(parent)) names.push_back(r->block->name);
  return names;
}

std::vector<std::string> GetProducers(const ScheduleState& state, const BlockRealizeNode* block) {
  using namespace get_block_loop_detail;
  size_t index = 0;
  std::vector<const BlockRealizeNode*> blocks = ScopeBlocks(state, block, &index);
  std::vector<std::string> out;
  const BlockNode& dst = *block->block;
  auto add_writers_of = [&](const std::vector<BufferRegion>& regions) {
    for (const BufferRegion& r : regions) {
      for (size_t i = 0; i < index && i < blocks.size(); ++i) {
        if (AccessesBuffer(blocks[i]->block->writes, r.buffer))
          AddUnique(&out, blocks[i]->block->name);
      }
    }
  };
  add_writers_of(dst.reads);   // read after write
  add_writers_of(dst.writes);  // write after write
  return out;
}

std::vector<std::string> GetConsumers(const ScheduleState& state, const BlockRealizeNode* block) {
  using namespace get_block_loop_detail;
  size_t index = 0;
  std::vector<const BlockRealizeNode*> blocks = ScopeBlocks(state, block, &index);
  std::vector<std::string> out;
  for (size_t i = index + 1; i < blocks.size(); ++i) {
    const BlockNode& later = *blocks[i]->block;
    for (const BufferRegion& w : block->block->writes) {
      if (AccessesBuffer(later.reads, w.buffer) || AccessesBuffer(later.writes, w.buffer)) {
        AddUnique(&out, later.name);
      }
    }
  }
  return out;
}

std::vector<std::string> GetOutputBlocks(const ScheduleState& state,
                                         const BlockRealizeNode* scope) {
  std::vector<std::string> out;
  PreOrderVisit(scope->block->body, [&](const StmtNode* n) {
    const auto* r = As<BlockRealizeNode>(n);
    if (!r) return true;
    const BlockRealizeNode* own = state.ScopeOf(r);
    const std::vector<Buffer>& allocated = own->block->alloc_buffers;
    for (const BufferRegion& w : r->block->writes) {
      if (std::find(allocated.begin(), allocated.end(), w.buffer) == allocated.end()) {
        out.push_back(r->block->name);
        break;
      }
    }
    return true;
  });
  return out;
}

}  // namespace tessera::tir
