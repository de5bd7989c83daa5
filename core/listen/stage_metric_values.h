// One stage attempt's SQL metric values (LiveStageMetrics' taskMetrics and maxMetricValue): per
// accumulator, one value per task index, and the largest value with its task for the metrics
// that show one. Flat: the metrics in the order they first came, their values back to back, and
// an open-addressing index by id. A node-based map of vectors cost two allocations per metric of
// every stage, and as many frees when the stage was dropped: most of a streaming log's
// per-task listener time, its stages having one or two tasks each.
#pragma once

#include <cstddef>
#include <cstdint>
#include <span>
#include <vector>

namespace afterglow {

class StageMetricValues {
 public:
  struct Metric {
    int64_t id = 0;
    size_t offset = 0;  // of its values in the table's value array
    bool has_max = false;
    int64_t max_value = 0;
    int64_t max_task_id = 0;
  };

  // `num_tasks` values per metric (none when it is not positive).
  explicit StageMetricValues(int32_t num_tasks)
      : per_metric_(num_tasks > 0 ? static_cast<size_t>(num_tasks) : 0) {}

  bool empty() const { return metrics_.empty(); }
  // Room for `count` metrics without growing.
  void reserve(size_t count) {
    metrics_.reserve(count);
    values_.reserve(count * per_metric_);
    if (2 * count > slots_.size()) Rehash(count);
  }

  // `id`'s metric, added with its values at zero when absent.
  Metric& GetOrAdd(int64_t id) {
    if (2 * (metrics_.size() + 1) > slots_.size()) Rehash(metrics_.size() + 1);
    const size_t mask = slots_.size() - 1;
    for (size_t i = Home(id, mask);; i = (i + 1) & mask) {
      if (slots_[i] == kEmpty) {
        slots_[i] = static_cast<uint32_t>(metrics_.size());
        metrics_.push_back(Metric{id, values_.size()});
        values_.resize(values_.size() + per_metric_, 0);
        return metrics_.back();
      }
      if (metrics_[slots_[i]].id == id) return metrics_[slots_[i]];
    }
  }
  // `id`'s metric, or null.
  const Metric* Find(int64_t id) const {
    if (metrics_.empty()) return nullptr;
    const size_t mask = slots_.size() - 1;
    for (size_t i = Home(id, mask);; i = (i + 1) & mask) {
      if (slots_[i] == kEmpty) return nullptr;
      if (metrics_[slots_[i]].id == id) return &metrics_[slots_[i]];
    }
  }

  std::span<int64_t> Values(const Metric& metric) {
    return std::span<int64_t>(values_.data() + metric.offset, per_metric_);
  }
  std::span<const int64_t> Values(const Metric& metric) const {
    return std::span<const int64_t>(values_.data() + metric.offset, per_metric_);
  }
  // Every metric, in the order they first came.
  const std::vector<Metric>& metrics() const { return metrics_; }

 private:
  static constexpr uint32_t kEmpty = UINT32_MAX;

  static size_t Home(int64_t id, size_t mask) {
    return static_cast<size_t>((static_cast<uint64_t>(id) * 0x9E3779B97F4A7C15ull) >> 32) & mask;
  }

  void Rehash(size_t count) {
    size_t capacity = 16;
    while (capacity < 2 * count) capacity *= 2;
    slots_.assign(capacity, kEmpty);
    const size_t mask = capacity - 1;
    for (size_t m = 0; m < metrics_.size(); ++m) {
      size_t i = Home(metrics_[m].id, mask);
      while (slots_[i] != kEmpty) i = (i + 1) & mask;
      slots_[i] = static_cast<uint32_t>(m);
    }
  }

  size_t per_metric_;
  std::vector<Metric> metrics_;
  std::vector<int64_t> values_;
  std::vector<uint32_t> slots_;  // index in metrics_, kEmpty; a power of two in size, or empty
};

}  // namespace afterglow
