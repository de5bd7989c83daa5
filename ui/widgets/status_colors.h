// The colour of each status a view prints (jobs, stages, tasks, SQL executions), so a status
// looks the same in every table and header: succeeded green, running blue, failed red, the rest
// muted. Read when drawing: the colours follow the theme (ui/widgets/theme.h).
#pragma once

#include "core/model/app_model.h"
#include "core/model/task_details.h"
#include "imgui.h"
#include "ui/pages/jobs/jobs_table_model.h"
#include "ui/pages/sql/sql_list_model.h"

namespace afterglow::ui {

ImVec4 JobStatusColor(JobStatus status);
ImVec4 StageStatusColor(afterglow::StageStatus status);
ImVec4 TaskStatusColor(TaskApiStatus status);  // a killed task in the accent colour
ImVec4 SqlStatusColor(SqlStatus status);

}  // namespace afterglow::ui
