// A LineConsumer for tests: keeps every line it is given with its number, and checks the padding
// contract by reading the kReadPadding bytes after each line.
#pragma once

#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "core/base/read_padding.h"
#include "core/ingest/line_consumer.h"

namespace afterglow::testing {

class CollectingConsumer final : public LineConsumer {
 public:
  void OnLine(std::string_view line, uint64_t line_number) override {
    // Touch the padding: AddressSanitizer flags it if a buffer was allocated without slack.
    volatile char sink = 0;
    for (size_t i = 0; i < kReadPadding; ++i) sink = sink ^ line.data()[line.size() + i];
    lines.emplace_back(line);
    numbers.push_back(line_number);
  }
  std::vector<std::string> lines;
  std::vector<uint64_t> numbers;
};

}  // namespace afterglow::testing
