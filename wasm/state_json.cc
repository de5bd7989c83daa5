#include "wasm/state_json.h"

#include <emscripten/heap.h>
#include <emscripten/html5.h>
#include <malloc.h>

#include <cstdio>

#include "core/base/json_escape.h"
#include "ui/app/view_list.h"
#include "ui/pages/compare/saved_route.h"
#include "ui/widgets/theme.h"
#include "ui/widgets/widget_anchors.h"

namespace afterglow::wasm {
namespace {

void AppendCount(std::string& out, const char* key, uint64_t value, bool last = false) {
  char text[48];
  std::snprintf(text, sizeof text, "\"%s\":%llu%s", key, static_cast<unsigned long long>(value),
                last ? "" : ",");
  out += text;
}

}  // namespace

std::string StateJson(const Page& page, bool as_drawn) {
  std::string json;
  const ui::AppState& state = page.state;
  json += "{\"status\":\"";
  json += ui::LoadStatusName(state.status);
  char number[64];
  const double progress = state.status == ui::LoadStatus::kReady ? 1.0 : state.progress.Fraction();
  std::snprintf(number, sizeof number, "\",\"progress\":%.4f,\"error\":", progress);
  json += number;
  if (state.status == ui::LoadStatus::kError) {
    AppendJsonString(state.error, json);
  } else {
    json += "null";
  }
  json += ",\"app\":";
  const AttemptSummary* app = state.SelectedApp();
  if (app != nullptr) {
    json += "{\"id\":";
    AppendJsonString(app->app_id, json);
    json += ",\"attemptId\":";
    AppendJsonString(app->attempt_id, json);
    json += ",\"name\":";
    AppendJsonString(app->name, json);
    json += ",\"sparkVersion\":";
    AppendJsonString(app->spark_version, json);
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
  AppendJsonString(state.route_text, json);
  json += ",\"savedRoute\":";  // what "Save analysis" writes as the route to reopen at
  AppendJsonString(ui::SavedAnalysisRoute(state), json);
  // What the view shows (rows, selection, headline numbers), from its describe function.
  json += ",\"viewState\":";
  // Mid-load the views describe the partial results (bridge.cc refreshes the models first).
  const ui::ViewEntry* view = ui::FindView(state.route.view);
  const bool described = state.status == ui::LoadStatus::kReady ||
                         (state.status == ui::LoadStatus::kLoading &&
                          (!page.models_stale || as_drawn));
  if (view != nullptr && described) {
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
      AppendJsonString(problems[i].file, json);
      json += ",";
      AppendCount(json, "line", problems[i].line);
      AppendCount(json, "offset", problems[i].offset);
      json += "\"cause\":";
      AppendJsonString(problems[i].cause, json);
      json += "}";
    }
  }
  json += "],";
  AppendCount(json, "bytesRead", page.session ? page.session->bytes_read() : 0);
  AppendCount(json, "heapBytes", emscripten_get_heap_size());
  // Bytes malloc has handed out and not had back: steady while the page idles.
  AppendCount(json, "heapUsedBytes", static_cast<uint64_t>(mallinfo().uordblks));
  AppendCount(json, "imguiAllocations", page.imgui_allocations);
  AppendCount(json, "framesDrawn", page.frames_drawn);
  json += "\"contextLost\":";
  json += page.context_lost ? "true" : "false";
  json += ",\"theme\":";
  json += ui::CurrentThemeMode() == ui::ThemeMode::kLight ? "\"light\"" : "\"dark\"";
  // Named widgets of the last frame, [x, y, width, height] in CSS pixels, for tests to click.
  json += ",\"anchors\":{";
  const double ratio = emscripten_get_device_pixel_ratio();
  int anchor_count = 0;
  const ui::WidgetAnchor* anchors = ui::WidgetAnchors(&anchor_count);
  for (int i = 0; i < anchor_count; ++i) {
    const ui::WidgetAnchor& anchor = anchors[i];
    char text[160];
    std::snprintf(text, sizeof text, "%s\"%s\":[%.1f,%.1f,%.1f,%.1f]", i > 0 ? "," : "",
                  anchor.name, anchor.min.x / ratio, anchor.min.y / ratio,
                  (anchor.max.x - anchor.min.x) / ratio, (anchor.max.y - anchor.min.y) / ratio);
    json += text;
  }
  json += "},\"anchorTexts\":{";
  bool first_text = true;
  for (int i = 0; i < anchor_count; ++i) {
    if (anchors[i].text[0] == '\0') continue;
    if (!first_text) json += ',';
    first_text = false;
    AppendJsonString(anchors[i].name, json);
    json += ':';
    AppendJsonString(anchors[i].text, json);
  }
  // Whether a text box has the keyboard, and the body font's size in device pixels.
  json += "},\"typing\":";
  json += ImGui::GetCurrentContext() != nullptr && ImGui::GetIO().WantTextInput ? "true" : "false";
  std::snprintf(number, sizeof number, ",\"fontPixels\":%.1f}",
                ui::Fonts().body != nullptr ? ui::Fonts().body->FontSize : 0.0f);
  json += number;
  return json.c_str();
}

}  // namespace afterglow::wasm
