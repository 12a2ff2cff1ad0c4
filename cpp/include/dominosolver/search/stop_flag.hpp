#pragma once
// A request to stop, shared by the searches it is given to (a caller's solver, a batch's solvers):
// each looks at it every few thousand nodes and ends at once with Stopped (core/errors.hpp). Set
// from any thread; once set it stays set (whoever asked for the stop no longer wants the answer).
#include <atomic>

namespace dominosolver::search {

class StopFlag {
 public:
  void request() { requested_.store(true, std::memory_order_relaxed); }
  bool requested() const { return requested_.load(std::memory_order_relaxed); }

 private:
  std::atomic<bool> requested_{false};
};

}  // namespace dominosolver::search
