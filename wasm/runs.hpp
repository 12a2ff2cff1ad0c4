#pragma once
// The work the JavaScript side runs in steps (hint.cpp's hints and bid advice, table.cpp's tables),
// kept by number: `start` makes one and answers {id}, `answer` runs a step or a result of one as
// a binding's reply, `end` frees it. index.js and hint-worker.js drive them (xStart, then xStep
// until done, xResult, xEnd), so the hint worker can report progress and look for a stop between steps.
#include <emscripten/val.h>

#include <functional>
#include <map>
#include <memory>
#include <stdexcept>
#include <string>
#include <utility>

#include "convert.hpp"

namespace dominosolver::js {

template <class T>
class Runs {
 public:
  // `what` names a run in the error of a number not under way: "no <what> 3 under way".
  explicit Runs(const char* what) : what_(what) {}

  // A new run, T(args...), as {id}; or the error object of what its making threw (no run then).
  template <class... Args>
  val start(Args&&... args) {
    return guarded([&] {
      auto run = std::make_unique<T>(std::forward<Args>(args)...);
      const int id = next_++;
      runs_.emplace(id, std::move(run));
      val out = val::object();
      out.set("id", id);
      return out;
    });
  }

  // f(run `id`) (a callable or a member function of T answering a val), or the error object of
  // what it threw: an id not under way throws std::invalid_argument.
  template <class F>
  val answer(int id, F&& f) {
    return guarded([&]() -> val { return std::invoke(std::forward<F>(f), at(id)); });
  }

  void end(int id) { runs_.erase(id); }  // an id not under way: nothing

 private:
  T& at(int id) {
    const auto it = runs_.find(id);
    if (it == runs_.end()) throw std::invalid_argument("no " + std::string(what_) + " " + std::to_string(id) + " under way");
    return *it->second;
  }

  const char* what_;
  int next_ = 1;
  std::map<int, std::unique_ptr<T>> runs_;
};

}  // namespace dominosolver::js
