#pragma once
// What the WebAssembly module's bindings share (bindings.cpp, hint.cpp, game.cpp, table.cpp): JSON
// objects (embind vals) read into the core's rules, seats, plays and positions, positions written
// back as the Python package writes them, and errors returned as {error: {name, message}} for
// index.js to throw.
#include <emscripten/val.h>

#include <algorithm>
#include <cctype>
#include <map>
#include <optional>
#include <stdexcept>
#include <string>
#include <vector>

#include "dominosolver/core/errors.hpp"
#include "dominosolver/texas42/contract.hpp"
#include "dominosolver/texas42/position.hpp"
#include "dominosolver/texas42/rules.hpp"

namespace dominosolver::js {

using emscripten::val;
using namespace dominosolver::texas42;

// A search that gave up before any answer (Python's SearchLimitError): a hint's time ran out.
struct SearchLimitError : std::runtime_error {
  using std::runtime_error::runtime_error;
};


inline val error_object(const std::string& name, const std::string& message) {
  val e = val::object();
  e.set("name", name);
  e.set("message", message);
  val out = val::object();
  out.set("error", e);
  return out;
}

// `f()`, or the error object of what it threw.
template <class F>
inline val guarded(F&& f) {
  try {
    return f();
  } catch (const IllegalMoveError& e) {
    return error_object("IllegalMoveError", e.what());
  } catch (const InvalidViewError& e) {
    return error_object("InvalidViewError", e.what());
  } catch (const InvalidPositionError& e) {
    return error_object("InvalidPositionError", e.what());
  } catch (const ParseError& e) {
    return error_object("ParseError", e.what());
  } catch (const SearchLimitError& e) {
    return error_object("SearchLimitError", e.what());
  } catch (const std::bad_alloc&) {
    return error_object("RangeError", "out of memory (a smaller ttMb may fit)");
  } catch (const std::exception& e) {
    return error_object("Error", e.what());
  }
}

inline bool has(const val& obj, const char* key) {
  return obj.hasOwnProperty(key) && !obj[key].isNull() && !obj[key].isUndefined();
}

inline std::string type_of(const val& v) { return v.typeOf().as<std::string>(); }

// What JSON calls a value's type, for messages, as Python's errors.json_type: null, true/false, a
// number, a string, a list, an object.
inline std::string json_type(const val& v) {
  const std::string t = type_of(v);
  if (v.isNull() || v.isUndefined()) return "null";
  if (t == "boolean") return "true/false";
  if (t == "number" || t == "bigint") return "a number";
  if (t == "string") return "a string";
  return val::global("Array").call<bool>("isArray", v) ? "a list" : "an object";
}

// A value for a message as Python's errors.shown writes it (JSON's words for null, true and false;
// a string quoted as Python quotes it; lists and objects item by item), cut at kShownChars: the
// reading stops there, however long the value.
inline constexpr std::size_t kShownChars = 80;

inline void shown_into(const val& v, std::string& out) {
  if (out.size() > kShownChars) return;
  const std::string t = type_of(v);
  if (v.isNull() || v.isUndefined()) {
    out += "null";
  } else if (t == "boolean") {
    out += v.as<bool>() ? "true" : "false";
  } else if (t == "number" || t == "bigint") {
    out += val::global("String")(v).as<std::string>();
  } else if (t == "string") {
    const std::string s = v.as<std::string>();
    const char q = s.find('\'') != std::string::npos && s.find('"') == std::string::npos ? '"' : '\'';
    out += q;
    for (char c : s) {
      if (out.size() > kShownChars) return;
      if (c == q || c == '\\') out += '\\';
      out += c == '\n' ? std::string("\\n") : std::string(1, c);
    }
    out += q;
  } else if (val::global("Array").call<bool>("isArray", v)) {
    out += '[';
    const int n = v["length"].as<int>();
    for (int i = 0; i < n && out.size() <= kShownChars; ++i) {
      if (i) out += ", ";
      shown_into(v[i], out);
    }
    out += ']';
  } else if (t == "object") {
    out += '{';
    const val keys = val::global("Object").call<val>("keys", v);
    const int n = keys["length"].as<int>();
    for (int i = 0; i < n && out.size() <= kShownChars; ++i) {
      if (i) out += ", ";
      shown_into(keys[i], out);
      out += ": ";
      shown_into(v[keys[i]], out);
    }
    out += '}';
  } else {
    out += t;  // a function, a symbol: what JavaScript calls it
  }
}

inline std::string shown(const val& v) {
  std::string out;
  shown_into(v, out);
  return out.size() <= kShownChars ? out : out.substr(0, kShownChars - 3) + "...";
}

// `n` and `noun`, plural unless one, as Python's errors.counted: "1 tile", "2 tiles", "0 tiles".
inline std::string counted(long long n, const std::string& noun) {
  return std::to_string(n) + " " + noun + (n == 1 ? "" : "s");
}

// A whole number with its thousands grouped, as Python's f"{n:,}": 1,000,000.
inline std::string grouped(long long n) {
  std::string digits = std::to_string(n < 0 ? -n : n), out;
  for (std::size_t i = 0; i < digits.size(); ++i) {
    if (i && (digits.size() - i) % 3 == 0) out += ',';
    out += digits[i];
  }
  return n < 0 ? "-" + out : out;
}

inline std::string text_of(const val& v, const std::string& where) {
  if (type_of(v) != "string") throw ParseError(where + " must be a string, not " + json_type(v));
  return v.as<std::string>();
}

inline std::string lower(std::string s) {
  std::transform(s.begin(), s.end(), s.begin(), [](unsigned char c) { return std::tolower(c); });
  return s;
}

// A seat of `rules`' table: its number, or its name in either case ("N", "p1"), as Python reads it.
inline int seat_of(const val& v, const Rules& rules, const std::string& where) {
  if (type_of(v) == "number") {
    const double d = v.as<double>();
    if (d == static_cast<int>(d) && d >= 0 && d < rules.seats()) return static_cast<int>(d);
  } else if (type_of(v) == "string") {
    const std::string s = lower(v.as<std::string>());
    for (int seat = 0; seat < rules.seats(); ++seat)
      if (s == lower(rules.seat_name(seat)) || s == std::to_string(seat)) return seat;
  }
  std::string names;
  for (int seat = 0; seat < rules.seats(); ++seat) names += (seat ? ", " : "") + rules.seat_name(seat);
  throw ParseError(where + ": unknown seat: use 0.." + std::to_string(rules.seats() - 1) + " or " + names);
}

// Plays of a JSON list ("6-4", and in The Big Game a lower-end lead "7-3:3" where `plays`).
inline std::vector<int> plays_of(const val& list, const std::string& where, bool plays) {
  if (!val::global("Array").call<bool>("isArray", list)) throw ParseError(where + " must be a list of tiles like \"6-4\"");
  std::vector<int> out;
  const int n = list["length"].as<int>();
  for (int i = 0; i < n; ++i) {
    const int p = parse_play(text_of(list[i], where + ": a tile"));
    if (!plays && is_lower_end_lead(p)) throw ParseError(where + ": " + play_name(p) + " is a play, not a tile");
    out.push_back(p);
  }
  return out;
}

// The "game" tag of rules that name no family (the family table's row of Rules{}: 42's).
inline std::string default_game() { return family_row(Rules{}.family).name; }

// The rules a JSON object states (rules.py's Rules.of_game): its "game" tag names the family, its
// "rules" object the other flags (a "family" flag there must agree with the tag).
inline Rules rules_of(const val& obj) {
  const std::string game = has(obj, "game") ? text_of(obj["game"], "game") : default_game();
  std::map<std::string, std::string> flags;
  if (has(obj, "rules")) {
    const val keys = val::global("Object").call<val>("keys", obj["rules"]);
    for (int i = 0, n = keys["length"].as<int>(); i < n; ++i) {
      const std::string key = keys[i].as<std::string>();
      const val v = obj["rules"][key];
      flags[key] = type_of(v) == "string" ? v.as<std::string>() : val::global("String")(v).as<std::string>();
    }
  }
  if (game != default_game() || flags.count("family")) {
    if (flags.count("family") && flags["family"] != game)
      throw ParseError("the rules say family '" + flags["family"] + "', but the game is '" + game + "'");
    flags["family"] = game;
  }
  return Rules::from_flags(flags);
}

// A trump as Python's parse_trump reads one: a number, a suit's name ("fives"; "sevens" is the
// Sevens contract unless the set has a suit of sevens), "doubles", "none", "follow-me", "nello"...
inline Trump trump_of(const val& v, const Rules& rules) {
  if (type_of(v) == "number") return Trump::parse(val::global("String")(v).as<std::string>());
  std::string text = lower(text_of(v, "trump"));
  text.erase(0, text.find_first_not_of(" \t"));
  text.erase(text.find_last_not_of(" \t") + 1);
  static const char* const kSuitNames[] = {"blanks", "ones", "twos", "threes", "fours", "fives", "sixes", "sevens", "eights"};
  for (int suit = 0; suit <= 8; ++suit)
    if (text == kSuitNames[suit] && suit <= rules.max_pip && (suit != 7 || rules.max_pip >= 7)) return Trump::of_suit(suit);
  return Trump::parse(text);
}

// A bid as Python's parse_bid reads one: a number, "pass", "game", their digits as text, and a
// special bid's kind after a colon ("168:plunge") where no kind is given beside it.
inline Bid bid_of(const val& v, std::string kind) {
  int number = 0;
  if (type_of(v) == "number") {
    const double d = v.as<double>();
    if (!(d >= 0 && d <= kGameBid && d == static_cast<int>(d))) throw ParseError("unknown bid: a number from 30, 'pass' or 'game'");
    number = static_cast<int>(d);
  } else {
    std::string s = lower(text_of(v, "contract.bid"));
    if (const auto colon = s.find(':'); colon != std::string::npos) {
      if (kind.empty()) kind = s.substr(colon + 1);
      s = s.substr(0, colon);
    }
    if (s == "game") number = kGameBid;
    else if (s == "pass") number = kPass;
    else if (!s.empty() && s.size() <= 4 && std::all_of(s.begin(), s.end(), [](unsigned char c) { return std::isdigit(c); }))
      number = std::stoi(s);
    else throw ParseError("unknown bid '" + s + "': a number, 'pass' or 'game'");
    if (number > kGameBid) throw ParseError("unknown bid '" + s + "': a number from 30, 'pass' or 'game'");
  }
  return Bid{number, kind.empty() ? BidKind::Ordinary : parse_bid_kind(kind)};
}

// A position from its `dominosolver.position/1` object (index.js checked the field names).
inline Position position_of(const val& obj) {
  const Rules rules = rules_of(obj);
  const Trump trump = trump_of(obj["trump"], rules);
  const val hands = obj["hands"];
  if (!val::global("Array").call<bool>("isArray", hands) || hands["length"].as<int>() != rules.seats())
    throw ParseError("'hands' must be a list of " + std::to_string(rules.seats()) + " lists of tiles");
  std::array<TileMask, kMaxSeats> masks{};
  for (int seat = 0; seat < rules.seats(); ++seat)
    for (int t : plays_of(hands[seat], "hand " + rules.seat_name(seat), false)) {
      if (masks[seat] & bit(t))
        throw InvalidPositionError("tile " + tile_name(t) + " appears twice (hand of " + rules.seat_name(seat) + ")");
      masks[seat] |= bit(t);
    }
  std::optional<Contract> contract;
  if (has(obj, "contract")) {
    const val c = obj["contract"];
    if (!has(c, "declarer") || !has(c, "bid")) throw ParseError("'contract' must be {\"declarer\": seat, \"bid\": bid}");
    contract = Contract{seat_of(c["declarer"], rules, "contract.declarer"),
                        bid_of(c["bid"], has(c, "kind") ? text_of(c["kind"], "contract.kind") : "")};
  }
  std::optional<History> history;
  if (has(obj, "history")) {
    const val h = obj["history"];
    if (!has(h, "first_leader") || !has(h, "tiles"))
      throw ParseError("'history' must be {\"first_leader\": seat, \"tiles\": [...]}");
    history = History{seat_of(h["first_leader"], rules, "history.first_leader"), plays_of(h["tiles"], "history", true)};
  }
  const std::vector<int> trick = has(obj, "trick") ? plays_of(obj["trick"], "trick", true) : std::vector<int>{};
  const int leader = has(obj, "leader") ? seat_of(obj["leader"], rules, "leader") : opening_leader(rules, trump, contract);
  return Position(rules, trump, masks, leader, trick, contract, history);
}

// A position object's "discard" (Moon, The Big Game: the tile the bidder laid away), checked against
// the position (bindings.cpp); none when the object has none.
std::optional<int> position_discard(const val& obj, const Position& pos);

inline val names_of(const std::vector<int>& plays) {
  val out = val::array();
  for (int p : plays) out.call<void>("push", play_name(p));
  return out;
}

inline val names_of_mask(TileMask m, bool high_first) {
  std::vector<int> plays;
  for (; m; m &= m - 1) plays.push_back(lowest(m));
  if (high_first) std::reverse(plays.begin(), plays.end());
  return names_of(plays);
}

// The rules' flags as views and records write them: the family is the "game" tag.
inline val flags_json(const Rules& rules) {
  val out = val::object();
  for (const auto& [k, v] : rules.flags())
    if (k != "family") out.set(k, v);
  return out;
}

// Plays as views write them: [{seat, tile}, ...].
inline val plays_json(const std::vector<PlayRecord>& plays) {
  val out = val::array();
  for (const PlayRecord& p : plays) {
    val e = val::object();
    e.set("seat", static_cast<int>(p.seat));
    e.set("tile", play_name(p.tile));
    out.call<void>("push", e);
  }
  return out;
}

// The fields of the play in a view before it (PlayerView.before_play's JSON): no leader, trick,
// plays or voids yet, no points taken; `to_move` in its place among them.
inline void set_before_play(val& view, const val& to_move) {
  view.set("leader", val::null());
  view.set("to_move", to_move);
  view.set("trick", val::array());
  view.set("plays", val::array());
  view.set("voids", val::object());
  val points = val::array();
  points.call<void>("push", 0);
  points.call<void>("push", 0);
  view.set("points", points);
}

// Whether the rules play 42's marks game (rules.py's scoring "marks"): a member scored in points
// whatever the scoring flag (its row's points_only) never does.
inline bool marks_game(const Rules& rules) { return !rules.row().points_only && rules.scoring == Scoring::Marks; }

// The "game" tag of the rules' family (its row's: 42's when the flags name none).
inline std::string game_of(const Rules& rules) { return rules.row().name; }

// A trump as the JSON forms write it: a suit's number, else its name.
inline val trump_json(const Trump& t) {
  return t.kind == TrumpKind::Suit ? val(std::stoi(t.name())) : val(t.name());
}

// A contract as the JSON forms write it; null for none.
inline val contract_json(const std::optional<Contract>& c) {
  if (!c) return val::null();
  val out = val::object();
  out.set("declarer", c->declarer);
  out.set("bid", c->bid.value == kGameBid ? val(std::string("game")) : val(c->bid.value));
  if (c->bid.kind != BidKind::Ordinary) out.set("kind", bid_kind_name(c->bid.kind));
  return out;
}

// The position's `dominosolver.position/1` object, as the Python package writes it.
inline val json_of(const Position& pos) {
  const Rules& rules = pos.rules();
  val out = val::object();
  out.set("schema", std::string("dominosolver.position/1"));
  out.set("game", game_of(rules));
  out.set("trump", trump_json(pos.trump()));
  out.set("leader", pos.leader());
  val hands = val::array();
  for (int seat = 0; seat < rules.seats(); ++seat) hands.call<void>("push", names_of_mask(pos.hand(seat), true));
  out.set("hands", hands);
  out.set("trick", names_of(pos.trick()));
  out.set("rules", flags_json(rules));
  if (pos.contract()) out.set("contract", contract_json(pos.contract()));
  const History h = pos.history();
  if (!h.tiles.empty()) {
    val hj = val::object();
    hj.set("first_leader", h.first_leader);
    hj.set("tiles", names_of(h.tiles));
    out.set("history", hj);
  }
  return out;
}

inline std::string side_name(const Position& pos, int side) {
  std::string out;
  for (int seat = 0; seat < pos.rules().seats(); ++seat)
    if (pos.seating().plays(seat) && pos.side_of(seat) == side) out += pos.rules().seat_name(seat);
  return out;
}

// What one position shows beside its JSON: whose turn, the legal plays, the score so far.
inline val state_of(const Position& pos) {
  val out = val::object();
  out.set("position", json_of(pos));
  out.set("toMove", pos.is_over() ? val::null() : val(pos.to_move()));
  out.set("legalMoves", pos.is_over() ? val::array() : names_of_mask(pos.legal_moves(), true));
  out.set("tricksLeft", pos.tricks_left());
  out.set("isOver", pos.is_over());
  val points = val::array();
  for (int side = 0; side < kSides; ++side) points.call<void>("push", pos.points(side));
  out.set("points", points);
  return out;
}

}  // namespace dominosolver::js
