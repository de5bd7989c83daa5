// Where the page's load stands, and the one table of its names: the page's JavaScript reads them
// (window.afterglow.state().status and status()), so they never change.
#pragma once

#include <cstddef>

namespace afterglow::ui {

enum class LoadStatus { kEmpty, kLoading, kReady, kError };

inline constexpr const char* kLoadStatusNames[] = {"empty", "loading", "ready", "error"};
static_assert(sizeof kLoadStatusNames / sizeof kLoadStatusNames[0] ==
                  static_cast<size_t>(LoadStatus::kError) + 1,
              "one name for each LoadStatus");

inline const char* LoadStatusName(LoadStatus status) {
  return kLoadStatusNames[static_cast<size_t>(status)];
}

}  // namespace afterglow::ui
