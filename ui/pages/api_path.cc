#include "ui/pages/api_path.h"

namespace afterglow::ui {

std::string ApiAppBase(const AttemptSummary& app) {
  std::string path = "/api/v1/applications/" + app.app_id;
  if (!app.attempt_id.empty()) path += "/" + app.attempt_id;
  return path;
}

}  // namespace afterglow::ui
