#include "views/TirBoundsModel.h"

#include <QCoreApplication>
#include <algorithm>
#include <set>

#include "arith/Analyzer.h"
#include "ir/ExprOp.h"
#include "ir/Functor.h"
#include "tir/RegionAnalysis.h"
#include "tir/ScriptPrinter.h"
#include "views/TirIntents.h"
#include "views/TirText.h"

namespace tessera::views {
namespace {

using arith::IntSet;

struct TirBoundsModelText {
  Q_DECLARE_TR_FUNCTIONS(TirBoundsModel)
};

QString E(const ir::Expr& e) {
  if (arith::is_neg_inf(e)) return "-inf";
  if (arith::is_pos_inf(e)) return "+inf";
  return Q(tir::ExprToTVMScript(e));
}

QString SetText(const IntSet& s) {
  if (s.is_empty()) return TirBoundsModelText::tr("empty");
  return "[" + E(s.min()) + ", " + E(s.max()) + "]";
}

QString LoopRangeText(const tir::ForNode& l, arith::Analyzer* a) {
  return "[" + E(a->Simplify(l.min)) + ", " + E(a->Simplify(l.min + l.extent - 1)) + "]";
}

bool Accesses(const std::vector<tir::BufferRegion>& regions, const tir::Buffer& b) {
  return std::any_of(regions.begin(), regions.end(),
                     [&](const tir::BufferRegion& r) { return r.buffer == b; });
}

// The blocks other than `producer` that read `buffer`, in pre order.
std::vector<const tir::BlockRealizeNode*> Readers(const tir::Schedule& sch, const tir::Buffer& b,
                                                  const tir::BlockRealizeNode* producer) {
  std::vector<const tir::BlockRealizeNode*> out;
  for (const tir::BlockRealizeNode* r : TirBlocks(sch))
    if (r != producer && r->block->name != producer->block->name && Accesses(r->block->reads, b))
      out.push_back(r);
  return out;
}

// The buffers `producer` writes that another block reads, each once.
std::vector<tir::Buffer> ReadWrites(const tir::Schedule& sch,
                                    const tir::BlockRealizeNode* producer) {
  std::vector<tir::Buffer> out;
  for (const tir::BufferRegion& w : producer->block->writes)
    if (std::find(out.begin(), out.end(), w.buffer) == out.end() &&
        !Readers(sch, w.buffer, producer).empty())
      out.push_back(w.buffer);
  return out;
}

bool Under(const tir::ScheduleState& state, const tir::StmtNode* node, const tir::ForNode* loop) {
  std::vector<const tir::StmtNode*> path = state.PathTo(node);
  return std::find(path.begin(), path.end(), loop) != path.end();
}

// The innermost loop above `producer` under which a reader of what it writes also sits;
// null when none (the producer is at the root). `owner` gets that reader's name.
const tir::ForNode* ComputeAtPoint(const tir::Schedule& sch, const tir::BlockRealizeNode* producer,
                                   QString* owner) {
  std::vector<const tir::ForNode*> loops = sch.state().LoopsAbove(producer);
  std::vector<tir::Buffer> written = ReadWrites(sch, producer);
  for (size_t i = loops.size(); i-- > 0;)
    for (const tir::Buffer& b : written)
      for (const tir::BlockRealizeNode* r : Readers(sch, b, producer))
        if (Under(sch.state(), r, loops[i])) {
          *owner = Q(r->block->name);
          return loops[i];
        }
  return nullptr;
}

// Each loop var of `loops` bound to its range, so that counts and clipping know them.
void BindLoops(arith::Analyzer* a, const std::vector<const tir::ForNode*>& loops) {
  for (const tir::ForNode* l : loops) a->Bind(l->loop_var, ir::Range(l->min, l->extent), true);
}

// The largest extent of `s` over the loops `a` knows; nullopt when unbounded.
std::optional<int64_t> MaxExtent(const IntSet& s, arith::Analyzer* a) {
  if (s.is_empty()) return 0;
  if (!s.is_bounded()) return std::nullopt;
  arith::ConstIntBound b = a->const_int_bound(a->Simplify(s.max() - s.min() + 1));
  if (b.max_value == arith::ConstIntBound::kPosInf) return std::nullopt;
  return std::max<int64_t>(b.max_value, 0);
}

// Bound of the number of elements of a region: the product of each dimension's largest
// extent; nullopt when one is unbounded. `looser` (the same region before clipping, when
// given) bounds each extent too: a clipped end (max(i - 1, 0)) bounds less tightly.
std::optional<int64_t> Elements(const std::vector<IntSet>& sets, arith::Analyzer* a,
                                const std::vector<IntSet>* looser = nullptr) {
  int64_t n = 1;
  for (size_t d = 0; d < sets.size(); ++d) {
    std::optional<int64_t> e = MaxExtent(sets[d], a);
    if (looser && d < looser->size())
      if (std::optional<int64_t> l = MaxExtent((*looser)[d], a); l && (!e || *l < *e)) e = l;
    if (!e) return std::nullopt;
    n *= *e;
  }
  return n;
}

// "B[i, j - 1:j + 2]" as TVMScript writes a region; unbounded ends take the buffer's.
QString RegionText(const tir::Buffer& b, const std::vector<IntSet>& sets, arith::Analyzer* a) {
  QStringList dims;
  for (size_t d = 0; d < sets.size(); ++d) {
    ir::Expr dim = d < b->shape.size() ? b->shape[d] : ir::Expr(1);
    ir::Range r = sets[d].CoverRange(ir::Range(ir::make_zero(dim.dtype()), dim));
    ir::Expr min = a->Simplify(r.min), extent = a->Simplify(r.extent);
    dims << (ir::is_one(extent) ? E(min) : E(min) + ":" + E(a->Simplify(min + extent)));
  }
  return Q(b->name) + "[" + dims.join(", ") + "]";
}

std::vector<TirRegionRow> DimRows(const std::vector<IntSet>& sets) {
  std::vector<TirRegionRow> rows;
  for (size_t d = 0; d < sets.size(); ++d)
    rows.push_back({TirBoundsModelText::tr("dim %1").arg(d), SetText(sets[d])});
  return rows;
}

// [lo, hi] relaxed over `loop`'s range.
std::vector<IntSet> RelaxOver(const std::vector<IntSet>& sets, const tir::ForNode& loop,
                              arith::Analyzer* a) {
  arith::IntSetMap dom;
  dom[loop.loop_var] = IntSet::FromMinExtent(loop.min, loop.extent);
  std::vector<IntSet> out;
  for (const IntSet& s : sets) {
    if (s.is_empty()) {
      out.push_back(s);
      continue;
    }
    ir::Expr lo = s.has_lower_bound() ? arith::EvalSet(s.min(), dom, a).min() : s.min();
    ir::Expr hi = s.has_upper_bound() ? arith::EvalSet(s.max(), dom, a).max() : s.max();
    out.push_back(IntSet::Interval(lo, hi));
  }
  return out;
}

// The region of `b` each block under `loop` reads (writes), relaxed over the loops below
// it; `loop` null: over the whole function.
std::vector<tir::ConsumerRegion> RegionsAt(const tir::Schedule& sch, const tir::ForNode* loop,
                                           const tir::Buffer& b, bool reads, arith::Analyzer* a) {
  const tir::ScheduleState& state = sch.state();
  if (loop) {
    return (reads ? tir::AnalyzeRequiredRegion(state, loop, b)
                  : tir::AnalyzeProvidedRegion(state, loop, b))
        .consumers;
  }
  // The whole function: each top-level loop's analysis, relaxed over that loop too.
  std::vector<tir::ConsumerRegion> out;
  std::set<const tir::ForNode*> done;
  for (const tir::BlockRealizeNode* r : TirBlocks(sch)) {
    if (!Accesses(reads ? r->block->reads : r->block->writes, b)) continue;
    std::vector<const tir::ForNode*> loops = state.LoopsAbove(r);
    if (loops.empty() || !done.insert(loops.front()).second) continue;
    for (tir::ConsumerRegion c : RegionsAt(sch, loops.front(), b, reads, a)) {
      c.region = RelaxOver(c.region, *loops.front(), a);
      c.relaxed_loops.insert(c.relaxed_loops.begin(), loops.front()->loop_var);
      out.push_back(std::move(c));
    }
  }
  return out;
}

TirConsumerRegion ConsumerRows(const tir::Schedule& sch, const tir::ConsumerRegion& c,
                               const tir::Buffer& b, arith::Analyzer* a) {
  TirConsumerRegion out;
  out.block = Q(c.block);
  for (const ir::Var& v : c.relaxed_loops)
    if (const tir::ForNode* l = sch.state().FindLoop(v))
      out.relaxed.push_back({Q(v.name()), LoopRangeText(*l, a)});
  out.dims = DimRows(c.region);
  out.region = RegionText(b, c.region, a);
  return out;
}

// The union clipped to [0, shape - 1] per dimension, as TVM's compute_at bounds the
// producer's iterators by the buffer; `clipped` says where that changed something.
std::vector<IntSet> ClipToBuffer(const tir::Buffer& b, const std::vector<IntSet>& sets,
                                 arith::Analyzer* a, std::vector<bool>* clipped) {
  std::vector<IntSet> out;
  for (size_t d = 0; d < sets.size(); ++d) {
    if (d >= b->shape.size() || sets[d].is_empty()) {
      out.push_back(sets[d]);
      clipped->push_back(false);
      continue;
    }
    IntSet whole = IntSet::Interval(ir::make_zero(b->shape[d].dtype()), b->shape[d] - 1);
    bool inside = sets[d].is_bounded() && a->CanProveGreaterEqual(sets[d].min(), 0) &&
                  a->CanProve(sets[d].max() < b->shape[d]);
    out.push_back(inside ? sets[d] : arith::Intersect({sets[d], whole}, a));
    clipped->push_back(!inside);
  }
  return out;
}

TirRegionTables BuildTables(const tir::Schedule& sch, const tir::BlockRealizeNode* producer,
                            const tir::Buffer& b, const tir::ForNode* loop, const QString& owner) {
  const tir::ScheduleState& state = sch.state();
  TirRegionTables t;
  t.producer = Q(producer->block->name);
  t.buffer = Q(b->name);
  t.loop_block = loop ? owner : QString();
  t.loop = loop ? Q(loop->loop_var.name()) : QString();
  QString ignored;
  t.producer_here = ComputeAtPoint(sch, producer, &ignored) == loop;
  arith::Analyzer a;
  if (loop) {
    std::vector<const tir::ForNode*> outer = state.LoopsAbove(loop);
    outer.push_back(loop);
    BindLoops(&a, outer);
  }
  std::vector<IntSet> united;
  for (const tir::ConsumerRegion& c : RegionsAt(sch, loop, b, /*reads=*/true, &a)) {
    if (Q(c.block) == t.producer) continue;
    t.consumers.push_back(ConsumerRows(sch, c, b, &a));
    for (size_t d = 0; d < c.region.size(); ++d) {
      if (d < united.size())
        united[d] = arith::Union({united[d], c.region[d]}, &a);
      else
        united.push_back(c.region[d]);
    }
  }
  t.union_dims = DimRows(united);
  t.unclipped_region = RegionText(b, united, &a);
  std::vector<bool> clipped;
  std::vector<IntSet> required = ClipToBuffer(b, united, &a, &clipped);
  t.clipped_dims = DimRows(required);
  for (size_t d = 0; d < clipped.size(); ++d) t.clipped_dims[d].clipped = clipped[d];
  t.required_region = RegionText(b, required, &a);
  t.required_elements = Elements(required, &a, &united);
  if (!loop || Under(state, producer, loop)) {
    for (const tir::ConsumerRegion& c : RegionsAt(sch, loop, b, /*reads=*/false, &a)) {
      if (Q(c.block) != t.producer) continue;
      t.provided_dims = DimRows(c.region);
      t.provided_region = RegionText(b, c.region, &a);
      t.computed_elements = Elements(c.region, &a);
    }
  }
  return t;
}

}  // namespace

QString TirRegionTables::title() const {
  QString at = loop.isEmpty() ? TirBoundsModelText::tr("the root") : loop_block + ": " + loop;
  QString text = TirBoundsModelText::tr("%1 (%2) at %3").arg(producer, buffer, at);
  return producer_here ? text + " " + TirBoundsModelText::tr("— where it is computed") : text;
}

std::optional<double> TirBlockBounds::overcompute() const {
  if (!computed_elements || !required_elements || *required_elements == 0) return std::nullopt;
  return double(*computed_elements) / double(*required_elements);
}

std::vector<TirBlockBounds> TirBlockBoundsOf(const tir::Schedule& sch) {
  std::vector<TirBlockBounds> out;
  const tir::ScheduleState& state = sch.state();
  for (const tir::BlockRealizeNode* r : TirBlocks(sch)) {
    TirBlockBounds b;
    b.block = Q(r->block->name);
    for (const ir::IterVar& iv : r->block->iter_vars)
      b.iterators += iv->iter_type == ir::IterVarType::CommReduce ? "R" : "S";
    arith::Analyzer a;
    for (const tir::ForNode* l : state.LoopsAbove(r))
      b.loops.push_back({Q(l->loop_var.name()), TirLoopKindText(*l), E(a.Simplify(l->min)),
                         E(a.Simplify(l->extent))});
    const tir::ForNode* point = ComputeAtPoint(sch, r, &b.attach_block);
    b.attach = point ? Q(point->loop_var.name()) : TirBoundsModelText::tr("root");
    std::vector<tir::Buffer> written = ReadWrites(sch, r);
    b.is_output = written.empty();
    if (!written.empty()) {
      TirRegionTables t = BuildTables(sch, r, written.front(), point, b.attach_block);
      b.computed_region = t.provided_region;
      b.computed_elements = t.computed_elements;
      b.required_elements = t.required_elements;
    } else if (!r->block->writes.empty()) {
      const tir::Buffer& w = r->block->writes.front().buffer;
      for (const tir::ConsumerRegion& c : RegionsAt(sch, nullptr, w, /*reads=*/false, &a))
        if (Q(c.block) == b.block) {
          b.computed_region = RegionText(w, c.region, &a);
          b.computed_elements = Elements(c.region, &a);
        }
    }
    out.push_back(std::move(b));
  }
  return out;
}

std::vector<TirRegionTables> TirRegionTablesOf(const tir::Schedule& sch, const QString& producer) {
  std::vector<TirRegionTables> out;
  const tir::BlockRealizeNode* p = TirFindBlock(sch, producer);
  if (!p || p == tir::RootRealize(sch.func())) return out;
  for (const tir::Buffer& b : ReadWrites(sch, p)) {
    std::vector<const tir::ForNode*> seen;
    for (const tir::BlockRealizeNode* r : Readers(sch, b, p)) {
      for (const tir::ForNode* l : sch.state().LoopsAbove(r)) {
        if (std::find(seen.begin(), seen.end(), l) != seen.end()) continue;
        seen.push_back(l);
        out.push_back(BuildTables(sch, p, b, l, Q(r->block->name)));
      }
    }
    out.push_back(BuildTables(sch, p, b, nullptr, QString()));
  }
  return out;
}

}  // namespace tessera::views
