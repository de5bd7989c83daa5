// A log with decommissioned executors, made at test time: no corpus log has one. Spark posts no
// listener event of its own for a decommission; the executor's SparkListenerExecutorRemoved
// carries ExecutorDecommission's reason text (docs/SPARK-SEMANTICS.md fact 123). The base is
// spark/spark-events/application_1628109047826_1317105 (Spark 3.1.1 on YARN: ten executors with
// log URLs, six released by dynamic allocation), with these lines before its ApplicationEnd, in
// JsonProtocol's shapes (blockManagerRemovedToJson, executorRemovedToJson):
//   executor 7: BlockManagerRemoved, then ExecutorRemoved "Executor decommission." (Spark 3.1 to
//     3.3's fixed text);
//   executor 8: the same with "Executor decommission: spot instance reclaimed" (3.4 on, with the
//     ExecutorDecommissionInfo message).
// The other executors stay as logged: 1, 2, 3, 4, 6 and 9 removed by explicit termination
// request, 5, 10 and the driver active.
#pragma once

#include <filesystem>
#include <string>

#include "tests/support/file_text.h"

namespace afterglow::test_support {

inline constexpr const char* kDecommissionBaseLog =
    "spark/spark-events/application_1628109047826_1317105";
inline constexpr const char* kDecommissionAppId = "application_1628109047826_1317105";

inline std::string DecommissionLog(const std::filesystem::path& corpus_dir) {
  const std::string base = ReadFile(corpus_dir / kDecommissionBaseLog);
  const size_t end = base.find("{\"Event\":\"SparkListenerApplicationEnd\"");
  if (end == std::string::npos) return "";
  std::string added;
  added += R"({"Event":"SparkListenerBlockManagerRemoved","Block Manager ID":{"Executor ID":"7","Host":"host-12291","Port":29976},"Timestamp":1628638150000})" "\n";
  added += R"({"Event":"SparkListenerExecutorRemoved","Timestamp":1628638150010,"Executor ID":"7","Removed Reason":"Executor decommission."})" "\n";
  added += R"({"Event":"SparkListenerBlockManagerRemoved","Block Manager ID":{"Executor ID":"8","Host":"host-25261","Port":5372},"Timestamp":1628638155000})" "\n";
  added += R"({"Event":"SparkListenerExecutorRemoved","Timestamp":1628638155010,"Executor ID":"8","Removed Reason":"Executor decommission: spot instance reclaimed"})" "\n";
  return base.substr(0, end) + added + base.substr(end);
}

}  // namespace afterglow::test_support
