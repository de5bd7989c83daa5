// Edits of a real log's lines, to make the second run of a pair at test time: a stage whose
// tasks ran as one (the "before" of a stage split into many), a stage that took longer, and the
// times of everything after a point moved by the same amount, so the edited log still reads as
// one consistent run.
#pragma once

#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

namespace afterglow::compare_test {

// The decompressed lines of a log file.
std::vector<std::string> ReadLogLines(const std::string& path);
std::string JoinLines(const std::vector<std::string>& lines);

// The first integer after `"key":` in `line`, or -1.
int64_t NumberField(std::string_view line, std::string_view key);
// Replaces the first integer after `"key":`; false when the key is absent.
bool SetNumberField(std::string& line, std::string_view key, int64_t value);

// Adds `delta_ms` to every time of lines [from, end) (Submission, Completion, Launch, Finish,
// Getting Result Time, Timestamp, SQL "time").
void ShiftTimesFrom(std::vector<std::string>& lines, size_t from, int64_t delta_ms);

// Stage `stage_id` (attempt 0) runs its work as one task: its first task stays, ending where the
// summed task durations say, the other tasks go, "Number of Tasks" becomes 1, and everything
// after the stage's last task end moves by the time that added. Returns the added milliseconds.
int64_t MergeStageTasks(std::vector<std::string>& lines, int32_t stage_id);

// The last task of stage `stage_id` ends `delay_ms` later, and so does everything after it.
void DelayStage(std::vector<std::string>& lines, int32_t stage_id, int64_t delay_ms);

}  // namespace afterglow::compare_test
