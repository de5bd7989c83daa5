// The raw fast path for task lines (raw_json_cursor.h, TaskEventDecoder::DecodeRawLine): the
// cursor accepts only what it can validate, and a task line decodes to the same event whether the
// fast path or simdjson reads it.
#include "core/decode/raw_json_cursor.h"

#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "core/base/read_padding.h"
#include "core/decode/event_decoder.h"
#include "core/decode/task_accumulables.h"
#include "core/events/executor_metrics.h"

namespace afterglow {
namespace raw_task_line_test {

using json::kNotCanonical;
using json::RawCursor;
using simdjson::SUCCESS;

// Text with readable padding after its end, as lines arrive; `tail` fills the padding (a quote
// there must not close a string).
struct Padded {
  explicit Padded(const std::string& text, char tail = '"')
      : bytes(text + std::string(kReadPadding, tail)), size(text.size()) {}
  RawCursor Cursor() const { return RawCursor(bytes.data(), bytes.data() + size); }
  std::string bytes;
  size_t size;
};

std::string ReadString(const std::string& text, simdjson::error_code* error) {
  Padded padded(text);
  RawCursor cursor = padded.Cursor();
  std::string_view out;
  *error = cursor.ReadPlainString(out);
  return std::string(out);
}

TEST(RawCursorTest, PlainStringsAreViewedUpToTheirClosingQuote) {
  simdjson::error_code error;
  EXPECT_EQ(ReadString(R"("Host":)", &error), "Host");
  EXPECT_EQ(error, SUCCESS);
  EXPECT_EQ(ReadString(R"("eord-dataproc-query-w-3.c.rapids-spark.internal",)", &error),
            "eord-dataproc-query-w-3.c.rapids-spark.internal");
  EXPECT_EQ(error, SUCCESS);
  EXPECT_EQ(ReadString(R"("")", &error), "");
  EXPECT_EQ(error, SUCCESS);
}

TEST(RawCursorTest, EscapesControlCharactersAndNonAsciiAreLeftToSimdjson) {
  simdjson::error_code error;
  ReadString(R"("a\"b")", &error);
  EXPECT_EQ(error, kNotCanonical);
  ReadString("\"tab\there\"", &error);
  EXPECT_EQ(error, kNotCanonical);
  ReadString("\"caf\xC3\xA9\"", &error);
  EXPECT_EQ(error, kNotCanonical);
  // Unclosed before the line's end: the quote in the padding does not count.
  ReadString(R"("cut off at the end of the line)", &error);
  EXPECT_EQ(error, kNotCanonical);
}

TEST(RawCursorTest, IntegersAreReadOnlyAsJsonWritesThemPlainly) {
  for (auto [text, value] : std::vector<std::pair<std::string, int64_t>>{
           {"0,", 0}, {"-12}", -12}, {"1701371493429,", 1701371493429},
           {"123456789012345678]", 123456789012345678}}) {
    Padded padded(text);
    RawCursor cursor = padded.Cursor();
    int64_t out = 0;
    ASSERT_EQ(cursor.ReadInt64(out), SUCCESS) << text;
    EXPECT_EQ(out, value) << text;
    EXPECT_EQ(cursor.Peek(), text.back()) << text;
  }
  // Fractions, exponents, leading zeros and 19+ digits go to simdjson's lenient reader.
  for (std::string text : {"5.0,", "1e3,", "01,", "1234567890123456789,", "-,", "x"}) {
    Padded padded(text);
    RawCursor cursor = padded.Cursor();
    int64_t out = 0;
    EXPECT_EQ(cursor.ReadInt64(out), kNotCanonical) << text;
  }
}

TEST(RawCursorTest, NumberTokensFollowJsonGrammar) {
  for (auto [text, token] : std::vector<std::pair<std::string, std::string>>{
           {"-2.5e+10,", "-2.5e+10"}, {"0.125}", "0.125"}, {"7E3]", "7E3"}, {"1-2", "1"}}) {
    Padded padded(text);
    RawCursor cursor = padded.Cursor();
    std::string_view out;
    ASSERT_EQ(cursor.ReadNumberToken(out), SUCCESS) << text;
    EXPECT_EQ(out, token) << text;
  }
  for (std::string text : {".5", "1.", "1e", "-", "+1"}) {
    Padded padded(text);
    RawCursor cursor = padded.Cursor();
    std::string_view out;
    EXPECT_EQ(cursor.ReadNumberToken(out), kNotCanonical) << text;
  }
}

TEST(RawCursorTest, ObjectWalkSkipsUnreadNestedValuesAndRejectsWhitespace) {
  Padded padded(R"({"skip":[1,{"b":"c"},[]],"n":null,"want":42})");
  RawCursor cursor = padded.Cursor();
  int64_t want = 0;
  std::vector<std::string> keys;
  ASSERT_EQ(json::ForEachField(cursor,
                               [&](std::string_view key, RawCursor& v) -> simdjson::error_code {
                                 keys.emplace_back(key);
                                 if (key == "want") return json::ReadInt64(v, want);
                                 return SUCCESS;
                               }),
            SUCCESS);
  EXPECT_EQ(want, 42);
  EXPECT_EQ(keys, (std::vector<std::string>{"skip", "n", "want"}));
  EXPECT_TRUE(cursor.AtEnd());

  Padded spaced(R"({"a": 1})");
  RawCursor spaced_cursor = spaced.Cursor();
  EXPECT_EQ(json::ForEachField(spaced_cursor, [](std::string_view, RawCursor&) { return SUCCESS; }),
            kNotCanonical);
}

TEST(RawCursorTest, TaskAccumulablesReadTheSameFromRawTextAsFromSimdjson) {
  const std::string array =
      R"([{"ID":1,"Name":"internal.metrics.executorRunTime","Update":5,"Value":9,)"
      R"("Internal":true,"Count Failed Values":true},)"
      R"({"ID":2,"Name":"number of output rows","Update":"12","Value":"40",)"
      R"("Internal":false,"Count Failed Values":true,"Metadata":"sql"},)"
      R"({"ID":3,"Name":"my acc","Update":-2.5e1,"Value":null,"Internal":false}])";
  Padded padded(array);
  RawCursor cursor = padded.Cursor();
  StringPool pool;
  std::vector<AccumulableEvent> shown;
  std::vector<TaskAccumUpdate> sql;
  ASSERT_EQ(DecodeTaskAccumulables(cursor, pool, &shown, &sql), SUCCESS);
  EXPECT_TRUE(cursor.AtEnd());
  // Only the third is shown (the first is internal, the second SQL's).
  ASSERT_EQ(shown.size(), 1u);
  EXPECT_EQ(shown[0].id, 3);
  EXPECT_EQ(pool.Get(shown[0].name.id), "my acc");
  EXPECT_EQ(pool.Get(shown[0].update.id), "-2.5e1");
  EXPECT_FALSE(shown[0].value.present);
  // The SQL listener sees every update's text (it parses those of its metrics as Java's
  // Long.parseLong would).
  ASSERT_EQ(sql.size(), 3u);
  EXPECT_EQ(sql[0].kind, TaskAccumUpdate::Kind::kText);
  EXPECT_EQ(sql[0].text, "5");
  EXPECT_EQ(sql[1].kind, TaskAccumUpdate::Kind::kText);
  EXPECT_EQ(sql[1].text, "12");
  EXPECT_EQ(sql[2].kind, TaskAccumUpdate::Kind::kText);
  EXPECT_EQ(sql[2].text, "-2.5e1");
}

TEST(RawCursorTest, LiteralsMatchSeparatorAndKeyTogether) {
  static constexpr json::RawKey kName = json::RawKey::Literal(R"(,"Name":)");
  static constexpr json::RawKey kLong = json::RawKey::Literal(R"(,"Count Failed Values":)");
  Padded padded(R"(,"Name":,"Count Failed Values":,"Nam":)");
  RawCursor cursor = padded.Cursor();
  EXPECT_TRUE(cursor.ConsumeKey(kName));
  EXPECT_FALSE(cursor.ConsumeKey(kName));  // the other literal is there
  EXPECT_TRUE(cursor.ConsumeKey(kLong));
  EXPECT_FALSE(cursor.ConsumeKey(kName));  // one byte differs, and the text ends first
  EXPECT_EQ(cursor.Peek(), ',');
}

TEST(RawCursorTest, CopyOfATokenIsConsumedOnlyWhenEveryByteAndItsEndMatch) {
  auto consume = [](const std::string& text, size_t token_size, size_t copy_at, char next,
                    char tail) {
    Padded padded(text, tail);
    RawCursor cursor(padded.bytes.data() + copy_at, padded.bytes.data() + padded.size);
    const bool consumed = cursor.ConsumeCopyOf(padded.bytes.data(), token_size, next);
    return consumed ? static_cast<int>(cursor.at() - padded.bytes.data() - copy_at) : -1;
  };
  EXPECT_EQ(consume("1257,1257,", 4, 5, ',', '"'), 4);
  EXPECT_EQ(consume("1257,12570,", 4, 5, ',', '"'), -1);  // longer: not the same token
  EXPECT_EQ(consume("1257,1258,", 4, 5, ',', '"'), -1);
  EXPECT_EQ(consume("1257,1257}", 4, 5, ',', '"'), -1);  // ends otherwise
  EXPECT_EQ(consume("1257,1257", 4, 5, ',', ','), -1);   // the ',' is padding, past the end
  EXPECT_EQ(consume("\"33334\",\"33334\",", 7, 8, ',', '"'), 7);
  EXPECT_EQ(consume("\"33334\",\"33335\",", 7, 8, ',', '"'), -1);
  // Eight, nine and sixteen bytes: both words compared, the second masked.
  EXPECT_EQ(consume("12345678,12345678,", 8, 9, ',', '"'), 8);
  EXPECT_EQ(consume("123456789,123456789,", 9, 10, ',', '"'), 9);
  EXPECT_EQ(consume("123456789,123456780,", 9, 10, ',', '"'), -1);
  EXPECT_EQ(consume("1234567890123456,1234567890123456,", 16, 17, ',', '"'), 16);
  EXPECT_EQ(consume("1234567890123456,1234567890123450,", 16, 17, ',', '"'), -1);
  // Longer tokens and empty ones are never matched: they are read again.
  EXPECT_EQ(consume("12345678901234567,12345678901234567,", 17, 18, ',', '"'), -1);
  EXPECT_EQ(consume(",,", 0, 1, ',', '"'), -1);
}

// The raw reader of accumulables (with its canonical shape and the Value that repeats the
// Update) gives what simdjson gives, entry by entry, on canonical and other spellings.
TEST(RawCursorTest, TaskAccumulablesRawAndSimdjsonAgreeOnEveryShape) {
  const std::vector<std::string> elements = {
      R"({"ID":1,"Name":"internal.metrics.executorRunTime","Update":1257,"Value":1257,"Internal":true,"Count Failed Values":true})",
      R"({"ID":74,"Name":"number of output rows","Update":"33334","Value":"33334","Internal":true,"Count Failed Values":true,"Metadata":"sql"})",
      R"({"ID":75,"Name":"rows","Update":"33334","Value":"333345","Internal":false,"Count Failed Values":true,"Metadata":"sql"})",
      R"({"ID":76,"Name":"size","Update":12,"Value":123,"Internal":false,"Count Failed Values":false})",
      R"({"ID":77,"Name":"size","Update":123,"Value":12,"Internal":false,"Count Failed Values":false})",
      R"({"ID":78,"Name":"t","Update":12,"Value":"12","Internal":false,"Count Failed Values":true})",
      R"({"ID":79,"Name":"t","Update":"12","Value":12,"Internal":false,"Count Failed Values":true})",
      R"({"ID":80,"Name":"t","Update":1.5,"Value":1.5e3,"Internal":false,"Count Failed Values":true})",
      R"({"ID":81,"Name":"t","Update":"","Value":"","Internal":false,"Count Failed Values":true})",
      R"({"ID":82,"Name":"t","Update":12345678901234567890,"Value":12345678901234567890,"Internal":false,"Count Failed Values":true})",
      R"({"ID":83,"Name":"t","Update":7,"Value":7,"Internal":false,"Count Failed Values":true,"Metadata":"other"})",
      R"({"ID":84,"Name":"t","Update":7,"Value":7,"Internal":false,"Count Failed Values":true,"Metadata":7})",
      R"({"ID":85,"Name":"t","Update":true,"Value":true,"Internal":false,"Count Failed Values":true})",
      R"({"ID":86,"Name":"t","Update":7,"Value":7})",
      R"({"ID":87,"Name":"t","Value":7,"Update":7,"Internal":false,"Count Failed Values":true})",
      R"({"ID":88,"Name":"a\"b","Update":"x\\y","Value":"x\\y","Internal":false,"Count Failed Values":true})",
      R"({"ID":89,"Name":null,"Update":null,"Value":[1,2],"Internal":false,"Count Failed Values":true})",
      R"({"ID":90,"Name":"t","Update":-0,"Value":-0,"Internal":false,"Count Failed Values":true})",
  };
  auto simdjson_read = [](const std::string& array, StringPool& pool,
                          std::vector<AccumulableEvent>& shown, std::vector<TaskAccumUpdate>& sql,
                          std::vector<std::string>& texts) {
    const std::string padded = array + std::string(kReadPadding, ' ');
    simdjson::ondemand::parser parser;
    simdjson::ondemand::document doc;
    ASSERT_EQ(parser.iterate(padded.data(), array.size(), padded.size()).get(doc), SUCCESS);
    simdjson::ondemand::value value;
    ASSERT_EQ(doc.get_value().get(value), SUCCESS);
    ASSERT_EQ(DecodeTaskAccumulables(value, pool, &shown, &sql), SUCCESS);
    for (const TaskAccumUpdate& acc : sql) texts.emplace_back(acc.text);
  };
  for (size_t i = 0; i < elements.size(); ++i) {
    for (size_t j = 0; j < elements.size(); ++j) {
      const std::string array = "[" + elements[i] + "," + elements[j] + "]";
      SCOPED_TRACE(array);
      StringPool raw_pool;
      std::vector<AccumulableEvent> raw_shown;
      std::vector<TaskAccumUpdate> raw_sql;
      Padded padded(array);
      RawCursor cursor = padded.Cursor();
      const simdjson::error_code raw_error =
          DecodeTaskAccumulables(cursor, raw_pool, &raw_shown, &raw_sql);
      // Escaped strings and arrays are simdjson's (the whole line goes there); the rest is read.
      auto left_to_simdjson = [&](size_t e) { return e == 15 || e == 16; };
      if (left_to_simdjson(i) || left_to_simdjson(j)) {
        EXPECT_EQ(raw_error, kNotCanonical);
        continue;
      }
      ASSERT_EQ(raw_error, SUCCESS);
      EXPECT_TRUE(cursor.AtEnd());
      StringPool pool;
      std::vector<AccumulableEvent> shown;
      std::vector<TaskAccumUpdate> sql;
      std::vector<std::string> texts;
      simdjson_read(array, pool, shown, sql, texts);
      ASSERT_EQ(raw_sql.size(), sql.size());
      for (size_t k = 0; k < sql.size(); ++k) {
        EXPECT_EQ(raw_sql[k].id, sql[k].id);
        EXPECT_EQ(raw_sql[k].kind, sql[k].kind);
        EXPECT_EQ(std::string(raw_sql[k].text), texts[k]);
      }
      auto text = [](const StringPool& p, const OptString& s) {
        return s.present ? std::string(p.Get(s.id)) : std::string("<absent>");
      };
      ASSERT_EQ(raw_shown.size(), shown.size());
      for (size_t k = 0; k < shown.size(); ++k) {
        EXPECT_EQ(raw_shown[k].id, shown[k].id);
        EXPECT_EQ(text(raw_pool, raw_shown[k].name), text(pool, shown[k].name));
        EXPECT_EQ(text(raw_pool, raw_shown[k].update), text(pool, shown[k].update));
        EXPECT_EQ(text(raw_pool, raw_shown[k].value), text(pool, shown[k].value));
      }
    }
  }
}

// Records the task events the decoder hands on.
class TaskSink : public EventSink {
 public:
  std::vector<TaskEndEvent> ends;
  std::vector<TaskInfoEvent> starts;
  void OnLogStart(StringId) override {}
  void OnApplicationStart(const ApplicationStartEvent&) override {}
  void OnApplicationEnd(int64_t) override {}
  void OnEnvironmentUpdate(OptString) override {}
  void OnJobStart(const JobStartEvent&) override {}
  void OnJobEnd(int32_t, int64_t, bool) override {}
  void OnStageSubmitted(const StageInfoEvent&, const EventProperties&) override {}
  void OnStageCompleted(const StageInfoEvent&) override {}
  void OnTaskStart(int32_t, int32_t, const TaskInfoEvent& info) override { starts.push_back(info); }
  void OnTaskEnd(const TaskEndEvent& event) override { ends.push_back(event); }
  void OnExecutorAdded(const ExecutorAddedEvent&) override {}
  void OnExecutorRemoved(int64_t, StringId, StringId) override {}
  void OnBlockManagerAdded(const BlockManagerAddedEvent&) override {}
  void OnStageExecutorMetrics(StringId, int32_t, int32_t, const ExecutorMetricValues&) override {}
};

class RawTaskLineTest : public ::testing::Test {
 protected:
  void Feed(const std::string& line) {
    Padded padded(line, '\0');
    decoder_.OnLine(std::string_view(padded.bytes.data(), line.size()), ++line_number_);
  }
  std::string Text(StringId id) const { return std::string(pool_.Get(id)); }

  StringPool pool_;
  TaskSink sink_;
  EventDecoder decoder_{&pool_, &sink_};
  uint64_t line_number_ = 0;
};

// A TaskEnd as Spark 3.1 writes it (from the nds_q66 log), with one shown accumulable added.
const std::string kTaskEnd =
    R"({"Event":"SparkListenerTaskEnd","Stage ID":3,"Stage Attempt ID":1,"Task Type":"ResultTask",)"
    R"("Task End Reason":{"Reason":"Success"},"Task Info":{"Task ID":17,"Index":4,"Attempt":2,)"
    R"("Launch Time":1701371493429,"Executor ID":"1",)"
    R"("Host":"eord-dataproc-query-w-3.c.rapids-spark.internal","Locality":"PROCESS_LOCAL",)"
    R"("Speculative":true,"Getting Result Time":0,"Finish Time":1701371496086,"Failed":false,)"
    R"("Killed":false,"Accumulables":[{"ID":3,"Name":"internal.metrics.executorRunTime",)"
    R"("Update":1838,"Value":1838,"Internal":true,"Count Failed Values":true},)"
    R"({"ID":90,"Name":"my counter","Update":"3","Value":"11","Internal":false,)"
    R"("Count Failed Values":true}]},"Task Executor Metrics":{"JVMHeapMemory":123,)"
    R"("JVMOffHeapMemory":0,"MinorGCCount":4,"MajorGCTime":-7},"Task Metrics":{)"
    R"("Executor Deserialize Time":724,"Executor Run Time":1838,"JVM GC Time":136,)"
    R"("Memory Bytes Spilled":0,"Disk Bytes Spilled":99,"Shuffle Read Metrics":{)"
    R"("Remote Blocks Fetched":2,"Local Bytes Read":512,"Push Based Shuffle":{"Merged":1}},)"
    R"("Shuffle Write Metrics":{"Shuffle Bytes Written":77,"Shuffle Write Time":5,)"
    R"("Shuffle Records Written":3},"Input Metrics":{"Bytes Read":1000,"Records Read":10},)"
    R"("Output Metrics":{"Bytes Written":0,"Records Written":0},"Updated Blocks":[]}})";

// The same JSON with a space after every comma: simdjson reads it, the fast path gives it back.
std::string Spaced(std::string line) {
  std::string out;
  for (char c : line) {
    out += c;
    if (c == ',') out += ' ';
  }
  return out;
}

void ExpectSameTaskEnd(const TaskEndEvent& a, const TaskEndEvent& b) {
  EXPECT_EQ(a.stage_id, b.stage_id);
  EXPECT_EQ(a.stage_attempt_id, b.stage_attempt_id);
  EXPECT_EQ(a.reason, b.reason);
  EXPECT_EQ(a.info.task_id, b.info.task_id);
  EXPECT_EQ(a.info.index, b.info.index);
  EXPECT_EQ(a.info.attempt, b.info.attempt);
  EXPECT_EQ(a.info.launch_time, b.info.launch_time);
  EXPECT_EQ(a.info.finish_time, b.info.finish_time);
  EXPECT_EQ(a.info.executor_id, b.info.executor_id);
  EXPECT_EQ(a.info.host, b.info.host);
  EXPECT_EQ(a.info.locality, b.info.locality);
  EXPECT_EQ(a.info.speculative, b.info.speculative);
  EXPECT_EQ(a.has_metrics, b.has_metrics);
  EXPECT_EQ(a.metrics.values, b.metrics.values);
  EXPECT_EQ(a.executor_metrics.values, b.executor_metrics.values);
  ASSERT_EQ(a.task_accumulables.size(), b.task_accumulables.size());
  for (size_t i = 0; i < a.task_accumulables.size(); ++i) {
    EXPECT_EQ(a.task_accumulables[i].id, b.task_accumulables[i].id);
    EXPECT_EQ(a.task_accumulables[i].name.id, b.task_accumulables[i].name.id);
    EXPECT_EQ(a.task_accumulables[i].update.id, b.task_accumulables[i].update.id);
    EXPECT_EQ(a.task_accumulables[i].value.id, b.task_accumulables[i].value.id);
  }
}

TEST_F(RawTaskLineTest, TaskEndReadsTheValuesWrittenAndTheSameAsSimdjsonDoes) {
  Feed(kTaskEnd);
  Feed(Spaced(kTaskEnd));
  ASSERT_EQ(sink_.ends.size(), 2u);
  EXPECT_EQ(decoder_.events(), 2u);
  EXPECT_EQ(decoder_.bad_line_count(), 0u);
  const TaskEndEvent& end = sink_.ends[0];
  EXPECT_EQ(end.stage_id, 3);
  EXPECT_EQ(end.stage_attempt_id, 1);
  EXPECT_EQ(end.reason, TaskEndReasonKind::kSuccess);
  EXPECT_EQ(end.info.task_id, 17);
  EXPECT_EQ(end.info.index, 4);
  EXPECT_EQ(end.info.attempt, 2);
  EXPECT_EQ(end.info.launch_time, 1701371493429);
  EXPECT_EQ(end.info.finish_time, 1701371496086);
  EXPECT_EQ(Text(end.info.executor_id), "1");
  EXPECT_EQ(Text(end.info.host), "eord-dataproc-query-w-3.c.rapids-spark.internal");
  EXPECT_EQ(Text(end.info.locality), "PROCESS_LOCAL");
  EXPECT_TRUE(end.info.speculative);
  EXPECT_EQ(end.metrics[TaskMetric::kExecutorDeserializeTime], 724);
  EXPECT_EQ(end.metrics[TaskMetric::kExecutorRunTime], 1838);
  EXPECT_EQ(end.metrics[TaskMetric::kJvmGcTime], 136);
  EXPECT_EQ(end.metrics[TaskMetric::kDiskBytesSpilled], 99);
  EXPECT_EQ(end.metrics[TaskMetric::kShuffleRemoteBlocksFetched], 2);
  EXPECT_EQ(end.metrics[TaskMetric::kShuffleLocalBytesRead], 512);
  EXPECT_EQ(end.metrics[TaskMetric::kShuffleBytesWritten], 77);
  EXPECT_EQ(end.metrics[TaskMetric::kShuffleRecordsWritten], 3);
  EXPECT_EQ(end.metrics[TaskMetric::kInputBytesRead], 1000);
  EXPECT_EQ(end.metrics[TaskMetric::kInputRecordsRead], 10);
  EXPECT_EQ(end.executor_metrics.values[ExecutorMetricIndex("JVMHeapMemory")], 123);
  EXPECT_EQ(end.executor_metrics.values[ExecutorMetricIndex("MinorGCCount")], 4);
  EXPECT_EQ(end.executor_metrics.values[ExecutorMetricIndex("MajorGCTime")], -7);
  ASSERT_EQ(end.task_accumulables.size(), 1u);  // the internal one is not shown
  EXPECT_EQ(end.task_accumulables[0].id, 90);
  EXPECT_EQ(Text(end.task_accumulables[0].name.id), "my counter");
  EXPECT_EQ(Text(end.task_accumulables[0].update.id), "3");
  EXPECT_EQ(Text(end.task_accumulables[0].value.id), "11");
  ExpectSameTaskEnd(sink_.ends[0], sink_.ends[1]);
}

TEST_F(RawTaskLineTest, TaskStartReadsItsTaskInfo) {
  Feed(R"({"Event":"SparkListenerTaskStart","Stage ID":0,"Stage Attempt ID":0,"Task Info":{)"
       R"("Task ID":5,"Index":1,"Attempt":0,"Partition ID":9,"Launch Time":1000,)"
       R"("Executor ID":"driver","Host":"localhost","Locality":"NODE_LOCAL","Speculative":false,)"
       R"("Getting Result Time":0,"Finish Time":0,"Failed":false,"Killed":false,)"
       R"("Accumulables":[]}})");
  ASSERT_EQ(sink_.starts.size(), 1u);
  EXPECT_EQ(sink_.starts[0].task_id, 5);
  EXPECT_EQ(sink_.starts[0].partition_id, 9);
  EXPECT_EQ(sink_.starts[0].launch_time, 1000);
  EXPECT_EQ(Text(sink_.starts[0].executor_id), "driver");
  EXPECT_EQ(Text(sink_.starts[0].locality), "NODE_LOCAL");
}

TEST_F(RawTaskLineTest, LinesOutsideTheFastPathStillDecode) {
  // A failure reason with more fields, a UTF-8 host, a null Task Metrics: simdjson reads them.
  std::string failed = kTaskEnd;
  failed.replace(failed.find(R"({"Reason":"Success"})"), 20,
                 R"({"Reason":"TaskKilled","Kill Reason":"stage cancelled"})");
  Feed(failed);
  std::string utf8 = kTaskEnd;
  utf8.replace(utf8.find("eord-dataproc"), 4, "h\xC3\xA9st");
  Feed(utf8);
  std::string no_metrics = kTaskEnd.substr(0, kTaskEnd.find(R"("Task Metrics":{)")) +
                           R"("Task Metrics":null})";
  Feed(no_metrics);
  ASSERT_EQ(sink_.ends.size(), 3u);
  EXPECT_EQ(sink_.ends[0].reason, TaskEndReasonKind::kTaskKilled);
  EXPECT_EQ(Text(sink_.ends[0].kill_reason), "stage cancelled");
  EXPECT_EQ(Text(sink_.ends[1].info.host), "h\xC3\xA9st-dataproc-query-w-3.c.rapids-spark.internal");
  EXPECT_FALSE(sink_.ends[2].has_metrics);
  EXPECT_TRUE(sink_.ends[1].has_metrics);
}

TEST_F(RawTaskLineTest, CutOffTaskLineIsStillABadLine) {
  Feed(kTaskEnd.substr(0, kTaskEnd.size() / 2));
  Feed(kTaskEnd);
  EXPECT_EQ(sink_.ends.size(), 1u);
  EXPECT_EQ(decoder_.bad_line_count(), 1u);
  ASSERT_EQ(decoder_.bad_lines().size(), 1u);
  EXPECT_EQ(decoder_.bad_lines()[0].line, 1u);
}

}  // namespace raw_task_line_test
}  // namespace afterglow
