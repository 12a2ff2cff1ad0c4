// The WebAssembly module's bindings (embind): the 42 family's positions and exact solver for
// JavaScript. Thin, as src/ is for Python: positions travel as `dominosolver.position/1` objects
// (docs/json.md), which index.js checks first (schema, game, field names) and this file reads into
// the core's Position; every entry point returns its answer or {error: {name, message}}, which
// index.js throws as a JavaScript error of that name (Debian's emscripten 3.1.6 has no val::throw_).
#include <emscripten/bind.h>
#include <emscripten/val.h>

#include <algorithm>
#include <cctype>
#include <map>
#include <memory>
#include <optional>
#include <string>
#include <tuple>
#include <vector>

#include "dominosolver/core/errors.hpp"
#include "dominosolver/texas42/contract.hpp"
#include "dominosolver/texas42/game.hpp"
#include "dominosolver/texas42/position.hpp"
#include "dominosolver/texas42/rules.hpp"
#include "dominosolver/texas42/solver.hpp"
#include "convert.hpp"

using emscripten::val;
using namespace dominosolver;
using namespace dominosolver::texas42;
using namespace dominosolver::js;

// The position's discard (Moon, The Big Game: the tile the bidder laid away, docs/rules.md §4.1,
// §4.3), checked as Python's _checked_discard checks it: under a contract of those games, a tile of
// the set in no hand and not played, in The Big Game no counter.
std::optional<int> dominosolver::js::position_discard(const val& obj, const Position& pos) {
  if (!has(obj, "discard")) return std::nullopt;
  const int d = parse_play(text_of(obj["discard"], "discard"));
  if (is_lower_end_lead(d)) throw ParseError("discard: " + play_name(d) + " is a play, not a tile");
  const Rules& rules = pos.rules();
  if (rules.row().left_over == LeftOver::None || !pos.contract())
    throw InvalidPositionError("only a Moon or Big Game position with its contract has a discard (docs/rules.md §4.1, §4.3)");
  if (!(rules.tile_set() & bit(d))) throw InvalidPositionError("tile " + tile_name(d) + " is not in the game's set");
  TileMask held = 0;
  for (int s = 0; s < rules.seats(); ++s) held |= pos.hand(s);
  for (const PlayRecord& p : pos.plays()) held |= bit(tile_of_play(p.tile));
  if (held & bit(d))
    throw InvalidPositionError("the discard " + tile_name(d) + " is in play: it is held or played, not laid away");
  if (rules.row().left_over == LeftOver::Undealt && counter_value(d))
    throw InvalidPositionError("the discard " + tile_name(d) + " is a counter: The Big Game's bidder lays away no counter "
                               "and must take an undealt one (docs/rules.md §4.3)");
  return d;
}

namespace {

// What read and play answer: the position's state, its JSON with the discard it carries.
val state_with(const Position& pos, const std::optional<int>& discard) {
  val out = state_of(pos);
  if (discard) out["position"].set("discard", tile_name(*discard));
  return out;
}

val read(val obj) {
  return guarded([&] {
    const Position pos = position_of(obj);
    return state_with(pos, position_discard(obj, pos));
  });
}

val play(val obj, val move) {
  return guarded([&] {
    Position pos = position_of(obj);
    const std::optional<int> discard = position_discard(obj, pos);
    pos.play(parse_play(text_of(move, "move")));
    return state_with(pos, discard);
  });
}

// One solver kept between calls (its table's memory is the module's largest), remade when another
// table size is asked for.
std::unique_ptr<Solver> kept;
std::size_t kept_mb = 0;

// Python's table_size_for: small endgames get small tables.
std::size_t table_size_for(int tricks_left) { return tricks_left <= 3 ? 1 : tricks_left <= 5 ? 8 : 64; }

val solve(val obj, val options) {
  return guarded([&] {
    const Position pos = position_of(obj);
    position_discard(obj, pos);  // checked, as Python's Position reads it (the search does not need it)
    std::size_t mb = table_size_for(pos.tricks_left());
    if (has(options, "ttMb")) {
      const double d = type_of(options["ttMb"]) == "number" ? options["ttMb"].as<double>() : 0.0;
      if (!(d >= 1 && d <= 2048 && d == static_cast<int>(d)))
        throw ParseError("ttMb must be a whole number of MB from 1 to 2,048, not " + shown(options["ttMb"]));
      mb = static_cast<std::size_t>(d);
    }
    const bool all_moves = !has(options, "moves") || options["moves"].as<bool>();
    if (!kept || kept_mb != mb) {
      kept.reset();
      kept = std::make_unique<Solver>(mb);
      kept_mb = mb;
    }
    const SolveOutput s = kept->solve(pos, all_moves, true);
    auto moves = s.moves;  // Python's order: best first, then the higher tile, then the play
    std::sort(moves.begin(), moves.end(), [](const auto& a, const auto& b) {
      return std::make_tuple(-a.second, -tile_of_play(a.first), a.first) <
             std::make_tuple(-b.second, -tile_of_play(b.first), b.first);
    });
    val out = val::object();
    out.set("value", s.value);
    out.set("units", units_name(s.units));
    out.set("pov", pos.is_over() ? val::null() : val(side_name(pos, pos.side_of(pos.to_move()))));
    val mv = val::object();
    val best = val::array();
    for (const auto& [p, v] : moves) {
      mv.set(play_name(p), v);
      if (v == s.value) best.call<void>("push", play_name(p));
    }
    out.set("moves", mv);
    out.set("best", best);
    out.set("pv", names_of(s.pv));
    val eq = val::array();
    for (const auto& g : s.equivalent) {
      std::vector<int> sorted = g;
      std::sort(sorted.begin(), sorted.end(), [](int a, int b) { return tile_of_play(a) != tile_of_play(b) ? tile_of_play(a) > tile_of_play(b) : a > b; });
      eq.call<void>("push", names_of(sorted));
    }
    out.set("equivalent", eq);
    out.set("makes", s.makes ? val(*s.makes) : val::null());
    out.set("nodes", static_cast<double>(s.nodes));
    return out;
  });
}

// The seat of each call of an auction that `first` opened (a view's one-line text): The Big Game's
// seats bid again until they pass (docs/rules.md §4.3), so its auction says whose turn each call
// was (notation.py's _callers). `game` holds "game" and "rules" as a view's JSON does.
val auction_callers(val game, int first, val calls) {
  return guarded([&] {
    const Rules rules = rules_of(game);
    if (first < 0 || first >= rules.seats()) throw ParseError("malformed auction: no such seat");
    Auction replay(rules, (first + rules.seats() - 1) % rules.seats());
    val out = val::array();
    const int n = calls["length"].as<int>();
    for (int i = 0; i < n; ++i) {
      if (replay.over())
        throw ParseError("malformed auction: it is over after " + std::to_string(i) + " calls, but " + std::to_string(n) +
                         " are given");
      out.call<void>("push", replay.to_call());
      const val call = calls[i];
      const Bid bid = bid_of(call["bid"], has(call, "kind") ? text_of(call["kind"], "auction: a kind") : "");
      try {
        replay.call(bid, std::nullopt);
      } catch (const std::invalid_argument& e) {
        throw ParseError("malformed auction: call " + std::to_string(i + 1) + ": " + e.what());
      }
    }
    return out;
  });
}

}  // namespace

EMSCRIPTEN_BINDINGS(dominosolver) {
  emscripten::function("auctionCallers", &auction_callers);
  emscripten::function("read", &read);
  emscripten::function("play", &play);
  emscripten::function("solve", &solve);
}
