// Free text (descriptions, names, error messages) as the tables treat it: shown on one line in a
// fixed-height row, and matched by the search boxes in any case. One place, so every table cuts
// and matches text the same way.
#pragma once

#include <string>
#include <string_view>

namespace afterglow::ui {

// `text` on one line: line breaks and tabs become spaces, leading breaks and spaces go. Streaming
// batches describe themselves on several lines ("\nid = ...\nrunId = ...\nbatch = 7"); a table
// row of one text line shows them joined. Called when a model is built, never per frame.
std::string OneLine(std::string_view text);

// True when `needle` occurs in `haystack`, comparing ASCII letters in any case; true for "".
bool ContainsIgnoreCase(std::string_view haystack, std::string_view needle);

// `text` with ASCII letters lower-cased: a model keeps its rows' search text in this form once, so
// a search compares without converting every row again.
std::string Lower(std::string_view text);

}  // namespace afterglow::ui
