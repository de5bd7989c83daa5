#include "ui/widgets/tsv.h"

namespace afterglow::ui {

void TsvWriter::Cell(std::string_view text) {
  if (row_started_) text_ += '\t';
  row_started_ = true;
  for (char c : text) text_ += (c == '\t' || c == '\n' || c == '\r') ? ' ' : c;
}

void TsvWriter::Cell(int64_t value) { Cell(std::to_string(value)); }

void TsvWriter::EndRow() {
  text_ += '\n';
  row_started_ = false;
}

}  // namespace afterglow::ui
