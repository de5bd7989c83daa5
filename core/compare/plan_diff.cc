#include "core/compare/plan_diff.h"

#include <map>

namespace afterglow::compare {
namespace {

// The operators of `from` that `other` lacks, counting repeats, in `from`'s order.
std::vector<std::string> Missing(const std::vector<std::string>& from,
                                 const std::vector<std::string>& other) {
  std::map<std::string, int> left;
  for (const std::string& name : other) ++left[name];
  std::vector<std::string> missing;
  for (const std::string& name : from) {
    if (left[name] > 0) --left[name];
    else missing.push_back(name);
  }
  return missing;
}

void DiffScanFields(const ScanFields& a, const ScanFields& b, PlanChanges& out) {
  for (std::string_view field : kScanFieldNames) {
    const std::string* va = a.Field(field);
    const std::string* vb = b.Field(field);
    if (va == nullptr && vb == nullptr) continue;
    if (va != nullptr && vb != nullptr && *va == *vb) continue;
    out.scans.push_back({b.scan, std::string(field), va ? *va : "", vb ? *vb : ""});
  }
}

// Pairs the scans of two plans: the same name in order first, then what is left in order.
void DiffScans(const std::vector<ScanFields>& a, const std::vector<ScanFields>& b,
               PlanChanges& out) {
  std::vector<bool> used_b(b.size(), false);
  std::vector<int> partner(a.size(), -1);
  for (size_t i = 0; i < a.size(); ++i) {
    for (size_t j = 0; j < b.size(); ++j) {
      if (!used_b[j] && a[i].scan == b[j].scan) {
        partner[i] = static_cast<int>(j);
        used_b[j] = true;
        break;
      }
    }
  }
  size_t next_b = 0;
  for (size_t i = 0; i < a.size(); ++i) {
    if (partner[i] >= 0) continue;
    while (next_b < b.size() && used_b[next_b]) ++next_b;
    if (next_b == b.size()) break;
    partner[i] = static_cast<int>(next_b);
    used_b[next_b] = true;
  }
  for (size_t i = 0; i < a.size(); ++i) {
    if (partner[i] >= 0) DiffScanFields(a[i], b[static_cast<size_t>(partner[i])], out);
  }
}

}  // namespace

std::string OperatorFamily(const std::string& name) {
  const std::string first = name.substr(0, name.find(' '));
  size_t start = 0;
  for (size_t i = 1; i < first.size(); ++i) {
    const bool upper = first[i] >= 'A' && first[i] <= 'Z';
    const bool after_lower = first[i - 1] >= 'a' && first[i - 1] <= 'z';
    if (upper && after_lower) start = i;
  }
  return first.substr(start);
}

PlanChanges DiffPlans(const PlanShape& a, const PlanShape& b) {
  PlanChanges changes;
  changes.same_shape = a.tree == b.tree;
  std::vector<std::string> removed = Missing(a.operators, b.operators);
  std::vector<std::string> added = Missing(b.operators, a.operators);
  std::vector<bool> added_used(added.size(), false);
  for (const std::string& gone : removed) {
    const std::string family = OperatorFamily(gone);
    bool paired = false;
    for (size_t j = 0; j < added.size() && !paired; ++j) {
      if (added_used[j] || OperatorFamily(added[j]) != family) continue;
      added_used[j] = true;
      changes.replaced.emplace_back(gone, added[j]);
      paired = true;
    }
    if (!paired) changes.removed.push_back(gone);
  }
  for (size_t j = 0; j < added.size(); ++j) {
    if (!added_used[j]) changes.added.push_back(added[j]);
  }
  DiffScans(a.scans, b.scans, changes);
  return changes;
}

}  // namespace afterglow::compare
