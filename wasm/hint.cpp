// The WebAssembly module's hints: a player's view (`dominosolver.view/1`) read as the Python package
// reads one in play, its worlds drawn as Python draws them (world_sampler.hpp: the same seed, the
// same worlds), every legal play solved on each, averaged and ranked, written as `dominosolver.hint/1`;
// and its bid advice (adviseBid, bidStart..), written as `dominosolver.bidadvice/1`.
//
// What they decide by is the core's, which the Python package calls too: the figures (core/pimc.hpp,
// texas42/decisions.hpp, advice_defaults.hpp), a hint's averages, standard errors and ranks
// (pimc::average, pimc::rank, pimc::rank_proven on make tests alone, hint_policy::MoveOrder, hint_policy::pov), the bid ladder
// (texas42/rules.hpp), the advice's batches, stake and question seed (advice_policy, core/sha256.hpp),
// 42's advice (texas42/bid_advice.hpp) and Moon's (texas42/moon_advice.hpp). This file reads views and questions,
// runs the searches in steps, and words and writes the answers as Python's presenters do.
//
// A hint runs in steps (a batch of worlds each) so that the JavaScript side (index.js, the worker
// hint-worker.js) can report progress and stop it between batches: hintStart, then hintStep until
// it answers done, then hintResult; hintPartial gives the hint so far, hintEnd frees it.
#include <emscripten/bind.h>
#include <emscripten/emscripten.h>
#include <emscripten/heap.h>
#include <malloc.h>
#include <emscripten/val.h>

#include <algorithm>
#include <array>
#include <cmath>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <exception>
// Debian's em++ 3.1.6 (clang 14, its libc++) has C++20's coroutines under std::experimental only
// (BidTask); clang 14 says it will drop them, which this file knows.
#include <experimental/coroutine>
#pragma clang diagnostic ignored "-Wunknown-warning-option"
#pragma clang diagnostic ignored "-Wdeprecated-experimental-coroutine"
#include <functional>
#include <map>
#include <memory>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "convert.hpp"
#include "runs.hpp"
#include "dominosolver/core/pimc.hpp"
#include "dominosolver/texas42/advice_defaults.hpp"
#include "dominosolver/texas42/bid_advice.hpp"
#include "dominosolver/texas42/contract.hpp"
#include "dominosolver/texas42/decisions.hpp"
#include "dominosolver/texas42/game.hpp"
#include "dominosolver/texas42/moon_advice.hpp"
#include "dominosolver/texas42/plays.hpp"
#include "dominosolver/texas42/solver.hpp"
#include "dominosolver/texas42/view.hpp"
#include "dominosolver/texas42/world_sampler.hpp"

#ifndef DOMINOSOLVER_VERSION
#define DOMINOSOLVER_VERSION "0.0.0"
#endif

using emscripten::val;
using namespace dominosolver;
using namespace dominosolver::texas42;
using namespace dominosolver::js;

namespace {

// The hint's figures, the Python package's too: stated once in the core (core/pimc.hpp,
// texas42/decisions.hpp), never here.
using pimc::kEssFloor, pimc::kKeyDigits, pimc::kMaxDraws, pimc::kMaxWorlds, pimc::kUnchunked;
using hint_policy::kChunk, hint_policy::kExactLimit, hint_policy::kLongChunk, hint_policy::kLongTricks,
    hint_policy::kMinWorldNodes, hint_policy::kSamples;
// The node budgets: under a time limit, a world of more than kLongTricks tricks (The Big Game's
// first tricks, up to seconds each) is searched in slices (`sliced`): kMinWorldNodes, then what the
// time left allows at the nodes a second this module's searches have reached so far (kNodesPerSecond
// before any: a browser's rate, this module's own, below the native core's); a world the time cuts
// short is left out, and the hint says so.
constexpr double kNodesPerSecond = 2'500'000;
constexpr std::uint64_t kLeastSlice = 10'000;  // a world's later slices (`sliced`): at least this many nodes
const char* const kGivesUp = "its node budget (the time left) ran out";
// hint.py's NO_WORLD: what a hint that rests on no world says to do.
const char* const kNoWorld = "a hint answers on one solved world at least: give it more time, or none (a world with many "
                             "tricks left, as at The Big Game's first leads, can take seconds to solve)";

double now_seconds() { return emscripten_get_now() / 1000.0; }

// Python's round(x, digits), numpy's pairwise sum: the core's (core/pimc.hpp), which Python's hints round and add by too.
using pimc::pairwise_sum, pimc::py_round;

// Python's "{x:g}".
std::string g_format(double x) {
  char buf[64];
  std::snprintf(buf, sizeof buf, "%g", x);
  return buf;
}

// A play's place among Python's orders: the higher tile first, a tile's lower-end lead just before it.
bool higher_play(int a, int b) {
  return tile_of_play(a) != tile_of_play(b) ? tile_of_play(a) > tile_of_play(b) : a > b;
}

std::vector<int> sorted_plays(TileMask m) {
  std::vector<int> out;
  for (; m; m &= m - 1) out.push_back(lowest(m));
  std::sort(out.begin(), out.end(), higher_play);
  return out;
}


// ------------------------------------------------------------------ views

// A view in play, read and checked as PlayerView.from_json reads one (its C++ position fits it),
// with what the sampler and the hint need.
struct View {
  Rules rules;
  int seat = 0;
  Trump trump;
  std::optional<Contract> contract;
  std::optional<Position> fit;       // one deal that fits: the public facts, the seat's hand
  TileMask gone = 0;                 // tiles of earlier tricks whose plays were not recorded
  std::optional<int> discard;        // the bidder's own discard, known to it alone
  std::optional<History> history;    // the completed recorded tricks
  int leader = 0;
  std::vector<int> trick;
  std::vector<int> sizes;            // the exchange's hand sizes
  TileMask hand_mask = 0;            // the exchange's hand (with the widow)
  std::vector<int> legal;            // the seat's legal plays, Python's order (empty: not its turn)
  // Moon's widow exchange (§4.1): the bidder holds its hand and the widow, nothing played yet; its
  // moves are the tiles it may lay away (exchange.py). No position then: `fit` is empty.
  bool exchange = false;
  int to_move = -1;
  std::vector<std::pair<int, int>> auction;  // (seat, bid number; 0 a pass), for the auction weighting
  std::vector<Bid> auction_bids;             // the same calls' bids, kinds included
  val json = val::null();            // the view as Python's to_json writes it
};

std::optional<Contract> contract_of(const val& o, const Rules& rules) {
  if (!has(o, "contract")) return std::nullopt;
  const val c = o["contract"];
  if (type_of(c) != "object" || val::global("Array").call<bool>("isArray", c))
    throw ParseError("'contract' must be {\"declarer\": seat, \"bid\": bid}, not " + json_type(c));
  if (!has(c, "declarer") || !has(c, "bid"))
    throw ParseError(std::string("'contract' must be {\"declarer\": seat, \"bid\": bid}: it lacks ") + (has(c, "declarer") ? "bid" : "declarer"));
  return Contract{seat_of(c["declarer"], rules, "contract.declarer"),
                  bid_of(c["bid"], has(c, "kind") ? text_of(c["kind"], "contract.kind") : "")};
}

std::vector<int> tiles_of_list(const val& o, const char* key) {
  if (!has(o, key)) return {};
  return plays_of(o[key], std::string("view field '") + key + "'", false);
}

bool is_array(const val& v) { return val::global("Array").call<bool>("isArray", v); }

val auction_json(const val& o, const Rules& rules, std::vector<std::pair<int, int>>& calls, std::vector<Bid>& bids);
void check_auction(const View& v);

// The fields every view's JSON opens with, in PlayerView.to_json's order (the auction read from ``o``).
val view_head(const val& o, View& v, TileMask hand, const std::vector<int>& sizes) {
  val j = val::object();
  j.set("schema", std::string("dominosolver.view/1"));
  j.set("game", game_of(v.rules));
  j.set("seat", v.seat);
  j.set("rules", flags_json(v.rules));
  j.set("trump", trump_json(v.trump));
  j.set("contract", contract_json(v.contract));
  j.set("auction", auction_json(o, v.rules, v.auction, v.auction_bids));
  j.set("hand", names_of(sorted_plays(hand)));
  val sj = val::array();
  for (int n : sizes) sj.call<void>("push", n);
  j.set("hand_sizes", sj);
  return j;
}

// The exchange's view (PlayerView.before_play): the bidder to lay a tile away, nothing played.
View exchange_view(const val& o, View v, const std::vector<int>& hand, const std::vector<int>& sizes, bool nothing_played) {
  const Rules& rules = v.rules;
  if (rules.row().left_over != LeftOver::Widow || !nothing_played)
    throw InvalidViewError("in the exchange nothing is played or laid away yet, and trumps are " +
                           std::string(rules.row().left_over == LeftOver::Widow ? "named (docs/rules.md §4.1)"
                                                                                 : "not named yet (docs/rules.md §4.3)"));
  TileMask named = 0;
  for (int t : hand) named |= bit(t);
  if (named & ~rules.tile_set()) throw InvalidViewError("a tile outside the game's set: " + tile_name(lowest(named & ~rules.tile_set())));
  if (count(named) != static_cast<int>(hand.size()) || static_cast<int>(hand.size()) != sizes[v.seat])
    throw InvalidViewError("hand_sizes gives " + rules.seat_name(v.seat) + " " + std::to_string(sizes[v.seat]) +
                           (sizes[v.seat] == 1 ? " tile" : " tiles") + " but the hand holds " + std::to_string(hand.size()));
  v.exchange = true;
  v.to_move = v.contract->declarer;
  v.sizes = sizes;
  v.hand_mask = named;
  if (v.to_move == v.seat)
    for (TileMask m = named; m; m &= m - 1) v.legal.push_back(lowest(m));  // exchange.py: lowest tile first
  val j = view_head(o, v, named, sizes);
  set_before_play(j, val(v.to_move));
  v.json = j;
  check_auction(v);
  return v;
}

View read_view(const val& o) {
  View v{.rules = rules_of(o)};
  const Rules& rules = v.rules;
  v.seat = seat_of(o["seat"], rules, "seat");
  v.contract = contract_of(o, rules);
  if (!has(o, "trump")) {  // as hint.py's before_play: the bid adviser answers there, or another seat decides
    const std::string seat = rules.seat_name(v.seat);
    if (v.contract && has(o, "to_move") && !o["to_move"].isNull()) {
      const int to_move = seat_of(o["to_move"], rules, "to_move");
      const val sizes = o["hand_sizes"];
      const int declarer = v.contract->declarer;
      // The Big Game's exchange: the bidder holds its hand and the undealt tile (docs/rules.md §4.3).
      const bool exchange = rules.row().left_over == LeftOver::Undealt && has(o, "hand_sizes") && is_array(sizes) &&
                            sizes["length"].as<int>() == rules.seats() && sizes[declarer].isNumber() &&
                            sizes[declarer].as<int>() == rules.hand_tricks() + rules.undealt();
      if (to_move != v.seat)
        throw InvalidViewError("no tile to play: " + seat + "'s view is in the " +
                               (exchange ? "exchange: " + rules.seat_name(to_move) + ", the bidder, is laying a tile away"
                                         : "declaration of trumps: " + rules.seat_name(to_move) + " is naming trumps") +
                               "; nothing for " + seat + " to decide");
      // The bidder's own exchange: Python's hint ranks the discards there (biggame's exchange advice,
      // a search of every discard under every declaration); this module has no such advice.
      if (exchange)
        throw InvalidViewError("no tile to play: " + seat + "'s view is in the exchange: the offline board has no "
                               "advice for The Big Game's exchange (the Python package's hint ranks the discards)");
    }
    throw InvalidViewError("no tile to play: " + seat + "'s view is in the " +
                           (v.contract ? "declaration of trumps" : "auction") + ": ask advise-bid");
  }
  v.trump = trump_of(o["trump"], v.rules);
  std::vector<int> hand = tiles_of_list(o, "hand");
  std::sort(hand.begin(), hand.end(), higher_play);
  std::vector<std::pair<int, int>> plays;  // (seat, play)
  if (has(o, "plays")) {
    const val list = o["plays"];
    if (!is_array(list)) throw ParseError("view field 'plays' must be a list of objects");
    for (int i = 0, n = list["length"].as<int>(); i < n; ++i) {
      const val p = list[i];
      if (type_of(p) != "object" || p.isNull() || !has(p, "seat") || !has(p, "tile"))
        throw ParseError("each entry of 'plays' needs 'seat' and 'tile'");
      plays.emplace_back(seat_of(p["seat"], rules, "plays: a seat"), parse_play(text_of(p["tile"], "plays: a tile")));
    }
  }
  std::vector<int> gone = tiles_of_list(o, "gone");
  std::optional<int> discard;
  if (has(o, "discard")) {
    const int d = parse_play(text_of(o["discard"], "view field 'discard'"));
    if (is_lower_end_lead(d)) throw ParseError("view field 'discard' must be a tile");
    discard = d;
  }
  const val sizes_json = o["hand_sizes"];
  std::vector<int> sizes;
  bool sizes_ok = has(o, "hand_sizes") && is_array(sizes_json) && sizes_json["length"].as<int>() == rules.seats();
  for (int s = 0; sizes_ok && s < rules.seats(); ++s) {
    const val n = sizes_json[s];
    sizes_ok = type_of(n) == "number" && n.as<double>() >= 0 && n.as<double>() == static_cast<int>(n.as<double>());
    if (sizes_ok) sizes.push_back(n.as<int>());
  }
  if (!sizes_ok) {
    std::string names;
    for (int s = 0; s < rules.seats(); ++s) names += (s ? ", " : "") + rules.seat_name(s);
    throw ParseError("'hand_sizes' must be a list of " + std::to_string(rules.seats()) + " counts (" + names + ")");
  }
  const int undealt = undealt_tiles(rules);
  if (undealt && v.contract) {  // Moon's widow exchange (§4.1), The Big Game's (§4.3)
    bool exchange = true;
    for (int s = 0; s < rules.seats(); ++s)
      exchange = exchange && sizes[s] == rules.hand_size() + (s == v.contract->declarer ? undealt : 0);
    if (exchange) return exchange_view(o, std::move(v), hand, sizes, plays.empty() && gone.empty() && !discard);
  }
  for (int n : sizes)
    if (n > rules.hand_size()) throw InvalidViewError("no hand holds more than " + std::to_string(rules.hand_size()) + " tiles");
  TileMask named = 0;
  auto name = [&](int tile) {
    if (named & bit(tile))
      throw InvalidViewError("tile " + tile_name(tile) + " appears twice across hand, plays and gone (and discard)");
    named |= bit(tile);
  };
  for (int t : hand) name(t);
  for (int t : gone) name(t);
  for (const auto& [s, p] : plays) name(tile_of_play(p));
  if (discard) name(*discard);
  if (named & ~rules.tile_set()) throw InvalidViewError("a tile outside the game's set: " + tile_name(lowest(named & ~rules.tile_set())));

  ViewFacts facts;
  facts.seat = v.seat;
  facts.hand = hand;
  facts.hand_sizes = sizes;
  if (!plays.empty()) facts.first_leader = plays.front().first;
  else if (has(o, "leader")) facts.first_leader = seat_of(o["leader"], rules, "leader");
  else if (!v.contract || !gone.empty()) throw ParseError("view JSON lacks 'leader' (who leads the current trick)");
  for (const auto& [s, p] : plays) facts.plays.push_back(p);
  facts.gone = gone;
  facts.contract = v.contract;
  if (has(o, "revealed")) {
    const val r = o["revealed"];
    if (type_of(r) != "object" || is_array(r)) throw ParseError("view field 'revealed' must map seats to lists of tiles");
    facts.revealed.assign(rules.seats(), {});
    const val keys = val::global("Object").call<val>("keys", r);
    for (int i = 0, n = keys["length"].as<int>(); i < n; ++i) {
      const val key = keys[i];
      const int s = seat_of(key, rules, "revealed: a seat");
      facts.revealed[s] = plays_of(r[key.as<std::string>()], "revealed", false);
    }
  }
  facts.discard = discard;
  v.fit = fitting_position(rules, v.trump, facts);
  const Position& core = *v.fit;

  // What the deal leaves over: tiles of unrecorded tricks, and (Moon, The Big Game) the one aside.
  TileMask in_hands = 0, played = 0;
  for (int s = 0; s < rules.seats(); ++s) in_hands |= core.hand(s);
  for (const PlayRecord& p : core.plays()) played |= bit(tile_of_play(p.tile));
  std::optional<int> aside = discard;
  if (!discard && undealt && !gone.empty() && v.contract && v.contract->declarer != v.seat) {
    // Another seat's view: the deal's tile laid away stands in for the discard it does not see.
    TileMask in_play = played;
    for (int t : gone) in_play |= bit(t);
    const TileMask left = rules.tile_set() & ~in_play & ~in_hands;
    if (left) aside = 63 - std::countl_zero(left);
  }
  const LeftOverTiles left_over = left_over_tiles(core, v.seat, aside);  // the core's rule, as Python's view
  v.gone = left_over.gone;
  v.discard = left_over.discard;
  for (std::size_t i = 0; i < plays.size() && i < core.plays().size(); ++i)
    if (plays[i].first != core.plays()[i].seat)
      throw InvalidViewError("the plays say " + rules.seat_name(plays[i].first) + " played " + play_name(plays[i].second) +
                             ", but by the trick winners it was " + rules.seat_name(core.plays()[i].seat));

  v.leader = core.leader();
  v.trick = core.trick();
  v.history = core.history().tiles.empty() ? std::nullopt : std::optional<History>(core.history());
  const bool over = core.is_over();
  if (!over && core.to_move() == v.seat) v.legal = sorted_plays(core.legal_moves());

  // The view's JSON, field for field as PlayerView.to_json writes it.
  std::vector<int> held;
  for (int s = 0; s < rules.seats(); ++s) held.push_back(count(core.hand(s)));
  val j = view_head(o, v, core.hand(v.seat), held);
  j.set("leader", v.leader);
  j.set("to_move", over ? val::null() : val(core.to_move()));
  j.set("trick", names_of(v.trick));
  j.set("plays", plays_json(core.plays()));
  val voids = val::object();
  for (int s = 0; s < rules.seats(); ++s) {
    const unsigned bits = core.voids(s);
    if (!bits) continue;
    val list = val::array();
    for (int suit = 0; suit < kCalledSuits; ++suit)
      if (bits & (1u << suit))
        list.call<void>("push", suit == kTrumpSuit ? val(std::string("trump")) : suit == kDoublesSuit ? val(std::string("doubles")) : val(suit));
    voids.set(rules.seat_name(s), list);
  }
  j.set("voids", voids);
  val points = val::array();
  for (int side = 0; side < kSides; ++side) points.call<void>("push", core.points(side));
  j.set("points", points);
  if (v.gone) j.set("gone", names_of(sorted_plays(v.gone)));
  bool any_revealed = false;
  val rv = val::object();
  for (int s = 0; s < rules.seats(); ++s)
    if (const TileMask r = core.revealed(s)) {
      any_revealed = true;
      rv.set(rules.seat_name(s), names_of(sorted_plays(r)));
    }
  if (any_revealed) j.set("revealed", rv);
  if (!v.legal.empty()) j.set("legal_moves", names_of(v.legal));
  if (v.discard) j.set("discard", tile_name(*v.discard));
  v.json = j;
  check_auction(v);
  return v;
}




// The view's auction as _call_json writes it: each call's seat, its bid by name, a special bid's kind.
val auction_json(const val& o, const Rules& rules, std::vector<std::pair<int, int>>& calls, std::vector<Bid>& bids) {
  val auction = val::array();
  if (!has(o, "auction")) return auction;
  const val list = o["auction"];
  if (!is_array(list)) throw ParseError("view field 'auction' must be a list of objects");
  for (int i = 0, n = list["length"].as<int>(); i < n; ++i) {
    const val a = list[i];
    if (type_of(a) != "object" || a.isNull() || !has(a, "seat") || !has(a, "bid"))
      throw ParseError("each entry of 'auction' needs 'seat' and 'bid'");
    const Bid b = bid_of(a["bid"], has(a, "kind") ? text_of(a["kind"], "auction: a kind") : "");
    val aj = val::object();
    const int seat = seat_of(a["seat"], rules, "auction: a seat");
    calls.emplace_back(seat, b.value);
    bids.push_back(b);
    aj.set("seat", seat);
    aj.set("bid", b.value == kPass ? std::string("pass") : b.value == kGameBid ? std::string("game") : std::to_string(b.value));
    if (b.kind != BidKind::Ordinary) aj.set("kind", bid_kind_name(b.kind));
    auction.call<void>("push", aj);
  }
  return auction;
}

// What the sampler needs of a view: its position's facts, or the exchange's (nothing played yet).
SamplerFacts facts_of(const View& v) {
  if (!v.exchange) return sampler_facts(*v.fit, v.seat, v.gone, v.discard);
  SamplerFacts f;
  f.seat = v.seat;
  f.hand = v.hand_mask;
  f.hand_sizes = v.sizes;
  f.absent.assign(v.rules.seats(), 0);
  return f;
}

std::string contract_words(const Rules& rules, const std::optional<Contract>& c) {
  if (!c) return "None";
  const int bid = c->bid.value;
  return rules.seat_name(c->declarer) + (bid == kGameBid ? std::string("game") : std::to_string(bid)) +
         (c->bid.kind != BidKind::Ordinary ? ":" + bid_kind_name(c->bid.kind) : std::string());
}

// A view past the bidding: its auction replays in the core's to its end (calls in turn, each legal,
// another seat's special bid as if it held what the bid asks), won by the view's contract or thrown
// in (view.py's _auction_over, rules.py's replay_auction).
void check_auction(const View& v) {
  if (v.auction.empty()) return;
  const Rules& rules = v.rules;
  Auction replay(rules, (v.auction.front().first + rules.seats() - 1) % rules.seats());
  for (std::size_t i = 0; i < v.auction.size(); ++i) {
    const int bidder = v.auction[i].first;
    if (replay.over() || replay.to_call() != bidder)
      throw InvalidViewError(rules.seat_name(bidder) + " bids out of turn: the auction goes round the table once");
    try {
      replay.call(v.auction_bids[i], std::nullopt);
    } catch (const std::invalid_argument& e) {
      throw InvalidViewError(std::string("the auction does not replay: ") + e.what());
    }
  }
  const std::optional<Contract> found = replay.contract();
  if (v.contract) {
    if (!found || found->declarer != v.contract->declarer || found->bid.value != v.contract->bid.value ||
        found->bid.kind != v.contract->bid.kind)
      throw InvalidViewError("the auction gives the contract " + contract_words(rules, found) + ", not " +
                             contract_words(rules, v.contract));
  } else if (!replay.over()) {
    throw InvalidViewError("the auction is not over (" + rules.seat_name(replay.to_call()) +
                           " is to call), but the view is past the bidding");
  }
}

// The seat names of the rules, for index.js to compare the facts a view states.
val seat_names(const Rules& rules) {
  val out = val::array();
  for (int s = 0; s < rules.seats(); ++s) out.call<void>("push", rules.seat_name(s));
  return out;
}

// ------------------------------------------------------------------ averaging (pimc.py)

struct Column {
  std::optional<double> mean, stderr_, chance, chance_se;
  std::optional<int> makes, sets;  // on make tests alone (the hint's last resort): worlds proven made, set
  int rank = 1;
  int index = 0;
};

// The core's averaging (core/pimc.hpp's average: Python's hints average by it too) of rows of
// values, each world weighted by exp(its log weight); "one world carries all the weight" goes to
// `warnings` when asked.
pimc::Averages averaged(const std::vector<std::vector<int>>& x, const std::vector<double>& log_weights, bool exact,
                        std::vector<std::string>* warnings = nullptr) {
  const std::size_t columns = x.empty() ? 0 : x[0].size();
  std::vector<double> flat;
  flat.reserve(x.size() * columns);
  for (const std::vector<int>& row : x) flat.insert(flat.end(), row.begin(), row.end());
  pimc::Averages out = pimc::average(flat.data(), x.size(), columns, &log_weights, exact);
  if (out.one_world && warnings) warnings->push_back("one world carries all the weight: no standard error");
  return out;
}

// The models of the weightings (the auction's bidder, the play's player) are the core's
// (texas42/decisions.hpp), Python's too.
using play_inference::kCap;
constexpr std::size_t kRecent = play_inference::kRecent;

using pimc::Key;

// ------------------------------------------------------------------ the hint loop

// A seed's refusal, as Python's ("seed must be a whole number from 0 to 2**64 - 1, not -1") with the
// module's bound: a JavaScript number holds whole numbers exactly up to 2**53 - 1.
inline std::string seed_refused(const val& v) {
  return "seed must be a whole number from 0 to 2**53 - 1 (the most a JavaScript number holds exactly), not " + shown(v);
}

class HintRun {
 public:
  HintRun(const val& view_json, const val& options) : started_(now_seconds()), view_(read_view(view_json)) {
    samples_ = whole(options, "samples", kSamples, 1, kMaxWorlds);
    exact_limit_ = whole(options, "exactLimit", kExactLimit, 0, kMaxWorlds);
    if (has(options, "seed")) {
      const double d = type_of(options["seed"]) == "number" ? options["seed"].as<double>() : -1.0;
      if (!(d >= 0 && d <= 9007199254740991.0 && d == std::floor(d)))
        throw ParseError(seed_refused(options["seed"]));
      seed_ = static_cast<std::uint64_t>(d);
    } else {
      seed_ = static_cast<std::uint64_t>(options["freshSeed"].as<double>());
    }
    if (has(options, "timeMs")) {
      const double t = type_of(options["timeMs"]) == "number" ? options["timeMs"].as<double>() : -1.0;
      if (!(t >= 0 && t <= 1e12))
        throw ParseError("timeMs must be a number of milliseconds from 0 to 1e12, not " + shown(options["timeMs"]));
      time_ = t / 1000.0;
    }
    values_time_ = time_;  // the worlds' values' time: all of it, but for a hint with a last resort (start_play)
    chunked_ = time_.has_value() || (has(options, "stoppable") && options["stoppable"].as<bool>());
    const std::string objective = has(options, "objective") ? text_of(options["objective"], "objective") : "auto";
    const std::string means = has(options, "means") ? text_of(options["means"], "means") : "tied";
    if (objective != "auto" && objective != "goal" && objective != "points" && objective != "game")
      throw ParseError("unknown objective '" + objective + "': auto, goal, points or game");
    if ((objective == "game") != has(options, "score"))
      throw InvalidViewError("objective game needs the game's score (the seat's side's marks first), and a "
                             "score is read for that objective only");
    if (has(options, "score")) {
      const Rules& rules = view_.rules;
      if (!marks_game(rules) || !view_.contract)
        throw InvalidViewError("objective game ranks by the chance of winning a game of 42 to 7 marks: it needs "
                               "the marks game and a contract");
      marks_ = score_of(options["score"], rules.game_target());
    }
    if (means != "tied" && means != "all") throw ParseError("unknown means '" + means + "': use one of tied, all");
    weighting_ = has(options, "weighting") ? text_of(options["weighting"], "weighting") : "uniform";
    if (weighting_ != "uniform" && weighting_ != "auction" && weighting_ != "play" && weighting_ != "auction+play")
      throw ParseError("unknown weighting '" + weighting_ + "': use one of uniform, auction, play, auction+play");
    if (weighting_ != "uniform" && !advice_defaults(view_.rules.family).fitted) {
      warnings_.push_back(weighting_ + " weighting models Texas 42's players: worlds weighted uniformly");
      weighting_ = "uniform";  // the auction model was fitted on 42's bids (advice_defaults.hpp's `fitted`)
    }
    const View& v = view_;
    if (v.exchange) {
      start_exchange(objective);
    } else {
      start_play(objective, means);
    }
    if (sampler_->count() <= static_cast<std::uint64_t>(exact_limit_)) {
      method_ = "exact";
      total_ = static_cast<int>(sampler_->count());
      for (int k = 0; k < total_; ++k) order_.push_back(k);
      if (chunked_) PythonRandom(0).shuffle(order_);  // any prefix of a shuffled order: a sample without replacement
    } else {
      method_ = "pimc";
      total_ = samples_;
      stream_ = std::make_unique<WorldStream>(*sampler_, seed_);
    }
    solver_ = std::make_unique<Solver>(tt_mb_);
  }

  // A play: the worlds' positions, the contract's goal and how its chance is judged (hint.py).
  void start_play(const std::string& objective, const std::string& means) {
    const View& v = view_;
    if (v.fit->is_over()) throw InvalidViewError("the hand is over: there is no move to hint");  // as hint.py
    if (v.fit->to_move() != v.seat)
      throw InvalidViewError(v.rules.seat_name(v.seat) + " is not to play (" + v.rules.seat_name(v.fit->to_move()) + " is)");
    sampler_ = std::make_unique<WorldSampler>(v.rules, facts_of(v));
    const Position first = position_of_world(sampler_->world(0));
    tricks_left_ = first.tricks_left();
    chunk_ = tricks_left_ > kLongTricks ? kLongChunk : kChunk;
    budgeted_ = tricks_left_ > kLongTricks && time_.has_value();
    tt_mb_ = hint_policy::table_mb(tricks_left_);
    if (v.gone && v.contract) warnings_.push_back("tricks before the recorded plays are unknown: their points count as 0");
    if (weighting_ != "uniform" && v.gone) {
      warnings_.push_back(weighting_ + " weighting needs every play recorded: worlds weighted uniformly");
      weighting_ = "uniform";  // who held the unrecorded tiles at the deal is unknown
    }
    units_ = units_name(units_of(first));
    if (weighting_.find("play") != std::string::npos && units_ != "points") {
      // The model's temperature is fitted on points: a contract in tricks keeps the rest.
      weighting_ = weighting_ == "auction+play" ? "auction" : "uniform";
      warnings_.push_back("play weighting is fitted on contracts in points: worlds weighted by " + weighting_);
    }
    const Objective contract_objective = first.ruling().contract->objective;
    if (v.contract) {
      declarer_team_ = first.side_of(v.contract->declarer);
      ours_ = first.side_of(v.seat) == declarer_team_;
      goal_ = ours_ ? "make" : "set";
      if (contract_objective == Objective::EveryTrick) {
        const int left = first.tricks_left(), lost = first.tricks_won(1 - declarer_team_);
        const bool ours = ours_;
        makes_ = [=](int value) { return lost == 0 && (ours ? value : left - value) == left; };
      } else if (contract_objective == Objective::NoTrick) {
        const int left = first.tricks_left(), taken = first.tricks_won(declarer_team_);
        const bool ours = ours_;
        makes_ = [=](int value) { return taken == 0 && (ours ? value : left - value) == 0; };
      } else {
        const int need = points_needed(v.rules, v.contract->bid.value), already = first.points(declarer_team_);
        const int remaining = first.remaining_points();
        const bool ours = ours_;
        makes_ = [=](int value) { return already + (ours ? value : remaining - value) >= need; };
      }
    }
    objective_ = objective == "auto" ? (v.rules.scoring == Scoring::Marks || units_ == "tricks" ? "goal" : "points") : objective;
    target_marks_ = v.rules.game_target();
    fewest_ = contract_objective == Objective::NoTrick;
    if (v.contract && contract_objective == Objective::Points) {  // the seat's goal in points from here
      const int short_ = points_needed(v.rules, v.contract->bid.value) - first.points(declarer_team_);
      target_ = ours_ ? short_ : first.remaining_points() - short_ + 1;
      tests_first_ = means == "tied" && (objective_ == "goal" || objective_ == "game");
      // hint.py's last resort (_proven): beyond kLongTricks under a time limit or a stop, the worlds'
      // values get kValuesShare of the time, and when none is valued whole the moves' make tests the rest
      resort_ = tricks_left_ > kLongTricks && chunked_;
      if (resort_ && time_) values_time_ = *time_ * pimc::kValuesShare;
    }
  }

  // Moon's widow exchange (exchange.py): the moves are the bidder's tiles, each laid away in turn
  // and valued by the tricks the bidder then takes, double dummy, on every world.
  void start_exchange(const std::string& objective) {
    const View& v = view_;
    if (v.to_move != v.seat)
      throw InvalidViewError(v.rules.seat_name(v.seat) + " is not to play (" + v.rules.seat_name(v.to_move) + " is)");
    sampler_ = std::make_unique<WorldSampler>(v.rules, facts_of(v));
    units_ = "tricks";
    goal_ = "make";
    ours_ = true;
    const int need = points_needed(v.rules, v.contract->bid.value);
    makes_ = [need](int tricks) { return tricks >= need; };
    objective_ = objective == "auto" || objective == "game" ? "goal" : objective;
    tt_mb_ = 16;
  }

  // One batch of worlds (or of the tied moves' values); true once the hint is complete.
  // `stop` asks the hint to end here, as Python's should_stop answering true.
  val step(bool stop) {
    val out = val::object();
    if (phase_ == Phase::Run) run_step(stop, out);
    else if (phase_ == Phase::Refine) refine_step(stop);
    else if (phase_ == Phase::Proven) proven_step(stop);
    out.set("done", phase_ == Phase::Done);
    out.set("worlds", phase_ == Phase::Proven ? proven_done_ : static_cast<int>(rows_.size()));
    out.set("total", phase_ == Phase::Proven ? samples_ : total_);
    return out;
  }

  val result() const { return json(final_); }
  // The hint so far (during the worlds' batches): a run's estimate, without means on the tests' path.
  val partial() {
    std::vector<Column> cols = estimate(method_for_partial(), {});
    if (tests_first_)
      for (Column& c : cols) c.mean = c.stderr_ = std::nullopt;
    return json(cols, "pimc", warnings_after_);
  }

 private:
  enum class Phase { Run, Refine, Proven, Done };

  static int whole(const val& options, const char* key, int fallback, int low, int high) {
    if (!has(options, key)) return fallback;
    const double d = type_of(options[key]) == "number" ? options[key].as<double>() : std::nan("");
    if (!(d >= low && d <= high && d == std::floor(d)))
      throw ParseError(std::string(key) + " must be a whole number from " + grouped(low) + " to " + grouped(high) + ", not " +
                       shown(options[key]));
    return static_cast<int>(d);
  }

  Position position_of_world(const World& hands) const {
    return Position(view_.rules, view_.trump, hands, view_.leader, view_.trick, view_.contract, view_.history);
  }

  std::string method_for_partial() const { return "pimc"; }

  // The nodes a second this module's searches have reached so far (kNodesPerSecond before any).
  double rate() const {
    return search_seconds_ > 0.05 ? static_cast<double>(nodes_) / search_seconds_ : kNodesPerSecond;
  }

  // `search(nodes)` (a world's search under a node budget, 0: none; true when complete), timed.
  // Under a time limit (budgeted_) a world may take, as hint.py's, the nodes the time left allows at
  // the rate measured so far (kNodesPerSecond before any), at least kMinWorldNodes; it takes them in
  // slices, each a search anew (the solver's table keeps what the last one found): first
  // kMinWorldNodes (fewer when half the time left allows fewer), then what half the time left allows
  // at the rate measured by then, until one completes,
  // the world's nodes are spent or the time is up (false: the world is left out). Once the time is up
  // a world is not searched at all, but for the hint's first. A single budget set at the world's
  // start let a world on a slow or loaded machine run on long past the limit (The Big Game's first
  // lead, the Play screen's hint: 9.7 s for 5).
  template <class Search>
  bool sliced(Search&& search) {
    if (!budgeted_) return timed(search, 0);
    const auto left = [&] { return started_ + *values_time_ - now_seconds(); };
    // half the time left at the rate so far or the last search's, the lower: a machine slowing down
    // (loaded) shortens the next slices
    const auto slice = [&] {
      const double pace = last_rate_ > 0 ? std::min(rate(), last_rate_) : rate();
      return std::max(kLeastSlice, static_cast<std::uint64_t>(std::max(0.0, left()) * pace / 2));
    };
    if (left() <= 0 && nodes_ > 0) return false;
    const std::uint64_t budget = std::max(kMinWorldNodes, static_cast<std::uint64_t>(std::max(0.0, left()) * rate()));
    // the first slice within the time left too, but for the hint's first world (at least one search)
    std::uint64_t nodes = nodes_ == 0 ? kMinWorldNodes
                                      : std::min(kMinWorldNodes, slice());
    while (true) {
      if (timed(search, nodes)) return true;
      if (nodes == budget || left() <= 0) return false;
      nodes = std::min(budget, slice());
    }
  }

  template <class Search>
  bool timed(Search& search, std::uint64_t nodes) {
    const double t = now_seconds();
    const std::uint64_t before = nodes_;
    const bool complete = search(nodes);
    const double took = now_seconds() - t;
    search_seconds_ += took;
    if (took > 0.02) last_rate_ = static_cast<double>(nodes_ - before) / took;
    return complete;
  }

  // Every legal play's value (or, on the tests' path, 1 where the seat's side still reaches its
  // goal after it) in one world; false when the time left ran out first (`sliced`).
  bool score(const World& world, std::vector<int>& row) {
    return sliced([&](std::uint64_t nodes) { return score_timed(world, row, nodes); });
  }

  bool score_timed(const World& world, std::vector<int>& row, std::uint64_t budget) {
    if (view_.exchange) {
      World deal = world;  // any one of the 8 may stand for the widow: each is laid away in turn
      const int bidder = view_.contract->declarer;
      const TileMask widow = bit(63 - std::countl_zero(view_.hand_mask));
      deal[bidder] = view_.hand_mask & ~widow;
      const DiscardValues dv = discard_values(view_.rules, view_.trump, deal, widow,
                                              Contract{bidder, Bid{view_.contract->bid.value}}, *solver_);
      nodes_ += dv.nodes;
      row.clear();
      for (const auto& [tile, tricks] : dv.tricks) row.push_back(tricks);
      return true;
    }
    const Position pos = position_of_world(world);
    row.assign(view_.legal.size(), -1);
    if (tests_first_) {
      const auto answers = solver_->reaches_after(pos, target_, budget);
      nodes_ += solver_->nodes();
      bool known = true;
      for (std::size_t c = 0; c < view_.legal.size(); ++c)
        for (const auto& [play, answer] : answers)
          if (play == view_.legal[c]) {
            row[c] = answer == 1 ? 1 : 0;
            known = known && answer >= 0;
          }
      return known;
    }
    const SolveOutput s = solver_->solve(pos, true, false, budget);
    nodes_ += s.nodes;
    for (std::size_t c = 0; c < view_.legal.size(); ++c)
      for (const auto& [play, value] : s.moves)
        if (play == view_.legal[c]) row[c] = value;
    return s.complete;
  }

  // The rows of the worlds solved so far.
  std::vector<std::vector<int>> solved_rows() const {
    std::vector<std::vector<int>> out;
    for (std::size_t i = 0; i < rows_.size(); ++i)
      if (solved_[i]) out.push_back(rows_[i]);
    return out;
  }

  void run_step(bool stop, val& out) {
    const int hi = std::min(static_cast<int>(rows_.size()) + chunk_, total_);
    for (int k = static_cast<int>(rows_.size()); k < hi; ++k) {
      const World w = method_ == "exact" ? sampler_->world(static_cast<std::uint64_t>(order_[k])) : stream_->next();
      worlds_.push_back(w);
      logs_.push_back(log_weight(w));
      rows_.emplace_back();
      solved_.push_back(score(w, rows_.back()));
    }
    const int done = static_cast<int>(rows_.size());
    if (done == total_ && method_ == "pimc" && total_ < kMaxDraws * samples_ && weighting_ != "uniform") {
      std::vector<double> logs;
      for (std::size_t i = 0; i < rows_.size(); ++i)
        if (solved_[i]) logs.push_back(logs_[i]);
      if (!logs.empty() && pimc::effective_size(logs) < kEssFloor * samples_) {
        total_ += samples_;
        grown_ = weighting_ + " weighting: the effective sample size fell under " + g_format(kEssFloor * samples_) +
                 ", so " + std::to_string(total_) + " worlds were drawn";
      }
    }
    if (done == total_) return finish_run(method_, grown_.empty() ? std::vector<std::string>{} : std::vector<std::string>{grown_});
    // pimc.run reports the estimate so far here, once some world is solved
    out.set("progress", std::find(solved_.begin(), solved_.end(), true) != solved_.end());
    std::string why;
    if (chunked_ && time_ && now_seconds() - started_ >= *values_time_) why = "by the time limit (" + g_format(*values_time_) + " s)";
    else if (chunked_ && stop) why = "on request";
    if (why.empty()) return;
    std::vector<std::string> notes;
    if (!grown_.empty()) notes.push_back(grown_);
    notes.push_back("stopped after " + std::to_string(done) + " of " + std::to_string(total_) + " worlds " + why);
    if (method_ == "exact") notes.push_back("partial enumeration: a random subset of the worlds, drawn without replacement");
    finish_run("pimc", notes, why);
  }

  // `stopped`: why the worlds' loop ended early ("on request", "by the time limit (t s)"), or none.
  void finish_run(const std::string& method, const std::vector<std::string>& notes, const std::string& stopped = "") {
    if (resort_ && std::find(solved_.begin(), solved_.end(), true) == solved_.end()) return start_proven(stopped);
    shown_method_ = method;
    run_warnings_ = warnings_;
    run_warnings_.insert(run_warnings_.end(), notes.begin(), notes.end());
    for (std::size_t i = 0; i < worlds_.size(); ++i)
      if (solved_[i]) {
        kept_.push_back(worlds_[i]);
        kept_logs_.push_back(logs_[i]);
      }
    final_ = estimate(method, notes);
    run_warnings_ = warnings_after_;
    if (!tests_first_) {
      phase_ = Phase::Done;
      return;
    }
    // refine: the moves tied for the best chance get their values on the same worlds
    int best = final_.front().rank;
    for (const Column& c : final_) best = std::min(best, c.rank);
    for (const Column& c : final_)
      if (c.rank == best) tied_.push_back(c.index);
    std::sort(tied_.begin(), tied_.end());
    if (tied_.size() < 2) tied_.clear();
    phase_ = Phase::Refine;
    if (tied_.empty()) finish_refine();
  }

  // hint.py's _proven, the last resort when no world was valued whole (`stopped`: why the worlds'
  // loop ended, or none when every world was cut short): on the worlds the values drew (the same
  // seed), each move's zero-window test of the seat's goal within kMinWorldNodes nodes a world (a
  // cleared table, as each of Python's calls has), a world a step until the time is up or a stop, the
  // first whatever the time. The moves rank by the core's rank_proven; no means, no chances.
  void start_proven(const std::string& stopped) {
    proven_why_ = stopped.empty() ? "none of the " + std::to_string(rows_.size()) + " worlds could be solved: " + kGivesUp
                                  : "no world was solved " + stopped;
    if (time_) proven_why_ += " (" + g_format(pimc::kValuesShare) + " of the time, the values' share)";
    proven_reached_.assign(view_.legal.size(), 0);
    proven_missed_.assign(view_.legal.size(), 0);
    proven_stream_ = std::make_unique<WorldStream>(*sampler_, seed_);
    phase_ = Phase::Proven;
  }

  void proven_step(bool stop) {
    solver_->clear();
    const auto answers = solver_->reaches_after(position_of_world(proven_stream_->next()), target_, kMinWorldNodes);
    nodes_ += solver_->nodes();
    ++proven_done_;
    int decided = 0;
    for (std::size_t c = 0; c < view_.legal.size(); ++c)
      for (const auto& [play, answer] : answers)
        if (play == view_.legal[c] && answer >= 0) {
          ++decided;
          ++(answer == 1 ? proven_reached_ : proven_missed_)[c];
        }
    proven_whole_ += decided == static_cast<int>(view_.legal.size());
    proven_decided_ = proven_decided_ || decided > 0;
    if (proven_done_ == samples_ || (time_ && now_seconds() - started_ >= *time_) || stop) finish_proven();
  }

  void finish_proven() {
    const std::string budget = grouped(static_cast<long long>(kMinWorldNodes));
    if (!proven_decided_)
      throw SearchLimitError(proven_why_ + ", and the make tests decided nothing within their node budget (" + budget +
                             " nodes a world); " + kNoWorld);
    final_.clear();
    for (const auto& [j, r] : pimc::rank_proven(proven_reached_, proven_missed_)) {
      Column c;
      c.index = j;
      c.rank = r;
      c.makes = ours_ ? proven_reached_[j] : proven_missed_[j];
      c.sets = ours_ ? proven_missed_[j] : proven_reached_[j];
      final_.push_back(c);
    }
    shown_method_ = "pimc";
    proven_warnings_ = warnings_;
    proven_warnings_.push_back(proven_why_ + ": the moves are ranked by make tests alone (" + budget +
                               " nodes a world), by the worlds proven to " + goal_ +
                               " the contract after each, then the fewest proven not to; " + std::to_string(proven_done_) +
                               " worlds tested, " + std::to_string(proven_whole_) + " of them whole (every move decided); no means");
    phase_ = Phase::Done;
  }

  void refine_step(bool stop) {
    const int batch = chunked_ ? chunk_ : kUnchunked;
    const int hi = std::min(static_cast<int>(tied_rows_.size()) + batch, static_cast<int>(kept_.size()));
    TileMask only = 0;
    for (int c : tied_) only |= bit(view_.legal[c]);
    for (int k = static_cast<int>(tied_rows_.size()); k < hi; ++k) {
      const Position pos = position_of_world(kept_[k]);
      SolveOutput s;
      sliced([&](std::uint64_t nodes) {
        s = solver_->solve(pos, true, false, nodes, only);
        nodes_ += s.nodes;
        return s.complete;
      });
      std::vector<int> row;
      for (int c : tied_) {
        int value = -1;
        for (const auto& [play, v] : s.moves)
          if (play == view_.legal[c]) value = v;
        row.push_back(value);
      }
      tied_rows_.push_back(row);
    }
    if (tied_rows_.size() == kept_.size() || (chunked_ && time_ && now_seconds() - started_ >= *time_) || (chunked_ && stop))
      finish_refine();
  }

  void finish_refine() {
    std::vector<std::string> warnings = run_warnings_;
    std::map<int, std::pair<double, double>> valued;
    if (!tied_rows_.empty()) {
      std::vector<std::vector<int>> valued_rows;  // a play its node budget left unvalued: -1
      for (const auto& row : tied_rows_)
        if (std::all_of(row.begin(), row.end(), [](int v) { return v >= 0; })) valued_rows.push_back(row);
      const bool exact = shown_method_ == "exact" && tied_rows_.size() == kept_.size() && valued_rows.size() == tied_rows_.size();
      if (!valued_rows.empty()) {
        std::vector<double> logs;  // the kept worlds' log weights, of the rows valued
        for (std::size_t k = 0; k < tied_rows_.size(); ++k)
          if (std::all_of(tied_rows_[k].begin(), tied_rows_[k].end(), [](int v) { return v >= 0; })) logs.push_back(kept_logs_[k]);
        const pimc::Averages a = averaged(valued_rows, logs, exact, &warnings);
        for (std::size_t k = 0; k < tied_.size(); ++k) valued[tied_[k]] = {a.means[k], a.stderrs[k]};
      }
      if (valued_rows.size() < kept_.size())
        warnings.push_back("the means of the " + std::to_string(tied_.size()) + " moves tied for the best chance rest on " +
                           std::to_string(valued_rows.size()) + " of its " + std::to_string(kept_.size()) + " worlds");
    }
    std::vector<Column> by_index(final_.size());
    for (const Column& c : final_) by_index[c.index] = c;
    std::vector<Key> keys;
    for (Column& c : by_index) {
      const auto it = valued.find(c.index);
      c.mean = it == valued.end() ? std::nullopt : std::optional<double>(it->second.first);
      c.stderr_ = it == valued.end() ? std::nullopt : std::optional<double>(it->second.second);
      keys.push_back(rank_key(c.mean, c.chance));
    }
    for (const auto& [i, r] : pimc::rank(keys)) by_index[i].rank = r;
    std::stable_sort(by_index.begin(), by_index.end(), [](const Column& a, const Column& b) {
      return a.rank != b.rank ? a.rank < b.rank : a.index < b.index;
    });
    final_ = by_index;
    refine_warnings_ = warnings;
    phase_ = Phase::Done;
  }

  // weighting.py's world_log_weights: 0, plus the auction's log-likelihood, plus the play's.
  double log_weight(const World& world) {
    double out = 0.0;
    if (weighting_ == "auction" || weighting_ == "auction+play") out += auction_log_weight(world);
    if (weighting_ == "play" || weighting_ == "auction+play") out += play_log_weight(world);
    return out;
  }

  // play_inference.py: the log-likelihood of the other seats' choices among the last kRecent plays
  // (where they had two or more legal tiles) with the world's hands, each choice that gave away d
  // points double dummy (up to kCap) made with likelihood (1 - e) exp(-d / T) + e / n.
  double play_log_weight(const World& world) {
    const View& v = view_;
    const std::vector<PlayRecord>& plays = v.fit->plays();
    Position pos = position_of_world(world);
    std::vector<int> counts(plays.size());  // legal tiles before each play
    for (std::size_t k = plays.size(); k-- > 0;) {
      pos.undo();
      counts[k] = count(pos.legal_moves());
    }
    std::vector<bool> flags(plays.size());
    for (std::size_t k = 0; k < plays.size(); ++k)
      flags[k] = plays[k].seat != v.seat && counts[k] > 1 && k + kRecent >= plays.size();
    const auto first = std::find(flags.begin(), flags.end(), true);
    if (first == flags.end()) return 0.0;
    const std::size_t lo = static_cast<std::size_t>(first - flags.begin());
    std::size_t hi = plays.size();
    while (!flags[hi - 1]) --hi;
    for (std::size_t k = 0; k < lo; ++k) pos.play(plays[k].tile);
    std::vector<int> line;
    std::vector<bool> weighed;
    for (std::size_t k = lo; k < hi; ++k) {
      line.push_back(plays[k].tile);
      weighed.push_back(flags[k]);
    }
    const std::vector<PlayRegret> regrets = solver_->line_regrets(pos, line, weighed, kCap);
    double total = 0.0;
    std::size_t r = 0;
    for (std::size_t k = lo; k < hi; ++k) {
      if (!flags[k]) continue;
      const double regret = std::min(static_cast<double>(regrets.at(r).best - regrets.at(r).played), static_cast<double>(kCap));
      ++r;
      total += std::log(play_inference::likelihood(regret, counts[k]));
    }
    return total;
  }

  // weighting.py's log_likelihood: the log-probability of the other seats' calls and of the
  // declarer's choice of trump with the hands the world gives them at the deal (their plays back in).
  double auction_log_weight(const World& world) const {
    const View& v = view_;
    if (v.auction.empty() && !v.contract) return 0.0;
    std::vector<TileMask> dealt(v.rules.seats());
    for (int s = 0; s < v.rules.seats(); ++s) dealt[s] = world[s];
    if (v.fit)
      for (const PlayRecord& p : v.fit->plays()) dealt[p.seat] |= bit(tile_of_play(p.tile));
    const std::optional<int> declarer = v.contract ? std::optional<int>(v.contract->declarer) : std::nullopt;
    const std::optional<int> trump = v.trump.kind == TrumpKind::Suit ? std::optional<int>(v.trump.suit) : std::nullopt;
    return weighting::auction_log_likelihood(dealt, v.auction, v.seat, declarer, trump, v.rules.max_pip);
  }

  // How the moves rank (hint.py's rank_key): the core's MoveOrder (texas42/decisions.hpp), Python's too.
  hint_policy::MoveOrder order() const {
    hint_policy::MoveOrder o;
    o.goal = goal_.empty() ? hint_policy::Goal::None : goal_ == "make" ? hint_policy::Goal::Make : hint_policy::Goal::Set;
    o.objective = objective_ == "game"   ? hint_policy::Objective::Game
                  : objective_ == "goal" ? hint_policy::Objective::Goal
                                         : hint_policy::Objective::Points;
    o.fewest = fewest_;
    if (marks_) {
      o.score = *marks_;
      o.stake = advice_policy::stake(view_.rules, view_.contract->bid.value);  // game_odds.py's stake, the core's
      o.target = target_marks_;
    }
    return o;
  }
  Key rank_key(std::optional<double> mean, std::optional<double> p_make) const { return order().key(mean, p_make); }
  double game_odds(double p_make) const { return order().game_odds(p_make); }

 public:  // game_odds.py's helpers, the bid advice's too
  // The chance that the side with `us` marks reaches `target` first, every hand from here even.
  static double win_chance(int us, int them, int target) { return advice_policy::win_chance(us, them, target); }

  // game_odds.py's parse_score: [us, them] or "5-6", each from 0 to one under the target.
  static std::pair<int, int> score_of(const val& v, int target) {
    std::vector<double> parts;
    if (type_of(v) == "string") {
      std::string text = v.as<std::string>();
      text.erase(std::remove(text.begin(), text.end(), ' '), text.end());
      const auto dash = text.find('-');
      const std::string a = text.substr(0, dash), b = dash == std::string::npos ? "" : text.substr(dash + 1);
      auto digits = [](const std::string& t) {
        return !t.empty() && t.size() < 6 && std::all_of(t.begin(), t.end(), [](unsigned char c) { return std::isdigit(c); });
      };
      if (dash == std::string::npos || !digits(a) || !digits(b))
        throw ParseError("score '" + v.as<std::string>() + "': give the marks of both sides, the seat's first, as '5-6'");
      parts = {static_cast<double>(std::stoi(a)), static_cast<double>(std::stoi(b))};
    } else if (is_array(v) && v["length"].as<int>() == 2 && type_of(v[0]) == "number" && type_of(v[1]) == "number") {
      parts = {v[0].as<double>(), v[1].as<double>()};
    } else {
      throw ParseError("score must be two numbers of marks (the seat's side first), not " + shown(v));
    }
    for (double x : parts)
      if (!(x >= 0 && x <= target - 1 && x == std::floor(x)))
        throw ParseError("score must be a whole number from 0 to " + std::to_string(target - 1) + ", not " +
                         val::global("String")(x).as<std::string>());
    return {static_cast<int>(parts[0]), static_cast<int>(parts[1])};
  }

 private:

  // pimc.py's _estimate over the worlds scored so far: columns best first.
  // The game's warnings, why the loop stopped (`stopped`), then the worlds left out go to warnings_after_.
  std::vector<Column> estimate(std::string method, const std::vector<std::string>& stopped) {
    const std::vector<std::vector<int>> rows = solved_rows();
    warnings_after_ = warnings_;
    warnings_after_.insert(warnings_after_.end(), stopped.begin(), stopped.end());
    if (rows.empty() && !rows_.empty())
      throw SearchLimitError("none of the " + std::to_string(rows_.size()) + " worlds could be solved: " + kGivesUp);
    if (rows.size() < rows_.size()) {
      warnings_after_.push_back(std::to_string(rows_.size() - rows.size()) + " of " + std::to_string(rows_.size()) +
                                " worlds were left out: " + kGivesUp);
      method = "pimc";  // no longer every world
      shown_method_ = "pimc";
    }
    const bool exact = method == "exact";
    std::vector<double> logs;
    for (std::size_t i = 0; i < rows_.size(); ++i)
      if (solved_[i]) logs.push_back(logs_[i]);
    std::vector<std::string> averaging;  // after the game's warnings: the weighting's, the averaging's
    if (weighting_ != "uniform") {
      ess_ = pimc::effective_size(logs);
      char buf[32];
      std::snprintf(buf, sizeof buf, "%.0f", *ess_);
      averaging.push_back(weighting_ + " weighting: effective sample size " + buf + " of " + std::to_string(rows.size()));
    }
    const pimc::Averages values = averaged(rows, logs, exact, &averaging);
    pimc::Averages chances;
    const bool with_chance = static_cast<bool>(makes_) || tests_first_;
    if (with_chance) {
      std::vector<std::vector<int>> reached(rows.size(), std::vector<int>(view_.legal.size()));
      for (std::size_t i = 0; i < rows.size(); ++i)
        for (std::size_t j = 0; j < view_.legal.size(); ++j)
          reached[i][j] = tests_first_ ? (ours_ ? rows[i][j] == 1 : rows[i][j] == 0) : makes_(rows[i][j]);
      chances = averaged(reached, logs, exact);
    }
    warnings_after_.insert(warnings_after_.begin() + static_cast<long>(warnings_.size()), averaging.begin(), averaging.end());
    std::vector<Column> cols(view_.legal.size());
    std::vector<Key> keys;
    for (std::size_t j = 0; j < cols.size(); ++j) {
      cols[j].index = static_cast<int>(j);
      cols[j].mean = values.means[j];
      cols[j].stderr_ = values.stderrs[j];
      if (with_chance) {
        cols[j].chance = chances.means[j];
        cols[j].chance_se = chances.stderrs[j];
      }
      keys.push_back(rank_key(cols[j].mean, cols[j].chance));
    }
    std::vector<Column> out;
    for (const auto& [i, r] : pimc::rank(keys)) {
      out.push_back(cols[i]);
      out.back().rank = r;
    }
    return out;
  }

  val json(const std::vector<Column>& cols) const {
    return json(cols, shown_method_, proven_done_ ? proven_warnings_ : tests_first_ ? refine_warnings_ : run_warnings_);
  }

  val json(const std::vector<Column>& cols, const std::string& method, const std::vector<std::string>& warnings) const {
    auto p = [](const std::optional<double>& x) { return x ? val(py_round(*x, 6)) : val::null(); };
    const View& v = view_;
    val out = val::object();
    out.set("schema", std::string("dominosolver.hint/1"));
    out.set("game", v.json["game"]);
    out.set("rules", flags_json(v.rules));  // as in its position: "game" names the family
    out.set("position", v.json);
    out.set("seat", v.seat);
    out.set("pov", pov());
    val engine = val::object();
    engine.set("name", std::string("dominosolver-pimc"));
    engine.set("version", std::string(DOMINOSOLVER_VERSION));
    out.set("engine", engine);
    out.set("method", method);
    out.set("exact", method == "exact");
    out.set("worlds", proven_done_ ? proven_done_ : static_cast<int>(std::count(solved_.begin(), solved_.end(), true)));
    out.set("seed", method_ == "exact" ? val::null() : val(static_cast<double>(seed_)));
    out.set("weighting", weighting_);
    out.set("ess", ess_ ? val(py_round(*ess_, 3)) : val::null());
    out.set("goal", goal_.empty() ? val::null() : val(goal_));
    if (marks_) {
      val score = val::array();
      score.call<void>("push", marks_->first);
      score.call<void>("push", marks_->second);
      out.set("score", score);
    }
    out.set("units", units_);
    if (proven_done_) out.set("basis", std::string("tests"));  // on make tests alone (finish_proven)
    out.set("best", cols.empty() ? val::null() : val(play_name(v.legal[cols.front().index])));
    out.set("elapsed", py_round(now_seconds() - started_, 6));
    out.set("nodes", static_cast<double>(nodes_));
    val w = val::array();
    for (const std::string& s : warnings) w.call<void>("push", s);
    out.set("warnings", w);
    val moves = val::array();
    for (const Column& c : cols) {
      val m = val::object();
      m.set("move", play_name(v.legal[c.index]));
      m.set("mean", p(c.mean));
      m.set("stderr", p(c.stderr_));
      m.set("p_make", p(c.chance));
      m.set("p_make_stderr", p(c.chance_se));
      if (marks_) m.set("p_game", c.chance ? val(py_round(game_odds(*c.chance), 6)) : val::null());
      m.set("rank", c.rank);
      if (c.makes) {
        m.set("makes", *c.makes);
        m.set("sets", *c.sets);
      }
      moves.call<void>("push", m);
    }
    out.set("moves", moves);
    return out;
  }

  // hint.py's _pov: the core's (texas42/decisions.hpp), Python's too.
  std::string pov() const {
    const View& v = view_;
    return hint_policy::pov(v.rules, v.seat, v.contract ? std::optional<int>(v.contract->declarer) : std::nullopt);
  }

  double started_;
  View view_;
  int samples_ = kSamples, exact_limit_ = kExactLimit;
  std::uint64_t seed_ = 0;
  std::optional<double> time_, values_time_;
  bool chunked_ = false;
  std::unique_ptr<WorldSampler> sampler_;
  std::unique_ptr<WorldStream> stream_;
  std::unique_ptr<Solver> solver_;
  int tricks_left_ = 0, chunk_ = kChunk;
  std::size_t tt_mb_ = 4;
  std::vector<std::string> warnings_, run_warnings_, refine_warnings_;
  std::string units_, goal_, objective_, method_, shown_method_;
  int declarer_team_ = 0;
  bool ours_ = false, fewest_ = false, tests_first_ = false;
  int target_ = 0;
  std::function<bool(int)> makes_;
  // the last resort's make tests (start_proven): why, the worlds' draws, the counts per move
  bool resort_ = false, proven_decided_ = false;
  std::string proven_why_;
  std::unique_ptr<WorldStream> proven_stream_;
  std::vector<int> proven_reached_, proven_missed_;
  int proven_done_ = 0, proven_whole_ = 0;
  std::vector<std::string> proven_warnings_;
  int total_ = 0;
  std::vector<int> order_;
  std::vector<World> worlds_, kept_;
  std::vector<bool> solved_;
  std::vector<std::string> warnings_after_;
  bool budgeted_ = false;
  double search_seconds_ = 0;
  double last_rate_ = 0;  // the nodes a second of the last search of more than 0.02 s (`timed`)
  std::optional<std::pair<int, int>> marks_;
  std::string weighting_ = "uniform";
  std::optional<double> ess_;             // weighted worlds' effective sample size
  std::vector<double> logs_, kept_logs_;  // each scored world's log weight; the solved ones'
  std::string grown_;                     // why more than `samples` worlds were drawn  // objective game: the marks, the seat's side first
  int target_marks_ = 7;  // the time the worlds' searches took (their nodes: nodes_)
  std::vector<std::vector<int>> rows_, tied_rows_;
  std::vector<int> tied_;
  std::vector<Column> final_;
  std::uint64_t nodes_ = 0;
  Phase phase_ = Phase::Run;
};

Runs<HintRun> hints("hint");

// The most heap in use at the end of a hint's step so far (a hint's memory: its solver's table, its worlds).
std::size_t peak_heap = 0;

val hint_start(val view, val options) { return hints.start(view, options); }
val hint_step(int id, bool stop) {
  return hints.answer(id, [&](HintRun& run) {
    val out = run.step(stop);
    peak_heap = std::max(peak_heap, static_cast<std::size_t>(mallinfo().uordblks));
    return out;
  });
}
val hint_result(int id) { return hints.answer(id, &HintRun::result); }
val hint_partial(int id) { return hints.answer(id, &HintRun::partial); }
void hint_end(int id) { hints.end(id); }

// A view read: {view, seatNames}, the view as the package writes it and its rules' seat names.
val view_reply(const val& view) {
  const View v = read_view(view);
  val out = val::object();
  out.set("view", v.json);
  out.set("seatNames", seat_names(v.rules));
  return out;
}

// A view object read, as view_reply (index.js checks the facts it states against the reply).
val read_view_json(val view) {
  return guarded([&] { return view_reply(view); });
}

// A seat's view of a position (a `dominosolver.position/1` object, any point of a trick, its earlier
// tricks recorded or not): the view Python's Position.view(seat) gives (PlayerView.of_position, with
// `auction` as a view's JSON writes one), as {view, seatNames}. The position's public facts and the
// seat's hand go in, the core's left_over_tiles says which missing tiles went in unrecorded tricks
// and which one the bidder laid away; the view is then read as any view (its fitting deal, its JSON).
// No seat: the seat to move.
val view_of_position(val obj, val seat_arg, val auction) {
  return guarded([&] {
    const Position pos = position_of(obj);
    const std::optional<int> discard = position_discard(obj, pos);
    const Rules& rules = pos.rules();
    int seat = 0;
    if (seat_arg.isUndefined() || seat_arg.isNull()) {
      if (pos.is_over()) throw InvalidViewError("the hand is over: nobody is to move");
      seat = pos.to_move();
    } else {
      seat = seat_of(seat_arg, rules, "seat");
    }
    const LeftOverTiles left = left_over_tiles(pos, seat, discard);
    val o = val::object();
    o.set("schema", std::string("dominosolver.view/1"));
    o.set("game", game_of(rules));
    o.set("seat", seat);
    o.set("rules", flags_json(rules));
    o.set("trump", trump_json(pos.trump()));
    o.set("contract", contract_json(pos.contract()));
    if (!auction.isUndefined() && !auction.isNull()) o.set("auction", auction);
    o.set("hand", names_of(sorted_plays(pos.hand(seat))));
    val sizes = val::array();
    for (int s = 0; s < rules.seats(); ++s) sizes.call<void>("push", count(pos.hand(s)));
    o.set("hand_sizes", sizes);
    o.set("leader", pos.plays().empty() ? pos.leader() : static_cast<int>(pos.plays().front().seat));
    o.set("plays", plays_json(pos.plays()));
    if (left.gone) o.set("gone", names_of(sorted_plays(left.gone)));
    val revealed = val::object();
    bool shown = false;
    for (int s = 0; s < rules.seats(); ++s)
      if (const TileMask r = pos.revealed(s)) revealed.set(rules.seat_name(s), names_of(sorted_plays(r))), shown = true;
    if (shown) o.set("revealed", revealed);
    if (left.discard) o.set("discard", tile_name(*left.discard));
    return view_reply(o);
  });
}

// How many deals fit a view, and some of them drawn from a seed (Python's sample_worlds), as hands
// of tile names seat by seat; `count` as a decimal string (it may pass 2^53).
val sample_worlds(val view, int n, double seed) {
  return guarded([&] {
    const View v = read_view(view);
    const WorldSampler sampler(v.rules, facts_of(v));
    val out = val::object();
    out.set("count", std::to_string(sampler.count()));
    val worlds = val::array();
    for (const World& w : sampler.sample(static_cast<std::size_t>(n), static_cast<std::uint64_t>(seed))) {
      val hands = val::array();
      for (int s = 0; s < v.rules.seats(); ++s) hands.call<void>("push", names_of(sorted_plays(w[s])));
      worlds.call<void>("push", hands);
    }
    out.set("worlds", worlds);
    return out;
  });
}

// Python's random.Random(seed).randrange(n), `draws` times (seed and n as decimal strings, n < 2^64):
// the random source's own test.
val python_randrange(std::string seed, std::string n, int draws) {
  return guarded([&] {
    PythonRandom rng(std::stoull(seed));
    const std::uint64_t below = std::stoull(n);
    val out = val::array();
    for (int i = 0; i < draws; ++i) out.call<void>("push", std::to_string(rng.randbelow(below)));
    return out;
  });
}

// The module's linear memory in bytes (it grows as the solvers' tables need, never shrinks), and the
// most heap the hints' steps had in use.
val memory_bytes() {
  val out = val::object();
  out.set("linear", static_cast<double>(emscripten_get_heap_size()));
  out.set("peakHintHeap", static_cast<double>(peak_heap));
  return out;
}

}  // namespace

EMSCRIPTEN_BINDINGS(dominosolver_hint) {
  emscripten::function("memoryBytes", &memory_bytes);
  emscripten::function("hintStart", &hint_start);
  emscripten::function("hintStep", &hint_step);
  emscripten::function("hintResult", &hint_result);
  emscripten::function("hintPartial", &hint_partial);
  emscripten::function("hintEnd", &hint_end);
  emscripten::function("readView", &read_view_json);
  emscripten::function("viewOf", &view_of_position);
  emscripten::function("sampleWorlds", &sample_worlds);
  emscripten::function("pythonRandrange", &python_randrange);
}

// ------------------------------------------------------------------ bid advice (texas42/bidding.py)
// Python's advise_bid(hand, seat=..., auction=..., rules=..., samples=N, seed=S) for Texas 42 under
// any of its rules (texas42/bidding.py): while the seat is to call, and, the auction won, for the
// declaration it names (the contract's best declaration); under specials = all the special bids the
// seat may make (Plunge, Splash: the partner names, `specials`) and the contracts in tricks it may
// declare itself (Nel-O, Sevens: `declared`), judged on the same deals. The deals are drawn from the
// seat's view before the declaration as Python draws them; each table declaration's double-dummy
// points with the seat declaring the least bid, each special contract's tricks as its row seats and
// leads it; the advice, its verdict and the `dominosolver.bidadvice/1` JSON (less `elapsed`) as
// bidding.py and bid_advice_json.py present them.
namespace {

// The fields every bidadvice/1 object opens with (bid_advice_json.py's head).
template <class Seed>
val bid_advice_head(const Rules& rules, int seat, TileMask hand, int worlds, const Seed& seed) {
  val out = val::object();
  out.set("schema", std::string("dominosolver.bidadvice/1"));
  out.set("game", game_of(rules));
  out.set("seat", seat);
  out.set("hand", names_of(sorted_plays(hand)));
  out.set("method", std::string("pimc"));
  out.set("worlds", worlds);
  out.set("seed", seed);
  return out;
}

// The Wilson 95% interval of a chance seen over n deals (the deals made rounded, as bidding.py's);
// null without the chance.
val ci95_json(std::optional<double> p, double n) {
  if (!p) return val::null();
  const auto [lo, hi] = advice_policy::wilson(std::nearbyint(*p * n), n);  // the core's, Python's too
  val ci = val::array();
  ci.call<void>("push", py_round(lo, 6));
  ci.call<void>("push", py_round(hi, 6));
  return ci;
}

// Python's "{x:.0%}".
std::string percent(double x) {
  char buf[64];
  std::snprintf(buf, sizeof buf, "%.0f%%", x * 100);
  return buf;
}

// solve.py's declaration_name: how tables head a declaration ("fours", "doubles", "follow-me", "nello").
std::string declaration_name(const Trump& t) {
  static const char* const kNumbers[] = {"blanks", "ones", "twos", "threes", "fours", "fives", "sixes", "sevens", "eights"};
  const std::string name = t.name();
  if (t.kind == TrumpKind::Suit) return kNumbers[std::stoi(name)];
  return name == "none" ? std::string("follow-me") : name;
}

// bidding.py's SpecialAdvice: a special bid (or a contract the seat declares itself) on the deals.
// P(make), its standard error, the best single declaration's and each one's: the core's
// (advice_policy::SpecialOdds), Python's too.
struct Special : advice_policy::SpecialOdds {
  Bid bid;
  std::vector<Trump> declarations;  // what the partner may name (a declared contract: itself)
  std::optional<Trump> declared;
};

// What an advice's deals gave (bidding.py's _ContractScorer), then the decision, the core's
// (texas42/bid_advice.hpp's BidAdvice, Python's BidAdvice's too), worded as bidding.py words it.
struct Advice42 {
  const Rules& rules;
  int worlds = 0;
  std::vector<Trump> declarations;       // the table's, played for points
  std::vector<std::vector<int>> points;  // [declaration][deal]
  std::vector<Bid> legal;                // the calls the seat may make now (pass: 0)
  bool partner_high = false;
  std::vector<Special> specials;  // the special bids the seat may make now (the partner names)
  std::vector<Special> declared;  // the contracts in tricks it may declare itself
  std::optional<Contract> contract;  // the contract the seat won: declaring
  std::optional<std::pair<int, int>> score;  // 42's marks game: the seat's side's marks and the other's
  std::optional<BidAdvice> core;  // decide()'s

  // The thresholds it bids by: the member's row of the advice defaults (advice_defaults.hpp), as
  // bidding.py's playing_thresholds reads it (no mark_risk: risk's).
  double risk() const { return advice_defaults(rules.family).risk; }
  double mark_risk() const { return advice_defaults(rules.family).mark_risk.value_or(risk()); }
  int discount() const { return advice_defaults(rules.family).discount; }

  void decide() {
    const auto of = [](const std::vector<Special>& list) {
      std::vector<BidAdvice::Special> out;
      for (const Special& s : list) out.push_back({s.bid, s});
      return out;
    };
    core.emplace(rules, points, legal, risk(), mark_risk(), discount(), partner_high, of(specials), of(declared),
                 contract ? std::optional<Bid>(contract->bid) : std::nullopt, score);
  }
  double mean(int d) const { return core->mean(d); }
  double stderr_of(int d) const { return advice_policy::spread_of(points[d]).stderr_; }  // the core's, Python's too
  int count() const { return static_cast<int>(declarations.size()); }
  std::vector<int> ordinary() const {
    std::vector<int> out;
    for (const Bid& b : legal)
      if (b.value && b.kind == BidKind::Ordinary) out.push_back(b.value);
    std::sort(out.begin(), out.end());
    return out;
  }
  // The core's numbering of declarations: the table's, then the contracts of the seat's own.
  Trump trump_of(int d) const { return d < count() ? declarations[d] : *declared[d - count()].declared; }
  const Special& special_at(int i) const {
    const int n = static_cast<int>(specials.size());
    return i < n ? specials[i] : declared[i - n];
  }
  std::optional<Trump> declaration() const {
    if (const std::optional<int> s = core->special()) return special_at(*s).declared;
    const Bid b = core->bid();
    return trump_of(core->best_declaration(b.value ? std::optional<Bid>(b) : std::nullopt));
  }
  std::string action() const {
    if (contract) return "declare " + trump_of(core->best_declaration(contract->bid)).name();
    return bid_name(core->bid());
  }
  // BidAdvice._makes's words: P(make) of `bid` under declaration d as judged.
  std::string says(int d, const Bid& bid) const {
    const double p = core->p_of(d, bid.value);
    const bool discounted = d < count() && points_needed(rules, bid.value) < rules.hand_points() && discount();
    std::string text = declaration_name(trump_of(d)) + " makes " + bid_name(bid) + " on " + percent(p) + " of " +
                       std::to_string(worlds) + " deals";
    if (discounted)
      text += " with " + std::to_string(discount()) + " points off each double-dummy value (" +
              percent(core->p_make(d, bid.value)) + " without)";
    return text;
  }
  val verdict() const {
    using Case = BidAdvice::Case;
    const BidAdvice::Verdict v = core->verdict();
    std::string reason;
    switch (v.why) {
      case Case::Special:
        reason = bid_name(v.bid) + " makes on " + percent(*v.p) + " of " + std::to_string(worlds) + " deals (" +
                 (special_at(*core->special()).declared ? "declared and led by this hand" : "the partner naming one declaration") +
                 "); it needs " + percent(*v.threshold) + " for its " + std::to_string(core->stake(v.bid.value)) +
                 " marks to beat the ordinary advice";
        break;
      case Case::GameOdds:
        reason = "at " + std::to_string(score->first) + "-" + std::to_string(score->second) +
                 " the best chance of winning the game: " + percent(core->game_odds(v.bid.value).value_or(0)) + " " +
                 (v.bid.value ? "bidding " + bid_name(v.bid) : std::string("passing")) + " (passing " +
                 percent(*core->game_odds(0)) + "; each hand after this one even)";
        break;
      case Case::NoBid: reason = "no bid is legal over the high bid"; break;
      case Case::PartnerHigh: reason = "the partner holds the high bid"; break;
      case Case::Declaring: reason = says(v.declaration, v.bid) + ", the most of the declarations"; break;
      case Case::LeastBid: reason = "the dealer may not pass, so the least bid: " + says(v.declaration, v.bid); break;
      case Case::Bids:
        reason = says(v.declaration, v.bid) + "; " + (v.every ? "a bid of every trick" : "a point bid") + " needs " +
                 percent(*v.threshold);
        break;
      case Case::NotWorth: reason = "a bid needs " + percent(*v.threshold) + "; the best: " + says(v.declaration, v.bid); break;
    }
    val out = val::object();
    const auto num = [](std::optional<double> x) { return x ? val(py_round(*x, 6)) : val::null(); };
    out.set("p_make", num(v.p));
    out.set("p_make_ci95", ci95_json(v.p, worlds));
    out.set("p_make_table", num(v.table));
    out.set("threshold", num(v.threshold));
    out.set("reason", reason);
    return out;
  }
  val special_json(const Special& s) const {
    val out = val::object();
    out.set("bid", bid_name(s.bid));
    out.set("kind", bid_kind_name(s.bid.kind));
    out.set("p_make", py_round(s.p_make(), 6));
    out.set("p_make_stderr", py_round(s.stderr_of(), 6));
    out.set("p_make_named", py_round(s.p_named(), 6));
    if (s.declared) out.set("declared", trump_json(*s.declared));
    val per = val::object();
    for (std::size_t d = 0; d < s.declarations.size(); ++d) per.set(declaration_name(s.declarations[d]), py_round(s.share(d), 6));
    out.set("declarations", per);
    out.set("threshold", py_round(core->threshold({s.bid, {}}), 6));
    return out;
  }
};

// Whether the side of `seat` makes a contract in tricks where the side to move at trick 1 of `pos`
// takes `tricks` (bidding.py's _every_trick_or_none).
bool every_trick_or_none(const Position& pos, int seat, int tricks) {
  const int left = pos.tricks_left();
  const int ours = pos.side_of(pos.to_move()) == pos.side_of(seat) ? tricks : left - tricks;
  return ours == (pos.ruling().contract->objective == Objective::NoTrick ? 0 : left);
}

// The deals of an advice (decisions.py's score_worlds): drawn from the seed's stream, as Python draws
// them, and scored in batches of at most `cap`; under a time limit a first batch of 8, then as many
// as half the time left allows at the pace so far (bid_advice_json.py's next_batch), until `samples`
// are scored or the time (seconds from `started`) is up after a batch. Answers how many were scored.
struct DealBatches {
  const WorldSampler& sampler;
  std::uint64_t seed;
  int samples;
  std::optional<double> time;
  double started;
  const bool* stop = nullptr;  // the worker's stop (bidStep's): asked between batches, as Python's should_stop

  // Where a run of batches stands: the seed's stream of deals, the deals scored.
  struct Cursor {
    WorldStream stream;
    int done = 0;
  };
  Cursor start() const { return Cursor{WorldStream(sampler, seed)}; }

  // The next batch of at most `cap` deals into `batch` (decisions.py's score_worlds): false once
  // the deals are all scored, the time is spent or a stop was asked (after at least one batch).
  bool next(Cursor& c, int cap, std::vector<World>& batch) const {
    if (c.done && (c.done >= samples || (time && now_seconds() - started >= *time) || (stop && *stop))) return false;
    const int want = std::min(advice_policy::next_batch(cap, time, now_seconds() - started, c.done), samples - c.done);
    batch.clear();
    for (int k = 0; k < want; ++k) batch.push_back(c.stream.next());
    c.done += want;
    return true;
  }
};

// A bid advice in steps (a coroutine): it yields after each batch of deals, so the hint worker can
// look at its messages and stop it there (bidStart, bidStep), and returns the bidadvice/1 JSON.
struct BidTask {
  struct promise_type {
    val result = val::undefined();
    std::exception_ptr error;
    BidTask get_return_object() { return BidTask{Handle::from_promise(*this)}; }
    std::experimental::suspend_always initial_suspend() noexcept { return {}; }
    std::experimental::suspend_always final_suspend() noexcept { return {}; }
    std::experimental::suspend_always yield_value(int) noexcept { return {}; }
    void return_value(val v) { result = std::move(v); }
    void unhandled_exception() { error = std::current_exception(); }
  };
  using Handle = std::experimental::coroutine_handle<promise_type>;

  explicit BidTask(Handle h) : h_(h) {}
  BidTask(BidTask&& o) noexcept : h_(std::exchange(o.h_, {})) {}
  BidTask(const BidTask&) = delete;
  BidTask& operator=(const BidTask&) = delete;
  ~BidTask() {
    if (h_) h_.destroy();
  }

  // One batch (or the end): true once the advice is made; what the advice threw is thrown here.
  bool step() {
    if (!h_.done()) h_.resume();
    if (h_.promise().error) std::rethrow_exception(std::exchange(h_.promise().error, nullptr));
    return h_.done();
  }
  val result() const { return h_.promise().result; }

 private:
  Handle h_;
};

// Moon's and Partnership Moon's bid advice (moon/bidding.py's MoonBidAdvice): per declaration the
// tricks the seat's side takes as the bidder, in three-player Moon after its best discard of the
// widow on each deal (the core's discard_values), and the bid of most worth against an opponent.
BidTask moon_advice(const Rules& rules, int seat, TileMask hand, double seed, const DealBatches& deals,
                    std::vector<Bid> legal, bool partner_high, std::optional<Contract> contract, Solver& solver) {
  const double risk = advice_defaults(rules.family).risk;  // the member's row (advice_defaults.hpp)
  const int discount = advice_defaults(rules.family).discount;
  const std::vector<Trump> decls = declarations(rules);
  const int bid = rules.min_bid();  // the tricks taken do not depend on the bid
  const bool takes_widow = rules.row().left_over == LeftOver::Widow && rules.moon_widow == MoonWidow::Take;
  std::vector<std::vector<int>> tricks(decls.size());
  DealBatches::Cursor cursor = deals.start();
  std::vector<World> batch;
  while (deals.next(cursor, advice_policy::kMoonBatch, batch)) {
    for (std::size_t d = 0; d < decls.size(); ++d) {
      const Contract c{seat, Bid{bid}};
      for (const World& w : batch) {
        if (takes_widow) {  // the bidder takes the widow and lays away its best tile for this deal
          TileMask held = 0;
          for (int s = 0; s < rules.seats(); ++s) held |= w[s];
          int best = 0;
          for (const auto& [tile, t] : discard_values(rules, decls[d], w, rules.tile_set() & ~held, c, solver).tricks)
            best = std::max(best, t);
          tricks[d].push_back(best);
        } else {  // Partnership Moon, or Moon's widow out of play: the seat names and leads, its side's tricks
          const Position pos(rules, decls[d], w, ruling(rules, decls[d], c).first_leader(), {}, c);
          const int v = solver.solve(pos, false, false).value;
          tricks[d].push_back(pos.side_of(pos.to_move()) == pos.side_of(seat) ? v : rules.hand_tricks() - v);
        }
      }
    }
    co_yield 0;
  }
  const int n = cursor.done;
  // The decision is the core's (texas42/moon_advice.hpp), Python's MoonBidAdvice's too; its words are here.
  std::vector<int> legal_values;
  for (const Bid& b : legal) legal_values.push_back(b.value);
  const MoonAdvice advice(rules, tricks, legal_values, risk, discount, partner_high);
  const int count = advice.count();
  const int advised = advice.bid();  // MoonBidAdvice.bid
  const auto says = [&](int d, int b) {
    return declaration_name(decls[d]) + " makes " + std::to_string(b) + " on " + percent(advice.p_bid(d, b)) + " of " +
           std::to_string(n) + " deals";
  };
  const auto max_worth = [&](int b) {
    double best = -HUGE_VAL;
    for (int d = 0; d < count; ++d) best = std::max(best, advice.worth(d, b));
    return best;
  };
  const MoonAdvice::Verdict judged = advice.verdict(contract ? std::optional<int>(contract->bid.value) : std::nullopt);
  const std::optional<double> p = judged.p, threshold = judged.threshold;
  std::string reason;
  switch (judged.why) {
    case MoonAdvice::Case::Declaring: reason = says(judged.declaration, judged.bid) + ", the most of the declarations"; break;
    case MoonAdvice::Case::LeastBid:
      reason = "the bidder may not pass, so the least bid: " + says(judged.declaration, judged.bid);
      break;
    case MoonAdvice::Case::WorthMost: {
      char buf[64];
      std::snprintf(buf, sizeof buf, "%+.2f", max_worth(judged.bid));
      reason = says(judged.declaration, judged.bid) + "; a bid needs " + percent(risk) + ", and this one is worth the most: " +
               buf + " points against an opponent";
      break;
    }
    case MoonAdvice::Case::NoBid: reason = "no bid is legal over the high bid"; break;
    case MoonAdvice::Case::PartnerHigh: reason = "the partner holds the high bid"; break;
    case MoonAdvice::Case::NotWorth:
      reason = "no bid is worth more than a pass against the opponents (" + says(judged.declaration, judged.bid) + ")";
      break;
    case MoonAdvice::Case::BelowRisk: reason = "a bid needs " + percent(risk) + "; the best: " + says(judged.declaration, judged.bid); break;
  }
  const auto best_declaration = [&](int b) { return advice.best_declaration(b ? std::optional<int>(b) : std::nullopt); };
  const auto p_make = [&](int d, int b) { return advice.p_make(d, b); };
  val verdict = val::object();
  verdict.set("p_make", p ? val(py_round(*p, 6)) : val::null());
  verdict.set("p_make_ci95", ci95_json(p, n));
  verdict.set("p_make_table", val::null());
  verdict.set("threshold", threshold ? val(py_round(*threshold, 6)) : val::null());
  verdict.set("reason", reason);
  // The presentation (MoonBidAdvice.to_json: bid_advice_json with the discount and units).
  val out = bid_advice_head(rules, seat, hand, n, seed);
  out.set("risk", risk);
  out.set("discount", discount);
  out.set("units", std::string("tricks"));
  if (contract) {
    val c = val::object();
    c.set("declarer", contract->declarer);
    c.set("bid", bid_name(contract->bid));
    out.set("contract", c);
  } else {
    out.set("contract", val::null());
  }
  out.set("action", contract ? "declare " + decls[best_declaration(contract->bid.value)].name() : bid_name(advised));
  out.set("verdict", verdict);
  out.set("bid", bid_name(advised));
  out.set("declaration", trump_json(decls[best_declaration(advised)]));
  val rows = val::array();
  for (int d = 0; d < count; ++d) {
    val row = val::object();
    row.set("declaration", trump_json(decls[d]));
    row.set("name", declaration_name(decls[d]));
    const advice_policy::Spread spread = advice_policy::spread_of(tricks[d]);  // the core's, Python's too
    row.set("mean", py_round(spread.mean, 6));
    row.set("stderr", py_round(spread.stderr_, 6));
    val pm = val::object();
    for (int b : bid_ladder(rules)) pm.set(bid_name(b), py_round(p_make(d, b), 6));
    row.set("p_make", pm);
    std::vector<int> histogram(rules.hand_tricks() + 1, 0);
    for (int v : tricks[d]) ++histogram[v];
    val h = val::array();
    for (int c : histogram) h.call<void>("push", c);
    row.set("histogram", h);
    rows.call<void>("push", row);
  }
  out.set("declarations", rows);
  co_return out;
}

// The bid advice of a question (adviseBid's), in steps: `stop` (the worker's flag, or none) is asked
// between batches of deals.
BidTask advise_steps(val question, double started, const bool* stop) {
  {
    val game = val::object();
    if (has(question, "game")) game.set("game", question["game"]);
    if (has(question, "rules")) game.set("rules", question["rules"]);
    const Rules rules = rules_of(game);
    if (rules.row().ladder == Ladder::Points)
      throw ParseError("the module's bid advice is Texas 42's, Moon's and Partnership Moon's (The Big Game's advisor is Python's)");
    const int seat = has(question, "seat") ? seat_of(question["seat"], rules, "seat") : 0;
    if (!has(question, "hand")) throw ParseError("adviseBid needs a hand");
    const std::vector<int> tiles = plays_of(question["hand"], "hand", false);
    if (static_cast<int>(tiles.size()) != rules.hand_size())
      throw InvalidViewError("a hand at the auction holds " + std::to_string(rules.hand_size()) + " tiles, not " +
                             std::to_string(tiles.size()));
    TileMask hand = 0;
    for (int t : tiles) {
      const TileMask bit = TileMask{1} << t;
      if (hand & bit) throw InvalidViewError("the hand holds " + play_name(t) + " twice");
      if (!(rules.tile_set() & bit)) throw InvalidViewError(play_name(t) + " is not a tile of the set");
      hand |= bit;
    }
    std::optional<double> seed_given;  // none: question_seed's, as Python's advise_bid(seed=None)
    if (has(question, "seed")) {
      const double given = type_of(question["seed"]) == "number" ? question["seed"].as<double>() : -1;
      if (!(given >= 0 && given <= 9007199254740991.0 && given == std::floor(given)))
        throw ParseError(seed_refused(question["seed"]));
      seed_given = given;
    }
    // 42's marks game: the score weighs the calls by the chance of winning the game (game_odds.py).
    std::optional<std::pair<int, int>> score;
    if (has(question, "score")) {
      score = HintRun::score_of(question["score"], rules.game_target());
      if (!marks_game(rules))
        throw InvalidViewError(std::string("a score weighs a call by the chance of winning a game of 42 to 7 marks, not ") +
                               rules.row().title + "'s points");
    }
    const double samples =
        has(question, "samples") ? question["samples"].as<double>() : advice_defaults(rules.family).bid_samples;
    if (!(samples >= 2 && samples <= kMaxWorlds && samples == std::floor(samples)))
      throw ParseError("samples must be a whole number from 2 to " + grouped(kMaxWorlds) + ", not " + shown(question["samples"]));
    std::optional<double> time_limit;  // seconds: the deals solved by then, at least one batch
    if (has(question, "timeMs")) {
      const double ms = type_of(question["timeMs"]) == "number" ? question["timeMs"].as<double>() : -1;
      if (!(ms >= 0 && ms <= 1e12))
        throw ParseError("timeMs must be a number of milliseconds from 0 to 1e12, not " + shown(question["timeMs"]));
      time_limit = ms / 1000;
    }
    // The auction replays in the core's (rules.py's replay_auction): calls in turn, each legal.
    std::vector<std::pair<int, Bid>> calls;
    if (has(question, "auction")) {
      const val list = question["auction"];
      if (!is_array(list)) throw ParseError("auction must be a list of [seat, bid] pairs");
      for (int i = 0, n = list["length"].as<int>(); i < n; ++i) {
        const val a = list[i];
        if (!is_array(a) || a["length"].as<int>() != 2) throw ParseError("auction must be a list of [seat, bid] pairs");
        calls.emplace_back(seat_of(a[0], rules, "auction: a seat"), bid_of(a[1], ""));
      }
    }
    const int dealer = ((calls.empty() ? seat : calls.front().first) + rules.seats() - 1) % rules.seats();
    Auction replay(rules, dealer);
    for (const auto& [bidder, bid] : calls) {
      if (replay.over() || replay.to_call() != bidder)
        throw InvalidViewError(rules.seat_name(bidder) + " bids out of turn: the auction goes round the table once");
      try {
        replay.call(bid, bidder == seat ? std::optional<TileMask>(hand) : std::nullopt);
      } catch (const std::invalid_argument& e) {
        throw InvalidViewError(std::string("the auction does not replay: ") + e.what());
      }
    }
    Advice42 advice{rules, 0, {}, {}, {}, false, {}, {}, std::nullopt, std::nullopt, std::nullopt};
    int high = 0, high_bidder = -1;
    for (const auto& [bidder, bid] : calls)
      if (bid.value > high) high = bid.value, high_bidder = bidder;
    // The calls the seat may make (bidding.py's _legal_bids without an auction or declaring: pass,
    // the ladder over the high bid, and opening the special bids the core offers the hand).
    const auto ladder_over = [&] {
      advice.legal.push_back(Bid{});
      for (int b : bid_ladder(rules))
        if (b && bid_is_legal(rules, b, high)) advice.legal.push_back(Bid{b});
    };
    if (replay.over()) {
      if (!replay.contract()) throw InvalidViewError("the auction is over: every seat passed and the hand was thrown in");
      advice.contract = replay.contract();
      const int namer = bid_row(rules, advice.contract->bid.kind).namer(rules.seating(), advice.contract->declarer);
      if (namer != seat)
        throw InvalidViewError(rules.seat_name(seat) + " is not to declare: " + rules.seat_name(namer) + " is");
      ladder_over();
    } else if (calls.empty()) {
      ladder_over();
      for (const Bid& b : replay.legal(hand))
        if (b.kind != BidKind::Ordinary) advice.legal.push_back(b);
    } else {
      if (replay.to_call() != seat)
        throw InvalidViewError(rules.seat_name(seat) + " is not to bid: " + rules.seat_name(replay.to_call()) + " is");
      advice.legal = replay.legal(hand);
    }
    advice.partner_high = high > 0 && high_bidder == rules.seating().partner(seat);
    advice.score = score;
    const double seed = seed_given ? *seed_given
                                   : advice_policy::question_seed(rules, seat, sorted_plays(hand), calls, advice.contract);
    // The deals (sampling.py: the view before the declaration, any tile may lie anywhere).
    SamplerFacts facts;
    facts.seat = seat;
    facts.hand = hand;
    facts.hand_sizes.assign(rules.seats(), rules.hand_size());
    facts.absent.assign(rules.seats(), 0);
    facts.trump_named = false;
    // What the contract shows (a view's "revealed": naming for a partner's Plunge, its doubles), kept
    // with their holders in every deal, as Python's advise_bid of that view keeps them.
    if (has(question, "revealed")) {
      const val r = question["revealed"];
      if (type_of(r) != "object" || is_array(r)) throw ParseError("revealed must map seats to lists of tiles");
      facts.revealed.assign(rules.seats(), 0);
      const val keys = val::global("Object").call<val>("keys", r);
      for (int i = 0, n = keys["length"].as<int>(); i < n; ++i) {
        const val key = keys[i];
        const int s = seat_of(key, rules, "revealed: a seat");
        for (int t : plays_of(r[key.as<std::string>()], "revealed", false)) facts.revealed[s] |= TileMask{1} << t;
      }
    }
    const WorldSampler sampler(rules, facts);
    const DealBatches deals{sampler, static_cast<std::uint64_t>(seed), static_cast<int>(samples), time_limit, started, stop};
    Solver solver(64);
    if (rules.row().ladder == Ladder::Tricks) {
      BidTask moon = moon_advice(rules, seat, hand, seed, deals, advice.legal, advice.partner_high, advice.contract, solver);
      while (!moon.step()) co_yield 0;
      co_return moon.result();
    }
    advice.declarations = table_declarations(rules);
    // What is solved on each deal (bidding.py's _ContractScorer): every table declaration's points
    // with the seat declaring the least bid; each special kind at the least size the seat may bid it
    // (its P(make) does not depend on it), under each declaration the partner may name; and the
    // contracts in tricks the seat may declare itself (_declared_contracts: on the contract it won,
    // else on its least legal ordinary bid that admits it).
    advice.points.assign(advice.declarations.size(), {});
    for (const Bid& b : advice.legal) {
      if (b.kind == BidKind::Ordinary) continue;
      if (std::any_of(advice.specials.begin(), advice.specials.end(), [&](const Special& s) { return s.bid.kind == b.kind; })) continue;
      Bid least = b;
      for (const Bid& o : advice.legal)
        if (o.kind == b.kind && o.value < least.value) least = o;
      advice.specials.push_back(Special{{std::vector<std::vector<char>>(advice.declarations.size())}, least, advice.declarations, std::nullopt});
    }
    if (!advice.contract || advice.contract->declarer == seat) {
      std::vector<Bid> bids;
      if (advice.contract) bids.push_back(advice.contract->bid);
      else
        for (int b : advice.ordinary()) bids.push_back(Bid{b});
      const std::vector<Trump> table = advice.declarations;
      for (const Trump& t : declarations(rules)) {
        if (std::find(table.begin(), table.end(), t) != table.end()) continue;
        for (const Bid& b : bids) {
          const Contract c{seat, b};
          try {
            if (!contract_error(rules, ruling(rules, t, c), c).empty()) continue;
          } catch (const InvalidPositionError&) {
            continue;  // not on this bid
          }
          advice.declared.push_back(Special{{std::vector<std::vector<char>>(1)}, b, {t}, t});
          break;
        }
      }
    }
    // A contract's position on a deal, as its row seats and leads it; a contract in tricks is made
    // when the seat's side takes every trick (or none: Nel-O).
    const auto position = [&](const Trump& trump, const Contract& c, const World& w) {
      return Position(rules, trump, w, ruling(rules, trump, c).first_leader(), {}, c);
    };
    const auto made = [&](const Trump& trump, const Contract& c, const World& w) {
      const Position pos = position(trump, c, w);
      return static_cast<char>(every_trick_or_none(pos, seat, solver.solve(pos, false, false).value));
    };
    DealBatches::Cursor cursor = deals.start();
    std::vector<World> batch;
    while (deals.next(cursor, advice_policy::kBatch, batch)) {
      for (std::size_t d = 0; d < advice.declarations.size(); ++d)
        for (const World& w : batch)
          advice.points[d].push_back(
              solver.solve(position(advice.declarations[d], Contract{seat, Bid{rules.min_bid()}}, w), false, false).value);
      for (Special& s : advice.specials)
        for (std::size_t d = 0; d < s.declarations.size(); ++d)
          for (const World& w : batch) s.makes[d].push_back(made(s.declarations[d], Contract{seat, s.bid}, w));
      for (Special& s : advice.declared)
        for (const World& w : batch) s.makes[0].push_back(made(*s.declared, Contract{seat, s.bid}, w));
      co_yield 0;
    }
    advice.worlds = cursor.done;
    advice.decide();
    // The presentation (BidAdvice.to_json).
    const std::optional<Trump> declaration = advice.declaration();
    val out = bid_advice_head(rules, seat, hand, advice.worlds, seed);
    out.set("risk", advice.risk());
    out.set("mark_risk", advice.mark_risk());
    out.set("discount", advice.discount());
    if (advice.contract) {
      val c = val::object();
      c.set("declarer", advice.contract->declarer);
      c.set("bid", bid_name(advice.contract->bid));
      out.set("contract", c);
    } else {
      out.set("contract", val::null());
    }
    out.set("action", advice.action());
    out.set("verdict", advice.verdict());
    out.set("bid", bid_name(advice.core->bid()));
    out.set("declaration", declaration ? trump_json(*declaration) : val::null());
    std::vector<int> shown;  // P(make) of the bids up to two marks (bidding.py's _P_MAKE_BIDS)
    for (int b : bid_ladder(rules))
      if (b <= 2 * Rules{}.mark()) shown.push_back(b);
    val rows = val::array();
    for (int d = 0; d < advice.count(); ++d) {
      val row = val::object();
      row.set("declaration", trump_json(advice.declarations[d]));
      row.set("name", declaration_name(advice.declarations[d]));
      row.set("mean", py_round(advice.mean(d), 6));
      row.set("stderr", py_round(advice.stderr_of(d), 6));
      val p = val::object();
      for (int b : shown) p.set(bid_name(b), py_round(advice.core->p_make(d, b), 6));
      row.set("p_make", p);
      std::vector<int> histogram(rules.hand_points() + 1, 0);
      for (int v : advice.points[d]) ++histogram[v];
      val h = val::array();
      for (int c : histogram) h.call<void>("push", c);
      row.set("histogram", h);
      rows.call<void>("push", row);
    }
    out.set("declarations", rows);
    if (!advice.specials.empty()) {
      val list = val::array();
      for (const Special& s : advice.specials) list.call<void>("push", advice.special_json(s));
      out.set("specials", list);
    }
    if (!advice.declared.empty()) {
      val list = val::array();
      for (const Special& s : advice.declared) list.call<void>("push", advice.special_json(s));
      out.set("declared", list);
    }
    co_return out;
  }
}

// adviseBid: the advice at once (it blocks the thread).
val advise_bid(val question) {
  const double started = now_seconds();
  return guarded([&] {
    BidTask task = advise_steps(question, started, nullptr);
    while (!task.step()) {
    }
    return task.result();
  });
}

// A bid advice the hint worker runs a batch of deals at a time (bidStart, bidStep until done,
// bidResult, bidEnd): a stop asked at a step ends it there, the advice resting on the deals scored.
struct BidRun {
  explicit BidRun(const val& question) : task(advise_steps(question, now_seconds(), &stop)) {}
  bool stop = false;  // before `task`, which holds its address
  BidTask task;
};
Runs<BidRun> bids("bid advice");

val bid_start(val question) { return bids.start(question); }
val bid_step(int id, bool stop) {
  return bids.answer(id, [&](BidRun& run) {
    run.stop = run.stop || stop;
    val out = val::object();
    out.set("done", run.task.step());
    return out;
  });
}
val bid_result(int id) { return bids.answer(id, [](BidRun& run) { return run.task.result(); }); }
void bid_end(int id) { bids.end(id); }

}  // namespace

EMSCRIPTEN_BINDINGS(dominosolver_bid) {
  emscripten::function("adviseBid", &advise_bid);
  emscripten::function("bidStart", &bid_start);
  emscripten::function("bidStep", &bid_step);
  emscripten::function("bidResult", &bid_result);
  emscripten::function("bidEnd", &bid_end);
}
