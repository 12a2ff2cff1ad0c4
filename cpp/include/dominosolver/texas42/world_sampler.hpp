#pragma once
// The deals of the hidden tiles that fit one seat's view, counted exactly, numbered 0..count-1 and
// drawn exactly uniformly: python/dominosolver/texas42/sampling.py's WorldSampler, world for world,
// so a front end without Python (the WebAssembly module) draws the same worlds from the same seed.
//
// Each hidden tile (lowest id first) goes to one of the other seats (lowest first) that has not
// shown it absent, or out of play (the last place; Moon's widow, The Big Game's undealt tile) when
// the rules let it lie there; each seat receives its hand size less the tiles its contract shows.
// ways(i, caps) = sum over the places p open to tile i with caps[p] > 0 of ways(i + 1, caps - e_p)
// counts the ways to finish from tile i; world(k) walks those branches in order, so drawing k with
// Python's random.Random(seed).randrange(count), one draw after another, draws Python's worlds.
#include <array>
#include <cstdint>
#include <optional>
#include <unordered_map>
#include <vector>

#include "dominosolver/core/python_random.hpp"
#include "dominosolver/texas42/position.hpp"

namespace dominosolver::texas42 {

// What a view states that the sampler needs (PlayerView's fields of the same names).
struct SamplerFacts {
  int seat = 0;
  TileMask hand = 0;                          // the seat's own tiles
  std::vector<int> hand_sizes;                // by seat
  std::vector<TileMask> revealed;             // by seat, or empty: tiles the contract shows
  std::vector<TileMask> absent;               // by seat: tiles the plays and contract show it cannot hold
  TileMask played = 0;                        // every recorded play's tile
  TileMask gone = 0;                          // tiles of earlier tricks whose plays were not recorded
  std::optional<int> discard;                 // the tile the seat laid away as the bidder
  bool trump_named = true;                    // false before the declaration (any tile may lie out)
};

using World = std::array<TileMask, kMaxSeats>;  // current hands, seat by seat

// The facts of `seat`'s view of `pos` (a position that fits the view: the view's own, or
// fitting_position's), given the tiles of unrecorded tricks and the discard the seat knows.
SamplerFacts sampler_facts(const Position& pos, int seat, TileMask gone = 0, std::optional<int> discard = {});

class WorldSampler {
 public:
  // Throws InvalidViewError, as Python's does, when no deal fits or the counts disagree; and when the
  // count exceeds 2^64 - 1 (no game of the family comes near it).
  WorldSampler(const Rules& rules, const SamplerFacts& facts);

  std::uint64_t count() const { return count_; }
  // Deal number `index` (0 <= index < count), a bijection onto the deals that fit; throws std::out_of_range.
  World world(std::uint64_t index) const;
  // Python's `sample(n, seed)`: n draws of world(random.Random(seed).randrange(count)).
  std::vector<World> sample(std::size_t n, std::uint64_t seed) const;
  // The tiles hidden from the seat, lowest first (the order the index walks them).
  const std::vector<int>& hidden() const { return tiles_; }

 private:
  std::uint64_t ways(std::size_t i, std::uint32_t caps) const;
  int cap(std::uint32_t caps, int place) const { return static_cast<int>(caps >> (4 * place) & 15); }

  int seats_;
  int seat_;
  TileMask own_;
  std::vector<int> others_;
  std::vector<TileMask> shown_;              // by place: what each other seat's contract shows
  std::vector<int> tiles_;                   // hidden tiles, lowest id first
  std::vector<std::vector<int>> allowed_;    // per hidden tile, its places in order
  std::uint32_t need_ = 0;                   // capacities, 4 bits a place
  mutable std::unordered_map<std::uint64_t, std::uint64_t> memo_;
  std::uint64_t count_ = 0;
};

// A stream of Python's draws: world after world from random.Random(seed), as sampler.stream(seed).
class WorldStream {
 public:
  WorldStream(const WorldSampler& sampler, std::uint64_t seed) : sampler_(&sampler), rng_(seed) {}
  World next() { return sampler_->world(rng_.randbelow(sampler_->count())); }

 private:
  const WorldSampler* sampler_;
  PythonRandom rng_;
};

}  // namespace dominosolver::texas42
