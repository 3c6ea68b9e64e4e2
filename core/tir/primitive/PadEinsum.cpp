// pad_einsum (TVM's primitive/pad_einsum.cc): an Einsum-like block (every buffer accessed
// at one point, each index an iterator or a constant) gets each iterator's extent rounded
// up to a multiple of its padding. The buffers indexed by a padded iterator are replaced
// by "<buffer>_pad" buffers of the padded shape, in the buffer's scope: an input through a
// block "<buffer>_pad" that copies it with zeros beyond its extent, an output through a
// block "<buffer>_pad" after the computation that copies the unpadded part back. The loops
// bound directly to a padded iterator get the padded extent.
#include <algorithm>
#include <map>
#include <set>

#include "arith/Analyzer.h"
#include "ir/ExprOp.h"
#include "ir/Functor.h"
#include "tir/ScheduleError.h"
#include "tir/primitive/PrimitiveUtil.h"
#include "tir/primitive/Primitives.h"
#include "tir/primitive/StagePipeline.h"

namespace tessera::tir {

namespace pad_einsum_detail {

// Every range of the region is one point at an iterator or a constant.
bool IsTrivialAccess(const BufferRegion& r) {
  return std::all_of(r.region.begin(), r.region.end(), [](const Range& range) {
    return ir::is_one(range.extent) &&
           (range.min.as<ir::IntImmNode>() || range.min.as<ir::VarNode>());
  });
}

// TVM's ExtractEinsum: no buffer accessed twice, every access trivial.
bool IsEinsum(const BlockNode& block) {
  std::set<const ir::BufferNode*> used;
  for (const auto* regions : {&block.reads, &block.writes}) {
    for (const BufferRegion& r : *regions) {
      if (!used.insert(r.buffer.get()).second || !IsTrivialAccess(r)) return false;
    }
  }
  return true;
}

// A buffer and its padded replacement (TVM's BufferPadding).
struct BufferPadding {
  Buffer buffer, padded;

  static BufferPadding FromRegion(const BufferRegion& r,
                                  const std::map<const ir::ExprNode*, Expr>& padded_extents) {
    std::vector<Expr> shape;
    for (size_t i = 0; i < r.region.size(); ++i) {
      const Expr& pos = r.region[i].min;
      if (pos.as<ir::IntImmNode>()) {
        shape.push_back(ir::make_const(pos.dtype(), int64_t{1}));
      } else if (auto it = padded_extents.find(pos.as<ir::VarNode>()); it != padded_extents.end()) {
        shape.push_back(it->second);
      } else {
        shape.push_back(r.buffer->shape[i]);
      }
    }
    return {r.buffer, ir::MakeBuffer(r.buffer->name + "_pad", r.buffer->dtype, std::move(shape),
                                     r.buffer->scope)};
  }

  // The copy into the padded buffer (zeros beyond the buffer's extent) or back out of it.
  Stmt MakeCopyBlock(bool is_read, arith::Analyzer* analyzer) const {
    const std::vector<Expr>& dims = is_read ? padded->shape : buffer->shape;
    std::vector<Var> loop_vars;
    std::vector<Expr> indices, values;
    auto block = std::make_shared<BlockNode>();
    block->name = padded->name;
    Region point;
    for (size_t i = 0; i < dims.size(); ++i) {
      DataType t = dims[i].dtype();
      loop_vars.emplace_back("i" + std::to_string(i), t);
      Var v("v" + std::to_string(i), t);
      Range dom(ir::make_const(t, int64_t{0}), dims[i]);
      block->iter_vars.push_back(ir::MakeIterVar(dom, v, ir::IterVarType::DataPar));
      point.emplace_back(v, ir::make_const(t, int64_t{1}));
      indices.push_back(v);
      values.push_back(loop_vars.back());
    }
    if (is_read) {
      Expr predicate = ir::make_bool(true);
      for (size_t i = 0; i < dims.size(); ++i) {
        if (!analyzer->CanProveEqual(buffer->shape[i], padded->shape[i]))
          predicate = ir::logical_and(predicate, ir::lt(indices[i], buffer->shape[i]));
      }
      Expr load = ir::MakeBufferLoad(buffer, indices);
      Expr value = ir::is_one(predicate)
                       ? load
                       : ir::MakeCall(load.dtype(), "if_then_else",
                                      {predicate, load, ir::make_zero(load.dtype())},
                                      ir::CallKind::PureIntrinsic);
      block->body = MakeCompute(ir::MakeBufferStore(padded, value, indices));
      block->reads = {{buffer, point}};
      block->writes = {{padded, point}};
    } else {
      block->body =
          MakeCompute(ir::MakeBufferStore(buffer, ir::MakeBufferLoad(padded, indices), indices));
      block->reads = {{padded, point}};
      block->writes = {{buffer, point}};
    }
    Stmt nest = MakeBlockRealize(std::move(values), ir::make_bool(true), std::move(block));
    for (size_t i = dims.size(); i-- > 0;)
      nest = MakeFor(loop_vars[i], ir::make_const(dims[i].dtype(), int64_t{0}), dims[i],
                     ForKind::Serial, nest);
    return nest;
  }
};

// The subtree with padded iterator domains, padded loop extents and every access of a
// padded buffer moved to its replacement (TVM's PadEinsumBufferReplacer).
struct Replacer {
  std::map<const ir::ExprNode*, Expr> iter_extents, loop_extents;
  std::vector<BufferPadding> buffers;

  Stmt Visit(const Stmt& s) const {
    if (const auto* seq = As<SeqNode>(s)) {
      std::vector<Stmt> items;
      for (const Stmt& item : seq->seq) items.push_back(Visit(item));
      return MakeSeq(std::move(items));
    }
    if (const auto* loop = As<ForNode>(s)) {
      auto copy = std::make_shared<ForNode>(*loop);
      copy->body = Visit(loop->body);
      if (auto it = loop_extents.find(loop->loop_var.get()); it != loop_extents.end())
        copy->extent = it->second;
      return copy;
    }
    if (const auto* realize = As<BlockRealizeNode>(s)) {
      const BlockNode& old = *realize->block;
      Block block = std::make_shared<BlockNode>(old);
      for (const BufferPadding& p : buffers)
        block = ReplaceBuffer(*block, p.buffer, p.padded, false);
      auto node = std::make_shared<BlockNode>(*block);
      for (IterVar& iv : node->iter_vars) {
        if (auto it = iter_extents.find(iv->var.get()); it != iter_extents.end())
          iv = ir::MakeIterVar(Range(iv->dom.min, it->second), iv->var, iv->iter_type,
                               iv->thread_tag);
      }
      node->body = Visit(node->body);
      return MakeBlockRealize(realize->iter_values, realize->predicate, std::move(node));
    }
    return s;
  }
};

std::string PaddingList(const std::vector<int64_t>& padding) {
  std::string s = "[";
  for (size_t i = 0; i < padding.size(); ++i) s += (i ? ", " : "") + std::to_string(padding[i]);
  return s + "]";
}

}  // namespace pad_einsum_detail

Status PadEinsum(ScheduleState* state, const std::string& block_name,
                 const std::vector<int64_t>& padding) {
  using namespace pad_einsum_detail;
  auto found = GetBlock(*state, block_name);
  if (!found.ok()) return found.error();
  const BlockRealizeNode* realize = *found;
  const BlockNode& block = *realize->block;
  const BlockRealizeNode* scope = state->ScopeOf(realize);
  if (!scope) {
    return ScheduleError("RootBlockError", "The primitive does not operate on the root block");
  }
  if (Status st = CheckStagePipeline(*state, scope); !st.ok()) return st.error();
  bool positive = std::all_of(padding.begin(), padding.end(), [](int64_t p) { return p > 0; });
  if (padding.size() != block.iter_vars.size() || !positive) {
    return ScheduleError("InvalidPaddingError", "The padding for the block " + block_name +
                                                    " are invalid. It should be a list of " +
                                                    std::to_string(block.iter_vars.size()) +
                                                    " positive integers. Got " +
                                                    PaddingList(padding));
  }
  if (!IsEinsum(block)) {
    return ScheduleError("NonEinsumError",
                         "The block " + block_name + " not a computation of Einsum pattern.");
  }
  arith::Analyzer analyzer;
  Replacer replacer;
  for (size_t i = 0; i < padding.size(); ++i) {
    const IterVar& iv = block.iter_vars[i];
    Expr extent = iv->dom.extent;
    Expr padded =
        analyzer.Simplify(ir::mul(ir::ceildiv(extent, ir::make_const(extent.dtype(), padding[i])),
                                  ir::make_const(extent.dtype(), padding[i])));
    if (analyzer.CanProveEqual(padded, extent)) continue;
    replacer.iter_extents[iv->var.get()] = padded;
    if (const auto* loop_var = realize->iter_values[i].as<ir::VarNode>()) {
      replacer.iter_extents[loop_var] = padded;
      replacer.loop_extents[loop_var] = padded;
    }
  }
  auto needs_padding = [&](const Region& region) {
    return std::any_of(region.begin(), region.end(), [&](const Range& r) {
      const auto* v = r.min.as<ir::VarNode>();
      return v && replacer.iter_extents.count(v);
    });
  };
  // The top-level statement of the scope holding the block.
  std::vector<Stmt> top;
  if (const auto* seq = As<SeqNode>(scope->block->body)) {
    top = seq->seq;
  } else {
    top = {scope->block->body};
  }
  std::vector<const StmtNode*> path = state->PathTo(realize);
  size_t pos = 0;
  for (size_t i = 0; i < top.size(); ++i) {
    if (std::find(path.begin(), path.end(), top[i].get()) != path.end()) pos = i;
  }
  std::vector<Stmt> read_copies, write_copies;
  std::vector<Buffer> allocs;
  std::vector<std::string> names;
  for (bool is_read : {true, false}) {
    for (const BufferRegion& r : is_read ? block.reads : block.writes) {
      if (!needs_padding(r.region)) continue;
      BufferPadding p = BufferPadding::FromRegion(r, replacer.iter_extents);
      (is_read ? read_copies : write_copies).push_back(p.MakeCopyBlock(is_read, &analyzer));
      allocs.push_back(p.padded);
      names.push_back(p.padded->name);
      replacer.buffers.push_back(std::move(p));
    }
  }
  for (const std::string& name : names) {
    if (!state->FindBlocks(name).empty() || std::count(names.begin(), names.end(), name) > 1) {
      return ScheduleError("ValueError", "A block named " + name + " already exists");
    }
  }
  std::vector<Stmt> body(top.begin(), top.begin() + static_cast<long>(pos));
  body.insert(body.end(), read_copies.begin(), read_copies.end());
  body.push_back(replacer.Visit(top[pos]));
  body.insert(body.end(), write_copies.begin(), write_copies.end());
  body.insert(body.end(), top.begin() + static_cast<long>(pos) + 1, top.end());
  auto root = std::make_shared<BlockNode>(*scope->block);
  root->body = MakeSeq(std::move(body));
  root->alloc_buffers.insert(root->alloc_buffers.end(), allocs.begin(), allocs.end());
  state->Replace(scope, MakeBlockRealize(scope->iter_values, scope->predicate, std::move(root)));
  return Status::Ok();
}

}  // namespace tessera::tir
