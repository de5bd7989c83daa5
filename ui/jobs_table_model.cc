#include "ui/jobs_table_model.h"

#include <algorithm>
#include <string_view>

#include "simdjson.h"

namespace afterglow::ui {
namespace {

// Days since 1970-01-01 of a civil date (Howard Hinnant's algorithm), so parsing needs no time
// zone database: the API's dates are always GMT.
int64_t DaysFromCivil(int64_t y, unsigned m, unsigned d) {
  y -= m <= 2;
  const int64_t era = (y >= 0 ? y : y - 399) / 400;
  const unsigned yoe = static_cast<unsigned>(y - era * 400);
  const unsigned doy = (153 * (m + (m > 2 ? -3 : 9)) + 2) / 5 + d - 1;
  const unsigned doe = yoe * 365 + yoe / 4 - yoe / 100 + doy;
  return era * 146097 + static_cast<int64_t>(doe) - 719468;
}

bool ReadDigits(std::string_view text, size_t pos, size_t count, int64_t* value) {
  if (pos + count > text.size()) return false;
  int64_t v = 0;
  for (size_t i = pos; i < pos + count; ++i) {
    if (text[i] < '0' || text[i] > '9') return false;
    v = v * 10 + (text[i] - '0');
  }
  *value = v;
  return true;
}

uint32_t U32(simdjson::dom::object job, const char* key) {
  int64_t value = 0;
  if (job[key].get_int64().get(value) != simdjson::SUCCESS || value < 0) return 0;
  return static_cast<uint32_t>(value);
}

JobStatus StatusFromApi(std::string_view text) {
  if (text == "SUCCEEDED") return JobStatus::kSucceeded;
  if (text == "RUNNING") return JobStatus::kRunning;
  if (text == "FAILED") return JobStatus::kFailed;
  return JobStatus::kUnknown;
}

std::string ApiJobsPath(const AttemptSummary& app) {
  std::string path = "/api/v1/applications/" + app.app_id;
  if (!app.attempt_id.empty()) path += "/" + app.attempt_id;
  return path + "/jobs";
}

}  // namespace

int64_t ParseApiDate(std::string_view text) {
  int64_t year, month, day, hour, minute, second, millis;
  if (!ReadDigits(text, 0, 4, &year) || !ReadDigits(text, 5, 2, &month) ||
      !ReadDigits(text, 8, 2, &day) || !ReadDigits(text, 11, 2, &hour) ||
      !ReadDigits(text, 14, 2, &minute) || !ReadDigits(text, 17, 2, &second) ||
      !ReadDigits(text, 20, 3, &millis) || month < 1 || month > 12 || day < 1 || day > 31) {
    return -1;
  }
  const int64_t days =
      DaysFromCivil(year, static_cast<unsigned>(month), static_cast<unsigned>(day));
  return ((days * 24 + hour) * 60 + minute) * 60000 + second * 1000 + millis;
}

const char* JobStatusName(JobStatus status) {
  switch (status) {
    case JobStatus::kRunning:
      return "RUNNING";
    case JobStatus::kSucceeded:
      return "SUCCEEDED";
    case JobStatus::kFailed:
      return "FAILED";
    case JobStatus::kUnknown:
      return "UNKNOWN";
  }
  return "UNKNOWN";
}

void JobsTableModel::Clear() {
  rows.clear();
  order.clear();
  error.clear();
  succeeded = failed = running = 0;
  sorted = false;
}

void JobsTableModel::Build(const Session& session, const AttemptSummary& app) {
  Clear();
  const ApiResponse response = session.Api(ApiJobsPath(app));
  if (response.status != 200) {
    error = std::to_string(response.status) + " " + response.body;
    return;
  }
  simdjson::dom::parser parser;
  simdjson::dom::array jobs;
  if (parser.parse(response.body).get_array().get(jobs) != simdjson::SUCCESS) {
    error = "the jobs answer is not a JSON array";
    return;
  }
  for (simdjson::dom::element element : jobs) {
    simdjson::dom::object job;
    if (element.get_object().get(job) != simdjson::SUCCESS) continue;
    JobRow row;
    if (job["jobId"].get_int64().get(row.job_id) != simdjson::SUCCESS) continue;
    std::string_view text;
    if (job["description"].get_string().get(text) == simdjson::SUCCESS ||
        job["name"].get_string().get(text) == simdjson::SUCCESS) {
      row.description.assign(text);
    }
    if (job["submissionTime"].get_string().get(text) == simdjson::SUCCESS) {
      row.submitted_ms = ParseApiDate(text);
    }
    if (job["completionTime"].get_string().get(text) == simdjson::SUCCESS) {
      row.completed_ms = ParseApiDate(text);
    }
    if (job["status"].get_string().get(text) == simdjson::SUCCESS) row.status = StatusFromApi(text);
    simdjson::dom::array stage_ids;
    const uint32_t stage_count =
        job["stageIds"].get_array().get(stage_ids) == simdjson::SUCCESS ? stage_ids.size() : 0;
    row.stages_completed = U32(job, "numCompletedStages");
    row.stages_skipped = U32(job, "numSkippedStages");
    row.stages_failed = U32(job, "numFailedStages");
    row.stages_total = stage_count > row.stages_skipped ? stage_count - row.stages_skipped : 0;
    row.tasks_completed = U32(job, "numCompletedTasks");
    row.tasks_active = U32(job, "numActiveTasks");
    row.tasks_failed = U32(job, "numFailedTasks");
    row.tasks_killed = U32(job, "numKilledTasks");
    row.tasks_skipped = U32(job, "numSkippedTasks");
    const uint32_t tasks = U32(job, "numTasks");
    row.tasks_total = tasks > row.tasks_skipped ? tasks - row.tasks_skipped : 0;
    succeeded += row.status == JobStatus::kSucceeded;
    failed += row.status == JobStatus::kFailed;
    running += row.status == JobStatus::kRunning;
    rows.push_back(std::move(row));
  }
  order.resize(rows.size());
  for (uint32_t i = 0; i < order.size(); ++i) order[i] = i;
}

void JobsTableModel::Sort(JobColumn column, bool ascending) {
  sorted = true;
  auto key_less = [&](uint32_t a, uint32_t b) {
    const JobRow& x = rows[a];
    const JobRow& y = rows[b];
    switch (column) {
      case JobColumn::kId:
        return x.job_id < y.job_id;
      case JobColumn::kDescription:
        return x.description < y.description;
      case JobColumn::kSubmitted:
        return x.submitted_ms < y.submitted_ms;
      case JobColumn::kDuration:
        return x.DurationMs() < y.DurationMs();
      case JobColumn::kStages:
        return x.stages_total < y.stages_total;
      case JobColumn::kTasks:
        return x.tasks_total < y.tasks_total;
      case JobColumn::kStatus:
        return x.status < y.status;
    }
    return false;
  };
  // Ties keep the job id order so the table does not shuffle between sorts.
  std::stable_sort(order.begin(), order.end(), [&](uint32_t a, uint32_t b) {
    if (key_less(a, b)) return ascending;
    if (key_less(b, a)) return !ascending;
    return ascending ? rows[a].job_id < rows[b].job_id : rows[a].job_id > rows[b].job_id;
  });
}

}  // namespace afterglow::ui
