#include "core/compare/run_entities.h"

#include <algorithm>
#include <climits>
#include <cmath>
#include <cstdint>
#include <map>
#include <span>

#include "core/analysis/durations.h"
#include "core/analysis/task_quantiles.h"
#include "core/analysis/task_view.h"

namespace afterglow::compare {
namespace {

// "FileScanRDD<-;MapPartitionsRDD<-0": each RDD of the stage in id order, with the positions of
// its parents among them ("x" for one in another stage), so ids can differ and the shape agree.
std::string LineageShape(const AttemptModel& model, const StringPool& pool, int32_t stage_id) {
  auto found = model.stage_rdd_graphs.find(stage_id);
  if (found == model.stage_rdd_graphs.end()) return "";
  std::vector<const RddOperationInfo*> rdds;
  const RddOperationList& operations = found->second.operations;
  for (const RddOperationInfo& rdd : operations.rdds) rdds.push_back(&rdd);
  std::sort(rdds.begin(), rdds.end(), [](const RddOperationInfo* x, const RddOperationInfo* y) {
    return x->rdd_id < y->rdd_id;
  });
  std::map<int32_t, size_t> position;
  for (size_t i = 0; i < rdds.size(); ++i) position[rdds[i]->rdd_id] = i;
  std::string shape;
  for (const RddOperationInfo* rdd : rdds) {
    if (!shape.empty()) shape += ";";
    shape += std::string(pool.Get(rdd->name)) + "<-";
    const std::span<const int32_t> parents = operations.ParentIdsOf(*rdd);
    for (size_t p = 0; p < parents.size(); ++p) {
      if (p > 0) shape += ",";
      auto at = position.find(parents[p]);
      shape += at == position.end() ? "x" : std::to_string(at->second);
    }
  }
  return shape;
}

EntityMetrics StageMetrics(const AttemptModel& model, const StageAttempt& stage) {
  using M = TaskMetric;
  const TaskMetricValues& m = stage.metrics;
  EntityMetrics out;
  out.duration_ms = StageDurationMs(stage, DurationNowMs(model));
  out.tasks = stage.num_tasks;
  out.task_time_ms = m[M::kExecutorRunTime];
  out.input_bytes = m[M::kInputBytesRead];
  out.output_bytes = m[M::kOutputBytesWritten];
  out.shuffle_read_bytes = m.ShuffleReadBytes();
  out.shuffle_write_bytes = m[M::kShuffleBytesWritten];
  out.memory_spilled_bytes = m[M::kMemoryBytesSpilled];
  out.disk_spilled_bytes = m[M::kDiskBytesSpilled];
  out.gc_time_ms = m[M::kJvmGcTime];
  out.failed_tasks = stage.failed_tasks;
  auto rows = model.stage_task_rows.find({stage.stage_id, stage.attempt_id});
  if (rows == model.stage_task_rows.end()) return out;
  static const std::vector<double> kMedianAndMax = {0.5, 1.0};
  static const SummaryFieldSet kDurationOnly =
      SummaryFieldSet().set(static_cast<size_t>(SummaryField::kDuration));
  const auto summary = ComputeTaskSummary(model, rows->second, kMedianAndMax, kDurationOnly);
  if (!summary) return out;
  const std::vector<double>& q = summary->of(SummaryField::kDuration);
  if (q.size() < 2 || std::isnan(q[0]) || std::isnan(q[1])) return out;
  out.median_task_ms = static_cast<int64_t>(q[0]);
  out.longest_task_ms = static_cast<int64_t>(q[1]);
  out.skew = q[0] > 0 ? q[1] / q[0] : 0;
  return out;
}

}  // namespace

void EntityMetrics::AddPart(const EntityMetrics& part) {
  task_time_ms += part.task_time_ms;
  input_bytes += part.input_bytes;
  output_bytes += part.output_bytes;
  shuffle_read_bytes += part.shuffle_read_bytes;
  shuffle_write_bytes += part.shuffle_write_bytes;
  memory_spilled_bytes += part.memory_spilled_bytes;
  disk_spilled_bytes += part.disk_spilled_bytes;
  gc_time_ms += part.gc_time_ms;
  failed_tasks += part.failed_tasks;
  if (part.longest_task_ms >= 0 &&
      (longest_task_ms < 0 || part.skew > skew ||
       (part.skew == skew && part.longest_task_ms > longest_task_ms))) {
    longest_task_ms = part.longest_task_ms;
    median_task_ms = part.median_task_ms;
    skew = part.skew;
  }
}

int RunEntities::FindJob(int32_t job_id) const {
  auto it = std::lower_bound(jobs.begin(), jobs.end(), job_id,
                             [](const JobEntity& j, int32_t id) { return j.job_id < id; });
  return it != jobs.end() && it->job_id == job_id ? static_cast<int>(it - jobs.begin()) : -1;
}

int RunEntities::FindStage(int32_t stage_id, int32_t attempt_id) const {
  auto it = std::lower_bound(stages.begin(), stages.end(), std::make_pair(stage_id, attempt_id),
                             [](const StageEntity& s, const std::pair<int32_t, int32_t>& key) {
                               return std::make_pair(s.stage_id, s.attempt_id) < key;
                             });
  return it != stages.end() && it->stage_id == stage_id && it->attempt_id == attempt_id
             ? static_cast<int>(it - stages.begin())
             : -1;
}

int RunEntities::FindSql(int64_t execution_id) const {
  auto it = std::lower_bound(sql.begin(), sql.end(), execution_id,
                             [](const SqlEntity& s, int64_t id) { return s.execution_id < id; });
  return it != sql.end() && it->execution_id == execution_id ? static_cast<int>(it - sql.begin())
                                                            : -1;
}

void RunEntitiesReader::Start(const AttemptModel& model, const StringPool& pool) {
  model_ = &model;
  pool_ = &pool;
  run_ = RunEntities();
  next_stage_ = {INT32_MIN, INT32_MIN};
  stages_read_ = false;
  done_ = false;
}

bool RunEntitiesReader::Step(size_t task_budget) {
  if (done_ || model_ == nullptr) return true;
  const AttemptModel& model = *model_;
  const StringPool& pool = *pool_;
  if (!stages_read_) {
    // Stages from the key the last step stopped at: a key, not an iterator, so a model that grew
    // between two steps (mid-load) is read on from where it was.
    size_t tasks = 0;
    auto it = model.stage_rows.lower_bound(next_stage_);
    for (; it != model.stage_rows.end() && (tasks == 0 || tasks < task_budget); ++it) {
      const auto& [key, index] = *it;
      const StageAttempt& stage = model.stage(index);
      StageEntity entity;
      entity.stage_id = key.first;
      entity.attempt_id = key.second;
      entity.name = std::string(pool.Get(stage.name));
      entity.lineage = LineageShape(model, pool, key.first);
      entity.metrics = StageMetrics(model, stage);
      run_.stages.push_back(std::move(entity));
      auto rows = model.stage_task_rows.find(key);
      tasks += 1 + (rows == model.stage_task_rows.end() ? 0 : rows->second.size());
    }
    if (it != model.stage_rows.end()) {
      next_stage_ = it->first;
      return false;
    }
    stages_read_ = true;
    return false;  // jobs and SQL executions in a step of their own
  }
  ReadJobsAndSql();
  done_ = true;
  return true;
}

void RunEntitiesReader::ReadJobsAndSql() {
  const AttemptModel& model = *model_;
  const StringPool& pool = *pool_;
  RunEntities& run = run_;
  for (const auto& [job_id, index] : model.job_rows) {
    const Job& job = model.job(index);
    JobEntity entity;
    entity.job_id = job_id;
    entity.name = std::string(pool.Get(job.name));
    entity.metrics.duration_ms = JobDurationMs(job, DurationNowMs(model));
    entity.metrics.tasks = job.num_tasks;
    run.jobs.push_back(std::move(entity));
  }
  // Stage attempts to the first job (by id) listing their stage.
  for (size_t j = 0; j < run.jobs.size(); ++j) {
    const Job& job = model.job(model.job_rows.at(run.jobs[j].job_id));
    std::vector<int32_t> stage_ids = job.stage_ids;
    std::sort(stage_ids.begin(), stage_ids.end());
    stage_ids.erase(std::unique(stage_ids.begin(), stage_ids.end()), stage_ids.end());
    for (int32_t stage_id : stage_ids) {
      auto it = std::lower_bound(run.stages.begin(), run.stages.end(), stage_id,
                                 [](const StageEntity& s, int32_t id) { return s.stage_id < id; });
      for (; it != run.stages.end() && it->stage_id == stage_id; ++it) {
        if (it->job >= 0) continue;
        it->job = static_cast<int>(j);
        run.jobs[j].stages.push_back(static_cast<int>(it - run.stages.begin()));
        run.jobs[j].metrics.AddPart(it->metrics);
      }
    }
  }
  const int64_t now = TaskNow(model);
  for (const auto& [execution_id, row] : model.sql.executions) {
    SqlEntity entity;
    entity.execution_id = execution_id;
    if (row.description.present) entity.description = std::string(pool.Get(row.description.id));
    auto graph = model.sql.graphs.find(execution_id);
    if (graph != model.sql.graphs.end()) entity.plan = ReadPlanShape(graph->second, pool);
    entity.metrics.duration_ms = SqlDurationMs(row, now);
    run.sql.push_back(std::move(entity));
  }
  for (size_t s = 0; s < run.sql.size(); ++s) {
    const SqlExecutionRow& row = model.sql.executions.at(run.sql[s].execution_id);
    std::vector<int32_t> job_ids;
    for (const auto& [job_id, status] : row.jobs) job_ids.push_back(job_id);
    std::sort(job_ids.begin(), job_ids.end());
    for (int32_t job_id : job_ids) {
      const int j = run.FindJob(job_id);
      if (j < 0 || run.jobs[static_cast<size_t>(j)].sql >= 0) continue;
      JobEntity& job = run.jobs[static_cast<size_t>(j)];
      job.sql = static_cast<int>(s);
      run.sql[s].jobs.push_back(j);
      run.sql[s].metrics.AddPart(job.metrics);
      run.sql[s].metrics.tasks += job.metrics.tasks;
    }
  }
}

RunEntities ReadRunEntities(const AttemptModel& model, const StringPool& pool) {
  RunEntitiesReader reader;
  reader.Start(model, pool);
  while (!reader.Step(SIZE_MAX)) {
  }
  return reader.Take();
}

}  // namespace afterglow::compare
