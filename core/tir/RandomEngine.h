// TVM's support::LinearCongruentialEngine: the random engine of a schedule (minstd, state
// in [1, 2^31 - 2]). The same seed draws the same decisions as TVM's `tir.Schedule(seed=)`
// where the standard library's distributions agree (both libstdc++).
#pragma once

#include <cstdint>
#include <random>

namespace tessera::tir {

using RandState = int64_t;

class LinearCongruentialEngine {
 public:
  using result_type = uint64_t;
  static constexpr RandState kMultiplier = 48271;
  static constexpr RandState kModulus = 2147483647;

  explicit LinearCongruentialEngine(RandState* state) : state_(state) {}

  static constexpr result_type min() { return 0; }
  static constexpr result_type max() { return kModulus - 1; }

  result_type operator()() {
    *state_ = (*state_ * kMultiplier) % kModulus;
    return static_cast<result_type>(*state_);
  }

  // A valid state from a user seed; -1 draws one from the device.
  static RandState NormalizeSeed(RandState seed) {
    if (seed == -1) seed = static_cast<RandState>(std::random_device()()) % kModulus;
    seed %= kModulus;
    if (seed <= 0) seed = seed == 0 ? 1 : (-seed) % kModulus;
    return seed;
  }

  // A seed for another engine, drawn from this one with other primes so the two streams
  // differ.
  RandState ForkSeed() { return static_cast<RandState>((*this)() * 32767) % 1999999973; }

 private:
  RandState* state_;
};

}  // namespace tessera::tir
