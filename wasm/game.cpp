// The WebAssembly module's game flow (docs/javascript.md, "A game against the bots"): a whole game
// of the 42 family on the core's state machine (texas42/game.hpp), dealt from a seed as Python's
// Game deals it, its moves replayed from their text, and what one seat sees of it written as the
// Python package writes it: the legal moves as Python's Move prints them, their words (the bot
// game's `names`), the record of the finished hands (games/texas42.py's `record`), and the seat's
// view before the play (PlayerView.before_play's JSON). In play the view is the raw facts, which
// index.js reads with readView (hint.cpp), the one writer of a view in play.
#include <emscripten/bind.h>
#include <emscripten/val.h>

#include <algorithm>
#include <charconv>
#include <cstdint>
#include <string>
#include <vector>

#include "dominosolver/core/errors.hpp"
#include "dominosolver/texas42/contract.hpp"
#include "dominosolver/texas42/decisions.hpp"
#include "dominosolver/texas42/game.hpp"
#include "dominosolver/texas42/position.hpp"
#include "dominosolver/texas42/rules.hpp"
#include "convert.hpp"

using emscripten::val;
using namespace dominosolver;
using namespace dominosolver::texas42;
using namespace dominosolver::js;

namespace {

const char* const kPhases[] = {"bidding", "declaring", "exchange", "playing", "game_over"};

// Python's bid_words: a mark bid of 42's marks game with its marks, "84 (2 marks)".
std::string bid_words(const Bid& b, const Rules& rules) {
  const std::string name = bid_name(b);
  if (b.value == kPass || b.value == kGameBid) return name;
  if (rules.row().ladder != Ladder::Marks || rules.scoring != Scoring::Marks || b.value < rules.mark() ||
      b.value % rules.mark())
    return name;
  const int marks = b.value / rules.mark();
  return name + " (" + std::to_string(marks) + " mark" + (marks == 1 ? "" : "s") + ")";
}

// solve.py's declaration_name: "fours", "doubles", "follow-me" (a named row by its name).
std::string declaration_name(const Trump& t) {
  static const char* const kNumbers[] = {"blanks", "ones", "twos", "threes", "fours", "fives", "sixes", "sevens", "eights"};
  if (t.kind == TrumpKind::Suit) return kNumbers[t.suit];
  const std::string name = t.name();
  return name == "none" ? std::string("follow-me") : name;
}



// A move as Python's Move prints it (str(move)), and as the other seats see it (Move.public: a
// discard is laid away face down).
std::string move_text(const Move& m) {
  switch (m.kind) {
    case Move::Kind::Call: return bid_name(m.bid);
    case Move::Kind::Declare: return "declare " + m.trump.name();
    case Move::Kind::Discard: return "discard " + tile_name(m.tile);
    case Move::Kind::Tile: break;
  }
  return play_name(m.tile);
}

// Move.words: a declaration by its name, a mark bid with its marks.
std::string move_words(const Move& m, const Rules& rules) {
  if (m.kind == Move::Kind::Declare) return "declare " + declaration_name(m.trump);
  if (m.kind == Move::Kind::Call) return bid_words(m.bid, rules);
  return move_text(m);
}

// The seed: a whole number 0..2^64-1, as a number (up to 2^53) or its decimal digits.
std::uint64_t seed_of(const val& v) {
  std::string text;
  if (type_of(v) == "number") {
    const double d = v.as<double>();
    if (!(d >= 0 && d <= 9007199254740991.0 && d == static_cast<double>(static_cast<std::uint64_t>(d))))
      throw ParseError("seed must be a whole number from 0 to 2**64 - 1 (as text above 2**53 - 1), not " + shown(v));
    return static_cast<std::uint64_t>(d);
  }
  if (type_of(v) == "bigint") text = val::global("String")(v).as<std::string>();
  else text = text_of(v, "seed");
  std::uint64_t out = 0;
  const auto [end, ec] = std::from_chars(text.data(), text.data() + text.size(), out);
  if (text.empty() || ec != std::errc() || end != text.data() + text.size())
    throw ParseError("seed must be a whole number from 0 to 2**64 - 1, not " + shown(val(text)));
  return out;
}

// The legal move that `text` names: as Python's Move prints it, or in its words.
Move move_of(const Game& g, const std::string& text) {
  const std::vector<Move> legal = g.legal_moves();
  std::string t = lower(text);
  t.erase(0, t.find_first_not_of(" \t"));
  t.erase(t.find_last_not_of(" \t") + 1);
  for (const Move& m : legal)
    if (t == move_text(m) || t == move_words(m, g.rules())) return m;
  if (g.phase() == Phase::Exchange)  // the exchange's move is a tile laid away: "3-2" as "discard 3-2"
    for (const Move& m : legal)
      if ("discard " + t == move_text(m)) return m;
  if (g.phase() == Phase::Playing || g.phase() == Phase::Exchange) {
    // a tile by another spelling ("4-6", "64"): its canonical name
    try {
      const std::string canonical = play_name(parse_play(t));
      for (const Move& m : legal)
        if (move_text(m) == canonical || move_text(m) == "discard " + canonical) return m;
    } catch (const std::exception&) {
    }
  }
  std::string names;
  for (std::size_t i = 0; i < legal.size(); ++i) names += (i ? ", " : "") + move_text(legal[i]);
  throw IllegalMoveError("'" + text + "' is not a legal move " +
                         (g.phase() == Phase::GameOver ? std::string("(the game is over)") : "now: the legal moves are " + names));
}

std::string side_of_seats(const Rules& rules, const std::vector<int>& sides, int side) {
  std::string out;
  for (int s = 0; s < rules.seats(); ++s)
    if (sides[s] == side) out += rules.seat_name(s);
  return out;
}

bool has_flags(const Rules& rules) {
  for (const auto& [k, v] : rules.flags())
    if (k != "family") return true;
  return false;
}

val hands_of(const std::array<TileMask, kMaxSeats>& hands, int seats) {
  val out = val::array();
  for (int s = 0; s < seats; ++s) out.call<void>("push", names_of_mask(hands[s], true));
  return out;
}

// One finished hand as games/texas42.py's finished_hands writes it (play --json's hand).
val hand_json(const HandRecord& h, const Rules& rules) {
  val d = val::object();
  d.set("dealer", h.dealer);
  d.set("deal", hands_of(h.deal, rules.seats()));
  val bids = val::array();
  for (const Bid& b : h.bids) bids.call<void>("push", bid_name(b));
  d.set("bids", bids);
  if (rules.row().ladder == Ladder::Points) {
    val callers = val::array();
    for (int c : h.callers) callers.call<void>("push", c);
    d.set("callers", callers);
  }
  d.set("contract", contract_json(h.contract));
  d.set("trump", h.trump ? trump_json(*h.trump) : val::null());
  val plays = val::array();
  for (const PlayRecord& p : h.plays) {
    val pair = val::array();
    pair.call<void>("push", static_cast<int>(p.seat));
    pair.call<void>("push", play_name(p.tile));
    plays.call<void>("push", pair);
  }
  d.set("plays", plays);
  const Seating seating = h.contract && h.trump ? ruling(rules, *h.trump, h.contract).seating : rules.seating();
  std::vector<int> sides;
  for (int s = 0; s < rules.seats(); ++s) sides.push_back(seating.side(s));
  val points = val::object(), tricks = val::object();
  for (int side = 0; side < kSides; ++side) {
    points.set(side_of_seats(rules, sides, side), h.points[side]);
    tricks.set(side_of_seats(rules, sides, side), h.tricks[side]);
  }
  d.set("points", points);
  d.set("tricks", tricks);
  d.set("objective", objective_name(h.objective));
  if (h.result) {
    val r = val::object();
    r.set("made", h.result->made);
    val score = val::array();
    for (int k = 0; k < rules.scorers(); ++k) score.call<void>("push", h.result->score[k]);
    r.set("score", score);
    r.set("decides_game", h.result->decides_game);
    d.set("result", r);
  } else {
    d.set("result", val::null());
  }
  if (h.undealt) {
    d.set(rules.row().left_over == LeftOver::Widow ? "widow" : "undealt", names_of_mask(h.undealt, false));
    d.set("discard", h.discard >= 0 ? val(tile_name(h.discard)) : val::null());
    d.set("hands", hands_of(hands_at_first_lead(h), rules.seats()));
  }
  d.set("game", game_of(rules));
  if (has_flags(rules)) d.set("rules", flags_json(rules));
  return d;
}

std::string scorer_name(const Rules& rules, int k) {
  std::string out;
  for (int s = 0; s < rules.seats(); ++s)
    if (rules.scorer_of(s) == k) out += rules.seat_name(s);
  return out;
}

val auction_of(const HandRecord& h) {
  val out = val::array();
  for (std::size_t i = 0; i < h.bids.size(); ++i) {
    val a = val::object();
    a.set("seat", h.callers[i]);
    const Bid& b = h.bids[i];
    a.set("bid", b.value == kPass ? std::string("pass") : b.value == kGameBid ? std::string("game") : std::to_string(b.value));
    if (b.kind != BidKind::Ordinary) a.set("kind", bid_kind_name(b.kind));
    out.call<void>("push", a);
  }
  return out;
}

// What `seat` sees of the game (PlayerView.of_game): in play (and in the exchange) the raw facts
// for readView to read and write; before the play the view itself, as before_play writes it.
val view_of(const Game& g, int seat, bool& raw) {
  const Rules& rules = g.rules();
  const HandRecord& h = g.current_hand();
  val v = val::object();
  v.set("schema", std::string("dominosolver.view/1"));
  v.set("game", game_of(rules));
  v.set("seat", seat);
  v.set("rules", flags_json(rules));
  v.set("trump", h.trump ? trump_json(*h.trump) : val::null());
  v.set("contract", contract_json(h.contract));
  v.set("auction", auction_of(h));
  const bool over = g.phase() == Phase::GameOver;
  if (const auto& pos = g.position(); pos && !over) {
    raw = true;
    v.set("hand", names_of_mask(pos->hand(seat), true));
    val sizes = val::array();
    for (int s = 0; s < rules.seats(); ++s) sizes.call<void>("push", count(pos->hand(s)));
    v.set("hand_sizes", sizes);
    v.set("plays", plays_json(pos->plays()));
    if (pos->plays().empty()) v.set("leader", pos->leader());  // else the plays say who led
    if (h.discard >= 0 && h.contract && h.contract->declarer == seat) v.set("discard", tile_name(h.discard));
    return v;
  }
  TileMask hand = over ? 0 : h.deal[seat];
  std::vector<int> sizes(rules.seats(), over ? 0 : count(hand));
  if (g.phase() == Phase::Exchange) {
    raw = h.trump.has_value();  // Moon's, trumps named: readView writes it; The Big Game's before them, here
    const int bidder = h.contract->declarer;
    sizes[bidder] += count(h.undealt);
    if (seat == bidder) hand |= h.undealt;
  }
  if (g.phase() == Phase::Declaring && h.discard >= 0 && h.contract && seat == h.contract->declarer) {
    hand = (hand | h.undealt) & ~bit(h.discard);  // The Big Game's bidder names trumps after its exchange
    v.set("discard", tile_name(h.discard));
  }
  v.set("hand", names_of_mask(hand, true));
  val sj = val::array();
  for (int n : sizes) sj.call<void>("push", n);
  v.set("hand_sizes", sj);
  if (raw) {
    v.set("to_move", g.to_move());
    return v;
  }
  set_before_play(v, g.to_move() < 0 ? val::null() : val(g.to_move()));
  val revealed = val::object();
  bool any = false;
  for (int s = 0; s < rules.seats(); ++s)
    if (const TileMask r = g.revealed(s)) {
      revealed.set(rules.seat_name(s), names_of_mask(r, true));
      any = true;
    }
  if (any) v.set("revealed", revealed);
  if (g.phase() == Phase::Bidding && g.to_move() == seat) {
    val bids = val::array();
    for (const Move& m : g.legal_moves())
      if (m.kind == Move::Kind::Call) bids.call<void>("push", bid_name(m.bid));
    v.set("legal_bids", bids);
  }
  return v;
}

// A game replayed: {game, rules, seed, dealer, moves, seat} in; out, what the bot game's reply is
// made of for `seat` (index.js adds the token and reads a view in play), and each move's seat.
val game_replay(val obj) {
  return guarded([&] {
    const Rules rules = rules_of(obj);
    if (!has(obj, "seed")) throw ParseError("a game needs its seed");
    const std::uint64_t seed = seed_of(obj["seed"]);
    int dealer = 0;
    if (has(obj, "dealer")) dealer = seat_of(obj["dealer"], rules, "dealer");
    int seat = 0;
    if (has(obj, "seat")) seat = seat_of(obj["seat"], rules, "seat");
    Game g(rules, seed, dealer);
    val seats = val::array();
    val played = val::array();
    if (has(obj, "moves")) {
      const val list = obj["moves"];
      if (!val::global("Array").call<bool>("isArray", list)) throw ParseError("'moves' must be a list of moves as text");
      for (int i = 0, n = list["length"].as<int>(); i < n; ++i) {
        const std::string text = text_of(list[i], "a move");
        const int mover = g.to_move();
        const Move m = move_of(g, text);
        g.play(m);
        seats.call<void>("push", mover);
        played.call<void>("push", move_text(m));
      }
    }
    val out = val::object();
    const bool over = g.phase() == Phase::GameOver;
    out.set("phase", std::string(kPhases[static_cast<int>(g.phase())]));
    out.set("to_move", over ? val::null() : val(g.to_move()));
    out.set("dealer", g.dealer());
    out.set("moves", played);
    out.set("movers", seats);
    val legal = val::array(), words = val::object();
    for (const Move& m : g.legal_moves()) {
      legal.call<void>("push", move_text(m));
      words.set(move_text(m), move_words(m, rules));
    }
    out.set("legal_moves", legal);
    out.set("words", words);
    const HandRecord& h = g.current_hand();
    out.set("trump_name", h.trump ? val(declaration_name(*h.trump)) : val::null());
    val scores = val::object();
    for (int k = 0; k < rules.scorers(); ++k) scores.set(scorer_name(rules, k), g.scores()[k]);
    out.set("scores", scores);
    out.set("over", over);
    out.set("winner", g.winner() < 0 ? val::null() : val(scorer_name(rules, g.winner())));
    val hands = val::array();
    for (const HandRecord& f : g.finished_hands()) hands.call<void>("push", hand_json(f, rules));
    val record = val::object();
    record.set("game", game_of(rules));
    if (has_flags(rules)) record.set("rules", flags_json(rules));
    record.set("winner", out["winner"]);
    record.set("scores", scores);
    record.set("hands", hands);
    out.set("record", record);
    // What a rule-of-thumb bot reads of the rules (game.js's ruleBot: texas42/bots.py's RuleBot).
    val table = val::object();
    table.set("family", game_of(rules));
    table.set("min_bid", rules.min_bid());
    table.set("mark", rules.mark());
    table.set("hand_size", rules.hand_size());
    table.set("max_pip", rules.max_pip);
    out.set("table", table);
    bool raw = false;
    out.set("view", view_of(g, seat, raw));
    out.set("raw_view", raw);
    return out;
  });
}

// A hand's strength for each number from 0 to `max_pip` as trumps (game.js's rule of thumb): the
// core's (texas42/decisions.hpp's weighting::strength), texas42/bots.py's trump_strength's too.
val trump_strengths(val hand, int max_pip) {
  return guarded([&] {
    TileMask mask = 0;
    for (int t : plays_of(hand, "hand", false)) mask |= TileMask{1} << t;
    val out = val::array();
    for (int suit = 0; suit <= max_pip; ++suit) out.call<void>("push", weighting::strength(mask, suit));
    return out;
  });
}

}  // namespace

EMSCRIPTEN_BINDINGS(dominosolver_game) {
  emscripten::function("gameReplay", &game_replay);
  emscripten::function("trumpStrengths", &trump_strengths);
}
