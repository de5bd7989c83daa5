// The page's shell: the themes' colours, the fonts, the table keyboard helper, the search box's
// '/' and Esc, and the widget anchors the browser tests click. Drawn headless
// (tests/ui/headless_ui.h) so ImGui's own checks run too.
#include <gtest/gtest.h>

#include <cmath>
#include <cstring>

#include "imgui.h"
#include "tests/ui/headless_ui.h"
#include "ui/app/keyboard.h"
#include "ui/widgets/theme.h"
#include "ui/widgets/widget_anchors.h"
#include "ui/widgets/widgets.h"

namespace afterglow::ui {
namespace shell_test {

// WCAG 2 relative luminance and contrast ratio, computed here from the definition.
double Luminance(const ImVec4& c) {
  auto channel = [](double v) {
    return v <= 0.03928 ? v / 12.92 : std::pow((v + 0.055) / 1.055, 2.4);
  };
  return 0.2126 * channel(c.x) + 0.7152 * channel(c.y) + 0.0722 * channel(c.z);
}

double Contrast(const ImVec4& a, const ImVec4& b) {
  const double la = Luminance(a), lb = Luminance(b);
  return (std::max(la, lb) + 0.05) / (std::min(la, lb) + 0.05);
}

// Key indices for the test's key map (ImGui 1.86 maps named keys to backend indices).
enum TestKey { kDown = 1, kUp, kPageDown, kPageUp, kHome, kEnd, kEnter, kEscape };

class ShellTest : public ::testing::Test {
 protected:
  void SetUp() override {
    ImGuiIO& io = ImGui::GetIO();
    io.KeyMap[ImGuiKey_DownArrow] = kDown;
    io.KeyMap[ImGuiKey_UpArrow] = kUp;
    io.KeyMap[ImGuiKey_PageDown] = kPageDown;
    io.KeyMap[ImGuiKey_PageUp] = kPageUp;
    io.KeyMap[ImGuiKey_Home] = kHome;
    io.KeyMap[ImGuiKey_End] = kEnd;
    io.KeyMap[ImGuiKey_Enter] = kEnter;
    io.KeyMap[ImGuiKey_Escape] = kEscape;
  }
  void TearDown() override { SetThemeMode(ThemeMode::kDark); }

  // One frame with `key` held (0: none) running `body` inside a window.
  template <typename Body>
  void Frame(int key, Body body) {
    ImGuiIO& io = ImGui::GetIO();
    for (bool& down : io.KeysDown) down = false;
    if (key != 0) io.KeysDown[key] = true;
    ImGui::NewFrame();
    ImGui::SetNextWindowPos(ImVec2(0, 0));
    ImGui::SetNextWindowSize(ImVec2(800, 600));
    ImGui::Begin("test");
    body();
    ImGui::End();
    ImGui::Render();
  }

  // Presses `key` (down for one frame, then released) and returns what TableKeyboardSelection
  // returned in the frame the key went down.
  int Press(int key, int* selected, int rows) {
    int opened = -2;
    Frame(key, [&] { opened = TableKeyboardSelection(selected, rows); });
    Frame(0, [&] { TableKeyboardSelection(selected, rows); });
    return opened;
  }

  testing::HeadlessUi ui_;  // the ImGui context, theme and fonts of the page
};

TEST_F(ShellTest, ArrowsMoveTheSelectionWithinTheRowsAndEnterOpensIt) {
  int selected = -1;
  EXPECT_EQ(Press(kDown, &selected, 5), -1);
  EXPECT_EQ(selected, 0);  // the first Down selects the first row
  Press(kDown, &selected, 5);
  Press(kDown, &selected, 5);
  EXPECT_EQ(selected, 2);
  Press(kUp, &selected, 5);
  EXPECT_EQ(selected, 1);
  Press(kEnd, &selected, 5);
  EXPECT_EQ(selected, 4);
  Press(kDown, &selected, 5);
  EXPECT_EQ(selected, 4) << "Down on the last row stays there";
  Press(kHome, &selected, 5);
  EXPECT_EQ(selected, 0);
  Press(kUp, &selected, 5);
  EXPECT_EQ(selected, 0) << "Up on the first row stays there";
  Press(kPageDown, &selected, 500);
  EXPECT_GT(selected, 10) << "a page is many rows at 1000 px";
  EXPECT_LT(selected, 100);
  Press(kPageUp, &selected, 500);
  EXPECT_EQ(selected, 0);
  Press(kDown, &selected, 5);
  EXPECT_EQ(Press(kEnter, &selected, 5), 1) << "Enter opens the selected row";
}

TEST_F(ShellTest, EnterWithoutASelectionOpensNothingAndAnEmptyTableClearsIt) {
  int selected = -1;
  EXPECT_EQ(Press(kEnter, &selected, 5), -1);
  EXPECT_EQ(selected, -1);
  selected = 7;
  Press(0, &selected, 3);
  EXPECT_EQ(selected, 2) << "a selection past the end (rows filtered away) is clamped";
  Press(kDown, &selected, 0);
  EXPECT_EQ(selected, -1);
}

TEST_F(ShellTest, OnlyTheFirstTableOfAFrameTakesTheKeys) {
  int first = 0, second = 0;
  Frame(kDown, [&] {
    TableKeyboardSelection(&first, 10);
    TableKeyboardSelection(&second, 10);
  });
  EXPECT_EQ(first, 1);
  EXPECT_EQ(second, 0);
}

TEST_F(ShellTest, KeysTypedIntoATextBoxDoNotMoveTheSelection) {
  int selected = 3;
  Frame(kDown, [&] {
    ImGui::GetIO().WantTextInput = true;  // as when a search box has the keyboard
    TableKeyboardSelection(&selected, 10);
  });
  EXPECT_EQ(selected, 3);
}

TEST_F(ShellTest, MovedFlagHoldsOnlyInTheFrameTheKeysMovedTheSelection) {
  int selected = 0;
  bool moved_in_key_frame = false, moved_next_frame = true;
  Frame(kDown, [&] {
    TableKeyboardSelection(&selected, 10);
    moved_in_key_frame = TableSelectionMovedThisFrame();
  });
  Frame(0, [&] {
    TableKeyboardSelection(&selected, 10);
    moved_next_frame = TableSelectionMovedThisFrame();
  });
  EXPECT_TRUE(moved_in_key_frame);
  EXPECT_FALSE(moved_next_frame);
}

TEST_F(ShellTest, SlashFocusesTheSearchBoxWithoutTypingItAndEscLeavesKeepingTheText) {
  char search[32] = "";
  auto draw = [&] { SearchBox("##search", "Filter", search, sizeof search, 200); };
  Frame(0, draw);
  ImGui::GetIO().AddInputCharacter('/');
  Frame(0, draw);  // '/' asks for focus
  Frame(0, draw);  // the box takes it
  Frame(0, draw);  // io.WantTextInput reports it from this frame on
  EXPECT_STREQ(search, "") << "the '/' that focused the box is not typed into it";
  EXPECT_TRUE(ImGui::GetIO().WantTextInput) << "the box has the keyboard";
  ImGui::GetIO().AddInputCharacter('a');
  ImGui::GetIO().AddInputCharacter('/');
  Frame(0, draw);
  EXPECT_STREQ(search, "a/") << "inside the box '/' is an ordinary character";
  Frame(kEscape, draw);
  Frame(0, draw);
  Frame(0, draw);
  EXPECT_FALSE(ImGui::GetIO().WantTextInput) << "Esc leaves the box";
  EXPECT_STREQ(search, "a/") << "Esc keeps the filter text";
}

TEST_F(ShellTest, AnchorsRecordTheFirstWidgetOfEachNameAndItsText) {
  ClearWidgetAnchors();
  Frame(0, [&] {
    ClearWidgetAnchors();
    ImGui::Button("one");
    AnchorLastItem("button", "first");
    ImGui::Button("two");
    AnchorLastItem("button", "second");
  });
  int count = 0;
  const WidgetAnchor* anchors = WidgetAnchors(&count);
  ASSERT_EQ(count, 1);
  EXPECT_STREQ(anchors[0].name, "button");
  EXPECT_STREQ(anchors[0].text, "first");
  EXPECT_GT(anchors[0].max.x, anchors[0].min.x);
  EXPECT_GT(anchors[0].max.y, anchors[0].min.y);
}

TEST_F(ShellTest, ColourNamesFollowTheThemeAndReadOnItsBackgrounds) {
  for (ThemeMode mode : {ThemeMode::kDark, ThemeMode::kLight}) {
    SetThemeMode(mode);
    EXPECT_EQ(CurrentThemeMode(), mode);
    const Palette& palette = PaletteFor(mode);
    EXPECT_EQ(colors::kAccent.x, palette.accent.x);
    EXPECT_EQ(colors::kFailed.y, palette.failed.y);
    EXPECT_EQ(colors::kMuted.z, palette.muted.z);
    const ImGuiStyle& style = ImGui::GetStyle();
    const ImVec4 window = style.Colors[ImGuiCol_WindowBg];
    const ImVec4 text = style.Colors[ImGuiCol_Text];
    if (mode == ThemeMode::kLight) {
      EXPECT_GT(Luminance(window), 0.8);
    } else {
      EXPECT_LT(Luminance(window), 0.05);
    }
    EXPECT_GE(Contrast(text, window), 7.0) << "body text";
    // Status colours are text too (links, "FAILED"): at least WCAG's 3:1 on both backgrounds.
    for (const ImVec4& c : {palette.accent, palette.succeeded, palette.running, palette.failed,
                            palette.muted}) {
      EXPECT_GE(Contrast(c, window), 3.0) << "mode " << static_cast<int>(mode);
      EXPECT_GE(Contrast(c, palette.panel), 3.0) << "mode " << static_cast<int>(mode);
    }
  }
}

TEST_F(ShellTest, MonoFontIsFixedWidthAndTheBodyFontIsNot) {
  ASSERT_NE(Fonts().mono, nullptr);
  ASSERT_NE(Fonts().mono, Fonts().body);
  ImGui::NewFrame();
  ImGui::PushFont(Fonts().mono);
  const float mono_i = ImGui::CalcTextSize("iiii").x;
  const float mono_w = ImGui::CalcTextSize("WWWW").x;
  ImGui::PopFont();
  const float body_i = ImGui::CalcTextSize("iiii").x;
  const float body_w = ImGui::CalcTextSize("WWWW").x;
  ImGui::Render();
  EXPECT_FLOAT_EQ(mono_i, mono_w);
  EXPECT_LT(body_i * 2, body_w);
  EXPECT_EQ(Fonts().mono->FontSize, Fonts().body->FontSize);
  EXPECT_GT(Fonts().title->FontSize, Fonts().body->FontSize);
}

}  // namespace shell_test
}  // namespace afterglow::ui
