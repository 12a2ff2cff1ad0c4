#pragma once
// The contract table (docs/rules.md §2.3-2.6, §3), in two halves that one Ruling joins:
// - declaration rows: how tiles follow and rank once a declaration is named (a trump suit, doubles
//   trump, follow-me);
// - contract rows: what the side that won the auction must do, by the kind of bid it won with (an
//   ordinary bid): who names the declaration, who plays and who leads, the objective, when the hand
//   is decided, how it scores, what a hand shows the table.
// A declaration row may impose a contract row of its own (one whose bid rule, seating or objective
// differs from an ordinary bid's), which then rules whatever the bid. Everything that depends on the
// contract asks the Ruling; adding a contract is adding a row (and its tests).
#include <array>
#include <optional>
#include <span>
#include <string>
#include <vector>

#include "dominosolver/core/seating.hpp"
#include "dominosolver/texas42/rules.hpp"

namespace dominosolver::texas42 {

// The kinds of bid the auction knows, each a contract row (kBidRows' order): the ladder's, and the
// special bids of all the tricks won with doubles in hand (§3.4, §3.5).
enum class BidKind : std::uint8_t { Ordinary, Plunge, Splash };

// A call of the auction: a number of the ladder (kPass, 30.., kGameBid) and its kind.
struct Bid {
  int value = kPass;
  BidKind kind = BidKind::Ordinary;
  bool operator==(const Bid&) const = default;
};

// The auction's outcome: who declares, with what bid.
struct Contract {
  int declarer = -1;
  Bid bid;
  bool operator==(const Contract&) const = default;
};

// What the declaring side must do.
enum class Objective : std::uint8_t {
  Points,      // take the bid's points (a mark bid: every trick, §2.5)
  EveryTrick,  // take every trick, the first lost ending the hand (§3.4-3.6)
  NoTrick,     // take no trick, the first taken ending the hand (Nel-O, §3.3)
  Tricks,      // take at least the bid's tricks, every trick played (Moon, §4.1-4.2)
};

// The play so far, per side, seen from the side that declared.
struct Tally {
  int declaring_side = 0;
  std::array<int, kSides> points{};
  std::array<int, kSides> tricks{};
  std::array<int, kMaxSeats> seat_tricks{};  // by seat: three-player Moon scores each player's own (§4.1)
  bool all_played = false;
};

// The outcome of a finished hand (§2.5, §2.6).
struct HandResult {
  bool made = false;
  std::array<int, kMaxSeats> score{};  // marks or points added to each scorer (Rules::scorer_of)
  bool decides_game = false;        // a "Game" bid ends the game at once
};

// What a side must do once it has won the auction with a kind of bid (or named a declaration that
// imposes its own contract).
struct ContractRow {
  const char* name;  // "ordinary"
  BidKind bid_kind;  // the kind of bid that wins it (Ordinary for a row a declaration imposes)
  Objective objective;
  // A special bid (nullptr for a row bid on the ladder, or never bid: imposed by a declaration):
  // whether a hand may bid it (`holding` says what it asks, in words), and its least size in marks.
  bool (*holds)(const Rules& rules, TileMask hand);
  const char* holding;
  int (*least_marks)(const Rules& rules);
  // Whether a contract of this row may be at `bid` (the ladder; a row of its own: its bid rule).
  bool (*admits)(const Rules& rules, int bid);
  // Whether its declaration may be one that imposes a contract of its own.
  bool names_own_contracts;
  // Who names the declaration, who plays (`declarer` -1: not known, the whole table), who leads trick 1.
  int (*namer)(const Seating& seating, int declarer);
  Seating (*seating)(const Rules& rules, int declarer);
  int (*first_leader)(const Seating& seating, int declarer);
  // The tiles of the set that `seat`'s hand shows the table under this contract (none for an
  // ordinary bid): what a view shows and a sampler keeps in that hand.
  TileMask (*reveals)(const Rules& rules, int declarer, int seat);
  // Whether tiles of equal strength go to the declaring side rather than to the first played
  // (nullptr: never; Sevens under bidders_win_ties, §3.6).
  bool (*ties_to_declarers)(const Rules& rules);
  // Whether the declaring side has made (true) or lost (false) the contract, or nullopt while open.
  std::optional<bool> (*decided)(const Rules& rules, const Contract& contract, const Tally& tally);
  HandResult (*score)(const Rules& rules, const Contract& contract, const Tally& tally, bool made);
};

// How tiles follow and rank once a declaration is named.
struct DeclarationRow {
  TrumpKind kind;
  const char* name;                      // the row's name ("suit", "doubles", "none")
  bool numbered;                         // its declarations are named by their number ("4")
  std::array<const char*, 3> spellings;  // otherwise these name it (the first is canonical)
  // A row whose declarations differ only in how doubles rank (Nel-O, §3.3): their names, by
  // NtDoubles (Trump::doubles_mode); empty for the others.
  std::array<const char*, 3> modes;
  // Its declarations under `rules`, in table order (the suit row: one per number of the set).
  std::vector<Trump> (*declarations)(const Rules& rules);
  // Which tiles are trumps and how the others follow and rank (fills a SuitTable being built).
  void (*place_tiles)(SuitTable& table, const Rules& rules, Trump trump);
  // The contract row it imposes whatever the bid, or nullptr: the bid's row rules.
  const ContractRow* imposes;
};

// What rules a hand: the declaration's row, the contract row in force, and what follows from them
// for this declarer, resolved once (a position, a game's hand and a view each keep one).
struct Ruling {
  const DeclarationRow* declaration = nullptr;
  const ContractRow* contract = nullptr;  // the declaration's own, else the bid's
  Seating seating;                        // who plays
  int declarer = -1;                      // -1: no contract known
  int tie_side = -1;                      // the side that wins ties of strength, or -1: the first played

  // Who leads trick 1: the contract row's answer, or the first seat in play without a contract.
  int first_leader() const;
  // The tiles of the set `seat`'s hand shows the table (see ContractRow::reveals).
  TileMask reveals(const Rules& rules, int seat) const;
  // The places (0: the leader's) of the tie side's seats in a trick led by `leader`, or 0.
  unsigned favoured(int leader) const;
  std::optional<bool> decided(const Rules& rules, const Contract& c, const Tally& tally) const {
    return contract->decided(rules, c, tally);
  }
  HandResult score(const Rules& rules, const Contract& c, const Tally& tally, bool made) const {
    return contract->score(rules, c, tally, made);
  }
};

// Resolves the ruling of `trump` under `contract` (none: an ordinary bid by nobody, the whole table;
// a declarer off the table is taken as unknown, for the position to refuse).
Ruling ruling(const Rules& rules, Trump trump, const std::optional<Contract>& contract);
// What makes `contract` impossible under `ruling` (its bid's kind, size or declaration), or "".
std::string contract_error(const Rules& rules, const Ruling& ruling, const Contract& contract);
// The special bid `row` offers a seat holding `hand` over `high` in the auction (docs/rules.md §3:
// max(least, k + 1) marks over a high bid of k marks, under specials = all), or nullopt.
std::optional<int> offer(const Rules& rules, const ContractRow& row, const Bid& high, TileMask hand);
// What makes `hand`, the declarer's at the deal, unable to have bid `contract` (its row's holding), or "".
std::string holding_error(const Rules& rules, const Contract& contract, TileMask hand);

// The rows, in table order: declarations (TrumpKind's order), the contract rows bid in the auction
// (BidKind's order), and every contract row (those bid, then those declarations impose).
constexpr int kDeclarationKinds = 5;
constexpr int kBidKinds = 3;
std::span<const DeclarationRow> declaration_rows();
// The bid rows are the family row's (Moon's one contract row of its own, §4.1-4.2).
std::span<const ContractRow> bid_rows(const Rules& rules);
std::vector<const ContractRow*> contract_rows(const Rules& rules);
const DeclarationRow& declaration_row(Trump trump);
const ContractRow& bid_row(const Rules& rules, BidKind kind);  // throws InvalidPositionError: not the family's
std::string bid_kind_name(BidKind kind);   // "ordinary"
BidKind parse_bid_kind(const std::string&);  // throws ParseError
// Every declaration of every row under `rules`, in table order: trump 0..max_pip, doubles, follow-me.
std::vector<Trump> declarations(const Rules& rules);
// The declarations that may be named for `contract` (by its contract row's namer).
std::vector<Trump> declarations(const Rules& rules, const Contract& contract);

std::string bid_name(const Bid& bid);             // "pass", "30", "game" (a special bid: "168:kind")
std::string objective_name(Objective objective);  // "points", "every trick", "no trick", "tricks"
Objective parse_objective(const std::string& name);  // throws ParseError

}  // namespace dominosolver::texas42
