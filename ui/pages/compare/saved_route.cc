#include "ui/pages/compare/saved_route.h"

namespace afterglow::ui {

std::string SavedAnalysisRoute(const AppState& state) {
  const CompareModel& model = state.compare;
  const bool runs = state.route.view == ViewId::kCompare &&
                    state.route.compare.items == CompareItems::kRuns;
  if (!runs || !model.result || model.app_a >= state.summaries.size()) return state.route_text;
  Route route = state.route;
  route.app_id = state.summaries[model.app_a].app_id;
  route.app_attempt = state.summaries[model.app_a].attempt_id;
  return FormatRoute(route);
}

}  // namespace afterglow::ui
