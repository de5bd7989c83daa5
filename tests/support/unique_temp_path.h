// A path in the system's temp folder that no other test process uses: `name` (which says what the
// test keeps there) followed by this process's id. A fixed name collides when two checkouts run
// their suites at once (or ctest runs one test in two builds), one test deleting or overwriting
// the other's files; ctest runs each test in its own process, so the id keeps them apart.
#pragma once

#include <unistd.h>

#include <filesystem>
#include <string>
#include <string_view>

namespace afterglow::test_support {

inline std::filesystem::path UniqueTempPath(std::string_view name) {
  return std::filesystem::temp_directory_path() /
         (std::string(name) + "-" + std::to_string(::getpid()));
}

}  // namespace afterglow::test_support
