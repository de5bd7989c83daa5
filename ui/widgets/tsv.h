// Tables copied as TSV: every view's "Copy TSV" builds the text from its view model (all rows in
// the table's current order and filter, not just the visible ones) with this writer, then hands it
// to ImGui::SetClipboardText, which the page routes to the browser's clipboard.
#pragma once

#include <cstdint>
#include <string>
#include <string_view>

namespace afterglow::ui {

class TsvWriter {
 public:
  // A cell's text; tabs and line breaks inside it become spaces so the table's shape survives.
  void Cell(std::string_view text);
  void Cell(int64_t value);
  void EndRow();
  const std::string& text() const { return text_; }

 private:
  std::string text_;
  bool row_started_ = false;
};

}  // namespace afterglow::ui
