// The timeline canvas's mouse wheel (ui/timeline/timeline_axis.h): over the time area it zooms the axis
// and leaves the page where it is; over the lane labels it scrolls the page and leaves the axis
// alone. Drawn headless in a tall scrolling window holding the canvas in a child, as the stage
// page and the application timeline hold theirs.
#include <gtest/gtest.h>

#include "imgui.h"
#include "tests/ui/headless_ui.h"
#include "ui/timeline/timeline_axis.h"

namespace afterglow::ui {
namespace timeline_canvas_input_test {

constexpr float kLabelWidth = 200;  // the canvas's label column, from its left edge

struct WheelResult {
  float page_scroll_y = 0;
  double view_span_ms = 0;
};

// Frames of a 1000 px window whose content is 4000 px tall, with a 300 px timeline child at the
// top, its axis showing 4 s of 10 s; the mouse at (x, 150) inside the canvas. The last frame
// carries one wheel notch down (zoom out by 1/0.8, or scroll down).
WheelResult WheelAt(float mouse_x) {
  TimelineAxis axis;
  axis.SetExtent(0, 10000);
  axis.view_start_ms = 2000;  // zoomed in to 4 s, so a notch down has room to zoom out
  axis.view_end_ms = 6000;
  float page_scroll_y = 0;
  ImGuiIO& io = ImGui::GetIO();
  for (int frame = 0; frame < 4; ++frame) {
    io.MousePos = ImVec2(mouse_x, 150);
    io.MouseWheel = frame == 3 ? -1.0f : 0.0f;
    ImGui::NewFrame();
    ImGui::SetNextWindowPos(ImVec2(0, 0));
    ImGui::SetNextWindowSize(ImVec2(1600, 1000));
    ImGui::Begin("page", nullptr, ImGuiWindowFlags_NoDecoration | ImGuiWindowFlags_NoMove);
    if (ImGui::BeginChild("timeline", ImVec2(0, 300), false,
                          ImGuiWindowFlags_NoScrollWithMouse)) {
      TimelineCanvas("##canvas", axis, ImVec2(ImGui::GetContentRegionAvail().x, 600),
                     kLabelWidth);
    }
    ImGui::EndChild();
    ImGui::Dummy(ImVec2(10, 3700));
    page_scroll_y = ImGui::GetScrollY();
    ImGui::End();
    ImGui::Render();
  }
  // The scroll the wheel asked for is applied when the window begins in the next frame.
  ImGui::NewFrame();
  ImGui::Begin("page");
  page_scroll_y = ImGui::GetScrollY();
  ImGui::End();
  ImGui::Render();
  io.MouseWheel = 0;
  return {page_scroll_y, axis.ViewSpanMs()};
}

TEST(TimelineCanvasWheel, OverTheTimeAreaZoomsAndLeavesThePage) {
  testing::HeadlessUi ui;  // the ImGui context with the page's fonts
  const WheelResult result = WheelAt(kLabelWidth + 400);
  EXPECT_DOUBLE_EQ(result.view_span_ms, 4000 / 0.8);
  EXPECT_EQ(result.page_scroll_y, 0);
}

TEST(TimelineCanvasWheel, OverTheLabelsScrollsThePageAndLeavesTheAxis) {
  testing::HeadlessUi ui;
  const WheelResult result = WheelAt(kLabelWidth / 2);
  EXPECT_DOUBLE_EQ(result.view_span_ms, 4000);
  EXPECT_GT(result.page_scroll_y, 0);
}

}  // namespace timeline_canvas_input_test
}  // namespace afterglow::ui
