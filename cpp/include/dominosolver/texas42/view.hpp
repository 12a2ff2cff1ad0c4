#pragma once
// What one seat's view states in public, with its own hand (docs/json.md, dominosolver.view/1), and
// the position of one deal of the hidden tiles that fits it: what a view read from JSON is checked
// against. Which deals fit, counted and drawn, is the sampler's (python/dominosolver/texas42/sampling.py).
#include <optional>
#include <vector>

#include "dominosolver/texas42/position.hpp"

namespace dominosolver::texas42 {

struct ViewFacts {
  int seat = 0;
  std::vector<int> hand;        // the seat's own tiles
  std::vector<int> hand_sizes;  // the tiles each seat holds now, by seat
  // Who led the first recorded trick (with no play recorded: who leads now); none: trick 1's leader
  // by the contract (Ruling::first_leader).
  std::optional<int> first_leader;
  std::vector<int> plays;       // every recorded play (plays.hpp), oldest first: whole tricks, then this one
  std::vector<int> gone;        // tiles of earlier tricks whose plays were not recorded
  std::optional<Contract> contract;
  std::vector<std::vector<int>> revealed;  // by seat (or none at all): tiles the contract shows in its hand
  // Moon (docs/rules.md §4.1): the tile the seat laid away as the bidder after taking the widow,
  // out of play and known to it alone; none in another seat's view, where it is an unseen tile.
  std::optional<int> discard;
};

// How many tiles of the set are dealt to no seat (Moon's widow, §4.1; none in 42): of the tiles a
// view cannot see, at most this many are out of play rather than in another hand.
int undealt_tiles(const Rules& rules);

// How many of the `unseen` tiles lie out of play when the other hands hold `held` of them by their
// sizes: at most undealt_tiles, less a discard the view knows. Throws InvalidViewError otherwise.
int tiles_out_of_play(const Rules& rules, int unseen, int held, bool discard_known);

// The tiles of the set that may lie out of play: any of Moon's (its widow, or whatever the bidder
// laid away, §4.1); none of The Big Game's counters (an undealt counter must be taken, and the
// bidder lays no counter away, §4.3).
TileMask may_be_out_of_play(const Rules& rules);

// What the tiles of `pos` in no hand and never recorded as played are in `seat`'s view of it (the
// view a position gives, view.py's of_position): `gone`, those of earlier tricks whose plays were not
// recorded (all of them in a game that deals every tile); with tiles dealt to no seat (Moon's widow,
// The Big Game's undealt tile, §4.1, §4.3), all but the bidder's `discard` when it is named, none
// when only the undealt tiles are missing (no trick unrecorded). `discard` in the answer: the tile
// laid away, in the bidder's own view when the rules show the bidder what the deal left over.
// Throws InvalidViewError when the named discard is held or played, or when tricks went unrecorded
// and no discard tells the tile laid away from theirs.
struct LeftOverTiles {
  TileMask gone = 0;
  std::optional<int> discard;
};
LeftOverTiles left_over_tiles(const Position& pos, int seat, std::optional<int> discard);

// The position of one deal that fits `view`: the tiles the contract reveals stay in their hands;
// every other tile the seat cannot see goes to another seat that has not shown it void in the tile's
// suits (shown_by_plays) and whose contract would not have revealed it (Ruling::reveals), each seat
// receiving its hand size, and what is left over (at most undealt_tiles, less a discard the view
// knows) is out of play, whatever its suits, if the rules let it lie out (may_be_out_of_play): Moon's discard was laid away before any play; lowest
// tile first, lowest seat first, so the same facts give the same deal. The position
// then replays and checks the plays. Throws InvalidViewError naming what no deal can fit (the
// position's own objections prefixed "no deal fits this view: ").
Position fitting_position(const Rules& rules, Trump trump, const ViewFacts& view);

// Before the first lead (no declaration yet): whether the tiles `revealed` (by seat, or none at all)
// are what `contract` shows of full hands: each seat's of the kind its contract row reveals, and
// enough of them for the bid's holding (every one the declarer holds is shown). Throws
// InvalidViewError naming what is wrong; `hand` is the viewing seat's.
void check_revealed_at_deal(const Rules& rules, const Contract& contract, int seat, TileMask hand,
                            const std::vector<std::vector<int>>& revealed);

}  // namespace dominosolver::texas42
