// annotate / unannotate (TVM's primitive/annotate.cc): a key and a value on a loop (printed
// as T.serial(..., annotations={...}), read by later passes as pragmas) or on a block
// (T.block_attr). Annotating changes no computation, so there is nothing to check beyond
// the target existing.
#include "tir/ScheduleError.h"
#include "tir/primitive/PrimitiveUtil.h"
#include "tir/primitive/Primitives.h"

namespace tessera::tir {

Status AnnotateLoop(ScheduleState* state, const Var& loop_var, const std::string& key,
                    const Expr& value) {
  auto live = LiveLoop(*state, loop_var);
  if (!live.ok()) return live.error();
  auto n = std::make_shared<ForNode>(**live);
  if (value.defined()) {
    n->annotations[key] = value;
  } else {
    n->annotations.erase(key);
  }
  state->Replace(*live, n);
  return Status::Ok();
}

Status AnnotateBlock(ScheduleState* state, const std::string& block_name, const std::string& key,
                     const Expr& value) {
  auto found = GetBlock(*state, block_name);
  if (!found.ok()) return found.error();
  const BlockRealizeNode* realize = *found;
  auto block = std::make_shared<BlockNode>(*realize->block);
  if (value.defined()) {
    block->annotations[key] = value;
  } else {
    block->annotations.erase(key);
  }
  state->Replace(realize,
                 MakeBlockRealize(realize->iter_values, realize->predicate, std::move(block)));
  return Status::Ok();
}

}  // namespace tessera::tir
