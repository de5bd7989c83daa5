#include "ui/widgets/small_table_filter.h"

#include "imgui.h"
#include "ui/widgets/format.h"
#include "ui/widgets/table_text.h"
#include "ui/widgets/theme.h"
#include "ui/widgets/widgets.h"

namespace afterglow::ui {

bool SmallTableFilter::Shows(std::initializer_list<std::string_view> cells) const {
  const std::string_view needle(text);
  if (needle.empty()) return true;
  for (std::string_view cell : cells) {
    if (ContainsIgnoreCase(cell, needle)) return true;
  }
  return false;
}

SmallTableClicks DrawSmallTableToolbar(const char* id, const char* hint,
                                       SmallTableFilter& filter, size_t shown, size_t total,
                                       const char* rows_noun) {
  SmallTableClicks clicks;
  ImGui::PushID(id);
  const float em = ImGui::GetFontSize();
  clicks.filter_changed = SearchBox("##filter", hint, filter.text, sizeof filter.text, em * 16,
                                    SearchBoxRole::kSmallTable);
  ImGui::SameLine(0, em);
  clicks.copy = CopyTsvButton("tsv");
  ImGui::SameLine(0, em);
  char shown_text[32], total_text[32];
  ImGui::TextColored(colors::kMuted, "%s of %s %s", FormatCount(shown, shown_text, sizeof shown_text),
                     FormatCount(total, total_text, sizeof total_text), rows_noun);
  ImGui::PopID();
  return clicks;
}

}  // namespace afterglow::ui
