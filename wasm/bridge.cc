// The functions the page's JavaScript calls (web/afterglow-page.js). A load is
// ag_load_begin, then per file ag_file_begin, ag_chunk_buffer per slice and ag_file_push per part
// of it, ag_file_end and ag_file_read; then ag_load_end and ag_load_finish_step until it returns 1
// (or ag_reset after a cancel, ag_load_fail on a read error). Folders, several files and zips are
// planned and begun by log_plan_bridge.cc's functions, between the same ag_load_begin and
// ag_load_end.
// Sizes are uint32 at the boundary (wasm32's size_t); whole-file sizes arrive as doubles because
// files may exceed 4 GiB. Returned strings stay valid until the next call of the same function.
#include <emscripten/emscripten.h>
#include <emscripten/heap.h>
#include <unistd.h>

#include <algorithm>
#include <cstdio>
#include <string>

#include "core/base/epoch_clock.h"
#include "core/base/read_padding.h"
#include "core/listen/retention_memory_cap.h"
#include "ui/app/app_state.h"
#include "ui/app/route.h"
#include "ui/widgets/theme.h"
#include "wasm/page.h"
#include "wasm/state_json.h"

namespace afterglow::wasm {

Page& ThePage() {
  static Page page;
  return page;
}

MemoryCap g_memory_cap;

namespace {

// How long the last RefreshModelsNow took. A refresh re-reads every stage's tasks (the
// overview's findings), so its cost grows with the log: a load waits kRefreshCostMultiple times
// that cost before the next one, which keeps refreshes under a tenth of a big log's load time.
double g_refresh_cost_ms = 0;
constexpr double kRefreshCostMultiple = 9;
double g_longest_refresh_ms = 0;  // since ag_take_longest_refresh_ms last read it

}  // namespace

void RefreshModelsNow(Page& page, double now_ms) {
  page.last_refresh_ms = now_ms;
  page.models_stale = false;
  ui::RefreshModels(page.state);
  g_refresh_cost_ms = emscripten_get_now() - now_ms;
  g_longest_refresh_ms = std::max(g_longest_refresh_ms, g_refresh_cost_ms);
}

namespace {

// Progress (pushes, the final build's steps) asks for one frame every kLoadRedrawIntervalMs, not
// one per call: each drawn frame costs the browser's GPU process a swap (20 to 85 ms on a software
// GL under load, in a Chromium trace of a 1 GB load), during which no other frame can begin, and
// CPU the load needs: at 10 progress frames a second the GPU process took 1.6-3.0 s of CPU in a
// 3-6 s load of 1 GB on 2 cores, at 4 a second 0.9-1.5 s, and the load was 8-10% faster
// (docs/PERFORMANCE.md). A progress bar moving 4 times a second still reads as moving.
// Input still redraws at once.
constexpr double kLoadRedrawIntervalMs = 250;
double g_last_progress_frame_ms = 0;

void AskForProgressFrame(Page& page, double now_ms) {
  if (now_ms - g_last_progress_frame_ms < kLoadRedrawIntervalMs) return;
  g_last_progress_frame_ms = now_ms;
  page.frames_to_draw = std::max(page.frames_to_draw, 1);
}

// The tasks one ag_load_finish_step reads for the overview's findings or the time analysis: at
// most about 4 ms natively and 6 ms of wasm on a quiet machine (scripts/tools/final_build_steps
// prints each step), so that a step ending past the pump's work slice stays inside a frame gap.
constexpr size_t kFinishStepTasks = 16 * 1024;

void StopFinishing(Page& page) {
  page.finishing = false;
  page.final_build.Clear();
}

// The least time between two refreshes of the view models while the pump feeds a load.
double LoadRefreshIntervalMs() {
  return std::max(kRefreshIntervalMs, kRefreshCostMultiple * g_refresh_cost_ms);
}

// Where in the current file the load under way stands against the memory cap (page.h).
struct LoadCap {
  MemoryCapGuard guard;
  std::string file;          // the file (or part, or zip entry) being pushed
  uint64_t file_offset = 0;  // its stored bytes pushed so far
  bool notice_added = false;
};
LoadCap g_load_cap;

// True while the next push fits under the cap. The first refusal adds the cap's notice to the
// session's problems, where the overview shows it.
bool PushFitsMemoryCap(Page& page, uint32_t size) {
  const std::string& file = page.state.progress.current_file;
  if (file != g_load_cap.file) {
    g_load_cap.file = file;
    g_load_cap.file_offset = 0;
  }
  const uint64_t program_break = reinterpret_cast<uintptr_t>(sbrk(0));
  const LoadPosition at{file, g_load_cap.file_offset, page.state.progress.bytes_done,
                        page.state.progress.bytes_total};
  if (g_load_cap.guard.AllowPush(program_break, emscripten_get_heap_size(), at)) {
    g_load_cap.file_offset += size;
    return true;
  }
  if (!g_load_cap.notice_added) {
    page.session->AddProblem(g_load_cap.guard.Notice());
    g_load_cap.notice_added = true;
  }
  return false;
}

void StartSession(Page& page) {
  page.session = std::make_unique<Session>();
  page.state.session = page.session.get();
  page.state.summaries.clear();
  page.state.selected_app = 0;
  page.state.jobs.Clear();
  page.zip_entries.clear();
  page.entry_reader.reset();
  StopFinishing(page);
}

}  // namespace
}  // namespace afterglow::wasm

using afterglow::wasm::Page;
using afterglow::wasm::ThePage;
namespace ui = afterglow::ui;

extern "C" {

// A buffer of at least `size` writable bytes (plus the engine's read padding); valid until the
// next call. JavaScript must re-read HEAPU8 after calling it: growing it may grow the heap.
EMSCRIPTEN_KEEPALIVE uint8_t* ag_chunk_buffer(uint32_t size) {
  Page& page = ThePage();
  const size_t needed = static_cast<size_t>(size) + afterglow::kReadPadding;
  if (page.chunk.size() < needed) page.chunk.resize(needed);
  return page.chunk.data();
}

EMSCRIPTEN_KEEPALIVE void ag_load_begin(double total_bytes, uint32_t file_count) {
  ThePage().RequestRedraw();
  Page& page = ThePage();
  afterglow::wasm::StartSession(page);
  afterglow::wasm::g_load_cap = {afterglow::MemoryCapGuard(afterglow::wasm::g_memory_cap), "", 0, false};
  ui::AppState& state = page.state;
  state.status = ui::LoadStatus::kLoading;
  state.error.clear();
  state.cancel_requested = false;
  state.views_while_loading = false;
  state.progress = ui::LoadProgress{};
  state.progress.bytes_total = static_cast<uint64_t>(total_bytes);
  state.progress.files_total = file_count;
  state.progress.started_ms = emscripten_get_now();
  page.last_refresh_ms = state.progress.started_ms;
  afterglow::wasm::g_refresh_cost_ms = 0;  // the last load's models are gone
}

EMSCRIPTEN_KEEPALIVE void ag_file_begin(const char* name, double size_bytes) {
  ThePage().RequestRedraw();
  Page& page = ThePage();
  if (!page.session) return;
  page.state.progress.current_file = name;
  page.session->BeginFile(name, static_cast<uint64_t>(size_bytes));
}

// Feeds `size` bytes of the chunk buffer from `offset` to the engine. The page pushes a slice in
// several parts, so that each call is a few milliseconds of work whatever the codec; the bytes
// after a part (the rest of the slice, or the buffer's padding) are its read padding.
// Returns 0 when the memory cap is reached (nothing was fed; the page ends the load with what it
// has, see core/listen/retention_memory_cap.h), else 1.
EMSCRIPTEN_KEEPALIVE int ag_file_push(uint32_t offset, uint32_t size) {
  Page& page = ThePage();
  const size_t end = static_cast<size_t>(offset) + size;
  if (!page.session || end + afterglow::kReadPadding > page.chunk.size()) return 1;
  if (!afterglow::wasm::PushFitsMemoryCap(page, size)) {
    page.RequestRedraw();
    return 0;
  }
  afterglow::wasm::PushChunk(page, offset, size);
  page.state.progress.bytes_done += size;  // as stored: progress counts compressed bytes
  page.models_stale = true;
  const double now = emscripten_get_now();
  afterglow::wasm::AskForProgressFrame(page, now);
  if (now - page.last_refresh_ms >= afterglow::wasm::LoadRefreshIntervalMs()) {
    afterglow::wasm::RefreshModelsNow(page, now);
  }
  return 1;
}

// 1 once the engine stopped reading the file being pushed (Session::FileStopped: a line past the
// line limit, a stream it cannot decode on, each already a problem), so the page reads no more of
// it: a 1 GiB line costs what was read up to the limit, not the whole file's reading.
EMSCRIPTEN_KEEPALIVE int ag_file_stopped() {
  const Page& page = ThePage();
  return page.session && page.session->FileStopped() ? 1 : 0;
}

EMSCRIPTEN_KEEPALIVE void ag_file_end() {
  ThePage().RequestRedraw();
  Page& page = ThePage();
  if (!page.session) return;
  page.session->EndFile();
}

// One of the files_total files given to ag_load_begin is read (a part of a log, a whole zip).
EMSCRIPTEN_KEEPALIVE void ag_file_read() {
  ThePage().RequestRedraw();
  ++ThePage().state.progress.files_done;
}

// Every file is read. The view models are built next, a step per ag_load_finish_step call, so
// that frames come between them; the status stays loading until the last step.
EMSCRIPTEN_KEEPALIVE void ag_load_end() {
  ThePage().RequestRedraw();
  Page& page = ThePage();
  ui::AppState& state = page.state;
  // The chunk buffer (a slice of the file) is not needed until the next load or save asks for it
  // again; freed before the models are built, they reuse its bytes instead of growing the heap.
  std::vector<uint8_t>().swap(page.chunk);
  state.progress.current_file.clear();
  page.models_stale = false;  // the steps build every model from the whole session
  page.finishing = true;
  page.final_build.Start(state, afterglow::NowEpochMs());
}

// The model the next ag_load_finish_step builds ("jobs", "overview"; "" when none), for the
// page's load profile.
EMSCRIPTEN_KEEPALIVE const char* ag_load_finish_next() {
  const Page& page = ThePage();
  if (!page.finishing || page.final_build.Done()) return "";
  return ui::ModelStepName(page.final_build.Next());
}

// Builds the next view model of the finished load, or a bounded part of one (kFinishStepTasks
// tasks of the overview's findings), the route's own first. Returns 0 while more remain, and 1
// once every model is built: the status is then ready, or error when no application was found.
EMSCRIPTEN_KEEPALIVE int ag_load_finish_step() {
  Page& page = ThePage();
  if (!page.finishing) return 1;
  const double start_ms = emscripten_get_now();
  const bool done = page.final_build.Step(page.state, afterglow::wasm::kFinishStepTasks);
  const double end_ms = emscripten_get_now();
  afterglow::wasm::g_longest_refresh_ms =
      std::max(afterglow::wasm::g_longest_refresh_ms, end_ms - start_ms);
  if (!done) {
    // A model changed: the routed views (if shown) draw it, at the pace of progress.
    afterglow::wasm::AskForProgressFrame(page, end_ms);
    return 0;
  }
  page.RequestRedraw();
  afterglow::wasm::StopFinishing(page);
  ui::AppState& state = page.state;
  state.progress.load_ms = emscripten_get_now() - state.progress.started_ms;
  state.status = ui::LoadStatus::kReady;
  state.views_while_loading = false;
  // A comparison on screen was built while the status said loading, so without the findings
  // (ui/pages/compare/view_compare.cc): built again with them, in steps.
  if (!state.summaries.empty() && state.route.view == ui::ViewId::kCompare) ui::PrepareRoute(state);
  if (state.summaries.empty()) {
    state.status = ui::LoadStatus::kError;
    ui::RefreshModels(state);  // nothing to show: clears what a mid-load refresh may have left
    state.error = "no Spark application was found in these files";
    const auto& problems = page.session->problems();
    if (!problems.empty()) {
      const afterglow::LoadProblem& first = problems.front();
      state.error += " (" + first.file;
      if (first.offset > 0) state.error += ", offset " + std::to_string(first.offset);
      if (first.line > 0) state.error += ", line " + std::to_string(first.line);
      state.error += ": " + first.cause + ")";
    }
  }
  return 1;
}

EMSCRIPTEN_KEEPALIVE void ag_load_fail(const char* message) {
  ThePage().RequestRedraw();
  afterglow::wasm::StopFinishing(ThePage());
  ui::AppState& state = ThePage().state;
  state.status = ui::LoadStatus::kError;
  state.error = message;
}

// True once the user pressed Cancel in the loading view; the pump then calls ag_reset.
EMSCRIPTEN_KEEPALIVE int ag_cancel_requested() { return ThePage().state.cancel_requested ? 1 : 0; }

// Drops everything loaded and returns to the drop zone. Frees the chunk buffer too.
EMSCRIPTEN_KEEPALIVE void ag_reset() {
  ThePage().RequestRedraw();
  Page& page = ThePage();
  ui::AppState& state = page.state;
  state.session = nullptr;
  page.entry_reader.reset();
  page.zip_entries.clear();
  page.session.reset();
  std::vector<uint8_t>().swap(page.chunk);
  afterglow::wasm::StopFinishing(page);
  state.status = ui::LoadStatus::kEmpty;
  state.error.clear();
  state.cancel_requested = false;
  state.views_while_loading = false;
  state.progress = ui::LoadProgress{};
  page.models_stale = false;
  ui::RefreshModels(state);
}

// Switches the view; returns 0 when `route` names no view (nothing changes). Mid-load, the list
// models are built only for the section on screen (ui/app/app_state.cc): a route to another section
// rebuilds them at once, so the view's first frame shows the rows read so far. While the final
// models are built, the new section's are built next instead.
EMSCRIPTEN_KEEPALIVE int ag_show(const char* route) {
  Page& page = ThePage();
  page.RequestRedraw();
  const ui::ViewId section_before = ui::SectionOf(page.state.route.view);
  if (!ui::ShowRoute(page.state, route)) return 0;
  if (page.finishing) {
    page.final_build.PutSectionFirst(ui::SectionOf(page.state.route.view));
  } else if (page.state.status == ui::LoadStatus::kLoading && page.state.views_while_loading &&
             ui::SectionOf(page.state.route.view) != section_before) {
    afterglow::wasm::RefreshModelsNow(page, emscripten_get_now());
  }
  return 1;
}

// The theme the system asks for changed and the user has not chosen one (web/afterglow-page.js).
EMSCRIPTEN_KEEPALIVE void ag_set_theme(int light) {
  ThePage().RequestRedraw();
  ui::SetThemeMode(light ? ui::ThemeMode::kLight : ui::ThemeMode::kDark);
}

// The test hook's state object (see web/afterglow-page.js, window.afterglow.state). Mid-load the
// view models are brought up to date first, so the views' description matches the session;
// with `as_drawn` they are not, and the view describes the models the last frame drew.
EMSCRIPTEN_KEEPALIVE const char* ag_state_json(int as_drawn) {
  static std::string json;
  Page& page = ThePage();
  if (!as_drawn && page.state.status == ui::LoadStatus::kLoading && page.models_stale) {
    afterglow::wasm::RefreshModelsNow(page, emscripten_get_now());
  }
  // Free the previous answer first: state() reports the heap in use, which must not depend on
  // how long the last answer happened to be (tests compare it across idle frames).
  std::string().swap(json);
  json = afterglow::wasm::StateJson(page, as_drawn != 0);
  return json.c_str();
}

// The longest model refresh since the last call, in ms, and starts over (the page's load profile).
EMSCRIPTEN_KEEPALIVE double ag_take_longest_refresh_ms() {
  const double longest = afterglow::wasm::g_longest_refresh_ms;
  afterglow::wasm::g_longest_refresh_ms = 0;
  return longest;
}

// state().status alone, without building the whole state: the bench polls it on every frame of
// a load, where ag_state_json would rebuild the view models each time.
EMSCRIPTEN_KEEPALIVE const char* ag_load_status() {
  return ui::LoadStatusName(ThePage().state.status);
}

// The standalone page calls this once when it opens an analysis embedded in itself, so the header
// says the user is looking at a saved (and maybe redacted) copy, not a log they opened.
EMSCRIPTEN_KEEPALIVE void ag_set_saved_analysis(int redacted, const char* saved_at) {
  ThePage().state.saved_analysis = {true, redacted != 0, saved_at ? saved_at : ""};
  ThePage().RequestRedraw();
}

}  // extern "C"
