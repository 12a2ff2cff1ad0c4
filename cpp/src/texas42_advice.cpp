// The bid advice's rules of its own (texas42/decisions.hpp): the seed of a question, the best declaration, the ordinary call.
#include <algorithm>
#include <cmath>
#include <utility>

#include "dominosolver/core/pimc.hpp"
#include "dominosolver/core/sha256.hpp"
#include "dominosolver/texas42/decisions.hpp"

namespace dominosolver::texas42::advice_policy {

namespace {

// A JSON string as Python's json.dumps writes one (the question's texts are plain ASCII).
std::string json_text(const std::string& s) { return "\"" + s + "\""; }

}  // namespace

std::uint32_t question_seed(const Rules& rules, int seat, const std::vector<int>& hand,
                            const std::vector<std::pair<int, Bid>>& calls, const std::optional<Contract>& contract) {
  std::string text = "[{";
  bool first = true;
  for (const auto& [key, value] : rules.flags())  // a std::map: sorted keys, as sort_keys sorts them
    text += (std::exchange(first, false) ? "" : ", ") + json_text(key) + ": " + json_text(value);
  text += "}, " + std::to_string(seat) + ", [";
  first = true;
  for (int t : hand) text += (std::exchange(first, false) ? "" : ", ") + json_text(play_name(t));
  text += "], [";
  first = true;
  for (const auto& [s, b] : calls)
    text += (std::exchange(first, false) ? "[" : ", [") + std::to_string(s) + ", " + json_text(bid_name(b)) + "]";
  text += "], " + (contract ? "[" + std::to_string(contract->declarer) + ", " + json_text(bid_name(contract->bid)) + "]"
                            : std::string("null")) + "]";
  const std::array<std::uint8_t, 32> digest = sha256(text);
  return static_cast<std::uint32_t>(digest[0]) << 24 | static_cast<std::uint32_t>(digest[1]) << 16 |
         static_cast<std::uint32_t>(digest[2]) << 8 | digest[3];
}

Spread spread_of(const std::vector<int>& values) {
  const std::size_t n = values.size();
  if (!n) return {};
  std::vector<double> x(values.begin(), values.end());
  Spread out;
  out.mean = pimc::pairwise_sum(x.data(), n) / static_cast<double>(n);
  if (n < 2) return out;
  for (double& v : x) v = (v - out.mean) * (v - out.mean);
  out.stderr_ = std::sqrt(pimc::pairwise_sum(x.data(), n) / static_cast<double>(n - 1)) / std::sqrt(static_cast<double>(n));
  return out;
}

int best_declaration(int count, const std::function<double(int)>& mean, const std::function<double(int)>& p) {
  int best = 0;
  for (int d = 1; d < count; ++d) {
    if (!p) {
      if (mean(d) > mean(best)) best = d;
      continue;
    }
    const double pd = pimc::py_round(p(d), 12), pb = pimc::py_round(p(best), 12);
    if (pd > pb || (pd == pb && mean(d) > mean(best))) best = d;
  }
  return best;
}

Bid ordinary_call(const Rules& rules, const std::vector<Bid>& legal, bool partner_high, int discount, double risk,
                  double mark_risk, const std::function<bool(int, double)>& makes) {
  std::vector<int> bids, every, points;
  bool may_pass = false;
  for (const Bid& b : legal) {
    if (!b.value) may_pass = may_pass || b.kind == BidKind::Ordinary;
    else if (b.kind == BidKind::Ordinary) bids.push_back(b.value);
  }
  std::sort(bids.begin(), bids.end());
  for (int b : bids) (b >= rules.mark() && rules.row().ladder != Ladder::Points ? every : points).push_back(b);
  if (!every.empty() && makes(rules.hand_points(), mark_risk)) return Bid{every.back()};
  if (!points.empty() && !(partner_high && may_pass) && makes(points_needed(rules, points.front()) + discount, risk))
    return Bid{points.front()};
  return Bid{may_pass || bids.empty() ? 0 : bids.front()};
}

}  // namespace dominosolver::texas42::advice_policy
