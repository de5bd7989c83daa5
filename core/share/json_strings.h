// Every string of one JSON text (one event-log line), with where it sits: the member key of its
// object (for an array's elements, the key that holds the array) and the key its object sits
// under. A walk may replace strings; everything else is copied byte for byte, so a rewritten line
// keeps its structure, numbers and key order. Escapes are decoded before a visitor sees a string
// (\" \\ \/ \b \f \n \r \t \uXXXX with surrogate pairs; a lone surrogate reads as U+FFFD) and a
// replacement is encoded again with the minimal escapes.
#pragma once

#include <string>
#include <string_view>
#include <vector>

#include "core/base/json_escape.h"

namespace afterglow::share {

struct JsonStringPlace {
  bool is_key = false;
  std::string_view key;         // the member's key ("" at the top level); "" for a key itself
  std::string_view parent_key;  // the key the enclosing object sits under ("" at the top)
};

class JsonStringVisitor {
 public:
  virtual ~JsonStringVisitor() = default;
  // `text` is the decoded string. To change it, write the new (unescaped) text to *replacement
  // and return true. `replacement` is null in a walk that only reads.
  virtual bool OnString(std::string_view text, const JsonStringPlace& place,
                        std::string* replacement) = 0;
};

class JsonStringWalker {
 public:
  // Walks `json`; with `out`, appends the rewritten text to it. False when the text is not
  // well-formed as far as strings and nesting go (an unterminated string or escape, unbalanced
  // brackets); the visitor may have seen some strings, and `out` holds a partial copy.
  bool Walk(std::string_view json, JsonStringVisitor& visitor, std::string* out);

 private:
  struct Frame {
    bool object = false;
    bool expect_key = false;
    std::string key;        // objects: the current member's key
    std::string own_key;    // the key this container sits under
    std::string outer_key;  // the key the enclosing object sits under
  };

  std::vector<Frame> frames_;  // reused between lines (no allocation per line once warm)
  size_t depth_ = 0;
  std::string decoded_;
  std::string replacement_;
};

// The share feature's escapes (core/base/json_escape.h) in lower-case hex, as its rewritten lines
// and reports have always been written; with HTML's '<', '>' and '&' escaped for text that goes
// inside a <script> element.
inline constexpr JsonEscapeOptions kShareEscapes{.upper_hex = false};
inline constexpr JsonEscapeOptions kShareHtmlEscapes{.upper_hex = false, .escape_html = true};

}  // namespace afterglow::share
