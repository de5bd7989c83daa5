// ImGui's configuration for native builds (tests): its assertions stay on in Release and abort
// with the failed check, so a view that unbalances Begin/End or misuses a table fails a test.
#pragma once

#include <cstdio>
#include <cstdlib>

#define IM_ASSERT(expr)                                                                   \
  ((expr) ? (void)0                                                                       \
          : (std::fprintf(stderr, "ImGui check failed: %s (%s:%d)\n", #expr, __FILE__, __LINE__), \
             std::abort()))
