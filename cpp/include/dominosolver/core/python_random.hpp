#pragma once
// Python's random.Random, draw for draw: the Mersenne Twister (MT19937) seeded from a whole number as
// CPython seeds it (init_by_array over the number's 32-bit words, least significant first), and the
// draws the samplers make of it: getrandbits(k), randrange(n) (CPython's _randbelow_with_getrandbits:
// k = n's bit length, k bits drawn until below n) and shuffle. So a front end without Python (the
// WebAssembly module, wasm/) draws from `random.Random(seed)` the same worlds as the Python package
// (python/dominosolver/texas42/sampling.py), counts beyond 2^32 included (The Big Game's).
#include <array>
#include <cstdint>
#include <stdexcept>
#include <utility>
#include <vector>

namespace dominosolver {

class PythonRandom {
 public:
  // random.Random(seed) for a whole number seed from 0 (Python seeds |seed|: the sign is not a seed here).
  explicit PythonRandom(std::uint64_t seed) {
    std::vector<std::uint32_t> key{static_cast<std::uint32_t>(seed)};
    if (seed >> 32) key.push_back(static_cast<std::uint32_t>(seed >> 32));
    init_by_array(key);
  }
  // random.Random(n) where n's 32-bit words, least significant first, are `key` (a seed wider than 64 bits).
  explicit PythonRandom(const std::vector<std::uint32_t>& key) {
    std::vector<std::uint32_t> k = key;
    while (k.size() > 1 && k.back() == 0) k.pop_back();  // Python keys the number's own words
    if (k.empty()) k.push_back(0);
    init_by_array(k);
  }

  // genrand_uint32: the generator's next 32 bits.
  std::uint32_t next32() {
    if (index_ >= kN) twist();
    std::uint32_t y = mt_[index_++];
    y ^= y >> 11;
    y ^= (y << 7) & 0x9d2c5680U;
    y ^= (y << 15) & 0xefc60000U;
    y ^= y >> 18;
    return y;
  }

  // getrandbits(k), 1 <= k <= 64: k bits, the first word drawn the least significant, the last one
  // shifted down to what is left of k.
  std::uint64_t getrandbits(int k) {
    if (k < 1 || k > 64) throw std::invalid_argument("getrandbits: 1..64 bits");
    if (k <= 32) return next32() >> (32 - k);
    const std::uint64_t low = next32();
    const std::uint64_t high = next32() >> (64 - k);
    return low | high << 32;
  }

  // randrange(n) for n >= 1: k = n's bit length, k bits drawn until they fall below n.
  std::uint64_t randbelow(std::uint64_t n) {
    if (n == 0) throw std::invalid_argument("randbelow: empty range");
    int k = 0;
    for (std::uint64_t m = n; m; m >>= 1) ++k;
    std::uint64_t r = getrandbits(k);
    while (r >= n) r = getrandbits(k);
    return r;
  }

  // random.shuffle(x): from the last place down, each swapped with one drawn at or below it.
  template <class T>
  void shuffle(std::vector<T>& x) {
    for (std::size_t i = x.size(); i-- > 1;) std::swap(x[i], x[randbelow(i + 1)]);
  }

 private:
  static constexpr int kN = 624;
  static constexpr int kM = 397;

  void init_genrand(std::uint32_t s) {
    mt_[0] = s;
    for (int i = 1; i < kN; ++i) mt_[i] = 1812433253U * (mt_[i - 1] ^ (mt_[i - 1] >> 30)) + static_cast<std::uint32_t>(i);
    index_ = kN;
  }

  void init_by_array(const std::vector<std::uint32_t>& key) {
    init_genrand(19650218U);
    const int length = static_cast<int>(key.size());
    int i = 1, j = 0;
    for (int k = kN > length ? kN : length; k; --k) {
      mt_[i] = (mt_[i] ^ ((mt_[i - 1] ^ (mt_[i - 1] >> 30)) * 1664525U)) + key[j] + static_cast<std::uint32_t>(j);
      ++i;
      ++j;
      if (i >= kN) {
        mt_[0] = mt_[kN - 1];
        i = 1;
      }
      if (j >= length) j = 0;
    }
    for (int k = kN - 1; k; --k) {
      mt_[i] = (mt_[i] ^ ((mt_[i - 1] ^ (mt_[i - 1] >> 30)) * 1566083941U)) - static_cast<std::uint32_t>(i);
      ++i;
      if (i >= kN) {
        mt_[0] = mt_[kN - 1];
        i = 1;
      }
    }
    mt_[0] = 0x80000000U;
  }

  void twist() {
    constexpr std::uint32_t kMatrix = 0x9908b0dfU, kUpper = 0x80000000U, kLower = 0x7fffffffU;
    for (int i = 0; i < kN; ++i) {
      const std::uint32_t y = (mt_[i] & kUpper) | (mt_[(i + 1) % kN] & kLower);
      mt_[i] = mt_[(i + kM) % kN] ^ (y >> 1) ^ ((y & 1U) ? kMatrix : 0U);
    }
    index_ = 0;
  }

  std::array<std::uint32_t, kN> mt_{};
  int index_ = kN;
};

}  // namespace dominosolver
