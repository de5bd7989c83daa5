// The one door into the engine for its faces: the CLI, the wasm bridge and the tests. A session
// takes log files as streams of bytes (any chunk sizes), builds the application models, and
// answers read-only queries. Nothing here knows about files on disk: core/load/ walks folders
// and feeds a session natively; the page's JavaScript feeds it through wasm/.
#pragma once

#include <cstdint>
#include <functional>
#include <memory>
#include <string>
#include <string_view>
#include <vector>

#include "core/api/api_response.h"
#include "core/base/load_counters.h"
#include "core/base/load_problem.h"

namespace afterglow {

struct AttemptModel;
class StringPool;

// What `afterglow summary` and the page's overview print for one application attempt.
struct AttemptSummary {
  std::string app_id;
  std::string attempt_id;       // "" when the log has none
  std::string name;
  std::string spark_version;
  std::string user;
  int64_t start_ms = -1;        // epoch milliseconds; -1 when unknown
  int64_t end_ms = -1;          // -1 when the log has no ApplicationEnd
  bool completed = false;
  uint64_t jobs = 0;
  uint64_t stage_attempts = 0;
  uint64_t finished_tasks = 0;  // task attempts with a TaskEnd
  uint64_t executors = 0;       // excluding the driver
  LoadCounters counters;        // what reading its log counted (core/base/load_counters.h)
  size_t model_index = 0;       // the attempt's model: Session::model(model_index)
};

class Session {
 public:
  Session();
  ~Session();
  Session(const Session&) = delete;
  Session& operator=(const Session&) = delete;

  // Streams one log file. `name` is its path as the user gave it (a file name, or a path under a
  // dropped folder); its extension selects the codec. Every buffer passed to PushBytes must have
  // kReadPadding (core/base/read_padding.h) readable bytes after data + size.
  void BeginFile(std::string_view name, uint64_t size_bytes);
  void PushBytes(const uint8_t* data, size_t size);
  void EndFile();

  // --- One log stored as several files -----------------------------------------------------------
  // A rolling `eventlog_v2_*` folder, a Databricks folder of rolled parts, or a Spark 1.x folder
  // holds ONE log in several files, which must build ONE model. BeginLog starts that model (it ends
  // any open file); each BeginPart ends the previous part's stream (its decompressor and line
  // splitter) and starts the next one, feeding the same model as if the parts were one file;
  // PushBytes feeds the current part; EndFile ends the last part and the log.
  // `log_name` names the log (its folder). `in_progress` comes from the folder's marker, not from
  // a part's name; it also lets the last part end mid-frame. `codec` overrides the codec the
  // part's name implies ("" keeps it; Spark 1.x names it in a COMPRESSION_CODEC_ marker, e.g.
  // "org.apache.spark.io.LZFCompressionCodec"). A problem in a part names the part.
  void BeginLog(std::string_view log_name, bool in_progress);
  void BeginPart(std::string_view part_name, uint64_t size_bytes, std::string_view codec = "");
  // A problem found outside any byte stream (a zip or folder that is not what it claims, a file
  // that cannot be read). Kept with the others in problems().
  void AddProblem(LoadProblem problem);

  // Queries over everything loaded so far (also valid mid-load, showing partial results).
  ApiResponse Api(std::string_view path_and_query) const;  // e.g. "/api/v1/applications?limit=3"
  // The same answer, but the items of a list answer (jobs, stages, allexecutors, sql) are handed
  // to `item` one at a time, each as its own JSON text valid during the call, and never held
  // together: the page's list models read long lists this way. The body is then only what is
  // left of the array's brackets; other answers (errors, objects) come back whole in the body.
  ApiResponse ApiItems(std::string_view path_and_query,
                       const std::function<void(std::string_view item)>& item) const;
  std::vector<AttemptSummary> Summaries() const;
  const std::vector<LoadProblem>& problems() const;
  uint64_t bytes_read() const;  // bytes pushed so far, as stored (compressed)
  // True when the current file stopped on an error (corrupt data, an overlong line): what is
  // pushed now is ignored, so a reader may stop reading and inflating it.
  bool FileStopped() const;

  // Read-only views of the models for the typed rows of core/query/ (which the page's models
  // read): the model of AttemptSummary::model_index (null when out of range), every model in
  // load order, and the string pool their string ids and the rows' views point into.
  const AttemptModel* model(size_t model_index) const;
  std::vector<const AttemptModel*> models() const;
  const StringPool& strings() const;

  struct Impl;  // core/session_impl.h: what the session holds, for core/ only

 private:
  std::unique_ptr<Impl> impl_;
};

}  // namespace afterglow
