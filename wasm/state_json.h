// The page's state as the test hook reports it (window.afterglow.state in web/afterglow-page.js):
// {status, progress, error, app: {id, attemptId, name, sparkVersion}, apps, counts: {jobs,
// stages, tasks, executors}, view, loadMs, bytesRead, heapBytes}. Counts are the selected
// application's: stage attempts, finished task attempts, executors without the driver.
#pragma once

#include <string>

#include "wasm/page.h"

namespace afterglow::wasm {

// `as_drawn`: mid-load, the view describes its models as the last frame drew them, even when
// chunks were fed since (by default it then describes nothing: bridge.cc refreshes them first).
std::string StateJson(const Page& page, bool as_drawn = false);

}  // namespace afterglow::wasm
