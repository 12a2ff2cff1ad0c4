#pragma once
// The rules of Texas 42 (docs/rules.md §1-2): variant flags, the game's sizes and bid ladder, suits,
// ranks and counters. Which declarations exist and what each does is the contract table's
// (contract.hpp).
#include <array>
#include <cstdint>
#include <map>
#include <string>
#include <vector>

#include "dominosolver/core/seating.hpp"
#include "dominosolver/core/tiles.hpp"
#include "dominosolver/texas42/family.hpp"
#include "dominosolver/texas42/plays.hpp"

namespace dominosolver::texas42 {

// The kinds of contract, each a row of the contract table (contract.hpp), in table order.
enum class TrumpKind : std::uint8_t { Suit, Doubles, None, Sevens, Nello };

// How doubles rank without trumps (§3.1): the follow-me flag nt_doubles, and Nel-O's declared mode (§3.3).
enum class NtDoubles : std::uint8_t { High, Low, OwnSuit };

// A declared contract: its kind and, for a suit, the trump number; for Nel-O, how its doubles rank.
struct Trump {
  TrumpKind kind = TrumpKind::None;
  int suit = -1;                             // 0..max_pip when kind == Suit
  NtDoubles doubles_mode = NtDoubles::High;  // when kind == Nello: the mode named with it
  static Trump of_suit(int s) { return {TrumpKind::Suit, s}; }
  static Trump doubles() { return {TrumpKind::Doubles, -1}; }
  static Trump none() { return {TrumpKind::None, -1}; }
  static Trump sevens() { return {TrumpKind::Sevens, -1}; }
  static Trump nello(NtDoubles mode) { return {TrumpKind::Nello, -1, mode}; }
  bool operator==(const Trump&) const = default;
  std::string name() const;                // "4", "doubles", "none", "nello-low" (contract.cpp: the rows name them)
  static Trump parse(const std::string&);  // throws ParseError
};

// Variant flags (docs/rules.md §6.1); the first value of each enum is the default.
enum class Scoring : std::uint8_t { Marks, Points };
enum class AllPass : std::uint8_t { Redeal, ForcedDealer };
enum class MarkJump : std::uint8_t { Strict, Free };
enum class PointsMade : std::uint8_t { Taken, BidOnly };
enum class PlayOut : std::uint8_t { Auto, Always };
enum class PointsTie : std::uint8_t { BidderOut, HigherTotal };
enum class Specials : std::uint8_t { None, All };  // whether the auction offers the special contracts (§3)
enum class PlungeMarks : std::uint8_t { Four, Three, Two };  // the least Plunge bid, in marks (§3.4)
enum class SplashMarks : std::uint8_t { Two, Three };        // the least Splash bid, in marks (§3.5)
enum class SevensTie : std::uint8_t { FirstPlayed, BiddersWinTies };  // who wins a Sevens tie (§3.6)
enum class NelloMin : std::uint8_t { OneMark, AnyBid };               // the bids Nel-O may be named on (§3.3)
enum class NelloDoublesAllowed : std::uint8_t { OwnSuitHigh, All };   // Nel-O's doubles modes offered (§3.3)
enum class NelloInPoints : std::uint8_t { Off, AsMarks };             // Nel-O in the points game (§3.3)
enum class Moon4Preset : std::uint8_t { Pagat, Fosdick };  // Partnership Moon's bids and scoring (§4.2)
enum class MoonAllPass : std::uint8_t { Redeal, ForcedLast4 };      // Moon when all pass (§4.1, M-1)
enum class MoonBidderScore : std::uint8_t { Bid, TricksTaken };     // what Moon's bidder scores when made (M-2)
enum class MoonSet : std::uint8_t { MinusBid, OpponentsGetBid };    // what a set Moon bid costs (M-3)
enum class MoonWidow : std::uint8_t { Take, None };  // Moon's widow taken by the bidder, or left out of play unseen (M-9)

struct Rules {
  NtDoubles nt_doubles = NtDoubles::High;
  Scoring scoring = Scoring::Marks;
  AllPass all_pass = AllPass::Redeal;
  bool forced_exact_30 = false;
  MarkJump mark_jump = MarkJump::Strict;
  bool first_lead_trump = false;
  PointsMade points_made = PointsMade::Taken;
  PlayOut play_out = PlayOut::Auto;
  PointsTie points_tie = PointsTie::BidderOut;
  Specials specials = Specials::None;
  PlungeMarks plunge_marks = PlungeMarks::Four;
  SplashMarks splash_marks = SplashMarks::Two;
  SevensTie sevens_tie = SevensTie::FirstPlayed;
  NelloMin nello_min = NelloMin::OneMark;
  NelloDoublesAllowed nello_doubles_allowed = NelloDoublesAllowed::OwnSuitHigh;
  NelloInPoints nello_in_points = NelloInPoints::Off;
  int max_pip = 6;  // the family's set: 8 in The Big Game (from_flags and of_family() set it)
  Family family{};  // the family table's first row, Texas 42; else written as the flag "family" ("moon", ...)
  bool moon_doubles_trump = false;  // Moon: doubles may be named trumps (§4.1, M-4)
  Moon4Preset moon4_preset = Moon4Preset::Pagat;
  MoonAllPass moon_all_pass = MoonAllPass::Redeal;
  MoonBidderScore moon_bidder_score = MoonBidderScore::Bid;
  MoonSet moon_set = MoonSet::MinusBid;
  bool back_to_back_loss = false;  // Partnership Moon: a side set on two hands in a row loses (§4.2, M-8)
  MoonWidow moon_widow = MoonWidow::Take;  // Moon: the widow taken (one tile laid away) or never used (§4.1, M-9)
  bool moon_wins_game = false;  // both Moons: a made bid of 21 (shooting the moon) wins the game at once (M-10)
  bool moon_overcall = false;   // both Moons: a later seat may bid 21 over a 21, taking the contract (M-11)

  bool operator==(const Rules&) const = default;
  // Flags as lower-case strings ("nt_doubles" -> "own_suit"); only non-default ones are written.
  std::map<std::string, std::string> flags() const;
  static Rules from_flags(const std::map<std::string, std::string>&);  // throws ParseError
  // A member's rules with no flag set: its row's set, and the points ladder always scored in points
  // (The Big Game, §4.3); its flags otherwise 42's defaults. (The family fixes the set and that
  // scoring: neither is a flag of its own.)
  static Rules of_family(Family f) {
    Rules r{.max_pip = family_row(f).max_pip, .family = f};
    if (family_row(f).ladder == Ladder::Points) r.scoring = Scoring::Points;
    return r;
  }
  static Rules of_big_game() { return of_family(Family::BigGame); }  // The Big Game's (§4.3)
  const FamilyRow& row() const { return family_row(family); }

  // The game's sizes, all following the set (§2.1; Moon's 22 tiles for three, hands of 7 and a
  // widow, no counters, §4.1; The Big Game's double-eight, §4.3: 45 tiles, hands of 11 and one tile
  // undealt, 55 counters, 66 points).
  int seats() const { return row().seats; }
  // The whole table: partners opposite; in Moon each for itself until a bid makes two sides.
  Seating seating() const { return row().partners ? Seating::partnerships(seats()) : Seating::alone(seats(), -1); }
  int tiles() const { return tiles_in_set(max_pip); }  // tile ids run 0..tiles() - 1
  TileMask tile_set() const;                           // the tiles of the set the game uses
  std::string set_name() const;                        // "double-six set", Moon's "Moon set (...)"
  int hand_size() const { return row().hand_size; }  // tiles dealt to each seat
  int undealt() const { return row().undealt; }      // tiles left over: dealt to no seat
  // Moon's bidder takes the widow and lays a tile away (§4.1), unless moon_widow = none leaves it
  // out of play unseen (M-9).
  bool takes_widow() const { return row().left_over == LeftOver::Widow && moon_widow == MoonWidow::Take; }
  // Whether the bidder sees what the deal left over (the widow it takes, The Big Game's undealt tile,
  // §4.3), and so knows which tile lies out of play.
  bool bidder_sees_left_over() const { return undealt() > 0 && (row().left_over != LeftOver::Widow || takes_widow()); }
  int hand_tricks() const { return hand_size(); }  // each trick takes a tile from every hand
  int count_of(int tile) const;                     // a tile's counter value (none in Moon)
  int counters() const;                             // the count of all counters in the set (35)
  int hand_points() const { return hand_tricks() * kTrickPoints + counters(); }  // 42; Moon: 7
  // Who keeps a score: the two sides (partners share one), or in three-player Moon each player.
  int scorers() const { return row().partners ? kSides : seats(); }
  int scorer_of(int seat) const { return row().partners ? seating().side(seat) : seat; }
  // A seat's name in text and messages: N, E, S, W round a table of four; Moon's three players,
  // numbered 0..2 in JSON, are P0, P1, P2 (a bare digit would read as a bid or a count).
  std::string seat_name(int seat) const;

  // The bid ladder (§2.2): point bids from min_bid() up to a mark, then k marks, k * mark(), each
  // a bid of every trick; the first mark bid may jump to free_mark_jump() marks. The points game's
  // "Game" bid goes only directly over game_bid_over().
  // Moon's ladder (§4.1, §4.2) is min_bid() up to a bid of every trick (7), and 21, shooting the moon.
  // The Big Game's (§4.3) is 42 up to all the points (66), bid round after round until all but one
  // pass; it has neither mark bids above 66 nor "Game".
  static constexpr int kTrickPoints = 1;  // a trick is worth a point besides its counters (§2.5)
  static constexpr int kShootTheMoon = 21;
  // Moon's ladder of tricks (both Moons), The Big Game's of points bid round after round.
  bool moon() const { return row().ladder == Ladder::Tricks; }
  bool big_game() const { return row().ladder == Ladder::Points; }
  // Fosdick's preset (a flag of Partnership Moon's alone, from_flags checks) starts at 3 (§4.2).
  int min_bid() const { return moon4_preset == Moon4Preset::Fosdick ? 3 : row().min_bid; }
  int mark() const { return hand_points(); }
  int free_mark_jump() const { return 2; }
  int game_bid_over() const { return 4 * mark(); }
  // 42's points game ends at 250 (§2.7); every other game at its row's target.
  int game_target() const { return row().ladder == Ladder::Marks && scoring == Scoring::Points ? 250 : row().target; }
  // §4.3: the leader may lead [7-3] or [8-2] in its lower number's suit (plays.hpp).
  bool lower_end_leads() const { return row().lower_end_leads; }
  // Games a side must win to take the match: Fosdick's Partnership Moon is best of three (§4.2).
  int match_games() const { return moon4_preset == Moon4Preset::Fosdick ? 2 : 1; }
};

// Called suits: numbers 0..kMaxPip, then the trump suit, then the follow-me doubles suit (OWN_SUIT).
// Under Sevens (§3.6) the called suits are the distance classes |pip total - 7| instead.
constexpr int kTrumpSuit = kMaxPip + 1;
constexpr int kDoublesSuit = kMaxPip + 2;
constexpr int kCalledSuits = kMaxPip + 3;

// Everything that decides following and winning for one declaration, as lookup tables. The arrays
// are indexed by play (plays.hpp): a lower-end lead has the entries of its tile in the one suit it
// calls, and none elsewhere.
struct SuitTable {
  Trump trump;
  TileMask all = 0;                                   // every tile of the set
  TileMask trumps = 0;                                // tiles of the trump suit
  TileMask lower_end = 0;                             // tiles that may be led low (§4.3: not trumps)
  std::array<TileMask, kCalledSuits> follows{};       // tiles that follow each called suit
  std::array<std::int8_t, kMaxPlays> called{};        // suit a tile calls when led
  std::array<std::array<std::int8_t, kMaxPlays>, kCalledSuits> rank{};  // larger = stronger
  std::array<std::int8_t, kMaxPlays> counters{};      // count value of each tile
  std::array<std::uint16_t, kMaxPlays> suits_of{};    // bit set of the called suits a tile follows
  std::array<std::array<TileMask, kMaxPlays>, kCalledSuits> above{};  // tiles ranked above, per suit
  std::array<TileMask, kMaxPlays> above_led{};  // tiles ranked above a tile in the suit it calls when led
  // A tile's strength in a trick that called each suit: 0 if it neither follows nor trumps, a trump
  // above every follower, so that `a` beats `b` exactly when power[led][a] > power[led][b].
  std::array<std::array<std::int8_t, kMaxPlays>, kCalledSuits> power{};

  SuitTable(const Rules& rules, Trump trump);  // the contract's row places the tiles (contract.hpp)

  // What the declaration's row (contract.cpp) calls while building the table: a tile is a trump of
  // `rank`, or follows its number suits (a double ranked `double_rank` in its one suit), or is one
  // of follow-me's doubles suit (NtDoubles::OwnSuit), or (Sevens) is of its distance class.
  static constexpr std::int8_t kHighDouble = 20, kLowDouble = -1;
  void place_trump(int tile, int rank);
  void place_in_numbers(int tile, int double_rank);
  void place_in_doubles(int tile);
  void place_by_distance(int tile);
  // Sevens (§3.6): the called suits are distance classes; whoever leads must play a tile of the
  // least class in hand, and the least class wins whatever was led.
  bool by_distance = false;
  // What the table is, for hashing: tables with the same declaration and variant are equal.
  std::int8_t declaration = 0;
  std::int8_t variant = -1;

  // What a seat holding `hand` may play (`led`: the suit the lead called, -1 when leading): the
  // declaration's rule, following suit or (Sevens) the least distance.
  TileMask legal(TileMask hand, int led) const {
    if (by_distance) return least_distance(hand);
    return follow(hand, led);
  }
  // Following suit: a tile of the suit led if the seat holds one, else any; leading, any tile and
  // its lower-end lead where it has one (the search's rule: it searches the declarations that follow suit).
  TileMask follow(TileMask hand, int led) const {
    if (led < 0) return hand | lower_end_leads(hand);
    const TileMask f = hand & follows[led];
    return f ? f : hand;
  }
  // The lower-end leads (plays.hpp) of the tiles of `hand` that may be led low.
  TileMask lower_end_leads(TileMask hand) const {
    TileMask out = 0;
    if (hand & lower_end)
      for (int i = 0; i < static_cast<int>(kLowerEndTiles.size()); ++i)
        if (hand & lower_end & bit(kLowerEndTiles[i])) out |= bit(lower_end_lead(i));
    return out;
  }
  TileMask least_distance(TileMask hand) const {
    for (int c = 0; c < kCalledSuits; ++c)
      if (hand & follows[c]) return hand & follows[c];
    return hand;
  }
  // The called suits (a bit set) a play of `tile` to a trick that called `led` (-1: the lead)
  // shows its player holds none of: the suit led, when it does not follow; under Sevens, every
  // class nearer to 7 than the tile's.
  unsigned shows_void(int tile, int led) const {
    if (by_distance) return (1u << called[tile]) - 1;
    return led >= 0 && !(follows[led] & bit(tile)) ? 1u << led : 0u;
  }
  // Does tile `a` beat tile `b` in a trick that called suit `led`? (`b` follows it or trumps.)
  bool beats(int a, int b, int led) const { return power[led][a] > power[led][b]; }
  // The tiles that follow any of `suits` (called suits as a bit set): what a seat void in them cannot hold.
  TileMask following(unsigned suits) const {
    TileMask out = 0;
    for (int s = 0; s < kCalledSuits; ++s)
      if (suits & (1u << s)) out |= follows[s];
    return out;
  }
};

int counter_value(int tile);  // pip total 10 -> 10, pip total 5 -> 5, else 0 (§1.6)

// Bids (§2.2): kPass, the ladder of Rules, and kGameBid, the points game's "Game" (above them all).
constexpr int kPass = 0;
constexpr int kGameBid = 1000;
bool is_bid(const Rules& rules, int bid);  // a bid of the ladder (legal over some high bid)
int marks_of(const Rules& rules, int bid);
bool bids_every_trick(const Rules& rules, int bid);  // a mark bid: every trick, all the points
int points_needed(const Rules& rules, int bid);      // the bid's points, or all of them for a mark bid
bool bid_is_legal(const Rules& rules, int bid, int high_bid);
// The bids a hand may make under `rules` before the auction narrows them (§2.2, §4.1-4.3), lowest
// first: 42's up to the marks that win a game (30..42, 84, .., 7 marks; not the points game's
// "Game", which goes only over 4 marks), Moon's min_bid()..7 and 21, The Big Game's 42..66.
std::vector<int> bid_ladder(const Rules& rules);
std::string bid_name(int bid);  // "pass", "30", "84", "game"

}  // namespace dominosolver::texas42
