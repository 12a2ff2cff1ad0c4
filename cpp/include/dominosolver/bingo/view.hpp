#pragma once
// What one Bingo player's view states (docs/json.md, dominosolver.view/1 with "game": "bingo"), what
// its records show of the opponent's hand, and the position of one world that fits it: what a view
// read from JSON is checked against. Which worlds fit, counted and drawn, is the sampler's
// (python/dominosolver/bingo/sampling.py).
#include <optional>
#include <utility>
#include <vector>

#include "dominosolver/bingo/position.hpp"

namespace dominosolver::bingo {

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
Position fitting_position(const Rules& rules, const ViewFacts& view);

}  // namespace dominosolver::bingo
