#include "tune/Knob.h"

#include <algorithm>
#include <sstream>

namespace tessera::tune {

Knob MakeSplitKnob(std::string name, int64_t extent, int parts) {
  Knob k;
  k.name = std::move(name);
  k.kind = Knob::Kind::Split;
  k.extent = extent;
  k.parts = parts;
  return k;
}

Knob MakeChoiceKnob(std::string name, std::vector<int64_t> choices) {
  Knob k;
  k.name = std::move(name);
  k.choices = std::move(choices);
  return k;
}

Result<std::vector<int64_t>> KnobFactors(const Decisions& d, const std::string& name) {
  auto it = d.values.find(name);
  if (it == d.values.end()) return Error("tune: the decisions have no knob " + name);
  return it->second;
}

Result<int64_t> KnobChoice(const Decisions& d, const std::string& name) {
  auto it = d.values.find(name);
  if (it == d.values.end()) return Error("tune: the decisions have no knob " + name);
  if (it->second.empty()) return Error("tune: knob " + name + " has no value");
  return it->second.front();
}

int64_t KnobChoiceOr(const Decisions& d, const std::string& name, int64_t fallback) {
  auto it = d.values.find(name);
  return it == d.values.end() || it->second.empty() ? fallback : it->second.front();
}

void KnobTable::Add(Knob k) {
  index_[k.name] = knobs_.size();
  knobs_.push_back(std::move(k));
}

Result<const Knob*> KnobTable::Find(const std::string& name) const {
  auto it = index_.find(name);
  if (it == index_.end()) return Error("tune: the design space has no knob " + name);
  return &knobs_[it->second];
}

bool KnobTable::Contains(const Decisions& d) const {
  if (d.values.size() != knobs_.size()) return false;
  for (const Knob& k : knobs_) {
    auto it = d.values.find(k.name);
    if (it == d.values.end()) return false;
    const std::vector<int64_t>& v = it->second;
    if (k.kind == Knob::Kind::Choice) {
      if (v.size() != 1 || std::find(k.choices.begin(), k.choices.end(), v[0]) == k.choices.end())
        return false;
      continue;
    }
    if (static_cast<int>(v.size()) != k.parts) return false;
    int64_t outer = 1;
    for (int64_t f : v) {
      if (f < 1) return false;
    }
    for (size_t i = 0; i + 1 < v.size(); ++i) outer *= v[i];
    // The outer factors cover the extent exactly, or (ragged) its last partial tile too.
    const int64_t inner = v.back();
    const bool exact = k.extent % inner == 0 && outer == k.extent / inner;
    const bool ragged = k.ragged_innermost && inner < k.extent && inner % k.ragged_multiple == 0 &&
                        outer == (k.extent + inner - 1) / inner;
    if (!exact && !ragged) return false;
  }
  return true;
}

Status KnobTable::CheckNames(const Decisions& d) const {
  for (const Knob& k : knobs_)
    if (!d.values.count(k.name)) return Error("tune: the decisions have no knob " + k.name);
  for (const auto& [name, values] : d.values)
    if (!index_.count(name)) return Error("tune: the design space has no knob " + name);
  return Status::Ok();
}

std::vector<int64_t> SampleKnob(const Knob& k, std::mt19937_64& rng) {
  if (k.kind == Knob::Kind::Choice) return {PickOne(k.choices, rng)};
  std::vector<int64_t> all = Divisors(k.extent);
  std::vector<int64_t> inner;
  for (int64_t d : all)
    if (d % k.innermost_multiple == 0 && (k.innermost_max <= 0 || d <= k.innermost_max))
      inner.push_back(d);
  if (inner.empty())
    inner = {k.innermost_multiple <= k.extent && k.extent % k.innermost_multiple == 0
                 ? k.innermost_multiple
                 : 1};
  // Priors (Ansor samples tiles uniformly and leaves the rest to the model; with a few
  // dozen trials a prior matters): half of the samples keep the middle spatial level
  // (S2) and the inner reduction level (R1) at 1 or small, the structure of hand-written
  // CPU kernels (register tile inside the whole reduction loop).
  std::bernoulli_distribution coin(0.5);
  std::vector<int64_t> factors(k.parts, 1);
  if (k.parts == kReduceLevels && k.innermost_multiple == 1 && coin(rng)) {
    std::vector<int64_t> small;
    for (int64_t d : inner)
      if (d <= 8) small.push_back(d);
    factors[1] = PickOne(small.empty() ? inner : small, rng);
  } else {
    factors[k.parts - 1] = PickOne(inner, rng);
  }
  // Ragged tiles (register rows; whole vectors of columns): any size up to the bound
  // that is not a divisor, on axes long enough that the peeled partial tile is a small
  // part. A quarter of the samples; three quarters where the divisors offer no tile at
  // all (a prime extent: only 1 divides it, a 1-wide tile is no register tile).
  if (k.ragged_innermost) {
    const bool no_divisor_tile =
        std::none_of(inner.begin(), inner.end(), [](int64_t d) { return d > 1; });
    if (std::bernoulli_distribution(no_divisor_tile ? 0.75 : 0.25)(rng)) {
      std::vector<int64_t> ragged;
      const int64_t step = std::max<int64_t>(k.ragged_multiple, 1);
      for (int64_t r = std::max<int64_t>(2, step); r <= k.innermost_max && 8 * r <= k.extent;
           r += step)
        if (k.extent % r != 0) ragged.push_back(r);
      if (!ragged.empty()) factors[k.parts - 1] = PickOne(ragged, rng);
    }
  }
  int64_t rest = (k.extent + factors[k.parts - 1] - 1) / factors[k.parts - 1];
  for (int level = k.parts - 2; level >= 1; --level) {
    factors[level] = level == 2 && coin(rng) ? 1 : PickOne(Divisors(rest), rng);
    rest /= factors[level];
  }
  factors[0] = rest;
  return factors;
}

std::vector<int64_t> Divisors(int64_t n) {
  std::vector<int64_t> out;
  for (int64_t d = 1; d <= n; ++d)
    if (n % d == 0) out.push_back(d);
  return out;
}

int64_t LargestDivisorAtMost(int64_t n, int64_t limit) {
  int64_t best = 1;
  for (int64_t d : Divisors(n))
    if (d <= limit) best = d;
  return best;
}

std::string DescribeDecisions(const Decisions& d) {
  std::ostringstream out;
  for (const auto& [name, values] : d.values) {
    out << name << "=";
    for (size_t i = 0; i < values.size(); ++i) out << (i ? "x" : "") << values[i];
    out << "\n";
  }
  return out.str();
}

}  // namespace tessera::tune
