// 42's bid advice (texas42/bid_advice.hpp).
#include "dominosolver/texas42/bid_advice.hpp"

#include <algorithm>
#include <stdexcept>

#include "dominosolver/core/pimc.hpp"
#include "dominosolver/texas42/advice_defaults.hpp"

namespace dominosolver::texas42 {

BidAdvice::BidAdvice(const Rules& rules, std::vector<std::vector<int>> points, std::vector<Bid> legal, double risk,
                     double mark_risk, int discount, bool partner_high, std::vector<Special> specials,
                     std::vector<Special> declared, std::optional<Bid> contract,
                     std::optional<std::pair<int, int>> score)
    : rules_(rules), points_(std::move(points)), legal_(std::move(legal)), risk_(risk), mark_risk_(mark_risk),
      discount_(discount), partner_high_(partner_high), specials_(std::move(specials)), declared_(std::move(declared)),
      contract_(contract), score_(score) {
  if (points_.empty() || points_[0].empty()) throw std::invalid_argument("a bid advice needs a declaration and a deal");
  for (const std::vector<int>& row : points_)
    if (row.size() != points_[0].size()) throw std::invalid_argument("every declaration is judged on the same deals");
  for (const std::vector<Special>* list : {&specials_, &declared_})
    for (const Special& s : *list)
      if (s.odds.makes.empty() || s.odds.worlds() != worlds())
        throw std::invalid_argument("a special bid is judged on the advice's deals");
  for (const std::vector<int>& row : points_) means_.push_back(advice_policy::spread_of(row).mean);
}

double BidAdvice::mean(int d) const { return means_[d]; }

double BidAdvice::share(int d, int level, int off) const {
  int made = 0;
  for (int v : points_[d]) made += v - off >= level;
  return static_cast<double>(made) / worlds();
}

double BidAdvice::p_make(int d, int bid) const { return share(d, points_needed(rules_, bid), 0); }

double BidAdvice::p_bid(int d, int bid) const {
  const int need = points_needed(rules_, bid);
  return share(d, need, need >= rules_.hand_points() ? 0 : discount_);  // a bid of every trick: no discount
}

double BidAdvice::p_bid_max(int bid) const {
  double best = 0;
  for (int d = 0; d < count(); ++d) best = std::max(best, p_bid(d, bid));
  return best;
}

double BidAdvice::p_of(int d, int bid) const { return d < count() ? p_bid(d, bid) : declared_.at(d - count()).odds.p_named(); }

std::optional<double> BidAdvice::p_table(int d, const Bid& bid) const {
  if (!advice_defaults(rules_.family).fitted || d >= count() || bid.kind != BidKind::Ordinary) return std::nullopt;
  return calibration::at_table(p_make(d, bid.value));
}

int BidAdvice::stake(int bid) const { return rules_.scoring == Scoring::Points ? bid : advice_policy::stake(rules_, bid); }

std::optional<double> BidAdvice::game_odds(int bid) const {
  if (!score_) throw std::invalid_argument("a call's game odds need the game's score");
  const auto [us, them] = *score_;
  const int target = rules_.game_target();
  if (!bid) return advice_policy::win_chance(us, them, target);
  const std::optional<double> q = p_table(best_declaration(Bid{bid}), Bid{bid});
  if (!q) return std::nullopt;
  return advice_policy::game_chance(*q, us, them, advice_policy::stake(rules_, bid), true, target);
}

bool BidAdvice::legal_now(const Bid& b) const { return std::find(legal_.begin(), legal_.end(), b) != legal_.end(); }

bool BidAdvice::by_game_odds() const { return score_ && !(partner_high_ && may_pass()); }

std::vector<int> BidAdvice::ordinary_bids() const {
  std::vector<int> out;
  for (const Bid& b : legal_)
    if (b.value && b.kind == BidKind::Ordinary) out.push_back(b.value);
  std::sort(out.begin(), out.end());
  return out;
}

int BidAdvice::ordinary_call() const {
  if (by_game_odds()) {
    std::optional<int> best;
    double best_odds = 0;
    for (const Bid& b : legal_) {
      if (b.value && b.kind != BidKind::Ordinary) continue;
      const std::optional<double> o = game_odds(b.value);
      if (!o) continue;
      const double r = pimc::py_round(*o, 12);
      if (!best || r > best_odds || (r == best_odds && b.value < *best)) best = b.value, best_odds = r;
    }
    if (best) return *best;
  }
  const auto makes = [&](int level, double risk) {
    double best = 0;
    for (int d = 0; d < count(); ++d) best = std::max(best, share(d, level, 0));
    return best >= risk;
  };
  return advice_policy::ordinary_call(rules_, legal_, partner_high_, discount_, risk_, mark_risk_, makes).value;
}

double BidAdvice::threshold(const Special& s) const {
  const int ordinary = ordinary_call();
  const double gain = ordinary ? stake(ordinary) * (2 * p_bid_max(ordinary) - 1) : 0.0;
  return advice_policy::special_threshold(stake(s.bid.value), gain, mark_risk_);
}

std::optional<int> BidAdvice::special() const {
  std::optional<int> best;
  double best_worth = 0;
  const int n = static_cast<int>(specials_.size()) + (partner_high_ && may_pass() ? 0 : static_cast<int>(declared_.size()));
  for (int i = 0; i < n; ++i) {
    const Special& s = special_at(i);
    if (!legal_now(s.bid) || s.odds.p_named() < threshold(s)) continue;
    const double worth = stake(s.bid.value) * (2 * s.odds.p_named() - 1);
    if (!best || worth > best_worth) best = i, best_worth = worth;
  }
  return best;
}

const BidAdvice::Special& BidAdvice::special_at(int i) const {
  const int n = static_cast<int>(specials_.size());
  return i < n ? specials_.at(i) : declared_.at(i - n);
}

Bid BidAdvice::bid() const {
  const std::optional<int> s = special();
  return s ? special_at(*s).bid : Bid{ordinary_call()};
}

int BidAdvice::best_declaration(std::optional<Bid> bid) const {
  const auto by_mean = [this](int d) { return mean(d); };
  const int best = advice_policy::best_declaration(
      count(), by_mean, bid ? std::function<double(int)>([&](int d) { return p_bid(d, bid->value); }) : nullptr);
  if (!bid) return best;
  std::optional<int> own;
  for (int j = 0; j < static_cast<int>(declared_.size()); ++j) {
    const double p = declared_[j].odds.p_named();
    if (declared_[j].bid == *bid && p >= mark_risk_ && p > p_bid(best, bid->value) &&
        (!own || p > declared_[*own].odds.p_named()))
      own = j;
  }
  return own ? count() + *own : best;
}

BidAdvice::Verdict BidAdvice::verdict() const {
  const auto bare = [](Case why) { return Verdict{why, Bid{}, 0, std::nullopt, std::nullopt, std::nullopt}; };
  const auto judged = [&](Case why, const Bid& b) {
    const int d = best_declaration(b);
    return Verdict{why, b, d, p_of(d, b.value), std::nullopt, p_table(d, b)};
  };
  if (contract_) return judged(Case::Declaring, *contract_);
  if (const std::optional<int> i = special()) {
    const Special& s = special_at(*i);
    return Verdict{Case::Special, s.bid, 0, s.odds.p_named(), threshold(s), std::nullopt};
  }
  const int b = ordinary_call();
  if (by_game_odds()) {
    if (!b) return bare(Case::GameOdds);
    Verdict v = judged(Case::GameOdds, Bid{b});
    v.p = p_bid_max(b);
    return v;
  }
  if (b) {
    Verdict v = judged(Case::Bids, Bid{b});
    if (*v.p < std::min(risk_, mark_risk_)) return v.why = Case::LeastBid, v;
    v.every = b >= rules_.mark() && rules_.row().ladder != Ladder::Points;
    v.threshold = v.every ? mark_risk_ : risk_;
    return v;
  }
  const std::vector<int> bids = ordinary_bids();
  if (bids.empty()) return bare(Case::NoBid);
  if (partner_high_ && p_bid_max(bids.front()) >= risk_) return bare(Case::PartnerHigh);
  Verdict v = judged(Case::NotWorth, Bid{bids.front()});
  v.p = v.table = std::nullopt;
  v.threshold = risk_;
  return v;
}

}  // namespace dominosolver::texas42
