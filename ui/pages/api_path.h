// The two facts every view model that reads the session's REST answers needs: where one attempt's
// endpoints live, and what the History Server's dates mean. Free of simdjson so the models'
// headers can include it.
#pragma once

#include <cstdint>
#include <string>
#include <string_view>

#include "core/session.h"

namespace afterglow::ui {

// "/api/v1/applications/<id>[/<attempt>]": the prefix of one attempt's endpoints.
std::string ApiAppBase(const AttemptSummary& app);

// "2015-02-03T16:43:02.301GMT", the History Server's date format, to epoch ms; -1 if malformed.
int64_t ParseApiDate(std::string_view text);

}  // namespace afterglow::ui
