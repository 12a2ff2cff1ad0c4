#include "dominosolver/texas42/rules.hpp"

#include <string_view>

#include "dominosolver/core/errors.hpp"
#include "dominosolver/texas42/contract.hpp"

namespace dominosolver::texas42 {

namespace {

template <class E, std::size_t N>
struct FlagSpec {
  const char* name;
  E Rules::*field;
  std::array<const char*, N> values;
};

template <class E, std::size_t N>
void write_flag(std::map<std::string, std::string>& out, const Rules& r, const FlagSpec<E, N>& spec) {
  const auto v = static_cast<std::size_t>(r.*spec.field);
  if (v != 0) out[spec.name] = spec.values[v];
}

template <class E, std::size_t N>
bool read_flag(Rules& r, const std::string& key, const std::string& value, const FlagSpec<E, N>& spec) {
  if (key != spec.name) return false;
  for (std::size_t i = 0; i < N; ++i)
    if (value == spec.values[i]) {
      r.*spec.field = static_cast<E>(i);
      return true;
    }
  std::string allowed;
  for (auto* v : spec.values) allowed += (allowed.empty() ? "" : ", ") + std::string(v);
  throw ParseError("rules flag '" + key + "' cannot be '" + value + "' (allowed: " + allowed + ")");
}

bool read_switch(bool& field, const std::string& key, const std::string& value, const char* name) {
  if (key != name) return false;
  if (value == "on" || value == "true") field = true;
  else if (value == "off" || value == "false") field = false;
  else throw ParseError("rules flag '" + key + "' must be 'on' or 'off', not '" + value + "'");
  return true;
}

const FlagSpec<NtDoubles, 3> kNtDoubles{"nt_doubles", &Rules::nt_doubles, {"high", "low", "own_suit"}};
const FlagSpec<Scoring, 2> kScoring{"scoring", &Rules::scoring, {"marks", "points"}};
const FlagSpec<AllPass, 2> kAllPass{"all_pass", &Rules::all_pass, {"redeal", "forced_dealer"}};
const FlagSpec<MarkJump, 2> kMarkJump{"mark_jump", &Rules::mark_jump, {"strict", "free"}};
const FlagSpec<PointsMade, 2> kPointsMade{"points_made", &Rules::points_made, {"taken", "bid_only"}};
const FlagSpec<PlayOut, 2> kPlayOut{"play_out", &Rules::play_out, {"auto", "always"}};
const FlagSpec<PointsTie, 2> kPointsTie{"points_tie", &Rules::points_tie, {"bidder_out", "higher_total"}};
const FlagSpec<Specials, 2> kSpecials{"specials", &Rules::specials, {"none", "all"}};
const FlagSpec<PlungeMarks, 3> kPlungeMarks{"plunge_marks", &Rules::plunge_marks, {"4", "3", "2"}};
const FlagSpec<SplashMarks, 2> kSplashMarks{"splash_marks", &Rules::splash_marks, {"2", "3"}};
const FlagSpec<SevensTie, 2> kSevensTie{"sevens_tie", &Rules::sevens_tie, {"first_played", "bidders_win_ties"}};
const FlagSpec<NelloMin, 2> kNelloMin{"nello_min", &Rules::nello_min, {"1_mark", "any_bid"}};
const FlagSpec<NelloDoublesAllowed, 2> kNelloDoublesAllowed{
    "nello_doubles_allowed", &Rules::nello_doubles_allowed, {"own_suit_high", "all"}};
const FlagSpec<NelloInPoints, 2> kNelloInPoints{"nello_in_points", &Rules::nello_in_points, {"off", "as_marks"}};
// The family flag's values: the family rows' names, in Family's order (the first, 42, the default).
constexpr std::array<const char*, kFamilies.size()> kFamilyNames = [] {
  std::array<const char*, kFamilies.size()> out{};
  for (std::size_t i = 0; i < kFamilies.size(); ++i) out[i] = kFamilies[i].name;
  return out;
}();
const FlagSpec<Family, kFamilies.size()> kFamily{"family", &Rules::family, kFamilyNames};
const FlagSpec<Moon4Preset, 2> kMoon4Preset{"moon4_preset", &Rules::moon4_preset, {"pagat", "fosdick"}};
const FlagSpec<MoonAllPass, 2> kMoonAllPass{"moon_all_pass", &Rules::moon_all_pass, {"redeal", "forced_last_4"}};
const FlagSpec<MoonBidderScore, 2> kMoonBidderScore{"moon_bidder_score", &Rules::moon_bidder_score, {"bid", "tricks_taken"}};
const FlagSpec<MoonSet, 2> kMoonSet{"moon_set", &Rules::moon_set, {"minus_bid", "opponents_get_bid"}};
const FlagSpec<MoonWidow, 2> kMoonWidow{"moon_widow", &Rules::moon_widow, {"take", "none"}};

std::string family_name(const Rules& r) { return r.row().name; }

// A member's own flags (docs/rules.md §4): each may be set only in the families it names (checked
// in this order, the first wrong one named).
constexpr unsigned family_bit(Family f) { return 1u << static_cast<unsigned>(f); }
struct FlagScope {
  const char* flag;
  bool (*set)(const Rules& r, const Rules& base);  // set away from the family's default
  unsigned families;                              // family_bit of each family it belongs to
  const char* owners;                             // whose it is, for the message
};
constexpr const char* kMoons = "Moon's (family 'moon'), docs/rules.md §4.1";
constexpr const char* kBothMoons = "the Moons' (family 'moon' or 'moon4'), docs/rules.md §4.1";
constexpr const char* kPartnershipMoon = "Partnership Moon's (family 'moon4'), docs/rules.md §4.2";
constexpr std::array<FlagScope, 9> kFlagScopes = {{
    {"moon_doubles_trump", [](const Rules& r, const Rules&) { return r.moon_doubles_trump; }, family_bit(Family::Moon), kMoons},
    {"moon_all_pass", [](const Rules& r, const Rules& b) { return r.moon_all_pass != b.moon_all_pass; },
     family_bit(Family::Moon), kMoons},
    {"moon_bidder_score", [](const Rules& r, const Rules& b) { return r.moon_bidder_score != b.moon_bidder_score; },
     family_bit(Family::Moon), kMoons},
    {"moon_set", [](const Rules& r, const Rules& b) { return r.moon_set != b.moon_set; }, family_bit(Family::Moon), kMoons},
    {"moon_widow", [](const Rules& r, const Rules& b) { return r.moon_widow != b.moon_widow; }, family_bit(Family::Moon),
     kMoons},
    // Shooting the moon's house rules belong to both Moons (§4.1-4.2, M-10, M-11).
    {"moon_wins_game", [](const Rules& r, const Rules&) { return r.moon_wins_game; },
     family_bit(Family::Moon) | family_bit(Family::Moon4), kBothMoons},
    {"moon_overcall", [](const Rules& r, const Rules&) { return r.moon_overcall; },
     family_bit(Family::Moon) | family_bit(Family::Moon4), kBothMoons},
    {"back_to_back_loss", [](const Rules& r, const Rules&) { return r.back_to_back_loss; }, family_bit(Family::Moon4),
     kPartnershipMoon},
    {"moon4_preset", [](const Rules& r, const Rules& b) { return r.moon4_preset != b.moon4_preset; },
     family_bit(Family::Moon4), kPartnershipMoon},
}};

// The flags of one family only: 42's contracts and scoring, Moon's trumps, Partnership Moon's
// preset; The Big Game plays 42's points game (§4.3) without its mark bids and special contracts.
void check_family(const Rules& r) {
  const Rules base = Rules::of_family(r.family);
  if (r.big_game()) {
    const bool marks_or_specials = r.scoring != base.scoring || r.mark_jump != base.mark_jump ||
                                   r.play_out != base.play_out || r.specials != base.specials ||
                                   r.plunge_marks != base.plunge_marks || r.splash_marks != base.splash_marks ||
                                   r.sevens_tie != base.sevens_tie || r.nello_min != base.nello_min ||
                                   r.nello_doubles_allowed != base.nello_doubles_allowed ||
                                   r.nello_in_points != base.nello_in_points;
    if (marks_or_specials)
      throw ParseError("The Big Game (family 'biggame') is scored in points, with neither mark bids nor special "
                       "contracts (docs/rules.md §4.3): flags 'scoring', 'mark_jump', 'play_out', 'specials' and those of the "
                       "special contracts do not apply");
  }
  const bool texas42_only = r.scoring != base.scoring || r.all_pass != base.all_pass ||
                            r.forced_exact_30 || r.mark_jump != base.mark_jump || r.first_lead_trump ||
                            r.points_made != base.points_made || r.play_out != base.play_out ||
                            r.points_tie != base.points_tie || r.specials != base.specials ||
                            r.plunge_marks != base.plunge_marks || r.splash_marks != base.splash_marks ||
                            r.sevens_tie != base.sevens_tie || r.nello_min != base.nello_min ||
                            r.nello_doubles_allowed != base.nello_doubles_allowed ||
                            r.nello_in_points != base.nello_in_points;
  if (r.moon() && texas42_only)
    throw ParseError("rules flags of Texas 42's auction, scoring and special contracts do not apply to family '" +
                     family_name(r) + "'");
  for (const FlagScope& scope : kFlagScopes)
    if (scope.set(r, base) && !(scope.families & family_bit(r.family)))
      throw ParseError(std::string("rules flag '") + scope.flag + "' is " + scope.owners);
}

}  // namespace

std::map<std::string, std::string> Rules::flags() const {
  std::map<std::string, std::string> out;
  write_flag(out, *this, kNtDoubles);
  if (!big_game()) write_flag(out, *this, kScoring);  // the family implies it
  write_flag(out, *this, kAllPass);
  if (forced_exact_30) out["forced_exact_30"] = "on";
  write_flag(out, *this, kMarkJump);
  if (first_lead_trump) out["first_lead_trump"] = "on";
  write_flag(out, *this, kPointsMade);
  write_flag(out, *this, kPlayOut);
  write_flag(out, *this, kPointsTie);
  write_flag(out, *this, kSpecials);
  write_flag(out, *this, kPlungeMarks);
  write_flag(out, *this, kSplashMarks);
  write_flag(out, *this, kSevensTie);
  write_flag(out, *this, kNelloMin);
  write_flag(out, *this, kNelloDoublesAllowed);
  write_flag(out, *this, kNelloInPoints);
  write_flag(out, *this, kFamily);
  if (moon_doubles_trump) out["moon_doubles_trump"] = "on";
  write_flag(out, *this, kMoon4Preset);
  write_flag(out, *this, kMoonAllPass);
  write_flag(out, *this, kMoonBidderScore);
  write_flag(out, *this, kMoonSet);
  if (back_to_back_loss) out["back_to_back_loss"] = "on";
  write_flag(out, *this, kMoonWidow);
  if (moon_wins_game) out["moon_wins_game"] = "on";
  if (moon_overcall) out["moon_overcall"] = "on";
  return out;
}

Rules Rules::from_flags(const std::map<std::string, std::string>& flags) {
  Rules r;
  for (const auto& [key, value] : flags) {
    const bool known = read_flag(r, key, value, kNtDoubles) || read_flag(r, key, value, kScoring) ||
                       read_flag(r, key, value, kAllPass) || read_flag(r, key, value, kMarkJump) ||
                       read_flag(r, key, value, kPointsMade) || read_flag(r, key, value, kPlayOut) ||
                       read_flag(r, key, value, kPointsTie) || read_flag(r, key, value, kSpecials) ||
                       read_flag(r, key, value, kPlungeMarks) ||
                       read_flag(r, key, value, kSplashMarks) || read_flag(r, key, value, kSevensTie) ||
                       read_flag(r, key, value, kNelloMin) || read_flag(r, key, value, kNelloDoublesAllowed) ||
                       read_flag(r, key, value, kNelloInPoints) || read_flag(r, key, value, kFamily) ||
                       read_flag(r, key, value, kMoon4Preset) || read_flag(r, key, value, kMoonAllPass) ||
                       read_flag(r, key, value, kMoonBidderScore) || read_flag(r, key, value, kMoonSet) ||
                       read_flag(r, key, value, kMoonWidow) ||
                       read_switch(r.moon_wins_game, key, value, "moon_wins_game") ||
                       read_switch(r.moon_overcall, key, value, "moon_overcall") ||
                       read_switch(r.back_to_back_loss, key, value, "back_to_back_loss") ||
                       read_switch(r.forced_exact_30, key, value, "forced_exact_30") ||
                       read_switch(r.first_lead_trump, key, value, "first_lead_trump") ||
                       read_switch(r.moon_doubles_trump, key, value, "moon_doubles_trump");
    if (!known) throw ParseError("unknown rules flag '" + key + "'");
  }
  r.max_pip = r.row().max_pip;  // the family fixes the set
  if (r.big_game()) {  // and The Big Game the scoring (§4.3)
    if (flags.contains("scoring") && r.scoring != Scoring::Points)
      throw ParseError("The Big Game (family 'biggame') is scored in points (docs/rules.md §4.3), not '" + flags.at("scoring") + "'");
    r.scoring = Scoring::Points;
  }
  check_family(r);
  return r;
}

int counter_value(int tile) {
  const int pips = hi_end(tile) + lo_end(tile);
  return pips == 10 ? 10 : pips == 5 ? 5 : 0;
}

// §4.1: Moon plays the double-six without the blanks but the double blank, 1-0 .. 6-0.
TileMask Rules::tile_set() const {
  TileMask set = set_mask(max_pip);
  if (row().without_blanks)
    for (int pip = 1; pip <= max_pip; ++pip) set &= ~bit(tile_id(pip, 0));
  return set;
}

std::string Rules::set_name() const {
  return row().without_blanks ? "Moon set (docs/rules.md §4.1: no 1-0 .. 6-0)" : "double-" + std::to_string(max_pip) + " set";
}

std::string Rules::seat_name(int seat) const {
  constexpr std::string_view kCompass = "NESW";
  if (seat < 0 || seat >= seats()) return std::to_string(seat);
  return seats() == static_cast<int>(kCompass.size()) ? std::string(1, kCompass[seat]) : "P" + std::to_string(seat);
}

// §4.1-4.2: a Moon trick is worth its one point and nothing more.
int Rules::count_of(int tile) const { return row().counters ? counter_value(tile) : 0; }

int Rules::counters() const {
  const auto count = [](const Rules& r) {
    int total = 0;
    for (TileMask m = r.tile_set(); m; m &= m - 1) total += r.count_of(lowest(m));
    return total;
  };
  // The count follows the family and the set alone: counted once for each (mark() asks it, and
  // the auction asks mark() at every rung of the ladder).
  static const auto kCounted = [&] {
    std::array<std::array<int, kMaxPip + 1>, kFamilies.size()> out{};
    for (std::size_t f = 0; f < kFamilies.size(); ++f)
      for (int pip = 0; pip <= kMaxPip; ++pip) out[f][static_cast<std::size_t>(pip)] = count(Rules{.max_pip = pip, .family = kFamilies[f].family});
    return out;
  }();
  const auto f = static_cast<std::size_t>(family);
  if (f < kFamilies.size() && max_pip >= 0 && max_pip <= kMaxPip) return kCounted[f][static_cast<std::size_t>(max_pip)];
  return count(*this);
}

SuitTable::SuitTable(const Rules& rules, Trump t) : trump(t) {
  all = set_mask(rules.max_pip);
  for (TileMask m = all; m; m &= m - 1) counters[lowest(m)] = static_cast<std::int8_t>(rules.count_of(lowest(m)));
  const DeclarationRow& row = declaration_row(t);
  declaration = static_cast<std::int8_t>(row.numbered ? t.suit : kMaxPip + 1 + static_cast<int>(t.kind));
  row.place_tiles(*this, rules, t);
  for (int s = 0; s < kCalledSuits; ++s)
    for (TileMask m = follows[s]; m; m &= m - 1) {
      const int a = lowest(m);
      suits_of[a] |= static_cast<std::uint16_t>(1u << s);
      for (TileMask o = follows[s]; o; o &= o - 1)
        if (rank[s][lowest(o)] > rank[s][a]) above[s][a] |= bit(lowest(o));
    }
  // §4.3: a lower-end lead calls its lower number and ranks there as its tile does; it belongs to
  // that suit alone, so it has no entries elsewhere.
  if (rules.lower_end_leads())
    for (int i = 0; i < static_cast<int>(kLowerEndTiles.size()); ++i) {
      const int tile = kLowerEndTiles[i], play = lower_end_lead(i), suit = lower_end_suit(play);
      if (trumps & bit(tile)) continue;
      lower_end |= bit(tile);
      called[play] = static_cast<std::int8_t>(suit);
      counters[play] = counters[tile];
      suits_of[play] = static_cast<std::uint16_t>(1u << suit);
      rank[suit][play] = rank[suit][tile];
      above[suit][play] = above[suit][tile];
    }
  for (TileMask m = all | lower_end_leads(all); m; m &= m - 1) above_led[lowest(m)] = above[called[lowest(m)]][lowest(m)];
  // Ranks run from kLowDouble (-1) to kHighDouble (20): followers 1..22, trumps 65..86. Under
  // Sevens a tile's rank in its class counts whatever was led.
  for (int led = 0; led < kCalledSuits; ++led)
    for (TileMask m = all; m; m &= m - 1) {
      const int a = lowest(m);
      if (trumps & bit(a)) power[led][a] = static_cast<std::int8_t>(66 + rank[kTrumpSuit][a]);
      else if (by_distance) power[led][a] = static_cast<std::int8_t>(2 + rank[called[a]][a]);
      else if (follows[led] & bit(a)) power[led][a] = static_cast<std::int8_t>(2 + rank[led][a]);
    }
  for (TileMask m = lower_end_leads(all); m; m &= m - 1) {
    const int play = lowest(m), suit = called[play];
    power[suit][play] = power[suit][tile_of_play(play)];
  }
}

void SuitTable::place_trump(int tile, int r) {
  trumps |= bit(tile);
  follows[kTrumpSuit] |= bit(tile);
  called[tile] = kTrumpSuit;
  rank[kTrumpSuit][tile] = static_cast<std::int8_t>(r);
}

void SuitTable::place_in_numbers(int tile, int double_rank) {
  const int h = hi_end(tile), l = lo_end(tile);
  called[tile] = static_cast<std::int8_t>(h);  // the high end calls the suit (§1.4)
  for (int s : {h, l}) {
    follows[s] |= bit(tile);
    rank[s][tile] = static_cast<std::int8_t>(h == l ? double_rank : other_end(tile, s));
  }
}

// §3.6: a tile's distance class is |pip total - 7|; the nearer to 7, the stronger.
void SuitTable::place_by_distance(int tile) {
  const int pips = hi_end(tile) + lo_end(tile), distance = pips > 7 ? pips - 7 : 7 - pips;
  by_distance = true;
  follows[distance] |= bit(tile);
  called[tile] = static_cast<std::int8_t>(distance);
  rank[distance][tile] = static_cast<std::int8_t>(kCalledSuits - distance);
}

void SuitTable::place_in_doubles(int tile) {
  follows[kDoublesSuit] |= bit(tile);
  called[tile] = kDoublesSuit;
  rank[kDoublesSuit][tile] = static_cast<std::int8_t>(hi_end(tile));
}

bool is_bid(const Rules& rules, int bid) {
  if (rules.big_game()) return bid >= rules.min_bid() && bid <= rules.hand_points();  // 42..66 (§4.3)
  if (rules.moon()) return (bid >= rules.min_bid() && bid <= rules.mark()) || bid == Rules::kShootTheMoon;
  if (bid == kGameBid) return rules.scoring == Scoring::Points;
  return bid >= rules.min_bid() && (bid <= rules.mark() || bid % rules.mark() == 0);
}

bool bids_every_trick(const Rules& rules, int bid) { return bid >= rules.mark(); }

int points_needed(const Rules& rules, int bid) { return bids_every_trick(rules, bid) ? rules.hand_points() : bid; }

int marks_of(const Rules& rules, int bid) {
  if (bid == kGameBid || rules.moon()) return 0;  // Moon scores its bids as points (§4.1)
  return bid < 2 * rules.mark() ? 1 : bid / rules.mark();
}

bool bid_is_legal(const Rules& rules, int bid, int high_bid) {
  // Each above the last (§4.1, §4.3); under moon_overcall a moon (21) over a moon too (M-11).
  if (rules.moon() && rules.moon_overcall && bid == Rules::kShootTheMoon && high_bid == Rules::kShootTheMoon) return true;
  if (rules.moon() || rules.big_game()) return bid > high_bid && is_bid(rules, bid);
  if (bid == kGameBid) return rules.scoring == Scoring::Points && high_bid == rules.game_bid_over();
  if (bid <= high_bid || bid < rules.min_bid()) return false;
  if (bid < rules.mark()) return true;
  if (bid % rules.mark() != 0) return false;
  const int k = bid / rules.mark();
  if (k <= rules.free_mark_jump() || rules.mark_jump == MarkJump::Free) return true;
  return high_bid == rules.mark() * (k - 1);
}

std::vector<int> bid_ladder(const Rules& rules) {
  const int top = rules.moon() ? Rules::kShootTheMoon : rules.big_game() ? rules.hand_points() : rules.mark() * rules.row().target;
  std::vector<int> out;
  for (int bid = rules.min_bid(); bid <= top; ++bid)
    if (is_bid(rules, bid)) out.push_back(bid);
  return out;
}

std::string bid_name(int bid) {
  if (bid == kPass) return "pass";
  if (bid == kGameBid) return "game";
  return std::to_string(bid);
}

}  // namespace dominosolver::texas42
