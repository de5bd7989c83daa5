// The saved analysis: the single-file viewer (afterglow-standalone.html) with the logs inside it,
// as one element right before the page's last </body> (the contract in the page's boot code):
//   <script type="application/x-afterglow-analysis" id="afterglow-analysis">JSON</script>
//   JSON = {"version":1,"route":"#/...","redacted":bool,"savedBy":"Afterglow",
//           "files":[{"name":"<relative path>","bytes":<decompressed length>,"data":"<base64>"}]}
// `data` is base64 of the zstd frame(s) of the log text (empty for a folder's marker files). '<',
// '>' and '&' inside JSON strings are written as \u003c, \u003e, \u0026, so the text can never
// close the element. A non-executable script type is data under any Content-Security-Policy.
#pragma once

#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

namespace afterglow::share {

inline constexpr std::string_view kAnalysisOpenTag =
    "<script type=\"application/x-afterglow-analysis\" id=\"afterglow-analysis\">";
inline constexpr std::string_view kAnalysisCloseTag = "</script>";

struct SavedFile {
  std::string name;           // '/'-separated path relative to what was opened
  uint64_t bytes = 0;         // the log text's length
  std::string_view zstd;      // its zstd frame(s); valid while the writer runs
};

struct AnalysisContent {
  std::string route;  // "#/overview", ...
  bool redacted = false;
  std::vector<SavedFile> files;
};

// Writes the saved page: `template_html` with any analysis element already in it removed (saving
// from a saved analysis) and `content` inserted before its last </body>. False with `error` when
// the template has no </body>.
bool WriteAnalysisHtml(std::string_view template_html, const AnalysisContent& content,
                       std::string* html, std::string* error);

// Where the analysis element of `html` is: [begin, end) spans the element, `json` its content.
// False when the page holds none (it must end right before the last </body>).
bool FindAnalysisElement(std::string_view html, size_t* begin, size_t* end, std::string_view* json);

}  // namespace afterglow::share
