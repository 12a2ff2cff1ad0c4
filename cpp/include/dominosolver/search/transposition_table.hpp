#pragma once
// A bounded transposition table of value bounds, shared by the exact solvers.
// Each entry holds what is proven about one state: lower <= value <= upper. Bounds from different
// searches of the same state are intersected, which is what zero-window (MTD) drivers need.
// Buckets of four 16-byte entries fill one cache line (Stockfish's layout).
#include <algorithm>
#include <cstdint>
#include <cstdlib>
#include <cstring>
#include <memory>
#include <new>
#include <optional>
#include <stdexcept>
#include <string>
#if defined(__linux__)
#include <sys/mman.h>
#endif

namespace dominosolver::search {

struct TTEntry {
  std::uint64_t key = 0;  // full key: a hit is exact up to 64-bit hash collisions
  std::int16_t lower = 0;
  std::int16_t upper = 0;
  std::uint8_t move = 0xFF;  // best move found (game-specific id), 0xFF = none
  std::uint8_t depth = 0;    // work below this state; deeper entries are kept over shallow ones
  std::uint8_t age = 0;
  std::uint8_t used = 0;
};
static_assert(sizeof(TTEntry) == 16);

// What a stored entry says of a search in (alpha, beta): its value where its bounds decide it,
// else nothing, the window narrowed to them.
inline std::optional<int> cut_or_narrow(const TTEntry& e, int& alpha, int& beta) {
  if (e.lower >= beta) return e.lower;
  if (e.upper <= alpha) return e.upper;
  if (e.lower == e.upper) return e.lower;
  alpha = std::max<int>(alpha, e.lower);
  beta = std::min<int>(beta, e.upper);
  return std::nullopt;
}

class TranspositionTable {
 public:
  static constexpr int kWays = 4;
  static constexpr std::size_t kHugePage = std::size_t{2} << 20;
  static constexpr std::size_t kStartBuckets = std::size_t{1} << 13;  // 512 KB: -3% time against 1 MB
  // The largest size asked for: 2^40 MB, or what a size_t counts in bytes with room for the huge-page
  // alignment (4 GB less a little in wasm32, whose size_t has 32 bits).
  static constexpr std::size_t kMaxMegabytes =
      std::min<std::uint64_t>(std::uint64_t{1} << 40, (SIZE_MAX - kHugePage) / (std::size_t{1} << 20));

  explicit TranspositionTable(std::size_t megabytes) { resize(megabytes); }

  void resize(std::size_t megabytes) {
    if (megabytes > kMaxMegabytes) throw std::length_error("table size too large: " + std::to_string(megabytes) + " MB");
    std::size_t buckets = std::max<std::size_t>(1, megabytes * 1024 * 1024 / sizeof(Bucket));
    buckets = std::size_t{1} << (63 - __builtin_clzll(buckets));  // a power of two, within budget
    // Fresh anonymous memory is zeroed lazily, so a large table costs nothing until it is used;
    // huge pages (where the system offers them) spare the TLB misses of random probes.
    const std::size_t bytes = buckets * sizeof(Bucket) + kHugePage;
    memory_.reset(std::calloc(bytes, 1));
    if (!memory_) throw std::bad_alloc();
    const auto addr = reinterpret_cast<std::uintptr_t>(memory_.get());
    const std::uintptr_t align = buckets * sizeof(Bucket) >= kHugePage ? kHugePage : alignof(Bucket);
    table_ = reinterpret_cast<Bucket*>((addr + align - 1) & ~(align - 1));
#ifdef MADV_HUGEPAGE
    if (align == kHugePage) madvise(table_, buckets * sizeof(Bucket), MADV_HUGEPAGE);
#endif
    capacity_mask_ = buckets - 1;
    mask_ = std::min(capacity_mask_, kStartBuckets - 1);
    stores_ = 0;
    age_ = 0;
  }
  void clear() {
    std::memset(static_cast<void*>(table_), 0, (capacity_mask_ + 1) * sizeof(Bucket));
    mask_ = std::min(capacity_mask_, kStartBuckets - 1);
    stores_ = 0;
    age_ = 0;
  }
  void new_search() { ++age_; }
  // Back to a small active part (`start_buckets`, a power of two): for a new problem whose states
  // share nothing with the old ones.
  void restart(std::size_t start_buckets = kStartBuckets) {
    ++age_;
    mask_ = std::min(capacity_mask_, start_buckets - 1);
    stores_ = 0;
  }
  std::size_t bytes() const { return (capacity_mask_ + 1) * sizeof(Bucket); }

  // Starts loading `key`'s bucket, for a probe a little later.
  void prefetch(std::uint64_t key) const { __builtin_prefetch(&table_[key & mask_]); }

  const TTEntry* probe(std::uint64_t key) const {
    const Bucket& b = table_[key & mask_];
    for (const TTEntry& e : b.e)
      if (e.used && e.key == key) return &e;
    return nullptr;
  }

  // Record lower <= value <= upper for `key`, intersecting with what is already known.
  void store(std::uint64_t key, int lower, int upper, int move, int depth) {
    // Use only as much of the table as the work needs, so small searches stay in cache: double the
    // active part when it has taken as many stores as it has entries. Entries placed under the
    // old size are merely missed later (keys are checked), never wrong.
    if (++stores_ > (mask_ + 1) * kWays && mask_ < capacity_mask_) {
      mask_ = mask_ * 2 + 1;
      stores_ = 0;
    }
    Bucket& b = table_[key & mask_];
    TTEntry* slot = nullptr;
    for (TTEntry& e : b.e)
      if (e.used && e.key == key) {
        slot = &e;
        lower = std::max<int>(lower, e.lower);
        upper = std::min<int>(upper, e.upper);
        if (move == 0xFF) move = e.move;
        depth = std::max<int>(depth, e.depth);
        break;
      }
    if (!slot) {
      slot = &b.e[0];
      for (TTEntry& e : b.e) {
        if (!e.used) {
          slot = &e;
          break;
        }
        if (worth(e) < worth(*slot)) slot = &e;
      }
    }
    *slot = TTEntry{key, static_cast<std::int16_t>(lower), static_cast<std::int16_t>(upper),
                    static_cast<std::uint8_t>(move), static_cast<std::uint8_t>(depth), age_, 1};
  }

 private:
  struct alignas(64) Bucket {
    TTEntry e[kWays];
  };
  // Entries from older searches lose value, so a reused table keeps room for the current one.
  int worth(const TTEntry& e) const { return e.depth - 8 * static_cast<std::uint8_t>(age_ - e.age); }

  struct Free {
    void operator()(void* p) const { std::free(p); }
  };
  std::unique_ptr<void, Free> memory_;
  Bucket* table_ = nullptr;
  std::size_t capacity_mask_ = 0;
  std::size_t mask_ = 0;  // the active part: a prefix of the table
  std::size_t stores_ = 0;
  std::uint8_t age_ = 0;
};

}  // namespace dominosolver::search
