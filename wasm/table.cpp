// A deal's table in the WebAssembly module: the JSON `POST /v1/table` answers (docs/http.md), as the
// Python package's dd_table, moon_table and special_table write it (texas42/solve.py, moon/table.py).
// The deal is {position} (a `dominosolver.position/1` object: its whole deal, rewound through its
// record) or {game, rules, hands} (index.js reads the notation and the other forms into these).
// A table runs in steps (tableStart, then tableStep until done, tableResult, tableEnd), a cell of a
// double-dummy table a step, so the hint worker can look for a stop between cells: The Big Game's
// cells take seconds each. Moon's table and the special-contract table are one step each.
#include <emscripten/bind.h>
#include <emscripten/val.h>

#include <memory>
#include <string>
#include <vector>

#include "dominosolver/core/errors.hpp"
#include "dominosolver/texas42/contract.hpp"
#include "dominosolver/texas42/family.hpp"
#include "dominosolver/texas42/position.hpp"
#include "dominosolver/texas42/rules.hpp"
#include "dominosolver/texas42/solver.hpp"
#include "convert.hpp"
#include "runs.hpp"

using emscripten::val;
using namespace dominosolver;
using namespace dominosolver::texas42;
using namespace dominosolver::js;

namespace {

// The solver's table (MB) of a table's searches: Python's 64 (dd_table, special_table) for The
// Big Game's hands of 11 tricks; 16 for hands of 7 (Python's moon_table's; a 42 table is as quick
// with it, 38 against 41 ms in node, alternated at a load of 4.5, and the worker's memory, which
// never shrinks, grows by a quarter as much).
constexpr int kShortHand = 7;
std::size_t table_mb(const Rules& rules) { return rules.hand_tricks() > kShortHand ? 64 : 16; }

// The titles of the family's members whose row has a table of this kind, as the HTTP API names them.
std::string tabled(bool specials) {
  std::string out;
  for (const FamilyRow& row : kFamilies)
    if (!specials || row.ladder == Ladder::Marks) out += (out.empty() ? "" : " and ") + std::string(row.title);
  return out;
}

struct Deal {
  Rules rules;
  std::array<TileMask, kMaxSeats> hands{};
  std::vector<std::vector<int>> given;  // the tiles of each hand in the order given (Python's tables keep it)
};

// The whole deal (Python's whole_deal): a position's hands as dealt, or the hands given; every hand
// full, every tile of the set once.
Deal deal_of(const val& obj) {
  Deal d;
  if (has(obj, "position")) {
    Position pos = position_of(obj["position"]);
    while (pos.can_undo()) pos.undo();  // back to the start of the hand through the record
    if (pos.tricks_left() != pos.rules().hand_tricks())
      throw ParseError("a table needs the whole deal, but this position holds " + counted(pos.tricks_left(), "tile") +
                       " a hand and records no earlier tricks: give the " + std::to_string(pos.rules().seats()) +
                       " hands as dealt");
    d.rules = pos.rules();
    d.hands = pos.hands();
    for (int seat = 0; seat < d.rules.seats(); ++seat) {  // a position's hands: high tile first
      std::vector<int> tiles;
      for (TileMask m = d.hands[seat]; m; m &= m - 1) tiles.insert(tiles.begin(), lowest(m));
      d.given.push_back(tiles);
    }
  } else {
    d.rules = rules_of(obj);
    const int seats = d.rules.seats();
    const val hands = obj["hands"];
    if (!has(obj, "hands") || !val::global("Array").call<bool>("isArray", hands) || hands["length"].as<int>() != seats) {
      std::string form = "66.64...";
      for (int s = 1; s < seats; ++s) form += "/...";
      throw ParseError("a deal is " + std::to_string(seats) + " hands: 'hands=" + form + "' or a list of " +
                       std::to_string(seats) + " lists of tiles");
    }
    for (int seat = 0; seat < seats; ++seat) d.given.push_back(plays_of(hands[seat], "hand " + d.rules.seat_name(seat), false));
  }
  const Rules& rules = d.rules;
  for (int seat = 0; seat < rules.seats(); ++seat) {  // each hand's tiles counted as given, as Python's whole_deal
    const int held = static_cast<int>(d.given[seat].size());
    if (held != rules.hand_tricks())
      throw ParseError("a table needs the whole deal, but hand " + rules.seat_name(seat) + " holds " + counted(held, "tile") +
                       ", not " + std::to_string(rules.hand_tricks()) + ": give the " + std::to_string(rules.seats()) +
                       " hands as dealt (every tile of the set once)");
  }
  for (int seat = 0; seat < rules.seats() && !has(obj, "position"); ++seat) {  // then each hand's tiles, as mask_of
    d.hands[seat] = 0;
    for (int t : d.given[seat]) {
      if (d.hands[seat] & bit(t)) throw ParseError("tile " + tile_name(t) + " listed twice");
      d.hands[seat] |= bit(t);
    }
  }
  // A table of points, as Python's dd_table and special_table, leaves the rest to the core's check of a
  // position of the deal (TableRun's: "tile 6-6 appears twice (hand of seat 1 (E))"); Moon's, as
  // moon_table, checks each hand's tiles against the set and the hands before.
  if (!rules.moon()) return d;
  TileMask dealt = 0;
  for (int seat = 0; seat < rules.seats(); ++seat) {
    if (const TileMask stray = d.hands[seat] & ~rules.tile_set())
      throw ParseError("tile " + tile_name(lowest(stray)) + " is not in " +
                       (rules.row().without_blanks ? std::string("Moon's 22 tiles (docs/rules.md §4.1: no 1-0 .. 6-0)")
                                                   : "the double-" + std::to_string(rules.max_pip) + " set"));
    if (dealt & d.hands[seat]) throw ParseError("tile " + tile_name(lowest(dealt & d.hands[seat])) + " is in two hands of the deal");
    dealt |= d.hands[seat];
  }
  return d;
}

// A declaration as the tables' JSON writes it: a suit's number, else its name ("doubles", "none").
val declaration_json(const Trump& t) {
  const std::string name = t.name();
  return t.kind == TrumpKind::Suit ? val(std::stoi(name)) : val(name);
}

val strings(const std::vector<std::string>& items) {
  val out = val::array();
  for (const std::string& s : items) out.call<void>("push", s);
  return out;
}

template <class T>
val grid_json(const std::vector<std::vector<T>>& grid) {
  val out = val::array();
  for (const auto& row : grid) {
    val r = val::array();
    for (const T v : row) r.call<void>("push", v);
    out.call<void>("push", r);
  }
  return out;
}

// The deal's start of every table's JSON: schema, game, hands (high tile first), declarations, seats.
val head_of(const char* schema, const Deal& d, const std::vector<Trump>& declarations) {
  const Rules& rules = d.rules;
  val out = val::object();
  out.set("schema", std::string(schema));
  out.set("game", std::string(rules.row().name));
  val hands = val::array();
  for (const std::vector<int>& tiles : d.given) hands.call<void>("push", names_of(tiles));
  out.set("hands", hands);
  val decl = val::array();
  for (const Trump& t : declarations) decl.call<void>("push", declaration_json(t));
  out.set("declarations", decl);
  std::vector<std::string> seats;
  for (int seat = 0; seat < rules.seats(); ++seat) seats.push_back(rules.seat_name(seat));
  out.set("seats", strings(seats));
  return out;
}

// The rules' flags as a table writes them, as in a position: Python's Rules.game_flags (the family is
// the "game" tag); none when empty.
void set_rules(val& out, const Rules& rules) {
  auto flags = rules.flags();
  flags.erase("family");
  if (flags.empty()) return;
  val r = val::object();
  for (const auto& [k, v] : flags) r.set(k, v);
  out.set("rules", r);
}

class TableRun {
 public:
  TableRun(const val& deal, bool specials) : deal_(deal_of(deal)), specials_(specials) {
    const Rules& rules = deal_.rules;
    if (specials_ && rules.row().ladder != Ladder::Marks)
      throw ParseError(std::string(rules.row().title) + " has no special-contract table (games with one: " + tabled(true) + ")");
    if (!specials_ && !rules.moon()) {
      Position(rules, Trump::none(), deal_.hands, 0, {});  // checked as the Python binding checks it
      declarations_ = table_declarations(rules);
    }
    solver_ = std::make_unique<Solver>(table_mb(rules));
  }

  // One cell of a double-dummy table (dd_table's order and first guesses), or a whole other table.
  val step() {
    const Rules& rules = deal_.rules;
    if (!done()) {
      if (specials_) special();
      else if (rules.moon()) moon();
      else cell();
    }
    val out = val::object();
    out.set("done", done());
    out.set("cells", static_cast<int>(declarations_.size()) * rules.seats());
    out.set("solved", solved_);
    return out;
  }

  val result() const {
    if (!done()) throw std::invalid_argument("the table is not finished");
    return out_;
  }

 private:
  bool done() const { return finished_; }

  void cell() {
    const Rules& rules = deal_.rules;
    const Seating seating = rules.seating();
    const int seats = seating.seats();
    const int r = solved_ / seats, declarer = solved_ % seats;
    if (declarer == 0) grid_.emplace_back();
    std::vector<int>& row = grid_.back();
    const int partner = seating.partner(declarer);
    const int guess = partner >= 0 && partner < declarer ? row[partner] : declarer > 0 ? rules.hand_points() - row[0] : -1;
    row.push_back(solver_->value(Position(rules, declarations_[r], deal_.hands, declarer, {}), guess));
    nodes_ += solver_->nodes();
    if (++solved_ < static_cast<int>(declarations_.size()) * seats) return;
    out_ = head_of("dominosolver.ddtable/1", deal_, declarations_);
    out_.set("points", grid_json(grid_));
    set_rules(out_, rules);
    finish();
  }

  void moon() {
    const Rules& rules = deal_.rules;
    TileMask dealt = 0;
    for (int seat = 0; seat < rules.seats(); ++seat) dealt |= deal_.hands[seat];
    const TileMask widow = rules.tile_set() & ~dealt;  // Moon's tile left over, or none
    std::uint64_t nodes = 0;
    const auto grid = moon_table(rules, deal_.hands, widow, *solver_, &nodes);
    nodes_ += nodes;
    declarations_ = declarations(rules);
    solved_ = static_cast<int>(declarations_.size()) * rules.seats();
    out_ = head_of("dominosolver.moontable/1", deal_, declarations_);
    out_.set("widow", names_of_mask(widow, true));
    // Python's order of keys: widow before declarations.
    val ordered = val::object();
    for (const char* key : {"schema", "game", "hands", "widow", "declarations", "seats"}) ordered.set(key, out_[key]);
    ordered.set("tricks", grid_json(grid));
    set_rules(ordered, rules);
    out_ = ordered;
    finish();
  }

  void special() {
    const Rules& rules = deal_.rules;
    Position(rules, Trump::none(), deal_.hands, 0, {});  // checked as the Python binding checks it
    std::uint64_t nodes = 0, more = 0;
    const auto every = every_trick_table(rules, deal_.hands, *solver_, &nodes);
    const DeclarerTable made = declarer_table(rules, deal_.hands, *solver_, &more);
    nodes_ += nodes + more;
    declarations_ = table_declarations(rules);
    solved_ = static_cast<int>(declarations_.size()) * rules.seats();
    out_ = head_of("dominosolver.specialtable/1", deal_, declarations_);
    out_.set("every_trick", grid_json(every));
    val may_bid = val::object();
    for (const ContractRow& row : bid_rows(rules))
      if (row.holds) {
        val seats = val::array();
        for (int seat = 0; seat < rules.seats(); ++seat) seats.call<void>("push", row.holds(rules, deal_.hands[seat]));
        may_bid.set(std::string(row.name), seats);
      }
    out_.set("may_bid", may_bid);
    std::vector<std::string> contracts;
    for (const Trump& t : made.declarations) contracts.push_back(t.name());
    out_.set("contracts", strings(contracts));
    out_.set("makes", grid_json(made.makes));
    set_rules(out_, rules);
    finish();
  }

  void finish() {
    finished_ = true;  // the JSON is Python's to_json(): the nodes stay here (nodes_)
    solver_.reset();  // its table's memory back at once
  }

  Deal deal_;
  bool specials_;
  std::vector<Trump> declarations_;
  std::unique_ptr<Solver> solver_;
  std::vector<std::vector<int>> grid_;
  int solved_ = 0;
  bool finished_ = false;
  std::uint64_t nodes_ = 0;
  val out_ = val::object();
};

Runs<TableRun> tables("table");

val table_start(val deal, bool specials) { return tables.start(deal, specials); }
val table_step(int id) { return tables.answer(id, &TableRun::step); }
val table_result(int id) { return tables.answer(id, &TableRun::result); }
void table_end(int id) { tables.end(id); }

}  // namespace

EMSCRIPTEN_BINDINGS(dominosolver_table) {
  emscripten::function("tableStart", &table_start);
  emscripten::function("tableStep", &table_step);
  emscripten::function("tableResult", &table_result);
  emscripten::function("tableEnd", &table_end);
}
