#pragma once
// What one Bingo player's view states (docs/json.md, dominosolver.view/1 with "game": "bingo"), and
// the position of one world that fits it: what a view read from JSON is checked against. Which
// worlds fit, counted and drawn, is the sampler's (python/dominosolver/bingo/sampling.py).
#include "dominosolver/bingo/position.hpp"

namespace dominosolver::bingo {

struct ViewFacts {
  int seat = 0;
  // The position as the player sees it: its own hand, its opponent's empty, and a boneyard of its
  // known tail only (the face-up tile while it lies there, boneyard_size > 0).
  PositionSpec seen;
  TileMask played = 0;           // tiles gone in completed tricks
  TileMask opponent_known = 0;   // in the opponent's hand for sure (declared doubles, the face-up tile it took)
  TileMask opponent_absent = 0;  // shown by its phase-two replies not to be in its hand
  int opponent_hand_size = 0;
  int boneyard_size = 0;  // the face-up tile included
};

// The position of one world that fits `view`: the opponent holds its known tiles and the lowest
// unknown ones it may hold, the other unknown tiles lie face down in the boneyard, lowest first.
// Throws InvalidViewError, "no deal fits this view: " and the reason (the position's own objections
// included).
Position fitting_position(const Rules& rules, const ViewFacts& view);

}  // namespace dominosolver::bingo
