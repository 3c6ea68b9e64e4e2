#include "tune/SpaceGenerator.h"

namespace tessera::tune {

Decisions SpaceGenerator::Mutate(const Decisions& d, std::mt19937_64& rng) const {
  if (knobs_.empty()) return d;
  for (int attempt = 0; attempt < 50; ++attempt) {
    Decisions m = d;
    const Knob& k = PickOne(knobs_.list(), rng);
    m.values[k.name] = SampleKnob(k, rng);
    Repair(&m);
    if (!(m == d) && Satisfies(m)) return m;
  }
  return d;
}

Status SpaceGenerator::CheckFits(const Decisions& d) const {
  if (Status st = knobs_.CheckNames(d); !st) return st;
  if (!Satisfies(d))
    return Error("tune: the decisions do not fit the design space:\n" + DescribeDecisions(d));
  return Status::Ok();
}

}  // namespace tessera::tune
