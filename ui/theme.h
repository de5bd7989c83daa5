// The look of the page: a dark palette with a warm accent, and fonts rasterised for the screen's
// pixel density. wasm/ calls ApplyTheme at start-up and whenever devicePixelRatio changes.
#pragma once

#include "imgui.h"

namespace afterglow::ui {

struct ThemeFonts {
  ImFont* body = nullptr;   // tables, labels
  ImFont* bold = nullptr;   // emphasis, table headers
  ImFont* title = nullptr;  // view titles and big numbers
};

// Rebuilds the font atlas and the style for `scale` device pixels per CSS pixel. The caller must
// re-upload the font texture afterwards (the renderer backend owns it).
void ApplyTheme(float scale);
const ThemeFonts& Fonts();

// Semantic colours the views share, so a status looks the same everywhere.
namespace colors {
inline const ImVec4 kAccent{0.98f, 0.62f, 0.26f, 1.0f};
inline const ImVec4 kSucceeded{0.40f, 0.78f, 0.45f, 1.0f};
inline const ImVec4 kRunning{0.38f, 0.65f, 0.98f, 1.0f};
inline const ImVec4 kFailed{0.94f, 0.36f, 0.36f, 1.0f};
inline const ImVec4 kMuted{0.56f, 0.58f, 0.63f, 1.0f};
inline const ImVec4 kPanel{0.115f, 0.125f, 0.15f, 1.0f};
}  // namespace colors

}  // namespace afterglow::ui
