// The route a saved analysis ("Save analysis…") reopens at: the one on screen, except that a
// comparison of the two runs names its baseline as the route's application. "#/compare" alone
// would reopen with whichever run the load lists first as A; "#/compare?app=<A>" selects A
// once its log is loaded, and the comparison takes the selected run as A.
#pragma once

#include <string>

#include "ui/app/app_state.h"

namespace afterglow::ui {

std::string SavedAnalysisRoute(const AppState& state);

}  // namespace afterglow::ui
