#include "ui/job_page_model.h"

#include <algorithm>
#include <string_view>
#include <functional>
#include <unordered_map>

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

const char* JobStageSectionName(JobStageSection section) {
  switch (section) {
    case JobStageSection::kActive: return "Active";
    case JobStageSection::kPending: return "Pending";
    case JobStageSection::kCompleted: return "Completed";
    case JobStageSection::kSkipped: return "Skipped";
    case JobStageSection::kFailed: return "Failed";
    case JobStageSection::kCount: break;
  }
  return "";
}

JobStageSection SectionOfStage(const JobStageRow& row, bool job_running) {
  if (row.submitted_ms < 0) return job_running ? JobStageSection::kPending : JobStageSection::kSkipped;
  if (row.completed_ms >= 0) {
    return row.status == "FAILED" ? JobStageSection::kFailed : JobStageSection::kCompleted;
  }
  return JobStageSection::kActive;
}

int64_t JobStageRow::DurationMs() const {
  const int64_t start = first_launch_ms >= 0 ? first_launch_ms : submitted_ms;
  return start >= 0 && completed_ms >= start ? completed_ms - start : -1;
}

void BuildJobPageModel(const Session& session, const AttemptSummary& app,
                       const AttemptModel& model, const StringPool& strings, int64_t job_id,
                       const TextMeasure& dag_text, JobPageModel& out) {
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
  std::vector<int32_t> stage_ids;
  simdjson::dom::array ids;
  if (job_object["stageIds"].get_array().get(ids) == simdjson::SUCCESS) {
    for (simdjson::dom::element id : ids) {
      int64_t value = 0;
      if (id.get_int64().get(value) == simdjson::SUCCESS) {
        stage_ids.push_back(static_cast<int32_t>(value));
      }
    }
  }
  std::sort(stage_ids.begin(), stage_ids.end(), std::greater<>());
  stage_ids.erase(std::unique(stage_ids.begin(), stage_ids.end()), stage_ids.end());

  // The latest attempt of each of the job's stages (Spark's store.lastStageAttempt), from the
  // stage list, which includes skipped stages.
  std::unordered_map<int32_t, JobStageRow> latest;
  const ApiResponse stages = session.Api(AppPath(app) + "/stages");
  simdjson::dom::array stage_array;
  if (stages.status == 200 &&
      parser.parse(stages.body).get_array().get(stage_array) == simdjson::SUCCESS) {
    for (simdjson::dom::element element : stage_array) {
      simdjson::dom::object stage;
      if (element.get_object().get(stage) != simdjson::SUCCESS) continue;
      const auto id = static_cast<int32_t>(Int(stage, "stageId"));
      if (!std::binary_search(stage_ids.begin(), stage_ids.end(), id, std::greater<>())) continue;
      const auto attempt = static_cast<int32_t>(Int(stage, "attemptId"));
      auto found = latest.find(id);
      if (found == latest.end() || found->second.attempt_id < attempt) {
        latest[id] = ReadStage(stage);
      }
    }
  } else {
    out.error = "the stage list could not be read";
  }
  for (int32_t id : stage_ids) {
    auto found = latest.find(id);
    if (found != latest.end()) {
      out.stages.push_back(std::move(found->second));
      continue;
    }
    JobStageRow unknown;  // JobPage.scala's stand-in for a stage the store no longer holds
    unknown.stage_id = id;
    unknown.name = "Unknown";
    unknown.status = "PENDING";
    out.stages.push_back(std::move(unknown));
  }

  // Section by section, stage id descending within each (the rows already are).
  const bool running = out.status == "RUNNING";
  std::array<std::vector<uint32_t>, kJobStageSectionCount> sections;
  for (uint32_t i = 0; i < out.stages.size(); ++i) {
    sections[static_cast<size_t>(SectionOfStage(out.stages[i], running))].push_back(i);
  }
  for (size_t section = 0; section < kJobStageSectionCount; ++section) {
    out.section_begin[section] = static_cast<uint32_t>(out.display.size());
    out.section_size[section] = static_cast<uint32_t>(sections[section].size());
    out.display.insert(out.display.end(), sections[section].begin(), sections[section].end());
  }

  // The SQL query whose execution ran this job (Spark's "Associated SQL Query").
  for (const auto& [execution_id, row] : model.sql.executions) {
    for (const auto& [id, status] : row.jobs) {
      if (id == job_id) out.sql_execution_id = execution_id;
    }
  }
  BuildJobDag(model, strings, static_cast<int32_t>(job_id), dag_text, out.dag);
}

}  // namespace afterglow::ui
