// The deals that fit a view, counted, numbered and drawn as the Python package draws them
// (world_sampler.hpp; python/dominosolver/texas42/sampling.py).
#include "dominosolver/texas42/world_sampler.hpp"

#include <stdexcept>
#include <string>

#include "dominosolver/core/errors.hpp"
#include "dominosolver/texas42/plays.hpp"
#include "dominosolver/texas42/view.hpp"

namespace dominosolver::texas42 {

namespace {

constexpr int kPlaceBits = 4;  // a place's capacity: at most a hand (11 in The Big Game) < 16

std::string sizes_text(const std::vector<int>& sizes) {
  std::string out = "[";
  for (std::size_t i = 0; i < sizes.size(); ++i) out += (i ? ", " : "") + std::to_string(sizes[i]);
  return out + "]";
}

}  // namespace

SamplerFacts sampler_facts(const Position& pos, int seat, TileMask gone, std::optional<int> discard) {
  const Rules& rules = pos.rules();
  SamplerFacts f;
  f.seat = seat;
  f.hand = pos.hand(seat);
  bool any_revealed = false;
  for (int s = 0; s < rules.seats(); ++s) {
    f.hand_sizes.push_back(count(pos.hand(s)));
    f.revealed.push_back(pos.revealed(s));
    any_revealed = any_revealed || pos.revealed(s);
    f.absent.push_back(pos.shown_absent(s));
  }
  if (!any_revealed) f.revealed.clear();
  for (const PlayRecord& p : pos.plays()) f.played |= bit(tile_of_play(p.tile));
  f.gone = gone;
  f.discard = discard;
  return f;
}

WorldSampler::WorldSampler(const Rules& rules, const SamplerFacts& f)
    : seats_(rules.seats()), seat_(f.seat), own_(f.hand) {
  if (static_cast<int>(f.hand_sizes.size()) != seats_ || static_cast<int>(f.absent.size()) != seats_ ||
      !(f.revealed.empty() || static_cast<int>(f.revealed.size()) == seats_))
    throw InvalidViewError("a view's hand sizes, absences and revealed tiles go seat by seat");
  TileMask revealed = 0;
  for (TileMask r : f.revealed) revealed |= r;
  TileMask seen = f.hand | f.played | f.gone | revealed;
  if (f.discard) seen |= bit(*f.discard);
  for (TileMask m = rules.tile_set() & ~seen; m; m &= m - 1) tiles_.push_back(lowest(m));
  std::vector<int> need;
  int needed = 0;
  for (int s = 0; s < seats_; ++s) {
    if (s == seat_) continue;
    others_.push_back(s);
    const TileMask shown = f.revealed.empty() ? 0 : f.revealed[s];
    shown_.push_back(shown);
    need.push_back(f.hand_sizes[s] - dominosolver::count(shown));
    if (need.back() < 0)
      throw InvalidViewError("hand_sizes " + sizes_text(f.hand_sizes) + " hold fewer tiles than the contract shows");
    needed += need.back();
  }
  const int out = tiles_out_of_play(rules, static_cast<int>(tiles_.size()), needed, f.discard.has_value());
  need.push_back(out);
  for (std::size_t p = 0; p < need.size(); ++p) {
    if (need[p] >= (1 << kPlaceBits)) throw InvalidViewError("a hand of more than 15 tiles");
    need_ |= static_cast<std::uint32_t>(need[p]) << (kPlaceBits * p);
  }
  const TileMask may_lie_out = f.trump_named ? may_be_out_of_play(rules) : rules.tile_set();
  const int out_place = static_cast<int>(others_.size());
  for (int t : tiles_) {
    std::vector<int> ok;
    for (int j = 0; j < out_place; ++j)
      if (!(f.absent[others_[j]] & bit(t))) ok.push_back(j);
    if (out && (may_lie_out & bit(t))) ok.push_back(out_place);
    if (ok.empty()) throw InvalidViewError("no seat may hold " + tile_name(t) + ": every other seat has shown it void in its suits");
    allowed_.push_back(std::move(ok));
  }
  count_ = ways(0, need_);
  if (count_ == 0) throw InvalidViewError("no deal fits the view: hand sizes " + sizes_text(f.hand_sizes) + " with its voids");
}

std::uint64_t WorldSampler::ways(std::size_t i, std::uint32_t caps) const {
  if (i == tiles_.size()) return 1;
  const std::uint64_t key = static_cast<std::uint64_t>(i) << 32 | caps;
  if (const auto it = memo_.find(key); it != memo_.end()) return it->second;
  std::uint64_t total = 0;
  for (int p : allowed_[i])
    if (cap(caps, p) && __builtin_add_overflow(total, ways(i + 1, caps - (1u << (kPlaceBits * p))), &total))
      throw InvalidViewError("more than 2^64 deals fit the view");
  memo_.emplace(key, total);
  return total;
}

World WorldSampler::world(std::uint64_t index) const {
  if (index >= count_) throw std::out_of_range("world index " + std::to_string(index) + " outside 0.." + std::to_string(count_ - 1));
  std::vector<TileMask> hands(others_.size() + 1, 0);
  std::uint32_t caps = need_;
  for (std::size_t i = 0; i < tiles_.size(); ++i) {
    for (int p : allowed_[i]) {
      if (!cap(caps, p)) continue;
      const std::uint32_t after = caps - (1u << (kPlaceBits * p));
      const std::uint64_t below = ways(i + 1, after);
      if (index < below) {
        hands[p] |= bit(tiles_[i]);
        caps = after;
        break;
      }
      index -= below;
    }
  }
  World out{};
  out[seat_] = own_;
  for (std::size_t j = 0; j < others_.size(); ++j) out[others_[j]] = hands[j] | shown_[j];
  return out;
}

std::vector<World> WorldSampler::sample(std::size_t n, std::uint64_t seed) const {
  WorldStream stream(*this, seed);
  std::vector<World> out;
  out.reserve(n);
  for (std::size_t k = 0; k < n; ++k) out.push_back(stream.next());
  return out;
}

}  // namespace dominosolver::texas42
