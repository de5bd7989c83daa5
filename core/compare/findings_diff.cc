#include "core/compare/findings_diff.h"

#include <map>

namespace afterglow::compare {

const char* FindingTargetName(FindingTarget target) {
  switch (target) {
    case FindingTarget::kApplication: return "application";
    case FindingTarget::kJob: return "job";
    case FindingTarget::kStage: return "stage";
    case FindingTarget::kExecutor: return "executor";
    case FindingTarget::kSqlExecution: return "sql";
  }
  return "application";
}

std::string FindingCompareKey(const Finding& finding) {
  std::string key = std::string(FindingKindName(finding.kind)) + "|" +
                    FindingTargetName(finding.target);
  if (finding.target != FindingTarget::kExecutor) key += "|" + finding.name;
  return key;
}

FindingsDiff DiffFindings(const std::vector<Finding>& a, const std::vector<Finding>& b) {
  std::map<std::string, std::vector<size_t>> unpaired_b;
  for (size_t j = 0; j < b.size(); ++j) unpaired_b[FindingCompareKey(b[j])].push_back(j);
  std::map<std::string, size_t> next_b;
  std::vector<bool> b_paired(b.size(), false);
  FindingsDiff diff;
  for (const Finding& f : a) {
    const std::string key = FindingCompareKey(f);
    auto candidates = unpaired_b.find(key);
    size_t& next = next_b[key];
    if (candidates != unpaired_b.end() && next < candidates->second.size()) {
      const size_t j = candidates->second[next++];
      b_paired[j] = true;
      diff.both.emplace_back(f, b[j]);
    } else {
      diff.only_a.push_back(f);
    }
  }
  for (size_t j = 0; j < b.size(); ++j) {
    if (!b_paired[j]) diff.only_b.push_back(b[j]);
  }
  return diff;
}

}  // namespace afterglow::compare
