#include "core/base/json_escape.h"

#include <gtest/gtest.h>

#include <string>

namespace afterglow {
namespace {

std::string Escaped(std::string_view text, JsonEscapeOptions options = {}) {
  std::string out;
  AppendJsonEscaped(text, out, options);
  return out;
}

// The escapes, one character at a time: what the eight-byte scan must agree with.
std::string EscapedOneByOne(std::string_view text, JsonEscapeOptions options) {
  const char* hex = options.upper_hex ? "0123456789ABCDEF" : "0123456789abcdef";
  std::string out;
  for (char c : text) {
    const unsigned char u = static_cast<unsigned char>(c);
    if (c == '"') out += "\\\"";
    else if (c == '\\') out += "\\\\";
    else if (c == '\n') out += "\\n";
    else if (c == '\r') out += "\\r";
    else if (c == '\t') out += "\\t";
    else if (c == '\b') out += "\\b";
    else if (c == '\f') out += "\\f";
    else if (u < 0x20 || (options.escape_html && (c == '<' || c == '>' || c == '&'))) {
      out += "\\u00";
      out += hex[u >> 4];
      out += hex[u & 15];
    } else {
      out += c;
    }
  }
  return out;
}

TEST(JsonEscape, ShortEscapesByLetterOtherControlsInTheChosenHexCase) {
  EXPECT_EQ(Escaped("a\"b\\c\nd\re\tf\bg\fh"), "a\\\"b\\\\c\\nd\\re\\tf\\bg\\fh");
  EXPECT_EQ(Escaped("\x1f"), "\\u001F");
  EXPECT_EQ(Escaped("\x1f", {.upper_hex = false}), "\\u001f");
  EXPECT_EQ(Escaped(std::string_view("\0", 1)), "\\u0000");
}

TEST(JsonEscape, HtmlCharactersOnlyWhenAsked) {
  EXPECT_EQ(Escaped("</script>&"), "</script>&");
  EXPECT_EQ(Escaped("</script>&", {.escape_html = true}), "\\u003C/script\\u003E\\u0026");
  EXPECT_EQ(Escaped("</script>&", {.upper_hex = false, .escape_html = true}),
            "\\u003c/script\\u003e\\u0026");
}

TEST(JsonEscape, Utf8BytesPassUnchanged) {
  EXPECT_EQ(Escaped("caf\xc3\xa9 \xe2\x82\xac \xf0\x9f\x98\x80"),
            "caf\xc3\xa9 \xe2\x82\xac \xf0\x9f\x98\x80");
}

TEST(JsonEscape, EveryByteAtEveryPositionOfALongRunMatchesTheByteByByteEscapes) {
  const JsonEscapeOptions styles[] = {{}, {.upper_hex = false}, {.escape_html = true}};
  for (const JsonEscapeOptions& style : styles) {
    for (int byte = 0; byte < 256; ++byte) {
      for (size_t at = 0; at < 19; ++at) {
        std::string text(19, 'x');
        text[at] = static_cast<char>(byte);
        ASSERT_EQ(Escaped(text, style), EscapedOneByOne(text, style))
            << "byte " << byte << " at " << at;
      }
    }
  }
}

TEST(JsonEscape, StringAddsTheQuotes) {
  std::string out = "x";
  AppendJsonString("a\"b", out);
  EXPECT_EQ(out, "x\"a\\\"b\"");
}

}  // namespace
}  // namespace afterglow
