// The event lines the History Server's listing reads (FsHistoryProvider's eventsFilter passes
// exactly these; core/listen/listing_listener.h), each written as Spark's JsonProtocol writes it
// and ending with '\n', for tests that build a log around them.
#pragma once

#include <cstdint>
#include <string>
#include <string_view>

namespace afterglow::test_support {

// A LogStart of Spark 3.5.1: the listing's appSparkVersion.
inline std::string LogStartLine() {
  return R"({"Event":"SparkListenerLogStart","Spark Version":"3.5.1"})" "\n";
}

// An ApplicationStart named "n" of `app_id` at epoch ms `time`, run by `user`.
inline std::string AppStartLine(std::string_view app_id, int64_t time, std::string_view user) {
  return R"({"Event":"SparkListenerApplicationStart","App Name":"n","App ID":")" +
         std::string(app_id) + R"(","Timestamp":)" + std::to_string(time) + R"(,"User":")" +
         std::string(user) + "\"}\n";
}

// An empty EnvironmentUpdate, beginning with the exact prefix that halts the listing's first pass.
inline std::string EnvironmentUpdateLine() {
  return R"({"Event":"SparkListenerEnvironmentUpdate","JVM Information":{},"Spark Properties":{},)"
         R"("Hadoop Properties":{},"System Properties":{},"Classpath Entries":{}})" "\n";
}

// An ApplicationEnd at epoch ms `time`.
inline std::string AppEndLine(int64_t time) {
  return R"({"Event":"SparkListenerApplicationEnd","Timestamp":)" + std::to_string(time) + "}\n";
}

}  // namespace afterglow::test_support
