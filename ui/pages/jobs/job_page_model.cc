#include "ui/pages/jobs/job_page_model.h"

#include <algorithm>
#include <string_view>
#include <functional>
#include <unordered_map>

#include "ui/pages/api_rows.h"

namespace afterglow::ui {
namespace {

void ReadJob(const ApiRow& job, JobPageModel& out) {
  out.found = true;
  out.name = job.Text("name");
  out.description = job.Text("description");
  out.job_group = job.Text("jobGroup");
  out.status = job.Text("status");
  out.submitted_ms = job.Date("submissionTime");
  out.completed_ms = job.Date("completionTime");
  out.num_tasks = job.Count("numTasks");
  out.completed_tasks = job.Count("numCompletedTasks");
  out.failed_tasks = job.Count("numFailedTasks");
  out.skipped_tasks = job.Count("numSkippedTasks");
  out.killed_tasks = job.Count("numKilledTasks");
  out.active_tasks = job.Count("numActiveTasks");
  out.completed_stages = job.Count("numCompletedStages");
  out.skipped_stages = job.Count("numSkippedStages");
  out.failed_stages = job.Count("numFailedStages");
  out.active_stages = job.Count("numActiveStages");
}

JobStageRow ReadStage(const ApiRow& stage) {
  JobStageRow row;
  row.stage_id = static_cast<int32_t>(stage.Int("stageId"));
  row.attempt_id = static_cast<int32_t>(stage.Int("attemptId"));
  row.name = stage.Text("name");
  row.status = stage.Text("status");
  row.description = stage.Text("description");
  row.tasks_total = stage.Count("numTasks");
  row.tasks_complete = stage.Count("numCompleteTasks");
  row.tasks_failed = stage.Count("numFailedTasks");
  row.tasks_active = stage.Count("numActiveTasks");
  row.tasks_killed = stage.Count("numKilledTasks");
  row.submitted_ms = stage.Date("submissionTime");
  row.first_launch_ms = stage.Date("firstTaskLaunchedTime");
  row.completed_ms = stage.Date("completionTime");
  row.input_bytes = stage.Int("inputBytes");
  row.output_bytes = stage.Int("outputBytes");
  row.shuffle_read_bytes = stage.Int("shuffleReadBytes");
  row.shuffle_write_bytes = stage.Int("shuffleWriteBytes");
  row.failure_reason = stage.Text("failureReason");
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
  ApiAnswer job_answer(session, ApiAppBase(app) + "/jobs/" + std::to_string(job_id));
  if (job_answer.status() != 200) return;  // not found: the view says so
  const std::optional<ApiRow> job = job_answer.Object("job");
  if (!job) {
    out.error = "the job's API answer could not be read";
    return;
  }
  ReadJob(*job, out);
  std::vector<int32_t> stage_ids;
  for (int64_t id : job->Ints("stageIds")) stage_ids.push_back(static_cast<int32_t>(id));
  std::sort(stage_ids.begin(), stage_ids.end(), std::greater<>());
  stage_ids.erase(std::unique(stage_ids.begin(), stage_ids.end()), stage_ids.end());

  // The latest attempt of each of the job's stages (Spark's store.lastStageAttempt), from the
  // stage list, which includes skipped stages.
  // Read one stage row at a time: the whole list of a big log would be a transient of tens of MB.
  std::unordered_map<int32_t, JobStageRow> latest;
  const std::string stages_error =
      ForEachApiItem(session, ApiAppBase(app) + "/stages", "stages", [&](const ApiRow& stage) {
        const auto id = static_cast<int32_t>(stage.Int("stageId"));
        if (!std::binary_search(stage_ids.begin(), stage_ids.end(), id, std::greater<>())) return;
        const auto attempt = static_cast<int32_t>(stage.Int("attemptId"));
        auto found = latest.find(id);
        if (found == latest.end() || found->second.attempt_id < attempt) {
          latest[id] = ReadStage(stage);
        }
      });
  if (!stages_error.empty()) out.error = "the stage list could not be read";
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
