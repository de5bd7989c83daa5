// Counts heap allocations made on this thread between Start() and Stop(), for tests that pin
// "an idle frame allocates nothing". Every C++ allocation is seen (operator new, which std
// containers and strings use), and so is ImGui's (its allocator functions, set by Install()).
//
// How: without AddressSanitizer, alloc_counter.cc replaces the global operator new/delete of the
// test binary with pass-throughs to malloc/free that count while counting is on. Under
// AddressSanitizer the sanitizer owns operator new (replacing it would lose its new/delete
// mismatch checks), so its own malloc hook counts instead, and that hook also sees plain malloc.
#pragma once

#include <cstdint>

namespace afterglow::ui::testing {

class AllocCounter {
 public:
  // Routes ImGui's allocations through the counter (call before or after ImGui::CreateContext:
  // the functions are pass-throughs to malloc/free, as ImGui's defaults are).
  static void Install();
  // Zeroes the count and starts counting this thread's allocations.
  static void Start();
  // Stops counting; returns the allocations since Start().
  static uint64_t Stop();
};

}  // namespace afterglow::ui::testing
