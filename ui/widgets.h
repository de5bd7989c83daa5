// Small drawing helpers the views share, so the same thing looks the same in every view.
#pragma once

#include <cstdint>

#include "imgui.h"

namespace afterglow::ui {

// A header navigation entry: text with an accent underline when active. True when clicked.
bool NavTab(const char* label, bool active);

// A panel with a small caption above a large value ("Jobs" / "1,234").
void StatCard(const char* caption, const char* value, float width);

// A bar of done/total with failed work in red and a text overlay, filling the available width.
void ProgressCell(uint32_t done, uint32_t total, uint32_t failed, const char* overlay);

// A section title in the bold font with a thin rule under it.
void SectionTitle(const char* text);

// Text centred horizontally in the current content region.
void CenteredText(const char* text, ImFont* font = nullptr, ImVec4 color = ImVec4(0, 0, 0, 0));

}  // namespace afterglow::ui
