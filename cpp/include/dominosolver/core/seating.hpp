#pragma once
// Who sits at the table and who plays this hand: the seats, the seats taking part (a seat can sit
// out, as Nel-O's partner does, docs/rules.md §3.3), the order of play, the two sides and the size of a
// trick. Trick play is always one side against the other: partners, or a declarer alone against
// the rest.
#include <array>
#include <bit>
#include <cstdint>

namespace dominosolver {

constexpr int kMaxSeats = 4;  // the largest table of any game here (arrays of hands are this long)
constexpr int kSides = 2;

class Seating {
 public:
  // `seats` around the table, everyone playing, partners opposite (sides alternate round the table).
  static constexpr Seating partnerships(int seats) {
    Seating s;
    s.seats_ = static_cast<std::int8_t>(seats);
    s.playing_ = static_cast<std::uint8_t>((1u << seats) - 1);
    for (int seat = 0; seat < seats; ++seat) s.side_[seat] = static_cast<std::int8_t>(seat % kSides);
    return s;
  }
  // `seats` around the table, `seat` alone on side 0 against everyone else on side 1 (who play as
  // one side: Moon's bidder against the other two, docs/rules.md §4.1); seat -1: nobody on side 0.
  static constexpr Seating alone(int seats, int seat) {
    Seating s = partnerships(seats);
    for (int other = 0; other < seats; ++other) s.side_[other] = static_cast<std::int8_t>(other == seat ? 0 : 1);
    return s;
  }
  // The same table with `seat` sitting this hand out (it plays no tile and takes no trick).
  constexpr Seating without(int seat) const {
    Seating s = *this;
    s.playing_ = static_cast<std::uint8_t>(s.playing_ & ~(1u << seat));
    return s;
  }

  constexpr int seats() const { return seats_; }
  constexpr bool plays(int seat) const { return seat >= 0 && seat < seats_ && ((playing_ >> seat) & 1u); }
  constexpr unsigned playing() const { return playing_; }  // bit set of the seats taking part
  constexpr int trick_size() const { return std::popcount(static_cast<unsigned>(playing_)); }
  constexpr int side(int seat) const { return side_[seat]; }

  // The next seat in play after `seat`, clockwise (seat numbers run clockwise).
  constexpr int next(int seat) const {
    do seat = seat + 1 == seats_ ? 0 : seat + 1;
    while (!((playing_ >> seat) & 1u));
    return seat;
  }
  // The seat `k` places after `seat` in the order of play (k = 0: `seat` itself).
  constexpr int after(int seat, int k) const {
    for (; k > 0; --k) seat = next(seat);
    return seat;
  }
  // The other seat in play on `seat`'s side, or -1 when it has none in play (or several).
  constexpr int partner(int seat) const {
    int found = -1, n = 0;
    for (int s = 0; s < seats_; ++s)
      if (s != seat && plays(s) && side_[s] == side_[seat]) found = s, ++n;
    return n == 1 ? found : -1;
  }
  // Position of `seat` in the order of play from the lowest seat in play (the search's numbering).
  constexpr int place(int seat) const {
    return std::popcount(static_cast<unsigned>(playing_) & ((1u << seat) - 1));
  }

  constexpr bool operator==(const Seating&) const = default;

 private:
  std::int8_t seats_ = 0;
  std::uint8_t playing_ = 0;
  std::array<std::int8_t, kMaxSeats> side_{};
};

}  // namespace dominosolver
