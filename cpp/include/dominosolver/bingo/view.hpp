#pragma once
// What one Bingo player's view states (docs/json.md, dominosolver.view/1 with "game": "bingo"), what
// its records show of the opponent's hand, and the position of one world that fits it: what a view
// read from JSON is checked against. Which worlds fit, counted and drawn, is the sampler's
// (python/dominosolver/bingo/sampling.py).
#include <optional>
#include <utility>
#include <vector>

#include "dominosolver/bingo/position.hpp"
#include "dominosolver/core/random.hpp"

namespace dominosolver::bingo {

// One public fact of a deal's record as one player saw it (docs/rules.md §5.11): a move with the
// player who made it, or a draw with its drawer and the tile, -1 when it was hidden from the viewer
// (the opponent's draws but the face-up tile).
struct RecordEntry {
  int player = 0;
  bool is_draw = false;
  Move move;      // a move's
  int tile = -1;  // a draw's
  bool operator==(const RecordEntry&) const = default;
};
using Record = std::vector<RecordEntry>;

// `seat`'s record of the deal of `p`, oldest first; none when `p` was not built at its deal's start,
// or after a trump exchange (docs/rules.md §6.3: the exchanged tile may leave a hand and come back,
// which the rebuilt histories below do not model).
std::optional<Record> public_record(const Position& p, int seat);

struct ViewFacts {
  int seat = 0;
  // The position as the player sees it: its own hand, its opponent's empty, and a boneyard of its
  // known tail only (the face-up tile while it lies there, boneyard_size > 0). Its declarations
  // are every declaration of the deal.
  PositionSpec seen;
  TileMask played = 0;  // tiles gone in completed tricks
  int opponent_hand_size = 0;
  int boneyard_size = 0;  // the face-up tile included
  // The opponent's phase-two replies to this player's leads, oldest first: (lead, reply).
  std::vector<std::pair<int, int>> opponent_replies;
  // The trump exchange of this deal, if any: (player, the face-up tile it took).
  std::optional<std::pair<int, int>> exchange;
  // The deal's record as this player saw it, from the deal on (none: not known).
  std::optional<Record> record;
};

// What a view's records show of the opponent's hand (docs/rules.md §5.11).
struct OpponentKnowledge {
  TileMask known = 0;   // in its hand for sure: declared doubles not yet played, the face-up tile it took
  TileMask absent = 0;  // shown by its phase-two replies not to be in its hand
};

// The knowledge `view`'s records give. Throws InvalidViewError when the records contradict the view
// or each other (a reply of a tile shown absent before, a declared double in this player's hand...).
OpponentKnowledge opponent_knowledge(const Rules& rules, const ViewFacts& view);

// The position of one world that fits `view`: the opponent holds its known tiles and the lowest
// unknown ones it may hold, the other unknown tiles lie face down in the boneyard, lowest first.
// Throws InvalidViewError, "no deal fits this view: " and the reason (the position's own objections
// included).
// With a record, it also replays the record from a deal that fits it and checks that it leads to
// the view (else InvalidViewError naming the entry or the fact that differs).
Position fitting_position(const Rules& rules, const ViewFacts& view);

// The deal, as dealt, of a history of `world` (a position fitting `view`, which has a record):
// the viewer's hand at the deal and its draws follow from the record; which of the opponent's tiles
// it was dealt and which it drew at each of its hidden draws is drawn uniformly with `rng` among the
// assignments the record allows (each tile it played or declared held by then). Throws
// InvalidViewError when no history fits (a record with an exchange has none here).
Position deal_of_record(const Rules& rules, const ViewFacts& view, const Position& world, SplitMix64& rng);

// The position after the record's moves played from `deal`, each draw checked against the record:
// InvalidViewError names the first entry that does not fit.
Position replay_record(const ViewFacts& view, Position deal);

}  // namespace dominosolver::bingo
