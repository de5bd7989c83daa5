// Where one attempt's REST endpoints live, for the view models that still read the session's REST
// answers. Free of simdjson so the models' headers can include it.
#pragma once

#include <cstdint>
#include <string>
#include <string_view>

#include "core/session.h"

namespace afterglow::ui {

// "/api/v1/applications/<id>[/<attempt>]": the prefix of one attempt's endpoints.
std::string ApiAppBase(const AttemptSummary& app);

}  // namespace afterglow::ui
