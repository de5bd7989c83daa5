// The page's state as the test hook reports it (window.afterglow.state in web/afterglow-page.js):
// {status, progress, error, app: {id, attemptId, name, sparkVersion}, apps, counts: {jobs,
// stages, tasks, executors}, view, loadMs, bytesRead, heapBytes}. Counts are the selected
// application's: stage attempts, finished task attempts, executors without the driver.
#pragma once

#include <string>

#include "wasm/page.h"

namespace afterglow::wasm {

std::string StateJson(const Page& page);

}  // namespace afterglow::wasm
