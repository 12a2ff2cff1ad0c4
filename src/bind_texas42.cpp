#include <pybind11/operators.h>
#include <pybind11/stl.h>

#include "bindings.hpp"
#include "dominosolver/core/errors.hpp"
#include "dominosolver/texas42/advice_defaults.hpp"
#include "dominosolver/texas42/game.hpp"
#include "dominosolver/texas42/view.hpp"

namespace py = pybind11;

namespace dominosolver::bind {

using namespace dominosolver::texas42;

namespace {

// Hands arrive as lists of tile ids so that a tile listed twice in one hand is caught here.
std::array<TileMask, kMaxSeats> to_hands(const Rules& rules, const std::vector<std::vector<int>>& hands) {
  if (static_cast<int>(hands.size()) != rules.seats())
    throw InvalidPositionError("a 42 position needs " + std::to_string(rules.seats()) + " hands, got " +
                               std::to_string(hands.size()));
  std::array<TileMask, kMaxSeats> out{};
  for (int seat = 0; seat < rules.seats(); ++seat)
    for (int t : hands[seat]) {
      if (t < 0 || t >= kMaxTiles) throw InvalidPositionError("tile id " + std::to_string(t) + " is not a tile");
      if (out[seat] & bit(t))
        throw InvalidPositionError("tile " + tile_name(t) + " appears twice (hand of " + rules.seat_name(seat) + ")");
      out[seat] |= bit(t);
    }
  return out;
}

// A bid from Python: a Bid, or its number (an int, a pass 0), with the kind an object names in its
// `kind` attribute (the package's Bid is an int that carries one), ordinary otherwise.
Bid to_bid(const py::handle& value) {
  if (py::isinstance<Bid>(value)) return value.cast<Bid>();
  if (!py::isinstance<py::int_>(value) || py::isinstance<py::bool_>(value))
    throw ParseError("a bid is a number (0 = pass), not " + std::string(py::str(py::repr(value))));
  const BidKind kind = py::hasattr(value, "kind") ? parse_bid_kind(value.attr("kind").cast<std::string>()) : BidKind::Ordinary;
  return Bid{value.cast<int>(), kind};
}

// A contract from Python: a Contract, or (declarer, bid) with the bid as to_bid reads it.
Contract to_contract(const py::handle& value) {
  if (py::isinstance<Contract>(value)) return value.cast<Contract>();
  if (!py::isinstance<py::tuple>(value) || py::len(value) != 2)
    throw ParseError("a contract is (declarer, bid), not " + std::string(py::str(py::repr(value))));
  const auto pair = value.cast<py::tuple>();
  return Contract{pair[0].cast<int>(), to_bid(pair[1])};
}

std::optional<Contract> optional_contract(const py::object& value) {
  if (value.is_none()) return std::nullopt;
  return to_contract(value);
}

py::object contract_or_none(const std::optional<Contract>& c) { return c ? py::cast(*c) : py::none(); }

std::string bid_repr(const Bid& b) {
  const std::string kind = b.kind == BidKind::Ordinary ? "" : ", '" + bid_kind_name(b.kind) + "'";
  return "Bid(" + std::to_string(b.value) + kind + ")";
}

std::vector<std::pair<int, int>> plays_list(const std::vector<PlayRecord>& plays) {
  std::vector<std::pair<int, int>> out;
  for (const auto& p : plays) out.emplace_back(p.seat, p.tile);
  return out;
}

// The result's score for each of `scorers` (the sides; Moon's players).
py::object result_dict(const std::optional<HandResult>& result, int scorers) {
  if (!result) return py::none();
  py::dict r;
  r["made"] = result->made;
  r["score"] = py::tuple(py::cast(std::vector<int>(result->score.begin(), result->score.begin() + scorers)));
  r["decides_game"] = result->decides_game;
  return r;
}

// The first `seats` of an array of hands (the rest of it is capacity).
std::vector<TileMask> seated(const std::array<TileMask, kMaxSeats>& hands, int seats) {
  return {hands.begin(), hands.begin() + seats};
}

py::dict hand_dict(const HandRecord& h, const Rules& rules) {
  py::dict d;
  d["dealer"] = h.dealer;
  d["deal"] = seated(h.deal, rules.seats());
  d["undealt"] = h.undealt;
  d["discard"] = h.discard >= 0 ? py::cast(h.discard) : py::none();
  d["bids"] = h.bids;
  d["callers"] = h.callers;
  d["contract"] = contract_or_none(h.contract);
  d["trump"] = h.trump ? py::cast(h.trump->name()) : py::none();
  d["plays"] = plays_list(h.plays);
  // The side of each seat this hand (a contract seats Moon's bidder alone): what points and tricks are by.
  const Seating seating = h.contract && h.trump ? ruling(rules, *h.trump, h.contract).seating : rules.seating();
  std::vector<int> sides;
  for (int seat = 0; seat < rules.seats(); ++seat) sides.push_back(seating.side(seat));
  d["sides"] = sides;
  d["hands"] = seated(hands_at_first_lead(h), rules.seats());  // after Moon's exchange
  d["points"] = py::make_tuple(h.points[0], h.points[1]);
  d["tricks"] = py::make_tuple(h.tricks[0], h.tricks[1]);
  d["objective"] = objective_name(h.objective);
  d["result"] = result_dict(h.result, rules.scorers());
  return d;
}

// A seat of `seating`'s table, or a clear error naming the range.
int table_seat(const Seating& seating, int seat) {
  if (seat < 0 || seat >= seating.seats())
    throw InvalidPositionError("seat must be 0.." + std::to_string(seating.seats() - 1) + ", not " + std::to_string(seat));
  return seat;
}

std::vector<std::string> names(const std::vector<Trump>& declared) {
  std::vector<std::string> out;
  for (const Trump& t : declared) out.push_back(t.name());
  return out;
}

// A contract row as Python data (`rules`: the family whose bid rows it may be).
py::dict contract_row(const ContractRow& row, const Rules& rules) {
  py::dict d;
  d["name"] = row.name;
  d["objective"] = objective_name(row.objective);
  // Won in the auction by a bid of its own kind (a row a declaration imposes is not).
  d["bid"] = [&] {
    for (const ContractRow& bid : bid_rows(rules))
      if (&bid == &row) return true;
    return false;
  }();
  return d;
}

// A declaration row as Python data, its declarations named under `rules`.
py::dict declaration_row(const DeclarationRow& row, const Rules& rules) {
  py::dict d;
  d["name"] = row.name;
  d["numbered"] = row.numbered;
  std::vector<std::string> spellings;
  for (const char* s : row.spellings)
    if (s) spellings.emplace_back(s);
  d["spellings"] = spellings;
  std::vector<std::string> modes;  // by doubles mode (NtDoubles order), for a row of modes (Nel-O)
  for (const char* m : row.modes)
    if (m) modes.emplace_back(m);
  d["modes"] = modes;
  d["declarations"] = names(row.declarations(rules));
  d["imposes"] = row.imposes ? py::cast(row.imposes->name) : py::none();
  return d;
}

// What rules a hand, as Python data: its rows, who names, who plays and who leads trick 1.
py::dict ruling_dict(const Ruling& r, const Rules& rules) {
  py::dict d;
  d["declaration"] = declaration_row(*r.declaration, rules);
  d["contract"] = contract_row(*r.contract, rules);
  std::vector<int> playing;
  for (int seat = 0; seat < r.seating.seats(); ++seat)
    if (r.seating.plays(seat)) playing.push_back(seat);
  d["seats_in_play"] = playing;
  std::vector<int> sides;  // each seat's side this hand (Moon's bidder alone on side 0)
  for (int seat = 0; seat < r.seating.seats(); ++seat) sides.push_back(r.seating.side(seat));
  d["sides"] = sides;
  d["first_leader"] = r.first_leader();
  d["namer"] = r.declarer >= 0 ? py::cast(r.contract->namer(rules.seating(), r.declarer)) : py::none();
  return d;
}

const char* phase_name(Phase p) {
  switch (p) {
    case Phase::Bidding: return "bidding";
    case Phase::Declaring: return "declaring";
    case Phase::Exchange: return "exchange";
    case Phase::Playing: return "playing";
    default: return "game_over";
  }
}

}  // namespace

// A family row as Python data (family.hpp): what Python asks of a family, read and not restated.
py::dict family_dict(const FamilyRow& f) {
  static constexpr const char* kLeftOver[] = {"none", "widow", "undealt"};
  static constexpr const char* kLadder[] = {"marks", "tricks", "points"};
  py::dict d;
  d["name"] = f.name;
  d["title"] = f.title;
  d["seats"] = f.seats;
  d["partners"] = f.partners;
  d["max_pip"] = f.max_pip;
  d["without_blanks"] = f.without_blanks;
  d["counters"] = f.counters;
  d["points_only"] = f.points_only;
  d["left_over"] = kLeftOver[static_cast<int>(f.left_over)];
  d["ladder"] = kLadder[static_cast<int>(f.ladder)];
  d["min_bid"] = f.min_bid;
  d["target"] = f.target;
  d["lower_end_leads"] = f.lower_end_leads;
  d["hand_size"] = f.hand_size;
  d["undealt"] = f.undealt;
  d["special_contracts"] = f.special_contracts;
  d["doubles_trump_by_flag"] = f.doubles_trump_by_flag;
  d["highest_at_target"] = f.highest_at_target;
  d["default"] = f.family == Rules{}.family;  // the family of rules that name none
  return d;
}

void texas42(py::module_& m) {
  m.def("family_rows", [] {
    py::list out;
    for (const FamilyRow& f : kFamilies) out.append(family_dict(f));
    return out;
  });
  // The bid advice's defaults (advice_defaults.hpp), a dict per member by its "game" tag.
  m.def("advice_defaults", [] {
    py::dict out;
    for (const AdviceDefaults& a : kAdviceDefaults) {
      py::dict d;
      d["risk"] = a.risk;
      d["mark_risk"] = a.mark_risk ? py::cast(*a.mark_risk) : py::none();
      d["discount"] = a.discount;
      d["bid_samples"] = a.bid_samples;
      d["fitted"] = a.fitted;
      out[family_row(a.family).name] = d;
    }
    return out;
  });
  py::class_<Rules>(m, "Rules")
      .def(py::init([](const std::map<std::string, std::string>& flags) { return Rules::from_flags(flags); }),
           py::arg("flags") = std::map<std::string, std::string>{})
      .def("flags", &Rules::flags)
      .def_readonly("max_pip", &Rules::max_pip)
      .def("game_target", &Rules::game_target)
      // The game's sizes and bid ladder (docs/rules.md §2.1-2.2), all following the set.
      .def_property_readonly("seats", &Rules::seats)
      .def_property_readonly("tiles", &Rules::tiles)
      .def_property_readonly("tile_set", &Rules::tile_set)  // Moon's 22 of the double-six's 28 (§4.1)
      .def_property_readonly("undealt", &undealt_tiles)  // tiles dealt to no seat (Moon's widow)
      .def_property_readonly("may_be_out_of_play", &may_be_out_of_play)  // tiles that may lie in no hand
      .def_property_readonly("hand_size", &Rules::hand_size)
      .def_property_readonly("takes_widow", &Rules::takes_widow)  // Moon's bidder takes the widow (§4.1, M-9)
      .def_property_readonly("bidder_sees_left_over", &Rules::bidder_sees_left_over)  // the widow taken, the undealt tile
      .def_property_readonly("hand_tricks", &Rules::hand_tricks)
      .def_property_readonly("counters", &Rules::counters)
      .def_property_readonly("trick_points", [](const Rules&) { return Rules::kTrickPoints; })
      .def_property_readonly("hand_points", &Rules::hand_points)
      .def_property_readonly("min_bid", &Rules::min_bid)
      .def_property_readonly("mark", &Rules::mark)
      .def_property_readonly("free_mark_jump", &Rules::free_mark_jump)
      .def_property_readonly("game_bid_over", &Rules::game_bid_over)
      .def_property_readonly("lower_end_leads", &Rules::lower_end_leads)
      .def("is_bid", &is_bid)
      .def("bid_ladder", &bid_ladder)  // the bids before the auction narrows them (§2.2, §4.1-4.3)
      .def("marks_of", &marks_of)
      .def("points_needed", &points_needed)
      // The table: sides (0 = NS), partners, the order of play.
      .def("side_of", [](const Rules& r, int seat) { return r.seating().side(table_seat(r.seating(), seat)); })
      .def("partner_of", [](const Rules& r, int seat) { return r.seating().partner(table_seat(r.seating(), seat)); })
      .def("next_seat", [](const Rules& r, int seat) { return r.seating().next(table_seat(r.seating(), seat)); })
      .def("seat_names", [](const Rules& r) {
        std::vector<std::string> out;
        for (int seat = 0; seat < r.seats(); ++seat) out.push_back(r.seat_name(seat));
        return out;
      })
      // Who keeps a score (the sides; Moon's three players) and whose score a seat's tricks add to.
      .def_property_readonly("scorers", &Rules::scorers)
      .def("scorer_of", [](const Rules& r, int seat) { return r.scorer_of(table_seat(r.seating(), seat)); })
      // Every declaration of the contract table, in table order ("0".."6", "doubles", "none").
      .def("declarations", [](const Rules& r) { return names(declarations(r)); })
      .def(py::self == py::self)
      .def(py::pickle([](const Rules& r) { return r.flags(); },
                      [](const std::map<std::string, std::string>& f) { return Rules::from_flags(f); }));

  // A call of the auction and the auction's outcome (texas42/contract.hpp): named structures,
  // bid kinds by their row's name ("ordinary").
  py::class_<Bid>(m, "Bid")
      .def(py::init([](int value, const std::string& kind) { return Bid{value, parse_bid_kind(kind)}; }), py::arg("value"),
           py::arg("kind") = "ordinary")
      .def_readonly("value", &Bid::value)
      .def_property_readonly("kind", [](const Bid& b) { return bid_kind_name(b.kind); })
      .def("__repr__", &bid_repr)
      .def("__str__", [](const Bid& b) { return bid_name(b); })
      .def(py::self == py::self);
  py::class_<Contract>(m, "Contract")
      .def(py::init([](int declarer, const py::object& bid) { return Contract{declarer, to_bid(bid)}; }),
           py::arg("declarer"), py::arg("bid"))
      .def_readonly("declarer", &Contract::declarer)
      .def_readonly("bid", &Contract::bid)
      .def_property_readonly("kind", [](const Contract& c) { return bid_kind_name(c.bid.kind); })
      .def("__repr__", [](const Contract& c) { return "Contract(" + std::to_string(c.declarer) + ", " + bid_repr(c.bid) + ")"; })
      .def(py::self == py::self);

  m.def("parse_trump", [](const std::string& s) { return Trump::parse(s).name(); });
  // Plays (texas42/plays.hpp): tile ids, then The Big Game's lower-end leads ("7-3:3" is play 45).
  m.def("play_name", &play_name);
  m.def("parse_play", &parse_play);
  m.def("tile_of_play", [](int play) {
    if (play < 0 || play >= kMaxPlays) throw InvalidPositionError("play id " + std::to_string(play) + " is no play");
    return tile_of_play(play);
  });
  m.attr("MAX_PLAYS") = kMaxPlays;
  m.def("counter_value", &counter_value);
  m.def("bid_is_legal", &bid_is_legal);
  m.attr("GAME_BID") = kGameBid;
  // The rows of the contract table, in order: the declaration rows (name, spellings, declarations
  // under `rules`, the contract row each imposes), and the contract rows (name, objective, whether
  // bid in the auction).
  m.def("declaration_rows", [](const Rules& rules) {
    py::list out;
    for (const DeclarationRow& row : declaration_rows()) out.append(declaration_row(row, rules));
    return out;
  }, py::arg("rules") = Rules{});
  m.def("contract_rows", [](const Rules& rules) {
    py::list out;
    for (const ContractRow* row : contract_rows(rules)) out.append(contract_row(*row, rules));
    return out;
  }, py::arg("rules") = Rules{});
  // Who names the declaration of `contract` (its contract row's answer: the declarer, or its partner).
  m.def("namer", [](const Rules& rules, const py::object& contract) {
    const Contract c = to_contract(contract);
    return bid_row(rules, c.bid.kind).namer(rules.seating(), table_seat(rules.seating(), c.declarer));
  });
  // What rules a hand of `trump` under `contract` (none: nobody's), who leads trick 1 included.
  m.def("ruling", [](const Rules& rules, const std::string& trump, const py::object& contract) {
    const std::optional<Contract> c = optional_contract(contract);
    if (c && (c->declarer < 0 || c->declarer >= rules.seats()))
      throw InvalidPositionError("contract declarer must be a seat 0.." + std::to_string(rules.seats() - 1));
    const Ruling r = ruling(rules, Trump::parse(trump), c);
    if (c)
      if (const std::string error = contract_error(rules, r, *c); !error.empty()) throw InvalidPositionError(error);
    return ruling_dict(r, rules);
  }, py::arg("rules"), py::arg("trump"), py::arg("contract") = py::none());

  py::class_<Position>(m, "Position")
      // `leader` None: the leader of trick 1 by the contract (the Ruling's answer).
      .def(py::init([](const Rules& rules, const std::string& trump, const std::vector<std::vector<int>>& hands,
                       std::optional<int> leader, const std::vector<int>& trick, const py::object& contract,
                       std::optional<std::pair<int, std::vector<int>>> history) {
             const Trump declared = Trump::parse(trump);
             const std::optional<Contract> c = optional_contract(contract);
             std::optional<History> h;
             if (history) h = History{history->first, history->second};
             return Position(rules, declared, to_hands(rules, hands), leader.value_or(opening_leader(rules, declared, c)),
                             trick, c, h);
           }),
           py::arg("rules"), py::arg("trump"), py::arg("hands"), py::arg("leader"), py::arg("trick"),
           py::arg("contract") = py::none(), py::arg("history") = py::none())
      .def_property_readonly("rules", &Position::rules)
      .def_property_readonly("trump", [](const Position& p) { return p.trump().name(); })
      .def_property_readonly("contract", [](const Position& p) { return contract_or_none(p.contract()); })
      .def_property_readonly("hands", [](const Position& p) { return seated(p.hands(), p.seating().seats()); })
      .def_property_readonly("leader", &Position::leader)
      .def_property_readonly("to_move", &Position::to_move)
      .def_property_readonly("seats_in_play", [](const Position& p) {
        std::vector<int> out;
        for (int seat = 0; seat < p.seating().seats(); ++seat)
          if (p.seating().plays(seat)) out.push_back(seat);
        return out;
      })
      .def_property_readonly("trick_size", [](const Position& p) { return p.seating().trick_size(); })
      .def("side_of", [](const Position& p, int seat) { return p.side_of(table_seat(p.seating(), seat)); })
      .def_property_readonly("ruling", [](const Position& p) { return ruling_dict(p.ruling(), p.rules()); })
      .def("revealed", [](const Position& p, int seat) { return p.revealed(table_seat(p.seating(), seat)); })
      .def_property_readonly("trick", &Position::trick)
      .def_property_readonly("tricks_left", &Position::tricks_left)
      .def_property_readonly("remaining_points", &Position::remaining_points)
      .def_property_readonly("is_over", &Position::is_over)
      .def_property_readonly("legal_moves", &Position::legal_moves)
      .def("play", &Position::play)
      .def("undo", &Position::undo)
      .def_property_readonly("can_undo", &Position::can_undo)
      .def_property_readonly("trick_winner", &Position::trick_winner)
      .def_property_readonly("winning_so_far", &Position::winning_so_far)
      .def_property_readonly("points", [](const Position& p) { return std::make_pair(p.points(0), p.points(1)); })
      .def_property_readonly("tricks_won", [](const Position& p) { return std::make_pair(p.tricks_won(0), p.tricks_won(1)); })
      .def_property_readonly("result", [](const Position& p) { return result_dict(hand_result(p), p.rules().scorers()); })
      .def_property_readonly("plays", [](const Position& p) { return plays_list(p.plays()); })
      .def("history", [](const Position& p) {
        const History h = p.history();
        return std::make_pair(h.first_leader, h.tiles);
      })
      .def("voids", &Position::voids)
      .def("shown_absent", &Position::shown_absent)
      .def("called_suit", [](const Position& p, int tile) { return static_cast<int>(p.table().called.at(tile)); })
      .def("suit_members", [](const Position& p, int suit) { return p.table().follows.at(suit); })
      .def("trick_points", [](const Position& p, const std::vector<int>& tiles) {
        int points = Rules::kTrickPoints;
        for (int t : tiles) points += p.table().counters.at(t);
        return points;
      })
      .def("__copy__", [](const Position& p) { return Position(p); })
      .def(py::self == py::self);
  m.attr("TRUMP_SUIT") = kTrumpSuit;

  // For views: what the plays alone show: per seat the void suits (bit set) and the tiles it cannot
  // hold, and the seat leading the current trick (`contract`: who plays and who wins ties).
  m.def("shown_by_plays", [](const Rules& rules, const std::string& trump, int first_leader, const std::vector<int>& tiles,
                             bool from_first_trick, const py::object& contract) {
    if (first_leader < 0 || first_leader >= rules.seats())
      throw InvalidPositionError("first leader must be a seat 0.." + std::to_string(rules.seats() - 1));
    TileMask seen = 0;
    for (int t : tiles) {  // plays: a lower-end lead's tile is its tile
      if (t < 0 || t >= kMaxPlays || tile_of_play(t) >= tiles_in_set(rules.max_pip) || (is_lower_end_lead(t) && !rules.lower_end_leads()))
        throw InvalidPositionError("play id " + std::to_string(t) + " is not a play of the set");
      if (seen & bit(tile_of_play(t))) throw InvalidPositionError("tile " + tile_name(tile_of_play(t)) + " was played twice");
      seen |= bit(tile_of_play(t));
    }
    const Trump declared = Trump::parse(trump);
    const SuitTable table(rules, declared);
    const Ruling rule = ruling(rules, declared, optional_contract(contract));
    const ShownByPlays shown = shown_by_plays(rules, table, rule, first_leader, tiles, from_first_trick);
    std::vector<unsigned> voids(shown.voids.begin(), shown.voids.begin() + rules.seats());
    std::vector<TileMask> absent;
    for (unsigned v : shown.voids) absent.push_back(table.following(v));
    return py::make_tuple(voids, absent, shown.leader);
  }, py::arg("rules"), py::arg("trump"), py::arg("first_leader"), py::arg("tiles"), py::arg("from_first_trick"),
     py::arg("contract") = py::none());
  // For views read from JSON: the position of one deal that fits a seat's view (texas42/view.hpp).
  // `first_leader` None: trick 1's leader by the contract; `revealed`: by seat, the tiles the
  // contract shows (or none at all).
  m.def("fitting_position", [](const Rules& rules, const std::string& trump, int seat, const std::vector<int>& hand,
                               const std::vector<int>& hand_sizes, std::optional<int> first_leader,
                               const std::vector<int>& plays, const std::vector<int>& gone, const py::object& contract,
                               const std::vector<std::vector<int>>& revealed, std::optional<int> discard) {
    const ViewFacts view{seat, hand, hand_sizes, first_leader, plays, gone, optional_contract(contract), revealed, discard};
    return fitting_position(rules, Trump::parse(trump), view);
  }, py::arg("rules"), py::arg("trump"), py::arg("seat"), py::arg("hand"), py::arg("hand_sizes"), py::arg("first_leader"),
     py::arg("plays"), py::arg("gone"), py::arg("contract") = py::none(),
     py::arg("revealed") = std::vector<std::vector<int>>{}, py::arg("discard") = py::none());
  // What a position's tiles in no hand and not played are in a seat's view (texas42/view.hpp):
  // (gone, discard), the tiles of unrecorded tricks as a mask and the bidder's discard or None.
  m.def("left_over_tiles", [](const Position& pos, int seat, std::optional<int> discard) {
    const LeftOverTiles out = left_over_tiles(pos, seat, discard);
    return py::make_tuple(out.gone, out.discard);
  }, py::arg("position"), py::arg("seat"), py::arg("discard") = py::none());
  // Before the first lead: whether `revealed` (by seat) is what the contract shows of full hands.
  m.def("check_revealed_at_deal", [](const Rules& rules, const py::object& contract, int seat, const std::vector<int>& hand,
                                     const std::vector<std::vector<int>>& revealed) {
    TileMask mask = 0;
    for (int t : hand) {
      if (t < 0 || t >= rules.tiles()) throw InvalidViewError("tile id " + std::to_string(t) + " is not in the set");
      mask |= bit(t);
    }
    check_revealed_at_deal(rules, to_contract(contract), seat, mask, revealed);
  });
  m.def("points_needed", [](int bid, const Rules& rules) { return points_needed(rules, bid); }, py::arg("bid"),
        py::arg("rules") = Rules{});
  m.attr("DOUBLES_SUIT") = kDoublesSuit;

  // One round of bidding without a deal (a view's auction): a hand given as tile ids, or None for a
  // hand not known (taken to hold whatever a special bid asks).
  auto hand_mask = [](const Rules& rules, const std::optional<std::vector<int>>& hand) -> std::optional<TileMask> {
    if (!hand) return std::nullopt;
    TileMask mask = 0;
    for (int t : *hand) {
      if (t < 0 || t >= rules.tiles()) throw InvalidViewError("tile id " + std::to_string(t) + " is not in the set");
      mask |= bit(t);
    }
    return mask;
  };
  py::class_<Auction>(m, "Auction")
      .def(py::init([](const Rules& rules, int dealer) { return Auction(rules, table_seat(rules.seating(), dealer)); }),
           py::arg("rules"), py::arg("dealer"))
      .def_property_readonly("to_call", &Auction::to_call)
      .def_property_readonly("over", &Auction::over)
      .def_property_readonly("calls", &Auction::calls)
      .def_property_readonly("callers", &Auction::callers)
      .def_property_readonly("contract", [](const Auction& a) { return contract_or_none(a.contract()); })
      .def("legal", [hand_mask](const Auction& a, std::optional<std::vector<int>> hand) {
        return a.legal(hand_mask(a.rules(), hand));
      }, py::arg("hand") = py::none())
      .def("call", [hand_mask](Auction& a, const py::object& bid, std::optional<std::vector<int>> hand) {
        a.call(to_bid(bid), hand_mask(a.rules(), hand));
      }, py::arg("bid"), py::arg("hand") = py::none());

  py::class_<Game>(m, "Game")
      .def(py::init<const Rules&, std::uint64_t, int>(), py::arg("rules"), py::arg("seed"), py::arg("dealer") = 0)
      .def_property_readonly("phase", [](const Game& g) { return phase_name(g.phase()); })
      .def_property_readonly("to_move", &Game::to_move)
      .def_property_readonly("legal_moves", [](const Game& g) {
        std::vector<std::pair<std::string, py::object>> out;
        for (const Move& mv : g.legal_moves()) {
          if (mv.kind == Move::Kind::Call) out.emplace_back("bid", py::cast(mv.bid));
          else if (mv.kind == Move::Kind::Declare) out.emplace_back("declare", py::str(mv.trump.name()));
          else if (mv.kind == Move::Kind::Discard) out.emplace_back("discard", py::int_(mv.tile));
          else out.emplace_back("tile", py::int_(mv.tile));
        }
        return out;
      })
      .def("bid", [](Game& g, const py::object& bid) { g.play(Move::call(to_bid(bid))); })
      .def("declare", [](Game& g, const std::string& trump) { g.play(Move::declare(Trump::parse(trump))); })
      .def("play_tile", [](Game& g, int tile) { g.play(Move::play(tile)); })
      .def("discard", [](Game& g, int tile) { g.play(Move::discard(tile)); })
      .def("undo", &Game::undo)
      .def("forget_undo", &Game::forget_undo)
      .def_property_readonly("scores", [](const Game& g) {
        return py::tuple(py::cast(std::vector<int>(g.scores().begin(), g.scores().begin() + g.rules().scorers())));
      })
      .def_property_readonly("winner", &Game::winner)
      .def_property_readonly("games_won", [](const Game& g) {
        return py::tuple(py::cast(std::vector<int>(g.games_won().begin(), g.games_won().begin() + g.rules().scorers())));
      })
      .def_property_readonly("dealer", &Game::dealer)
      .def_property_readonly("high_bid", [](const Game& g) { return g.high_bid(); })
      .def("revealed", [](const Game& g, int seat) { return g.revealed(table_seat(g.rules().seating(), seat)); })
      .def_property_readonly("rules", &Game::rules)
      .def_property_readonly("current_hand", [](const Game& g) { return hand_dict(g.current_hand(), g.rules()); })
      .def_property_readonly("finished_hands", [](const Game& g) {
        py::list out;
        for (const auto& h : g.finished_hands()) out.append(hand_dict(h, g.rules()));
        return out;
      })
      // The finished hands from `start` on, and how many there are: a caller that keeps the earlier
      // ones converted (the package's Game) has only the new ones built.
      .def_property_readonly("finished_count", [](const Game& g) { return g.finished_hands().size(); })
      .def("finished_from", [](const Game& g, std::size_t start) {
        py::list out;
        const auto& finished = g.finished_hands();
        for (std::size_t i = start; i < finished.size(); ++i) out.append(hand_dict(finished[i], g.rules()));
        return out;
      }, py::arg("start"))
      .def_property_readonly("position", [](const Game& g) -> py::object {
        if (!g.position()) return py::none();
        return py::cast(*g.position());
      });
}

}  // namespace dominosolver::bind
