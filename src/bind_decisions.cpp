// The hint's and the bid advice's policy (core/pimc.hpp, texas42/decisions.hpp) as _core.decisions:
// a submodule per Python module that keeps the names (pimc, hint, calibration, weighting,
// play_inference, bidding), its figures as attributes, its models as functions.
#include <pybind11/functional.h>
#include <pybind11/numpy.h>
#include <pybind11/pybind11.h>
#include <pybind11/stl.h>

#include <optional>
#include <string>
#include <tuple>
#include <utility>
#include <vector>

#include "bindings.hpp"
#include "dominosolver/core/pimc.hpp"
#include "dominosolver/texas42/bid_advice.hpp"
#include "dominosolver/texas42/decisions.hpp"
#include "dominosolver/texas42/moon_advice.hpp"

namespace py = pybind11;

namespace dominosolver::bind {

namespace {

using Doubles = py::array_t<double, py::array::c_style | py::array::forcecast>;
using Ints = py::array_t<int, py::array::c_style | py::array::forcecast>;

// A vector of log weights, one a world: `rows` of them.
std::vector<double> log_weights_of(const Doubles& logs, std::optional<std::size_t> rows) {
  if (logs.ndim() != 1 || (rows && static_cast<std::size_t>(logs.shape(0)) != *rows))
    throw py::value_error("log_weights must be a vector of one log weight a world");
  return std::vector<double>(logs.data(), logs.data() + logs.shape(0));
}

// A call from Python: (value, kind), as a bid's int and its kind name.
using BidPair = std::pair<int, std::string>;
texas42::Bid bid_of(const BidPair& b) { return texas42::Bid{b.first, texas42::parse_bid_kind(b.second)}; }
BidPair pair_of(const texas42::Bid& b) { return {b.value, texas42::bid_kind_name(b.kind)}; }
using Bools = py::array_t<bool, py::array::c_style | py::array::forcecast>;

// A matrix's rows (a row a declaration, a column a deal), at least one deal.
template <class T, class Array>
std::vector<std::vector<T>> rows_of(const Array& a, const char* name) {
  if (a.ndim() != 2 || a.shape(1) == 0)
    throw py::value_error(std::string(name) + " must be a matrix: a row a declaration, a column a deal");
  std::vector<std::vector<T>> rows;
  for (py::ssize_t d = 0, deals = a.shape(1); d < a.shape(0); ++d)
    rows.emplace_back(a.data() + d * deals, a.data() + (d + 1) * deals);
  return rows;
}

// 42's bid advice (texas42/bid_advice.hpp) as _core.decisions.bidding.BidAdvice.
void bind_bid_advice(py::module_& bid) {
  using texas42::BidAdvice;
  py::class_<BidAdvice> c(bid, "BidAdvice", "42's bid advice from its deals' points (texas42/bid_advice.hpp)");
  py::enum_<BidAdvice::Case>(c, "Case")
      .value("declaring", BidAdvice::Case::Declaring)
      .value("special", BidAdvice::Case::Special)
      .value("game_odds", BidAdvice::Case::GameOdds)
      .value("least_bid", BidAdvice::Case::LeastBid)
      .value("bids", BidAdvice::Case::Bids)
      .value("no_bid", BidAdvice::Case::NoBid)
      .value("partner_high", BidAdvice::Case::PartnerHigh)
      .value("not_worth", BidAdvice::Case::NotWorth);
  const auto specials_of = [](const std::vector<std::pair<BidPair, Bools>>& list) {
    std::vector<BidAdvice::Special> out;
    for (const auto& [b, makes] : list) out.push_back({bid_of(b), {rows_of<char>(makes, "makes")}});
    return out;
  };
  c.def(py::init([specials_of](const texas42::Rules& rules, const Ints& points, const std::vector<BidPair>& legal,
                               double risk, double mark_risk, int discount, bool partner_high,
                               const std::vector<std::pair<BidPair, Bools>>& specials,
                               const std::vector<std::pair<BidPair, Bools>>& declared,
                               const std::optional<BidPair>& contract, std::optional<std::pair<int, int>> score) {
          std::vector<texas42::Bid> calls;
          for (const BidPair& b : legal) calls.push_back(bid_of(b));
          try {
            return BidAdvice(rules, rows_of<int>(points, "points"), calls, risk, mark_risk, discount, partner_high,
                             specials_of(specials), specials_of(declared),
                             contract ? std::optional(bid_of(*contract)) : std::nullopt, score);
          } catch (const std::invalid_argument& e) {
            throw py::value_error(e.what());
          }
        }),
        py::arg("rules"), py::arg("points"), py::arg("legal"), py::arg("risk"), py::arg("mark_risk"),
        py::arg("discount"), py::arg("partner_high"), py::arg("specials"), py::arg("declared"), py::arg("contract"),
        py::arg("score"))
      .def("p_bid", [](const BidAdvice& a, int b) {
        std::vector<double> out;
        for (int d = 0; d < a.count(); ++d) out.push_back(a.p_bid(d, b));
        return out;
      }, py::arg("bid"), "per declaration, P(make) as the bid is judged (less the discount for point bids)")
      .def("p_of", &BidAdvice::p_of, py::arg("declaration"), py::arg("bid"))
      .def("p_table", [](const BidAdvice& a, int d, const BidPair& b) { return a.p_table(d, bid_of(b)); },
           py::arg("declaration"), py::arg("bid"))
      .def("stake", &BidAdvice::stake, py::arg("bid"))
      .def("game_odds", [](const BidAdvice& a, int b) {
        try {
          return a.game_odds(b);
        } catch (const std::invalid_argument& e) {
          throw py::value_error(e.what());
        }
      }, py::arg("bid"), "with a score, the chance of winning the game calling `bid` (None where not measured)")
      .def("ordinary_call", &BidAdvice::ordinary_call)
      .def("threshold", [](const BidAdvice& a, const BidPair& b) { return a.threshold({bid_of(b), {}}); }, py::arg("bid"),
           "the P(make) a special bid `bid` needs against the ordinary call's expected stake")
      .def("special", &BidAdvice::special, "the special bid to make instead (its index: the specials', then the declared)")
      .def_property_readonly("bid", [](const BidAdvice& a) { return pair_of(a.bid()); })
      .def("best_declaration", [](const BidAdvice& a, const std::optional<BidPair>& b) {
        return a.best_declaration(b ? std::optional(bid_of(*b)) : std::nullopt);
      }, py::arg("bid"), "a table declaration's index, or count + j: the seat's own contract j")
      .def("verdict", [](const BidAdvice& a) {
        const BidAdvice::Verdict v = a.verdict();
        return py::make_tuple(v.why, pair_of(v.bid), v.declaration, v.p, v.threshold, v.table, v.every);
      }, "(why, bid judged, its declaration, P(make), threshold, P(make) in play, a bid of every trick)");
}

}  // namespace

void decisions(py::module_& m) {
  using namespace dominosolver::texas42;

  auto pimc = m.def_submodule("pimc", "the hint loop's figures, every game's (core/pimc.hpp)");
  pimc.attr("KEY_DIGITS") = dominosolver::pimc::kKeyDigits;
  pimc.attr("ESS_FLOOR") = dominosolver::pimc::kEssFloor;
  pimc.attr("MAX_DRAWS") = dominosolver::pimc::kMaxDraws;
  pimc.attr("UNCHUNKED") = dominosolver::pimc::kUnchunked;
  pimc.attr("MAX_WORLDS") = dominosolver::pimc::kMaxWorlds;
  pimc.attr("ONE_WORLD") = dominosolver::pimc::kOneWorld;
  pimc.def(
      "average",
      [](const Doubles& values, const std::optional<Doubles>& log_weights, bool exact) {
        if (values.ndim() != 2) throw py::value_error("values must be a matrix: a row a world, a column a move");
        const auto rows = static_cast<std::size_t>(values.shape(0)), columns = static_cast<std::size_t>(values.shape(1));
        std::optional<std::vector<double>> logs;
        if (log_weights) logs = log_weights_of(*log_weights, rows);
        dominosolver::pimc::Averages a;
        {
          py::gil_scoped_release release;
          a = dominosolver::pimc::average(values.data(), rows, columns, logs ? &*logs : nullptr, exact);
        }
        return py::make_tuple(Doubles(static_cast<py::ssize_t>(columns), a.means.data()),
                              Doubles(static_cast<py::ssize_t>(columns), a.stderrs.data()), a.one_world);
      },
      py::arg("values"), py::arg("log_weights"), py::arg("exact"),
      "Per column: the (weighted) mean over the rows, its standard error, and whether one row carries "
      "all the weight (core/pimc.hpp's average).");
  pimc.def(
      "effective_size",
      [](const Doubles& log_weights) { return dominosolver::pimc::effective_size(log_weights_of(log_weights, std::nullopt)); },
      py::arg("log_weights"), "(sum w)^2 / sum w^2 of the weights exp(log weight)");
  pimc.def("rank", &dominosolver::pimc::rank, py::arg("keys"),
           "(index, rank) pairs, best first: keys compared at KEY_DIGITS digits, ties sharing a rank");
  pimc.attr("VALUES_SHARE") = dominosolver::pimc::kValuesShare;
  pimc.def("rank_proven", &dominosolver::pimc::rank_proven, py::arg("reached"), py::arg("missed"),
           "(index, rank) pairs of moves ranked on make tests alone: the most worlds proven to reach the seat's goal, "
           "then the fewest proven to miss it, ties sharing a rank (core/pimc.hpp)");
  pimc.def("py_round", &dominosolver::pimc::py_round, py::arg("x"), py::arg("digits"),
           "Python's round(x, digits), as the WebAssembly module rounds");

  auto hint = m.def_submodule("hint", "a 42 hint's figures (texas42/decisions.hpp)");
  hint.attr("SAMPLES") = hint_policy::kSamples;
  hint.attr("EXACT_LIMIT") = hint_policy::kExactLimit;
  hint.attr("CHUNK") = hint_policy::kChunk;
  hint.attr("LONG_TRICKS") = hint_policy::kLongTricks;
  hint.attr("LONG_CHUNK") = hint_policy::kLongChunk;
  hint.attr("MIN_WORLD_NODES") = hint_policy::kMinWorldNodes;
  hint.attr("NODES_PER_SECOND") = static_cast<std::uint64_t>(hint_policy::kNodesPerSecond);
  hint.def("table_mb", &hint_policy::table_mb, py::arg("tricks_left"), "the solver's table (MB) of a hint's searches");
  py::class_<hint_policy::MoveOrder>(hint, "MoveOrder", "how a hint orders its moves (texas42/decisions.hpp)")
      .def(py::init([](const std::optional<std::string>& goal, const std::string& objective, bool fewest,
                       std::optional<std::pair<int, int>> score, int stake, int target) {
             hint_policy::MoveOrder o;
             if (goal && *goal != "make" && *goal != "set") throw py::value_error("goal must be 'make', 'set' or None");
             o.goal = !goal ? hint_policy::Goal::None : *goal == "make" ? hint_policy::Goal::Make : hint_policy::Goal::Set;
             if (objective != "goal" && objective != "points" && objective != "game")
               throw py::value_error("objective must be 'goal', 'points' or 'game'");
             o.objective = objective == "goal"     ? hint_policy::Objective::Goal
                           : objective == "points" ? hint_policy::Objective::Points
                                                   : hint_policy::Objective::Game;
             if (o.objective == hint_policy::Objective::Game && (!score || o.goal == hint_policy::Goal::None || target < 1))
               throw py::value_error("objective 'game' needs a goal, the game's score and its target");
             o.fewest = fewest;
             o.score = score.value_or(std::pair<int, int>{0, 0});
             o.stake = stake;
             o.target = target;
             return o;
           }),
           py::arg("goal"), py::arg("objective"), py::arg("fewest") = false, py::arg("score") = py::none(),
           py::arg("stake") = 1, py::arg("target") = 0)
      .def("key", [](const hint_policy::MoveOrder& o, std::optional<double> mean, std::optional<double> p_make) {
             const std::vector<double> k = o.key(mean, p_make);
             return py::tuple(py::cast(k));
           }, py::arg("mean"), py::arg("p_make"), "a move's rank key (bigger is better)")
      .def("game_odds", &hint_policy::MoveOrder::game_odds, py::arg("p_make"));
  hint.def("pov", &hint_policy::pov, py::arg("rules"), py::arg("seat"), py::arg("declarer"),
           "the point of view of a hint's values: the seat's side by its seats' names, as a solve names it (Moon's bidder alone, the other two together)");

  auto cal = m.def_submodule("calibration", "the bid adviser's P(make) in play (texas42/decisions.hpp)");
  cal.attr("A") = calibration::kA;
  cal.attr("B") = calibration::kB;
  cal.attr("CLIP") = calibration::kClip;
  cal.attr("CONTRACTS") = calibration::kContracts;
  cal.def("at_table", &calibration::at_table, py::arg("p"),
          "The chance that a contract the adviser gives p (double dummy) is made in play.");

  auto w = m.def_submodule("weighting", "the auction weighting's bidder model (texas42/decisions.hpp)");
  w.attr("BID_SLOPE") = weighting::kBidSlope;
  w.attr("BID_CENTRE") = weighting::kBidCentre;
  w.attr("TRUMP_SHARPNESS") = weighting::kTrumpSharpness;
  w.def("strength", &weighting::strength, py::arg("hand"), py::arg("suit"));
  w.def("auction_log_likelihood", &weighting::auction_log_likelihood, py::arg("dealt"), py::arg("auction"),
        py::arg("viewer"), py::arg("declarer"), py::arg("trump"), py::arg("max_pip"));
  // Per world (its hands now, a mask a seat), with each seat's played tiles back in (`played`).
  w.def(
      "auction_log_likelihoods",
      [](const std::vector<std::vector<TileMask>>& worlds, const std::vector<TileMask>& played,
         const std::vector<std::pair<int, int>>& auction, int viewer, std::optional<int> declarer,
         std::optional<int> trump, int max_pip) {
        std::vector<double> out;
        out.reserve(worlds.size());
        std::vector<TileMask> dealt;
        for (const std::vector<TileMask>& world : worlds) {
          dealt = world;
          for (std::size_t s = 0; s < dealt.size() && s < played.size(); ++s) dealt[s] |= played[s];
          out.push_back(weighting::auction_log_likelihood(dealt, auction, viewer, declarer, trump, max_pip));
        }
        return out;
      },
      py::arg("worlds"), py::arg("played"), py::arg("auction"), py::arg("viewer"), py::arg("declarer"),
      py::arg("trump"), py::arg("max_pip"));

  auto play = m.def_submodule("play_inference", "the play weighting's player model (texas42/decisions.hpp)");
  play.attr("TEMPERATURE") = play_inference::kTemperature;
  play.attr("SLIP") = play_inference::kSlip;
  play.attr("CAP") = play_inference::kCap;
  play.attr("RECENT") = play_inference::kRecent;
  play.attr("TABLE_MB") = play_inference::kTableMb;
  play.def("likelihood", &play_inference::likelihood, py::arg("regret"), py::arg("options"),
           py::arg("temperature") = play_inference::kTemperature, py::arg("slip") = play_inference::kSlip);

  auto bid = m.def_submodule("bidding", "the bid advice's batches and statistics (texas42/decisions.hpp)");
  bid.attr("BATCH") = advice_policy::kBatch;
  bid.attr("MOON_BATCH") = advice_policy::kMoonBatch;
  bid.attr("FIRST_BATCH") = advice_policy::kFirstBatch;
  bid.attr("Z95") = advice_policy::kZ95;
  bid.def("wilson", &advice_policy::wilson, py::arg("made"), py::arg("n"), py::arg("z") = advice_policy::kZ95);
  bid.def("special_threshold", &advice_policy::special_threshold, py::arg("marks"), py::arg("ordinary_gain") = 0.0,
          py::arg("floor") = 0.5);
  bid.def("win_chance", &advice_policy::win_chance, py::arg("us"), py::arg("them"), py::arg("target"));
  bid.def(
      "declaration_spread",
      [](const Ints& values) {
        if (values.ndim() != 2) throw py::value_error("values must be a matrix: a row a declaration, a column a deal");
        std::vector<double> means, stderrs;
        for (py::ssize_t d = 0, deals = values.shape(1); d < values.shape(0); ++d) {
          const advice_policy::Spread s =
              advice_policy::spread_of(std::vector<int>(values.data() + d * deals, values.data() + (d + 1) * deals));
          means.push_back(s.mean);
          stderrs.push_back(s.stderr_);
        }
        return py::make_tuple(means, stderrs);
      },
      py::arg("values"), "per declaration (a row) the mean of its deals' values and its standard error");
  bid.def(
      "special_odds",
      [](const Bools& makes) {
        const advice_policy::SpecialOdds odds{rows_of<char>(makes, "makes")};
        std::vector<double> shares;
        for (std::size_t d = 0; d < odds.makes.size(); ++d) shares.push_back(odds.share(d));
        return py::make_tuple(odds.p_make(), odds.stderr_of(), odds.p_named(), shares);
      },
      py::arg("makes"), "(P(make) of some declaration, its standard error, the best single declaration's, each one's)");
  bid.def("stake", &advice_policy::stake, py::arg("rules"), py::arg("bid"),
          "the marks a contract of `bid` puts at stake: one for a point bid, k for a bid of k marks");
  bid.def("next_batch", &advice_policy::next_batch, py::arg("cap"), py::arg("time"), py::arg("elapsed"), py::arg("done"),
          "deals to solve next, `done` solved in `elapsed` seconds under the time limit `time` (None: none)");
  bid.def(
      "question_seed",
      [](const Rules& rules, int seat, const std::vector<int>& hand, const std::vector<std::pair<int, BidPair>>& calls,
         const std::optional<std::pair<int, BidPair>>& contract) {
        std::vector<std::pair<int, Bid>> core_calls;
        for (const auto& [s, b] : calls) core_calls.emplace_back(s, bid_of(b));
        std::optional<Contract> c;
        if (contract) c = Contract{contract->first, bid_of(contract->second)};
        return advice_policy::question_seed(rules, seat, hand, core_calls, c);
      },
      py::arg("rules"), py::arg("seat"), py::arg("hand"), py::arg("calls"), py::arg("contract"),
      "the seed of an advice asked without one: the first 4 bytes of the SHA-256 of the question's JSON");
  bid.def(
      "ordinary_call",
      [](const Rules& rules, const std::vector<BidPair>& legal, bool partner_high, int discount, double risk,
         double mark_risk, const std::function<bool(int, double)>& makes) {
        std::vector<Bid> bids;
        for (const BidPair& b : legal) bids.push_back(bid_of(b));
        return advice_policy::ordinary_call(rules, bids, partner_high, discount, risk, mark_risk, makes).value;
      },
      py::arg("rules"), py::arg("legal"), py::arg("partner_high"), py::arg("discount"), py::arg("risk"),
      py::arg("mark_risk"), py::arg("makes"), "the adviser's ordinary call (its number: 0 a pass)");
  py::class_<MoonAdvice> moon(bid, "MoonAdvice", "Moon's bid advice from its deals' tricks (texas42/moon_advice.hpp)");
  py::enum_<MoonAdvice::Case>(moon, "Case")
      .value("declaring", MoonAdvice::Case::Declaring)
      .value("least_bid", MoonAdvice::Case::LeastBid)
      .value("worth_most", MoonAdvice::Case::WorthMost)
      .value("no_bid", MoonAdvice::Case::NoBid)
      .value("partner_high", MoonAdvice::Case::PartnerHigh)
      .value("not_worth", MoonAdvice::Case::NotWorth)
      .value("below_risk", MoonAdvice::Case::BelowRisk);
  // Per declaration, one of its figures for `bid`.
  const auto per_declaration = [](double (MoonAdvice::*f)(int, int) const) {
    return [f](const MoonAdvice& a, int bid) {
      std::vector<double> out;
      for (int d = 0; d < a.count(); ++d) out.push_back((a.*f)(d, bid));
      return out;
    };
  };
  moon.def(py::init([](const Rules& rules, const Ints& tricks, const std::vector<int>& legal, double risk, int discount,
                       bool partner_high) {
             try {
               return MoonAdvice(rules, rows_of<int>(tricks, "tricks"), legal, risk, discount, partner_high);
             } catch (const std::invalid_argument& e) {
               throw py::value_error(e.what());
             }
           }),
           py::arg("rules"), py::arg("tricks"), py::arg("legal"), py::arg("risk"), py::arg("discount"), py::arg("partner_high"))
      .def("means", [](const MoonAdvice& a) {
        std::vector<double> out;
        for (int d = 0; d < a.count(); ++d) out.push_back(a.mean(d));
        return out;
      })
      .def("p_make", per_declaration(&MoonAdvice::p_make), py::arg("bid"))
      .def("p_bid", per_declaration(&MoonAdvice::p_bid), py::arg("bid"))
      .def("worth", per_declaration(&MoonAdvice::worth), py::arg("bid"))
      .def("best_declaration", &MoonAdvice::best_declaration, py::arg("bid"))
      .def_property_readonly("bid", &MoonAdvice::bid)
      .def("verdict", [](const MoonAdvice& a, std::optional<int> contract) {
             const MoonAdvice::Verdict v = a.verdict(contract);
             return py::make_tuple(v.why, v.bid, v.declaration, v.p, v.threshold);
           }, py::arg("contract"), "(why, bid judged, its declaration, P(make) as judged, threshold)");
  bind_bid_advice(bid);
  bid.def("game_chance", &advice_policy::game_chance, py::arg("p_make"), py::arg("us"), py::arg("them"), py::arg("stake"),
          py::arg("declaring"), py::arg("target"));
}

}  // namespace dominosolver::bind
