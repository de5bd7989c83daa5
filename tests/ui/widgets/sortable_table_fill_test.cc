// A sortable table paints each pixel once (ui/widgets/sortable_table.h): drawn headless, its solid fills
// are counted per pixel by a small rasteriser over the frame's draw data. Inside the rows' area
// every pixel is filled exactly once; rows alternate between the panel colour and the colour the
// renderer's blend (source alpha, one minus source alpha) gave the alternate rows' tint over the
// panel; the scrollbar's track below the grab still shows the panel.
#include <gtest/gtest.h>

#include <algorithm>
#include <array>
#include <cmath>
#include <vector>

#include "imgui.h"
#include "tests/ui/headless_ui.h"
#include "ui/widgets/sortable_table.h"

namespace afterglow::ui {
namespace sortable_table_fill_test {

// Solid fills per pixel of a rectangle of the display, and the last solid colour drawn there.
struct FillCounts {
  int x0 = 0, y0 = 0, width = 0, height = 0;
  std::vector<int> count;
  std::vector<ImU32> color;
  int CountAt(int x, int y) const { return count[static_cast<size_t>((y - y0) * width + x - x0)]; }
  ImU32 ColorAt(int x, int y) const { return color[static_cast<size_t>((y - y0) * width + x - x0)]; }
};

// Rasterises the solid triangles (uv at the atlas's white pixel, alpha > 0) of the draw data at
// pixel centres within `area`, each clipped to its command's clip rectangle.
FillCounts CountSolidFills(const ImDrawData& data, ImVec2 area_min, ImVec2 area_max) {
  FillCounts fills;
  fills.x0 = static_cast<int>(area_min.x);
  fills.y0 = static_cast<int>(area_min.y);
  fills.width = static_cast<int>(area_max.x) - fills.x0;
  fills.height = static_cast<int>(area_max.y) - fills.y0;
  fills.count.assign(static_cast<size_t>(fills.width * fills.height), 0);
  fills.color.assign(fills.count.size(), 0);
  const ImVec2 white = ImGui::GetIO().Fonts->TexUvWhitePixel;
  auto edge = [](ImVec2 a, ImVec2 b, ImVec2 p) {
    return (b.x - a.x) * (p.y - a.y) - (b.y - a.y) * (p.x - a.x);
  };
  for (int n = 0; n < data.CmdListsCount; ++n) {
    const ImDrawList& list = *data.CmdLists[n];
    for (const ImDrawCmd& cmd : list.CmdBuffer) {
      if (cmd.UserCallback != nullptr) continue;
      for (unsigned i = 0; i + 2 < cmd.ElemCount; i += 3) {
        const ImDrawVert* v[3];
        for (int k = 0; k < 3; ++k) {
          v[k] = &list.VtxBuffer[static_cast<int>(cmd.VtxOffset + list.IdxBuffer[static_cast<int>(cmd.IdxOffset + i + k)])];
        }
        const bool solid = std::all_of(v, v + 3, [&](const ImDrawVert* p) {
          return p->uv.x == white.x && p->uv.y == white.y && (p->col & IM_COL32_A_MASK) != 0;
        });
        if (!solid) continue;
        const float min_x = std::max({cmd.ClipRect.x, area_min.x, std::min({v[0]->pos.x, v[1]->pos.x, v[2]->pos.x})});
        const float max_x = std::min({cmd.ClipRect.z, area_max.x, std::max({v[0]->pos.x, v[1]->pos.x, v[2]->pos.x})});
        const float min_y = std::max({cmd.ClipRect.y, area_min.y, std::min({v[0]->pos.y, v[1]->pos.y, v[2]->pos.y})});
        const float max_y = std::min({cmd.ClipRect.w, area_max.y, std::max({v[0]->pos.y, v[1]->pos.y, v[2]->pos.y})});
        const float area = edge(v[0]->pos, v[1]->pos, v[2]->pos);
        if (area == 0) continue;
        for (int y = static_cast<int>(std::floor(min_y)); y < static_cast<int>(std::ceil(max_y)); ++y) {
          for (int x = static_cast<int>(std::floor(min_x)); x < static_cast<int>(std::ceil(max_x)); ++x) {
            // Just off the pixel's centre, so a centre on the diagonal two triangles of a
            // rectangle share is not counted in both.
            const ImVec2 p(static_cast<float>(x) + 0.5f + 1e-3f, static_cast<float>(y) + 0.5f + 2e-3f);
            if (p.x < min_x || p.x >= max_x || p.y < min_y || p.y >= max_y) continue;
            const float w0 = edge(v[1]->pos, v[2]->pos, p), w1 = edge(v[2]->pos, v[0]->pos, p),
                        w2 = edge(v[0]->pos, v[1]->pos, p);
            const bool inside = area > 0 ? (w0 >= 0 && w1 >= 0 && w2 >= 0) : (w0 <= 0 && w1 <= 0 && w2 <= 0);
            if (!inside) continue;
            const size_t at = static_cast<size_t>((y - fills.y0) * fills.width + x - fills.x0);
            ++fills.count[at];
            fills.color[at] = v[0]->col;
          }
        }
      }
    }
  }
  return fills;
}

struct TableFrame {
  ImVec2 outer_min, outer_max;  // the table's rectangle
  float header_bottom = 0;
};

// A page with a 12-row-tall sortable table of 40 rows (so it scrolls), the mouse away from it.
TableFrame DrawTableFrame() {
  const SortableColumn columns[] = {{"Index", 5}, {"Name", 12}, {"Value", 8}};
  TableFrame frame;
  ImGuiIO& io = ImGui::GetIO();
  io.MousePos = ImVec2(-1, -1);
  for (int pass = 0; pass < 3; ++pass) {
    ImGui::NewFrame();
    ImGui::SetNextWindowPos(ImVec2(0, 0));
    ImGui::SetNextWindowSize(ImVec2(1600, 1000));
    ImGui::Begin("page", nullptr, ImGuiWindowFlags_NoDecoration | ImGuiWindowFlags_NoBackground);
    const float row = ImGui::GetTextLineHeight() + ImGui::GetStyle().CellPadding.y * 2;
    if (BeginSortableTable("fill-test", columns, row * 13 + ImGui::GetStyle().ScrollbarSize)) {
      TakeSortRequest(true);
      frame.header_bottom = ImGui::GetCursorScreenPos().y;
      for (int r = 0; r < 40; ++r) {
        ImGui::TableNextRow();
        ImGui::TableNextColumn();
        ImGui::Text("%d", r);
        ImGui::TableNextColumn();
        ImGui::TextUnformatted("row");
        ImGui::TableNextColumn();
        ImGui::Text("%d ms", r * 7);
      }
      EndSortableTable();
      frame.outer_min = ImGui::GetItemRectMin();
      frame.outer_max = ImGui::GetItemRectMax();
    }
    ImGui::End();
    ImGui::Render();
  }
  return frame;
}

TEST(SortableTableFill, RowsFillEachPixelOnceInTheBlendedColours) {
  testing::HeadlessUi ui;  // the page's context, fonts and theme
  const TableFrame frame = DrawTableFrame();
  ASSERT_GT(frame.outer_max.y - frame.outer_min.y, 100.0f);
  const ImGuiStyle& style = ImGui::GetStyle();
  const FillCounts fills = CountSolidFills(*ImGui::GetDrawData(), frame.outer_min, frame.outer_max);

  // The rows' area: below the header, left of the vertical scrollbar, a few pixels inside the
  // table's edges (its rounded corners and outer border).
  const int left = static_cast<int>(frame.outer_min.x) + 3;
  const int right = static_cast<int>(frame.outer_max.x - style.ScrollbarSize) - 3;
  const int top = static_cast<int>(frame.header_bottom) + 1;
  const int bottom = static_cast<int>(frame.outer_max.y) - 3;
  int over_painted = 0, unpainted = 0;
  for (int y = top; y < bottom; ++y) {
    for (int x = left; x < right; ++x) {
      const int count = fills.CountAt(x, y);
      over_painted += count > 1;
      unpainted += count == 0;
    }
  }
  EXPECT_EQ(over_painted, 0) << "pixels of the rows painted more than once";
  EXPECT_EQ(unpainted, 0) << "pixels of the rows not painted";

  // Down the first column: two colours, alternating row by row: the panel and the tint blended
  // over it as GL's (source alpha, one minus source alpha) blend did when it was drawn on top.
  const ImVec4 panel = style.Colors[ImGuiCol_ChildBg];
  const ImVec4 tint = style.Colors[ImGuiCol_TableRowBgAlt];
  const float a = tint.w;
  const ImU32 expected_tinted = ImGui::ColorConvertFloat4ToU32(
      ImVec4(tint.x * a + panel.x * (1 - a), tint.y * a + panel.y * (1 - a),
             tint.z * a + panel.z * (1 - a), 1.0f));
  const ImU32 expected_panel = ImGui::ColorConvertFloat4ToU32(panel);
  std::vector<ImU32> row_colors;
  for (int y = top; y < bottom; ++y) {
    const ImU32 c = fills.ColorAt(left + 2, y);
    if (row_colors.empty() || row_colors.back() != c) row_colors.push_back(c);
  }
  ASSERT_GE(row_colors.size(), 10u);
  for (size_t i = 0; i < row_colors.size(); ++i) {
    EXPECT_TRUE(row_colors[i] == expected_panel || row_colors[i] == expected_tinted) << i;
    if (i > 0) EXPECT_NE(row_colors[i], row_colors[i - 1]);
  }

  // The vertical scrollbar's track, below its grab (the table is scrolled to the top): the panel.
  const int track_x = static_cast<int>(frame.outer_max.x - style.ScrollbarSize / 2);
  const int track_y = static_cast<int>(frame.outer_max.y) - static_cast<int>(style.ScrollbarSize) - 8;
  EXPECT_EQ(fills.CountAt(track_x, track_y), 1);
  EXPECT_EQ(fills.ColorAt(track_x, track_y), expected_panel);
}

}  // namespace sortable_table_fill_test
}  // namespace afterglow::ui
