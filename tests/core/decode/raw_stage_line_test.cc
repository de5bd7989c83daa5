// The raw fast path for stage and job events (StageEventDecoder::DecodeRawLine,
// JobEventDecoder::DecodeRawLine): each line decodes to the same event whether the fast path or
// simdjson reads it, escaped texts included, and a line outside Spark's exact shape still decodes.
#include <gtest/gtest.h>

#include <span>
#include <string>
#include <vector>

#include "core/base/read_padding.h"
#include "core/decode/event_decoder.h"

namespace afterglow {
namespace raw_stage_line_test {

// Records the stage and job events the decoder hands on.
class StageSink : public EventSink {
 public:
  std::vector<StageInfoEvent> submitted;
  std::vector<EventProperties> submitted_properties;
  std::vector<StageInfoEvent> completed;
  std::vector<JobStartEvent> job_starts;
  struct JobEnd {
    int32_t job_id;
    int64_t completion_time;
    bool succeeded;
  };
  std::vector<JobEnd> job_ends;
  void OnLogStart(StringId) override {}
  void OnApplicationStart(const ApplicationStartEvent&) override {}
  void OnApplicationEnd(int64_t) override {}
  void OnEnvironmentUpdate(OptString) override {}
  void OnJobStart(const JobStartEvent& event) override { job_starts.push_back(event); }
  void OnJobEnd(int32_t job_id, int64_t completion_time, bool succeeded) override {
    job_ends.push_back({job_id, completion_time, succeeded});
  }
  void OnStageSubmitted(const StageInfoEvent& info, const EventProperties& props) override {
    submitted.push_back(info);
    submitted_properties.push_back(props);
  }
  void OnStageCompleted(const StageInfoEvent& info) override { completed.push_back(info); }
  void OnTaskStart(int32_t, int32_t, const TaskInfoEvent&) override {}
  void OnTaskEnd(const TaskEndEvent&) override {}
  void OnExecutorAdded(const ExecutorAddedEvent&) override {}
  void OnExecutorRemoved(int64_t, StringId, StringId) override {}
  void OnBlockManagerAdded(const BlockManagerAddedEvent&) override {}
  void OnStageExecutorMetrics(StringId, int32_t, int32_t, const ExecutorMetricValues&) override {}
};

// The same JSON with a space after every comma outside strings: simdjson reads it, the fast path
// gives it back.
std::string Spaced(const std::string& line) {
  std::string out;
  bool in_string = false;
  for (size_t i = 0; i < line.size(); ++i) {
    const char c = line[i];
    out += c;
    if (c == '\\' && in_string) {
      out += line[++i];
      continue;
    }
    if (c == '"') in_string = !in_string;
    if (c == ',' && !in_string) out += ' ';
  }
  return out;
}

bool SameText(const OptString& a, const OptString& b) {
  return a.present == b.present && a.id == b.id;
}

std::vector<int32_t> ParentIds(const StageInfoEvent& info, size_t rdd) {
  const std::span<const int32_t> ids =
      info.rdd_operations.ParentIdsOf(info.rdd_operations.rdds[rdd]);
  return std::vector<int32_t>(ids.begin(), ids.end());
}

void ExpectSameStageInfo(const StageInfoEvent& a, const StageInfoEvent& b) {
  EXPECT_EQ(a.stage_id, b.stage_id);
  EXPECT_EQ(a.attempt_id, b.attempt_id);
  EXPECT_EQ(a.name, b.name);
  EXPECT_EQ(a.num_tasks, b.num_tasks);
  EXPECT_EQ(a.details, b.details);
  EXPECT_EQ(a.submission_time, b.submission_time);
  EXPECT_EQ(a.completion_time, b.completion_time);
  EXPECT_TRUE(SameText(a.failure_reason, b.failure_reason));
  EXPECT_EQ(a.resource_profile_id, b.resource_profile_id);
  EXPECT_EQ(a.rdd_ids, b.rdd_ids);
  EXPECT_EQ(a.parent_ids, b.parent_ids);
  ASSERT_EQ(a.accumulables.size(), b.accumulables.size());
  for (size_t i = 0; i < a.accumulables.size(); ++i) {
    EXPECT_EQ(a.accumulables[i].id, b.accumulables[i].id);
    EXPECT_TRUE(SameText(a.accumulables[i].name, b.accumulables[i].name));
    EXPECT_TRUE(SameText(a.accumulables[i].update, b.accumulables[i].update));
    EXPECT_TRUE(SameText(a.accumulables[i].value, b.accumulables[i].value));
    EXPECT_EQ(a.accumulables[i].internal, b.accumulables[i].internal);
    EXPECT_EQ(a.accumulables[i].metadata_sql, b.accumulables[i].metadata_sql);
  }
  ASSERT_EQ(a.persisted_rdds.size(), b.persisted_rdds.size());
  for (size_t i = 0; i < a.persisted_rdds.size(); ++i) {
    EXPECT_EQ(a.persisted_rdds[i].rdd_id, b.persisted_rdds[i].rdd_id);
    EXPECT_EQ(a.persisted_rdds[i].name, b.persisted_rdds[i].name);
    EXPECT_EQ(a.persisted_rdds[i].num_partitions, b.persisted_rdds[i].num_partitions);
    EXPECT_EQ(a.persisted_rdds[i].level.use_memory, b.persisted_rdds[i].level.use_memory);
    EXPECT_EQ(a.persisted_rdds[i].level.replication, b.persisted_rdds[i].level.replication);
  }
  ASSERT_EQ(a.rdd_operations.rdds.size(), b.rdd_operations.rdds.size());
  for (size_t i = 0; i < a.rdd_operations.rdds.size(); ++i) {
    EXPECT_EQ(a.rdd_operations.rdds[i].rdd_id, b.rdd_operations.rdds[i].rdd_id);
    EXPECT_EQ(a.rdd_operations.rdds[i].name, b.rdd_operations.rdds[i].name);
    EXPECT_EQ(a.rdd_operations.rdds[i].scope, b.rdd_operations.rdds[i].scope);
    EXPECT_EQ(a.rdd_operations.rdds[i].callsite, b.rdd_operations.rdds[i].callsite);
    EXPECT_EQ(a.rdd_operations.rdds[i].deterministic_level,
              b.rdd_operations.rdds[i].deterministic_level);
    EXPECT_EQ(ParentIds(a, i), ParentIds(b, i));
    EXPECT_EQ(a.rdd_operations.rdds[i].cached, b.rdd_operations.rdds[i].cached);
    EXPECT_EQ(a.rdd_operations.rdds[i].barrier, b.rdd_operations.rdds[i].barrier);
  }
}

void ExpectSameProperties(const EventProperties& a, const EventProperties& b) {
  EXPECT_TRUE(SameText(a.job_description, b.job_description));
  EXPECT_TRUE(SameText(a.job_group, b.job_group));
  EXPECT_TRUE(SameText(a.job_tags, b.job_tags));
  EXPECT_TRUE(SameText(a.scheduler_pool, b.scheduler_pool));
  EXPECT_TRUE(SameText(a.sql_execution_id, b.sql_execution_id));
}

// A StageInfo as Spark 3.1 writes it (from the rdd_only corpus log), with a persisted RDD, a
// shown accumulable and a SQL one added.
const std::string kStageInfo =
    R"({"Stage ID":0,"Stage Attempt ID":0,"Stage Name":"collect at <console>:26",)"
    R"("Number of Tasks":1,"RDD Info":[{"RDD ID":3,"Name":"MapPartitionsRDD",)"
    R"("Scope":"{\"id\":\"3\",\"name\":\"mapPartitions\"}","Callsite":"mapPartitions at <console>:26",)"
    R"("Parent IDs":[1],"Storage Level":{"Use Disk":false,"Use Memory":true,"Deserialized":true,)"
    R"("Replication":1},"Barrier":false,"Number of Partitions":4,"Number of Cached Partitions":0,)"
    R"("Memory Size":0,"Disk Size":0},{"RDD ID":1,"Name":"ParallelCollectionRDD",)"
    R"("Scope":"{\"id\":\"1\",\"name\":\"makeRDD\"}","Callsite":"makeRDD at <console>:24",)"
    R"("Parent IDs":[],"Storage Level":{"Use Disk":false,"Use Memory":false,"Deserialized":false,)"
    R"("Replication":1},"Barrier":false,"Number of Partitions":1,"Number of Cached Partitions":0,)"
    R"("Memory Size":0,"Disk Size":0}],"Parent IDs":[],)"
    R"("Details":"org.apache.spark.rdd.RDD.collect(RDD.scala:1029)\n$line18.$read$$iw.<init>(<console>:26)\n\tcaf\u00e9",)"
    R"("Submission Time":1623280715486,"Completion Time":1623280715853,"Accumulables":[)"
    R"({"ID":0,"Name":"internal.metrics.executorDeserializeTime","Value":151,"Internal":true,)"
    R"("Count Failed Values":true},{"ID":7,"Name":"my counter","Value":"11","Internal":false,)"
    R"("Count Failed Values":true},{"ID":8,"Name":"number of output rows","Value":"40",)"
    R"("Internal":false,"Count Failed Values":true,"Metadata":"sql"}],"Resource Profile Id":0})";

const std::string kProperties =
    R"({"spark.rdd.scope.noOverride":"true","spark.rdd.scope":"{\"id\":\"4\",\"name\":\"collect\"}",)"
    R"("spark.job.description":"a \"quoted\" job","spark.jobGroup.id":"group 1",)"
    R"("spark.scheduler.pool":"fast","spark.sql.execution.id":"12"})";

class RawStageLineTest : public ::testing::Test {
 protected:
  void Feed(const std::string& line) {
    std::string padded = line + std::string(kReadPadding, '\0');
    decoder_.OnLine(std::string_view(padded.data(), line.size()), ++line_number_);
  }
  std::string Text(StringId id) const { return std::string(pool_.Get(id)); }

  StringPool pool_;
  StageSink sink_;
  EventDecoder decoder_{&pool_, &sink_};
  uint64_t line_number_ = 0;
};

TEST_F(RawStageLineTest, StageEventsReadTheValuesWrittenAndTheSameAsSimdjsonDoes) {
  const std::string submitted = R"({"Event":"SparkListenerStageSubmitted","Stage Info":)" +
                                kStageInfo + R"(,"Properties":)" + kProperties + "}";
  const std::string completed =
      R"({"Event":"SparkListenerStageCompleted","Stage Info":)" + kStageInfo + "}";
  for (int round = 0; round < 2; ++round) {  // the second round hits the interner's slots
    Feed(submitted);
    Feed(Spaced(submitted));
    Feed(completed);
    Feed(Spaced(completed));
  }
  EXPECT_EQ(decoder_.bad_line_count(), 0u);
  ASSERT_EQ(sink_.submitted.size(), 4u);
  ASSERT_EQ(sink_.completed.size(), 4u);
  const StageInfoEvent& info = sink_.submitted[0];
  EXPECT_EQ(Text(info.name), "collect at <console>:26");
  EXPECT_EQ(Text(info.details),
            "org.apache.spark.rdd.RDD.collect(RDD.scala:1029)\n$line18.$read$$iw.<init>(<console>:26)"
            "\n\tcaf\xC3\xA9");
  EXPECT_EQ(info.submission_time, 1623280715486);
  EXPECT_EQ(info.rdd_ids, (std::vector<int32_t>{3, 1}));
  ASSERT_EQ(info.persisted_rdds.size(), 1u);
  EXPECT_EQ(Text(info.persisted_rdds[0].name), "MapPartitionsRDD");
  EXPECT_EQ(info.persisted_rdds[0].num_partitions, 4);
  EXPECT_TRUE(info.rdd_operations.rdds.empty());  // only a JobStart's stage infos feed the graph
  ASSERT_EQ(info.accumulables.size(), 3u);
  // Internal and SQL entries keep their id and flags; their texts are not read into the pool
  // (the status model drops them).
  EXPECT_EQ(info.accumulables[0].id, 0);
  EXPECT_TRUE(info.accumulables[0].internal);
  EXPECT_FALSE(info.accumulables[0].name.present);
  EXPECT_FALSE(info.accumulables[0].value.present);
  EXPECT_EQ(Text(info.accumulables[1].name.id), "my counter");
  EXPECT_EQ(Text(info.accumulables[1].value.id), "11");
  EXPECT_TRUE(info.accumulables[2].metadata_sql);
  EXPECT_FALSE(info.accumulables[2].value.present);
  const EventProperties& props = sink_.submitted_properties[0];
  EXPECT_EQ(Text(props.job_description.id), R"(a "quoted" job)");
  EXPECT_EQ(Text(props.scheduler_pool.id), "fast");
  EXPECT_FALSE(props.job_tags.present);
  for (size_t i = 1; i < 4; ++i) {
    ExpectSameStageInfo(sink_.submitted[0], sink_.submitted[i]);
    ExpectSameProperties(sink_.submitted_properties[0], sink_.submitted_properties[i]);
    ExpectSameStageInfo(sink_.completed[0], sink_.completed[i]);
  }
  ExpectSameStageInfo(sink_.submitted[0], sink_.completed[0]);
}

TEST_F(RawStageLineTest, JobStartReadsItsStagesOperationGraphAndTheSameAsSimdjsonDoes) {
  const std::string job_start = R"({"Event":"SparkListenerJobStart","Job ID":4,)"
                                R"("Submission Time":1623280715472,"Stage Infos":[)" +
                                kStageInfo + R"(],"Stage IDs":[0],"Properties":)" + kProperties +
                                "}";
  Feed(job_start);
  Feed(Spaced(job_start));
  EXPECT_EQ(decoder_.bad_line_count(), 0u);
  ASSERT_EQ(sink_.job_starts.size(), 2u);
  const JobStartEvent& job = sink_.job_starts[0];
  EXPECT_EQ(job.job_id, 4);
  EXPECT_EQ(job.submission_time, 1623280715472);
  EXPECT_EQ(job.stage_ids, (std::vector<int32_t>{0}));
  ASSERT_EQ(job.stage_info_count, 1u);
  const StageInfoEvent& info = job.stage_infos[0];
  ASSERT_EQ(info.rdd_operations.rdds.size(), 2u);
  EXPECT_EQ(Text(info.rdd_operations.rdds[0].scope), R"({"id":"3","name":"mapPartitions"})");
  EXPECT_EQ(Text(info.rdd_operations.rdds[0].callsite), "mapPartitions at <console>:26");
  EXPECT_EQ(ParentIds(info, 0), (std::vector<int32_t>{1}));
  EXPECT_TRUE(info.rdd_operations.rdds[0].cached);
  EXPECT_FALSE(info.rdd_operations.rdds[1].cached);
  EXPECT_EQ(Text(job.properties.job_group.id), "group 1");
  const JobStartEvent& spaced = sink_.job_starts[1];
  ASSERT_EQ(spaced.stage_info_count, 1u);
  ExpectSameStageInfo(info, spaced.stage_infos[0]);
  ExpectSameProperties(job.properties, spaced.properties);
}

TEST_F(RawStageLineTest, ARepeatedRddInfoArrayDecodesAsItsFirstSightDid) {
  // The fast path keeps each RDD Info array it read and, when the same text comes again, hands
  // on what it decoded to: the operation-graph fields only when they were read (a JobStart's
  // stage infos), and never for an array that differs past its first bytes.
  const std::string submitted = R"({"Event":"SparkListenerStageSubmitted","Stage Info":)" +
                                kStageInfo + R"(,"Properties":)" + kProperties + "}";
  const std::string job_start = R"({"Event":"SparkListenerJobStart","Job ID":4,)"
                                R"("Submission Time":1623280715472,"Stage Infos":[)" +
                                kStageInfo + "," + kStageInfo +
                                R"(],"Stage IDs":[0],"Properties":)" + kProperties + "}";
  std::string other_storage = submitted;  // the same first RDD but its level, further on
  other_storage.replace(other_storage.find(R"("Use Memory":true)"), 17, R"("Use Memory":false)");
  std::string other_parents = job_start;  // the second RDD's parents, near the array's end
  other_parents.replace(other_parents.rfind(R"("Parent IDs":[],"Storage)"), 16,
                        R"("Parent IDs":[9],)");
  for (const std::string& line : {submitted, job_start, job_start, submitted, other_storage,
                                  other_parents, submitted}) {
    Feed(line);
    Feed(Spaced(line));
  }
  EXPECT_EQ(decoder_.bad_line_count(), 0u);
  ASSERT_EQ(sink_.submitted.size(), 8u);
  ASSERT_EQ(sink_.job_starts.size(), 6u);
  for (size_t i = 0; i < sink_.submitted.size(); i += 2) {
    ExpectSameStageInfo(sink_.submitted[i], sink_.submitted[i + 1]);  // raw, simdjson
  }
  for (size_t i = 0; i < sink_.job_starts.size(); i += 2) {
    ASSERT_EQ(sink_.job_starts[i].stage_info_count, 2u);
    ASSERT_EQ(sink_.job_starts[i + 1].stage_info_count, 2u);
    for (size_t s = 0; s < 2; ++s) {
      ExpectSameStageInfo(sink_.job_starts[i].stage_infos[s], sink_.job_starts[i + 1].stage_infos[s]);
    }
  }
  for (const StageInfoEvent& info : sink_.submitted) EXPECT_TRUE(info.rdd_operations.rdds.empty());
  EXPECT_EQ(sink_.submitted[0].persisted_rdds.size(), 1u);
  EXPECT_EQ(sink_.submitted[4].persisted_rdds.size(), 0u);  // other_storage
  EXPECT_EQ(sink_.submitted[6].persisted_rdds.size(), 1u);
  const StageInfoEvent& repeated = sink_.job_starts[2].stage_infos[1];
  ASSERT_EQ(repeated.rdd_operations.rdds.size(), 2u);
  EXPECT_EQ(Text(repeated.rdd_operations.rdds[0].scope), R"({"id":"3","name":"mapPartitions"})");
  EXPECT_EQ(ParentIds(sink_.job_starts[4].stage_infos[0], 1), std::vector<int32_t>{});
  EXPECT_EQ(ParentIds(sink_.job_starts[4].stage_infos[1], 1), std::vector<int32_t>{9});
}

TEST_F(RawStageLineTest, LinesOutsideTheFastPathStillDecode) {
  // A UTF-8 stage name, a lone surrogate in Details (simdjson's error) and an object as an
  // accumulable's value: simdjson reads them. A pre-1.2 JobStart gets its stub stage infos.
  std::string utf8 = R"({"Event":"SparkListenerStageCompleted","Stage Info":)" + kStageInfo + "}";
  utf8.replace(utf8.find("collect at"), 7, "caf\xC3\xA9");
  Feed(utf8);
  std::string object_value =
      R"({"Event":"SparkListenerStageCompleted","Stage Info":)" + kStageInfo + "}";
  object_value.replace(object_value.find(R"("Value":"11")"), 12, R"("Value":{"a":1})");
  Feed(object_value);
  Feed(R"({"Event":"SparkListenerJobStart","Job ID":1,"Stage IDs":[2,3]})");
  std::string surrogate =
      R"({"Event":"SparkListenerStageCompleted","Stage Info":)" + kStageInfo + "}";
  surrogate.replace(surrogate.find(R"(\u00e9)"), 6, R"(\ud800)");
  Feed(surrogate);
  Feed(R"({"Event":"SparkListenerLogStart","Spark Version":"3.1.1"})");
  ASSERT_EQ(sink_.completed.size(), 2u);
  EXPECT_EQ(Text(sink_.completed[0].name), "caf\xC3\xA9 at <console>:26");
  EXPECT_EQ(Text(sink_.completed[1].accumulables[1].value.id), R"({"a":1})");
  ASSERT_EQ(sink_.job_starts.size(), 1u);
  ASSERT_EQ(sink_.job_starts[0].stage_info_count, 2u);
  EXPECT_EQ(Text(sink_.job_starts[0].stage_infos[1].name), "unknown");
  EXPECT_EQ(decoder_.bad_line_count(), 1u);  // the surrogate
}

TEST_F(RawStageLineTest, JobEndReadsItsResultAndTheSameAsSimdjsonDoes) {
  const std::string succeeded = R"({"Event":"SparkListenerJobEnd","Job ID":7,)"
                                R"("Completion Time":1623280715860,)"
                                R"("Job Result":{"Result":"JobSucceeded"}})";
  // A failed job's exception has a stack trace with escapes: skipped on the fast path too.
  const std::string failed = R"({"Event":"SparkListenerJobEnd","Job ID":8,"Completion Time":null,)"
                             R"("Job Result":{"Result":"JobFailed","Exception":{"Message":)"
                             R"("Job aborted\n\tat \"x\"","Stack Trace":[]}}})";
  for (const std::string& line : {succeeded, Spaced(succeeded), failed, Spaced(failed)}) Feed(line);
  EXPECT_EQ(decoder_.bad_line_count(), 0u);
  ASSERT_EQ(sink_.job_ends.size(), 4u);
  EXPECT_EQ(sink_.job_ends[0].job_id, 7);
  EXPECT_EQ(sink_.job_ends[0].completion_time, 1623280715860);
  EXPECT_TRUE(sink_.job_ends[0].succeeded);
  EXPECT_EQ(sink_.job_ends[2].job_id, 8);
  EXPECT_EQ(sink_.job_ends[2].completion_time, kNoTime);
  EXPECT_FALSE(sink_.job_ends[2].succeeded);
  for (size_t i : {1, 3}) {
    EXPECT_EQ(sink_.job_ends[i].job_id, sink_.job_ends[i - 1].job_id);
    EXPECT_EQ(sink_.job_ends[i].completion_time, sink_.job_ends[i - 1].completion_time);
    EXPECT_EQ(sink_.job_ends[i].succeeded, sink_.job_ends[i - 1].succeeded);
  }
}

TEST_F(RawStageLineTest, NumbersPastADoublesRangeAreBadLinesOnBothPaths) {
  // simdjson's path reads an accumulable's number as a double too, which fails past its range;
  // the fast path must not deliver what simdjson refuses. 300 digits are still in range.
  const auto line = [](size_t digits) {
    return R"({"Event":"SparkListenerStageCompleted","Stage Info":{"Stage ID":0,)"
           R"("Stage Name":"x","Number of Tasks":1,"Accumulables":[{"ID":1,"Name":"n","Value":)" +
           std::string(digits, '9') + R"(,"Internal":false}]}})";
  };
  Feed(line(400));
  Feed(Spaced(line(400)));
  Feed(line(300));
  Feed(Spaced(line(300)));
  decoder_.OnEnd(/*maybe_truncated=*/false);
  EXPECT_EQ(decoder_.bad_line_count(), 2u);
  ASSERT_EQ(sink_.completed.size(), 2u);
  EXPECT_EQ(Text(sink_.completed[0].accumulables[0].value.id), std::string(300, '9'));
  EXPECT_EQ(sink_.completed[1].accumulables[0].value.id,
            sink_.completed[0].accumulables[0].value.id);
}

}  // namespace raw_stage_line_test
}  // namespace afterglow
