// Pairs the items of two ordered lists (SQL executions, jobs, stages of two runs) the way a
// reader lines them up: only items of the same group may pair (the same call site without line
// numbers, or one group for everything when two chosen items' insides are compared); within a
// group the pairs keep both lists' order and maximize the summed score of what else agrees
// (exact name, shape, counts). Items left over are one-sided.
#pragma once

#include <cstddef>
#include <functional>
#include <string>
#include <utility>
#include <vector>

namespace afterglow::compare {

// A row of an alignment: an index into each list, -1 on the side that has no such item.
struct AlignedIndex {
  int a = -1;
  int b = -1;
};

// `score(i, j)` > 0 when item i of A may pair with item j of B (the larger the better); it is
// called only for items of equal `groups_*` values. Past `kMaxCellsPerGroup` candidate pairs in
// one group, its items pair in order instead (the k-th with the k-th) so a log of 100,000 jobs at
// one call site stays linear.
inline constexpr size_t kMaxCellsPerGroup = size_t{4} << 20;
std::vector<std::pair<int, int>> AlignOrdered(const std::vector<std::string>& groups_a,
                                              const std::vector<std::string>& groups_b,
                                              const std::function<int(int, int)>& score);

// Every item of both lists once: matched pairs and A's one-sided items in A's order, each of
// B's one-sided items placed after the row that holds B's preceding item.
std::vector<AlignedIndex> MergeAlignment(size_t size_a, size_t size_b,
                                         const std::vector<std::pair<int, int>>& matches);

}  // namespace afterglow::compare
