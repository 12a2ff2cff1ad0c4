// A/B harness for the tricks search on Nel-O, Moon and Partnership Moon, without Python: node
// totals, a checksum of the values and times over the positions `python bench/tricks_bench.py
// --harness SET` writes, one a line: the family (texas42 | moon | moon4), the declaration, the
// bidder, the bid, then each seat's hand as a tile mask. The bidder leads.
//
//   build/ab/tricks_ab value|moves [-v] < moon.txt     (-v: each position's values and nodes)
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

int main(int argc, char** argv) {
  const std::string task = argc > 1 ? argv[1] : "value";
  if (task != "value" && task != "moves") {
    std::fprintf(stderr, "usage: tricks_ab value|moves [-v] < positions.txt\n");
    return 2;
  }
  const bool each = argc > 2 && std::string(argv[2]) == "-v";
  Solver solver(64);
  std::vector<double> ms;
  std::uint64_t total_nodes = 0;
  std::int64_t checksum = 0;
  std::string line;
  for (std::int64_t i = 1; std::getline(std::cin, line); ++i) {
    std::istringstream in(line);
    std::string family, trump;
    int bidder = 0, bid = 0;
    in >> family >> trump >> bidder >> bid;
    std::map<std::string, std::string> flags = {{"family", family}};
    if (family == "texas42") flags["nello_doubles_allowed"] = "all";  // Nel-O in each doubles mode
    const Rules rules = Rules::from_flags(flags);
    std::array<TileMask, kMaxSeats> hands{};
    for (int s = 0; s < rules.seats(); ++s) in >> hands[s];
    const Contract contract{bidder, Bid{bid}};
    const Position pos(rules, Trump::parse(trump), hands, bidder, {}, contract);
    const auto start = std::chrono::steady_clock::now();
    if (task == "value") {
      const int v = solver.value(pos);
      checksum += v * i;
      total_nodes += solver.nodes();
      if (each) std::printf("%lld value %d nodes %llu\n", static_cast<long long>(i), v,
                            static_cast<unsigned long long>(solver.nodes()));
    } else {
      const SolveOutput out = solver.solve(pos, true, false);
      for (const auto& [tile, v] : out.moves) checksum += v * (tile + 1) * i;
      total_nodes += out.nodes;
      if (each) {
        std::printf("%lld moves", static_cast<long long>(i));
        for (const auto& [tile, v] : out.moves) std::printf(" %d:%d", tile, v);
        std::printf(" nodes %llu\n", static_cast<unsigned long long>(out.nodes));
      }
    }
    ms.push_back(std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - start).count());
  }
  if (ms.empty()) return 2;
  std::sort(ms.begin(), ms.end());
  std::printf("%s positions %zu median %.4f ms nodes total %llu checksum %lld\n", task.c_str(), ms.size(),
              ms[ms.size() / 2], static_cast<unsigned long long>(total_nodes), static_cast<long long>(checksum));
}
