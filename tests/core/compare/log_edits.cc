#include "tests/core/compare/log_edits.h"

#include <cstdlib>

#include "core/ingest/line_consumer.h"
#include "tests/support/stream_file_lines.h"
#include "tests/tools/log_scaler.h"

namespace afterglow::compare_test {
namespace {

class CollectLines : public LineConsumer {
 public:
  explicit CollectLines(std::vector<std::string>& lines) : lines_(lines) {}
  void OnLine(std::string_view line, uint64_t) override { lines_.emplace_back(line); }

 private:
  std::vector<std::string>& lines_;
};

bool IsTaskEventOf(const std::string& line, std::string_view event, int32_t stage_id) {
  return tools::EventName(line) == event && NumberField(line, "Stage ID") == stage_id;
}

}  // namespace

std::vector<std::string> ReadLogLines(const std::string& path) {
  std::vector<std::string> lines;
  CollectLines collect(lines);
  test_support::StreamFileLines(path, &collect);
  return lines;
}

std::string JoinLines(const std::vector<std::string>& lines) {
  std::string text;
  for (const std::string& line : lines) text += line + "\n";
  return text;
}

int64_t NumberField(std::string_view line, std::string_view key) {
  const std::string quoted = "\"" + std::string(key) + "\":";
  const size_t at = line.find(quoted);
  if (at == std::string_view::npos) return -1;
  return std::strtoll(std::string(line.substr(at + quoted.size(), 24)).c_str(), nullptr, 10);
}

bool SetNumberField(std::string& line, std::string_view key, int64_t value) {
  const std::string quoted = "\"" + std::string(key) + "\":";
  const size_t at = line.find(quoted);
  if (at == std::string::npos) return false;
  size_t start = at + quoted.size(), end = start;
  while (end < line.size() && (line[end] == '-' || (line[end] >= '0' && line[end] <= '9'))) ++end;
  line.replace(start, end - start, std::to_string(value));
  return true;
}

void ShiftTimesFrom(std::vector<std::string>& lines, size_t from, int64_t delta_ms) {
  tools::CopyShift shift;
  shift.time_ms = delta_ms;
  for (size_t i = from; i < lines.size(); ++i) {
    std::string out;
    tools::RewriteEvent(lines[i], shift, &out, nullptr);
    lines[i] = std::move(out);
  }
}

int64_t MergeStageTasks(std::vector<std::string>& lines, int32_t stage_id) {
  int64_t summed_ms = 0, first_launch = -1, last_finish = 0;
  size_t last_end = 0, first_end = 0;
  bool seen_end = false;
  for (size_t i = 0; i < lines.size(); ++i) {
    if (!IsTaskEventOf(lines[i], "SparkListenerTaskEnd", stage_id)) continue;
    const int64_t launch = NumberField(lines[i], "Launch Time");
    const int64_t finish = NumberField(lines[i], "Finish Time");
    summed_ms += finish - launch;
    if (!seen_end) first_end = i;
    seen_end = true;
    if (first_launch < 0 || launch < first_launch) first_launch = launch;
    last_finish = std::max(last_finish, finish);
    last_end = i;
  }
  std::string merged_end = lines[first_end];
  const int64_t merged_launch = NumberField(merged_end, "Launch Time");
  SetNumberField(merged_end, "Finish Time", merged_launch + summed_ms);
  const int64_t added_ms = merged_launch + summed_ms - last_finish;
  std::vector<std::string> out;
  bool kept_start = false;
  size_t shift_from = 0;
  for (size_t i = 0; i < lines.size(); ++i) {
    std::string line = lines[i];
    if (IsTaskEventOf(line, "SparkListenerTaskStart", stage_id)) {
      if (kept_start) continue;
      kept_start = true;
    } else if (IsTaskEventOf(line, "SparkListenerTaskEnd", stage_id)) {
      if (i != last_end) continue;
      line = merged_end;
      shift_from = out.size() + 1;
    }
    const std::string_view event = tools::EventName(line);
    const std::string stage_key = "\"Stage ID\":" + std::to_string(stage_id) + ",";
    if ((event == "SparkListenerJobStart" || event == "SparkListenerStageSubmitted" ||
         event == "SparkListenerStageCompleted") &&
        line.find(stage_key) != std::string::npos) {
      // The stage's own StageInfo: its "Number of Tasks" follows its id and name.
      const size_t info = line.find(stage_key);
      const size_t tasks = line.find("\"Number of Tasks\":", info);
      if (tasks != std::string::npos) {
        std::string tail = line.substr(tasks);
        SetNumberField(tail, "Number of Tasks", 1);
        line = line.substr(0, tasks) + tail;
      }
    }
    out.push_back(std::move(line));
  }
  ShiftTimesFrom(out, shift_from, added_ms);
  lines = std::move(out);
  return added_ms;
}

void DelayStage(std::vector<std::string>& lines, int32_t stage_id, int64_t delay_ms) {
  size_t last_end = lines.size();
  for (size_t i = 0; i < lines.size(); ++i) {
    if (IsTaskEventOf(lines[i], "SparkListenerTaskEnd", stage_id)) last_end = i;
  }
  if (last_end == lines.size()) return;
  SetNumberField(lines[last_end], "Finish Time", NumberField(lines[last_end], "Finish Time") + delay_ms);
  ShiftTimesFrom(lines, last_end + 1, delay_ms);
}

}  // namespace afterglow::compare_test
