#include "core/listen/retention_memory_cap.h"

#include <cstdio>

namespace afterglow {

bool MemoryCapGuard::AllowPush(uint64_t used_bytes, uint64_t heap_bytes, const LoadPosition& at) {
  if (reached_) return false;
  if (used_bytes < cap_.used_bytes && heap_bytes < cap_.heap_bytes) return true;
  reached_ = true;
  file_ = at.file;
  stopped_at_ = at;
  stopped_at_.file = {};
  used_bytes_ = used_bytes;
  return false;
}

LoadProblem MemoryCapGuard::Notice() const {
  LoadProblem problem;
  problem.file = file_;
  problem.offset = stopped_at_.file_offset;
  char cause[360];
  // MB as stored (compressed for .zstd): the bytes the progress bar counts.
  std::snprintf(cause, sizeof cause,
                "memory cap: reading stopped after %.1f of %.1f MB of input; the views show the "
                "log up to there. The page's memory (at most 4 GiB in a browser) held %.0f MB; "
                "the command line (`afterglow summary`, `afterglow api`) reads the whole log.",
                stopped_at_.bytes_read / 1e6, stopped_at_.bytes_total / 1e6, used_bytes_ / 1e6);
  problem.cause = cause;
  return problem;
}

}  // namespace afterglow
