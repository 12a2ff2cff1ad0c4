// Bingo bindings: rules, positions, games and the solver. Positions cross as a PositionSpec (the
// fields of dominosolver.position/1 as typed attributes of tile ids, read from text and JSON by
// bingo/notation.py); moves cross as their names ("6-4", "close", "declare:6-6,1-1"), which the core
// alone parses.
#include <pybind11/operators.h>
#include <pybind11/stl.h>

#include <algorithm>
#include <chrono>
#include <memory>
#include <new>
#include <type_traits>

#include "bindings.hpp"
#include "dominosolver/bingo/deal.hpp"
#include "dominosolver/bingo/solver.hpp"
#include "dominosolver/bingo/view.hpp"
#include "dominosolver/core/errors.hpp"

namespace py = pybind11;

namespace dominosolver::bind {

using namespace dominosolver::bingo;

namespace {

TileMask mask_of_ids(const std::vector<int>& ids, const std::string& where) {
  TileMask m = 0;
  for (int t : ids) {
    if (t < 0 || t >= kDeckTiles) throw InvalidPositionError(where + ": " + not_a_bingo_tile(t));
    if (m & bit(t)) throw InvalidPositionError("tile " + tile_name(t) + " appears twice (" + where + ")");
    m |= bit(t);
  }
  return m;
}

std::vector<int> ids_of(TileMask m) {
  std::vector<int> out;
  for (int id = kDeckTiles - 1; id >= 0; --id)
    if ((m >> id) & 1) out.push_back(id);
  return out;
}

// A value of the type the field needs, or a ParseError naming the field (never pybind's RuntimeError).
template <class T>
T cast_field(const py::handle& value, const std::string& field) {
  auto refused = [&] {
    return ParseError("Bingo position field '" + field + "' cannot hold " + py::repr(value).cast<std::string>());
  };
  if constexpr (std::is_same_v<T, bool>)  // a flag is True or False, not whatever Python finds truthy
    if (!py::isinstance<py::bool_>(value)) throw refused();
  try {
    return value.cast<T>();
  } catch (const py::cast_error&) {
    throw refused();
  }
}

py::object opt_int(int v) { return v < 0 ? py::object(py::none()) : py::object(py::int_(v)); }

// An int field where -1 stands for none crosses as int | None.
int opt_int_field(const py::handle& value, const char* field) {
  return value.is_none() ? -1 : cast_field<int>(value, field);
}

template <class T>
py::object opt_value(const std::optional<T>& v) {
  return v ? py::cast(*v) : py::none();
}

template <class T>
std::optional<T> opt_field(const py::handle& value, const char* field) {
  if (value.is_none()) return std::nullopt;
  return cast_field<T>(value, field);
}

std::array<int, kPlayers> pair_field(const py::handle& value, const char* field) {
  const auto v = cast_field<std::vector<int>>(value, field);
  if (v.size() != kPlayers) throw ParseError(std::string("Bingo position field '") + field + "' is a pair (player 0, player 1)");
  return {v[0], v[1]};
}

py::list declarations_list(const PositionSpec& s) {
  py::list out;
  for (std::size_t i = 0; i < s.declarations.size(); ++i)
    out.append(py::make_tuple(s.declarations[i].player, ids_of(s.declarations[i].tiles),
                              i < s.declaration_valid.size() ? opt_value(s.declaration_valid[i]) : py::none()));
  return out;
}

// The setters below change the spec only once the whole field has converted.
void set_declarations(PositionSpec& s, const py::handle& value) {
  std::vector<Declaration> declarations;
  std::vector<std::optional<bool>> valid;
  for (const auto& item : cast_field<py::list>(value, "declarations")) {
    const auto t = cast_field<py::tuple>(item, "declarations");
    if (t.size() != 3) throw ParseError("a declaration crosses as (player, tile ids, valid or None)");
    TileMask m = 0;
    for (int x : cast_field<std::vector<int>>(t[1], "declarations")) {
      if (x < 0 || x >= kDeckTiles) throw InvalidPositionError("declaration: " + not_a_bingo_tile(x));
      if (m & bit(x)) throw InvalidPositionError("declaration lists " + tile_name(x) + " twice");
      m |= bit(x);
    }
    declarations.push_back({cast_field<int>(t[0], "declarations"), m});
    valid.push_back(opt_field<bool>(t[2], "declarations"));
  }
  s.declarations = std::move(declarations);
  s.declaration_valid = std::move(valid);
}

void set_hands(PositionSpec& s, const py::handle& value) {
  const auto hands = cast_field<std::vector<std::vector<int>>>(value, "hands");
  if (hands.size() != kPlayers)
    throw InvalidPositionError("a Bingo position needs " + std::to_string(kPlayers) + " hands, got " + std::to_string(hands.size()));
  s.hands = {mask_of_ids(hands[0], "hand of player 0"), mask_of_ids(hands[1], "hand of player 1")};
}

std::vector<std::string> names(const std::vector<Move>& moves) {
  std::vector<std::string> out;
  for (const Move& m : moves) out.push_back(m.name());
  return out;
}

std::vector<Move> parse_moves(const std::vector<std::string>& names) {
  std::vector<Move> out;
  for (const auto& n : names) out.push_back(Move::parse(n));
  return out;
}

py::dict result_dict(const DealState& s) {
  py::dict d;
  d["winner"] = opt_int(s.winner);
  d["game_points"] = static_cast<int>(s.game_points);
  d["outcome"] = outcome_name(s.outcome);
  return d;
}

py::list events_list(const std::vector<Event>& events) {
  py::list out;
  for (const Event& e : events) out.append(py::make_tuple(e.player, e.move.name(), static_cast<int>(e.lead), e.phase2));
  return out;
}

py::dict deal_dict(const Deal& d) {
  py::dict out;
  out["start"] = d.start;
  out["hands"] = std::vector<std::vector<int>>{ids_of(d.hands[0]), ids_of(d.hands[1])};
  out["boneyard"] = d.boneyard;
  return out;
}

// A game's finished deals from `start` on, as Python reads them.
py::list finished_from(const Game& g, std::size_t start) {
  py::list out;
  const auto& finished = g.finished_deals();
  for (std::size_t i = start; i < finished.size(); ++i) {
    const DealRecord& r = finished[i];
    py::dict d = deal_dict(r.deal);
    d["events"] = events_list(r.events);
    py::list decls;
    for (const auto& x : r.declarations) decls.append(py::make_tuple(x.player, ids_of(x.tiles)));
    d["declarations"] = decls;
    d["winner"] = r.winner;
    d["game_points"] = r.game_points;
    d["outcome"] = outcome_name(r.outcome);
    d["points"] = std::make_pair(r.points[0], r.points[1]);
    d["tricks"] = std::make_pair(r.tricks[0], r.tricks[1]);
    out.append(d);
  }
  return out;
}

// A record entry crosses as (player, move name, None) or, for a draw, (player, None, tile id or None
// when hidden).
py::tuple entry_tuple(const RecordEntry& e) {
  if (!e.is_draw) return py::make_tuple(e.player, e.move.name(), py::none());
  return py::make_tuple(e.player, py::none(), opt_int(e.tile));
}

Record record_of(const py::list& entries) {
  Record out;
  for (const auto& item : entries) {
    const auto t = cast_field<py::tuple>(item, "record");
    if (t.size() != 3) throw ParseError("a record entry crosses as (player, move or None, drawn tile or None)");
    RecordEntry e;
    e.player = cast_field<int>(t[0], "record");
    e.is_draw = t[1].is_none();
    if (e.is_draw) {
      e.tile = opt_int_field(t[2], "record");
      if (e.tile < -1 || e.tile >= kDeckTiles) throw InvalidPositionError("record: " + not_a_bingo_tile(e.tile));
    } else {
      e.move = Move::parse(cast_field<std::string>(t[1], "record"));
    }
    out.push_back(e);
  }
  return out;
}

// A time limit in seconds from now (None: none) as the solver's deadline.
Deadline deadline_in(const std::optional<double>& seconds) {
  if (!seconds) return std::nullopt;
  if (!(*seconds >= 0) || *seconds > 1e9) throw ParseError("time must be a number of seconds from 0");
  return Clock::now() + std::chrono::duration_cast<Clock::duration>(std::chrono::duration<double>(*seconds));
}

py::dict solve_dict(const SolveOutput& r) {
  py::dict d;
  d["value"] = r.value;
  d["moves"] = names(r.moves);
  d["values"] = r.values;
  d["lower"] = r.lower;
  d["upper"] = r.upper;
  d["pv"] = names(r.pv);
  d["nodes"] = r.nodes;
  d["margin"] = r.margin ? py::cast(*r.margin) : py::none();
  d["complete"] = r.complete;
  d["timed_out"] = r.timed_out;
  return d;
}

}  // namespace

void bingo(py::module_& m) {
  py::class_<Rules>(m, "Rules")
      .def(py::init([](const std::map<std::string, std::string>& flags) { return Rules::from_flags(flags); }),
           py::arg("flags") = std::map<std::string, std::string>{})
      .def("flags", &Rules::flags)
      .def(py::self == py::self)
      .def(py::pickle([](const Rules& r) { return r.flags(); },
                      [](const std::map<std::string, std::string>& f) { return Rules::from_flags(f); }));

  m.def("trump_of_turned", [](int tile) {
    if (tile < 0 || tile >= kDeckTiles) throw ParseError(not_a_bingo_tile(tile));
    return written_number(trump_of_turned(tile));
  });
  m.def("declaration_points", [](const Rules& r, const std::vector<int>& doubles) {
    return declaration_points(r, mask_of_ids(doubles, "declaration"));
  });
  // Lookup tables of one trump under one set of rules (trump written 0..6).
  m.def("table", [](const Rules& r, int trump) {
    if (trump < 0 || trump > 6) throw InvalidPositionError("trump must be a number 0..6");
    const Table t(r, pip_value(trump));
    py::dict d;
    d["value"] = std::vector<int>(t.value.begin(), t.value.end());
    d["beaten_by"] = std::vector<TileMask>(t.beaten_by.begin(), t.beaten_by.end());
    d["follows"] = std::vector<TileMask>(t.follows.begin(), t.follows.end());
    d["trumps"] = t.trumps;
    d["lowest_trump"] = t.lowest_trump;
    return d;
  });
  m.def("legal_reply", [](const Rules& r, int trump, TileMask hand, int lead) {
    if (trump < 0 || trump > 6) throw InvalidPositionError("trump must be a number 0..6");
    if (lead < 0 || lead >= kDeckTiles) throw InvalidPositionError("lead must be a tile");
    return Table(r, pip_value(trump)).legal_reply(hand, lead);
  });
  m.def("move_name", [](const std::string& text) { return Move::parse(text).name(); });
  // A move read by the core's grammar: (kind, tile id or None, declared double ids, high first).
  m.def("parse_move", [](const std::string& text) {
    const Move mv = Move::parse(text);
    return py::make_tuple(mv.kind_name(), opt_int(mv.tile), ids_of(mv.doubles));
  });

  // The fields of a position, each a typed attribute: the setters convert one field and name it
  // when they cannot (the reachability of the whole is Position's to check).
  py::class_<PositionSpec>(m, "PositionSpec")
      .def(py::init<>())
      .def_property("trump", [](const PositionSpec& s) { return opt_int(s.trump); },
                    [](PositionSpec& s, const py::object& v) { s.trump = opt_int_field(v, "trump"); })
      .def_property("turned", [](const PositionSpec& s) { return s.turned; },
                    [](PositionSpec& s, const py::object& v) { s.turned = cast_field<int>(v, "turned"); })
      .def_property("leader", [](const PositionSpec& s) { return s.leader; },
                    [](PositionSpec& s, const py::object& v) { s.leader = cast_field<int>(v, "leader"); })
      .def_property("hands", [](const PositionSpec& s) {
             return std::vector<std::vector<int>>{ids_of(s.hands[0]), ids_of(s.hands[1])};
           }, [](PositionSpec& s, const py::object& v) { set_hands(s, v); })
      .def_property("trick", [](const PositionSpec& s) { return s.trick; },
                    [](PositionSpec& s, const py::object& v) { s.trick = cast_field<std::vector<int>>(v, "trick"); })
      .def_property("boneyard", [](const PositionSpec& s) { return s.boneyard; },
                    [](PositionSpec& s, const py::object& v) { s.boneyard = cast_field<std::vector<int>>(v, "boneyard"); })
      .def_property("closed_by", [](const PositionSpec& s) { return opt_int(s.closed_by); },
                    [](PositionSpec& s, const py::object& v) { s.closed_by = opt_int_field(v, "closed_by"); })
      .def_property("opponent_had_trick_at_close",
                    [](const PositionSpec& s) { return opt_value(s.opponent_had_trick_at_close); },
                    [](PositionSpec& s, const py::object& v) {
                      s.opponent_had_trick_at_close = opt_field<bool>(v, "opponent_had_trick_at_close");
                    })
      .def_property("opponent_points_at_close",
                    [](const PositionSpec& s) { return opt_value(s.opponent_points_at_close); },
                    [](PositionSpec& s, const py::object& v) {
                      s.opponent_points_at_close = opt_field<int>(v, "opponent_points_at_close");
                    })
      .def_property("points", [](const PositionSpec& s) { return std::make_pair(s.points[0], s.points[1]); },
                    [](PositionSpec& s, const py::object& v) { s.points = pair_field(v, "points"); })
      .def_property("tricks", [](const PositionSpec& s) { return std::make_pair(s.tricks[0], s.tricks[1]); },
                    [](PositionSpec& s, const py::object& v) { s.tricks = pair_field(v, "tricks"); })
      .def_property("declarations", &declarations_list,
                    [](PositionSpec& s, const py::object& v) { set_declarations(s, v); })
      .def_property("just_declared", [](const PositionSpec& s) { return s.just_declared; },
                    [](PositionSpec& s, const py::object& v) { s.just_declared = cast_field<bool>(v, "just_declared"); })
      .def_property("first_to_70", [](const PositionSpec& s) { return opt_int(s.first_to_70); },
                    [](PositionSpec& s, const py::object& v) { s.first_to_70 = opt_int_field(v, "first_to_70"); })
      .def_property("claimed_by", [](const PositionSpec& s) { return opt_int(s.claimed_by); },
                    [](PositionSpec& s, const py::object& v) { s.claimed_by = opt_int_field(v, "claimed_by"); })
      .def_property("last_winning_tile", [](const PositionSpec& s) { return opt_int(s.last_winning_tile); },
                    [](PositionSpec& s, const py::object& v) {
                      s.last_winning_tile = opt_int_field(v, "last_winning_tile");
                    });

  py::class_<Position>(m, "Position")
      .def(py::init<const Rules&, const PositionSpec&>(), py::arg("rules"), py::arg("spec"))
      .def_static("deal", [](const Rules& rules, const std::vector<std::vector<int>>& hands, const std::vector<int>& boneyard,
                             int start) {
        if (hands.size() != kPlayers) throw InvalidPositionError("a deal has " + std::to_string(kPlayers) + " hands");
        return Position::deal(rules, {mask_of_ids(hands[0], "hand 0"), mask_of_ids(hands[1], "hand 1")}, boneyard, start);
      })
      .def_property_readonly("rules", &Position::rules)
      .def_property_readonly("spec", &Position::spec)
      .def_property_readonly("to_move", &Position::to_move)
      .def_property_readonly("is_over", &Position::is_over)
      .def_property_readonly("legal_moves", [](const Position& p) { return names(p.legal_moves()); })
      .def("play", [](Position& p, const std::string& move) { p.play(Move::parse(move)); })
      .def("undo", &Position::undo)
      .def_property_readonly("can_undo", &Position::can_undo)
      .def_property_readonly("result", [](const Position& p) { return result_dict(p.state()); })
      .def_property_readonly("hands", [](const Position& p) {
        return std::vector<TileMask>{p.state().hands[0], p.state().hands[1]};
      })
      .def_property_readonly("leader", [](const Position& p) { return static_cast<int>(p.state().leader); })
      .def_property_readonly("phase", [](const Position& p) { return p.state().phase2() ? 2 : 1; })
      .def_property_readonly("awaiting_draw", [](const Position& p) { return p.state().awaiting_draw; })
      .def_property_readonly("pending", [](const Position& p) {
        return std::make_pair(static_cast<int>(p.state().pending[0]), static_cast<int>(p.state().pending[1]));
      })
      .def_property_readonly("events", [](const Position& p) { return events_list(p.events()); })
      .def("shown_absent", &Position::shown_absent)
      .def("phase_two_replies", &Position::phase_two_replies)
      .def_property_readonly("exchange", &Position::exchange)
      .def("known_tiles", &Position::known_tiles)
      .def("public_record", [](const Position& p, int seat) -> py::object {
        if (seat != 0 && seat != 1) throw InvalidPositionError("a Bingo player is 0 or 1, not " + std::to_string(seat));
        const auto record = public_record(p, seat);
        if (!record) return py::none();
        py::list out;
        for (const RecordEntry& e : *record) out.append(entry_tuple(e));
        return out;
      })
      .def("__copy__", [](const Position& p) { return Position(p); })
      .def(py::self == py::self);

  // What a player's view states (bingo/view.hpp), for the functions below.
  py::class_<ViewFacts>(m, "ViewFacts")
      .def(py::init([](const PositionSpec& seen, int seat, const std::vector<int>& played, int opponent_hand_size,
                       int boneyard_size, const std::vector<std::pair<int, int>>& opponent_replies,
                       const std::optional<std::pair<int, int>>& exchange, const std::optional<py::list>& record) {
             return ViewFacts{seat, seen, mask_of_ids(played, "played"), opponent_hand_size, boneyard_size,
                              opponent_replies, exchange,
                              record ? std::optional<Record>(record_of(*record)) : std::nullopt};
           }), py::arg("seen"), py::arg("seat"), py::arg("played"), py::arg("opponent_hand_size"),
           py::arg("boneyard_size"), py::arg("opponent_replies"), py::arg("exchange"), py::arg("record"));

  // For views read from JSON: the position of one world that fits a player's view (bingo/view.hpp).
  // Returns (position, tiles known in the opponent's hand, tiles shown absent from it), the last two
  // as the view's records give them (bingo/view.hpp).
  m.def("fitting_position", [](const Rules& rules, const ViewFacts& view) {
    Position world = fitting_position(rules, view);
    const OpponentKnowledge k = opponent_knowledge(rules, view);
    return py::make_tuple(std::move(world), k.known, k.absent);
  }, py::arg("rules"), py::arg("view"));

  // For play inference: per world (`world`'s position with the opponent's hand and the boneyard
  // replaced), the deal of one history of it drawn with `seed` (deal_of_record), or None when no
  // history fits the record.
  m.def("deals_of_record", [](const Rules& rules, const ViewFacts& view, const Position& world,
                              const std::vector<TileMask>& opponent_hands, const std::vector<std::vector<int>>& boneyards,
                              std::uint64_t seed) {
    if (!view.record) throw InvalidViewError("the view has no record of the deal");
    if (opponent_hands.size() != boneyards.size()) throw ParseError("one boneyard per opponent hand");
    SplitMix64 rng(seed);
    py::list out;
    for (std::size_t w = 0; w < opponent_hands.size(); ++w) {
      PositionSpec spec = world.spec();
      spec.hands[1 - view.seat] = opponent_hands[w];
      spec.boneyard = boneyards[w];
      try {
        out.append(deal_of_record(rules, view, Position(rules, spec), rng));
      } catch (const InvalidViewError&) {
        out.append(py::none());
      } catch (const InvalidPositionError&) {
        out.append(py::none());
      }
    }
    return out;
  }, py::arg("rules"), py::arg("view"), py::arg("world"), py::arg("opponent_hands"), py::arg("boneyards"),
     py::arg("seed"));

  py::class_<Game>(m, "Game")
      .def(py::init<const Rules&, std::uint64_t, int>(), py::arg("rules"), py::arg("seed"), py::arg("start") = 0)
      .def_property_readonly("rules", &Game::rules)
      .def_property_readonly("is_over", &Game::is_over)
      .def_property_readonly("winner", [](const Game& g) { return opt_int(g.winner()); })
      .def_property_readonly("scores", [](const Game& g) { return std::make_pair(g.scores()[0], g.scores()[1]); })
      .def_property_readonly("to_move", [](const Game& g) { return opt_int(g.to_move()); })
      .def_property_readonly("legal_moves", [](const Game& g) { return names(g.legal_moves()); })
      .def("play", [](Game& g, const std::string& move) { g.play(Move::parse(move)); })
      .def("undo", &Game::undo)
      .def("forget_undo", &Game::forget_undo)
      .def_property_readonly("position", [](const Game& g) { return Position(g.position()); })
      .def_property_readonly("current_deal", [](const Game& g) { return deal_dict(g.current_deal()); })
      .def_property_readonly("finished_deals", [](const Game& g) { return finished_from(g, 0); })
      // The finished deals from `start` on, and how many there are: a caller that keeps the earlier
      // ones converted (the package's Game) has only the new ones built.
      .def_property_readonly("finished_count", [](const Game& g) { return g.finished_deals().size(); })
      .def("finished_from", &finished_from, py::arg("start"));

  py::class_<Solver>(m, "Solver")
      .def(py::init([](std::size_t tt_megabytes) {
             std::unique_ptr<Solver> s;
             try {
               s = std::make_unique<Solver>(tt_megabytes);
             } catch (const std::bad_alloc&) {
               throw ParseError("tt_megabytes: no memory for a table of " + std::to_string(tt_megabytes) +
                                " MB on this machine");
             } catch (const std::length_error&) {
               throw ParseError("tt_megabytes: " + std::to_string(tt_megabytes) + " MB is too large a table");
             }
             s->set_stop_check(python_signal_pending);
             return s;
           }),
           py::arg("tt_megabytes") = 2)
      // Each search releases the GIL; threads sharing the solver take turns (bingo/solver.hpp).
      .def("solve", [](Solver& s, const Position& p, bool margin, bool pv, std::uint64_t max_nodes,
                       std::optional<double> seconds) {
        const Deadline deadline = deadline_in(seconds);
        SolveOutput r;
        {
          py::gil_scoped_release release;
          r = s.solve(p.context(), p.state(), margin, pv, max_nodes, deadline);
        }
        return solve_dict(r);
      }, py::arg("position"), py::arg("margin") = true, py::arg("pv") = true, py::arg("max_nodes") = 0,
         py::arg("seconds") = py::none())
      .def("value", [](Solver& s, const Position& p) { return s.value(p.context(), p.state()); },
           py::call_guard<py::gil_scoped_release>())
      .def("margin_score", [](Solver& s, const Position& p) { return s.margin_score(p.context(), p.state()); },
           py::call_guard<py::gil_scoped_release>())
      .def("move_values", [](Solver& s, const Position& p, const std::vector<std::string>& moves) {
        const auto parsed = parse_moves(moves);
        for (const Move& mv : parsed)
          if (!is_legal(p.context(), p.state(), mv)) throw IllegalMoveError(mv.name() + " is not legal here");
        py::gil_scoped_release release;
        return s.move_values(p.context(), p.state(), parsed);
      })
      .def("solve_worlds", [](Solver& s, const Position& p, const std::vector<TileMask>& opponent_hands,
                              const std::vector<std::vector<int>>& boneyards, const std::vector<std::string>& moves,
                              std::uint64_t max_nodes, std::optional<double> seconds) {
        const auto parsed = parse_moves(moves);
        const Deadline deadline = deadline_in(seconds);
        py::gil_scoped_release release;
        return s.solve_worlds(p.context(), p.state(), opponent_hands, boneyards, parsed, max_nodes, deadline);
      }, py::arg("position"), py::arg("opponent_hands"), py::arg("boneyards"), py::arg("moves"), py::arg("max_nodes") = 0,
         py::arg("seconds") = py::none())
      .def("solve_worlds_bounds", [](Solver& s, const Position& p, const std::vector<TileMask>& opponent_hands,
                                     const std::vector<std::vector<int>>& boneyards, const std::vector<std::string>& moves,
                                     std::uint64_t max_nodes, std::optional<double> seconds) {
        const auto parsed = parse_moves(moves);
        const Deadline deadline = deadline_in(seconds);
        std::vector<std::pair<int, int>> bounds;
        {
          py::gil_scoped_release release;
          bounds = s.solve_worlds_bounds(p.context(), p.state(), opponent_hands, boneyards, parsed, max_nodes, deadline);
        }
        std::vector<int> lower, upper;  // flat, world-major, as solve_worlds
        for (const auto& [lo, hi] : bounds) lower.push_back(lo), upper.push_back(hi);
        return std::make_pair(lower, upper);
      }, py::arg("position"), py::arg("opponent_hands"), py::arg("boneyards"), py::arg("moves"), py::arg("max_nodes") = 0,
         py::arg("seconds") = py::none())
      .def("close_over_hands", [](Solver& s, const Position& p, TileMask known, TileMask free, int need,
                                  std::uint64_t capture_from) {
        Solver::CloseCounts r;
        {
          py::gil_scoped_release release;
          r = s.close_over_hands(p.context(), p.state(), known, free, need, capture_from);
        }
        py::dict d;
        d["counts"] = r.counts;  // hands giving -3..3 game points
        d["hands"] = r.hands;
        d["searched"] = r.searched;
        d["kinds"] = r.kinds;
        d["distinct"] = r.distinct;
        d["refuted"] = r.refuted;  // hands the capture bound refuted without a search (close.hpp)
        d["proven"] = r.proven;    // hands it showed won: searched only for by how much
        d["capture_nodes"] = r.capture_nodes;
        d["capture_tried"] = r.capture_tried;
        return d;
      }, py::arg("position"), py::arg("known"), py::arg("free"), py::arg("need"),
         py::arg("capture_from") = Solver::kCaptureFromHands)  // hands from which the capture bound is used
      // From any thread (no lock, no GIL): the search under way ends with Stopped, and every later one.
      .def("request_stop", &Solver::request_stop)
      .def_property_readonly("nodes", &Solver::nodes)
      .def("reset_nodes", &Solver::reset_nodes, py::call_guard<py::gil_scoped_release>())
      .def("clear", &Solver::clear, py::call_guard<py::gil_scoped_release>());

  m.def("plain_minimax", [](const Position& p) {
    std::uint64_t nodes = 0;
    int v;
    {
      py::gil_scoped_release release;
      v = plain_minimax(p.context(), p.state(), nodes, python_signal_pending);
    }
    return std::make_pair(v, nodes);
  });
  m.attr("MARGIN_SCALE") = kMarginScale;
  // The game's sizes (docs/rules.md §5.1), for Python to read rather than restate.
  m.attr("PLAYERS") = kPlayers;
  m.attr("HAND_SIZE") = kHandSize;
  m.attr("GAME_TARGET") = kGameTarget;  // game points that win the game (§5.10)
  m.attr("DECK_TILES") = kDeckTiles;

  // For bench/ only: wall time of each solve measured in C++ (no Python call in the timed region).
  // mode "value": the value alone; "all": every move's value; "plain": the plain minimax baseline.
  m.def("_bench_times", [](const std::vector<const Position*>& positions, const std::string& mode, std::size_t tt_mb) {
    if (mode != "value" && mode != "all" && mode != "plain") throw ParseError("mode must be value, all or plain");
    std::vector<std::pair<double, std::uint64_t>> out;
    py::gil_scoped_release release;
    Solver solver(tt_mb);
    if (!positions.empty() && !positions[0]->is_over() && mode != "plain")  // warm up: the table's first pages
      solver.move_values(positions[0]->context(), positions[0]->state(), positions[0]->legal_moves());
    for (const Position* p : positions) {
      std::uint64_t nodes = 0;
      const auto t0 = std::chrono::steady_clock::now();
      solver.reset_nodes();
      int v = 0;
      if (mode == "value") {
        v = solver.value(p->context(), p->state());
        nodes = solver.nodes();
      } else if (mode == "all") {
        if (p->is_over()) throw InvalidPositionError("the deal is over: there is nothing to solve");
        const auto vals = solver.move_values(p->context(), p->state(), p->legal_moves());
        v = *std::max_element(vals.begin(), vals.end());
        nodes = solver.nodes();
      } else {
        v = plain_minimax(p->context(), p->state(), nodes);
      }
      const auto t1 = std::chrono::steady_clock::now();
      (void)v;
      out.emplace_back(std::chrono::duration<double>(t1 - t0).count(), nodes);
    }
    return out;
  });
}

}  // namespace dominosolver::bind
