// Small drawing helpers the views share, so the same thing looks the same in every view.
// Keyboard control of a view's main table (arrows select, Enter opens) is in ui/app/keyboard.h;
// fonts (Fonts().mono for plan text and ids) and the theme's colours (colors::k*) in ui/widgets/theme.h.
#pragma once

#include <cstddef>
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

// A small "Copy TSV" button; true when clicked (the caller builds the TSV from its model with
// ui/widgets/tsv.h and passes it to ImGui::SetClipboardText).
bool CopyTsvButton(const char* id);

// A filter text box. '/' anywhere on the page (outside another text box) focuses the first search
// box drawn in the frame that is in view, as in GitHub and Gmail; a small table's box only while
// no main table's box is in view. True when the text changed.
enum class SearchBoxRole { kMainTable, kSmallTable };
bool SearchBox(const char* id, const char* hint, char* buffer, size_t size, float width,
               SearchBoxRole role = SearchBoxRole::kMainTable);

// A link in the text colour of links: true when clicked. Views navigate with Navigate() on it.
bool LinkText(const char* text);

// Text centred horizontally in the current content region.
void CenteredText(const char* text, ImFont* font = nullptr, ImVec4 color = ImVec4(0, 0, 0, 0));

// One choice of a row of mutually exclusive filters ("All (12)", "Failed (1)"): a small button,
// filled in the accent colour when active. True when clicked.
bool FilterChip(const char* label, bool active);

}  // namespace afterglow::ui
