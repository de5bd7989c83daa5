// Targets for what reads text other than events: the redactor's two passes over a log's lines,
// and the REST router with its query parameters over a loaded log.
#include <sstream>
#include <string>
#include <vector>

#include "core/base/read_padding.h"
#include "core/session.h"
#include "core/share/redactor.h"
#include "simdjson.h"
#include "tests/fuzz/fuzz_inputs.h"
#include "tests/fuzz/fuzz_target.h"

namespace afterglow::fuzz {
namespace text_targets {

bool IsJson(const std::string& text) {
  static simdjson::dom::parser parser;
  simdjson::dom::element element;
  return parser.parse(text).get(element) == simdjson::SUCCESS;
}

// One loaded log for the router to answer from (the corpus's smallest, or a hand-written one).
const Session& LoadedSession() {
  static const Session* session = [] {
    auto* loaded = new Session;
    SeedWriter corpus(AFTERGLOW_CORPUS_DIR, "");
    std::string log = corpus.Corpus("spark/spark-events/local-1430917381535_1");
    if (log.empty()) Fail("the corpus log the router target reads is missing");
    loaded->BeginFile("local-1430917381535_1", log.size());
    log.resize(log.size() + kReadPadding);
    loaded->PushBytes(reinterpret_cast<const uint8_t*>(log.data()), log.size() - kReadPadding);
    loaded->EndFile();
    return loaded;
  }();
  return *session;
}

}  // namespace text_targets

// Each line is scanned, then rewritten; a line that is JSON must stay JSON.
void FuzzRedactor(const uint8_t* data, size_t size) {
  std::vector<std::string> lines;
  std::istringstream in(std::string(reinterpret_cast<const char*>(data), size));
  for (std::string line; std::getline(in, line);) lines.push_back(line);
  share::Redactor redactor;
  for (const std::string& line : lines) redactor.ScanLine(line);
  std::string out;
  for (const std::string& line : lines) {
    redactor.RewriteLine(line, &out);
    if (text_targets::IsJson(line) && !text_targets::IsJson(out)) {
      Fail("a JSON line was rewritten into something that is not JSON");
    }
  }
}
void SeedRedactor(SeedWriter& out) {
  for (const auto& [name, text] : SmallLogs(out)) out.Write(name, text);
}

void FuzzRouter(const uint8_t* data, size_t size) {
  const Session& session = text_targets::LoadedSession();
  const std::string path(reinterpret_cast<const char*>(data), size);
  const ApiResponse response = session.Api(path);
  if (response.status == 200 && !text_targets::IsJson(response.body)) Fail("a 200 answer is not JSON");
  size_t items = 0;
  session.ApiItems(path, [&](std::string_view) { ++items; });
}
void SeedRouter(SeedWriter& out) {
  const std::string app = "/api/v1/applications/local-1430917381535/1/";
  const char* const kPaths[] = {
      "jobs", "jobs/0", "jobs?status=succeeded", "stages", "stages?details=true&withSummaries=true",
      "stages/0", "stages/0/0", "stages/0/0/taskSummary?quantiles=0.01,0.5,0.99",
      "stages/0/0/taskList?offset=1&length=2&sortBy=-runtime", "stages?status=complete&taskStatus=SUCCESS",
      "executors", "allexecutors", "storage/rdd", "environment", "allmiscellaneousprocess", "sql",
      "sql?details=true&offset=0&length=5", "diagnostics", "threads?executorId=driver"};
  int n = 0;
  for (const char* path : kPaths) out.Write("path-" + std::to_string(n++), app + path);
  out.Write("list", "/api/v1/applications?status=completed&limit=3&minDate=2015-01-01");
  out.Write("version", "/api/v1/version");
}

}  // namespace afterglow::fuzz
