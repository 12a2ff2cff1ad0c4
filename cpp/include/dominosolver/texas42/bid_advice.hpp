#pragma once
// 42's bid advice (docs/rules.md §3) from what its deals gave: per table declaration the points the
// seat's side takes declaring its least bid on each deal, and the special bids and contracts of its
// own it may make on the same deals. Stated once here, read by the Python package
// (texas42/bidding.py's BidAdvice, bound as _core.decisions.bidding.BidAdvice) and the WebAssembly
// module's 42 advice; the front ends word its verdict.
//
// The ordinary call is advice_policy::ordinary_call's (or, with a score of 42's marks game, the legal
// call of the best chance of winning the game, of equal ones the least, the partner's high bid left
// standing). A special bid (or a contract of its own, not over the partner's high bid) replaces it
// when its P(make) named (the best single declaration's) reaches special_threshold against the
// expected stake the ordinary call wins, never under mark_risk: of those, the one of most expected
// stake. A bid's declaration: the largest P(make) as judged (at 12 decimals), then the largest mean,
// or a contract of its own on that bid that makes more often and at least at mark_risk.
#include <optional>
#include <utility>
#include <vector>

#include "dominosolver/texas42/contract.hpp"
#include "dominosolver/texas42/decisions.hpp"
#include "dominosolver/texas42/rules.hpp"

namespace dominosolver::texas42 {

class BidAdvice {
 public:
  // A special bid (the partner names: a row per declaration it may name) or a contract the seat
  // declares itself (one row), whether the declaring side makes it on each deal.
  struct Special {
    Bid bid;
    advice_policy::SpecialOdds odds;
  };
  // `points` [declaration][deal] (every declaration the same deals, at least one); `legal` the calls
  // the seat may make now (a pass: 0); `contract` the bid the seat won (declaring); `score` the
  // marks of its side and the other's (42's marks game).
  BidAdvice(const Rules& rules, std::vector<std::vector<int>> points, std::vector<Bid> legal, double risk,
            double mark_risk, int discount, bool partner_high, std::vector<Special> specials,
            std::vector<Special> declared, std::optional<Bid> contract, std::optional<std::pair<int, int>> score);

  int worlds() const { return static_cast<int>(points_[0].size()); }
  int count() const { return static_cast<int>(points_.size()); }  // table declarations; count() + j: declared j
  double mean(int d) const;
  double p_make(int d, int bid) const;  // the deals on which declaration d takes the bid's points
  double p_bid(int d, int bid) const;   // as judged: less the discount for point bids
  double p_bid_max(int bid) const;
  // P(make) as judged under declaration d (a table's, or count() + j: the seat's own contract j).
  double p_of(int d, int bid) const;
  // The chance of making it in play (calibration::at_table), for the members fitted, table
  // declarations and ordinary bids; none elsewhere.
  std::optional<double> p_table(int d, const Bid& bid) const;
  // What `bid` puts at stake: its marks (marks game), its points (points game).
  int stake(int bid) const;
  // With a score: the seat's side's chance of winning the game calling `bid` (none where p_table is none).
  std::optional<double> game_odds(int bid) const;
  bool by_game_odds() const;  // the calls are weighed by the game's odds
  int ordinary_call() const;
  double threshold(const Special& s) const;
  // The special bid or contract of its own to make instead (index into specials, then declared), if any.
  std::optional<int> special() const;
  const Special& special_at(int i) const;
  Bid bid() const;
  // The declaration to name with `bid` (none: by mean), as above.
  int best_declaration(std::optional<Bid> bid) const;

  enum class Case { Declaring, Special, GameOdds, LeastBid, Bids, NoBid, PartnerHigh, NotWorth };
  struct Verdict {
    Case why;
    Bid bid{};            // the call judged
    int declaration = 0;  // its declaration (best_declaration's numbering)
    std::optional<double> p, threshold, table;
    bool every = false;  // a bid of every trick (Case::Bids)
  };
  Verdict verdict() const;

  const Rules& rules() const { return rules_; }
  const std::vector<Special>& specials() const { return specials_; }
  const std::vector<Special>& declared() const { return declared_; }

 private:
  bool legal_now(const Bid& b) const;
  bool may_pass() const { return legal_now(Bid{}); }
  double share(int d, int level, int off) const;
  std::vector<int> ordinary_bids() const;

  Rules rules_;
  std::vector<std::vector<int>> points_;
  std::vector<Bid> legal_;
  double risk_, mark_risk_;
  int discount_;
  bool partner_high_;
  std::vector<Special> specials_, declared_;
  std::optional<Bid> contract_;
  std::optional<std::pair<int, int>> score_;
  std::vector<double> means_;
};

}  // namespace dominosolver::texas42
