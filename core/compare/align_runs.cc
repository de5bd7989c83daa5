#include "core/compare/align_runs.h"

#include <string>

#include "core/compare/name_keys.h"

namespace afterglow::compare {
namespace {

// kByCallSite: only items of one call site (line numbers aside) pair. kInOrder: any two may,
// for the insides of two items the user chose to compare.
enum class PairRule { kByCallSite, kInOrder };

// What one item is, for the score: its call site or description, and its shape.
struct ItemKey {
  std::string exact;
  std::string shape;
  int64_t count = 0;  // a tie-breaker that should agree (jobs of a query, a stage's attempt)
};

// 1 for any allowed pair, more for each thing that agrees; a pair of equal items scores the
// most, so a run compared with itself pairs one to one.
int Score(const ItemKey& x, const ItemKey& y) {
  int score = 1;
  if (WithoutLineNumbers(x.exact) == WithoutLineNumbers(y.exact)) score += 4;
  if (x.exact == y.exact) score += 4;
  if (x.shape == y.shape) score += 4;
  if (x.count == y.count) score += 1;
  return score;
}

// Aligns the items `ia` of A with `ib` of B (entity indices) by their keys.
std::vector<AlignedIndex> AlignItems(const std::vector<int>& ia, const std::vector<int>& ib,
                                     const std::vector<ItemKey>& keys_a,
                                     const std::vector<ItemKey>& keys_b, PairRule rule) {
  std::vector<std::string> groups_a, groups_b;
  for (int i : ia) {
    groups_a.push_back(rule == PairRule::kByCallSite ? WithoutLineNumbers(keys_a[static_cast<size_t>(i)].exact) : "");
  }
  for (int j : ib) {
    groups_b.push_back(rule == PairRule::kByCallSite ? WithoutLineNumbers(keys_b[static_cast<size_t>(j)].exact) : "");
  }
  const auto matches = AlignOrdered(groups_a, groups_b, [&](int x, int y) {
    return Score(keys_a[static_cast<size_t>(ia[static_cast<size_t>(x)])],
                 keys_b[static_cast<size_t>(ib[static_cast<size_t>(y)])]);
  });
  std::vector<AlignedIndex> rows = MergeAlignment(ia.size(), ib.size(), matches);
  for (AlignedIndex& row : rows) {
    if (row.a >= 0) row.a = ia[static_cast<size_t>(row.a)];
    if (row.b >= 0) row.b = ib[static_cast<size_t>(row.b)];
  }
  return rows;
}

std::vector<ItemKey> SqlKeys(const RunEntities& run) {
  std::vector<ItemKey> keys;
  for (const SqlEntity& s : run.sql) {
    keys.push_back({s.description, s.plan.tree, static_cast<int64_t>(s.jobs.size())});
  }
  return keys;
}

std::vector<ItemKey> JobKeys(const RunEntities& run) {
  std::vector<ItemKey> keys;
  for (const JobEntity& j : run.jobs) {
    std::string stages;
    for (int s : j.stages) stages += run.stages[static_cast<size_t>(s)].name + ";";
    keys.push_back({j.name, stages, static_cast<int64_t>(j.stages.size())});
  }
  return keys;
}

std::vector<ItemKey> StageKeys(const RunEntities& run) {
  std::vector<ItemKey> keys;
  for (const StageEntity& s : run.stages) keys.push_back({s.name, s.lineage, s.attempt_id});
  return keys;
}

// Builds the alignment below already aligned SQL rows (jobs, then stages) or below already
// aligned job rows (stages).
class AlignmentBuilder {
 public:
  AlignmentBuilder(const RunEntities& a, const RunEntities& b)
      : a_(a), b_(b), job_keys_a_(JobKeys(a)), job_keys_b_(JobKeys(b)),
        stage_keys_a_(StageKeys(a)), stage_keys_b_(StageKeys(b)) {}

  void AddJobRows(const std::vector<int>& ja, const std::vector<int>& jb, int parent,
                  PairRule rule) {
    for (const AlignedIndex& row : AlignItems(ja, jb, job_keys_a_, job_keys_b_, rule)) {
      out_.jobs.push_back(row);
      out_.job_parent.push_back(parent);
    }
  }

  void AddStageRows(const std::vector<int>& sa, const std::vector<int>& sb, int parent,
                    PairRule rule) {
    for (const AlignedIndex& row : AlignItems(sa, sb, stage_keys_a_, stage_keys_b_, rule)) {
      out_.stages.push_back(row);
      out_.stage_parent.push_back(parent);
    }
  }

  // Jobs of every sql row, then the stages of every job row.
  void FillBelowSql(PairRule rule) {
    static const std::vector<int> kNone;
    for (size_t r = 0; r < out_.sql.size(); ++r) {
      const AlignedIndex row = out_.sql[r];
      AddJobRows(row.a >= 0 ? a_.sql[static_cast<size_t>(row.a)].jobs : kNone,
                 row.b >= 0 ? b_.sql[static_cast<size_t>(row.b)].jobs : kNone,
                 static_cast<int>(r), rule);
    }
  }

  void FillBelowJobs(PairRule rule) {
    static const std::vector<int> kNone;
    for (size_t r = 0; r < out_.jobs.size(); ++r) {
      const AlignedIndex row = out_.jobs[r];
      AddStageRows(row.a >= 0 ? a_.jobs[static_cast<size_t>(row.a)].stages : kNone,
                   row.b >= 0 ? b_.jobs[static_cast<size_t>(row.b)].stages : kNone,
                   static_cast<int>(r), rule);
    }
  }

  RunAlignment& out() { return out_; }

 private:
  const RunEntities& a_;
  const RunEntities& b_;
  std::vector<ItemKey> job_keys_a_, job_keys_b_, stage_keys_a_, stage_keys_b_;
  RunAlignment out_;
};

std::vector<int> AllIndices(size_t n) {
  std::vector<int> all;
  for (size_t i = 0; i < n; ++i) all.push_back(static_cast<int>(i));
  return all;
}

}  // namespace

RunAlignment AlignRuns(const RunEntities& a, const RunEntities& b) {
  AlignmentBuilder builder(a, b);
  builder.out().sql = AlignItems(AllIndices(a.sql.size()), AllIndices(b.sql.size()), SqlKeys(a),
                                 SqlKeys(b), PairRule::kByCallSite);
  builder.FillBelowSql(PairRule::kByCallSite);
  std::vector<int> free_a, free_b;
  for (size_t j = 0; j < a.jobs.size(); ++j) {
    if (a.jobs[j].sql < 0) free_a.push_back(static_cast<int>(j));
  }
  for (size_t j = 0; j < b.jobs.size(); ++j) {
    if (b.jobs[j].sql < 0) free_b.push_back(static_cast<int>(j));
  }
  builder.AddJobRows(free_a, free_b, -1, PairRule::kByCallSite);
  builder.FillBelowJobs(PairRule::kByCallSite);
  std::vector<int> loose_a, loose_b;
  for (size_t s = 0; s < a.stages.size(); ++s) {
    if (a.stages[s].job < 0) loose_a.push_back(static_cast<int>(s));
  }
  for (size_t s = 0; s < b.stages.size(); ++s) {
    if (b.stages[s].job < 0) loose_b.push_back(static_cast<int>(s));
  }
  builder.AddStageRows(loose_a, loose_b, -1, PairRule::kByCallSite);
  return std::move(builder.out());
}

RunAlignment AlignChosenSql(const RunEntities& a, int sql_a, const RunEntities& b, int sql_b) {
  AlignmentBuilder builder(a, b);
  builder.out().sql.push_back({sql_a, sql_b});
  builder.FillBelowSql(PairRule::kInOrder);
  builder.FillBelowJobs(PairRule::kInOrder);
  return std::move(builder.out());
}

RunAlignment AlignChosenJobs(const RunEntities& a, int job_a, const RunEntities& b, int job_b) {
  AlignmentBuilder builder(a, b);
  builder.out().jobs.push_back({job_a, job_b});
  builder.out().job_parent.push_back(-1);
  builder.FillBelowJobs(PairRule::kInOrder);
  return std::move(builder.out());
}

}  // namespace afterglow::compare
