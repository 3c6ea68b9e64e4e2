#include "schedule/IterVarRelation.h"

namespace tessera::schedule {

namespace {
template <class... Ts>
struct Overloaded : Ts... {
  using Ts::operator()...;
};
template <class... Ts>
Overloaded(Ts...) -> Overloaded<Ts...>;
}  // namespace

const char* relation_name(const IterVarRelation& r) {
  return std::visit(Overloaded{[](const SplitRelation&) { return "split"; },
                               [](const FuseRelation&) { return "fuse"; },
                               [](const RebaseRelation&) { return "rebase"; },
                               [](const SingletonRelation&) { return "singleton"; },
                               [](const TransformRelation&) { return "transform"; }},
                    r);
}

std::vector<IterVar> relation_parents(const IterVarRelation& r) {
  return std::visit(
      Overloaded{[](const SplitRelation& s) { return std::vector<IterVar>{s.parent}; },
                 [](const FuseRelation& f) {
                   return std::vector<IterVar>{f.outer, f.inner};
                 },
                 [](const RebaseRelation& b) { return std::vector<IterVar>{b.parent}; },
                 [](const SingletonRelation&) { return std::vector<IterVar>{}; },
                 [](const TransformRelation& t) { return t.original; }},
      r);
}

std::vector<IterVar> relation_children(const IterVarRelation& r) {
  return std::visit(
      Overloaded{[](const SplitRelation& s) {
                   return std::vector<IterVar>{s.outer, s.inner};
                 },
                 [](const FuseRelation& f) { return std::vector<IterVar>{f.fused}; },
                 [](const RebaseRelation& b) { return std::vector<IterVar>{b.rebased}; },
                 [](const SingletonRelation& s) { return std::vector<IterVar>{s.iter}; },
                 [](const TransformRelation& t) { return t.transformed; }},
      r);
}

}  // namespace tessera::schedule
