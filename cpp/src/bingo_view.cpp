#include "dominosolver/bingo/view.hpp"

#include <algorithm>
#include <functional>

#include "dominosolver/core/errors.hpp"

namespace dominosolver::bingo {

std::optional<Record> public_record(const Position& p, int seat) {
  if (!p.from_deal_start() || p.exchange()) return std::nullopt;
  Record out;
  for (const Event& e : p.events()) {
    out.push_back({e.player, false, e.move, -1});
    for (const Drawn& d : e.drew)  // the viewer sees its own draws and the face-up tile (§5.11)
      if (d.player >= 0) out.push_back({d.player, true, Move{}, d.player == seat || d.face_up ? d.tile : -1});
  }
  return out;
}

namespace {

std::string entry_text(const RecordEntry& e) {
  if (!e.is_draw) return player_name(e.player) + " " + e.move.name();
  return player_name(e.player) + " draws " + (e.tile < 0 ? std::string("a hidden tile") : tile_name(e.tile));
}

InvalidViewError bad_entry(const Record& record, std::size_t at, const std::string& why) {
  return InvalidViewError("no deal fits this view: record entry " + std::to_string(at) + " (" + entry_text(record[at]) +
                          "): " + why);
}

void check_seat(int seat) {
  if (seat < 0 || seat >= kPlayers) throw InvalidPositionError("a Bingo player is 0 or 1, not " + std::to_string(seat));
}

void check_tile(int t, const std::string& where) {
  if (t < 0 || t >= kDeckTiles) throw InvalidPositionError(where + ": " + not_a_bingo_tile(t));
}

// Tiles the player sees outside the boneyard: its hand, the completed tricks, the trick on the table.
TileMask in_sight(const ViewFacts& view) {
  TileMask m = view.seen.hands[view.seat] | view.played;
  for (int t : view.seen.trick) m |= bit(t);
  return m;
}

OpponentKnowledge knowledge(const Rules& rules, const ViewFacts& view) {
  check_seat(view.seat);
  const int opponent = 1 - view.seat;
  const PositionSpec& seen = view.seen;
  const TileMask sight = in_sight(view);
  const TileMask mine = seen.hands[view.seat];
  const TileMask gone = sight & ~mine;  // played or on the table
  OpponentKnowledge k;
  // Its declared doubles it has not played (§5.7): a declaration shows tiles held at the time.
  for (const Declaration& d : seen.declarations)
    if (d.player == opponent) k.known |= d.tiles & ~gone;
  // The face-up tile, once taken: the last draw of an exhausted boneyard (§5.5) or an exchange (§6.3).
  check_tile(seen.turned, "turned");
  if (view.boneyard_size == 0 && !((sight >> seen.turned) & 1)) k.known |= bit(seen.turned);
  if (view.exchange) {
    const auto [player, took] = *view.exchange;
    check_seat(player);
    check_tile(took, "the exchange's tile");
    if (!rules.trump_exchange) throw InvalidPositionError("an exchange is recorded but these rules have none");
    if (took == seen.turned) throw InvalidPositionError("the exchange took the face-up tile and left another one face up");
    if (player == opponent && !((gone >> took) & 1)) k.known |= bit(took);
    if (player == view.seat && !((sight >> took) & 1))
      throw InvalidPositionError("this player took " + tile_name(took) + " by the exchange, but it is neither in its hand nor played");
  }
  if (k.known & mine)
    throw InvalidPositionError("the records put " + tile_name(lowest(k.known & mine)) + " in both hands");
  // Its phase-two replies (§5.6): each shows what it did not hold then, and so holds none of now.
  if (!view.opponent_replies.empty()) {
    if (seen.closed_by < 0 && view.boneyard_size > 0)
      throw InvalidPositionError("phase-two replies are recorded, but the boneyard is open: the deal is in phase one");
    const Table table(rules, trump_for(rules, seen));
    TileMask named = 0;
    for (const auto& [lead, reply] : view.opponent_replies) {
      check_tile(lead, "a reply's lead");
      check_tile(reply, "a reply");
      if (lead == reply || ((named >> lead) & 1) || ((named >> reply) & 1))
        throw InvalidPositionError("a tile appears twice among the opponent's replies");
      named |= bit(lead) | bit(reply);
      if (!((view.played >> lead) & 1) || !((view.played >> reply) & 1))
        throw InvalidPositionError("the reply " + tile_name(reply) + " to " + tile_name(lead) +
                                   " is recorded, but its trick is not among the played tiles");
      if ((k.absent >> reply) & 1)
        throw InvalidPositionError("the opponent replied " + tile_name(reply) + " after its replies showed it held none such");
      k.absent |= table.shown_absent(lead, reply);
    }
  }
  return k;
}

}  // namespace

OpponentKnowledge opponent_knowledge(const Rules& rules, const ViewFacts& view) {
  try {
    return knowledge(rules, view);
  } catch (const InvalidPositionError& e) {
    throw InvalidViewError(std::string("no deal fits this view: ") + e.what());
  }
}

namespace {

Position world_of(const Rules& rules, const ViewFacts& view) {
  const OpponentKnowledge k = opponent_knowledge(rules, view);
  try {
    const int opponent = 1 - view.seat;
    const PositionSpec& seen = view.seen;
    const std::vector<int> tail = view.boneyard_size > 0 ? std::vector<int>{seen.turned} : std::vector<int>{};
    if (seen.hands[opponent] || seen.boneyard != tail)
      throw InvalidPositionError("a view's position holds no tile of the opponent's hand and, of the boneyard, the face-up tile alone");

    // The unknown tiles, and those of them the opponent may hold.
    TileMask known = in_sight(view) | k.known;
    for (int t : tail) known |= bit(t);
    const TileMask unknown = kDeck & ~known;
    const TileMask free = unknown & ~k.absent;
    const int need = view.opponent_hand_size - count(k.known);
    const int facedown = view.boneyard_size > 0 ? view.boneyard_size - 1 : 0;
    if (need < 0 || need > count(free) || count(unknown) - need != facedown)
      throw InvalidPositionError("no world agrees with this view: the opponent holds " +
                                 std::to_string(view.opponent_hand_size) + " tiles, " +
                                 std::to_string(count(k.known)) + " known, with " +
                                 std::to_string(count(free)) + " unknown tiles it may hold");

    PositionSpec world = seen;
    TileMask opponent_hand = k.known;
    TileMask rest = free;
    for (int n = 0; n < need; ++n, rest &= rest - 1) opponent_hand |= bit(lowest(rest));
    world.hands[opponent] = opponent_hand;
    world.boneyard.clear();
    for (TileMask m = unknown & ~opponent_hand; m; m &= m - 1) world.boneyard.push_back(lowest(m));
    world.boneyard.insert(world.boneyard.end(), tail.begin(), tail.end());
    return Position(rules, world);
  } catch (const InvalidPositionError& e) {
    throw InvalidViewError(std::string("no deal fits this view: ") + e.what());
  } catch (const IllegalMoveError& e) {
    throw InvalidViewError(std::string("no deal fits this view: ") + e.what());
  }
}


// The first public fact on which two positions differ, in words (empty: none).
std::string difference(const PositionSpec& got, const PositionSpec& want, int seat) {
  auto pair = [](const std::array<int, kPlayers>& v) { return std::to_string(v[0]) + "/" + std::to_string(v[1]); };
  auto tiles = [](TileMask m) {
    std::string out;
    for (int id = kDeckTiles - 1; id >= 0; --id)
      if ((m >> id) & 1) out += (out.empty() ? "" : " ") + tile_name(id);
    return out.empty() ? std::string("none") : out;
  };
  auto mask = [](const std::vector<int>& v) {
    TileMask m = 0;
    for (int t : v) m |= bit(t);
    return m;
  };
  if (got.turned != want.turned) return "the face-up tile " + tile_name(got.turned) + ", not " + tile_name(want.turned);
  if (got.hands[seat] != want.hands[seat]) return "this player's hand " + tiles(got.hands[seat]);
  if (got.trick != want.trick) return "the trick on the table " + tiles(mask(got.trick));
  if (got.points != want.points) return "points " + pair(got.points) + ", not " + pair(want.points);
  if (got.tricks != want.tricks) return "tricks " + pair(got.tricks) + ", not " + pair(want.tricks);
  if (got.leader != want.leader) return "leader " + player_name(got.leader);
  if (got.closed_by != want.closed_by || got.opponent_had_trick_at_close != want.opponent_had_trick_at_close ||
      got.opponent_points_at_close != want.opponent_points_at_close)
    return got.closed_by < 0 ? std::string("an open deal") : "a close by " + player_name(got.closed_by) + " (as recorded)";
  if (got.declarations != want.declarations) return "other declarations";
  if (got.hands[1 - seat] != want.hands[1 - seat] || got.boneyard != want.boneyard)
    return "other tiles in the opponent's hand and the boneyard (" + std::to_string(count(got.hands[1 - seat])) +
           " and " + std::to_string(got.boneyard.size()) + ")";
  if (got.just_declared != want.just_declared || got.first_to_70 != want.first_to_70 ||
      got.claimed_by != want.claimed_by || got.last_winning_tile != want.last_winning_tile)
    return "another state of declarations, claims or the last winning tile";
  return "";
}

}  // namespace

Position fitting_position(const Rules& rules, const ViewFacts& view) {
  Position world = world_of(rules, view);
  if (view.record) {
    SplitMix64 rng(0);
    const Position replayed = replay_record(view, deal_of_record(rules, view, world, rng));
    const std::string differs = difference(replayed.spec(), world.spec(), view.seat);
    if (!differs.empty()) throw InvalidViewError("no deal fits this view: its record leads to " + differs);
  }
  return world;
}

Position deal_of_record(const Rules& rules, const ViewFacts& view, const Position& world, SplitMix64& rng) {
  const Record& record = *view.record;
  const int seat = view.seat, opponent = 1 - seat;
  const DealState& now = world.state();
  constexpr int kNever = 1 << 30;
  for (std::size_t i = 0; i < record.size(); ++i)
    if (!record[i].is_draw && record[i].move.kind == Move::Kind::Exchange)
      throw bad_entry(record, i, "a deal with a trump exchange has no record (its exchanged tile may leave a hand and come back)");

  // The viewer's hand at the deal: its hand now, record undone from the last entry.
  TileMask mine = now.hands[seat];
  for (std::size_t i = record.size(); i-- > 0;) {
    const RecordEntry& e = record[i];
    if (e.player != 0 && e.player != 1) throw bad_entry(record, i, "a player is 0 or 1");
    if (e.player != seat) continue;
    if (e.is_draw) {
      if (e.tile < 0) throw bad_entry(record, i, "a player sees its own draws: the tile must be named");
      if (!((mine >> e.tile) & 1)) throw bad_entry(record, i, "the tile is neither in its hand nor played later");
      mine &= ~bit(e.tile);
    } else if (e.move.kind == Move::Kind::Tile) {
      if (e.move.tile < 0 || ((mine >> e.move.tile) & 1)) throw bad_entry(record, i, "the tile is played twice");
      mine |= bit(e.move.tile);
    }
  }
  if (count(mine) != kHandSize)
    throw InvalidViewError("no deal fits this view: its record gives " + player_name(seat) + " " +
                           std::to_string(count(mine)) + " tiles at the deal, not " + std::to_string(kHandSize));

  // The opponent: when each of its tiles entered its hand (named draws) and by when each had to be
  // there (its first use: played or declared).
  std::array<int, kDeckTiles> deadline;
  deadline.fill(kNever);
  std::array<int, kDeckTiles> entered;
  entered.fill(-1);
  TileMask ever = now.hands[opponent], fixed = 0;
  std::vector<int> slots(kHandSize, -1);  // the time of each place a tile entered its hand unseen: the deal, then draws
  for (std::size_t i = 0; i < record.size(); ++i) {
    const RecordEntry& e = record[i];
    if (e.player != opponent) continue;
    const int at = static_cast<int>(i);
    auto use = [&](int t) {
      deadline[t] = std::min(deadline[t], at);
      ever |= bit(t);
    };
    if (e.is_draw) {
      if (e.tile < 0) {
        slots.push_back(at);
      } else {
        if (e.tile != now.turned)
          throw bad_entry(record, i, player_name(seat) + " cannot have seen this draw: of the opponent's draws only the face-up tile is");
        if ((fixed >> e.tile) & 1) throw bad_entry(record, i, "the tile was drawn before");
        fixed |= bit(e.tile);
        entered[e.tile] = at;
        ever |= bit(e.tile);
      }
    } else if (e.move.kind == Move::Kind::Tile) {
      if (e.move.tile < 0 || e.move.tile >= kDeckTiles) throw bad_entry(record, i, "not a tile");
      use(e.move.tile);
    } else if (e.move.kind == Move::Kind::Declare) {
      for (TileMask d = e.move.doubles; d; d &= d - 1) use(lowest(d));
    }
  }
  for (TileMask m = fixed; m; m &= m - 1)
    if (deadline[lowest(m)] < entered[lowest(m)])
      throw bad_entry(record, static_cast<std::size_t>(deadline[lowest(m)]),
                      tile_name(lowest(m)) + " is used before it entered " + player_name(opponent) + "'s hand");
  const TileMask free_tiles = ever & ~fixed;
  if (count(free_tiles) != static_cast<int>(slots.size()))
    throw InvalidViewError("no deal fits this view: its record gives " + player_name(opponent) + " " +
                           std::to_string(count(free_tiles)) + " tiles it was dealt or drew unseen, for " +
                           std::to_string(slots.size()) + " places (the deal and its hidden draws)");

  // Earliest deadline first, each tile in a place chosen uniformly among the free ones in time:
  // the places open to a later deadline include those of an earlier one, so every assignment the
  // record allows is equally likely and none is missed.
  std::vector<int> tiles;
  for (TileMask m = free_tiles; m; m &= m - 1) tiles.push_back(lowest(m));
  std::stable_sort(tiles.begin(), tiles.end(), [&](int a, int b) { return deadline[a] < deadline[b]; });
  std::vector<int> placed(slots.size(), -1);
  for (int t : tiles) {
    std::vector<std::size_t> open;
    for (std::size_t j = 0; j < slots.size(); ++j)
      if (placed[j] < 0 && slots[j] < deadline[t]) open.push_back(j);
    if (open.empty())
      throw bad_entry(record, static_cast<std::size_t>(deadline[t]),
                      player_name(opponent) + " could not have held " + tile_name(t) + " by then");
    placed[open[rng.below(static_cast<std::uint32_t>(open.size()))]] = t;
  }

  TileMask theirs = 0;
  for (std::size_t j = 0; j < kHandSize; ++j) theirs |= bit(placed[j]);
  std::vector<int> boneyard;
  std::size_t hidden = kHandSize;
  for (const RecordEntry& e : record)
    if (e.is_draw) boneyard.push_back(e.player == opponent && e.tile < 0 ? placed[hidden++] : e.tile);
  const std::vector<int> left = world.boneyard();
  boneyard.insert(boneyard.end(), left.begin(), left.end());
  if (boneyard.size() != static_cast<std::size_t>(kBoneyardSize))
    throw InvalidViewError("no deal fits this view: its record draws " + std::to_string(boneyard.size() - left.size()) +
                           " tiles and " + std::to_string(left.size()) + " are left, not " +
                           std::to_string(kBoneyardSize) + " in all");
  const int start = record.empty() ? now.leader : record.front().player;
  std::array<TileMask, kPlayers> hands{};
  hands[seat] = mine;
  hands[opponent] = theirs;
  try {
    return Position::deal(rules, hands, boneyard, start);
  } catch (const InvalidPositionError& e) {
    throw InvalidViewError(std::string("no deal fits this view's record: ") + e.what());
  }
}

Position replay_record(const ViewFacts& view, Position pos) {
  const Record& record = *view.record;
  std::size_t i = 0;
  while (i < record.size()) {
    const RecordEntry& e = record[i];
    if (e.is_draw) throw bad_entry(record, i, "no move before it set off a draw");
    if (pos.is_over()) throw bad_entry(record, i, "the deal was over");
    if (e.player != pos.to_move()) throw bad_entry(record, i, player_name(pos.to_move()) + " was to move");
    try {
      pos.play(e.move);
    } catch (const IllegalMoveError& x) {
      throw bad_entry(record, i, x.what());
    }
    ++i;
    for (const Drawn& d : pos.events().back().drew) {
      if (d.player < 0) break;
      const RecordEntry drawn{d.player, true, Move{}, d.player == view.seat || d.face_up ? d.tile : -1};
      if (i >= record.size() || !record[i].is_draw)
        throw bad_entry(record, i - 1, "the draws that follow it are missing: " + entry_text(drawn));
      if (record[i] != drawn) throw bad_entry(record, i, "the draw was: " + entry_text(drawn));
      ++i;
    }
  }
  return pos;
}

}  // namespace dominosolver::bingo
