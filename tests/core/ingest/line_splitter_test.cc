#include "core/ingest/line_splitter.h"

#include <gtest/gtest.h>

#include <random>
#include <string>
#include <vector>

#include "core/base/read_padding.h"
#include "tests/core/ingest/collecting_consumer.h"

namespace afterglow {
namespace line_splitter_test {

using testing::CollectingConsumer;

// Pushes `text` in chunks whose sizes come from `rng`, each chunk copied into its own buffer
// with exactly kReadPadding slack, as the wasm bridge and the decompressors do.
void PushInRandomChunks(LineSplitter& splitter, const std::string& text, std::mt19937& rng,
                        size_t max_chunk) {
  std::uniform_int_distribution<size_t> chunk_size(1, max_chunk);
  size_t pos = 0;
  while (pos < text.size()) {
    size_t n = std::min(chunk_size(rng), text.size() - pos);
    std::vector<char> chunk(n + kReadPadding, '#');
    std::copy(text.begin() + pos, text.begin() + pos + n, chunk.begin());
    splitter.Push(chunk.data(), n);
    pos += n;
  }
  splitter.Finish();
}

std::string RandomLine(std::mt19937& rng) {
  static const char kAlphabet[] = "{}\":,abcXYZ0123456789 \t\\\r";
  std::uniform_int_distribution<int> length(0, 300);
  std::uniform_int_distribution<size_t> letter(0, sizeof kAlphabet - 2);
  std::string line(length(rng), ' ');
  for (char& c : line) c = kAlphabet[letter(rng)];
  return line;
}

TEST(LineSplitter, RandomTextInRandomChunksComesBackByteForByte) {
  for (uint32_t seed = 1; seed <= 200; ++seed) {
    std::mt19937 rng(seed);
    std::vector<std::string> original;
    std::string text;
    int count = std::uniform_int_distribution<int>(0, 60)(rng);
    for (int i = 0; i < count; ++i) {
      original.push_back(RandomLine(rng));
      text += original.back();
      text += '\n';
    }
    bool final_newline = std::bernoulli_distribution(0.5)(rng);
    if (!final_newline && !text.empty()) text.pop_back();

    CollectingConsumer consumer;
    LineSplitter splitter(&consumer);
    size_t max_chunk = seed % 3 == 0 ? 3 : seed % 3 == 1 ? 64 : 4096;
    PushInRandomChunks(splitter, text, rng, max_chunk);

    // Expected: each line with one trailing '\r' removed; empty lines counted, not delivered.
    std::vector<std::string> expected_lines;
    std::vector<uint64_t> expected_numbers;
    for (size_t i = 0; i < original.size(); ++i) {
      std::string line = original[i];
      if (!line.empty() && line.back() == '\r') line.pop_back();
      if (line.empty()) continue;
      expected_lines.push_back(line);
      expected_numbers.push_back(i + 1);
    }
    ASSERT_EQ(consumer.lines, expected_lines) << "seed " << seed;
    ASSERT_EQ(consumer.numbers, expected_numbers) << "seed " << seed;
    EXPECT_EQ(splitter.pending_bytes(), 0u);
  }
}

TEST(LineSplitter, LastLineWithoutNewlineIsDeliveredOnlyAtFinish) {
  CollectingConsumer consumer;
  LineSplitter splitter(&consumer);
  std::string text = "first\nsecond";
  text.resize(text.size() + kReadPadding);
  splitter.Push(text.data(), 12);
  ASSERT_EQ(consumer.lines, std::vector<std::string>{"first"});
  EXPECT_EQ(splitter.pending_bytes(), 6u);
  splitter.Finish();
  EXPECT_EQ(consumer.lines, (std::vector<std::string>{"first", "second"}));
  EXPECT_EQ(consumer.numbers, (std::vector<uint64_t>{1, 2}));
}

TEST(LineSplitter, EmptyLinesAreCountedInLineNumbers) {
  CollectingConsumer consumer;
  LineSplitter splitter(&consumer);
  std::string text = "\n\r\na\n\nb\n";
  size_t size = text.size();
  text.resize(size + kReadPadding);
  splitter.Push(text.data(), size);
  splitter.Finish();
  EXPECT_EQ(consumer.lines, (std::vector<std::string>{"a", "b"}));
  EXPECT_EQ(consumer.numbers, (std::vector<uint64_t>{3, 5}));
  EXPECT_EQ(splitter.lines(), 5u);
}

}  // namespace line_splitter_test
}  // namespace afterglow
