#include "ui/widgets/metric_tooltips.h"

#include <cstddef>

namespace afterglow::ui {
namespace {

// Indexed by MetricTip; wording after Spark's ToolTips.scala and stagepage.js where they have one.
constexpr const char* kTips[] = {
    "Time the executor spent running the task (executorRunTime), as Spark's task table shows "
    "it. Excludes scheduling, deserialization and result fetching.",
    "Scheduler delay includes time to ship the task from the scheduler to the executor, and time "
    "to send the task result from the executor to the scheduler. If scheduler delay is large, "
    "consider decreasing the size of tasks or decreasing the size of task results.",
    "Time spent deserializing the task closure on the executor, including the time to read the "
    "broadcasted task.",
    "Time that the executor spent paused for Java garbage collection while the task was running.",
    "Time spent serializing the task result on the executor before sending it back to the "
    "driver.",
    "Time that the driver spends fetching task results from workers. If this is large, consider "
    "decreasing the amount of data returned from each task.",
    "Execution memory refers to the memory used by internal data structures created during "
    "shuffles, aggregations and joins when Tungsten is enabled. The value of this accumulator "
    "should be approximately the sum of the peak sizes across all such data structures created "
    "in this task. For SQL jobs, this only tracks all unsafe operators, broadcast joins, and "
    "external sort.",
    "Bytes and records read from Hadoop or from Spark storage.",
    "Bytes and records written to Hadoop.",
    "Total shuffle bytes and records read (includes both data read locally and data read from "
    "remote executors).",
    "Time that the task spent blocked waiting for shuffle data to be read from remote machines.",
    "Total shuffle bytes read from remote executors. This is a subset of the shuffle read bytes; "
    "the remaining shuffle data is read locally.",
    "Bytes and records written to disk in order to be read by a shuffle in a future stage.",
    "Time that the task spent writing shuffle data.",
    "Bytes spilled from memory: the size of the deserialized form of the data in memory at the "
    "time it was spilled.",
    "Bytes spilled to disk: the size of the serialized form of the data on disk.",
    "Where the task ran relative to its data: PROCESS_LOCAL (same JVM), NODE_LOCAL (same host), "
    "RACK_LOCAL, ANY.",
    "The sum of the durations of this executor's tasks in the stage.",
    "From the launch of the stage's first task to the stage's completion.",
};
static_assert(sizeof kTips / sizeof kTips[0] == static_cast<std::size_t>(MetricTip::kCount),
              "one tooltip per MetricTip");

}  // namespace

const char* MetricTooltip(MetricTip tip) {
  const auto i = static_cast<std::size_t>(tip);
  return i < static_cast<std::size_t>(MetricTip::kCount) ? kTips[i] : "";
}

}  // namespace afterglow::ui
