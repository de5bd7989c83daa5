#include "wasm/state_json.h"

#include <emscripten/heap.h>

#include <cstdio>

#include "ui/view_list.h"
#include "wasm/json_text.h"

namespace afterglow::wasm {
namespace {

void AppendCount(std::string& out, const char* key, uint64_t value, bool last = false) {
  char text[48];
  std::snprintf(text, sizeof text, "\"%s\":%llu%s", key, static_cast<unsigned long long>(value),
                last ? "" : ",");
  out += text;
}

const char* StatusName(ui::LoadStatus status) {
  switch (status) {
    case ui::LoadStatus::kEmpty:
      return "empty";
    case ui::LoadStatus::kLoading:
      return "loading";
    case ui::LoadStatus::kReady:
      return "ready";
    case ui::LoadStatus::kError:
      return "error";
  }
  return "error";
}

}  // namespace

std::string StateJson(const Page& page) {
  std::string json;
  const ui::AppState& state = page.state;
  json += "{\"status\":\"";
  json += StatusName(state.status);
  char number[64];
  const double progress = state.status == ui::LoadStatus::kReady ? 1.0 : state.progress.Fraction();
  std::snprintf(number, sizeof number, "\",\"progress\":%.4f,\"error\":", progress);
  json += number;
  if (state.status == ui::LoadStatus::kError) {
    AppendJsonString(json, state.error);
  } else {
    json += "null";
  }
  json += ",\"app\":";
  const AttemptSummary* app = state.SelectedApp();
  if (app != nullptr) {
    json += "{\"id\":";
    AppendJsonString(json, app->app_id);
    json += ",\"attemptId\":";
    AppendJsonString(json, app->attempt_id);
    json += ",\"name\":";
    AppendJsonString(json, app->name);
    json += ",\"sparkVersion\":";
    AppendJsonString(json, app->spark_version);
    json += "}";
  } else {
    json += "null";
  }
  json += ",\"apps\":";
  std::snprintf(number, sizeof number, "%zu", state.summaries.size());
  json += number;
  json += ",\"counts\":{";
  AppendCount(json, "jobs", app ? app->jobs : 0);
  AppendCount(json, "stages", app ? app->stage_attempts : 0);
  AppendCount(json, "tasks", app ? app->finished_tasks : 0);
  AppendCount(json, "executors", app ? app->executors : 0, true);
  json += "},\"view\":";
  AppendJsonString(json, state.route_text);
  // What the view shows (rows, selection, headline numbers), from its describe function.
  json += ",\"viewState\":";
  const ui::ViewEntry* view = ui::FindView(state.route.view);
  if (view != nullptr && state.status == ui::LoadStatus::kReady) {
    JsonWriter out;
    out.BeginObject();
    view->describe(state, out);
    out.EndObject();
    json += out.text();
  } else {
    json += "null";
  }
  std::snprintf(number, sizeof number, ",\"loadMs\":%.1f", state.progress.load_ms);
  json += number;
  // Problems found while loading (a corrupt part: its file, the offset as stored, and why), the
  // first kShownProblems of them.
  constexpr size_t kShownProblems = 50;
  json += ",\"problems\":[";
  if (page.session) {
    const auto& problems = page.session->problems();
    for (size_t i = 0; i < problems.size() && i < kShownProblems; ++i) {
      if (i > 0) json += ',';
      json += "{\"file\":";
      AppendJsonString(json, problems[i].file);
      json += ",";
      AppendCount(json, "line", problems[i].line);
      AppendCount(json, "offset", problems[i].offset);
      json += "\"cause\":";
      AppendJsonString(json, problems[i].cause);
      json += "}";
    }
  }
  json += "],";
  AppendCount(json, "bytesRead", page.session ? page.session->bytes_read() : 0);
  AppendCount(json, "heapBytes", emscripten_get_heap_size(), true);
  json += "}";
  return json.c_str();
}

}  // namespace afterglow::wasm
