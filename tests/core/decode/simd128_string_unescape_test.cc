// UnescapeJsonString against simdjson's own parse_string, of this machine's builtin kernel and of
// the scalar fallback the page used before: the same end (or the same failure) and the same bytes
// up to it, in both of our backends, for every string of several corpus logs, every escape letter,
// \u escapes good and bad (surrogate pairs, lone surrogates, bad hex digits) at every offset
// around the 16-byte steps, and seeded random strings of escape-heavy bytes.
#include "core/decode/simd128_string_unescape.h"

#include <gtest/gtest.h>

#include <cstring>
#include <filesystem>
#include <fstream>
#include <memory>
#include <random>
#include <string>
#include <string_view>
#include <vector>

#include "core/base/read_padding.h"
#include "core/ingest/line_consumer.h"
#include "core/ingest/log_stream.h"
#include "simdjson.h"
#include "tests/support/stream_file_lines.h"

namespace afterglow {
namespace simd128_string_unescape_test {

namespace fs = std::filesystem;

// A kernel's parse_string, as the on-demand parser reaches it.
std::unique_ptr<simdjson::internal::dom_parser_implementation> KernelNamed(const char* name) {
  const simdjson::implementation* impl =
      name == nullptr ? static_cast<const simdjson::implementation*>(
                            simdjson::get_active_implementation())
                      : simdjson::get_available_implementations()[name];
  std::unique_ptr<simdjson::internal::dom_parser_implementation> parser;
  if (impl == nullptr || impl->create_dom_parser_implementation(64, 8, parser) != simdjson::SUCCESS) {
    return nullptr;
  }
  return parser;
}

// What one unescaper made of a string: the bytes up to its end, or "<null>".
std::string Outcome(uint8_t* begin, uint8_t* end) {
  if (end == nullptr) return "<null>";
  return std::string(reinterpret_cast<const char*>(begin), size_t(end - begin));
}

class UnescapeComparer {
 public:
  UnescapeComparer() : builtin_(KernelNamed(nullptr)), fallback_(KernelNamed("fallback")) {}

  // `text` holds the string's bytes after its opening quote (and normally its closing quote).
  // Returns false (after recording a failure) on the first difference.
  bool Check(std::string_view text, const std::string& where) {
    // Padding of quotes: an unterminated string still ends, at the same place for everyone.
    std::vector<uint8_t> source(text.begin(), text.end());
    source.resize(text.size() + 64, '"');
    const size_t out_size = text.size() * 2 + 128;
    std::vector<uint8_t> out(out_size);
    const std::string want = Outcome(out.data(), builtin_->parse_string(source.data(), out.data()));
    if (fallback_) {
      std::fill(out.begin(), out.end(), 0);
      const std::string fallback =
          Outcome(out.data(), fallback_->parse_string(source.data(), out.data()));
      if (fallback != want) {
        ADD_FAILURE() << where << ": simdjson's kernels disagree";
        return false;
      }
    }
    for (Stage1Backend backend : {Stage1Backend::kBest, Stage1Backend::kPortable}) {
      std::fill(out.begin(), out.end(), 0);
      const std::string got =
          Outcome(out.data(), UnescapeJsonString(source.data(), out.data(), backend));
      if (got != want) {
        ADD_FAILURE() << where << (backend == Stage1Backend::kBest ? " (best)" : " (portable)")
                      << ": got " << got.size() << " bytes \"" << got << "\", builtin "
                      << want.size() << " bytes \"" << want << "\"\ntext: " << text;
        return false;
      }
    }
    ++checked_;
    if (want == "<null>") ++failures_;
    return true;
  }
  size_t checked() const { return checked_; }
  size_t failures() const { return failures_; }

 private:
  std::unique_ptr<simdjson::internal::dom_parser_implementation> builtin_;
  std::unique_ptr<simdjson::internal::dom_parser_implementation> fallback_;
  size_t checked_ = 0;
  size_t failures_ = 0;
};

TEST(Simd128StringUnescape, EveryEscapeLetterAtEveryOffsetMatchesBuiltin) {
  UnescapeComparer comparer;
  for (size_t offset = 0; offset <= 40; ++offset) {
    const std::string before(offset, 'a');
    for (int letter = 0; letter < 256; ++letter) {
      const std::string text = before + "\\" + char(letter) + "xyz\"";
      if (!comparer.Check(text, "letter " + std::to_string(letter) + " at " +
                                    std::to_string(offset))) {
        return;
      }
    }
  }
  // Eight letters are escapes; every other one fails.
  EXPECT_EQ(comparer.checked(), 41u * 256);
  EXPECT_EQ(comparer.failures(), 41u * (256 - 8));  // "\\uxyz" fails too (bad hex)
}

TEST(Simd128StringUnescape, UnicodeEscapesMatchBuiltin) {
  const std::vector<std::string> escapes = {
      "\\u0000", "\\u0041", "\\u007f", "\\u0080", "\\u07FF", "\\u0800", "\\uffff", "\\uFfFf",
      "\\u00e9", "\\u20AC", "\\ud83d\\ude00", "\\uD83D\\uDE00", "\\udbff\\udfff", "\\ud800\\udc00",
      "\\ud800", "\\ud800x", "\\ud800\\u0041", "\\ud800\\ud800", "\\udc00", "\\udfff\\ud800",
      "\\u12", "\\u12g4", "\\uG000", "\\u 123", "\\ud83d\\ude0", "\\ud83d\\uZe00", "\\ud83d\\n",
      "\\u00", "\\u"};
  UnescapeComparer comparer;
  for (size_t offset = 0; offset <= 34; ++offset) {
    for (const std::string& escape : escapes) {
      for (const std::string& after : {std::string("\""), std::string("tail\""),
                                       std::string(20, 'b') + "\\n\""}) {
        const std::string text = std::string(offset, 'a') + escape + after;
        if (!comparer.Check(text, "escape " + escape + " at " + std::to_string(offset))) return;
      }
    }
  }
  EXPECT_GT(comparer.failures(), 35u * 10);
  EXPECT_LT(comparer.failures(), comparer.checked());
}

TEST(Simd128StringUnescape, RandomEscapeHeavyStringsMatchBuiltin) {
  const std::string alphabet = "ab\\\\\\\"u0dD8cCfF9\xC3\xA9/nt ";
  std::mt19937 random(7);
  UnescapeComparer comparer;
  for (int round = 0; round < 5000; ++round) {
    std::string text;
    const size_t length = random() % 80;
    for (size_t i = 0; i < length; ++i) text += alphabet[random() % alphabet.size()];
    text += '"';
    if (!comparer.Check(text, "round " + std::to_string(round))) return;
  }
  EXPECT_EQ(comparer.checked(), 5000u);
  EXPECT_GT(comparer.failures(), 100u);
  EXPECT_LT(comparer.failures(), 4900u);
}

TEST(Simd128StringUnescape, EveryStringOfCorpusLogsMatchesBuiltin) {
  const fs::path corpus(AFTERGLOW_CORPUS_DIR);
  if (!fs::exists(corpus / "spark")) GTEST_SKIP() << "corpus missing at " << corpus;
  // Each line's strings: each quote that the builtin stage 1 indexes opens one.
  class EveryString final : public LineConsumer {
   public:
    explicit EveryString(UnescapeComparer* comparer) : comparer_(comparer) {
      EXPECT_EQ(simdjson::get_active_implementation()->create_dom_parser_implementation(
                    1 << 20, 64, stage1_),
                simdjson::SUCCESS);
    }
    void OnLine(std::string_view line, uint64_t number) override {
      if (failed || line.size() > stage1_->capacity()) return;
      if (stage1_->stage1(reinterpret_cast<const uint8_t*>(line.data()), line.size(),
                          simdjson::stage1_mode::regular) != simdjson::SUCCESS) {
        return;
      }
      for (uint32_t i = 0; i < stage1_->n_structural_indexes; ++i) {
        const uint32_t at = stage1_->structural_indexes[i];
        if (line[at] != '"') continue;
        // The string and its closing quote; stage 1 already found where that is.
        const uint32_t end = stage1_->structural_indexes[i + 1];
        std::string_view text = line.substr(at + 1, end - at - 1);
        if (!comparer_->Check(text, "line " + std::to_string(number))) failed = true;
        ++strings;
      }
    }
    bool failed = false;
    size_t strings = 0;

   private:
    UnescapeComparer* comparer_;
    std::unique_ptr<simdjson::internal::dom_parser_implementation> stage1_;
  };
  UnescapeComparer comparer;
  size_t strings = 0;
  for (const char* log : {"spark/sql-events/local-1596020211915",
                          "spark/spark-events/application_1553914137147_0018",
                          "rapids-tools/e2e/join_agg_on_yarn_eventlog.zstd"}) {
    EveryString every(&comparer);
    test_support::StreamFileLines(corpus / log, &every, [&] { return !every.failed; });
    ASSERT_FALSE(every.failed) << log;
    strings += every.strings;
  }
  EXPECT_GT(strings, 50000u);
  EXPECT_EQ(comparer.checked(), strings);
}

}  // namespace simd128_string_unescape_test
}  // namespace afterglow
