// The page's one instance of everything: the engine session, what the UI shows, and the chunk
// buffer the JavaScript pump fills. Shared by the exported functions (bridge.cc) and the main loop
// (main_loop.cc); both run on the browser's main thread only.
#pragma once

#include <cstdint>
#include <memory>
#include <string>
#include <vector>

#include "core/ingest/zip_directory.h"
#include "core/load/zip_entry_reader.h"
#include "core/session.h"
#include "ui/app/app_state.h"
#include "ui/app/model_steps.h"

namespace afterglow::wasm {

struct Page {
  std::unique_ptr<Session> session;
  ui::AppState state;
  // The JavaScript pump copies each file slice here, then calls ag_file_push. Sized to the largest
  // chunk plus kReadPadding, because the engine reads a few bytes past every buffer's end.
  std::vector<uint8_t> chunk;
  // The zip being read (log_plan_bridge.cc): its entries from the central directory, and the
  // reader of the entry being streamed (null for a plain file). While it is set, ag_file_push
  // hands the chunk to it (inflating and checking the CRC) before the session sees the content.
  std::vector<ZipEntry> zip_entries;
  std::unique_ptr<ZipEntryReader> entry_reader;
  std::string entry_name;  // the entry's name as problems show it
  double last_refresh_ms = 0;  // when the summaries were last re-read during a load
  bool models_stale = false;   // chunks were fed since the view models were last rebuilt
  // Between ag_load_end and the last ag_load_finish_step: every file is read and the view models
  // are being built, one step per call. The status is still kLoading; mid-load refreshes stop.
  bool finishing = false;
  ui::ModelBuildQueue final_build;
  bool context_lost = false;   // the WebGL context is lost: nothing is drawn until it is restored
  uint64_t frames_drawn = 0;   // for tests: idle pages draw nothing, and drawing resumes
  uint64_t imgui_allocations = 0;  // ImGui's allocations so far (an unchanged frame makes none)
  // Frames still to draw. An unchanged page is not redrawn (the canvas keeps its last image), so
  // an idle tab costs nothing; input events and every state change ask for a few frames, enough
  // for ImGui's hover and click feedback to settle.
  int frames_to_draw = 0;
  void RequestRedraw() { frames_to_draw = 4; }
};

Page& ThePage();

// Mid-load the view models are rebuilt at most this often: re-reading the summaries and the
// lists costs a little, and a few updates a second are plenty to watch a load.
constexpr double kRefreshIntervalMs = 250;

// Rebuilds the summaries and view models from the session now (`now_ms` is the clock reading).
void RefreshModelsNow(Page& page, double now_ms);

// Feeds `size` bytes of the chunk buffer from `offset` to the session, through the zip entry's
// inflater when one is set (log_plan_bridge.cc).
void PushChunk(Page& page, uint32_t offset, uint32_t size);

}  // namespace afterglow::wasm
