// The one JSON string escaper: the API's writer (Jackson's output), the share feature's rewritten
// lines and HTML reports, and the wasm bridge's small JSON answers all escape through here.
#pragma once

#include <string>
#include <string_view>

namespace afterglow {

struct JsonEscapeOptions {
  // Jackson writes control characters as \u001F (upper case); the share feature's rewritten
  // lines have always used \u001f. Both parse to the same text.
  bool upper_hex = true;
  // '<', '>' and '&' as \u003c, \u003e, \u0026 as well: text inside an HTML <script> element can
  // then never close it.
  bool escape_html = false;
};

// Appends `text` to `out` as the inside of a JSON string (no quotes): '"' and '\' escaped, \b \f
// \n \r \t by their letters, other control characters as \u00XX. Bytes of UTF-8 sequences (0x80
// and up) are copied as they are.
void AppendJsonEscaped(std::string_view text, std::string& out, JsonEscapeOptions options = {});

// The same between double quotes.
inline void AppendJsonString(std::string_view text, std::string& out,
                             JsonEscapeOptions options = {}) {
  out += '"';
  AppendJsonEscaped(text, out, options);
  out += '"';
}

}  // namespace afterglow
