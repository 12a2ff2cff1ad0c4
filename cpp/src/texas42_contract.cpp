// The contract table: the rows, and what is shared by the rows of today's contracts.
#include "dominosolver/texas42/contract.hpp"

#include "dominosolver/core/errors.hpp"

namespace dominosolver::texas42 {

namespace {

// ------------------------------------------------------------- what every row of today shares

bool any_bid(const Rules&, const Contract&, TileMask) { return true; }  // §2.3: any declarer, any bid

Seating whole_table(const Rules& rules, int) { return rules.seating(); }

int declarer_leads(const Seating&, int declarer) { return declarer; }  // §2.4

// §2.6: marks stop as soon as the result is certain; points play every trick.
std::optional<bool> decided_by_bid(const Rules& rules, const Contract& contract, const Tally& tally) {
  const int us = tally.declaring_side, them = kSides - 1 - us;
  const bool early = rules.scoring == Scoring::Marks && rules.play_out == PlayOut::Auto;
  if (bids_every_trick(rules, contract.bid)) {
    if (tally.tricks[them] > 0 && early) return false;
    if (tally.all_played) return tally.tricks[them] == 0;
    return std::nullopt;
  }
  if (early) {
    if (tally.points[us] >= contract.bid) return true;
    if (tally.points[them] > rules.hand_points() - contract.bid) return false;
  }
  if (tally.all_played) return tally.points[us] >= contract.bid;
  return std::nullopt;
}

// §2.5: marks to one side, or the points game's points (a mark bid of two or more scores its
// points alone; "Game" decides the game).
HandResult score_by_bid(const Rules& rules, const Contract& contract, const Tally& tally, bool made) {
  HandResult r;
  r.made = made;
  const int us = tally.declaring_side, them = kSides - 1 - us;
  if (contract.bid == kGameBid) {
    r.decides_game = true;
    return r;
  }
  if (rules.scoring == Scoring::Marks) {
    r.score[made ? us : them] = marks_of(rules, contract.bid);
    return r;
  }
  if (contract.bid <= rules.mark()) {
    if (made) {
      r.score[us] = rules.points_made == PointsMade::Taken ? tally.points[us] : contract.bid;
      r.score[them] = tally.points[them];
    } else {
      r.score[them] = contract.bid + tally.points[them];
    }
  } else {
    if (made) r.score[us] = contract.bid;
    else r.score[them] = contract.bid + tally.points[them];
  }
  return r;
}

// ------------------------------------------------------------- how tiles follow and rank, per row

// §2.3: the tiles showing the trump number, the double highest, the others by their other end.
void suit_trump(SuitTable& t, const Rules& rules, Trump trump) {
  for (int id = 0; id < rules.tiles(); ++id) {
    if (shows(id, trump.suit)) t.place_trump(id, is_double(id) ? SuitTable::kHighDouble : other_end(id, trump.suit));
    else t.place_in_numbers(id, SuitTable::kHighDouble);
  }
}

// §3.2: the doubles are the trump suit, by their number; a double follows no number suit.
void doubles_trump(SuitTable& t, const Rules& rules, Trump) {
  for (int id = 0; id < rules.tiles(); ++id) {
    if (is_double(id)) t.place_trump(id, hi_end(id));
    else t.place_in_numbers(id, SuitTable::kHighDouble);
  }
}

// §3.1: no trumps; the doubles high or low in their number, or a suit of their own (NT_DOUBLES).
void follow_me(SuitTable& t, const Rules& rules, Trump) {
  t.variant = static_cast<std::int8_t>(rules.nt_doubles);
  const int double_rank = rules.nt_doubles == NtDoubles::Low ? SuitTable::kLowDouble : SuitTable::kHighDouble;
  for (int id = 0; id < rules.tiles(); ++id) {
    if (is_double(id) && rules.nt_doubles == NtDoubles::OwnSuit) t.place_in_doubles(id);
    else t.place_in_numbers(id, double_rank);
  }
}

std::vector<Trump> each_number(const Rules& rules) {
  std::vector<Trump> out;
  for (int s = 0; s <= rules.max_pip; ++s) out.push_back(Trump::of_suit(s));
  return out;
}

// ------------------------------------------------------------- the table

constexpr std::array<ContractKind, kContractKinds> kRows = {{
    {TrumpKind::Suit, "suit", true, {}, Objective::Points, each_number, any_bid, suit_trump, whole_table,
     declarer_leads, decided_by_bid, score_by_bid},
    {TrumpKind::Doubles, "doubles", false, {"doubles"}, Objective::Points,
     [](const Rules&) { return std::vector<Trump>{Trump::doubles()}; }, any_bid, doubles_trump, whole_table,
     declarer_leads, decided_by_bid, score_by_bid},
    {TrumpKind::None, "none", false, {"none", "follow-me", "followme"}, Objective::Points,
     [](const Rules&) { return std::vector<Trump>{Trump::none()}; }, any_bid, follow_me, whole_table, declarer_leads,
     decided_by_bid, score_by_bid},
}};
static_assert(
    [] {
      for (std::size_t i = 0; i < kRows.size(); ++i)
        if (static_cast<std::size_t>(kRows[i].kind) != i) return false;
      return true;
    }(),
    "the rows follow TrumpKind's order (contract_kind indexes them by it)");

}  // namespace

std::span<const ContractKind> contract_kinds() { return kRows; }

const ContractKind& contract_kind(Trump trump) { return kRows[static_cast<std::size_t>(trump.kind)]; }

std::vector<Trump> declarations(const Rules& rules) {
  std::vector<Trump> out;
  for (const ContractKind& row : kRows)
    for (const Trump& t : row.declarations(rules)) out.push_back(t);
  return out;
}

std::vector<Trump> declarations(const Rules& rules, const Contract& contract, TileMask hand) {
  std::vector<Trump> out;
  for (const ContractKind& row : kRows)
    if (row.may_declare(rules, contract, hand))
      for (const Trump& t : row.declarations(rules)) out.push_back(t);
  return out;
}

std::optional<bool> hand_decided(const Rules& rules, Trump trump, const Contract& contract, const Tally& tally) {
  return contract_kind(trump).decided(rules, contract, tally);
}

HandResult score_hand(const Rules& rules, Trump trump, const Contract& contract, const Tally& tally, bool made) {
  return contract_kind(trump).score(rules, contract, tally, made);
}

std::string objective_name(Objective objective) {
  switch (objective) {
    case Objective::Points: return "points";
  }
  return "?";
}

std::string Trump::name() const {
  const ContractKind& row = contract_kind(*this);
  return row.numbered ? std::to_string(suit) : row.spellings[0];
}

Trump Trump::parse(const std::string& text) {
  std::string expected;
  for (const ContractKind& row : kRows) {
    if (row.numbered) {
      if (text.size() == 1 && text[0] >= '0' && text[0] <= '0' + kMaxPip) return Trump{row.kind, text[0] - '0'};
    } else {
      for (const char* spelling : row.spellings)
        if (spelling && text == spelling) return Trump{row.kind, -1};
    }
    if (!expected.empty()) expected.append(&row == &kRows.back() ? " or " : ", ");
    if (row.numbered) expected.append("a number");
    else expected.append("'").append(row.spellings[0]).append("'");
  }
  throw ParseError("unknown trump '" + text + "' (expected " + expected + ")");
}

}  // namespace dominosolver::texas42
