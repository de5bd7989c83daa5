#include "ui/widgets/status_colors.h"

#include "ui/widgets/theme.h"

namespace afterglow::ui {

ImVec4 JobStatusColor(JobStatus status) {
  switch (status) {
    case JobStatus::kSucceeded: return colors::kSucceeded;
    case JobStatus::kRunning: return colors::kRunning;
    case JobStatus::kFailed: return colors::kFailed;
    case JobStatus::kUnknown: break;
  }
  return colors::kMuted;
}

ImVec4 StageStatusColor(afterglow::StageStatus status) {
  using S = afterglow::StageStatus;
  switch (status) {
    case S::kComplete: return colors::kSucceeded;
    case S::kActive: return colors::kRunning;
    case S::kFailed: return colors::kFailed;
    case S::kPending:
    case S::kSkipped: break;
  }
  return colors::kMuted;
}

ImVec4 TaskStatusColor(TaskApiStatus status) {
  switch (status) {
    case TaskApiStatus::kSuccess: return colors::kSucceeded;
    case TaskApiStatus::kRunning:
    case TaskApiStatus::kGetResult: return colors::kRunning;
    case TaskApiStatus::kFailed: return colors::kFailed;
    case TaskApiStatus::kKilled: return colors::kAccent;
    case TaskApiStatus::kUnknown: break;
  }
  return colors::kMuted;
}

ImVec4 SqlStatusColor(SqlStatus status) {
  switch (status) {
    case SqlStatus::kCompleted: return colors::kSucceeded;
    case SqlStatus::kRunning: return colors::kRunning;
    case SqlStatus::kFailed: return colors::kFailed;
    case SqlStatus::kUnknown: break;
  }
  return colors::kMuted;
}

}  // namespace afterglow::ui
