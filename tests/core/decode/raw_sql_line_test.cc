// The raw fast path for SQL-execution events (DecodeSqlRawLine): ExecutionStart, ExecutionEnd and
// AdaptiveExecutionUpdate decode to the same event whether the fast path or simdjson reads them
// (escaped texts, nulls and nested plans included), and a line outside Spark's exact shape is
// given back to simdjson, which still decodes it.
#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "core/base/read_padding.h"
#include "core/decode/event_decoder.h"
#include "core/decode/sql_event_decoder.h"

namespace afterglow {
namespace raw_sql_line_test {

// Keeps the SQL-execution events it is handed; the other events are dropped.
class SqlSink : public SqlEventSink {
 public:
  std::vector<SqlExecutionStartEvent> starts;
  std::vector<SqlExecutionEndEvent> ends;
  std::vector<SqlAdaptiveExecutionUpdateEvent> updates;
  void OnJobStart(const JobStartEvent&) override {}
  void OnJobEnd(int32_t, bool) override {}
  void OnStageSubmitted(const StageInfoEvent&) override {}
  void OnTaskEnd(const TaskEndEvent&, const std::vector<TaskAccumUpdate>&) override {}
  bool WantsTaskAccumulables(int32_t, int32_t) const override { return false; }
  void OnSqlExecutionStart(const SqlExecutionStartEvent& event) override {
    starts.push_back(event);
  }
  void OnSqlExecutionEnd(const SqlExecutionEndEvent& event) override { ends.push_back(event); }
  void OnSqlAdaptiveExecutionUpdate(const SqlAdaptiveExecutionUpdateEvent& event) override {
    updates.push_back(event);
  }
  void OnSqlAdaptiveMetricUpdates(const SqlAdaptiveMetricUpdatesEvent&) override {}
  void OnSqlDriverAccumUpdates(const SqlDriverAccumUpdatesEvent&) override {}
  void OnStreamingQueryStarted(const StreamingQueryStartedEvent&) override {}
  void OnStreamingQueryProgress(const StreamingQueryProgressEvent&) override {}
  void OnStreamingQueryTerminated(const StreamingQueryTerminatedEvent&) override {}
};

// The core events' sink the decoder needs; none of these lines is one.
class NoEvents : public EventSink {
 public:
  void OnLogStart(StringId) override {}
  void OnApplicationStart(const ApplicationStartEvent&) override {}
  void OnApplicationEnd(int64_t) override {}
  void OnEnvironmentUpdate(OptString) override {}
  void OnJobStart(const JobStartEvent&) override {}
  void OnJobEnd(int32_t, int64_t, bool) override {}
  void OnStageSubmitted(const StageInfoEvent&, const EventProperties&) override {}
  void OnStageCompleted(const StageInfoEvent&) override {}
  void OnTaskStart(int32_t, int32_t, const TaskInfoEvent&) override {}
  void OnTaskEnd(const TaskEndEvent&) override {}
  void OnExecutorAdded(const ExecutorAddedEvent&) override {}
  void OnExecutorRemoved(int64_t, StringId, StringId) override {}
  void OnBlockManagerAdded(const BlockManagerAddedEvent&) override {}
  void OnStageExecutorMetrics(StringId, int32_t, int32_t, const ExecutorMetricValues&) override {}
};

bool SameText(const OptString& a, const OptString& b) {
  return a.present == b.present && (!a.present || a.id == b.id);
}

void ExpectSamePlan(const SparkPlanInfoTree& a, const SparkPlanInfoTree& b) {
  ASSERT_EQ(a.nodes.size(), b.nodes.size());
  for (size_t i = 0; i < a.nodes.size(); ++i) {
    EXPECT_EQ(a.nodes[i].node_name, b.nodes[i].node_name);
    EXPECT_EQ(a.nodes[i].simple_string, b.nodes[i].simple_string);
    EXPECT_EQ(a.nodes[i].first_child, b.nodes[i].first_child);
    EXPECT_EQ(a.nodes[i].next_sibling, b.nodes[i].next_sibling);
    EXPECT_EQ(a.nodes[i].metrics_begin, b.nodes[i].metrics_begin);
    EXPECT_EQ(a.nodes[i].metrics_end, b.nodes[i].metrics_end);
  }
  ASSERT_EQ(a.metrics.size(), b.metrics.size());
  for (size_t i = 0; i < a.metrics.size(); ++i) {
    EXPECT_EQ(a.metrics[i].name, b.metrics[i].name);
    EXPECT_EQ(a.metrics[i].accumulator_id, b.metrics[i].accumulator_id);
    EXPECT_EQ(a.metrics[i].metric_type, b.metrics[i].metric_type);
  }
}

void ExpectSameStart(const SqlExecutionStartEvent& a, const SqlExecutionStartEvent& b) {
  EXPECT_EQ(a.execution_id, b.execution_id);
  EXPECT_TRUE(SameText(a.root_execution_id, b.root_execution_id));
  EXPECT_TRUE(SameText(a.description, b.description));
  EXPECT_TRUE(SameText(a.details, b.details));
  EXPECT_TRUE(SameText(a.physical_plan_description, b.physical_plan_description));
  EXPECT_EQ(a.time, b.time);
  EXPECT_EQ(a.modified_configs, b.modified_configs);
  ExpectSamePlan(a.plan, b.plan);
}

// A plan as Spark 3.0 writes it (from the streaming corpus log, shortened), with escapes in the
// texts and a \u escape added.
const std::string kPlan =
    R"j({"nodeName":"WriteToDataSourceV2","simpleString":"WriteToDataSourceV2 org.apache.spark.sql.execution.streaming.sources.MicroBatchWrite@27fafcca",)j"
    R"j("children":[{"nodeName":"WholeStageCodegen (1)","simpleString":"WholeStageCodegen (1)",)j"
    R"j("children":[{"nodeName":"Project","simpleString":"Project [cast(value#8 as string) AS \"v\u00e9\"#21]",)j"
    R"j("children":[{"nodeName":"InputAdapter","simpleString":"InputAdapter","children":[{"nodeName":"MicroBatchScan",)j"
    R"j("simpleString":"MicroBatchScan[key#7] class org.apache.spark.sql.kafka010.KafkaSourceProvider$KafkaScan",)j"
    R"j("children":[],"metadata":{},"metrics":[{"name":"number of output rows","accumulatorId":80,"metricType":"sum"}]}],)j"
    R"j("metadata":{},"metrics":[]}],"metadata":{},"metrics":[]}],"metadata":{},)j"
    R"j("metrics":[{"name":"duration","accumulatorId":79,"metricType":"timing"}]},)j"
    R"j({"nodeName":"Exchange","simpleString":"Exchange hashpartitioning(value#29, 2), true, [id=#66]","children":[],)j"
    R"j("metadata":{},"metrics":[{"name":"shuffle records written","accumulatorId":20,"metricType":"sum"},)j"
    R"j({"name":"data size","accumulatorId":-21,"metricType":"size"}]}],"metadata":{},"metrics":[]})j";

const std::string kStart =
    R"({"Event":"org.apache.spark.sql.execution.ui.SparkListenerSQLExecutionStart","executionId":7,)"
    R"("description":"\nid = 8d268dc2\nrunId = e225d92f\nbatch = 0",)"
    R"("details":"org.apache.spark.sql.streaming.DataStreamWriter.start(DataStreamWriter.scala:366)\n\tat x",)"
    R"("physicalPlanDescription":"== Physical Plan ==\nWriteToDataSourceV2 (14)\n+- * HashAggregate (13)\n\n{\"test5\":{\"0\":48276}}\n",)"
    R"("sparkPlanInfo":)" + kPlan + R"(,"time":1596020219618,)"
    R"("modifiedConfigs":{"spark.sql.shuffle.partitions":"2","spark.a":null}})";

const std::string kEnd =
    R"({"Event":"org.apache.spark.sql.execution.ui.SparkListenerSQLExecutionEnd","executionId":7,)"
    R"("time":1596020221373,"errorMessage":"boom\n\tat here"})";

const std::string kUpdate =
    R"({"Event":"org.apache.spark.sql.execution.ui.SparkListenerSQLAdaptiveExecutionUpdate",)"
    R"("executionId":7,"physicalPlanDescription":"AdaptiveSparkPlan isFinalPlan=true\n",)"
    R"("sparkPlanInfo":)" + kPlan + "}";

// The same JSON with a space before the first key: simdjson reads it, the fast path gives it back.
std::string Spaced(const std::string& line) { return "{ " + line.substr(1); }

class RawSqlLineTest : public ::testing::Test {
 protected:
  RawSqlLineTest() { decoder_.set_sql_sink(&sink_); }
  void Feed(const std::string& line) {
    std::string padded = line + std::string(kReadPadding, '\0');
    decoder_.OnLine(std::string_view(padded.data(), line.size()), ++line_number_);
  }
  // Whether the fast path alone reads `line` (its own interner, a separate sink).
  bool RawReads(const std::string& line) {
    std::string padded = line + std::string(kReadPadding, '\0');
    SqlSink sink;
    return DecodeSqlRawLine(std::string_view(padded.data(), line.size()), raw_texts_, &sink,
                            raw_scratch_);
  }
  std::string Text(StringId id) const { return std::string(pool_.Get(id)); }

  StringPool pool_;
  NoEvents events_;
  SqlSink sink_;
  EventDecoder decoder_{&pool_, &events_};
  RawTextInterner raw_texts_{&pool_};
  SqlDecodeScratch raw_scratch_{&pool_};
  uint64_t line_number_ = 0;
};

TEST_F(RawSqlLineTest, ExecutionEventsReadTheValuesWrittenAndTheSameAsSimdjsonDoes) {
  EXPECT_TRUE(RawReads(kStart));
  EXPECT_TRUE(RawReads(kEnd));
  EXPECT_TRUE(RawReads(kUpdate));
  EXPECT_FALSE(RawReads(Spaced(kStart)));
  for (int round = 0; round < 2; ++round) {  // the second round hits the interner's slots
    Feed(kStart);
    Feed(Spaced(kStart));
    Feed(kEnd);
    Feed(Spaced(kEnd));
    Feed(kUpdate);
    Feed(Spaced(kUpdate));
  }
  EXPECT_EQ(decoder_.bad_line_count(), 0u);
  ASSERT_EQ(sink_.starts.size(), 4u);
  ASSERT_EQ(sink_.ends.size(), 4u);
  ASSERT_EQ(sink_.updates.size(), 4u);
  const SqlExecutionStartEvent& start = sink_.starts[0];
  EXPECT_EQ(start.execution_id, 7);
  EXPECT_EQ(start.time, 1596020219618);
  EXPECT_FALSE(start.root_execution_id.present);
  EXPECT_EQ(Text(start.description.id), "\nid = 8d268dc2\nrunId = e225d92f\nbatch = 0");
  EXPECT_EQ(Text(start.physical_plan_description.id),
            "== Physical Plan ==\nWriteToDataSourceV2 (14)\n+- * HashAggregate (13)\n\n"
            R"({"test5":{"0":48276}})" "\n");
  ASSERT_EQ(start.plan.nodes.size(), 6u);
  EXPECT_EQ(Text(start.plan.nodes[2].simple_string),
            "Project [cast(value#8 as string) AS \"v\xC3\xA9\"#21]");
  EXPECT_EQ(start.plan.nodes[0].first_child, 1);
  EXPECT_EQ(start.plan.nodes[1].next_sibling, 5);
  ASSERT_EQ(start.plan.metrics.size(), 4u);
  EXPECT_EQ(start.plan.metrics[3].accumulator_id, -21);
  EXPECT_EQ(Text(start.plan.metrics[3].metric_type), "size");
  ASSERT_EQ(start.modified_configs.size(), 2u);
  EXPECT_EQ(Text(start.modified_configs[0].second), "2");
  EXPECT_EQ(start.modified_configs[1].second, kEmptyString);
  EXPECT_EQ(Text(sink_.ends[0].error_message.id), "boom\n\tat here");
  EXPECT_EQ(sink_.ends[0].time, 1596020221373);
  EXPECT_EQ(Text(sink_.updates[0].physical_plan_description.id),
            "AdaptiveSparkPlan isFinalPlan=true\n");
  for (size_t i = 1; i < 4; ++i) {
    ExpectSameStart(sink_.starts[0], sink_.starts[i]);
    EXPECT_EQ(sink_.ends[0].execution_id, sink_.ends[i].execution_id);
    EXPECT_EQ(sink_.ends[0].time, sink_.ends[i].time);
    EXPECT_TRUE(SameText(sink_.ends[0].error_message, sink_.ends[i].error_message));
    EXPECT_EQ(sink_.updates[0].execution_id, sink_.updates[i].execution_id);
    EXPECT_TRUE(SameText(sink_.updates[0].physical_plan_description,
                         sink_.updates[i].physical_plan_description));
    ExpectSamePlan(sink_.updates[0].plan, sink_.updates[i].plan);
  }
  ExpectSamePlan(sink_.starts[0].plan, sink_.updates[0].plan);
}

// Shapes the fast path does not take: each line must still decode, through simdjson, to what
// simdjson reads from the spaced line; the ones it does take must read the same too.
TEST_F(RawSqlLineTest, OtherShapesGoToSimdjsonAndDecodeTheSame) {
  const std::string prefix =
      R"({"Event":"org.apache.spark.sql.execution.ui.SparkListenerSQLExecutionStart",)";
  struct Case {
    std::string line;
    bool raw;  // whether the fast path reads it
  };
  const std::vector<Case> cases = {
      // A null plan and null texts: read.
      {prefix +
           R"("executionId":1,"description":null,"details":"d","sparkPlanInfo":null,"time":5})",
       true},
      // Keys in another order, a key the decoder does not know: read.
      {prefix + R"("time":5,"sparkPlanInfo":{"metrics":[{"metricType":"sum","name":"n",)"
                R"("accumulatorId":3}],"simpleString":"S","nodeName":"N","extra":[1,{"a":null}]},)"
                R"("executionId":2})",
       true},
      // A null node name: read as "".
      {prefix + R"("executionId":3,"sparkPlanInfo":{"nodeName":null,"simpleString":"s",)"
                R"("children":[],"metadata":{},"metrics":[]}})",
       true},
      // A number where a text is: simdjson interns its token.
      {prefix + R"("executionId":4,"sparkPlanInfo":{"nodeName":12,"simpleString":true,)"
                R"("children":[],"metadata":{},"metrics":[]}})",
       false},
      // An id written as a double, a description that is an object.
      {prefix + R"("executionId":5.0,"time":1})", false},
      {prefix + R"("executionId":6,"description":{"a":1}})", false},
      // UTF-8 in a text, an escaped key, whitespace in the plan.
      {prefix + "\"executionId\":7,\"description\":\"caf\xC3\xA9\"}", false},
      {prefix + R"("executionId":8,"modifiedConfigs":{"a\u0062":"c"}})", false},
      {prefix + R"("executionId":9,"sparkPlanInfo": {"nodeName":"N"}})", false},
      // A root execution id (Spark 3.4+) as a number and as text.
      {prefix + R"("executionId":10,"rootExecutionId":3})", true},
      {prefix + R"("executionId":11,"rootExecutionId":"3"})", true},
  };
  for (const Case& c : cases) {
    SCOPED_TRACE(c.line);
    EXPECT_EQ(RawReads(c.line), c.raw);
    sink_.starts.clear();
    Feed(c.line);
    Feed(Spaced(c.line));
    EXPECT_EQ(decoder_.bad_line_count(), 0u);
    ASSERT_EQ(sink_.starts.size(), 2u);
    ExpectSameStart(sink_.starts[0], sink_.starts[1]);
  }
}

// A plan nested deeper than the fast path follows goes to simdjson, and reads the same.
TEST_F(RawSqlLineTest, DeepPlansGoToSimdjson) {
  std::string plan;
  const int depth = 300;
  for (int i = 0; i < depth; ++i) plan += R"({"nodeName":"N","children":[)";
  for (int i = 0; i < depth; ++i) plan += "]}";
  const std::string line =
      R"({"Event":"org.apache.spark.sql.execution.ui.SparkListenerSQLExecutionStart",)"
      R"("executionId":1,"sparkPlanInfo":)" + plan + "}";
  EXPECT_FALSE(RawReads(line));
  Feed(line);
  Feed(Spaced(line));
  ASSERT_EQ(sink_.starts.size(), 2u);
  EXPECT_EQ(sink_.starts[0].plan.nodes.size(), static_cast<size_t>(depth));
  ExpectSameStart(sink_.starts[0], sink_.starts[1]);
}

// A broken line is not delivered by the fast path: simdjson reports it.
TEST_F(RawSqlLineTest, DamagedLinesAreReportedAsBefore) {
  const std::string cut = kStart.substr(0, kStart.size() / 2);
  EXPECT_FALSE(RawReads(cut));
  Feed(cut);
  Feed(kEnd);  // the cut line was not the last: damage
  EXPECT_EQ(decoder_.bad_line_count(), 1u);
  EXPECT_TRUE(sink_.starts.empty());
  ASSERT_EQ(sink_.ends.size(), 1u);
}

}  // namespace raw_sql_line_test
}  // namespace afterglow
