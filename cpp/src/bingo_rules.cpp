#include "dominosolver/bingo/rules.hpp"

#include <vector>

#include "dominosolver/core/errors.hpp"

namespace dominosolver::bingo {

namespace {

// One flag: its docs/rules.md name lower-cased, its values (index = the field's enum value) and accessors.
struct Flag {
  const char* name;
  std::vector<const char*> values;
  int (*get)(const Rules&);
  void (*set)(Rules&, int);
  bool is_switch = false;
};

#define DS_ENUM_FLAG(NAME, FIELD, ...)                                                     \
  Flag {                                                                                   \
    NAME, {__VA_ARGS__}, [](const Rules& r) { return static_cast<int>(r.FIELD); },         \
        [](Rules& r, int v) { r.FIELD = static_cast<decltype(r.FIELD)>(v); }, false        \
  }
#define DS_SWITCH_FLAG(NAME, FIELD)                                                              \
  Flag {                                                                                         \
    NAME, {"off", "on"}, [](const Rules& r) { return r.FIELD ? 1 : 0; }, [](Rules& r, int v) { r.FIELD = v != 0; }, \
        true                                                                                     \
  }

const std::vector<Flag>& flag_table() {
  static const std::vector<Flag> table = {
      DS_ENUM_FLAG("bingo_led_suit", led_suit, "high_end", "shared_number"),
      DS_SWITCH_FLAG("bingo_is_trump", bingo_is_trump),
      DS_ENUM_FLAG("bingo_p2_duty", p2_duty, "follow_and_head", "follow_then_trump"),
      DS_ENUM_FLAG("bingo_00_value_when_blank_trump", double_blank_value, "28", "14"),
      DS_ENUM_FLAG("bingo_three_doubles", three_doubles, "40", "30"),
      DS_ENUM_FLAG("bingo_declare_timing", declare_timing, "on_lead", "after_winning_with_double"),
      DS_SWITCH_FLAG("bingo_declare_must_lead_double", declare_must_lead_double),
      DS_ENUM_FLAG("bingo_declarations_per_deal", declarations_per_deal, "1", "unlimited"),
      DS_SWITCH_FLAG("bingo_declare_in_phase2", declare_in_phase2),
      DS_ENUM_FLAG("bingo_claim", claim, "auto", "manual"),
      DS_SWITCH_FLAG("false_claim_3_if_no_trick", false_claim_3_if_no_trick),
      DS_ENUM_FLAG("bingo_low_threshold", low_threshold, "30", "35"),
      DS_ENUM_FLAG("bingo_close_timing", close_timing, "after_draw", "instead_of_draw"),
      DS_SWITCH_FLAG("close_fail_3", close_fail_3),
      DS_ENUM_FLAG("closer_scored_at", closer_scored_at, "claim", "close"),
      DS_ENUM_FLAG("bingo_last_faceup_to", last_faceup_to, "loser", "winner"),
      DS_ENUM_FLAG("bingo_next_start", next_start, "deal_winner", "alternate"),
      DS_SWITCH_FLAG("bingo_trump_exchange", trump_exchange),
      DS_ENUM_FLAG("modern_blank_pips", modern_blank_pips, "7", "0"),
  };
  return table;
}
#undef DS_ENUM_FLAG
#undef DS_SWITCH_FLAG

constexpr const char* kRulesetKey = "bingo_ruleset";
const std::array<const char*, 4> kRulesetNames = {"historic", "modern_dp", "modern_gb", "modern_sp"};

int parse_value(const Flag& f, const std::string& value) {
  for (std::size_t i = 0; i < f.values.size(); ++i)
    if (value == f.values[i]) return static_cast<int>(i);
  if (f.is_switch) {
    if (value == "yes" || value == "true") return 1;
    if (value == "no" || value == "false") return 0;
  }
  std::string allowed;
  for (auto* v : f.values) allowed += (allowed.empty() ? "" : ", ") + std::string(v);
  throw ParseError("rules flag '" + std::string(f.name) + "' cannot be '" + value + "' (allowed: " + allowed + ")");
}

}  // namespace

std::string ruleset_name(Ruleset r) { return kRulesetNames[static_cast<int>(r)]; }

Rules Rules::preset(Ruleset ruleset) {
  Rules r;
  r.ruleset = ruleset;
  switch (ruleset) {
    case Ruleset::Historic: break;
    case Ruleset::ModernDp:  // domino-play: pip totals, face-up to the winner, doubles after winning with one
      r.last_faceup_to = LastFaceupTo::Winner;
      r.declare_timing = DeclareTiming::AfterWinningWithDouble;
      r.declare_must_lead_double = false;
      r.close_fail_3 = false;
      break;
    case Ruleset::ModernGb:  // gambiter: suit then pips, face-up to the winner, alternating start
      r.last_faceup_to = LastFaceupTo::Winner;
      r.next_start = NextStart::Alternate;
      r.close_fail_3 = false;
      break;
    case Ruleset::ModernSp:  // spaanszt: follow then trump, close in place of drawing
      r.p2_duty = P2Duty::FollowThenTrump;
      r.close_timing = CloseTiming::InsteadOfDraw;
      r.close_fail_3 = false;
      break;
  }
  return r;
}

std::map<std::string, std::string> Rules::flags() const {
  std::map<std::string, std::string> out;
  if (ruleset != Ruleset::Historic) out[kRulesetKey] = ruleset_name(ruleset);
  const Rules base = preset(ruleset);
  for (const Flag& f : flag_table()) {
    const int v = f.get(*this);
    if (v != f.get(base)) out[f.name] = f.values[v];
  }
  return out;
}

Rules Rules::from_flags(const std::map<std::string, std::string>& flags) {
  Ruleset ruleset = Ruleset::Historic;
  if (auto it = flags.find(kRulesetKey); it != flags.end()) {
    bool found = false;
    for (std::size_t i = 0; i < kRulesetNames.size(); ++i)
      if (it->second == kRulesetNames[i]) ruleset = static_cast<Ruleset>(i), found = true;
    if (!found)
      throw ParseError("rules flag 'bingo_ruleset' cannot be '" + it->second +
                       "' (allowed: historic, modern_dp, modern_gb, modern_sp)");
  }
  Rules r = preset(ruleset);
  for (const auto& [key, value] : flags) {
    if (key == kRulesetKey) continue;
    bool known = false;
    for (const Flag& f : flag_table())
      if (key == f.name) {
        f.set(r, parse_value(f, value));
        known = true;
      }
    if (!known) throw ParseError("unknown Bingo rules flag '" + key + "'");
  }
  return r;
}

int declaration_points(const Rules& rules, TileMask doubles) {
  const int n = count(doubles & kDoubles);
  int points = 0;
  switch (n) {
    case 2: points = 20; break;
    case 3: points = rules.three_doubles == ThreeDoubles::V40 ? 40 : 30; break;
    case 4: points = 50; break;
    case 5: points = 60; break;
    case 6: points = 70; break;
    default: return 0;  // fewer than 2 is no declaration; 7 wins the deal outright
  }
  return points + ((doubles & bit(kBingo)) ? 10 : 0);
}

namespace {

// The definitions of docs/rules.md §5.2 with the trump T valued (1..7) and tile ends valued by p().
struct Defs {
  const Rules& rules;
  int T;
  int p_hi(int x) const { return pip_value(hi_end(x)); }
  int p_lo(int x) const { return pip_value(lo_end(x)); }
  bool dbl(int x) const { return hi_end(x) == lo_end(x); }
  bool shows_t(int x) const { return p_hi(x) == T || p_lo(x) == T; }
  bool is_trump(int x) const { return shows_t(x) || (x == kBingo && rules.bingo_is_trump); }
  int other(int x, int s) const { return p_hi(x) == s ? p_lo(x) : p_hi(x); }
  int trump_rank(int x) const {
    if (x == kBingo) return 1000;
    if (dbl(x)) return 500;  // a double that is a trump is the double of trumps
    return other(x, T);
  }
  int led_suit(int l) const { return dbl(l) ? p_hi(l) : std::max(p_hi(l), p_lo(l)); }
  bool belongs(int x, int s) const { return !is_trump(x) && (p_hi(x) == s || p_lo(x) == s); }
  int rank_in(int s, int x) const { return dbl(x) ? 500 : other(x, s); }
  // The number two distinct tiles share (valued), or 0 when none.
  int shared(int a, int b) const {
    for (int n : {p_hi(a), p_lo(a)})
      if (p_hi(b) == n || p_lo(b) == n) return n;
    return 0;
  }
  int modern_pips(int x) const {
    const int blank = rules.modern_blank_pips == ModernBlankPips::V7 ? 7 : 0;
    auto v = [&](int n) { return n == 0 ? blank : n; };
    return v(hi_end(x)) + v(lo_end(x));
  }
  bool suit_beats(int l, int f) const {  // two non-trumps, by the called suit (HISTORIC, MODERN_SP)
    if (rules.led_suit == LedSuit::HighEnd) {
      const int s = led_suit(l);
      return belongs(f, s) && rank_in(s, f) > rank_in(s, l);
    }
    const int n = shared(l, f);
    return n != 0 && rank_in(n, f) > rank_in(n, l);
  }
  bool beats(int l, int f) const {  // §5.5: true when the reply f wins against the lead l
    if (f == kBingo) return true;
    if (l == kBingo) return false;
    const bool tl = is_trump(l), tf = is_trump(f);
    if (tl && tf) return trump_rank(f) > trump_rank(l);
    if (tf) return true;
    if (tl) return false;
    switch (rules.ruleset) {
      case Ruleset::ModernDp: return modern_pips(f) > modern_pips(l);
      case Ruleset::ModernGb: {
        const int n = shared(l, f);
        return n ? rank_in(n, f) > rank_in(n, l) : modern_pips(f) > modern_pips(l);
      }
      default: return suit_beats(l, f);
    }
  }
  bool follows(int l, int x) const {  // §5.6: x follows the lead l
    if (is_trump(l)) return is_trump(x);
    if (rules.led_suit == LedSuit::HighEnd) return belongs(x, led_suit(l));
    return !is_trump(x) && shared(l, x) != 0;
  }
  int value(int x) const {  // §5.4
    if (x == kBingo) return T == 7 && rules.double_blank_value == DoubleBlankValue::V28 ? 28 : 14;
    if (dbl(x) && p_hi(x) == T) return 28;
    if (dbl(x)) return 2 * p_hi(x);
    if (shows_t(x)) return p_hi(x) + p_lo(x);
    if (x == tile_id(6, 4) || x == tile_id(3, 0)) return 10;
    return 0;
  }
};

}  // namespace

Table::Table(const Rules& rules, int t) : trump(t), duty(rules.p2_duty) {
  const Defs d{rules, t};
  int lowest_rank = 1 << 20;
  for (int x = 0; x < kDeckTiles; ++x) {
    value[x] = static_cast<std::int8_t>(d.value(x));
    if (d.is_trump(x)) {
      trumps |= bit(x);
      if (d.trump_rank(x) < lowest_rank) lowest_rank = d.trump_rank(x), lowest_trump = x;
    }
  }
  for (int l = 0; l < kDeckTiles; ++l)
    for (int f = 0; f < kDeckTiles; ++f) {
      if (f == l) continue;
      if (d.beats(l, f)) beaten_by[l] |= bit(f), wins_over[f] |= bit(l);
      if (d.follows(l, f)) follows[l] |= bit(f);
    }
  for (int c = 0; c < 4; ++c)
    for (int m = 0; m < 128; ++m) {
      int sum = 0;
      for (int i = 0; i < 7; ++i)
        if ((m >> i) & 1) sum += value[c * 7 + i];
      chunk_value[c][m] = static_cast<std::int16_t>(sum);
    }
}

}  // namespace dominosolver::bingo
