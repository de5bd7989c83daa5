// Following a finding's evidence link: go to its route, then put the evidence in front of the
// reader there (the stage's task table sorted by the finding's metric with the task selected, the
// executor's row selected, the SQL operator's node selected, the environment filtered to the key).
#pragma once

#include <string_view>

#include "ui/app/app_state.h"
#include "ui/pages/findings/findings_model.h"

namespace afterglow::ui {

void FollowEvidenceLink(AppState& state, const EvidenceLink& link);

// The node of `query` an evidence's operator text names: the first whose description starts with
// it, else the first whose name equals it; -1 when none does.
int64_t NodeOfOperator(const SqlQueryModel& query, std::string_view op);

}  // namespace afterglow::ui
