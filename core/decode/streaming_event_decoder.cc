#include "core/decode/streaming_event_decoder.h"

#include <string_view>

#include "core/decode/json_fields.h"

namespace afterglow {
namespace {

namespace od = simdjson::ondemand;
using json::ForEachElement;
using json::ForEachField;
using json::ForEachObjectField;
using json::ReadInt64;
using json::ReadJavaDouble;
using json::ReadOptText;
using json::ReadStringOrEmpty;
using simdjson::error_code;
using simdjson::SUCCESS;

// Which of the fields that identify a streaming query run were present; an event without all of
// them is dropped, as Spark's listener cannot place it.
struct QueryIdentitySeen {
  bool id = false;
  bool run_id = false;
  bool timestamp = false;
  bool all() const { return id && run_id && timestamp; }
};

// Reads `key` into `e` when it is one of the fields shared by QueryStartedEvent and a progress
// report (id, runId, name, timestamp); `handled` says whether it was.
template <typename QueryEvent>
error_code ReadQueryIdentityField(std::string_view key, od::value v, StringPool& pool,
                                  QueryEvent& e, QueryIdentitySeen& seen, bool& handled) {
  handled = true;
  if (key == "id") {
    seen.id = true;
    return ReadStringOrEmpty(v, pool, e.id);
  }
  if (key == "runId") {
    seen.run_id = true;
    return ReadStringOrEmpty(v, pool, e.run_id);
  }
  if (key == "name") return ReadOptText(v, pool, e.name);
  if (key == "timestamp") {
    OptString text;
    AG_JSON_TRY(ReadOptText(v, pool, text));
    seen.timestamp = text.present;
    e.timestamp = text.id;
    return SUCCESS;
  }
  handled = false;
  return SUCCESS;
}

error_code DecodeProgress(od::value value, StringPool& pool, StreamingQueryProgressEvent& p,
                          QueryIdentitySeen& seen) {
  return ForEachField(value, [&](std::string_view key, od::value v) -> error_code {
    bool handled = false;
    const error_code identity = ReadQueryIdentityField(key, v, pool, p, seen, handled);
    if (handled) return identity;
    if (key == "batchId") return ReadInt64(v, p.batch_id);
    if (key == "batchDuration") return ReadInt64(v, p.batch_duration);
    if (key == "durationMs") {
      return ForEachField(v, [&](std::string_view name, od::value dv) -> error_code {
        const StringId name_id = pool.Intern(name);
        int64_t ms = 0;
        AG_JSON_TRY(ReadInt64(dv, ms));
        p.duration_ms.emplace_back(name_id, ms);
        return SUCCESS;
      });
    }
    if (key == "stateOperators") {
      return ForEachElement(v, [&](od::value op) -> error_code {
        ++p.state_operators;
        return ForEachField(op, [&](std::string_view ok, od::value ov) -> error_code {
          int64_t n = 0;
          if (ok == "numRowsTotal") {
            AG_JSON_TRY(ReadInt64(ov, n));
            p.state_rows_total += n;
          } else if (ok == "numRowsUpdated") {
            AG_JSON_TRY(ReadInt64(ov, n));
            p.state_rows_updated += n;
          } else if (ok == "memoryUsedBytes") {
            AG_JSON_TRY(ReadInt64(ov, n));
            p.state_memory_used_bytes += n;
          } else if (ok == "numRowsDroppedByWatermark") {
            AG_JSON_TRY(ReadInt64(ov, n));
            p.state_rows_dropped_by_watermark += n;
          }
          return SUCCESS;
        });
      });
    }
    if (key == "eventTime") {
      return ForEachField(v, [&](std::string_view name, od::value ev) -> error_code {
        return name == "watermark" ? ReadOptText(ev, pool, p.watermark) : SUCCESS;
      });
    }
    if (key == "sources") {
      return ForEachElement(v, [&](od::value source) -> error_code {
        StreamingSourceProgressEvent& s = p.sources.emplace_back();
        return ForEachField(source, [&](std::string_view sk, od::value sv) -> error_code {
          if (sk == "description") return ReadStringOrEmpty(sv, pool, s.description);
          if (sk == "numInputRows") return ReadInt64(sv, s.num_input_rows);
          if (sk == "inputRowsPerSecond") return ReadJavaDouble(sv, s.input_rows_per_second);
          if (sk == "processedRowsPerSecond") {
            return ReadJavaDouble(sv, s.processed_rows_per_second);
          }
          return SUCCESS;
        });
      });
    }
    if (key == "sink") {
      return ForEachField(v, [&](std::string_view sk, od::value sv) -> error_code {
        if (sk == "description") return ReadStringOrEmpty(sv, pool, p.sink_description);
        if (sk == "numOutputRows") return ReadInt64(sv, p.sink_num_output_rows);
        return SUCCESS;
      });
    }
    return SUCCESS;
  });
}

}  // namespace

error_code DecodeStreamingEvent(EventKind kind, od::object& event, StringPool& pool,
                                SqlEventSink* sink, StreamingQueryProgressEvent& progress) {
  if (sink == nullptr) return SUCCESS;
  switch (kind) {
    case EventKind::kStreamingQueryStarted: {
      StreamingQueryStartedEvent e;
      QueryIdentitySeen seen;
      AG_JSON_TRY(ForEachObjectField(event, [&](std::string_view key, od::value v) -> error_code {
        bool handled = false;
        return ReadQueryIdentityField(key, v, pool, e, seen, handled);
      }));
      if (seen.all()) sink->OnStreamingQueryStarted(e);
      return SUCCESS;
    }
    case EventKind::kStreamingQueryProgress: {
      StreamingQueryProgressEvent& p = progress;
      p.id = p.run_id = p.timestamp = p.sink_description = kEmptyString;
      p.name = OptString{};
      p.batch_id = p.batch_duration = 0;
      p.duration_ms.clear();
      p.sources.clear();
      p.sink_num_output_rows = -1;
      p.state_operators = 0;
      p.state_rows_total = p.state_rows_updated = 0;
      p.state_memory_used_bytes = p.state_rows_dropped_by_watermark = 0;
      p.watermark = OptString{};
      QueryIdentitySeen seen;
      AG_JSON_TRY(ForEachObjectField(event, [&](std::string_view key, od::value v) -> error_code {
        return key == "progress" ? DecodeProgress(v, pool, p, seen) : SUCCESS;
      }));
      if (seen.all()) sink->OnStreamingQueryProgress(p);
      return SUCCESS;
    }
    case EventKind::kStreamingQueryTerminated: {
      StreamingQueryTerminatedEvent e;
      bool has_id = false, has_run_id = false;
      AG_JSON_TRY(ForEachObjectField(event, [&](std::string_view key, od::value v) -> error_code {
        if (key == "id") {
          has_id = true;
          return ReadStringOrEmpty(v, pool, e.id);
        }
        if (key == "runId") {
          has_run_id = true;
          return ReadStringOrEmpty(v, pool, e.run_id);
        }
        if (key == "exception") return ReadOptText(v, pool, e.exception);
        return SUCCESS;
      }));
      if (has_id && has_run_id) sink->OnStreamingQueryTerminated(e);
      return SUCCESS;
    }
    default:
      return SUCCESS;
  }
}

}  // namespace afterglow
