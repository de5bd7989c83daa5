// Shared by the rule tests: a corpus log's lines (decompressed), a log made from edited lines,
// and the findings of one rule. Made logs are edited corpus logs, so every other event in them is
// one Spark wrote.
#pragma once

#include <memory>
#include <string>
#include <string_view>
#include <vector>

#include <gtest/gtest.h>

#include "core/analysis/diagnostics.h"
#include "core/load/load_path.h"
#include "core/session.h"
#include "tests/core/inline_log.h"
#include "tests/support/stream_file_lines.h"

namespace afterglow::rule_test {

inline const std::string kCorpus = AFTERGLOW_CORPUS_DIR;
// A spark-shell session reading a JDBC table (stage 0: one task, 1.1 s), with a job gap and
// executor 0 at 12 % GC: the base of many made logs.
inline constexpr const char* kJdbcLog = "rapids-tools/qualification/jdbc_eventlog.zstd";
constexpr int64_t kNow = 4'000'000'000'000;  // after every log: all logs here ended

class CollectLines : public LineConsumer {
 public:
  explicit CollectLines(std::vector<std::string>* lines) : lines_(lines) {}
  void OnLine(std::string_view line, uint64_t) override { lines_->emplace_back(line); }

 private:
  std::vector<std::string>* lines_;
};

inline std::vector<std::string> CorpusLines(const std::string& relative) {
  std::vector<std::string> lines;
  CollectLines collect(&lines);
  test_support::StreamFileLines(kCorpus + "/" + relative, &collect);
  return lines;
}

inline std::string Joined(const std::vector<std::string>& lines) {
  std::string log;
  for (const std::string& line : lines) log += line + "\n";
  return log;
}

// Replaces the first `from` in `text` with `to`; fails the test when it is not there.
inline void ReplaceIn(std::string& text, std::string_view from, std::string_view to) {
  const size_t at = text.find(from);
  ASSERT_NE(at, std::string::npos) << from;
  text.replace(at, from.size(), to);
}

struct Diagnosed {
  std::unique_ptr<Session> session;
  std::vector<Finding> findings;

  std::vector<const Finding*> Of(std::string_view rule) const {
    std::vector<const Finding*> out;
    for (const Finding& f : findings) {
      if (f.rule == rule) out.push_back(&f);
    }
    return out;
  }
  const AttemptModel& model() const {
    return *session->models().at(session->Summaries().at(0).model_index);
  }
};

inline Diagnosed DiagnoseText(const std::string& log) {
  Diagnosed d;
  d.session = test_support::LoadInlineLog(log);
  EXPECT_EQ(d.session->Summaries().size(), 1u);
  if (d.session->Summaries().empty()) return d;
  d.findings = Diagnose(d.model(), d.session->strings(), kNow);
  return d;
}

inline Diagnosed DiagnoseCorpus(const std::string& relative) {
  Diagnosed d;
  d.session = std::make_unique<Session>();
  std::string error;
  EXPECT_TRUE(LoadPath(*d.session, kCorpus + "/" + relative, &error)) << error;
  EXPECT_EQ(d.session->Summaries().size(), 1u);
  if (d.session->Summaries().empty()) return d;
  d.findings = Diagnose(d.model(), d.session->strings(), kNow);
  return d;
}

// The evidence of `kind` whose `what` is `what`, or null.
inline const Evidence* EvidenceOf(const Finding& f, EvidenceKind kind, std::string_view what) {
  for (const Evidence& e : f.evidence) {
    if (e.kind == kind && e.what == what) return &e;
  }
  return nullptr;
}

}  // namespace afterglow::rule_test
