// LineSplitter::line_offset: where each delivered line begins in the pushed bytes, whatever the
// chunking (the listing's tail re-read selects lines by it; core/listen/listing_listener.h).
#include <gtest/gtest.h>

#include <random>
#include <string>
#include <vector>

#include "core/base/read_padding.h"
#include "core/ingest/line_splitter.h"

namespace afterglow {
namespace line_offset_test {

class OffsetRecorder final : public LineConsumer {
 public:
  void OnLine(std::string_view line, uint64_t /*line_number*/) override {
    offsets.push_back(splitter->line_offset());
    lines.emplace_back(line);
  }
  LineSplitter* splitter = nullptr;
  std::vector<uint64_t> offsets;
  std::vector<std::string> lines;
};

TEST(LineOffset, EachLineReportsWhereItBeginsForAnyChunking) {
  for (uint32_t seed = 1; seed <= 50; ++seed) {
    std::mt19937 rng(seed);
    std::string text;
    std::vector<uint64_t> expected;  // where each non-empty line begins
    const int count = std::uniform_int_distribution<int>(1, 40)(rng);
    for (int i = 0; i < count; ++i) {
      const int length = std::uniform_int_distribution<int>(0, 90)(rng);
      if (length > 0) expected.push_back(text.size());
      text += std::string(length, 'a' + i % 26);
      if (i + 1 < count || seed % 2 == 0) text += (seed % 3 == 0 ? "\r\n" : "\n");
    }
    OffsetRecorder recorder;
    LineSplitter splitter(&recorder);
    recorder.splitter = &splitter;
    std::uniform_int_distribution<size_t> chunk_size(1, seed % 2 == 0 ? 7 : 300);
    for (size_t pos = 0; pos < text.size();) {
      const size_t n = std::min(chunk_size(rng), text.size() - pos);
      std::vector<char> chunk(n + kReadPadding, '#');
      std::copy(text.begin() + pos, text.begin() + pos + n, chunk.begin());
      splitter.Push(chunk.data(), n);
      pos += n;
    }
    splitter.Finish();
    ASSERT_EQ(recorder.offsets, expected) << "seed " << seed;
    for (size_t i = 0; i < expected.size(); ++i) {
      EXPECT_EQ(text.compare(expected[i], recorder.lines[i].size(), recorder.lines[i]), 0);
    }
  }
}

}  // namespace line_offset_test
}  // namespace afterglow
