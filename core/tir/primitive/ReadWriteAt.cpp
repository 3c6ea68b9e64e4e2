// read_at / write_at (TVM's primitive/read_write_at.cc): a copy of a buffer in another
// storage scope, made per iteration of a loop. read_at copies the region the blocks under
// the loop read, right before the first of the loop's children that reads it, and those
// children read the copy; write_at lets the children up to the last one that writes the
// buffer write the copy, and copies the region they wrote back right after it.
//
// The copy is a full-size buffer allocated by the loop's scope, an "auto_copy" block named
// "<buffer>_<scope>" whose iterators are the loops its region depends on (v0, v1, ... in
// order of appearance) and whose loops ax0, ax1, ... lie inside it, as TVM builds it.
// Where TVM's own checks are assertions (no block under the loop reads the buffer, a write
// before the first read), Tessera refuses with a message instead.
#include <algorithm>

#include "arith/Analyzer.h"
#include "ir/ExprOp.h"
#include "ir/Functor.h"
#include "tir/RegionAnalysis.h"
#include "tir/ScheduleError.h"
#include "tir/ScriptPrinter.h"
#include "tir/primitive/CacheStage.h"
#include "tir/primitive/PrimitiveUtil.h"
#include "tir/primitive/Primitives.h"
#include "tir/primitive/StagePipeline.h"

namespace tessera::tir {

namespace read_write_at_detail {

// Which of the loop's children read and which write the buffer (through a block directly
// below them, as TVM visits them: a block's nested blocks act through its signature).
struct ChildAccesses {
  std::vector<size_t> reads, writes;
};
ChildAccesses FindAccesses(const std::vector<Stmt>& children, const Buffer& buffer) {
  ChildAccesses out;
  for (size_t i = 0; i < children.size(); ++i) {
    bool r = false, w = false;
    PreOrderVisit(children[i], [&](const StmtNode* n) {
      const auto* realize = As<BlockRealizeNode>(n);
      if (!realize) return true;
      r = r || AccessesBuffer(realize->block->reads, buffer);
      w = w || AccessesBuffer(realize->block->writes, buffer);
      return false;
    });
    if (r) out.reads.push_back(i);
    if (w) out.writes.push_back(i);
  }
  return out;
}

// The copy block: `from` -> `to` over `region`, whose loop variables (the loop and those
// above it up to the scope) become the block's iterators in order of appearance.
Stmt MakeCopyBlock(const ScheduleState& state, const ForNode* loop, const Buffer& from,
                   const Buffer& to, Region region, const std::string& name) {
  std::vector<const ForNode*> loops = state.LoopsAbove(loop);
  loops.push_back(loop);
  auto block = std::make_shared<BlockNode>();
  block->name = name;
  std::vector<Expr> values;
  ir::VarMap bound;
  auto to_iter = [&](const Var& v) -> Expr {
    if (auto it = bound.find(v); it != bound.end()) return it->second;
    auto l = std::find_if(loops.begin(), loops.end(),
                          [&](const ForNode* f) { return f->loop_var.same_as(v); });
    if (l == loops.end()) return Expr();  // a parameter of the function stays as it is
    Var iter("v" + std::to_string(block->iter_vars.size()), v.dtype());
    bound[v] = iter;
    values.push_back(v);
    block->iter_vars.push_back(
        ir::MakeIterVar(Range((*l)->min, (*l)->extent), iter, ir::IterVarType::DataPar));
    return iter;
  };
  for (Range& r : region)
    r = Range(ir::Substitute(r.min, to_iter), ir::Substitute(r.extent, to_iter));

  std::vector<Var> axes;
  std::vector<Expr> indices;
  for (size_t i = 0; i < region.size(); ++i) {
    axes.emplace_back("ax" + std::to_string(i), region[i].extent.dtype());
    indices.push_back(ir::add(region[i].min, axes.back()));
  }
  Stmt body = MakeCompute(ir::MakeBufferStore(to, ir::MakeBufferLoad(from, indices), indices));
  for (size_t i = axes.size(); i-- > 0;)
    body = MakeFor(axes[i], ir::make_zero(axes[i].dtype()), region[i].extent, ForKind::Serial,
                   std::move(body));
  block->body = std::move(body);
  block->reads = {{from, region}};
  block->writes = {{to, region}};
  block->annotations["auto_copy"] = ir::make_const(DataType::Int(32), int64_t{1});
  return MakeBlockRealize(std::move(values), ir::make_bool(true), std::move(block));
}

// The copy's region relaxes the loops below `loop` without their T.where, so a loop split
// with a tail makes the last iteration's region run past the buffer; TVM copies out of
// bounds there. Refused where the loops' constant extents show it.
Status CheckCopyInBounds(const ScheduleState& state, const ForNode* loop, const Buffer& buffer,
                         const Region& region, const char* primitive) {
  arith::IntSetMap dom;
  std::vector<const ForNode*> loops = state.LoopsAbove(loop);
  loops.push_back(loop);
  for (const ForNode* l : loops) dom[l->loop_var] = arith::IntSet::FromMinExtent(l->min, l->extent);
  arith::Analyzer analyzer;
  for (size_t d = 0; d < region.size() && d < buffer->shape.size(); ++d) {
    arith::IntSet lo = arith::EvalSet(region[d].min, dom, &analyzer);
    arith::IntSet hi = arith::EvalSet(ir::add(region[d].min, region[d].extent), dom, &analyzer);
    const Expr lowest = analyzer.Simplify(lo.min()), highest = analyzer.Simplify(hi.max());
    const int64_t* first = ir::as_const_int(lowest);
    const int64_t* end = ir::as_const_int(highest);
    const int64_t* dim = ir::as_const_int(buffer->shape[d]);
    if ((first && *first < 0) || (end && dim && *end > *dim))
      return ScheduleError(
          "ReadWriteAtError",
          std::string(primitive) + ": the copy of " + buffer->name + RegionText(region) +
              " per iteration of " + loop->loop_var.name() + " reaches " +
              (first && *first < 0 ? std::to_string(*first) : std::to_string(*end)) + " in axis " +
              std::to_string(d) + " of " + buffer->name + " (extent " +
              ExprToTVMScript(buffer->shape[d]) +
              "): the loops below it have a tail guarded by T.where, which the copy does not "
              "see (TVM would copy out of bounds). Split by a divisor of the extent, or pad "
              "the buffer first");
  }
  return Status::Ok();
}

Result<std::string> ReadWriteAt(ScheduleState* state, const Var& loop_var,
                                const std::string& block_name, size_t index,
                                const std::string& storage_scope, bool read) {
  const char* primitive = read ? "read_at" : "write_at";
  auto loop = LiveLoop(*state, loop_var);
  if (!loop.ok()) return loop.error();
  auto found = GetBlock(*state, block_name);
  if (!found.ok()) return found.error();
  auto src = NthAccessBuffer(*(*found)->block, index,
                             read ? BufferIndexType::Read : BufferIndexType::Write);
  if (!src.ok()) return src.error();
  if (Status s = cache_stage::CheckStorageScope(storage_scope); !s.ok()) return s.error();
  const BlockRealizeNode* scope = state->ScopeOf(*loop);
  if (Status s = CheckStagePipeline(*state, scope); !s.ok()) return s.error();

  const Buffer dst = cache_stage::WithScope(*src, storage_scope);
  const std::string name = dst->name;
  if (!state->FindBlocks(name).empty())
    return ScheduleError("ReadWriteAtError",
                         std::string(primitive) + " would name its copy block " + name +
                             ", which a block of the function already has (Tessera keeps block "
                             "names unique)");

  std::vector<Stmt> children;
  if (const auto* seq = As<SeqNode>((*loop)->body))
    children = seq->seq;
  else
    children = {(*loop)->body};
  const ChildAccesses acc = FindAccesses(children, *src);
  const std::string where = " under the loop " + loop_var.name();
  size_t insert = 0, first = 0, last = 0;  // the copy's place, the children rewritten
  if (read) {
    if (acc.reads.empty())
      return ScheduleError("ReadWriteAtError",
                           "read_at: no block" + where + " reads " + (*src)->name);
    if (!acc.writes.empty() && acc.writes.back() >= acc.reads.front())
      return ScheduleError("ReadWriteAtError", "read_at: " + (*src)->name + " is written" + where +
                                                   " at or after its first read there; the copy "
                                                   "would miss what is written");
    insert = first = acc.reads.front();
    last = children.size();
  } else {
    if (acc.writes.empty())
      return ScheduleError("ReadWriteAtError",
                           "write_at: no block" + where + " writes " + (*src)->name);
    if (!acc.reads.empty() && acc.reads.back() > acc.writes.back())
      return ScheduleError("ReadWriteAtError",
                           "write_at: " + (*src)->name + " is read" + where +
                               " after its last write there; the read would miss "
                               "what the copy writes back");
    insert = last = acc.writes.back() + 1;
  }

  Region region = AnalyzeAccessedRegion(*state, *loop, *src, read, storage_scope).AsRegion();
  arith::Analyzer analyzer;
  for (Range& r : region) r = Range(analyzer.Simplify(r.min), analyzer.Simplify(r.extent));
  if (Status s = CheckCopyInBounds(*state, *loop, *src, region, primitive); !s.ok())
    return s.error();

  for (size_t i = first; i < last; ++i) {
    children[i] = MapRealizes(children[i], [&](const BlockRealizeNode& r) {
      return MakeBlockRealize(r.iter_values, r.predicate,
                              ReplaceBuffer(*r.block, *src, dst, /*nested=*/true));
    });
  }
  Stmt copy = read ? MakeCopyBlock(*state, *loop, *src, dst, region, name)
                   : MakeCopyBlock(*state, *loop, dst, *src, region, name);
  children.insert(children.begin() + static_cast<std::ptrdiff_t>(insert), copy);

  Stmt new_loop = WithBody(**loop, MakeSeq(std::move(children)));
  const StmtNode* new_loop_node = new_loop.get();
  state->Replace(*loop, std::move(new_loop));
  const BlockRealizeNode* new_scope = state->ScopeOf(new_loop_node);
  state->Replace(new_scope, MakeBlockRealize(new_scope->iter_values, new_scope->predicate,
                                             cache_stage::WithAlloc(new_scope->block, dst)));
  return name;
}

}  // namespace read_write_at_detail

Result<std::string> ReadAt(ScheduleState* state, const Var& loop, const std::string& block,
                           size_t read_buffer_index, const std::string& storage_scope) {
  return read_write_at_detail::ReadWriteAt(state, loop, block, read_buffer_index, storage_scope,
                                           /*read=*/true);
}

Result<std::string> WriteAt(ScheduleState* state, const Var& loop, const std::string& block,
                            size_t write_buffer_index, const std::string& storage_scope) {
  return read_write_at_detail::ReadWriteAt(state, loop, block, write_buffer_index, storage_scope,
                                           /*read=*/false);
}

}  // namespace tessera::tir
