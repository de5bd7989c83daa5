// What the page keeps when a log would outgrow wasm32's memory. The page's heap grows to
// at most 4 GiB (wasm/CMakeLists.txt, MAXIMUM_MEMORY), and an allocation the heap cannot make
// aborts the whole module: the tab stays up but the page stops answering, with nothing shown. So
// the page stops reading before that point and keeps what fits: every event read so far (the log
// up to there, its applications, jobs, stages, tasks and their aggregates as they stood at that
// line, exactly as the views show a log mid-load), and says so as a load problem on the overview.
// The rest of the 4 GiB is headroom: a column grows by copying into one twice its size, and the
// views allocate their models after the load. The command line has no such cap.
#pragma once

#include <cstdint>
#include <string>
#include <string_view>

#include "core/base/load_problem.h"

namespace afterglow {

struct MemoryCap {
  // The top of the engine's allocations (the page reads the program break: cheap, where malloc's
  // own totals walk the whole heap), and the heap's size (which also holds growth slack).
  uint64_t used_bytes = 3ull << 30;
  uint64_t heap_bytes = 3584ull << 20;
};

// Where a load is when the guard is asked: the file being read (a part of a rolled log, a zip
// entry) and its stored bytes pushed so far, and the whole input's stored bytes read and total,
// as the progress bar counts them.
struct LoadPosition {
  std::string_view file;
  uint64_t file_offset = 0;
  uint64_t bytes_read = 0;
  uint64_t bytes_total = 0;
};

// One load's guard, asked before each push. Once the cap is reached it stays reached for the rest
// of the load: nothing more is read, so the kept part is one prefix of the input.
class MemoryCapGuard {
 public:
  explicit MemoryCapGuard(MemoryCap cap = {}) : cap_(cap) {}

  // False once either reading is at or over its limit; `at` is where the load stands (the next
  // push would start there), kept for the notice.
  bool AllowPush(uint64_t used_bytes, uint64_t heap_bytes, const LoadPosition& at);
  bool reached() const { return reached_; }

  // The problem that tells the user what was kept (valid once reached()).
  LoadProblem Notice() const;

 private:
  MemoryCap cap_;
  bool reached_ = false;
  std::string file_;
  LoadPosition stopped_at_;  // its file is left empty: file_ holds the name
  uint64_t used_bytes_ = 0;
};

}  // namespace afterglow
