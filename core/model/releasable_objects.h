// Objects of one kind in creation order, addressed by their index for the model's lifetime, whose
// bodies can be released once nothing reads them any more. A released slot keeps only a small
// `Kept` record of the object (what readers of every object ever created still need), so a log
// with many short-lived entities holds full objects only for those still shown or live.
#pragma once

#include <cstddef>
#include <deque>
#include <memory>
#include <utility>

namespace afterglow {

template <typename T, typename Kept>
class ReleasableObjects {
 public:
  T& emplace_back() {
    slots_.push_back({std::make_unique<T>(), Kept{}});
    return *slots_.back().object;
  }
  size_t size() const { return slots_.size(); }
  bool empty() const { return slots_.empty(); }
  // The object at `i`, which must not have been released.
  T& operator[](size_t i) { return *slots_[i].object; }
  const T& operator[](size_t i) const { return *slots_[i].object; }
  // The object at `i`, or null once released.
  const T* find(size_t i) const { return slots_[i].object.get(); }
  bool released(size_t i) const { return slots_[i].object == nullptr; }
  // What a released slot kept (default-constructed for a slot still holding its object).
  const Kept& kept(size_t i) const { return slots_[i].kept; }
  // Frees the object at `i`, keeping `kept` in its place. Its index stays valid for kept().
  void Release(size_t i, Kept kept) {
    slots_[i].kept = std::move(kept);
    slots_[i].object.reset();
  }

 private:
  struct Slot {
    std::unique_ptr<T> object;
    Kept kept;
  };
  std::deque<Slot> slots_;
};

}  // namespace afterglow
