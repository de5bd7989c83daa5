// Redacting real logs: the hosts, IP addresses and users the test reads from the original log's
// fields itself appear nowhere in the redacted text; every line keeps its JSON structure (same
// keys, same numbers); each original host always maps to one stand-in; and the redacted log loads
// with the same counts of jobs, stages, tasks, executors and SQL executions.
#include <gtest/gtest.h>
#include <zstd.h>

#include <filesystem>
#include <fstream>
#include <map>
#include <set>
#include <sstream>
#include <string>
#include <vector>

#include "core/base/read_padding.h"
#include "core/session.h"
#include "core/share/share_job.h"
#include "simdjson.h"
#include "tests/support/file_text.h"

namespace afterglow::share {
namespace redacted_corpus_test {

namespace fs = std::filesystem;

using test_support::ReadFile;
using test_support::Unzstd;

std::vector<std::string> Lines(const std::string& text) {
  std::vector<std::string> lines;
  std::istringstream in(text);
  std::string line;
  while (std::getline(in, line)) {
    if (!line.empty()) lines.push_back(line);
  }
  return lines;
}

bool IsWordChar(char c) { return std::isalnum(static_cast<unsigned char>(c)) || c == '_' || c == '-'; }

// Whether `word` occurs in `text` as a whole word (not inside a longer name or number).
bool ContainsWord(const std::string& text, const std::string& word) {
  for (size_t at = text.find(word); at != std::string::npos; at = text.find(word, at + 1)) {
    const bool starts = at == 0 || (!IsWordChar(text[at - 1]) && text[at - 1] != '.');
    const size_t end = at + word.size();
    const bool ends = end >= text.size() ||
                      (!IsWordChar(text[end]) &&
                       !(text[end] == '.' && end + 1 < text.size() && std::isalnum(static_cast<unsigned char>(text[end + 1]))));
    if (starts && ends) return true;
  }
  return false;
}

// Dotted quads in `text`, read digit by digit.
std::set<std::string> Ipv4s(const std::string& text) {
  std::set<std::string> found;
  for (size_t i = 0; i < text.size(); ++i) {
    if (!std::isdigit(static_cast<unsigned char>(text[i])) || (i > 0 && (std::isalnum(static_cast<unsigned char>(text[i - 1])) || text[i - 1] == '.'))) continue;
    size_t j = i;
    int groups = 0;
    bool ok = true;
    while (groups < 4) {
      size_t digits = 0;
      int value = 0;
      // Digits past the third are counted, not added: a long number is no IP and must not overflow.
      while (j < text.size() && std::isdigit(static_cast<unsigned char>(text[j]))) {
        if (digits < 3) value = value * 10 + (text[j] - '0');
        ++j;
        ++digits;
      }
      if (digits == 0 || digits > 3 || value > 255) ok = false;
      if (++groups < 4) {
        if (j < text.size() && text[j] == '.') ++j; else ok = false;
      }
      if (!ok) break;
    }
    if (ok && (j >= text.size() || !(std::isalnum(static_cast<unsigned char>(text[j])) || (text[j] == '.' && j + 1 < text.size() && std::isdigit(static_cast<unsigned char>(text[j + 1])))))) {
      found.insert(text.substr(i, j - i));
    }
  }
  return found;
}

struct Identities {
  std::set<std::string> hosts, users;
};

void Collect(simdjson::dom::element e, Identities* ids) {
  if (e.type() == simdjson::dom::element_type::OBJECT) {
    simdjson::dom::object object;
    if (e.get_object().get(object) != simdjson::SUCCESS) return;
    for (auto [key, value] : object) {
      std::string_view text;
      if (value.get_string().get(text) == simdjson::SUCCESS && !text.empty()) {
        if (key == "Host" && text != "localhost") ids->hosts.insert(std::string(text));
        if (key == "User" || key == "user.name") ids->users.insert(std::string(text));
      }
      Collect(value, ids);
    }
  } else if (e.type() == simdjson::dom::element_type::ARRAY) {
    simdjson::dom::array array;
    if (e.get_array().get(array) != simdjson::SUCCESS) return;
    for (simdjson::dom::element child : array) Collect(child, ids);
  }
}

// Walks an original and a redacted line together: same keys in the same order, same non-string
// values; the pairs of "Host" values go to `host_pairs`.
void Compare(simdjson::dom::element original, simdjson::dom::element redacted,
             std::multimap<std::string, std::string>* host_pairs, const std::string& where) {
  ASSERT_EQ(original.type(), redacted.type()) << where;
  if (original.type() == simdjson::dom::element_type::OBJECT) {
    simdjson::dom::object a, b;
    ASSERT_EQ(original.get_object().get(a), simdjson::SUCCESS);
    ASSERT_EQ(redacted.get_object().get(b), simdjson::SUCCESS);
    ASSERT_EQ(a.size(), b.size()) << where;
    auto it = b.begin();
    for (auto [key, value] : a) {
      const auto other = *it;
      if (other.key != key) {
        // Only "Classpath Entries" keys are paths, and they are redacted.
        ASSERT_NE(where.find("Classpath Entries"), std::string::npos) << where << " key " << key;
      }
      std::string_view text, redacted_text;
      if (key == "Host" && value.get_string().get(text) == simdjson::SUCCESS &&
          other.value.get_string().get(redacted_text) == simdjson::SUCCESS) {
        host_pairs->emplace(std::string(text), std::string(redacted_text));
      }
      Compare(value, other.value, host_pairs, where + "/" + std::string(key));
      ++it;
    }
  } else if (original.type() == simdjson::dom::element_type::ARRAY) {
    simdjson::dom::array a, b;
    ASSERT_EQ(original.get_array().get(a), simdjson::SUCCESS);
    ASSERT_EQ(redacted.get_array().get(b), simdjson::SUCCESS);
    ASSERT_EQ(a.size(), b.size()) << where;
    auto it = b.begin();
    for (simdjson::dom::element child : a) Compare(child, *it++, host_pairs, where + "[]");
  } else if (original.type() != simdjson::dom::element_type::STRING) {
    EXPECT_EQ(simdjson::to_string(original), simdjson::to_string(redacted)) << where;
  }
}

std::unique_ptr<Session> Load(const std::string& name, const std::string& stored) {
  auto session = std::make_unique<Session>();
  std::vector<uint8_t> bytes(stored.begin(), stored.end());
  bytes.resize(stored.size() + kReadPadding);
  session->BeginFile(name, stored.size());
  session->PushBytes(bytes.data(), stored.size());
  session->EndFile();
  return session;
}

size_t ArrayLength(Session& session, const std::string& path) {
  const ApiResponse response = session.Api(path);
  simdjson::dom::parser parser;
  simdjson::dom::array array;
  if (response.status != 200 || parser.parse(response.body).get_array().get(array) != simdjson::SUCCESS) {
    return SIZE_MAX;
  }
  return array.size();
}

class RedactedCorpusLog : public ::testing::TestWithParam<const char*> {};

TEST_P(RedactedCorpusLog, HidesIdentitiesKeepsStructureAndCounts) {
  const fs::path path = fs::path(AFTERGLOW_CORPUS_DIR) / GetParam();
  ASSERT_TRUE(fs::exists(path)) << path;
  const std::string stored = ReadFile(path);
  const std::string name = path.filename().string();
  const bool compressed = name.size() > 5 && name.substr(name.size() - 5) == ".zstd";
  const std::string original = compressed ? Unzstd(stored) : stored;

  ShareJob job(/*redact=*/true, "#/overview");
  std::vector<uint8_t> padded(stored.begin(), stored.end());
  padded.resize(stored.size() + kReadPadding);
  for (int pass = 0; pass <= 1; ++pass) {
    ASSERT_TRUE(job.BeginFile(name, stored.size(), "", pass)) << job.error();
    // In uneven chunks, as the page reads a file.
    for (size_t at = 0; at < stored.size(); at += 65521) {
      ASSERT_TRUE(job.Push(padded.data() + at, std::min<size_t>(65521, stored.size() - at)));
    }
    ASSERT_TRUE(job.EndFile()) << job.error();
  }
  ASSERT_EQ(job.files().size(), 1u);
  const std::string redacted = Unzstd(job.files()[0].zstd);
  EXPECT_EQ(job.files()[0].bytes, redacted.size());

  const std::vector<std::string> original_lines = Lines(original), redacted_lines = Lines(redacted);
  ASSERT_EQ(original_lines.size(), redacted_lines.size());
  Identities ids;
  std::multimap<std::string, std::string> host_pairs;
  simdjson::dom::parser original_parser, redacted_parser;
  for (size_t i = 0; i < original_lines.size(); ++i) {
    simdjson::dom::element a, b;
    if (original_parser.parse(original_lines[i]).get(a) != simdjson::SUCCESS) continue;
    ASSERT_EQ(redacted_parser.parse(redacted_lines[i]).get(b), simdjson::SUCCESS) << "line " << i + 1;
    Collect(a, &ids);
    Compare(a, b, &host_pairs, "line " + std::to_string(i + 1));
  }
  std::set<std::string> ips = Ipv4s(original);
  EXPECT_FALSE(ids.hosts.empty());
  EXPECT_FALSE(ids.users.empty());
  for (const std::set<std::string>* set : {&ids.hosts, &ids.users, &ips}) {
    for (const std::string& identity : *set) {
      EXPECT_FALSE(ContainsWord(redacted, identity)) << identity << " is still in the redacted log";
    }
  }
  // One stand-in per host, and different hosts stay different.
  std::map<std::string, std::set<std::string>> stand_ins;
  std::map<std::string, std::set<std::string>> originals_of;
  for (const auto& [host, stand_in] : host_pairs) {
    stand_ins[host].insert(stand_in);
    originals_of[stand_in].insert(host);
  }
  EXPECT_FALSE(stand_ins.empty());
  for (const auto& [host, set] : stand_ins) EXPECT_EQ(set.size(), 1u) << host;
  for (const auto& [stand_in, set] : originals_of) EXPECT_EQ(set.size(), 1u) << stand_in;

  auto before = Load(name, stored);
  auto after = Load("redacted.zstd", job.files()[0].zstd);
  const auto a = before->Summaries(), b = after->Summaries();
  ASSERT_EQ(a.size(), 1u);
  ASSERT_EQ(b.size(), 1u);
  EXPECT_EQ(a[0].app_id, b[0].app_id);
  EXPECT_EQ(a[0].jobs, b[0].jobs);
  EXPECT_EQ(a[0].stage_attempts, b[0].stage_attempts);
  EXPECT_EQ(a[0].finished_tasks, b[0].finished_tasks);
  EXPECT_EQ(a[0].executors, b[0].executors);
  EXPECT_EQ(a[0].counters.bad_lines, b[0].counters.bad_lines);
  EXPECT_EQ(a[0].end_ms, b[0].end_ms);
  const std::string app = "/api/v1/applications/" + a[0].app_id +
                          (a[0].attempt_id.empty() ? "" : "/" + a[0].attempt_id);
  for (const char* endpoint : {"/jobs", "/stages", "/allexecutors", "/sql", "/storage/rdd"}) {
    const size_t count = ArrayLength(*before, app + endpoint);
    EXPECT_NE(count, SIZE_MAX) << endpoint;
    EXPECT_EQ(count, ArrayLength(*after, app + endpoint)) << endpoint;
  }
}

INSTANTIATE_TEST_SUITE_P(
    Corpus, RedactedCorpusLog,
    ::testing::Values("spark/spark-events/application_1553914137147_0018",
                      "spark/sql-events/local-1596020211915",
                      "rapids-tools/e2e/join_agg_on_yarn_eventlog.zstd"));

}  // namespace redacted_corpus_test
}  // namespace afterglow::share
