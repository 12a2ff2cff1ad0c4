#pragma once
// A small, fully specified generator: the same seed deals the same tiles on every platform
// (std::uniform_int_distribution and std::shuffle are implementation-defined).
#include <cstdint>

namespace dominosolver {

// SplitMix64's finalizer: a 64-bit mix whose every output bit depends on every input bit (the
// generator below, and the searches' table keys).
constexpr std::uint64_t splitmix64_mix(std::uint64_t z) {
  z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ULL;
  z = (z ^ (z >> 27)) * 0x94D049BB133111EBULL;
  return z ^ (z >> 31);
}
constexpr std::uint64_t kSplitMix64Step = 0x9E3779B97F4A7C15ULL;

class SplitMix64 {
 public:
  explicit SplitMix64(std::uint64_t seed) : state_(seed) {}
  std::uint64_t next() { return splitmix64_mix(state_ += kSplitMix64Step); }
  // Uniform in [0, n) without modulo bias (rejection of the short top range).
  std::uint32_t below(std::uint32_t n) {
    const std::uint64_t limit = UINT64_MAX - UINT64_MAX % n;
    std::uint64_t x;
    do x = next(); while (x >= limit);
    return static_cast<std::uint32_t>(x % n);
  }
  template <class It>
  void shuffle(It first, It last) {
    for (auto n = last - first; n > 1; --n) std::swap(first[n - 1], first[below(static_cast<std::uint32_t>(n))]);
  }

 private:
  std::uint64_t state_;
};

}  // namespace dominosolver
