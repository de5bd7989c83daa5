// "/api/v1/applications/<id>[/<attempt>]": the prefix of one attempt's REST endpoints, for tests
// that check a view model against the History Server's answer for the same attempt.
#pragma once

#include <string>

#include "core/session.h"

namespace afterglow::ui {

inline std::string ApiAppBase(const AttemptSummary& app) {
  std::string path = "/api/v1/applications/" + app.app_id;
  if (!app.attempt_id.empty()) path += "/" + app.attempt_id;
  return path;
}

}  // namespace afterglow::ui
