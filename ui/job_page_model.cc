#include "ui/job_page_model.h"

#include <algorithm>
#include <string_view>
#include <unordered_set>

#include "simdjson.h"
#include "ui/jobs_table_model.h"

namespace afterglow::ui {
namespace {

std::string AppPath(const AttemptSummary& app) {
  std::string path = "/api/v1/applications/" + app.app_id;
  if (!app.attempt_id.empty()) path += "/" + app.attempt_id;
  return path;
}

std::string Text(simdjson::dom::object object, const char* key) {
  std::string_view value;
  if (object[key].get_string().get(value) != simdjson::SUCCESS) return "";
  return std::string(value);
}

int64_t Int(simdjson::dom::object object, const char* key) {
  int64_t value = 0;
  if (object[key].get_int64().get(value) != simdjson::SUCCESS) return 0;
  return value;
}

uint32_t Count(simdjson::dom::object object, const char* key) {
  const int64_t value = Int(object, key);
  return value < 0 ? 0 : static_cast<uint32_t>(value);
}

int64_t Date(simdjson::dom::object object, const char* key) {
  std::string_view value;
  if (object[key].get_string().get(value) != simdjson::SUCCESS) return -1;
  return ParseApiDate(value);
}

void ReadJob(simdjson::dom::object job, JobPageModel& out) {
  out.found = true;
  out.name = Text(job, "name");
  out.description = Text(job, "description");
  out.job_group = Text(job, "jobGroup");
  out.status = Text(job, "status");
  out.submitted_ms = Date(job, "submissionTime");
  out.completed_ms = Date(job, "completionTime");
  out.num_tasks = Count(job, "numTasks");
  out.completed_tasks = Count(job, "numCompletedTasks");
  out.failed_tasks = Count(job, "numFailedTasks");
  out.skipped_tasks = Count(job, "numSkippedTasks");
  out.killed_tasks = Count(job, "numKilledTasks");
  out.active_tasks = Count(job, "numActiveTasks");
  out.completed_stages = Count(job, "numCompletedStages");
  out.skipped_stages = Count(job, "numSkippedStages");
  out.failed_stages = Count(job, "numFailedStages");
  out.active_stages = Count(job, "numActiveStages");
}

JobStageRow ReadStage(simdjson::dom::object stage) {
  JobStageRow row;
  row.stage_id = static_cast<int32_t>(Int(stage, "stageId"));
  row.attempt_id = static_cast<int32_t>(Int(stage, "attemptId"));
  row.name = Text(stage, "name");
  row.status = Text(stage, "status");
  row.description = Text(stage, "description");
  row.tasks_total = Count(stage, "numTasks");
  row.tasks_complete = Count(stage, "numCompleteTasks");
  row.tasks_failed = Count(stage, "numFailedTasks");
  row.tasks_active = Count(stage, "numActiveTasks");
  row.tasks_killed = Count(stage, "numKilledTasks");
  row.submitted_ms = Date(stage, "submissionTime");
  row.first_launch_ms = Date(stage, "firstTaskLaunchedTime");
  row.completed_ms = Date(stage, "completionTime");
  row.input_bytes = Int(stage, "inputBytes");
  row.output_bytes = Int(stage, "outputBytes");
  row.shuffle_read_bytes = Int(stage, "shuffleReadBytes");
  row.shuffle_write_bytes = Int(stage, "shuffleWriteBytes");
  row.failure_reason = Text(stage, "failureReason");
  return row;
}

}  // namespace

int64_t JobStageRow::DurationMs() const {
  const int64_t start = first_launch_ms >= 0 ? first_launch_ms : submitted_ms;
  return start >= 0 && completed_ms >= start ? completed_ms - start : -1;
}

void BuildJobPageModel(const Session& session, const AttemptSummary& app,
                       const AttemptModel& model, const StringPool& strings, int64_t job_id,
                       float line_height, JobPageModel& out) {
  out.Clear();
  out.job_id = job_id;
  simdjson::dom::parser parser;
  const ApiResponse job = session.Api(AppPath(app) + "/jobs/" + std::to_string(job_id));
  if (job.status != 200) return;  // not found: the view says so
  simdjson::dom::object job_object;
  if (parser.parse(job.body).get_object().get(job_object) != simdjson::SUCCESS) {
    out.error = "the job's API answer could not be read";
    return;
  }
  ReadJob(job_object, out);
  std::unordered_set<int64_t> stage_ids;
  simdjson::dom::array ids;
  if (job_object["stageIds"].get_array().get(ids) == simdjson::SUCCESS) {
    for (simdjson::dom::element id : ids) {
      int64_t value = 0;
      if (id.get_int64().get(value) == simdjson::SUCCESS) stage_ids.insert(value);
    }
  }

  // Every attempt of the job's stages, from the stage list (which includes skipped stages).
  const ApiResponse stages = session.Api(AppPath(app) + "/stages");
  simdjson::dom::array stage_array;
  if (stages.status == 200 &&
      parser.parse(stages.body).get_array().get(stage_array) == simdjson::SUCCESS) {
    for (simdjson::dom::element element : stage_array) {
      simdjson::dom::object stage;
      if (element.get_object().get(stage) != simdjson::SUCCESS) continue;
      if (stage_ids.count(Int(stage, "stageId")) == 0) continue;
      out.stages.push_back(ReadStage(stage));
    }
  } else {
    out.error = "the stage list could not be read";
  }
  std::stable_sort(out.stages.begin(), out.stages.end(),
                   [](const JobStageRow& a, const JobStageRow& b) {
                     if (a.stage_id != b.stage_id) return a.stage_id > b.stage_id;
                     return a.attempt_id > b.attempt_id;
                   });

  // The SQL query whose execution ran this job (Spark's "Associated SQL Query").
  for (const auto& [execution_id, row] : model.sql.executions) {
    for (const auto& [id, status] : row.jobs) {
      if (id == job_id) out.sql_execution_id = execution_id;
    }
  }
  BuildJobDag(model, strings, static_cast<int32_t>(job_id), line_height, out.dag);
}

}  // namespace afterglow::ui
