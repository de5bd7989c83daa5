#include "core/compare/ordered_alignment.h"

#include <algorithm>
#include <map>

namespace afterglow::compare {
namespace {

// Order-preserving pairing of `ia` with `ib` maximizing the summed score (a weighted longest
// common subsequence); ties prefer pairing, so two equal lists pair one to one.
void AlignGroup(const std::vector<int>& ia, const std::vector<int>& ib,
                const std::function<int(int, int)>& score,
                std::vector<std::pair<int, int>>& out) {
  const size_t n = ia.size(), m = ib.size();
  if (n * m > kMaxCellsPerGroup) {
    size_t j = 0;
    for (size_t i = 0; i < n && j < m; ++i) {
      if (score(ia[i], ib[j]) > 0) out.emplace_back(ia[i], ib[j++]);
    }
    return;
  }
  std::vector<int> cell_score(n * m);
  for (size_t i = 0; i < n; ++i) {
    for (size_t j = 0; j < m; ++j) cell_score[i * m + j] = score(ia[i], ib[j]);
  }
  std::vector<int64_t> best((n + 1) * (m + 1), 0);
  auto at = [&](size_t i, size_t j) -> int64_t& { return best[i * (m + 1) + j]; };
  for (size_t i = 1; i <= n; ++i) {
    for (size_t j = 1; j <= m; ++j) {
      int64_t value = std::max(at(i - 1, j), at(i, j - 1));
      const int s = cell_score[(i - 1) * m + (j - 1)];
      if (s > 0) value = std::max(value, at(i - 1, j - 1) + s);
      at(i, j) = value;
    }
  }
  std::vector<std::pair<int, int>> pairs;
  for (size_t i = n, j = m; i > 0 && j > 0;) {
    const int s = cell_score[(i - 1) * m + (j - 1)];
    if (s > 0 && at(i, j) == at(i - 1, j - 1) + s) {
      pairs.emplace_back(ia[i - 1], ib[j - 1]);
      --i;
      --j;
    } else if (at(i, j) == at(i - 1, j)) {
      --i;
    } else {
      --j;
    }
  }
  out.insert(out.end(), pairs.rbegin(), pairs.rend());
}

}  // namespace

std::vector<std::pair<int, int>> AlignOrdered(const std::vector<std::string>& groups_a,
                                              const std::vector<std::string>& groups_b,
                                              const std::function<int(int, int)>& score) {
  std::map<std::string, std::pair<std::vector<int>, std::vector<int>>> groups;
  for (size_t i = 0; i < groups_a.size(); ++i) groups[groups_a[i]].first.push_back(static_cast<int>(i));
  for (size_t j = 0; j < groups_b.size(); ++j) groups[groups_b[j]].second.push_back(static_cast<int>(j));
  std::vector<std::pair<int, int>> matches;
  for (const auto& [key, members] : groups) {
    if (!members.first.empty() && !members.second.empty()) {
      AlignGroup(members.first, members.second, score, matches);
    }
  }
  std::sort(matches.begin(), matches.end());
  return matches;
}

std::vector<AlignedIndex> MergeAlignment(size_t size_a, size_t size_b,
                                         const std::vector<std::pair<int, int>>& matches) {
  std::vector<int> partner_of_a(size_a, -1);
  std::vector<bool> b_matched(size_b, false);
  for (const auto& [i, j] : matches) {
    partner_of_a[static_cast<size_t>(i)] = j;
    b_matched[static_cast<size_t>(j)] = true;
  }
  std::vector<AlignedIndex> rows;
  for (size_t i = 0; i < size_a; ++i) rows.push_back({static_cast<int>(i), partner_of_a[i]});
  // Each one-sided B item goes after the row holding B's nearest earlier item.
  std::vector<AlignedIndex> merged;
  std::vector<std::vector<int>> b_after_row(rows.size() + 1);  // [0]: before every row
  std::vector<int> row_of_b(size_b, -1);
  for (size_t r = 0; r < rows.size(); ++r) {
    if (rows[r].b >= 0) row_of_b[static_cast<size_t>(rows[r].b)] = static_cast<int>(r);
  }
  int last_row = -1;
  for (size_t j = 0; j < size_b; ++j) {
    if (b_matched[j]) {
      last_row = row_of_b[j];
      continue;
    }
    b_after_row[static_cast<size_t>(last_row + 1)].push_back(static_cast<int>(j));
  }
  for (int j : b_after_row[0]) merged.push_back({-1, j});
  for (size_t r = 0; r < rows.size(); ++r) {
    merged.push_back(rows[r]);
    for (int j : b_after_row[r + 1]) merged.push_back({-1, j});
  }
  return merged;
}

}  // namespace afterglow::compare
