// How the graph view models (ui/graph/rdd_dag_model.h, ui/pages/sql/sql_plan_graph_model.h) measure their labels,
// so each node box is sized from the text drawn in it. The page passes the drawn fonts' metrics
// (ui/graph/graph_view.h GraphTextMeasure()); tests pass a fixed width per character. ImGui-free.
#pragma once

#include <functional>
#include <string>
#include <string_view>

namespace afterglow::ui {

struct TextMeasure {
  float line_height = 16.0f;  // one text row, layout units
  // Width of one line of `text` in layout units, in the bold font or the body font. Empty: an
  // estimate of 0.55 em per character (0.6 em bold), for callers that have no fonts.
  std::function<float(std::string_view text, bool bold)> width;

  TextMeasure() = default;
  // Implicit on purpose: callers that only know the row height get the estimate.
  TextMeasure(float row_height) : line_height(row_height) {}  // NOLINT(google-explicit-constructor)

  float Width(std::string_view text, bool bold) const;
};

// `text` (one line) as drawn in at most `max_width`: whole when it fits, else cut on a character
// boundary with "..." appended. Sets `*elided` (may be null) to whether it was cut.
std::string ElideToWidth(const TextMeasure& measure, std::string_view text, bool bold,
                         float max_width, bool* elided);

}  // namespace afterglow::ui
