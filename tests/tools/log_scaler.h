// Makes a large, realistic event log from a real one: the application's one-off events (log
// start, environment, executors, block managers) are written once, and its work (jobs, stages,
// tasks, SQL executions and their updates) is repeated N times, each copy with fresh ids and its
// times shifted past the previous copy, so the result reads as one long application that ran
// the same workload N times. Used by scripts/scale-log (benchmarks) and by its unit test.
//
// Ids rewritten per copy (copy k adds k * (largest id in the source + 1)): Job ID, Stage ID,
// Stage IDs, stage Parent IDs, RDD ID, RDD Parent IDs, Task ID, SQL executionId (also
// rootExecutionId and the spark.sql.execution.id / .root.id job properties) and accumulator ids
// (Accumulables' "ID", plan metrics' "accumulatorId", DriverAccumUpdates' pairs), so SQL metrics
// of different copies never share an accumulator. Times shifted: every positive Submission Time,
// Completion Time, Launch Time, Getting Result Time, Finish Time, Timestamp and SQL "time".
// Everything else (executor ids, hosts, metrics, plans, descriptions) is copied byte for byte.
#pragma once

#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

namespace afterglow::tools {

// What one copy adds to each kind of id and to every time.
struct CopyShift {
  int64_t job = 0;
  int64_t stage = 0;
  int64_t rdd = 0;
  int64_t task = 0;
  int64_t sql_execution = 0;
  int64_t accumulator = 0;
  int64_t time_ms = 0;
};

// The largest id of each kind and the time range seen in the repeated events (-1 / unset when
// none was seen).
struct SourceExtent {
  int64_t max_job = -1;
  int64_t max_stage = -1;
  int64_t max_rdd = -1;
  int64_t max_task = -1;
  int64_t max_sql_execution = -1;
  int64_t max_accumulator = -1;
  int64_t min_time_ms = INT64_MAX;
  int64_t max_time_ms = INT64_MIN;
};

// Appends `line` (one JSON event) to `out` with its ids and times shifted by `shift`, and widens
// `extent` by the original ids and times it holds (either may be null). Text other than the
// rewritten numbers is copied unchanged. Returns false when the line is not well-formed JSON as
// far as the scanner can tell; `out` then holds the line unchanged.
bool RewriteEvent(std::string_view line, const CopyShift& shift, std::string* out,
                  SourceExtent* extent);

// Whether an event is part of the repeated workload (jobs, stages, tasks, SQL executions) rather
// than the application's one-off set-up and tear-down. `event_name` is the "Event" field.
bool IsRepeatedEvent(std::string_view event_name);

// The "Event" field of a line, or "" when it has none near the start.
std::string_view EventName(std::string_view line);

class LogScaler {
 public:
  // Source lines in log order (without their '\n').
  void AddSourceLine(std::string_view line);

  // Bytes (with '\n') of the events written once, and of one copy of the repeated events.
  uint64_t once_bytes() const { return once_bytes_; }
  uint64_t repeated_bytes() const { return repeated_bytes_; }
  const SourceExtent& extent() const { return extent_; }

  // Copies needed for an output of about `target_bytes` (at least 1).
  uint64_t CopiesForSize(uint64_t target_bytes) const;

  // The shift of copy `index` (0 = the source as it is).
  CopyShift ShiftOf(uint64_t index) const;

  // Calls `sink(text)` with the scaled log in order, a batch of whole lines at a time; `copies`
  // >= 1. The ApplicationEnd (if any) comes last, moved past the last copy.
  template <typename Sink>
  void Write(uint64_t copies, Sink&& sink) const {
    std::string batch;
    for (uint64_t copy = 0; copy < copies; ++copy) {
      const CopyShift shift = ShiftOf(copy);
      for (const SourceLine& line : lines_) {
        if (line.kind == LineKind::kApplicationEnd) continue;
        if (copy > 0 && line.kind == LineKind::kOnce) continue;
        AppendLine(line, shift, &batch);
        if (batch.size() >= kBatchBytes) {
          sink(std::string_view(batch));
          batch.clear();
        }
      }
    }
    CopyShift end_shift;
    end_shift.time_ms = ShiftOf(copies - 1).time_ms;
    for (const SourceLine& line : lines_) {
      if (line.kind == LineKind::kApplicationEnd) AppendLine(line, end_shift, &batch);
    }
    if (!batch.empty()) sink(std::string_view(batch));
  }

 private:
  static constexpr size_t kBatchBytes = 4u << 20;
  // Gap between one copy's last event and the next copy's first, so copies never overlap.
  static constexpr int64_t kGapBetweenCopiesMs = 1000;

  enum class LineKind : uint8_t { kOnce, kRepeated, kApplicationEnd };
  struct SourceLine {
    uint64_t offset;  // into text_
    uint32_t size;
    LineKind kind;
  };
  void AppendLine(const SourceLine& line, const CopyShift& shift, std::string* out) const;

  std::string text_;  // every source line, back to back
  std::vector<SourceLine> lines_;
  SourceExtent extent_;
  uint64_t once_bytes_ = 0;
  uint64_t repeated_bytes_ = 0;
};

}  // namespace afterglow::tools
