#include "codegen/StridedSpans.h"

#include <algorithm>
#include <optional>
#include <set>
#include <utility>

#include "codegen/BufferIndex.h"
#include "ir/ExprOp.h"
#include "ir/Functor.h"
#include "ir/StructuralEqual.h"

namespace tessera::codegen {

using namespace ir;

namespace {

// The most taps one span serves: a window's row (3 to 7 taps) in one span, a longer row in
// several.
constexpr size_t kMaxTaps = 8;

// A strided vector load: its last index is `rest + offset` at `stride`, `lanes` wide.
struct Candidate {
  const BufferLoadNode* load;
  Expr rest;
  int64_t offset;
  int64_t stride;
  int lanes;
  bool guarded;  // an if_then_else's branch: its lanes may be out of bounds
};

// Splits a constant term off an index: (rest, c) with index == rest + c.
std::pair<Expr, int64_t> SplitOffset(const Expr& e) {
  if (const int64_t* c = as_const_int(e)) return {make_zero(e.dtype()), *c};
  if (auto* b = e.as<BinaryNode>(); b && (b->kind == ExprKind::Add || b->kind == ExprKind::Sub)) {
    if (const int64_t* c = as_const_int(b->b)) {
      auto [rest, k] = SplitOffset(b->a);
      return {rest, b->kind == ExprKind::Add ? k + *c : k - *c};
    }
  }
  return {e, 0};
}

// The strided loads a store reads unconditionally; and, marked guarded, those that are
// an if_then_else's branch (a padding's read, whose lanes may be masked off). Nothing
// under a Let (its indices may name the Let's variable) or deeper in a branch.
class StridedLoads : public IRVisitor {
 public:
  explicit StridedLoads(int64_t max_stride) : max_stride_(max_stride) {}
  std::vector<Candidate> found;

 protected:
  void VisitCall(const CallNode* n, const Expr& e) override {
    if (n->op == "if_then_else" && n->args.size() == 3) {
      VisitExpr(n->args[0]);
      for (size_t i = 1; i < 3; ++i)
        if (auto* load = n->args[i].as<BufferLoadNode>()) Consider(load, true);
      return;
    }
    IRVisitor::VisitCall(n, e);
  }
  void VisitLet(const LetNode*, const Expr&) override {}
  void VisitBufferLoad(const BufferLoadNode* n, const Expr& e) override {
    IRVisitor::VisitBufferLoad(n, e);
    Consider(n, false);
  }

 private:
  void Consider(const BufferLoadNode* n, bool guarded) {
    const DataType elem = n->buffer->dtype.element_of();
    if (n->dtype.lanes() < 2 || n->indices.empty() || elem.is_bool() ||
        (elem.bits() != 32 && elem.bits() != 64))
      return;
    for (size_t d = 0; d + 1 < n->indices.size(); ++d)
      if (!n->indices[d].dtype().is_scalar()) return;
    int64_t stride = 0;
    Expr base = StridedBase(n->indices.back(), &stride);
    if (!base.defined() || stride < 2 || stride > max_stride_) return;
    auto [rest, offset] = SplitOffset(base);
    found.push_back({n, rest, offset, stride, n->dtype.lanes(), guarded});
  }

  int64_t max_stride_;
};

// A call that is not pure may write any buffer, the loaded one too.
bool MayWriteMemory(const Expr& value) {
  bool impure = false;
  PostOrderVisit(value, [&](const Expr& e) {
    if (auto* call = e.as<CallNode>())
      impure =
          impure || call->call_kind == CallKind::Intrinsic || call->call_kind == CallKind::Extern;
  });
  return impure;
}

bool SameSpan(const Candidate& a, const Candidate& b) {
  const BufferLoadNode& x = *a.load;
  const BufferLoadNode& y = *b.load;
  if (x.buffer.get() != y.buffer.get() || a.stride != b.stride || a.lanes != b.lanes ||
      x.dtype != y.dtype || x.indices.size() != y.indices.size())
    return false;
  for (size_t d = 0; d + 1 < x.indices.size(); ++d)
    if (!StructuralEqual(x.indices[d], y.indices[d])) return false;
  return StructuralEqual(a.rest, b.rest);
}

// Whether a tap at `offset` (lanes elements, `stride` apart) lies in chunks a and b.
bool Covers(int64_t offset, int64_t stride, int lanes, int64_t a, int64_t b, int64_t p) {
  for (int k = 0; k < lanes; ++k) {
    const int64_t e = offset + stride * k;
    if (!(a <= e && e < a + p) && !(b <= e && e < b + p)) return false;
  }
  return true;
}

// Taps (distinct offsets from the span's first element) covering every element from 0 to
// `length` - 1 between them: the chunks to load, chosen greedily (the pair covering the
// most taps still uncovered, then the fewer new loads), and each tap's pair. Empty when
// that is `most_chunks` or more (no fewer vectors than the taps alone, two each).
std::vector<int64_t> ChooseChunks(const std::vector<int64_t>& taps, int64_t stride, int lanes,
                                  int64_t length, int64_t p, size_t most_chunks,
                                  std::vector<std::pair<size_t, size_t>>* pairs) {
  const int64_t last = stride * (lanes - 1);
  std::set<int64_t> options;
  for (int64_t g = 0; g + p <= length; g += p) options.insert(g);
  options.insert(length - p);
  for (int64_t o : taps) {
    options.insert(o);
    options.insert(o + last + 1 - p);
  }
  std::vector<int64_t> candidates;
  for (int64_t o : options)
    if (o >= 0 && o + p <= length) candidates.push_back(o);
  std::set<int64_t> chosen;
  std::vector<bool> covered(taps.size(), false);
  std::vector<std::pair<int64_t, int64_t>> tap_chunks(taps.size());  // starts, not indices
  size_t left = taps.size();
  while (left > 0) {
    size_t best_gain = 0;
    int best_cost = 3;
    std::pair<int64_t, int64_t> best{0, 0};
    for (size_t i = 0; i < candidates.size(); ++i)
      for (size_t j = i; j < candidates.size(); ++j) {
        const int64_t a = candidates[i], b = candidates[j];
        size_t gain = 0;
        for (size_t t = 0; t < taps.size(); ++t)
          if (!covered[t] && Covers(taps[t], stride, lanes, a, b, p)) ++gain;
        const int cost = (chosen.count(a) ? 0 : 1) + (a != b && !chosen.count(b) ? 1 : 0);
        if (gain > best_gain || (gain == best_gain && gain > 0 && cost < best_cost)) {
          best_gain = gain;
          best_cost = cost;
          best = {a, b};
        }
      }
    if (best_gain == 0) return {};  // cannot happen: each tap's own pair covers it
    chosen.insert(best.first);
    chosen.insert(best.second);
    for (size_t t = 0; t < taps.size(); ++t)
      if (!covered[t] && Covers(taps[t], stride, lanes, best.first, best.second, p)) {
        covered[t] = true;
        tap_chunks[t] = best;
        --left;
      }
  }
  if (chosen.size() >= most_chunks) return {};
  std::vector<int64_t> starts(chosen.begin(), chosen.end());
  auto index_of = [&](int64_t start) {
    return static_cast<size_t>(std::lower_bound(starts.begin(), starts.end(), start) -
                               starts.begin());
  };
  pairs->clear();
  for (const auto& [a, b] : tap_chunks) pairs->emplace_back(index_of(a), index_of(b));
  return starts;
}

// The lanes each tap of a cluster (ascending offsets) is moved from its neighbours one
// stride above (StridedSpans.h): 0 for the taps loaded as vectors. A tap moved by as many
// lanes as it has shares none and is loaded.
std::vector<int> TapShifts(const std::vector<int64_t>& taps, int64_t stride, int lanes) {
  std::vector<int> shift(taps.size(), 0);
  for (size_t t = taps.size(); t-- > 0;) {
    auto up = std::lower_bound(taps.begin(), taps.end(), taps[t] + stride);
    if (up == taps.end() || *up != taps[t] + stride) continue;
    const int above = shift[static_cast<size_t>(up - taps.begin())];
    if (above + 1 < lanes) shift[t] = above + 1;
  }
  return shift;
}

}  // namespace

SharedSpans FindSharedSpans(const std::vector<Stmt>& run, int64_t max_stride, bool shifted_taps) {
  SharedSpans out;
  std::set<const ExprNode*> written;
  StridedLoads loads(max_stride);
  for (const Stmt& s : run) {
    auto* store = s.as<BufferStoreNode>();
    if (!store || MayWriteMemory(store->value)) return out;
    written.insert(store->buffer->data.get());
    loads.VisitExpr(store->value);
  }
  // Group the loads by span, in order of first appearance.
  std::vector<std::vector<Candidate>> groups;
  for (const Candidate& c : loads.found) {
    if (written.count(c.load->buffer->data.get())) continue;
    auto it = std::find_if(groups.begin(), groups.end(),
                           [&](const std::vector<Candidate>& g) { return SameSpan(g[0], c); });
    if (it == groups.end())
      groups.push_back({c});
    else
      it->push_back(c);
  }
  for (const std::vector<Candidate>& group : groups) {
    const int64_t stride = group[0].stride;
    const int lanes = group[0].lanes;
    const int64_t last = stride * (lanes - 1);
    int64_t p = 1;
    while (2 * p <= last + 1) p *= 2;
    std::set<int64_t> offsets;  // the unconditional taps'
    for (const Candidate& c : group)
      if (!c.guarded) offsets.insert(c.offset);
    // Clusters of taps whose spans touch, at most kMaxTaps each (the choice of vectors is
    // quadratic in them); each must read every element of its span.
    std::vector<std::vector<int64_t>> clusters;
    for (int64_t o : offsets) {
      if (clusters.empty() || o > clusters.back().back() + last + 1 ||
          clusters.back().size() >= kMaxTaps)
        clusters.push_back({o});
      else
        clusters.back().push_back(o);
    }
    for (const std::vector<int64_t>& cluster : clusters) {
      if (cluster.size() < 2) continue;
      const int64_t first = cluster.front();
      const int64_t length = cluster.back() + last + 1 - first;
      std::vector<bool> read(static_cast<size_t>(length), false);
      for (int64_t o : cluster)
        for (int k = 0; k < lanes; ++k) read[static_cast<size_t>(o - first + stride * k)] = true;
      if (std::find(read.begin(), read.end(), false) != read.end()) continue;
      std::vector<int64_t> taps;
      for (int64_t o : cluster) taps.push_back(o - first);
      const std::vector<int> shift =
          shifted_taps ? TapShifts(taps, stride, lanes) : std::vector<int>(taps.size(), 0);
      std::vector<int64_t> heads;  // the taps loaded as vectors
      std::set<int64_t> elements;  // and the elements loaded alone
      for (size_t t = 0; t < taps.size(); ++t) {
        if (shift[t] == 0) heads.push_back(taps[t]);
        for (int k = 0; k < shift[t]; ++k) elements.insert(taps[t] + stride * k);
      }
      std::vector<std::pair<size_t, size_t>> pairs;
      std::vector<int64_t> starts =
          ChooseChunks(heads, stride, lanes, length, p, 2 * taps.size(), &pairs);
      if (starts.empty()) continue;
      const BufferLoadNode& load = *group[0].load;
      SharedSpan span;
      span.buffer = load.buffer;
      span.leading.assign(load.indices.begin(), load.indices.end() - 1);
      span.first = add(group[0].rest, make_const(group[0].rest.dtype(), first));
      span.chunk_lanes = p;
      span.chunk_starts = std::move(starts);
      span.elements.assign(elements.begin(), elements.end());
      const size_t index = out.spans.size();
      out.spans.push_back(std::move(span));
      auto read_of = [&](int64_t tap, int m, bool guarded) {
        const int64_t head = tap + stride * m;
        const auto& pair = pairs[static_cast<size_t>(
            std::lower_bound(heads.begin(), heads.end(), head) - heads.begin())];
        return SpanRead{index, tap, stride, lanes, pair.first, pair.second, m, guarded};
      };
      auto shift_of = [&](int64_t tap) -> std::optional<int> {
        auto at = std::lower_bound(taps.begin(), taps.end(), tap);
        if (at == taps.end() || *at != tap) return std::nullopt;
        return shift[static_cast<size_t>(at - taps.begin())];
      };
      for (const Candidate& c : group) {
        if (out.reads.count(c.load)) continue;
        const int64_t tap = c.offset - first;
        if (auto m = shift_of(tap)) {
          out.reads[c.load] = read_of(tap, *m, false);
        } else if (c.guarded && shifted_taps) {
          // A guarded tap one stride below a tap of the span: that tap moved up a lane,
          // the first lane (perhaps out of bounds) loaded only where the guard holds.
          auto above = shift_of(tap + stride);
          if (above && *above + 1 < lanes) out.reads[c.load] = read_of(tap, *above + 1, true);
        }
      }
    }
  }
  return out;
}

}  // namespace tessera::codegen
