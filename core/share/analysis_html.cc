#include "core/share/analysis_html.h"

#include <cstdio>

#include "core/share/base64.h"
#include "core/share/json_strings.h"

namespace afterglow::share {

namespace {

constexpr std::string_view kBodyEnd = "</body>";

bool IsSpace(char c) { return c == ' ' || c == '\n' || c == '\r' || c == '\t'; }

void AppendString(std::string_view text, std::string* out) {
  AppendJsonString(text, *out, kShareHtmlEscapes);
}

}  // namespace

bool FindAnalysisElement(std::string_view html, size_t* begin, size_t* end, std::string_view* json) {
  const size_t body_end = html.rfind(kBodyEnd);
  if (body_end == std::string_view::npos) return false;
  // The element is the last thing before </body>; the page's own script may mention the tag's
  // text, so only an element ending there counts.
  size_t close = body_end;
  while (close > 0 && IsSpace(html[close - 1])) --close;
  if (close < kAnalysisCloseTag.size() ||
      html.substr(close - kAnalysisCloseTag.size(), kAnalysisCloseTag.size()) != kAnalysisCloseTag) {
    return false;
  }
  close -= kAnalysisCloseTag.size();
  const size_t open = html.rfind(kAnalysisOpenTag, close);
  if (open == std::string_view::npos) return false;
  const size_t content = open + kAnalysisOpenTag.size();
  // Our JSON never holds "</": a "</script>" in between would mean the match is not ours.
  if (html.substr(content, close - content).find("</") != std::string_view::npos) return false;
  *begin = open;
  *end = close + kAnalysisCloseTag.size();
  *json = html.substr(content, close - content);
  return true;
}

bool WriteAnalysisHtml(std::string_view template_html, const AnalysisContent& content,
                       std::string* html, std::string* error) {
  std::string_view before, after;
  size_t old_begin = 0, old_end = 0;
  std::string_view old_json;
  if (FindAnalysisElement(template_html, &old_begin, &old_end, &old_json)) {
    before = template_html.substr(0, old_begin);
    while (!before.empty() && IsSpace(before.back())) before.remove_suffix(1);
    after = template_html.substr(old_end);
    while (!after.empty() && IsSpace(after.front())) after.remove_prefix(1);
  } else {
    const size_t body_end = template_html.rfind(kBodyEnd);
    if (body_end == std::string_view::npos) {
      *error = "the viewer page has no </body>: is it afterglow-standalone.html?";
      return false;
    }
    before = template_html.substr(0, body_end);
    after = template_html.substr(body_end);
  }
  // One '\n' before the element whatever was there, so saving a saved analysis again gives the
  // same page as saving from the viewer.
  while (!before.empty() && IsSpace(before.back())) before.remove_suffix(1);
  size_t data_bytes = 0;
  for (const SavedFile& f : content.files) data_bytes += (f.zstd.size() + 2) / 3 * 4 + f.name.size() + 64;
  html->clear();
  html->reserve(template_html.size() + data_bytes + 256);
  html->append(before);
  html->push_back('\n');
  html->append(kAnalysisOpenTag);
  html->append("{\"version\":1,\"route\":");
  AppendString(content.route, html);
  html->append(content.redacted ? ",\"redacted\":true" : ",\"redacted\":false");
  html->append(",\"savedBy\":\"Afterglow\",\"files\":[");
  for (size_t i = 0; i < content.files.size(); ++i) {
    const SavedFile& f = content.files[i];
    if (i > 0) html->push_back(',');
    html->append("{\"name\":");
    AppendString(f.name, html);
    char bytes[48];
    std::snprintf(bytes, sizeof bytes, ",\"bytes\":%llu,\"data\":\"",
                  static_cast<unsigned long long>(f.bytes));
    html->append(bytes);
    AppendBase64(f.zstd, html);
    html->append("\"}");
  }
  html->append("]}");
  html->append(kAnalysisCloseTag);
  html->append(after);
  return true;
}

}  // namespace afterglow::share
