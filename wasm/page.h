// The page's one instance of everything: the engine session, what the UI shows, and the chunk
// buffer the JavaScript pump fills. Shared by the exported functions (bridge.cc) and the main loop
// (main_loop.cc); both run on the browser's main thread only.
#pragma once

#include <cstdint>
#include <memory>
#include <vector>

#include "core/session.h"
#include "ui/app_state.h"

namespace afterglow::wasm {

struct Page {
  std::unique_ptr<Session> session;
  ui::AppState state;
  // The JavaScript pump copies each file slice here, then calls ag_file_push. Sized to the largest
  // chunk plus kReadPadding, because the engine reads a few bytes past every buffer's end.
  std::vector<uint8_t> chunk;
  double last_refresh_ms = 0;  // when the summaries were last re-read during a load
  // Frames still to draw. An unchanged page is not redrawn (the canvas keeps its last image), so
  // an idle tab costs nothing; input events and every state change ask for a few frames, enough
  // for ImGui's hover and click feedback to settle.
  int frames_to_draw = 0;
  void RequestRedraw() { frames_to_draw = 4; }
};

Page& ThePage();

}  // namespace afterglow::wasm
