// A/B harness for the tricks search on Nel-O, Moon and Partnership Moon, without Python: node
// totals, a checksum of the values and times over the positions `python bench/tricks_bench.py
// --harness SET` writes, one a line: the family (texas42 | moon | moon4), the declaration, the
// bidder, the bid, then each seat's hand as a tile mask. The bidder leads.
//
//   build/ab/tricks_ab value|moves [-v] < moon.txt     (-v: each position's values and nodes)
//   build/ab/tricks_ab value|moves --patterns < nello.txt   (-p: with the pattern table alone)
//
// --patterns: the same positions on two solvers in one run, without and with the pattern table
// (Enhancements::patterns), in turns (which goes first alternates a position), the values and
// every move's values checked equal: each one's node total and median time, and the median of the
// per-position time ratio.
#include <algorithm>
#include <chrono>
#include <cstdint>
#include <cstdio>
#include <iostream>
#include <map>
#include <numeric>
#include <sstream>
#include <string>
#include <vector>

#include "dominosolver/texas42/solver.hpp"

using namespace dominosolver;
using namespace dominosolver::texas42;

namespace {

struct Run {
  std::int64_t checksum = 0;
  std::uint64_t nodes = 0;
  double ms = 0;
  std::vector<std::pair<int, int>> moves;
};

Run run(Solver& solver, const Position& pos, bool value_only, std::int64_t i) {
  Run r;
  const auto start = std::chrono::steady_clock::now();
  if (value_only) {
    const int v = solver.value(pos);
    r.checksum = v * i;
    r.nodes = solver.nodes();
    r.moves = {{-1, v}};
  } else {
    const SolveOutput out = solver.solve(pos, true, false);
    for (const auto& [tile, v] : out.moves) r.checksum += v * (tile + 1) * i;
    r.nodes = out.nodes;
    r.moves = out.moves;
  }
  r.ms = std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - start).count();
  return r;
}

double median(std::vector<double> v) {
  std::sort(v.begin(), v.end());
  return v[v.size() / 2];
}

}  // namespace

int main(int argc, char** argv) {
  const std::string task = argc > 1 ? argv[1] : "value";
  const std::string flag = argc > 2 ? argv[2] : "";
  if ((task != "value" && task != "moves") || (!flag.empty() && flag != "-v" && flag != "--patterns" && flag != "-p")) {
    std::fprintf(stderr, "usage: tricks_ab value|moves [-v | -p | --patterns] < positions.txt\n");
    return 2;
  }
  const bool each = flag == "-v", ab = flag == "--patterns", alone = flag == "-p";
  Enhancements with;
  with.patterns = true;
  Solver solver(64), other(64, with);
  std::vector<double> ms, ms_b, ratio;
  std::uint64_t total_nodes = 0, total_b = 0;
  std::int64_t checksum = 0;
  std::string line;
  for (std::int64_t i = 1; std::getline(std::cin, line); ++i) {
    std::istringstream in(line);
    std::string family, trump;
    int bidder = 0, bid = 0;
    in >> family >> trump >> bidder >> bid;
    std::map<std::string, std::string> flags = {{"family", family}};
    if (family == "texas42") flags["nello_doubles_allowed"] = "all";
    const Rules rules = Rules::from_flags(flags);
    std::array<TileMask, kMaxSeats> hands{};
    for (int s = 0; s < rules.seats(); ++s) in >> hands[s];
    const Contract contract{bidder, Bid{bid}};
    const Position pos(rules, Trump::parse(trump), hands, bidder, {}, contract);
    if (!ab) {
      const Run r = run(alone ? other : solver, pos, task == "value", i);
      checksum += r.checksum;
      total_nodes += r.nodes;
      ms.push_back(r.ms);
      if (each) {
        std::printf("%lld %s", static_cast<long long>(i), task.c_str());
        for (const auto& [tile, v] : r.moves) std::printf(" %d:%d", tile, v);
        std::printf(" nodes %llu\n", static_cast<unsigned long long>(r.nodes));
      }
      continue;
    }
    // Which solver goes first alternates: neither always meets a warmer cache.
    Run a, b;
    if (i % 2) {
      a = run(solver, pos, task == "value", i);
      b = run(other, pos, task == "value", i);
    } else {
      b = run(other, pos, task == "value", i);
      a = run(solver, pos, task == "value", i);
    }
    if (a.moves != b.moves) {
      std::fprintf(stderr, "position %lld: the values differ with the pattern table\n", static_cast<long long>(i));
      return 1;
    }
    checksum += a.checksum;
    total_nodes += a.nodes;
    total_b += b.nodes;
    ms.push_back(a.ms);
    ms_b.push_back(b.ms);
    ratio.push_back(b.ms / a.ms);
  }
  if (ms.empty()) return 2;
  if (!ab) {
    std::printf("%s positions %zu median %.4f ms nodes total %llu checksum %lld\n", task.c_str(), ms.size(), median(ms),
                static_cast<unsigned long long>(total_nodes), static_cast<long long>(checksum));
    return 0;
  }
  std::printf("%s positions %zu checksum %lld (values equal)\n", task.c_str(), ms.size(), static_cast<long long>(checksum));
  std::printf("  without patterns: median %.4f ms, nodes total %llu\n", median(ms), static_cast<unsigned long long>(total_nodes));
  std::printf("  with patterns:    median %.4f ms, nodes total %llu (%+.1f%%)\n", median(ms_b),
              static_cast<unsigned long long>(total_b), 100.0 * (double(total_b) / double(total_nodes) - 1));
  std::printf("  time ratio with/without, median per position: %.3f\n", median(ratio));
}
