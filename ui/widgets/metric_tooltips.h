// What each task metric means, in the words of Spark's UI (ToolTips.scala and stagepage.js), so
// every view that shows a metric explains it the same way: column headers of the task and
// executor tables, rows of the summary table.
#pragma once

#include <cstdint>

namespace afterglow::ui {

enum class MetricTip : uint8_t {
  kDuration,  // the task's executor run time, as Spark's task table and summary call "Duration"
  kSchedulerDelay,
  kTaskDeserializationTime,
  kGcTime,
  kResultSerializationTime,
  kGettingResultTime,
  kPeakExecutionMemory,
  kInput,
  kOutput,
  kShuffleRead,
  kShuffleReadFetchWait,
  kShuffleRemoteReads,
  kShuffleWrite,
  kShuffleWriteTime,
  kSpillMemory,
  kSpillDisk,
  kLocality,
  kTaskTime,  // an executor's summed task time in one stage
  kStageDuration,
  kCount
};

// The explanation; never null.
const char* MetricTooltip(MetricTip tip);

}  // namespace afterglow::ui
