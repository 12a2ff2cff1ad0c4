#pragma once
// Moon's and Partnership Moon's bid advice (docs/rules.md §4.1-4.2) from what its deals gave: per
// declaration the tricks the seat's side takes as the bidder on each deal (three-player Moon: after
// its best discard of the widow). Stated once here, read by the Python package (moon/bidding.py's
// MoonBidAdvice, bound as _core.decisions.bidding.MoonAdvice) and the WebAssembly module's advice.
//
// A made bid scores the bid and a set one loses it, while each opponent scores the tricks it takes
// whatever happens: against its opponents a bid of b made with probability p is worth b (2p - 1) less
// what an opponent takes on average (the other side's tricks; in three-player Moon half of them),
// and a pass nothing. The advice is the legal bid of the largest such worth among those some
// declaration makes with probability at least `risk`, when it is worth more than nothing; else a
// pass (or, where passing is not allowed, the least bid); over the partner's high bid a pass.
// `discount` tricks come off each double-dummy value when bids are judged.
#include <optional>
#include <vector>

#include "dominosolver/texas42/rules.hpp"

namespace dominosolver::texas42 {

class MoonAdvice {
 public:
  // `tricks` [declaration][deal] (every declaration the same deals, at least one), `legal` the calls
  // the seat may make now (0 a pass, when allowed).
  MoonAdvice(const Rules& rules, std::vector<std::vector<int>> tricks, std::vector<int> legal, double risk, int discount,
             bool partner_high);

  int worlds() const { return static_cast<int>(tricks_[0].size()); }
  int count() const { return static_cast<int>(tricks_.size()); }
  double mean(int d) const;
  double p_make(int d, int bid) const;  // the deals on which declaration d takes the bid's tricks
  double p_bid(int d, int bid) const;   // the same as a bid is judged: less the discount
  // What `bid` scores the bidder (made +bid, set -bid) less what an opponent scores, on average, as
  // the bid is judged, under declaration d.
  double worth(int d, int bid) const;
  // By mean tricks; given a bid, by P(make) as judged (at 12 decimals) first, then mean tricks; of
  // equal ones the first.
  int best_declaration(std::optional<int> bid) const;
  int bid() const;  // the advised call (0: a pass)

  // Why: the verdict's case, the call it judges (and the declaration it judges it under), its
  // P(make) as judged and the threshold it had to reach, where they apply. The front ends word it.
  enum class Case { Declaring, LeastBid, WorthMost, NoBid, PartnerHigh, NotWorth, BelowRisk };
  struct Verdict {
    Case why;
    int bid = 0;          // the call judged (none: 0)
    int declaration = 0;  // its best declaration
    std::optional<double> p, threshold;
  };
  // The advice's verdict; `contract` the bid the seat won (declaring), if any.
  Verdict verdict(std::optional<int> contract) const;

 private:
  double share(int d, int level, int off) const;
  double max_over(int bid, double (MoonAdvice::*f)(int, int) const) const;

  Rules rules_;
  std::vector<std::vector<int>> tricks_;
  std::vector<int> bids_;  // the legal bids, least first (no pass)
  bool may_pass_;
  double risk_;
  int discount_;
  bool partner_high_;
};

}  // namespace dominosolver::texas42
