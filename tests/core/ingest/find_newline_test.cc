// FindNewlineVector (core/ingest/find_newline.h), the page's newline search: the same answer as
// memchr for every start and length over buffers with newlines at every lane position, none, or
// only past the end.
#include "core/ingest/find_newline.h"

#include <gtest/gtest.h>

#include <cstring>
#include <random>
#include <string>

namespace afterglow {
namespace find_newline_test {

const char* Memchr(const char* p, const char* end) {
  return static_cast<const char*>(std::memchr(p, '\n', static_cast<size_t>(end - p)));
}

TEST(FindNewline, AgreesWithMemchrAtEveryStartAndLength) {
  std::mt19937 random(3);
  for (int round = 0; round < 40; ++round) {
    std::string text(100, 'x');
    const int newlines = round % 5;  // none in a fifth of the rounds
    for (int i = 0; i < newlines; ++i) text[random() % text.size()] = '\n';
    if (round % 7 == 0) text[random() % text.size()] = '\xFF';  // bytes above 0x7F too
    for (size_t begin = 0; begin <= text.size(); ++begin) {
      for (size_t end = begin; end <= text.size(); ++end) {
        const char* p = text.data() + begin;
        const char* e = text.data() + end;
        ASSERT_EQ(FindNewlineVector(p, e), Memchr(p, e)) << round << " " << begin << " " << end;
        ASSERT_EQ(FindNewline(p, e), Memchr(p, e));
      }
    }
  }
}

TEST(FindNewline, ANewlineJustPastTheEndIsNotFound) {
  const std::string text = std::string(32, 'a') + "\n";
  EXPECT_EQ(FindNewlineVector(text.data(), text.data() + 32), nullptr);
  EXPECT_EQ(FindNewlineVector(text.data(), text.data() + 33), text.data() + 32);
  EXPECT_EQ(FindNewlineVector(text.data(), text.data()), nullptr);
}

}  // namespace find_newline_test
}  // namespace afterglow
