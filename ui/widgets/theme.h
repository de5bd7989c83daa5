// The look of the page: a dark and a light palette sharing one warm accent, and fonts rasterised
// for the screen's pixel density. wasm/ calls ApplyTheme at start-up and whenever
// devicePixelRatio changes, and SetThemeMode when the user (or the system) picks a theme.
#pragma once

#include "imgui.h"

namespace afterglow::ui {

struct ThemeFonts {
  ImFont* body = nullptr;   // tables, labels
  ImFont* bold = nullptr;   // emphasis, table headers
  ImFont* title = nullptr;  // view titles and big numbers
  ImFont* mono = nullptr;   // plan text, ids and code-like values, at the body size
};

enum class ThemeMode { kDark, kLight };

// The semantic colours the views share, so a status looks the same everywhere. One palette per
// theme; each colour must read well on both the window and the panel background of its theme.
struct Palette {
  ImVec4 accent;     // brand, active tab, primary actions
  ImVec4 succeeded;  // succeeded jobs, stages and tasks
  ImVec4 running;    // running work; also links
  ImVec4 failed;     // failed work, errors
  ImVec4 muted;      // secondary text
  ImVec4 panel;      // the background of cards and child panels
  ImVec4 grid;       // faint lines over data (timeline grids, lane separators)
  ImVec4 on_bar;     // text drawn on a coloured bar (timeline labels)
};

// Rebuilds the font atlas and the style for `scale` device pixels per CSS pixel, in the current
// theme's colours. The caller must re-upload the font texture afterwards (the renderer backend
// owns it).
void ApplyTheme(float scale);
const ThemeFonts& Fonts();
// The `scale` of the last ApplyTheme (device pixels per CSS pixel), 1 before it.
float ThemeScale();

// Switches the palette and the style's colours; sizes and fonts are kept (no atlas rebuild).
void SetThemeMode(ThemeMode mode);
ThemeMode CurrentThemeMode();
const Palette& PaletteFor(ThemeMode mode);

namespace detail {
// The dark palette, and the current theme's palette that colors::k* below refer into. The current
// one starts dark; both are set during static initialisation (ImVec4 has no constexpr
// constructor), so no static initialiser may read a colour.
inline const Palette kDarkPalette{{0.98f, 0.62f, 0.26f, 1.0f}, {0.40f, 0.78f, 0.45f, 1.0f},
                                  {0.38f, 0.65f, 0.98f, 1.0f}, {0.94f, 0.36f, 0.36f, 1.0f},
                                  {0.56f, 0.58f, 0.63f, 1.0f}, {0.115f, 0.125f, 0.15f, 1.0f},
                                  {1.0f, 1.0f, 1.0f, 0.08f},   {0.08f, 0.08f, 0.10f, 1.0f}};
inline Palette g_current_palette = kDarkPalette;
}  // namespace detail

// The current theme's semantic colours by name. References, not copies: they follow
// SetThemeMode, so read them when drawing (never cache one in a static).
namespace colors {
inline const ImVec4& kAccent = detail::g_current_palette.accent;
inline const ImVec4& kSucceeded = detail::g_current_palette.succeeded;
inline const ImVec4& kRunning = detail::g_current_palette.running;
inline const ImVec4& kFailed = detail::g_current_palette.failed;
inline const ImVec4& kMuted = detail::g_current_palette.muted;
inline const ImVec4& kPanel = detail::g_current_palette.panel;
inline const ImVec4& kGrid = detail::g_current_palette.grid;
inline const ImVec4& kOnBar = detail::g_current_palette.on_bar;
}  // namespace colors

}  // namespace afterglow::ui
