// The failure-root-cause rule. Real log: spark/spark-events/app-20161115172038-0000, whose stage 0
// retried 10 task attempts that all failed with java.lang.RuntimeException ("bad exec"), the
// first being task 1. Made log: one of the JDBC log's stage-2 tasks turned into a failure whose
// stack trace ends in "Caused by: java.lang.OutOfMemoryError". Silent: the JDBC log itself.
#include "core/analysis/rules/failure_causes.h"

#include <gtest/gtest.h>

#include "tests/core/analysis/rules/rule_test_support.h"

namespace afterglow::rule_test {
namespace {

TEST(FailureCauses, DeepestCausedByIsTheRoot) {
  const rules::RootCause cause = rules::RootCauseOf(
      "org.apache.spark.SparkException: Task failed while writing rows.\n"
      "\tat org.apache.spark.sql.execution.datasources.FileFormatWriter$.executeTask(x.scala:1)\n"
      "Caused by: java.io.IOException: spill failed\n\tat a.b(c.java:2)\n"
      "Caused by: java.lang.OutOfMemoryError: Java heap space\n\tat d.e(f.java:3)\n");
  EXPECT_EQ(cause.exception_class, "java.lang.OutOfMemoryError");
  EXPECT_EQ(cause.message, "java.lang.OutOfMemoryError: Java heap space");
  EXPECT_EQ(rules::RootCauseOf("ExecutorLostFailure (executor 2 exited)").exception_class,
            "ExecutorLostFailure");
}

TEST(FailureCauses, RetriedRuntimeExceptionsOfTheStandaloneRun) {
  const Diagnosed d = DiagnoseCorpus("spark/spark-events/app-20161115172038-0000");
  const std::vector<const Finding*> found = d.Of("failure-root-cause");
  ASSERT_EQ(found.size(), 1u);
  const Finding& f = *found[0];
  EXPECT_EQ(f.value_a, 10);
  EXPECT_NE(f.title.find("java.lang.RuntimeException"), std::string::npos) << f.title;
  EXPECT_EQ(f.target_id, 0);
  const Evidence* task = EvidenceOf(f, EvidenceKind::kTask, "first failed attempt");
  ASSERT_NE(task, nullptr);
  EXPECT_EQ(task->id, 1);
  EXPECT_EQ(task->text, "java.lang.RuntimeException: bad exec");
  EXPECT_FALSE(f.fix.empty());
}

TEST(FailureCauses, OutOfMemoryBehindAWrapperIsExplained) {
  std::string log = Joined(CorpusLines("rapids-tools/qualification/jdbc_eventlog.zstd"));
  const size_t task = log.find("{\"Event\":\"SparkListenerTaskEnd\",\"Stage ID\":2,");
  ASSERT_NE(task, std::string::npos);
  const std::string success = "\"Task End Reason\":{\"Reason\":\"Success\"}";
  ASSERT_EQ(log.find(success, task), log.find("\"Task End Reason\"", task));
  log.replace(log.find(success, task), success.size(),
              "\"Task End Reason\":{\"Reason\":\"ExceptionFailure\",\"Class Name\":"
              "\"org.apache.spark.SparkException\",\"Description\":\"Task failed\",\"Stack "
              "Trace\":[],\"Full Stack Trace\":\"org.apache.spark.SparkException: Task failed\\n"
              "\\tat x.y(z.scala:1)\\nCaused by: java.lang.OutOfMemoryError: Java heap space\\n"
              "\\tat a.b(c.java:2)\\n\",\"Accumulator Updates\":[]}");
  const size_t failed = log.find("\"Failed\":false", task);
  log.replace(failed, 14, "\"Failed\":true");
  const Diagnosed d = DiagnoseText(log);
  const std::vector<const Finding*> found = d.Of("failure-root-cause");
  ASSERT_EQ(found.size(), 1u);
  EXPECT_NE(found[0]->title.find("java.lang.OutOfMemoryError"), std::string::npos) << found[0]->title;
  EXPECT_NE(found[0]->fix.find("spark.executor.memory"), std::string::npos);
  EXPECT_EQ(found[0]->target_id, 2);
}

TEST(FailureCauses, CleanLogIsSilent) {
  EXPECT_TRUE(DiagnoseCorpus("rapids-tools/qualification/jdbc_eventlog.zstd")
                  .Of("failure-root-cause")
                  .empty());
}

}  // namespace
}  // namespace afterglow::rule_test
