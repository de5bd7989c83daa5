// One reader of the session's REST answers for the view models (jobs, executors, storage...):
// ask the session for a path, parse its JSON once, and read fields the way the History Server's
// JSON is written (a field left out when it is None, numbers as integers, dates as
// "2015-02-03T16:43:02.301GMT"). Errors come back as text the views print. Used when a model is
// built, never per frame.
#pragma once

#include <cstdint>
#include <functional>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "core/session.h"
#include "simdjson.h"
#include "ui/pages/api_path.h"

namespace afterglow::ui {

// One JSON object of an answer (a job, an executor, an RDD). A view into the ApiAnswer that made
// it: valid while that answer lives.
class ApiRow {
 public:
  explicit ApiRow(simdjson::dom::object object) : object_(object) {}

  bool Has(const char* key) const;
  // The integer at `key`, `fallback` when absent or not an integer.
  int64_t Int(const char* key, int64_t fallback = 0) const;
  // A count: the integer at `key` when it is 0..UINT32_MAX, else 0.
  uint32_t Count(const char* key) const;
  bool Bool(const char* key, bool fallback = false) const;
  // The string at `key`, "" when absent.
  std::string Text(const char* key) const;
  // True and the string when `key` holds one (an absent description is not an empty one).
  bool TextIf(const char* key, std::string* out) const;
  // The date at `key` as epoch ms; -1 when absent or malformed.
  int64_t Date(const char* key) const;
  // The object at `key` (peakMemoryMetrics, runtime...), nullopt when absent.
  std::optional<ApiRow> Object(const char* key) const;
  // The objects of the array at `key`; empty when absent.
  std::vector<ApiRow> Rows(const char* key) const;
  // The strings / integers of the array at `key` (other items skipped); empty when absent.
  std::vector<std::string> Texts(const char* key) const;
  std::vector<int64_t> Ints(const char* key) const;
  // The length of the array at `key`, 0 when absent.
  size_t ArraySize(const char* key) const;

  simdjson::dom::object json() const { return object_; }

 private:
  simdjson::dom::object object_;
};

// Reads the list answer to `path` (ApiAppBase(app) + "/stages") one item at a time: the session
// hands over each item's JSON alone (Session::ApiItems) and one parser, reused, parses it, so
// a model is built within the memory of the largest item instead of the whole answer and its
// parse (the /stages of a 1 GB log: 3 MB of JSON, about 40 MB parsed at once, which set the
// page's heap size for good). `row` sees each item that is an object, in the answer's order; the
// ApiRow is valid during the call only. Returns "" or why the answer could not be read ("404
// ...", "the `what` answer is not a JSON array"); rows seen before an error stay seen.
std::string ForEachApiItem(const Session& session, const std::string& path, const char* what,
                           const std::function<void(const ApiRow&)>& row);

// The session's answer to one API path, parsed.
class ApiAnswer {
 public:
  // Asks the session for `path` (ApiAppBase(app) + "/jobs") and parses a 200 answer.
  ApiAnswer(const Session& session, const std::string& path);
  ApiAnswer(const ApiAnswer&) = delete;
  ApiAnswer& operator=(const ApiAnswer&) = delete;

  int status() const { return status_; }
  // "" when the answer is 200 and JSON; else "404 no rdd found w/ id 9" or a parse error.
  const std::string& error() const { return error_; }
  // The rows of an array answer (items that are not objects skipped). Sets error() when the answer
  // is not an array ("the `what` answer is not a JSON array"); empty on any error.
  std::vector<ApiRow> Rows(const char* what);
  // The answer as one object; nullopt (and error() set) when it is not one.
  std::optional<ApiRow> Object(const char* what);

 private:
  int status_ = 0;
  std::string error_;
  simdjson::dom::parser parser_;
  simdjson::dom::element root_;
  bool parsed_ = false;
};

}  // namespace afterglow::ui
