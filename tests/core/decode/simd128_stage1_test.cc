// Simd128Stage1 against simdjson's own stage 1: for every input, the builtin kernel of this
// machine (haswell/icelake/westmere: the generic SIMD algorithm ours must equal) and ours, in each
// of its backends (the best here, SSSE3, and the portable one), must give the same error and, on
// success, the same structural index including the three sentinel entries past its end. Inputs:
// every line of several corpus logs, hand-written edge cases, every length 0..200 of patterns
// placed around the 64-byte block edges, and seeded random mutations of real lines. Then the
// on-demand parser with our stage 1 installed must read every corpus line exactly as the builtin
// one does.
#include "core/decode/simd128_stage1.h"

#include <gtest/gtest.h>

#include <cstring>
#include <filesystem>
#include <fstream>
#include <functional>
#include <map>
#include <memory>
#include <optional>
#include <random>
#include <string>
#include <string_view>
#include <vector>

#include "core/base/read_padding.h"
#include "core/decode/simd128_bytes.h"
#include "core/ingest/line_consumer.h"
#include "core/ingest/log_stream.h"
#include "simdjson.h"
#include "tests/support/stream_file_lines.h"
#include "tests/tools/log_scaler.h"

namespace afterglow {
namespace simd128_stage1_test {

namespace fs = std::filesystem;
using simdjson::error_code;

// What a stage 1 answers for one text.
struct Stage1Answer {
  error_code error = simdjson::SUCCESS;
  std::vector<uint32_t> indexes;  // on success: the entries and the 3 sentinels after them
};

// The text with SIMDJSON_PADDING bytes after it, filled with bytes that would change the index
// if a stage 1 classified them (quotes, backslashes, letters).
class PaddedText {
 public:
  explicit PaddedText(std::string_view text) : bytes_(text.begin(), text.end()) {
    for (size_t i = 0; i < simdjson::SIMDJSON_PADDING; ++i) bytes_.push_back("\"\\x{"[i % 4]);
    size_ = text.size();
  }
  const uint8_t* data() const { return bytes_.data(); }
  size_t size() const { return size_; }

 private:
  std::vector<uint8_t> bytes_;
  size_t size_ = 0;
};

// Runs one kernel's stage 1, growing its capacity as texts get longer.
class Kernel {
 public:
  // `backend` empty: the builtin kernel of the active implementation.
  explicit Kernel(std::optional<Stage1Backend> backend) : backend_(backend) {}

  Stage1Answer Run(std::string_view text) {
    const PaddedText padded(text);
    if (!impl_ || impl_->capacity() < text.size()) Allocate(std::max<size_t>(text.size(), 64));
    Stage1Answer answer;
    answer.error = impl_->stage1(padded.data(), padded.size(), simdjson::stage1_mode::regular);
    if (answer.error == simdjson::SUCCESS) {
      const uint32_t n = impl_->n_structural_indexes;
      answer.indexes.assign(impl_->structural_indexes.get(), impl_->structural_indexes.get() + n + 3);
    }
    return answer;
  }

 private:
  void Allocate(size_t capacity) {
    const simdjson::implementation* builtin = simdjson::get_active_implementation();
    if (!backend_) {
      ASSERT_EQ(builtin->create_dom_parser_implementation(capacity, 64, impl_), simdjson::SUCCESS);
      return;
    }
    impl_ = std::make_unique<Simd128Stage1>(*backend_);
    ASSERT_EQ(impl_->set_capacity(capacity), simdjson::SUCCESS);
  }

  std::optional<Stage1Backend> backend_;
  std::unique_ptr<simdjson::internal::dom_parser_implementation> impl_;
};

// Compares ours (both backends) with the builtin kernel on each text given to Check.
class Stage1Comparer {
 public:
  // Returns false (after recording a test failure) on the first difference.
  bool Check(std::string_view text, const std::string& where) {
    const Stage1Answer want = builtin_.Run(text);
    for (Kernel* ours : {&best_, &portable_}) {
      const Stage1Answer got = ours->Run(text);
      const char* backend = ours == &best_ ? "best backend" : "portable backend";
      if (got.error != want.error) {
        ADD_FAILURE() << where << " (" << backend << "): error " << simdjson::error_message(got.error)
                      << ", builtin " << simdjson::error_message(want.error) << "\ntext: "
                      << Show(text);
        return false;
      }
      if (got.indexes != want.indexes) {
        ADD_FAILURE() << where << " (" << backend << "): " << got.indexes.size() - 3
                      << " structurals, builtin " << want.indexes.size() - 3 << "; first difference at "
                      << FirstDifference(got.indexes, want.indexes) << "\ntext: " << Show(text);
        return false;
      }
    }
    ++checked_;
    if (want.error == simdjson::SUCCESS) ++succeeded_;
    else ++errors_seen_[want.error];
    return true;
  }
  size_t checked() const { return checked_; }
  size_t succeeded() const { return succeeded_; }
  size_t errors_seen(error_code error) const {
    auto it = errors_seen_.find(error);
    return it == errors_seen_.end() ? 0 : it->second;
  }

 private:
  static std::string Show(std::string_view text) {
    std::string out;
    for (unsigned char c : text.substr(0, 300)) {
      if (c >= 0x20 && c < 0x7F) {
        out += char(c);
      } else {
        char hex[8];
        std::snprintf(hex, sizeof hex, "\\x%02X", c);
        out += hex;
      }
    }
    if (text.size() > 300) out += "...";
    return out;
  }
  static size_t FirstDifference(const std::vector<uint32_t>& a, const std::vector<uint32_t>& b) {
    size_t i = 0;
    while (i < a.size() && i < b.size() && a[i] == b[i]) ++i;
    return i;
  }

  Kernel builtin_{std::nullopt};
  Kernel best_{Stage1Backend::kBest};
  Kernel portable_{Stage1Backend::kPortable};
  size_t checked_ = 0;
  size_t succeeded_ = 0;
  std::map<error_code, size_t> errors_seen_;
};

// The lines of a corpus log (decompressed), up to `max_bytes` of them.
std::vector<std::string> CorpusLines(const std::string& relative, size_t max_bytes) {
  class Collect final : public LineConsumer {
   public:
    explicit Collect(size_t max_bytes) : max_bytes_(max_bytes) {}
    void OnLine(std::string_view line, uint64_t) override {
      if (bytes_ >= max_bytes_) return;
      bytes_ += line.size();
      lines.emplace_back(line);
    }
    std::vector<std::string> lines;

   private:
    size_t max_bytes_;
    size_t bytes_ = 0;
  };
  const fs::path path = fs::path(AFTERGLOW_CORPUS_DIR) / relative;
  Collect collect(max_bytes);
  test_support::StreamFileLines(path, &collect);
  return std::move(collect.lines);
}

const char* const kCorpusLogs[] = {
    "spark/sql-events/local-1596020211915",
    "rapids-tools/profiling/nds_q66_gpu.zstd",
    "rapids-tools/e2e/join_agg_on_yarn_eventlog.zstd",
    "spark/spark-events/application_1553914137147_0018",
    "spark/spark-events/local-1422981780767",
    "rapids-tools/profiling/malformed_json_eventlog.zstd",
};
// Enough of each log for every kind of line; keeps the test well under a second.
constexpr size_t kCorpusBytesPerLog = 6 << 20;

bool CorpusPresent() { return fs::exists(fs::path(AFTERGLOW_CORPUS_DIR) / kCorpusLogs[0]); }

TEST(Simd128Stage1, BackendsClassifyEveryByteAlike) {
  // The three byte classes the vector backends compute, for all 256 byte values, against the
  // portable backend and against their definitions.
  using P = simd128::PortableBytes;
  using B = simd128::BestBytes;
  for (int start = 0; start < 256; start += 16) {
    uint8_t in[16];
    for (int i = 0; i < 16; ++i) in[i] = uint8_t(start + i);
    const uint32_t control_p = P::HighBits(P::AtMost(P::Load(in), 0x1F));
    const uint32_t control_b = B::HighBits(B::AtMost(B::Load(in), 0x1F));
    const uint32_t quote_b = B::HighBits(B::Eq(B::Load(in), B::Splat('"')));
    const uint32_t ascii_b = B::HighBits(B::Load(in));
    for (int i = 0; i < 16; ++i) {
      const int byte = start + i;
      EXPECT_EQ((control_p >> i) & 1, byte <= 0x1F ? 1u : 0u) << byte;
      EXPECT_EQ((control_b >> i) & 1, byte <= 0x1F ? 1u : 0u) << byte;
      EXPECT_EQ((quote_b >> i) & 1, byte == '"' ? 1u : 0u) << byte;
      EXPECT_EQ((ascii_b >> i) & 1, byte >= 0x80 ? 1u : 0u) << byte;
    }
  }
}

TEST(Simd128Stage1, EveryByteAloneAndInContextMatchesBuiltin) {
  // Each byte value as a token, inside a string, after a backslash, and after a scalar: this is
  // where the operator/whitespace tables decide (including 0x0C and 0x1A, which simdjson's
  // kernels take for operators).
  Stage1Comparer comparer;
  for (int b = 0; b < 256; ++b) {
    const std::string c(1, char(b));
    for (const std::string& text : {c, "[" + c + "]", "\"" + c + "\"", "\"\\" + c + "\"",
                                    "[1" + c + "2]", "{\"k\":" + c + "}", " " + c + " "}) {
      if (!comparer.Check(text, "byte " + std::to_string(b))) return;
    }
  }
  EXPECT_EQ(comparer.checked(), 256u * 7);
}

TEST(Simd128Stage1, HandWrittenEdgeCasesMatchBuiltin) {
  const std::string s63(63, 'x');
  const std::string s62(62, 'x');
  const std::vector<std::string> texts = {
      "", " ", "\t\r\n ", std::string(64, ' '), std::string(200, ' '), "{}", "[]", "1", "-1.5e3",
      "true", "null", "\"\"", "\"abc\"", "{\"a\":1,\"b\":[true,false,null],\"c\":{\"d\":\"e\"}}",
      // Escapes: odd and even runs of backslashes before a quote.
      R"("a\"b")", R"("a\\"b")", R"("a\\\"b")", R"("a\\\\"b")", R"(["\\", "\"", "\\\\\""])",
      // Unclosed strings, with and without escapes at the end.
      "\"abc", "\"abc\\\"", "{\"a\":\"b", "\"\\",
      // Control characters inside and outside strings.
      "\"a\x01b\"", "\"tab\there\"", "[1,\x01]", "\"\x1f\"", "\"\x0c\"", "[\x0c]", "[\x1a]",
      std::string("\"nul\0in\"", 8), std::string("[0,\0]", 5),
      // Unicode: valid 2/3/4-byte characters, and every kind of invalid sequence.
      "\"caf\xC3\xA9\"", "\"\xE2\x82\xAC\"", "\"\xF0\x9F\x98\x80\"", "\"\xC3\"", "\"\x80\"",
      "\"\xC0\xAF\"", "\"\xED\xA0\x80\"", "\"\xF4\x90\x80\x80\"", "\"\xFF\"", "\xC3\xA9", "[\xE2\x82]",
      "\"" + s62 + "\xC3\xA9\"", "\"" + s62 + "\xE2\x82\xAC\"", "\"" + s63 + "\xC3\"",
      "\"ok\"\xC3", "\"\xE2\x82\xAC", std::string(70, 'a') + "\xF0\x9F\x98",
      // Quotes and backslashes on the 64-byte block edges.
      "\"" + s62 + "\"", "\"" + s63 + "\"", "[\"" + s62 + "\"]", "\"" + s62 + "\\\"\"",
      "\"" + s62 + "\\\\\"", "\"" + s63 + "\\\"x\"", std::string(63, ' ') + "\"a\"",
      std::string(64, ' ') + "\"a\"", "\"" + std::string(62, '\\') + "\"",
      "\"" + std::string(63, '\\') + "\"\"", "\"" + std::string(64, '\\') + "\"",
      "\"" + std::string(127, '\\') + "\"\"", "\"" + std::string(128, '\\') + "\"",
      // Scalars running across block edges and glued to quotes.
      std::string(63, ' ') + "12345", "[" + std::string(100, '7') + "]", "\"a\"true", "1\"a\"",
      "tru\"e", "{\"a\":1}{\"b\":2}", "[1,2]x"};
  Stage1Comparer comparer;
  for (size_t i = 0; i < texts.size(); ++i) {
    if (!comparer.Check(texts[i], "edge case " + std::to_string(i))) return;
  }
  // The cases reach every outcome the on-demand parser can be given.
  EXPECT_GT(comparer.succeeded(), 20u);
  for (error_code error : {simdjson::EMPTY, simdjson::UNCLOSED_STRING, simdjson::UNESCAPED_CHARS,
                           simdjson::UTF8_ERROR}) {
    EXPECT_GT(comparer.errors_seen(error), 0u) << simdjson::error_message(error);
  }
}

TEST(Simd128Stage1, EveryLengthAroundBlockEdgesMatchesBuiltin) {
  // For each length 0..200, texts whose special bytes fall on every offset, including 63/64 and
  // 127/128: strings of that length, backslash runs of each parity ending there, quotes preceded
  // by backslash runs, numbers and spaces.
  Stage1Comparer comparer;
  for (size_t len = 0; len <= 200; ++len) {
    std::vector<std::string> texts;
    texts.push_back(std::string(len, ' '));
    texts.push_back(std::string(len, '1'));
    texts.push_back(std::string(len, '"'));
    texts.push_back(std::string(len, '\\'));
    if (len >= 2) texts.push_back("\"" + std::string(len - 2, 'a') + "\"");
    if (len >= 1) texts.push_back("\"" + std::string(len - 1, '\\'));
    if (len >= 2) texts.push_back("\"" + std::string(len - 2, '\\') + "\"");
    if (len >= 3) texts.push_back("[\"" + std::string(len - 3, '\\') + "\"]");
    if (len >= 1) texts.push_back(std::string(len - 1, ' ') + "\"");
    if (len >= 4) texts.push_back("[" + std::string(len - 4, ' ') + "\"\"]");
    if (len >= 2) texts.push_back("\"" + std::string(len - 2, '\x01') + "\"");
    if (len >= 3) texts.push_back("\"" + std::string(len - 3, 'a') + "\xC3\"");
    if (len >= 4) texts.push_back("\"" + std::string(len - 4, 'a') + "\xC3\xA9\"");
    std::string alternating;
    for (size_t i = 0; i < len; ++i) alternating += "\\\"{ :,]1"[i % 8];
    texts.push_back(alternating);
    for (size_t t = 0; t < texts.size(); ++t) {
      if (!comparer.Check(texts[t], "length " + std::to_string(len) + " pattern " +
                                        std::to_string(t))) {
        return;
      }
    }
  }
  EXPECT_GT(comparer.checked(), 2500u);
}

TEST(Simd128Stage1, CorpusLinesMatchBuiltin) {
  if (!CorpusPresent()) GTEST_SKIP() << "corpus missing at " << AFTERGLOW_CORPUS_DIR;
  Stage1Comparer comparer;
  size_t bytes = 0;
  for (const char* log : kCorpusLogs) {
    const std::vector<std::string> lines = CorpusLines(log, kCorpusBytesPerLog);
    ASSERT_FALSE(lines.empty()) << log;
    for (size_t i = 0; i < lines.size(); ++i) {
      if (!comparer.Check(lines[i], std::string(log) + " line " + std::to_string(i + 1))) return;
      bytes += lines[i].size();
    }
  }
  EXPECT_GT(bytes, 8u << 20);
  EXPECT_GT(comparer.succeeded(), 5000u);
}

TEST(Simd128Stage1, ScaledBenchLogLinesMatchBuiltin) {
  // Lines like those of the page's benchmark log: the corpus log's work with its ids and times
  // shifted as scripts/scale-log shifts its 27th copy (tests/tools/log_scaler.h), so the numbers
  // are longer and the lines fall differently against the 64-byte blocks. (It read the bench log
  // itself and skipped where scripts/scale-log had not written it, as on CI.)
  if (!CorpusPresent()) GTEST_SKIP() << "corpus missing at " << AFTERGLOW_CORPUS_DIR;
  const std::vector<std::string> lines =
      CorpusLines("rapids-tools/profiling/nds_q66_gpu.zstd", kCorpusBytesPerLog);
  tools::SourceExtent extent;
  for (const std::string& line : lines) {
    std::string ignored;
    tools::RewriteEvent(line, tools::CopyShift{}, &ignored, &extent);
  }
  constexpr int64_t kCopy = 26;
  const tools::CopyShift shift{kCopy * (extent.max_job + 1),  kCopy * (extent.max_stage + 1),
                               kCopy * (extent.max_rdd + 1),  kCopy * (extent.max_task + 1),
                               kCopy * (extent.max_sql_execution + 1),
                               kCopy * (extent.max_accumulator + 1),
                               kCopy * (extent.max_time_ms - extent.min_time_ms + 1000)};
  Stage1Comparer comparer;
  size_t rewritten = 0;
  for (size_t i = 0; i < lines.size() && rewritten < 3000; ++i) {
    if (!tools::IsRepeatedEvent(tools::EventName(lines[i]))) continue;
    std::string scaled;
    ASSERT_TRUE(tools::RewriteEvent(lines[i], shift, &scaled, nullptr)) << "line " << i + 1;
    ++rewritten;
    if (!comparer.Check(scaled, "nds_q66_gpu copy 26, line " + std::to_string(i + 1))) return;
  }
  EXPECT_EQ(comparer.checked(), 3000u);
}

TEST(Simd128Stage1, RandomMutationsOfRealLinesMatchBuiltin) {
  if (!CorpusPresent()) GTEST_SKIP() << "corpus missing at " << AFTERGLOW_CORPUS_DIR;
  const std::vector<std::string> lines = CorpusLines(kCorpusLogs[0], 1 << 20);
  ASSERT_GT(lines.size(), 100u);
  // Bytes that change how stage 1 reads what follows them.
  const std::string alphabet = std::string("\"\\{}[]:, \t\n\rax0") + '\x01' + '\x0c' + '\x1a' +
                               '\x1f' + '\x7f' + '\x80' + '\xbf' + '\xc3' + '\xa9' + '\xe2' +
                               '\xed' + '\xf0' + '\xf4' + '\xff' + '\0';
  std::mt19937 random(20261130);
  Stage1Comparer comparer;
  for (int round = 0; round < 4000; ++round) {
    std::string text = lines[random() % lines.size()];
    const int edits = 1 + int(random() % 4);
    for (int e = 0; e < edits && !text.empty(); ++e) {
      const size_t at = random() % text.size();
      const char byte = alphabet[random() % alphabet.size()];
      switch (random() % 4) {
        case 0: text[at] = byte; break;
        case 1: text.insert(text.begin() + long(at), byte); break;
        case 2: text.erase(at, 1 + random() % 3); break;
        default: text.resize(at); break;  // a line cut off, as in a log still being written
      }
    }
    if (!comparer.Check(text, "mutation round " + std::to_string(round))) return;
  }
  EXPECT_EQ(comparer.checked(), 4000u);
  EXPECT_GT(comparer.succeeded(), 200u);
  EXPECT_GT(comparer.errors_seen(simdjson::UNCLOSED_STRING), 200u);
}

// A canonical rendering of a whole document read through the on-demand API (every key and
// string unescaped, every number parsed), or the first error.
error_code Render(simdjson::ondemand::value value, std::string& out, int depth = 0);

error_code Render(simdjson::ondemand::value value, std::string& out, int depth) {
  if (depth > 200) return simdjson::DEPTH_ERROR;
  simdjson::ondemand::json_type type;
  if (error_code e = value.type().get(type)) return e;
  switch (type) {
    case simdjson::ondemand::json_type::object: {
      simdjson::ondemand::object object;
      if (error_code e = value.get_object().get(object)) return e;
      out += '{';
      for (auto field_result : object) {
        simdjson::ondemand::field field;
        if (error_code e = std::move(field_result).get(field)) return e;
        std::string_view key;
        if (error_code e = field.unescaped_key().get(key)) return e;
        out.append(key);
        out += ':';
        if (error_code e = Render(field.value(), out, depth + 1)) return e;
        out += ',';
      }
      out += '}';
      return simdjson::SUCCESS;
    }
    case simdjson::ondemand::json_type::array: {
      simdjson::ondemand::array array;
      if (error_code e = value.get_array().get(array)) return e;
      out += '[';
      for (auto element : array) {
        simdjson::ondemand::value item;
        if (error_code e = std::move(element).get(item)) return e;
        if (error_code e = Render(item, out, depth + 1)) return e;
        out += ',';
      }
      out += ']';
      return simdjson::SUCCESS;
    }
    case simdjson::ondemand::json_type::string: {
      std::string_view text;
      if (error_code e = value.get_string().get(text)) return e;
      out += '"';
      out.append(text);
      out += '"';
      return simdjson::SUCCESS;
    }
    case simdjson::ondemand::json_type::number: {
      simdjson::ondemand::number number;
      if (error_code e = value.get_number().get(number)) return e;
      char text[40];
      if (number.is_int64()) {
        std::snprintf(text, sizeof text, "i%lld", static_cast<long long>(number.get_int64()));
      } else if (number.is_uint64()) {
        std::snprintf(text, sizeof text, "u%llu",
                      static_cast<unsigned long long>(number.get_uint64()));
      } else {
        std::snprintf(text, sizeof text, "d%.17g", number.get_double());
      }
      out += text;
      return simdjson::SUCCESS;
    }
    case simdjson::ondemand::json_type::boolean: {
      bool flag = false;
      if (error_code e = value.get_bool().get(flag)) return e;
      out += flag ? "true" : "false";
      return simdjson::SUCCESS;
    }
    case simdjson::ondemand::json_type::null: {
      bool is_null = false;
      if (error_code e = value.is_null().get(is_null)) return e;
      out += is_null ? "null" : "?";
      return simdjson::SUCCESS;
    }
  }
  return simdjson::UNEXPECTED_ERROR;
}

// The line as `parser` reads it: its rendering, or the error that stopped it.
std::string ReadLine(simdjson::ondemand::parser& parser, const PaddedText& text) {
  simdjson::ondemand::document doc;
  error_code error = parser.iterate(text.data(), text.size(), text.size() + simdjson::SIMDJSON_PADDING)
                         .get(doc);
  std::string out;
  simdjson::ondemand::value root;
  if (!error) error = doc.get_value().get(root);
  if (!error) error = Render(root, out);
  if (error) return std::string("error: ") + simdjson::error_message(error);
  return out;
}

TEST(Simd128Stage1, InstalledOnDemandParserReadsCorpusLinesAsBuiltin) {
  if (!CorpusPresent()) GTEST_SKIP() << "corpus missing at " << AFTERGLOW_CORPUS_DIR;
  const std::string active_before = simdjson::get_active_implementation()->name();
  simdjson::ondemand::parser builtin;
  simdjson::ondemand::parser ours;
  ASSERT_EQ(InstallSimd128Stage1(ours), simdjson::SUCCESS);
  // The install leaves the active implementation (dom::parser's kernel) as it was.
  EXPECT_EQ(simdjson::get_active_implementation()->name(), active_before);
  EXPECT_NE(active_before, "afterglow_simd128");
  size_t lines_read = 0, strings_seen = 0;
  for (const char* log : {kCorpusLogs[0], kCorpusLogs[1], kCorpusLogs[3], kCorpusLogs[5]}) {
    for (const std::string& line : CorpusLines(log, 2 << 20)) {
      const PaddedText text(line);
      const std::string want = ReadLine(builtin, text);
      const std::string got = ReadLine(ours, text);
      ASSERT_EQ(got, want) << log;
      ++lines_read;
      if (want.find('"') != std::string::npos) ++strings_seen;
    }
  }
  EXPECT_GT(lines_read, 1000u);
  EXPECT_GT(strings_seen, 1000u);
  // Texts the decoder meets when a log is damaged: the same errors through the on-demand API.
  for (const char* damaged : {"{\"Event\":\"x\"", "{\"Event\":\"x\x01\"}", "{\"Event\":\xff}",
                              "{\"Event\":\"\xC3\"}", "   ", "{\"a\":[1,2}", "{\"a\":\"\\q\"}"}) {
    const PaddedText text(damaged);
    EXPECT_EQ(ReadLine(ours, text), ReadLine(builtin, text)) << damaged;
  }
  // A DOM parser created after the install still runs the builtin kernel.
  simdjson::dom::parser dom;
  simdjson::dom::element element;
  ASSERT_EQ(dom.parse(std::string_view("{\"a\":[1,\"b\"]}")).get(element), simdjson::SUCCESS);
  int64_t first = 0;
  ASSERT_EQ(element["a"].at(0).get_int64().get(first), simdjson::SUCCESS);
  EXPECT_EQ(first, 1);
}

}  // namespace simd128_stage1_test
}  // namespace afterglow
