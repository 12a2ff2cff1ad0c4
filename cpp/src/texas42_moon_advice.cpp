// Moon's and Partnership Moon's bid advice (texas42/moon_advice.hpp).
#include "dominosolver/texas42/moon_advice.hpp"

#include <algorithm>
#include <cmath>
#include <stdexcept>

#include "dominosolver/texas42/decisions.hpp"

namespace dominosolver::texas42 {

MoonAdvice::MoonAdvice(const Rules& rules, std::vector<std::vector<int>> tricks, std::vector<int> legal, double risk,
                       int discount, bool partner_high)
    : rules_(rules), tricks_(std::move(tricks)), risk_(risk), discount_(discount), partner_high_(partner_high) {
  if (tricks_.empty() || tricks_[0].empty()) throw std::invalid_argument("a Moon bid advice needs a declaration and a deal");
  for (const std::vector<int>& row : tricks_)
    if (row.size() != tricks_[0].size()) throw std::invalid_argument("every declaration is judged on the same deals");
  may_pass_ = std::find(legal.begin(), legal.end(), 0) != legal.end();
  for (int b : legal)
    if (b) bids_.push_back(b);
  std::sort(bids_.begin(), bids_.end());
}

double MoonAdvice::mean(int d) const {
  double sum = 0;
  for (int v : tricks_[d]) sum += v;
  return sum / worlds();
}

double MoonAdvice::share(int d, int level, int off) const {
  int made = 0;
  for (int v : tricks_[d]) made += v - off >= level;
  return static_cast<double>(made) / worlds();
}

double MoonAdvice::p_make(int d, int bid) const { return share(d, points_needed(rules_, bid), 0); }
double MoonAdvice::p_bid(int d, int bid) const { return share(d, points_needed(rules_, bid), discount_); }

double MoonAdvice::worth(int d, int bid) const {
  const int opponents = rules_.scorers() == rules_.seats() ? rules_.seats() - 1 : 1;
  double against = 0;
  for (int v : tricks_[d]) against += rules_.hand_tricks() - v + discount_;
  return bid * (2 * p_bid(d, bid) - 1) - against / worlds() / opponents;
}

double MoonAdvice::max_over(int bid, double (MoonAdvice::*f)(int, int) const) const {
  double best = -HUGE_VAL;
  for (int d = 0; d < count(); ++d) best = std::max(best, (this->*f)(d, bid));
  return best;
}

int MoonAdvice::best_declaration(std::optional<int> bid) const {
  const auto by_mean = [this](int d) { return mean(d); };
  return advice_policy::best_declaration(
      count(), by_mean, bid ? std::function<double(int)>([&](int d) { return p_bid(d, *bid); }) : nullptr);
}

int MoonAdvice::bid() const {
  if (partner_high_ && may_pass_) return 0;
  std::optional<int> best;
  double best_worth = 0;
  for (int b : bids_) {
    if (max_over(b, &MoonAdvice::p_bid) < risk_) continue;
    const double w = max_over(b, &MoonAdvice::worth);
    if (!best || w > best_worth) best = b, best_worth = w;
  }
  if (best && best_worth > 0) return *best;
  return may_pass_ || bids_.empty() ? 0 : bids_.front();
}

MoonAdvice::Verdict MoonAdvice::verdict(std::optional<int> contract) const {
  const auto judged = [&](Case why, int b, bool with_p, std::optional<double> threshold) {
    const int d = best_declaration(b);
    return Verdict{why, b, d, with_p ? std::optional<double>(p_bid(d, b)) : std::nullopt, threshold};
  };
  if (contract) return judged(Case::Declaring, *contract, true, std::nullopt);
  if (const int b = bid()) {
    const Verdict v = judged(Case::WorthMost, b, true, risk_);
    return *v.p < risk_ ? Verdict{Case::LeastBid, b, v.declaration, v.p, std::nullopt} : v;
  }
  if (bids_.empty()) return Verdict{Case::NoBid, 0, 0, std::nullopt, std::nullopt};
  if (partner_high_) return Verdict{Case::PartnerHigh, 0, 0, std::nullopt, std::nullopt};
  const Verdict v = judged(Case::NotWorth, bids_.front(), false, risk_);
  return p_bid(v.declaration, v.bid) >= risk_ ? v : Verdict{Case::BelowRisk, v.bid, v.declaration, std::nullopt, risk_};
}

}  // namespace dominosolver::texas42
