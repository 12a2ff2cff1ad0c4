// SHA-256 (FIPS 180-4): core/sha256.hpp.
#include "dominosolver/core/sha256.hpp"

#include <algorithm>
#include <cstddef>
#include <vector>

namespace dominosolver {

namespace {

constexpr int kWordBytes = sizeof(std::uint32_t);
constexpr int kLengthBytes = sizeof(std::uint64_t);  // the message's length in bits, ending its padding
constexpr std::size_t kBlockBytes = 64;
constexpr int kRounds = 64;
// The working variables a..h of FIPS 180-4 §6.2.2, by name.
enum Var { A, B, C, D, E, F, G, H, kVars };
// The message schedule's taps (w[i - 16], w[i - 15], w[i - 7], w[i - 2]) and its sigmas' rotations
// and shifts (§4.1.2).
constexpr int kTaps[] = {16, 15, 7, 2};
constexpr int kSigma0[] = {7, 18, 3}, kSigma1[] = {17, 19, 10};

std::uint32_t rotr(std::uint32_t x, int n) { return (x >> n) | (x << (32 - n)); }

}  // namespace

std::array<std::uint8_t, 32> sha256(const std::string& text) {
  static constexpr std::uint32_t k[kRounds] = {
      0x428a2f98, 0x71374491, 0xb5c0fbcf, 0xe9b5dba5, 0x3956c25b, 0x59f111f1, 0x923f82a4, 0xab1c5ed5, 0xd807aa98, 0x12835b01,
      0x243185be, 0x550c7dc3, 0x72be5d74, 0x80deb1fe, 0x9bdc06a7, 0xc19bf174, 0xe49b69c1, 0xefbe4786, 0x0fc19dc6, 0x240ca1cc,
      0x2de92c6f, 0x4a7484aa, 0x5cb0a9dc, 0x76f988da, 0x983e5152, 0xa831c66d, 0xb00327c8, 0xbf597fc7, 0xc6e00bf3, 0xd5a79147,
      0x06ca6351, 0x14292967, 0x27b70a85, 0x2e1b2138, 0x4d2c6dfc, 0x53380d13, 0x650a7354, 0x766a0abb, 0x81c2c92e, 0x92722c85,
      0xa2bfe8a1, 0xa81a664b, 0xc24b8b70, 0xc76c51a3, 0xd192e819, 0xd6990624, 0xf40e3585, 0x106aa070, 0x19a4c116, 0x1e376c08,
      0x2748774c, 0x34b0bcb5, 0x391c0cb3, 0x4ed8aa4a, 0x5b9cca4f, 0x682e6ff3, 0x748f82ee, 0x78a5636f, 0x84c87814, 0x8cc70208,
      0x90befffa, 0xa4506ceb, 0xbef9a3f7, 0xc67178f2};
  std::uint32_t h[kVars] = {0x6a09e667, 0xbb67ae85, 0x3c6ef372, 0xa54ff53a, 0x510e527f, 0x9b05688c, 0x1f83d9ab, 0x5be0cd19};
  std::vector<std::uint8_t> m(text.begin(), text.end());
  const std::uint64_t bits = static_cast<std::uint64_t>(m.size()) * 8;
  m.push_back(0x80);
  while (m.size() % kBlockBytes != kBlockBytes - kLengthBytes) m.push_back(0);
  for (int i = kLengthBytes - 1; i >= 0; --i) m.push_back(static_cast<std::uint8_t>(bits >> (8 * i)));
  for (std::size_t block = 0; block < m.size(); block += kBlockBytes) {
    std::uint32_t w[kRounds];
    for (std::size_t i = 0; i < kBlockBytes / kWordBytes; ++i) {
      w[i] = 0;
      for (int j = 0; j < kWordBytes; ++j) w[i] = w[i] << 8 | m[block + kWordBytes * i + j];
    }
    for (int i = kTaps[0]; i < kRounds; ++i) {
      const std::uint32_t x = w[i - kTaps[1]], y = w[i - kTaps[3]];
      const std::uint32_t s0 = rotr(x, kSigma0[0]) ^ rotr(x, kSigma0[1]) ^ (x >> kSigma0[2]);
      const std::uint32_t s1 = rotr(y, kSigma1[0]) ^ rotr(y, kSigma1[1]) ^ (y >> kSigma1[2]);
      w[i] = w[i - kTaps[0]] + s0 + w[i - kTaps[2]] + s1;
    }
    std::uint32_t v[kVars];
    std::copy(h, h + kVars, v);
    for (int i = 0; i < kRounds; ++i) {
      const std::uint32_t t1 = v[H] + (rotr(v[E], 6) ^ rotr(v[E], 11) ^ rotr(v[E], 25)) + ((v[E] & v[F]) ^ (~v[E] & v[G])) + k[i] + w[i];
      const std::uint32_t t2 = (rotr(v[A], 2) ^ rotr(v[A], 13) ^ rotr(v[A], 22)) + ((v[A] & v[B]) ^ (v[A] & v[C]) ^ (v[B] & v[C]));
      std::copy_backward(v, v + H, v + kVars);  // h = g, g = f, ..., b = a
      v[E] += t1;
      v[A] = t1 + t2;
    }
    for (int j = 0; j < kVars; ++j) h[j] += v[j];
  }
  std::array<std::uint8_t, 32> out;
  for (std::size_t i = 0; i < out.size(); ++i)
    out[i] = static_cast<std::uint8_t>(h[i / kWordBytes] >> (8 * (kWordBytes - 1 - i % kWordBytes)));
  return out;
}

}  // namespace dominosolver
