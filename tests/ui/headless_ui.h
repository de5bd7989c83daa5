// Draws the page's views natively, with no window and no GPU: an ImGui context with the page's
// theme and a 1600x1000 display, frames run through ui::DrawFrame and discarded. ImGui's checks
// abort natively (ui/app/imgui_checks.h), so a view that misuses the API fails the test that draws it.
#pragma once

#include <memory>
#include <string>

#include "core/session.h"
#include "ui/app/app_state.h"

namespace afterglow::ui::testing {

class HeadlessUi {
 public:
  HeadlessUi();
  ~HeadlessUi();
  HeadlessUi(const HeadlessUi&) = delete;
  HeadlessUi& operator=(const HeadlessUi&) = delete;

  // Loads a corpus log (file or folder) the way the CLI does and marks the state ready. Returns
  // the loader's error, "" on success.
  std::string Load(const std::string& path);
  AppState& state() { return state_; }
  const Session& session() const { return *session_; }

  // Runs `frames` frames of the whole page (header + the routed view). Frames after the first
  // let tables settle their column widths and clippers measure rows, as in the page.
  void Draw(int frames = 3);
  // Moves the mouse to (x, y) in display pixels before the next frames (hover paths: tooltips).
  void MouseAt(float x, float y);
  // window.afterglow.state()'s viewState for the current route, as the page would report it.
  std::string DescribeView() const;

 private:
  std::unique_ptr<Session> session_;
  AppState state_;
  float mouse_x_ = -1, mouse_y_ = -1;
};

}  // namespace afterglow::ui::testing
