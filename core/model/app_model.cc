#include "core/model/app_model.h"

namespace afterglow {

void AddKilled(KilledSummary& summary, StringId reason) {
  for (auto& [known, count] : summary) {
    if (known == reason) {
      ++count;
      return;
    }
  }
  summary.emplace_back(reason, 1);
}

uint64_t AttemptModel::non_driver_executors(const StringPool& pool) const {
  uint64_t count = 0;
  for (const Executor& e : executors) {
    const std::string_view id = pool.Get(e.executor_id);
    if (id != "driver" && id != "<driver>") ++count;
  }
  return count;
}

}  // namespace afterglow
