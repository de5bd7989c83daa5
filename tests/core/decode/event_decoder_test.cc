#include "core/decode/event_decoder.h"

#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "core/base/read_padding.h"

namespace afterglow {
namespace event_decoder_test {

// Records what the decoder hands on.
class RecordingSink : public EventSink {
 public:
  std::vector<std::string> calls;
  TaskEndEvent last_task_end;
  StageInfoEvent last_stage;

  void OnLogStart(StringId) override { calls.push_back("LogStart"); }
  void OnApplicationStart(const ApplicationStartEvent&) override { calls.push_back("AppStart"); }
  void OnApplicationEnd(int64_t) override { calls.push_back("AppEnd"); }
  void OnEnvironmentUpdate(OptString) override { calls.push_back("Env"); }
  void OnJobStart(const JobStartEvent&) override { calls.push_back("JobStart"); }
  void OnJobEnd(int32_t, int64_t, bool) override { calls.push_back("JobEnd"); }
  void OnStageSubmitted(const StageInfoEvent& info, const EventProperties&) override {
    calls.push_back("StageSubmitted");
    last_stage = info;
  }
  void OnStageCompleted(const StageInfoEvent&) override { calls.push_back("StageCompleted"); }
  void OnTaskStart(int32_t, int32_t, const TaskInfoEvent&) override { calls.push_back("TaskStart"); }
  void OnTaskEnd(const TaskEndEvent& event) override {
    calls.push_back("TaskEnd");
    last_task_end = event;
  }
  void OnExecutorAdded(const ExecutorAddedEvent&) override { calls.push_back("ExecutorAdded"); }
  void OnExecutorRemoved(int64_t, StringId, StringId) override { calls.push_back("ExecRemoved"); }
  void OnBlockManagerAdded(const BlockManagerAddedEvent&) override { calls.push_back("BM"); }
  void OnStageExecutorMetrics(StringId, int32_t, int32_t, const ExecutorMetricValues&) override {
    calls.push_back("StageExecutorMetrics");
  }
};

class EventDecoderTest : public ::testing::Test {
 protected:
  void Feed(const std::string& line, uint64_t line_number) {
    std::string padded = line + std::string(kReadPadding, '\0');
    decoder_.OnLine(std::string_view(padded.data(), line.size()), line_number);
  }
  StringPool pool_;
  RecordingSink sink_;
  EventDecoder decoder_{&pool_, &sink_};
};

TEST_F(EventDecoderTest, UnknownEventsAreSkippedAndCounted) {
  Feed(R"({"Event":"com.example.PluginEvent","x":1})", 1);
  Feed(R"({"Event":"SparkListenerApplicationEnd","Timestamp":5})", 2);
  EXPECT_EQ(decoder_.unknown_events(), 1u);
  EXPECT_EQ(decoder_.events(), 1u);
  EXPECT_EQ(sink_.calls, std::vector<std::string>{"AppEnd"});
}

TEST_F(EventDecoderTest, SparkEventsNotModelledYetAreNotUnknown) {
  Feed(R"({"Event":"org.apache.spark.scheduler.SparkListenerTaskGettingResult","time":1})", 1);
  Feed(R"({"Event":"org.apache.spark.sql.streaming.StreamingQueryListener$QueryIdleEvent"})", 2);
  EXPECT_EQ(decoder_.unknown_events(), 0u);
  EXPECT_EQ(decoder_.ignored_events(), 2u);
}

TEST_F(EventDecoderTest, BadLinesAreKeptWithLineNumbersAndDecodingGoesOn) {
  Feed(R"({"Event":"SparkListenerApplicationEnd","Timestamp":5})", 1);
  Feed(R"({"Event":"SparkListenerJobEnd","Job ID":)", 2);
  Feed("not json at all", 7);
  Feed(R"({"Event":"SparkListenerApplicationEnd","Timestamp":6})", 8);
  EXPECT_EQ(decoder_.bad_line_count(), 2u);
  ASSERT_EQ(decoder_.bad_lines().size(), 2u);
  EXPECT_EQ(decoder_.bad_lines()[0].line, 2u);
  EXPECT_EQ(decoder_.bad_lines()[1].line, 7u);
  EXPECT_EQ(decoder_.events(), 2u);
}

TEST_F(EventDecoderTest, KeysInAnyOrderAreRead) {
  Feed(R"({"Task Info":{"Index":3,"Task ID":42,"Executor ID":"7"},"Stage ID":2,)"
       R"("Task End Reason":{"Kill Reason":"stage cancelled","Reason":"TaskKilled"},)"
       R"("Event":"SparkListenerTaskEnd","Stage Attempt ID":1})",
       1);
  ASSERT_EQ(sink_.calls, std::vector<std::string>{"TaskEnd"});
  const TaskEndEvent& end = sink_.last_task_end;
  EXPECT_EQ(end.stage_id, 2);
  EXPECT_EQ(end.stage_attempt_id, 1);
  EXPECT_EQ(end.info.task_id, 42);
  EXPECT_EQ(end.info.index, 3);
  EXPECT_EQ(pool_.Get(end.info.executor_id), "7");
  EXPECT_EQ(end.reason, TaskEndReasonKind::kTaskKilled);
  EXPECT_EQ(pool_.Get(end.kill_reason), "stage cancelled");
}

TEST_F(EventDecoderTest, MissingTaskMetricsReadAsZerosAndStillCount) {
  Feed(R"({"Event":"SparkListenerTaskEnd","Stage ID":0,"Task End Reason":{"Reason":"Success"},)"
       R"("Task Info":{"Task ID":1}})",
       1);
  EXPECT_TRUE(sink_.last_task_end.has_metrics);
  EXPECT_EQ(sink_.last_task_end.metrics[TaskMetric::kExecutorRunTime], 0);
}

TEST_F(EventDecoderTest, PushReadMetricsComeFromTheKeyTheHistoryServerReads) {
  Feed(R"({"Event":"SparkListenerTaskEnd","Stage ID":0,"Task End Reason":{"Reason":"Success"},)"
       R"("Task Info":{"Task ID":1},"Task Metrics":{"Executor Run Time":9,"Shuffle Read Metrics":{)"
       R"("Local Bytes Read":100,"Shuffle Push Read Metrics":{"Merged Local Bytes Read":7},)"
       R"("Push Based Shuffle":{"Merged Local Bytes Read":1000}}}})",
       1);
  const TaskMetricValues& m = sink_.last_task_end.metrics;
  EXPECT_EQ(m[TaskMetric::kExecutorRunTime], 9);
  EXPECT_EQ(m[TaskMetric::kShuffleLocalBytesRead], 100);
  EXPECT_EQ(m[TaskMetric::kPushLocalMergedBytesRead], 7);
}

TEST_F(EventDecoderTest, StageInfoKeepsAccumulablesRddsAndAbsentTimes) {
  Feed(R"({"Event":"SparkListenerStageSubmitted","Stage Info":{"Stage ID":3,"Stage Name":"s",)"
       R"("Number of Tasks":4,"RDD Info":[{"RDD ID":5},{"RDD ID":2}],"Accumulables":[{"ID":1,)"
       R"("Name":"my counter","Update":"7","Value":5050,"Internal":false}]},"Properties":null})",
       1);
  ASSERT_EQ(sink_.calls, std::vector<std::string>{"StageSubmitted"});
  const StageInfoEvent& info = sink_.last_stage;
  EXPECT_EQ(info.stage_id, 3);
  EXPECT_EQ(info.num_tasks, 4);
  EXPECT_EQ(info.rdd_ids, (std::vector<int32_t>{5, 2}));
  EXPECT_EQ(info.submission_time, kNoTime);
  ASSERT_EQ(info.accumulables.size(), 1u);
  EXPECT_EQ(pool_.Get(info.accumulables[0].value.id), "5050");
  EXPECT_EQ(pool_.Get(info.accumulables[0].update.id), "7");
}

}  // namespace event_decoder_test
}  // namespace afterglow
