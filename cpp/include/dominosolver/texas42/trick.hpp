#pragma once
// One trick (docs/rules.md §1.5, §2.4): the tiles played so far, the one winning so far, the suit led
// and the counters on the table. The one place that decides who wins a trick: the position, the
// replay of a history, the void finder and the search all add their tiles here. A trick is
// complete when every seat in play has added one (Seating::trick_size).
#include "dominosolver/texas42/rules.hpp"

namespace dominosolver::texas42 {

// Plain fields, no array a variable indexes: the search copies a trick where it would save and
// restore its parts, and its two-trick endgame keeps one in registers.
struct Trick {
  TileMask tiles = 0;  // the tiles on the table (a lower-end lead's tile, not its play id)
  int len = 0;         // how many
  int win = 0;         // the winning one's place in the order of play (0: the leader's)
  int best = -1;       // the winning play (a tile, or a lower-end lead: plays.hpp)
  int led = -1;        // the suit the first tile called (-1: none yet)
  int counters = 0;    // count of the tiles on the table

  // `tile`: a play (plays.hpp), a lower-end lead calling its lower number.
  void add(const SuitTable& t, int tile) {
    if (len == 0) led = t.called[tile], win = 0, best = tile;
    else if (t.beats(tile, best, led)) win = len, best = tile;
    counters += t.counters[tile];
    tiles |= bit(tile_of_play(tile));
    ++len;
  }
  // The same where equal strengths go to a favoured side (Sevens under bidders_win_ties, §3.6):
  // `favoured` holds the places in this trick (0: the leader's) of that side's seats.
  void add(const SuitTable& t, int tile, unsigned favoured) {
    const bool ties_over = len && (favoured >> len & 1u) && !(favoured >> win & 1u) &&
                           t.power[led][tile] == t.power[led][best];
    add(t, tile);
    if (ties_over) win = len - 1, best = tile;
  }
  void clear() { *this = Trick{}; }
  int points() const { return Rules::kTrickPoints + counters; }  // what the trick is worth to its winner
};

}  // namespace dominosolver::texas42
