#pragma once
// The contract table (docs/rules.md §2.3-2.6, §3): one row per kind of contract a declarer can name
// (today a suit trump, doubles trump, follow-me). A row is data plus small functions: its names,
// who may declare it, how tiles follow and rank under it, who plays and who leads, what the
// declaring side must do, when the hand is decided and how it scores. Everything that depends on
// the kind of contract asks its row; adding a contract is adding a row (and its tests).
#include <array>
#include <optional>
#include <span>
#include <string>
#include <vector>

#include "dominosolver/core/seating.hpp"
#include "dominosolver/texas42/rules.hpp"

namespace dominosolver::texas42 {

// The auction's outcome: who declares, with what bid.
struct Contract {
  int declarer = -1;
  int bid = 0;
  bool operator==(const Contract&) const = default;
};

// What the declaring side must do.
enum class Objective : std::uint8_t {
  Points,  // take the bid's points (a mark bid: every trick, §2.5)
};

// The play so far, per side, seen from the side that declared.
struct Tally {
  int declaring_side = 0;
  std::array<int, kSides> points{};
  std::array<int, kSides> tricks{};
  bool all_played = false;
};

// The outcome of a finished hand (§2.5, §2.6).
struct HandResult {
  bool made = false;
  std::array<int, kSides> score{};  // marks or points added to each side
  bool decides_game = false;        // a "Game" bid ends the game at once
};

struct ContractKind {
  TrumpKind kind;
  const char* name;                      // the row's name ("suit", "doubles", "none")
  bool numbered;                         // its declarations are named by their number ("4")
  std::array<const char*, 3> spellings;  // otherwise these name it (the first is canonical)
  Objective objective;
  // Its declarations under `rules`, in table order (the suit row: one per number of the set).
  std::vector<Trump> (*declarations)(const Rules& rules);
  // Whether the auction's winner, holding `hand`, may name it (the bid rule).
  bool (*may_declare)(const Rules& rules, const Contract& contract, TileMask hand);
  // Which tiles are trumps and how the others follow and rank (fills a SuitTable being built).
  void (*place_tiles)(SuitTable& table, const Rules& rules, Trump trump);
  // Who plays the hand (`declarer` -1: not known, the whole table) and who leads trick 1.
  Seating (*seating)(const Rules& rules, int declarer);
  int (*first_leader)(const Seating& seating, int declarer);
  // Whether the declaring side has made (true) or lost (false) the contract, or nullopt while open.
  std::optional<bool> (*decided)(const Rules& rules, const Contract& contract, const Tally& tally);
  HandResult (*score)(const Rules& rules, const Contract& contract, const Tally& tally, bool made);
};

// The rows, in table order (TrumpKind's order).
constexpr int kContractKinds = 3;
std::span<const ContractKind> contract_kinds();
const ContractKind& contract_kind(Trump trump);
// Every declaration of every row under `rules`, in table order: trump 0..max_pip, doubles, follow-me.
std::vector<Trump> declarations(const Rules& rules);
// The declarations the auction's winner may name.
std::vector<Trump> declarations(const Rules& rules, const Contract& contract, TileMask hand);

// The row's answers for a declared contract.
std::optional<bool> hand_decided(const Rules& rules, Trump trump, const Contract& contract, const Tally& tally);
HandResult score_hand(const Rules& rules, Trump trump, const Contract& contract, const Tally& tally, bool made);

std::string objective_name(Objective objective);  // "points"

}  // namespace dominosolver::texas42
