// The process's peak resident memory, for tests that bound what an input may cost. ctest runs
// each test in its own process, so the growth of the peak across a load is that load's cost (run
// after a bigger test in one process, the growth reads as 0: such a run checks nothing more).
#pragma once

#include <sys/resource.h>

#include <cstdint>

namespace afterglow::test_support {

inline uint64_t PeakResidentBytes() {
  rusage usage{};
  getrusage(RUSAGE_SELF, &usage);
  return static_cast<uint64_t>(usage.ru_maxrss) * 1024;  // Linux reports KiB
}

}  // namespace afterglow::test_support
