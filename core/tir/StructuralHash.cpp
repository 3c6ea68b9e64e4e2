// A hash of a TensorIR function that agrees with FirstDifference: it reads only what
// the comparison compares (the tree's shape, loop kinds, extents, regions, buffers'
// types and shapes, every expression with its variables and buffers by position), so
// two functions FirstDifference calls equal hash alike.
#include <functional>

#include "ir/StructuralEqual.h"
#include "tir/StructuralEqual.h"

namespace tessera::tir {

namespace {

class FunctionHasher {
 public:
  size_t value() const { return seed_; }

  void Mix(size_t v) { seed_ ^= v + 0x9e3779b97f4a7c15ull + (seed_ << 6) + (seed_ >> 2); }
  void Mix(const std::string& s) { Mix(std::hash<std::string>()(s)); }
  void Hash(const Expr& e) { Mix(e.defined() ? ir::StructuralHash(e, true) : size_t{0x5eed}); }
  void Hash(const ir::Stmt& s) { Mix(s.defined() ? ir::StructuralHash(s, true) : size_t{0x5eed}); }
  void Hash(const Buffer& b) {
    Mix(static_cast<size_t>(b->dtype.code()) << 16 ^ b->dtype.bits() ^ b->dtype.lanes() << 8);
    Mix(b->shape.size());
    for (const Expr& e : b->shape) Hash(e);
    Mix(b->scope);
  }
  void Hash(const BufferRegion& r) {
    Mix(r.region.size());
    for (const Range& range : r.region) {
      Hash(range.min);
      Hash(range.extent);
    }
  }

  void Hash(const Stmt& s) {
    if (!s) return Mix(size_t{0x5eed});
    Mix(0x100 + static_cast<size_t>(s->kind));
    if (const auto* c = As<ComputeNode>(s)) return Hash(c->stmt);
    if (const auto* seq = As<SeqNode>(s)) {
      Mix(seq->seq.size());
      for (const Stmt& e : seq->seq) Hash(e);
      return;
    }
    if (const auto* loop = As<ForNode>(s)) {
      Hash(loop->min);
      Hash(loop->extent);
      Mix(static_cast<size_t>(loop->for_kind));
      Mix(loop->thread_tag);
      Mix(loop->annotations.size());
      return Hash(loop->body);
    }
    const auto* realize = As<BlockRealizeNode>(s);
    if (!realize) return;
    Mix(realize->iter_values.size());
    for (const Expr& v : realize->iter_values) Hash(v);
    Hash(realize->predicate);
    const BlockNode& block = *realize->block;
    for (const IterVar& iv : block.iter_vars) {
      Mix(static_cast<size_t>(iv->iter_type));
      Hash(iv->dom.min);
      Hash(iv->dom.extent);
    }
    for (const auto* regions : {&block.reads, &block.writes}) {
      Mix(regions->size());
      for (const BufferRegion& r : *regions) Hash(r);
    }
    Mix(block.alloc_buffers.size());
    for (const Buffer& b : block.alloc_buffers) Hash(b);
    Mix(block.match_buffers.size());
    for (const MatchBufferRegion& m : block.match_buffers) {
      Hash(m.buffer);
      Hash(m.source);
    }
    for (const auto& [key, value] : block.annotations) Mix(key);
    Hash(block.init);
    Hash(block.init_nest);
    Hash(block.body);
  }

 private:
  size_t seed_ = 0;
};

}  // namespace

size_t StructuralHash(const PrimFunc& f, FunctionComparison how) {
  FunctionHasher h;
  if (how.compare_names) h.Mix(f.name);
  h.Mix(f.params.size());
  for (const Buffer& b : f.params) h.Hash(b);
  h.Mix(f.scalar_params.size());
  h.Hash(f.body);
  return h.value();
}

}  // namespace tessera::tir
