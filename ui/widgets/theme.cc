#include "ui/widgets/theme.h"

#include "ui/widgets/embedded_fonts.h"

namespace afterglow::ui {
namespace {

// Sizes in CSS pixels; multiplied by the device pixel ratio so text is rasterised at the
// screen's resolution instead of being scaled up blurry.
constexpr float kBodyPx = 15.0f;
constexpr float kTitlePx = 22.0f;

ThemeFonts g_fonts;
float g_scale = 1;

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

// The neutral surfaces of a theme; the semantic colours come from its Palette.
struct Surfaces {
  ImVec4 text, window, raised, hover, popup, border, menu_bar, scrollbar_grab, scrollbar_hovered,
      header, table_header, table_border_light, row_alt;
};

const Surfaces kDarkSurfaces{
    {0.90f, 0.91f, 0.93f, 1.0f},  {0.085f, 0.09f, 0.11f, 1.0f}, {0.16f, 0.17f, 0.205f, 1.0f},
    {0.22f, 0.235f, 0.28f, 1.0f}, {0.12f, 0.13f, 0.16f, 0.98f}, {0.22f, 0.23f, 0.27f, 1.0f},
    {0.11f, 0.12f, 0.145f, 1.0f}, {0.28f, 0.29f, 0.34f, 1.0f},  {0.36f, 0.37f, 0.43f, 1.0f},
    {0.20f, 0.21f, 0.25f, 1.0f},  {0.13f, 0.14f, 0.17f, 1.0f},  {0.18f, 0.19f, 0.22f, 1.0f},
    {1.0f, 1.0f, 1.0f, 0.025f}};

// Darker status colours than the dark theme's, so they keep a 4.5:1 contrast on white.
const Palette kLightPalette{{0.80f, 0.40f, 0.02f, 1.0f}, {0.13f, 0.52f, 0.22f, 1.0f},
                            {0.08f, 0.38f, 0.80f, 1.0f}, {0.78f, 0.15f, 0.15f, 1.0f},
                            {0.38f, 0.40f, 0.45f, 1.0f}, {1.0f, 1.0f, 1.0f, 1.0f},
                            {0.0f, 0.0f, 0.0f, 0.09f},   {0.08f, 0.08f, 0.10f, 1.0f}};
const Surfaces kLightSurfaces{
    {0.11f, 0.12f, 0.14f, 1.0f},  {0.955f, 0.96f, 0.968f, 1.0f}, {0.89f, 0.90f, 0.915f, 1.0f},
    {0.83f, 0.845f, 0.87f, 1.0f}, {1.0f, 1.0f, 1.0f, 0.99f},     {0.80f, 0.81f, 0.84f, 1.0f},
    {1.0f, 1.0f, 1.0f, 1.0f},     {0.74f, 0.75f, 0.78f, 1.0f},   {0.64f, 0.65f, 0.69f, 1.0f},
    {0.88f, 0.89f, 0.91f, 1.0f},  {0.925f, 0.93f, 0.945f, 1.0f}, {0.88f, 0.885f, 0.90f, 1.0f},
    {0.0f, 0.0f, 0.0f, 0.03f}};

ThemeMode g_mode = ThemeMode::kDark;

void ApplyColors(ImGuiStyle& style, ThemeMode mode) {
  const Palette& palette = PaletteFor(mode);
  const Surfaces& s = mode == ThemeMode::kLight ? kLightSurfaces : kDarkSurfaces;
  ImVec4* c = style.Colors;
  const ImVec4 accent = palette.accent;
  const ImVec4 accent_dim{accent.x, accent.y, accent.z, 0.55f};
  c[ImGuiCol_Text] = s.text;
  c[ImGuiCol_TextDisabled] = palette.muted;
  c[ImGuiCol_WindowBg] = s.window;
  c[ImGuiCol_ChildBg] = palette.panel;
  c[ImGuiCol_PopupBg] = s.popup;
  c[ImGuiCol_Border] = s.border;
  c[ImGuiCol_BorderShadow] = ImVec4(0, 0, 0, 0);
  c[ImGuiCol_FrameBg] = s.raised;
  c[ImGuiCol_FrameBgHovered] = s.hover;
  c[ImGuiCol_FrameBgActive] = s.hover;
  c[ImGuiCol_TitleBg] = s.window;
  c[ImGuiCol_TitleBgActive] = s.window;
  c[ImGuiCol_MenuBarBg] = s.menu_bar;
  c[ImGuiCol_ScrollbarBg] = ImVec4(0, 0, 0, 0);
  c[ImGuiCol_ScrollbarGrab] = s.scrollbar_grab;
  c[ImGuiCol_ScrollbarGrabHovered] = s.scrollbar_hovered;
  c[ImGuiCol_ScrollbarGrabActive] = accent_dim;
  c[ImGuiCol_CheckMark] = accent;
  c[ImGuiCol_SliderGrab] = accent_dim;
  c[ImGuiCol_SliderGrabActive] = accent;
  c[ImGuiCol_Button] = s.raised;
  c[ImGuiCol_ButtonHovered] = s.hover;
  c[ImGuiCol_ButtonActive] = accent_dim;
  c[ImGuiCol_Header] = s.header;
  c[ImGuiCol_HeaderHovered] = s.hover;
  c[ImGuiCol_HeaderActive] = accent_dim;
  c[ImGuiCol_Separator] = s.border;
  c[ImGuiCol_SeparatorHovered] = s.scrollbar_hovered;
  c[ImGuiCol_SeparatorActive] = accent;
  c[ImGuiCol_ResizeGrip] = ImVec4(0, 0, 0, 0);
  c[ImGuiCol_ResizeGripHovered] = accent_dim;
  c[ImGuiCol_ResizeGripActive] = accent;
  c[ImGuiCol_Tab] = ImVec4(0, 0, 0, 0);
  c[ImGuiCol_TabHovered] = s.hover;
  c[ImGuiCol_TabActive] = s.raised;
  c[ImGuiCol_TabUnfocused] = c[ImGuiCol_Tab];
  c[ImGuiCol_TabUnfocusedActive] = s.raised;
  c[ImGuiCol_PlotLines] = palette.running;
  c[ImGuiCol_PlotLinesHovered] = accent;
  c[ImGuiCol_PlotHistogram] = accent;
  c[ImGuiCol_PlotHistogramHovered] = accent;
  c[ImGuiCol_TableHeaderBg] = s.table_header;
  c[ImGuiCol_TableBorderStrong] = s.border;
  c[ImGuiCol_TableBorderLight] = s.table_border_light;
  c[ImGuiCol_TableRowBg] = ImVec4(0, 0, 0, 0);
  c[ImGuiCol_TableRowBgAlt] = s.row_alt;
  c[ImGuiCol_TextSelectedBg] = ImVec4(accent.x, accent.y, accent.z, 0.30f);
  c[ImGuiCol_DragDropTarget] = accent;
  c[ImGuiCol_NavHighlight] = accent;
  c[ImGuiCol_NavWindowingHighlight] = accent;
  c[ImGuiCol_NavWindowingDimBg] = ImVec4(0, 0, 0, 0.2f);
  c[ImGuiCol_ModalWindowDimBg] = ImVec4(0, 0, 0, mode == ThemeMode::kLight ? 0.2f : 0.45f);
}

}  // namespace

void ApplyTheme(float scale) {
  g_scale = scale;
  ImGuiIO& io = ImGui::GetIO();
  io.Fonts->Clear();
  g_fonts.body = AddFont(RegularFont(), kBodyPx * scale);
  g_fonts.bold = AddFont(BoldFont().size ? BoldFont() : RegularFont(), kBodyPx * scale);
  g_fonts.title = AddFont(BoldFont().size ? BoldFont() : RegularFont(), kTitlePx * scale);
  g_fonts.mono = AddFont(MonoFont().size ? MonoFont() : RegularFont(), kBodyPx * scale);
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
  ApplyColors(style, g_mode);
  style.ScaleAllSizes(scale);
  ImGui::GetStyle() = style;
}

const ThemeFonts& Fonts() { return g_fonts; }

float ThemeScale() { return g_scale; }

const Palette& PaletteFor(ThemeMode mode) {
  return mode == ThemeMode::kLight ? kLightPalette : detail::kDarkPalette;
}

void SetThemeMode(ThemeMode mode) {
  g_mode = mode;
  detail::g_current_palette = PaletteFor(mode);
  // Only the colours change: sizes stay scaled for the screen and the atlas stays as built.
  if (ImGui::GetCurrentContext() != nullptr) ApplyColors(ImGui::GetStyle(), mode);
}

ThemeMode CurrentThemeMode() { return g_mode; }

}  // namespace afterglow::ui
