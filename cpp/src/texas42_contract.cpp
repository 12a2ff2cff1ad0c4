// The contract table: its declaration rows and contract rows, and the Ruling that joins them.
#include "dominosolver/texas42/contract.hpp"

#include <algorithm>

#include "dominosolver/core/errors.hpp"

namespace dominosolver::texas42 {

namespace {

// ------------------------------------------------------------- what every row of today shares

Seating whole_table(const Rules& rules, int) { return rules.seating(); }

int declarer_leads(const Seating&, int declarer) { return declarer; }  // §2.4

// §2.6: marks stop as soon as the result is certain; points play every trick.
std::optional<bool> decided_by_bid(const Rules& rules, const Contract& contract, const Tally& tally) {
  const int us = tally.declaring_side, them = kSides - 1 - us;
  const int bid = contract.bid.value;
  const bool early = rules.scoring == Scoring::Marks && rules.play_out == PlayOut::Auto;
  if (bids_every_trick(rules, bid)) {
    if (tally.tricks[them] > 0 && early) return false;
    if (tally.all_played) return tally.tricks[them] == 0;
    return std::nullopt;
  }
  if (early) {
    if (tally.points[us] >= bid) return true;
    if (tally.points[them] > rules.hand_points() - bid) return false;
  }
  if (tally.all_played) return tally.points[us] >= bid;
  return std::nullopt;
}

// §2.5: marks to one side, or the points game's points (a mark bid of two or more scores its
// points alone; "Game" decides the game).
HandResult score_by_bid(const Rules& rules, const Contract& contract, const Tally& tally, bool made) {
  HandResult r;
  r.made = made;
  const int us = tally.declaring_side, them = kSides - 1 - us;
  const int bid = contract.bid.value;
  if (bid == kGameBid) {
    r.decides_game = true;
    return r;
  }
  if (rules.scoring == Scoring::Marks) {
    r.score[made ? us : them] = marks_of(rules, bid);
    return r;
  }
  if (bid <= rules.mark()) {
    if (made) {
      r.score[us] = rules.points_made == PointsMade::Taken ? tally.points[us] : bid;
      r.score[them] = tally.points[them];
    } else {
      r.score[them] = bid + tally.points[them];
    }
  } else {
    if (made) r.score[us] = bid;
    else r.score[them] = bid + tally.points[them];
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

// ------------------------------------------------------------- the contract rows

bool on_the_ladder(const Rules& rules, int bid) { return is_bid(rules, bid); }  // §2.2

int declarer_names(const Seating&, int declarer) { return declarer; }  // §2.3

TileMask shows_nothing(const Rules&, int, int) { return 0; }

// §3.4-3.5: the special bids of all the tricks, won with doubles in hand. The bid is
// max(least, k + 1) marks over a high bid of k marks (a point bid counts 1), the only jump the
// ladder allows; nothing tops "game". The declarer's partner names any declaration but those with a
// contract of their own (PARTNER_TRUMP_CHOICES, §6.1) and leads; the bidder's doubles are public.
TileMask doubles_of(const Rules& rules) {
  TileMask out = 0;
  for (int id = 0; id < rules.tiles(); ++id)
    if (is_double(id)) out |= bit(id);
  return out;
}

bool marks_from(const Rules& rules, int bid, int least) {
  return bid != kGameBid && bid % rules.mark() == 0 && bid >= least * rules.mark();
}

constexpr int kPlungeDoubles = 4, kSplashDoubles = 3;
bool holds_plunge(const Rules& rules, TileMask hand) { return count(hand & doubles_of(rules)) >= kPlungeDoubles; }
bool holds_splash(const Rules& rules, TileMask hand) { return count(hand & doubles_of(rules)) >= kSplashDoubles; }
int plunge_least(const Rules& rules) { return 4 - static_cast<int>(rules.plunge_marks); }  // "4", "3", "2"
int splash_least(const Rules& rules) { return 2 + static_cast<int>(rules.splash_marks); }  // "2", "3"
bool plunge_admits(const Rules& rules, int bid) { return marks_from(rules, bid, plunge_least(rules)); }
bool splash_admits(const Rules& rules, int bid) { return marks_from(rules, bid, splash_least(rules)); }

int partner_of(const Seating& seating, int declarer) { return seating.partner(declarer); }

TileMask bidders_doubles(const Rules& rules, int declarer, int seat) { return seat == declarer ? doubles_of(rules) : 0; }

// §3.4: the first trick the declaring side loses ends the hand (whatever play_out says); all
// seven won, it is made.
std::optional<bool> decided_by_first_loss(const Rules&, const Contract&, const Tally& tally) {
  if (tally.tricks[kSides - 1 - tally.declaring_side] > 0) return false;
  if (tally.all_played) return true;
  return std::nullopt;
}

// An ordinary bid (§2.2-2.6): the declarer names any declaration, the whole table plays, the
// declarer leads, the bid's points are the objective. Plunge and Splash (§3.4, §3.5) score as the
// mark bids they are (§2.5: the points game's too).
constexpr std::array<ContractRow, kBidKinds> kBidRows = {{
    {"ordinary", BidKind::Ordinary, Objective::Points, nullptr, "", nullptr, on_the_ladder, true, declarer_names,
     whole_table, declarer_leads, shows_nothing, nullptr, decided_by_bid, score_by_bid},
    {"plunge", BidKind::Plunge, Objective::EveryTrick, holds_plunge, "at least 4 doubles", plunge_least, plunge_admits,
     false, partner_of, whole_table, partner_of, bidders_doubles, nullptr, decided_by_first_loss, score_by_bid},
    {"splash", BidKind::Splash, Objective::EveryTrick, holds_splash, "at least 3 doubles", splash_least, splash_admits,
     false, partner_of, whole_table, partner_of, bidders_doubles, nullptr, decided_by_first_loss, score_by_bid},
}};

// ------------------------------------------------------------- Moon's contracts (§4.1, §4.2)

// §4.1: the bidder alone against the other two, who play as one side (nobody known to bid: no
// sides yet).
Seating bidder_alone(const Rules& rules, int declarer) { return Seating::alone(rules.seats(), declarer); }

// Every trick is played (the other side scores the tricks it takes, whatever the outcome); made with
// at least the bid's tricks, all of them for 21.
std::optional<bool> decided_at_the_end(const Rules& rules, const Contract& contract, const Tally& tally) {
  if (!tally.all_played) return std::nullopt;
  return tally.tricks[tally.declaring_side] >= points_needed(rules, contract.bid.value);
}

// §4.1-4.2: the bidder scores the bid if made (Fosdick's Partnership Moon, or Moon under
// moon_bidder_score = tricks_taken: the tricks its side took) and loses it if set (Moon under
// moon_set = opponents_get_bid: each opponent scores the bid besides its tricks); every other
// player, or the other side, scores the tricks it took.
HandResult score_moon(const Rules& rules, const Contract& contract, const Tally& tally, bool made) {
  HandResult r;
  r.made = made;
  const int bid = contract.bid.value;
  r.decides_game = made && bid == Rules::kShootTheMoon && rules.moon_wins_game;  // M-10: the moon shot wins the game
  if (!rules.row().partners) {  // each player for itself
    const bool tricks_taken = rules.moon_bidder_score == MoonBidderScore::TricksTaken;
    const bool to_opponents = rules.moon_set == MoonSet::OpponentsGetBid;
    for (int seat = 0; seat < rules.seats(); ++seat) {
      if (seat == contract.declarer) r.score[seat] = made ? (tricks_taken ? tally.seat_tricks[seat] : bid) : to_opponents ? 0 : -bid;
      else r.score[seat] = tally.seat_tricks[seat] + (!made && to_opponents ? bid : 0);
    }
    return r;
  }
  const int us = tally.declaring_side, them = kSides - 1 - us;
  const bool tricks_taken = rules.moon4_preset == Moon4Preset::Fosdick;  // Partnership Moon's preset (§4.2)
  r.score[us] = !made ? -bid : tricks_taken ? tally.tricks[us] : bid;
  r.score[them] = tally.tricks[them];
  return r;
}

// §4.1: the bidder names the trumps (doubles only under moon_doubles_trump) and leads, alone.
constexpr std::array<ContractRow, 1> kMoonBidRows = {{
    {"moon", BidKind::Ordinary, Objective::Tricks, nullptr, "", nullptr, on_the_ladder, false, declarer_names,
     bidder_alone, declarer_leads, shows_nothing, nullptr, decided_at_the_end, score_moon},
}};
// §4.2: partners opposite, the bidder naming trumps and leading.
constexpr std::array<ContractRow, 1> kMoon4BidRows = {{
    {"moon4", BidKind::Ordinary, Objective::Tricks, nullptr, "", nullptr, on_the_ladder, false, declarer_names,
     whole_table, declarer_leads, shows_nothing, nullptr, decided_at_the_end, score_moon},
}};

// ------------------------------------------------------------- the contracts declarations impose

// A declaration of its own (Sevens, §3.6) exists only where the house offers the special contracts,
// and is named on a mark bid (a bid of every trick).
bool on_a_mark_bid(const Rules& rules, int bid) { return is_bid(rules, bid) && bids_every_trick(rules, bid); }

std::vector<Trump> if_specials(const Rules& rules, Trump trump) {
  return rules.specials == Specials::All ? std::vector<Trump>{trump} : std::vector<Trump>{};
}

bool sevens_ties_to_declarers(const Rules& rules) { return rules.sevens_tie == SevensTie::BiddersWinTies; }

// §3.6: Sevens, declared on a mark bid; the whole table plays, the declarer leads, every trick is
// required and the first lost ends the hand; ties by sevens_tie; scored as the mark bid.
constexpr ContractRow kSevensContract = {
    "sevens", BidKind::Ordinary, Objective::EveryTrick, nullptr, "", nullptr, on_a_mark_bid, false, declarer_names,
    whole_table, declarer_leads, shows_nothing, sevens_ties_to_declarers, decided_by_first_loss, score_by_bid};

// §3.6: no suits; a tile's class is its distance from 7 pips.
void sevens(SuitTable& t, const Rules& rules, Trump) {
  for (int id = 0; id < rules.tiles(); ++id) t.place_by_distance(id);
}

// §3.3: Nel-O is named on a mark bid (nello_min = any_bid: on any bid); in the points game only
// under nello_in_points = as_marks. Its doubles modes: own suit and high, and low where
// nello_doubles_allowed = all.
bool nello_admits(const Rules& rules, int bid) {
  return is_bid(rules, bid) && (rules.nello_min == NelloMin::AnyBid || bids_every_trick(rules, bid));
}

std::vector<Trump> nello_modes(const Rules& rules) {
  if (rules.specials == Specials::None || (rules.scoring == Scoring::Points && rules.nello_in_points == NelloInPoints::Off))
    return {};
  std::vector<Trump> out{Trump::nello(NtDoubles::OwnSuit), Trump::nello(NtDoubles::High)};
  if (rules.nello_doubles_allowed == NelloDoublesAllowed::All) out.push_back(Trump::nello(NtDoubles::Low));
  return out;
}

// The declarer's partner sits out (tricks of 3); nobody known to declare: the whole table.
Seating without_partner(const Rules& rules, int declarer) {
  const Seating table = rules.seating();
  return declarer < 0 ? table : table.without(table.partner(declarer));
}

// The first trick the declarer takes ends the hand; all seven lost, it is made.
std::optional<bool> decided_by_first_win(const Rules&, const Contract&, const Tally& tally) {
  if (tally.tricks[tally.declaring_side] > 0) return false;
  if (tally.all_played) return true;
  return std::nullopt;
}

// k marks to the side that wins; in the points game (nello_in_points = as_marks) 42·k points, the
// points taken counting for nothing (decision, §6.1).
HandResult score_nello(const Rules& rules, const Contract& contract, const Tally& tally, bool made) {
  if (rules.scoring == Scoring::Marks || contract.bid.value == kGameBid) return score_by_bid(rules, contract, tally, made);
  HandResult r;
  r.made = made;
  r.score[made ? tally.declaring_side : kSides - 1 - tally.declaring_side] = marks_of(rules, contract.bid.value) * rules.mark();
  return r;
}

// §3.3: Nel-O, the declarer alone against both opponents, the declarer leading; no trick may be
// taken, the first taken ending the hand.
constexpr ContractRow kNelloContract = {
    "nello", BidKind::Ordinary, Objective::NoTrick, nullptr, "", nullptr, nello_admits, false, declarer_names,
    without_partner, declarer_leads, shows_nothing, nullptr, decided_by_first_win, score_nello};

// §3.3: no trumps; the doubles as named: high or low in their number, or a suit of their own.
void nello(SuitTable& t, const Rules& rules, Trump trump) {
  t.variant = static_cast<std::int8_t>(trump.doubles_mode);
  const int double_rank = trump.doubles_mode == NtDoubles::Low ? SuitTable::kLowDouble : SuitTable::kHighDouble;
  for (int id = 0; id < rules.tiles(); ++id) {
    if (is_double(id) && trump.doubles_mode == NtDoubles::OwnSuit) t.place_in_doubles(id);
    else t.place_in_numbers(id, double_rank);
  }
}

// ------------------------------------------------------------- the declaration rows

// §4.1: three-player Moon names doubles trumps only under moon_doubles_trump (its row says so).
std::vector<Trump> doubles_if_allowed(const Rules& rules) {
  if (rules.row().doubles_trump_by_flag && !rules.moon_doubles_trump) return {};
  return {Trump::doubles()};
}

constexpr std::array<DeclarationRow, kDeclarationKinds> kDeclarationRows = {{
    {TrumpKind::Suit, "suit", true, {}, {}, each_number, suit_trump, nullptr},
    {TrumpKind::Doubles, "doubles", false, {"doubles"}, {}, doubles_if_allowed, doubles_trump, nullptr},
    {TrumpKind::None, "none", false, {"none", "follow-me", "followme"}, {},
     [](const Rules&) { return std::vector<Trump>{Trump::none()}; }, follow_me, nullptr},
    {TrumpKind::Sevens, "sevens", false, {"sevens"}, {},
     [](const Rules& r) { return if_specials(r, Trump::sevens()); }, sevens, &kSevensContract},
    {TrumpKind::Nello, "nello", false, {}, {"nello-high", "nello-low", "nello"}, nello_modes, nello, &kNelloContract},
}};
static_assert(
    [] {
      for (std::size_t i = 0; i < kDeclarationRows.size(); ++i)
        if (static_cast<std::size_t>(kDeclarationRows[i].kind) != i) return false;
      for (std::size_t i = 0; i < kBidRows.size(); ++i)
        if (static_cast<std::size_t>(kBidRows[i].bid_kind) != i) return false;
      return true;
    }(),
    "the rows follow TrumpKind's and BidKind's order (declaration_row and bid_row index them by it)");

}  // namespace

std::span<const DeclarationRow> declaration_rows() { return kDeclarationRows; }

std::span<const ContractRow> texas42_bid_rows() { return kBidRows; }
std::span<const ContractRow> moon_bid_rows() { return kMoonBidRows; }
std::span<const ContractRow> moon4_bid_rows() { return kMoon4BidRows; }

std::span<const ContractRow> bid_rows(const Rules& rules) { return rules.row().bid_rows(); }

std::vector<const ContractRow*> contract_rows(const Rules& rules) {
  std::vector<const ContractRow*> out;
  for (const ContractRow& row : bid_rows(rules)) out.push_back(&row);
  if (!rules.row().special_contracts) return out;  // the contracts declarations impose are 42's (§3) alone
  for (const DeclarationRow& row : kDeclarationRows)
    if (row.imposes && std::find(out.begin(), out.end(), row.imposes) == out.end()) out.push_back(row.imposes);
  return out;
}

const DeclarationRow& declaration_row(Trump trump) { return kDeclarationRows[static_cast<std::size_t>(trump.kind)]; }

const ContractRow& bid_row(const Rules& rules, BidKind kind) {
  const auto rows = bid_rows(rules);
  const auto i = static_cast<std::size_t>(kind);
  if (i >= rows.size()) throw InvalidPositionError("a " + bid_kind_name(kind) + " bid is not a bid of this game (" + rows[0].name + ")");
  return rows[i];
}

std::string bid_kind_name(BidKind kind) { return kBidRows[static_cast<std::size_t>(kind)].name; }

BidKind parse_bid_kind(const std::string& name) {
  std::string expected;
  for (const ContractRow& row : kBidRows) {
    if (name == row.name) return row.bid_kind;
    expected += (expected.empty() ? "'" : ", '") + std::string(row.name) + "'";
  }
  throw ParseError("unknown bid kind '" + name + "' (expected " + expected + ")");
}

Ruling ruling(const Rules& rules, Trump trump, const std::optional<Contract>& contract) {
  Ruling r;
  r.declaration = &declaration_row(trump);
  r.contract = r.declaration->imposes ? r.declaration->imposes : &bid_row(rules, contract ? contract->bid.kind : BidKind::Ordinary);
  const bool seated = contract && contract->declarer >= 0 && contract->declarer < rules.seats();
  r.declarer = seated ? contract->declarer : -1;
  r.seating = r.contract->seating(rules, r.declarer);
  if (r.declarer >= 0 && r.contract->ties_to_declarers && r.contract->ties_to_declarers(rules))
    r.tie_side = r.seating.side(r.declarer);
  return r;
}

unsigned Ruling::favoured(int leader) const {
  if (tie_side < 0) return 0;
  unsigned places = 0;
  for (int k = 0; k < seating.trick_size(); ++k)
    if (seating.side(seating.after(leader, k)) == tie_side) places |= 1u << k;
  return places;
}

int Ruling::first_leader() const {
  if (declarer >= 0) return contract->first_leader(seating, declarer);
  int seat = 0;
  while (!seating.plays(seat)) ++seat;
  return seat;
}

TileMask Ruling::reveals(const Rules& rules, int seat) const {
  return declarer >= 0 ? contract->reveals(rules, declarer, seat) : 0;
}

std::string contract_error(const Rules& rules, const Ruling& ruling, const Contract& contract) {
  const ContractRow& bid = bid_row(rules, contract.bid.kind);
  if (!bid.admits(rules, contract.bid.value)) {
    if (bid.bid_kind == BidKind::Ordinary) return "contract bid " + bid_name(contract.bid) + " is not a bid";
    int least = rules.mark();
    while (!bid.admits(rules, least) && least < kGameBid) least += rules.mark();
    return "a " + std::string(bid.name) + " bid is a mark bid of " + std::to_string(least) + " or more, not " +
           bid_name(contract.bid.value);
  }
  if (ruling.contract != &bid) {  // the declaration's own contract
    if (!bid.names_own_contracts)
      return "a " + std::string(bid.name) + " bid's declaration cannot be '" + std::string(ruling.declaration->name) + "'";
    if (!ruling.contract->admits(rules, contract.bid.value))
      return "'" + std::string(ruling.declaration->name) + "' cannot be declared on a bid of " + bid_name(contract.bid);
  }
  return "";
}

std::optional<int> offer(const Rules& rules, const ContractRow& row, const Bid& high, TileMask hand) {
  if (!row.holds || rules.specials == Specials::None || high.value == kGameBid || !row.holds(rules, hand))
    return std::nullopt;
  const int high_marks = high.value == kPass ? 0 : marks_of(rules, high.value);
  return rules.mark() * std::max(row.least_marks(rules), high_marks + 1);
}

std::string holding_error(const Rules& rules, const Contract& contract, TileMask hand) {
  const ContractRow& row = bid_row(rules, contract.bid.kind);
  if (!row.holds || row.holds(rules, hand)) return "";
  return "a " + std::string(row.name) + " bid needs " + row.holding + " in the declarer's hand at the deal";
}

std::vector<Trump> declarations(const Rules& rules) {
  std::vector<Trump> out;
  for (const DeclarationRow& row : kDeclarationRows)
    for (const Trump& t : row.declarations(rules)) out.push_back(t);
  return out;
}

std::vector<Trump> declarations(const Rules& rules, const Contract& contract) {
  const ContractRow& bid = bid_row(rules, contract.bid.kind);
  std::vector<Trump> out;
  for (const DeclarationRow& row : kDeclarationRows)
    if (!row.imposes || (bid.names_own_contracts && row.imposes->admits(rules, contract.bid.value)))
      for (const Trump& t : row.declarations(rules)) out.push_back(t);
  return out;
}

std::string bid_name(const Bid& bid) {
  const std::string number = bid_name(bid.value);
  return bid.kind == BidKind::Ordinary ? number : number + ":" + bid_kind_name(bid.kind);
}

std::string objective_name(Objective objective) {
  switch (objective) {
    case Objective::Points: return "points";
    case Objective::EveryTrick: return "every trick";
    case Objective::NoTrick: return "no trick";
    case Objective::Tricks: return "tricks";
  }
  return "?";
}

Objective parse_objective(const std::string& name) {
  for (const Objective o : {Objective::Points, Objective::EveryTrick, Objective::NoTrick, Objective::Tricks})
    if (name == objective_name(o)) return o;
  throw ParseError("unknown objective '" + name + "' (expected 'points', 'every trick', 'no trick' or 'tricks')");
}

std::string Trump::name() const {
  const DeclarationRow& row = declaration_row(*this);
  if (row.numbered) return std::to_string(suit);
  return row.modes[0] ? row.modes[static_cast<std::size_t>(doubles_mode)] : row.spellings[0];
}

Trump Trump::parse(const std::string& text) {
  std::string expected;
  for (const DeclarationRow& row : kDeclarationRows) {
    if (row.numbered) {
      if (text.size() == 1 && text[0] >= '0' && text[0] <= '0' + kMaxPip) return Trump{row.kind, text[0] - '0'};
    } else if (row.modes[0]) {
      for (std::size_t m = 0; m < row.modes.size(); ++m)
        if (text == row.modes[m]) return Trump{row.kind, -1, static_cast<NtDoubles>(m)};
    } else {
      for (const char* spelling : row.spellings)
        if (spelling && text == spelling) return Trump{row.kind, -1};
    }
    if (!expected.empty()) expected.append(&row == &kDeclarationRows.back() ? " or " : ", ");
    if (row.numbered) expected.append("a number 0.." + std::to_string(kMaxPip));  // of the largest set
    else if (row.modes[0]) {  // the base mode (own suit) first
      for (NtDoubles m : {NtDoubles::OwnSuit, NtDoubles::High, NtDoubles::Low})
        expected.append(m == NtDoubles::OwnSuit ? "'" : ", '").append(row.modes[static_cast<std::size_t>(m)]).append("'");
    }
    else expected.append("'").append(row.spellings[0]).append("'");
  }
  throw ParseError("unknown trump '" + text + "' (expected " + expected + ")");
}

}  // namespace dominosolver::texas42
