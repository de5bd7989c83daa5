#include "ui/theme.h"

#include "ui/embedded_fonts.h"

namespace afterglow::ui {
namespace {

// Sizes in CSS pixels; multiplied by the device pixel ratio so text is rasterised at the
// screen's resolution instead of being scaled up blurry.
constexpr float kBodyPx = 15.0f;
constexpr float kTitlePx = 22.0f;

ThemeFonts g_fonts;

// Latin-1 plus the punctuation the views print (dashes, bullets, the ellipsis, arrows).
constexpr ImWchar kGlyphRanges[] = {0x0020, 0x00FF, 0x2010, 0x2027, 0x2190, 0x2193, 0};

ImFont* AddFont(EmbeddedFont font, float size_px) {
  ImGuiIO& io = ImGui::GetIO();
  if (font.size == 0) {
    ImFontConfig config;
    config.SizePixels = size_px;
    return io.Fonts->AddFontDefault(&config);
  }
  ImFontConfig config;
  config.FontDataOwnedByAtlas = false;  // the bytes are static; the atlas must not free them
  config.OversampleH = 2;
  config.OversampleV = 1;
  config.GlyphRanges = kGlyphRanges;
  // The atlas reads the data only while building; ImGui's API takes a non-const pointer.
  return io.Fonts->AddFontFromMemoryTTF(const_cast<unsigned char*>(font.data),
                                        static_cast<int>(font.size), size_px, &config);
}

void ApplyColors(ImGuiStyle& style) {
  ImVec4* c = style.Colors;
  const ImVec4 bg{0.085f, 0.09f, 0.11f, 1.0f};
  const ImVec4 raised{0.16f, 0.17f, 0.205f, 1.0f};
  const ImVec4 hover{0.22f, 0.235f, 0.28f, 1.0f};
  const ImVec4 accent = colors::kAccent;
  const ImVec4 accent_dim{accent.x, accent.y, accent.z, 0.55f};
  c[ImGuiCol_Text] = ImVec4(0.90f, 0.91f, 0.93f, 1.0f);
  c[ImGuiCol_TextDisabled] = colors::kMuted;
  c[ImGuiCol_WindowBg] = bg;
  c[ImGuiCol_ChildBg] = colors::kPanel;
  c[ImGuiCol_PopupBg] = ImVec4(0.12f, 0.13f, 0.16f, 0.98f);
  c[ImGuiCol_Border] = ImVec4(0.22f, 0.23f, 0.27f, 1.0f);
  c[ImGuiCol_BorderShadow] = ImVec4(0, 0, 0, 0);
  c[ImGuiCol_FrameBg] = raised;
  c[ImGuiCol_FrameBgHovered] = hover;
  c[ImGuiCol_FrameBgActive] = hover;
  c[ImGuiCol_TitleBg] = bg;
  c[ImGuiCol_TitleBgActive] = bg;
  c[ImGuiCol_MenuBarBg] = ImVec4(0.11f, 0.12f, 0.145f, 1.0f);
  c[ImGuiCol_ScrollbarBg] = ImVec4(0, 0, 0, 0);
  c[ImGuiCol_ScrollbarGrab] = ImVec4(0.28f, 0.29f, 0.34f, 1.0f);
  c[ImGuiCol_ScrollbarGrabHovered] = ImVec4(0.36f, 0.37f, 0.43f, 1.0f);
  c[ImGuiCol_ScrollbarGrabActive] = accent_dim;
  c[ImGuiCol_CheckMark] = accent;
  c[ImGuiCol_SliderGrab] = accent_dim;
  c[ImGuiCol_SliderGrabActive] = accent;
  c[ImGuiCol_Button] = raised;
  c[ImGuiCol_ButtonHovered] = hover;
  c[ImGuiCol_ButtonActive] = accent_dim;
  c[ImGuiCol_Header] = ImVec4(0.20f, 0.21f, 0.25f, 1.0f);
  c[ImGuiCol_HeaderHovered] = hover;
  c[ImGuiCol_HeaderActive] = accent_dim;
  c[ImGuiCol_Separator] = c[ImGuiCol_Border];
  c[ImGuiCol_Tab] = ImVec4(0, 0, 0, 0);
  c[ImGuiCol_TabHovered] = hover;
  c[ImGuiCol_TabActive] = raised;
  c[ImGuiCol_TabUnfocused] = c[ImGuiCol_Tab];
  c[ImGuiCol_TabUnfocusedActive] = raised;
  c[ImGuiCol_PlotHistogram] = accent;
  c[ImGuiCol_PlotHistogramHovered] = accent;
  c[ImGuiCol_TableHeaderBg] = ImVec4(0.13f, 0.14f, 0.17f, 1.0f);
  c[ImGuiCol_TableBorderStrong] = c[ImGuiCol_Border];
  c[ImGuiCol_TableBorderLight] = ImVec4(0.18f, 0.19f, 0.22f, 1.0f);
  c[ImGuiCol_TableRowBg] = ImVec4(0, 0, 0, 0);
  c[ImGuiCol_TableRowBgAlt] = ImVec4(1.0f, 1.0f, 1.0f, 0.025f);
  c[ImGuiCol_TextSelectedBg] = ImVec4(accent.x, accent.y, accent.z, 0.30f);
  c[ImGuiCol_NavHighlight] = accent;
}

}  // namespace

void ApplyTheme(float scale) {
  ImGuiIO& io = ImGui::GetIO();
  io.Fonts->Clear();
  g_fonts.body = AddFont(RegularFont(), kBodyPx * scale);
  g_fonts.bold = AddFont(BoldFont().size ? BoldFont() : RegularFont(), kBodyPx * scale);
  g_fonts.title = AddFont(BoldFont().size ? BoldFont() : RegularFont(), kTitlePx * scale);
  io.Fonts->Build();
  io.FontDefault = g_fonts.body;

  ImGuiStyle style;  // start from defaults so repeated scaling does not compound
  style.WindowPadding = ImVec2(16, 14);
  style.FramePadding = ImVec2(10, 5);
  style.CellPadding = ImVec2(8, 5);
  style.ItemSpacing = ImVec2(10, 8);
  style.ItemInnerSpacing = ImVec2(6, 4);
  style.ScrollbarSize = 12;
  style.WindowRounding = 0;
  style.ChildRounding = 6;
  style.FrameRounding = 4;
  style.PopupRounding = 4;
  style.ScrollbarRounding = 6;
  style.GrabRounding = 4;
  style.TabRounding = 4;
  style.WindowBorderSize = 0;
  style.ChildBorderSize = 1;
  style.FrameBorderSize = 0;
  ApplyColors(style);
  style.ScaleAllSizes(scale);
  ImGui::GetStyle() = style;
}

const ThemeFonts& Fonts() { return g_fonts; }

}  // namespace afterglow::ui
