#include "tune/Rerank.h"

#include "runner/TimingStats.h"

namespace tessera::tune {

size_t RerankRace::Enter(bool pinned) {
  entrants_.push_back(Entrant{pinned, true, 0, {}});
  return entrants_.size() - 1;
}

void RerankRace::AddTiming(size_t i, double ms) {
  if (ms > 0) entrants_[i].timings.push_back(ms);
}

double RerankRace::time(size_t i) const { return runner::MedianOf(entrants_[i].timings); }

std::vector<size_t> RerankRace::Racing() const {
  std::vector<size_t> out;
  for (size_t i = 0; i < entrants_.size(); ++i)
    if (entrants_[i].racing) out.push_back(i);
  return out;
}

std::optional<size_t> RerankRace::Leader() const {
  auto timed_enough = [&](size_t i) {
    return entrants_[i].timings.size() >= size_t(kRerankMinRounds);
  };
  std::optional<size_t> leader;
  for (size_t i : Racing()) {
    if (entrants_[i].timings.empty()) continue;
    if (!leader || (timed_enough(i) && !timed_enough(*leader)) ||
        (timed_enough(i) == timed_enough(*leader) && time(i) < time(*leader)))
      leader = i;
  }
  return leader;
}

int RerankRace::DropClearlySlower() {
  ++rounds_;
  const std::optional<size_t> leader = Leader();
  if (!leader || entrants_[*leader].timings.size() < size_t(kRerankMinRounds)) return 0;
  int dropped = 0;
  for (size_t i : Racing()) {
    Entrant& e = entrants_[i];
    if (i == *leader || e.pinned || e.timings.size() < size_t(kRerankMinRounds)) continue;
    const runner::TimingComparison c =
        runner::CompareTimings(entrants_[*leader].timings, e.timings);
    if (c.verdict != runner::NoiseVerdict::kDiffers || c.candidate.median <= c.baseline.median)
      continue;
    e.racing = false;
    e.left_after = rounds_;
    ++dropped;
  }
  return dropped;
}

bool RerankRace::Settled() const {
  const std::optional<size_t> leader = Leader();
  if (!leader) return false;
  for (size_t i : Racing())
    if (i != *leader && !entrants_[i].pinned) return false;
  return true;
}

}  // namespace tessera::tune
