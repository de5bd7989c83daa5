#include "core/load/log_layout.h"

#include <gtest/gtest.h>

namespace afterglow {
namespace log_layout_test {

std::vector<std::string> PartPaths(const LogSource& log) {
  std::vector<std::string> paths;
  for (const LayoutFile& f : log.parts) paths.push_back(f.path);
  return paths;
}

TEST(LogLayout, RollingPartsGoByNumberFromTheLastCompactPart) {
  const std::vector<LayoutFile> files = {
      {"events_10_app-1.zstd", 5}, {"events_2_app-1.zstd.compact", 5}, {"events_1_app-1.zstd", 5},
      {"events_3_app-1.zstd", 5},  {"appstatus_app-1.inprogress", 0},
  };
  const std::vector<LogSource> logs = FindLogs(files, "eventlog_v2_app-1");
  ASSERT_EQ(logs.size(), 1u);
  EXPECT_EQ(logs[0].layout, LogLayout::kRolling);
  EXPECT_EQ(logs[0].name, "eventlog_v2_app-1");
  EXPECT_TRUE(logs[0].in_progress);
  EXPECT_EQ(PartPaths(logs[0]), (std::vector<std::string>{"events_2_app-1.zstd.compact",
                                                          "events_3_app-1.zstd",
                                                          "events_10_app-1.zstd"}));
  EXPECT_NE(logs[0].problem.find("events_4_"), std::string::npos) << logs[0].problem;
}

TEST(LogLayout, RollingFolderIsCompleteWhenItsMarkerIsNotInProgress) {
  const std::vector<LogSource> logs =
      FindLogs({{"eventlog_v2_a/events_1_a", 9}, {"eventlog_v2_a/appstatus_a", 0}}, "logs");
  ASSERT_EQ(logs.size(), 1u);
  EXPECT_FALSE(logs[0].in_progress);
  EXPECT_EQ(logs[0].name, "eventlog_v2_a");
  EXPECT_TRUE(logs[0].problem.empty());
}

TEST(LogLayout, DatabricksRolledPartsComeInTimeOrderThenTheLiveLog) {
  const std::vector<LogSource> logs = FindLogs(
      {{"eventlog", 9}, {"eventlog-2021-06-15--16-00.gz", 9}, {"eventlog-2021-06-15--15-00.gz", 9}},
      "db");
  ASSERT_EQ(logs.size(), 1u);
  EXPECT_EQ(logs[0].layout, LogLayout::kDatabricks);
  EXPECT_EQ(PartPaths(logs[0]),
            (std::vector<std::string>{"eventlog-2021-06-15--15-00.gz",
                                      "eventlog-2021-06-15--16-00.gz", "eventlog"}));
}

TEST(LogLayout, Spark1FolderTakesItsCodecAndCompletionFromMarkers) {
  const std::vector<LogSource> logs = FindLogs(
      {{"app-1/EVENT_LOG_1", 9}, {"app-1/SPARK_VERSION_1.2.0", 0},
       {"app-1/COMPRESSION_CODEC_org.apache.spark.io.LZFCompressionCodec", 0}},
      "logs");
  ASSERT_EQ(logs.size(), 1u);
  EXPECT_EQ(logs[0].layout, LogLayout::kSpark1);
  EXPECT_EQ(logs[0].codec, "org.apache.spark.io.LZFCompressionCodec");
  EXPECT_TRUE(logs[0].in_progress);  // no APPLICATION_COMPLETE
}

TEST(LogLayout, LogDirectoryListsFilesAndLogFoldersButSkipsHiddenEmptyAndOtherFolders) {
  const std::vector<LogSource> logs = FindLogs(
      {{"local-2", 9}, {".hidden", 9}, {"empty", 0}, {"application_1_1.lz4.inprogress", 9},
       {"eventlog_v2_x/events_1_x", 9}, {"eventlog_v2_x/appstatus_x", 0},
       {"notes/readme.txt", 9}},
      "logs");
  std::vector<std::string> names;
  for (const LogSource& log : logs) names.push_back(log.name);
  EXPECT_EQ(names, (std::vector<std::string>{"application_1_1.lz4.inprogress", "eventlog_v2_x",
                                             "local-2"}));
}

}  // namespace log_layout_test
}  // namespace afterglow
