// Rerank: the re-ranking after a search as a race. The fastest records are timed again in
// interleaved rounds; after each round a record whose timings are clearly slower than the
// leader's leaves the race, and the others get further rounds until the leader is
// separated from every one of them (only it and the pinned entrants are left), the
// rounds reach their limit or the time runs out (the caller's to decide). The rounds are
// then spent where the pick is still open, not on records that cannot win.
//
// A record's timings in the race are its rounds' (each the median of that round's calls
// as measured), not the search's: the search's timing is why it is in the race, the
// fastest of many noisy timings, and a record fast once would keep that luck for good.
// The round is the unit, not the call: the calls of one timing run back to back at one
// moment of the machine, and a machine that runs kernels at one of two speeds for
// seconds at a time puts all of them in one state. As measured, not at the machine's
// reference speed (HostSpeed.h): the rounds put every record in the same moments of the
// machine, and scaling each timing by its own host probe adds that probe's noise (one
// probe slowed by another process makes a kernel look many times faster than it runs).
//
// A record's time is the median of its timings. The leader is the racing record with
// the lowest time among those timed in at least kRerankMinRounds rounds (any timed one
// while none is). A record leaves when it and the leader have both been timed in
// kRerankMinRounds rounds and the order-statistic intervals of their medians are
// disjoint, its own the slower (runner::CompareTimings over the two sets of timings;
// with fewer than nine timings the intervals are the fastest to the slowest, so every
// one of its rounds was slower than every one of the leader's). Pinned records (the
// input, when the claim over it comes from these rounds) are timed every round and
// never leave.
#pragma once

#include <cstddef>
#include <optional>
#include <vector>

namespace tessera::tune {

// The rounds a record is timed in before it may leave the race or decide who leaves.
inline constexpr int kRerankMinRounds = 2;

class RerankRace {
 public:
  // A new entrant (0-based, in order of entry), timed from the next round on.
  size_t Enter(bool pinned = false);
  // Entrant `i`'s timing in this round (the median of its calls); ignored unless > 0.
  void AddTiming(size_t i, double ms);
  // Drops every entrant clearly slower than the leader; returns how many left.
  int DropClearlySlower();

  size_t size() const { return entrants_.size(); }
  bool racing(size_t i) const { return entrants_[i].racing; }
  // The round in which entrant `i` left the race (0: it did not).
  int leftAfter(size_t i) const { return entrants_[i].left_after; }
  const std::vector<double>& timings(size_t i) const { return entrants_[i].timings; }
  // Entrant `i`'s time in the race: the median of its timings (0 before its first).
  double time(size_t i) const;
  // The entrants still racing, in order of entry.
  std::vector<size_t> Racing() const;
  std::optional<size_t> Leader() const;
  // The leader is separated: every other entrant still racing is pinned.
  bool Settled() const;

 private:
  struct Entrant {
    bool pinned = false;
    bool racing = true;
    int left_after = 0;
    std::vector<double> timings;
  };
  std::vector<Entrant> entrants_;
  int rounds_ = 0;  // rounds that ended with DropClearlySlower
};

}  // namespace tessera::tune
