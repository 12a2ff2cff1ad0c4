// A/B harness for the Bingo solver at a deal's start, without Python: solves every legal move of
// the first lead of each deal (a phase-one world, the boneyard's order known) and prints node
// counts, times and a checksum of the values, so that two builds can be compared in one run.
//
//   python bench/bingo_world_bench.py --harness 200 > worlds.txt    # one deal a line
//   g++ -O3 -DNDEBUG -std=c++20 -Icpp/include bench/bingo_ab.cpp cpp/src/bingo_*.cpp -o build/bingo_ab
//   build/bingo_ab [max_nodes] [-v] < worlds.txt
//
// A line is the start player, then 28 tile ids: the start player's hand (7), the other's (7), the
// boneyard in drawing order (14, the face-up tile last); optionally a ruleset name first.
#include <algorithm>
#include <chrono>
#include <cstdio>
#include <cstring>
#include <iostream>
#include <sstream>
#include <string>
#include <vector>

#include "dominosolver/bingo/solver.hpp"

using namespace dominosolver;
using namespace dominosolver::bingo;

int main(int argc, char** argv) {
  std::uint64_t budget = 0;
  bool verbose = false;
  std::size_t tt_mb = 2;
  for (int i = 1; i < argc; ++i) {
    if (!std::strcmp(argv[i], "-v")) verbose = true;
    else if (!std::strncmp(argv[i], "--tt=", 5)) tt_mb = std::stoul(argv[i] + 5);
    else budget = std::stoull(argv[i]);
  }
  Solver solver(tt_mb);
  std::string line;
  std::vector<double> ms;
  std::vector<std::uint64_t> nodes;
  std::uint64_t checksum = 0;
  int left_out = 0, bounded = 0, unsigned_moves = 0, moves_total = 0;
  while (std::getline(std::cin, line)) {
    std::istringstream in(line);
    std::string first;
    in >> first;
    Rules rules;
    int start;
    if (std::isalpha(static_cast<unsigned char>(first[0]))) {
      rules = Rules::from_flags({{"bingo_ruleset", first}});
      in >> start;
    } else {
      start = std::stoi(first);
    }
    std::array<TileMask, kPlayers> hands{};
    std::vector<int> bone;
    for (int i = 0; i < 28; ++i) {
      int t;
      in >> t;
      if (i < 7) hands[start] |= bit(t);
      else if (i < 14) hands[1 - start] |= bit(t);
      else bone.push_back(t);
    }
    const Position pos = Position::deal(rules, hands, bone, start);
    const auto t0 = std::chrono::steady_clock::now();
    const SolveOutput r = solver.solve(pos.context(), pos.state(), false, false, budget);
    const double dt = std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - t0).count();
    ms.push_back(dt);
    nodes.push_back(r.nodes);
    left_out += !r.complete;
    for (std::size_t i = 0; i < r.moves.size(); ++i) {
      moves_total += 1;
      bounded += r.lower[i] != r.upper[i];
      unsigned_moves += r.lower[i] < 0 && r.upper[i] > 0;
    }
    for (int v : r.values) checksum = checksum * 31 + static_cast<std::uint64_t>(v + 4);
    if (verbose) {
      std::fprintf(stderr, "%zu %.2f ms %llu nodes value %d%s:", ms.size() - 1, dt,
                   static_cast<unsigned long long>(r.nodes), r.value, r.complete ? "" : " (incomplete)");
      for (std::size_t i = 0; i < r.moves.size(); ++i) std::fprintf(stderr, " %s=%d", r.moves[i].name().c_str(), r.values[i]);
      std::fprintf(stderr, "\n");
    }
  }
  if (ms.empty()) return 1;
  std::vector<double> s = ms;
  std::sort(s.begin(), s.end());
  auto q = [&](double f) { return s[std::min(s.size() - 1, static_cast<std::size_t>(f * (s.size() - 1) + 0.5))]; };
  double total = 0;
  std::uint64_t total_nodes = 0;
  for (std::size_t i = 0; i < ms.size(); ++i) total += ms[i], total_nodes += nodes[i];
  std::printf("%zu worlds: median %.2f ms, p90 %.2f, p99 %.2f, max %.2f; total %.0f ms, %llu nodes, %.3g nodes/s; "
              "not solved to the end %d; moves bounded %d of %d, sign unknown %d; checksum %llu\n",
              ms.size(), q(0.5), q(0.9), q(0.99), s.back(), total, static_cast<unsigned long long>(total_nodes),
              total_nodes / (total / 1e3), left_out, bounded, moves_total, unsigned_moves, static_cast<unsigned long long>(checksum));
}
