// The hint loop's averaging and ranking, every game's (core/pimc.hpp).
#include <algorithm>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <stdexcept>

#include "dominosolver/core/pimc.hpp"

namespace dominosolver::pimc {

double py_round(double x, int digits) {
  char buf[400];  // "%.9f" of the largest double: 309 digits and the decimals
  std::snprintf(buf, sizeof buf, "%.*f", digits, x);
  return std::strtod(buf, nullptr);
}

double pairwise_sum(const double* a, std::size_t n) {
  constexpr std::size_t kUnroll = 8, kBlock = 128;  // numpy's: 8 partial sums, blocks of up to 128
  if (n < kUnroll) {
    double res = 0.;
    for (std::size_t i = 0; i < n; ++i) res += a[i];
    return res;
  }
  if (n <= kBlock) {
    double r[kUnroll];
    for (std::size_t j = 0; j < kUnroll; ++j) r[j] = a[j];
    std::size_t i = kUnroll;
    for (; i < n - n % kUnroll; i += kUnroll)
      for (std::size_t j = 0; j < kUnroll; ++j) r[j] += a[i + j];
    // ((r0 + r1) + (r2 + r3)) + ((r4 + r5) + (r6 + r7))
    const auto pairs = [&](std::size_t j) { return (r[j] + r[j + 1]) + (r[j + 2] + r[j + 3]); };
    double res = pairs(0) + pairs(kUnroll / 2);
    for (; i < n; ++i) res += a[i];
    return res;
  }
  std::size_t n2 = n / 2;
  n2 -= n2 % kUnroll;
  return pairwise_sum(a, n2) + pairwise_sum(a + n2, n - n2);
}

namespace {

// The weights of these log weights, scaled by the largest (no overflow).
std::vector<double> weights_of(const std::vector<double>& logs) {
  double top = -HUGE_VAL;
  for (double l : logs) top = std::max(top, l);
  std::vector<double> out;
  out.reserve(logs.size());
  for (double l : logs) out.push_back(std::exp(l - top));
  return out;
}

}  // namespace

double effective_size(const std::vector<double>& log_weights) {
  std::vector<double> w = weights_of(log_weights);
  const double sum = pairwise_sum(w.data(), w.size());
  for (double& x : w) x *= x;
  return sum * sum / pairwise_sum(w.data(), w.size());
}

Averages average(const double* values, std::size_t rows, std::size_t columns, const std::vector<double>* log_weights,
                 bool exact) {
  Averages out;
  out.means.assign(columns, 0.0);
  out.stderrs.assign(columns, 0.0);
  const double* row = values;
  if (!log_weights) {
    for (std::size_t i = 0; i < rows; ++i, row += columns)
      for (std::size_t j = 0; j < columns; ++j) out.means[j] += row[j];
    for (double& m : out.means) m /= static_cast<double>(rows);
    if (exact || rows < 2) return out;
    row = values;
    for (std::size_t i = 0; i < rows; ++i, row += columns)
      for (std::size_t j = 0; j < columns; ++j) {
        const double d = row[j] - out.means[j];
        out.stderrs[j] += d * d;
      }
    for (double& s : out.stderrs) s = std::sqrt(s / static_cast<double>(rows - 1) / static_cast<double>(rows));
    return out;
  }
  std::vector<double> w = weights_of(*log_weights);
  const double total = pairwise_sum(w.data(), w.size());
  for (double& x : w) x /= total;
  std::vector<double> w2(w);
  for (double& x : w2) x *= x;
  const double sum_w2 = pairwise_sum(w2.data(), w2.size());
  for (std::size_t i = 0; i < rows; ++i, row += columns)
    for (std::size_t j = 0; j < columns; ++j) out.means[j] += w[i] * row[j];
  if (exact || rows < 2) return out;
  if (1.0 - sum_w2 <= kOneWorld) {
    out.one_world = true;
    return out;
  }
  row = values;
  for (std::size_t i = 0; i < rows; ++i, row += columns)
    for (std::size_t j = 0; j < columns; ++j) {
      const double d = row[j] - out.means[j];
      out.stderrs[j] += w[i] * (d * d);
    }
  for (double& s : out.stderrs) s = std::sqrt(s / (1.0 - sum_w2) * sum_w2);
  return out;
}

std::vector<std::pair<int, int>> rank(const std::vector<Key>& keys) {
  std::vector<Key> rounded;
  rounded.reserve(keys.size());
  for (const Key& k : keys) {
    Key r;
    for (double x : k) r.push_back(py_round(x, kKeyDigits));
    rounded.push_back(std::move(r));
  }
  std::vector<int> order(keys.size());
  for (std::size_t i = 0; i < order.size(); ++i) order[i] = static_cast<int>(i);
  std::stable_sort(order.begin(), order.end(), [&](int a, int b) { return rounded[a] > rounded[b]; });
  std::vector<std::pair<int, int>> out;
  out.reserve(order.size());
  for (std::size_t place = 0; place < order.size(); ++place) {
    const bool shared = place > 0 && rounded[order[place]] == rounded[order[place - 1]];
    out.emplace_back(order[place], shared ? out.back().second : static_cast<int>(place) + 1);
  }
  return out;
}

std::vector<std::pair<int, int>> rank_proven(const std::vector<int>& reached, const std::vector<int>& missed) {
  if (reached.size() != missed.size()) throw std::invalid_argument("rank_proven: a count of worlds reached and missed per move");
  std::vector<Key> keys;
  keys.reserve(reached.size());
  for (std::size_t j = 0; j < reached.size(); ++j) keys.push_back({double(reached[j]), -double(missed[j])});
  return rank(keys);
}

}  // namespace dominosolver::pimc
