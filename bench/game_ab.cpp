// A/B harness for the game state machines' cost a move (texas42::Game for each member of the 42
// family, bingo::Game), without Python: random games, each move's play() timed by its kind (a bid
// or pass, a tile, the rest), then every move taken back with undo(), timed; the heap the undo
// record holds at the game's end (what forget_undo() frees); and the replay of the longest
// Partnership Moon game from its deal (the server rebuilding a game). Prints a checksum of every
// game's course so that two builds can be compared in one run:
//
//   g++ -O3 -DNDEBUG -std=c++20 -Icpp/include bench/game_ab.cpp cpp/src/texas42_*.cpp cpp/src/bingo_*.cpp -o build/game_ab
//   build/game_ab [games]      # random games a member (default 20), seeds 0..games-1, each to 1,000 moves at most
#include <malloc.h>

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <new>
#include <string>
#include <vector>

#include "dominosolver/bingo/deal.hpp"
#include "dominosolver/texas42/game.hpp"

using namespace dominosolver;

// The heap in use, counted by the global operator new / delete.
static long long g_live = 0;
void* operator new(std::size_t n) {
  void* p = std::malloc(n ? n : 1);
  if (!p) throw std::bad_alloc();
  g_live += static_cast<long long>(malloc_usable_size(p));
  return p;
}
void operator delete(void* p) noexcept {
  if (p) g_live -= static_cast<long long>(malloc_usable_size(p)), std::free(p);
}
void operator delete(void* p, std::size_t) noexcept { operator delete(p); }

// A game stops here (random Moon and Partnership Moon games run to tens of thousands of moves).
constexpr std::size_t kMostMoves = 1000;

using Clock = std::chrono::steady_clock;
static double ns_since(Clock::time_point t) { return std::chrono::duration<double, std::nano>(Clock::now() - t).count(); }

struct Tally {  // a call's nanoseconds: the median (a loaded machine's outliers aside) and the mean
  std::vector<double> ns;
  void add(double x) { ns.push_back(x); }
  double median() {
    if (ns.empty()) return 0;
    std::nth_element(ns.begin(), ns.begin() + static_cast<std::ptrdiff_t>(ns.size() / 2), ns.end());
    return ns[ns.size() / 2];
  }
  double mean() const {
    double sum = 0;
    for (double x : ns) sum += x;
    return ns.empty() ? 0 : sum / static_cast<double>(ns.size());
  }
};

struct Totals {
  Tally bid, tile, other, undo;
  long long moves = 0, undo_bytes = 0, longest = 0;
  std::uint64_t checksum = 0;
  void mix(std::uint64_t x) { checksum = splitmix64_mix(checksum ^ x); }
};

// A random 42-family game: each move's play timed, then every one undone, timed.
static std::vector<texas42::Move> texas42_game(const texas42::Rules& rules, std::uint64_t seed, Totals& t) {
  using texas42::Move;
  texas42::Game game(rules, seed);
  SplitMix64 pick(seed ^ 0x5eed);
  std::vector<Move> moves;
  while (game.phase() != texas42::Phase::GameOver && moves.size() < kMostMoves) {
    const auto legal = game.legal_moves();
    const Move m = legal[pick.below(static_cast<std::uint32_t>(legal.size()))];
    const auto start = Clock::now();
    game.play(m);
    const double ns = ns_since(start);
    (m.kind == Move::Kind::Call ? t.bid : m.kind == Move::Kind::Tile ? t.tile : t.other).add(ns);
    moves.push_back(m);
  }
  for (int k = 0; k < rules.scorers(); ++k) t.mix(static_cast<std::uint64_t>(game.scores()[k] + 1000 * k));
  t.mix(static_cast<std::uint64_t>(game.winner() + 7) ^ moves.size() << 8 ^ game.finished_hands().size() << 24);
  t.moves += static_cast<long long>(moves.size());
  t.longest = std::max(t.longest, static_cast<long long>(moves.size()));
  const long long held = g_live;
  {
    texas42::Game copy = game;
    const long long with_copy = g_live;
    copy.forget_undo();
    t.undo_bytes += with_copy - g_live;
  }
  (void)held;
  for (std::size_t i = 0; i < moves.size(); ++i) {
    const auto start = Clock::now();
    game.undo();
    t.undo.add(ns_since(start));
  }
  t.mix(static_cast<std::uint64_t>(game.dealer()) ^ game.finished_hands().size() << 4 ^ static_cast<std::uint64_t>(game.phase()) << 12);
  return moves;
}

static void bingo_game(const bingo::Rules& rules, std::uint64_t seed, Totals& t) {
  bingo::Game game(rules, seed);
  SplitMix64 pick(seed ^ 0x5eed);
  long long n = 0;
  while (!game.is_over() && n < static_cast<long long>(kMostMoves)) {
    const auto legal = game.legal_moves();
    const bingo::Move m = legal[pick.below(static_cast<std::uint32_t>(legal.size()))];
    const auto start = Clock::now();
    game.play(m);
    const double ns = ns_since(start);
    (m.kind == bingo::Move::Kind::Tile ? t.tile : t.other).add(ns);
    ++n;
  }
  t.mix(static_cast<std::uint64_t>(game.scores()[0]) ^ static_cast<std::uint64_t>(game.scores()[1]) << 8 ^
        static_cast<std::uint64_t>(n) << 16 ^ game.finished_deals().size() << 40);
  t.moves += n;
  t.longest = std::max(t.longest, n);
  {
    bingo::Game copy = game;
    const long long with_copy = g_live;
    copy.forget_undo();
    t.undo_bytes += with_copy - g_live;
  }
  for (long long i = 0; i < n; ++i) {
    const auto start = Clock::now();
    game.undo();
    t.undo.add(ns_since(start));
  }
  t.mix(game.finished_deals().size() ^ static_cast<std::uint64_t>(game.to_move()) << 4);
}

static void report(const char* name, Totals& t, int games) {
  std::printf("%-8s %3d games %7lld moves (longest %5lld): ns a call, median/mean: bid %.0f/%.0f  tile %.0f/%.0f  other %.0f/%.0f  undo %.0f/%.0f;"
              "  undo record %7.1f kB a game (%5.0f B a move)  checksum %016llx\n",
              name, games, t.moves, t.longest, t.bid.median(), t.bid.mean(), t.tile.median(), t.tile.mean(), t.other.median(),
              t.other.mean(), t.undo.median(), t.undo.mean(),
              static_cast<double>(t.undo_bytes) / games / 1024, static_cast<double>(t.undo_bytes) / static_cast<double>(t.moves),
              static_cast<unsigned long long>(t.checksum));
}

int main(int argc, char** argv) {
  const int games = argc > 1 ? std::atoi(argv[1]) : 20;
  const texas42::Family families[] = {texas42::Family::Texas42, texas42::Family::Moon, texas42::Family::Moon4,
                                      texas42::Family::BigGame};
  const char* names[] = {"texas42", "moon", "moon4", "biggame"};
  std::vector<texas42::Move> longest;
  std::uint64_t longest_seed = 0;
  for (int f = 0; f < 4; ++f) {
    const texas42::Rules rules = texas42::Rules::of_family(families[f]);
    Totals t;
    for (int seed = 0; seed < games; ++seed) {
      auto moves = texas42_game(rules, static_cast<std::uint64_t>(seed), t);
      if (families[f] == texas42::Family::Moon4 && moves.size() > longest.size())
        longest = std::move(moves), longest_seed = static_cast<std::uint64_t>(seed);
    }
    report(names[f], t, games);
  }
  {
    Totals t;
    for (int seed = 0; seed < games; ++seed) bingo_game(bingo::Rules{}, static_cast<std::uint64_t>(seed), t);
    report("bingo", t, games);
  }
  // The longest Partnership Moon game played again from its deal, as the server rebuilds a game.
  const texas42::Rules moon4 = texas42::Rules::of_family(texas42::Family::Moon4);
  std::vector<double> runs;
  for (int r = 0; r < 7; ++r) {
    const auto start = Clock::now();
    texas42::Game game(moon4, longest_seed);
    for (const auto& m : longest) game.play(m);
    runs.push_back(ns_since(start));
  }
  std::sort(runs.begin(), runs.end());
  std::printf("replay of the longest moon4 game (seed %llu, %zu moves): %.0f us, %.0f ns a move (median of 7)\n",
              static_cast<unsigned long long>(longest_seed), longest.size(), runs[3] / 1000, runs[3] / static_cast<double>(longest.size()));
}
