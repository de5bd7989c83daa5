#include "core/query/pool_rows.h"

#include <algorithm>
#include <cctype>
#include <map>
#include <optional>

#include "core/query/environment_rows.h"
#include "core/query/stage_rows.h"

namespace afterglow {
namespace {

std::optional<std::string_view> SchedulerModeProperty(const AttemptModel& attempt) {
  const std::optional<EnvironmentRows> environment = ReadEnvironmentRows(attempt);
  if (!environment) return std::nullopt;
  for (const auto& [name, value] : environment->spark_properties) {
    if (name == "spark.scheduler.mode") return value;
  }
  return std::nullopt;
}

}  // namespace

std::string SchedulingModeOf(const AttemptModel& attempt) {
  const std::optional<std::string_view> mode = SchedulerModeProperty(attempt);
  if (!mode) return "Unknown";
  std::string upper(*mode);
  for (char& c : upper) c = static_cast<char>(std::toupper(static_cast<unsigned char>(c)));
  return upper;
}

bool IsFairScheduler(const AttemptModel& attempt) {
  const std::optional<std::string_view> mode = SchedulerModeProperty(attempt);
  return mode && *mode == "FAIR";
}

std::vector<PoolRow> PoolRows(const AttemptModel& attempt, const StringPool& pool) {
  std::map<std::string_view, PoolRow> by_name;
  ForEachStageRow(attempt, pool, [&](const StageRow& stage) {
    PoolRow& row = by_name[stage.scheduling_pool];
    row.name = stage.scheduling_pool;
    ++row.stages;
    if (stage.status == StageStatus::kActive) {
      ++row.active_stages;
      row.running_tasks += stage.active_tasks;
    }
  });
  std::vector<PoolRow> rows;
  rows.reserve(by_name.size());
  for (const auto& [name, row] : by_name) rows.push_back(row);
  return rows;
}

}  // namespace afterglow
