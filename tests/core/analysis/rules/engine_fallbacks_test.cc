// Engine fallbacks. Gluten: no corpus log carries a GlutenPlanFallbackEvent (grep -l
// GlutenPlanFallback over the corpus finds none), so the events are written into
// rapids-tools/profiling/eventlog_dsv1.zstd at test time in the shape Gluten's case class has
// (org.apache.gluten.events.GlutenPlanFallbackEvent: executionId, numGlutenNodes,
// numFallbackNodes, physicalPlanDescription, fallbackNodeToReason keyed "<id> <nodeName>"), one per
// AQE fragment; silent: the log as written, and an event with no fallback. RAPIDS: the real
// rapids-tools/profiling/gpu_oom_eventlog.zstd (spark.plugins names the SQL plugin, yet its
// queries planned HashAggregate, Project, Filter and Scan parquet on the CPU); silent:
// rapids-tools/profiling/nds_q66_gpu.zstd (every operator Gpu*) and the JDBC log (a CPU run).
#include "core/analysis/rules/engine_fallbacks.h"

#include <gtest/gtest.h>

#include "tests/core/analysis/rules/rule_test_support.h"

namespace afterglow::rule_test {
namespace {

const char* kGlutenBaseLog = "rapids-tools/profiling/eventlog_dsv1.zstd";

std::string GlutenEvent(const std::string& package, int64_t execution, int gluten, int fallback,
                        const std::string& reasons) {
  return "{\"Event\":\"" + package + ".GlutenPlanFallbackEvent\",\"executionId\":" +
         std::to_string(execution) + ",\"numGlutenNodes\":" + std::to_string(gluten) +
         ",\"numFallbackNodes\":" + std::to_string(fallback) +
         ",\"physicalPlanDescription\":\"== Physical Plan ==\\nCollectLimit (4)\\n+- Filter (2)\","
         "\"fallbackNodeToReason\":{" + reasons + "}}";
}

// eventlog_dsv1 with `events` inserted before execution 0's end.
std::string WithGlutenEvents(const std::vector<std::string>& events) {
  std::string log = Joined(CorpusLines(kGlutenBaseLog));
  const size_t at = log.find(
      "{\"Event\":\"org.apache.spark.sql.execution.ui.SparkListenerSQLExecutionEnd\",\"executionId\":0,");
  EXPECT_NE(at, std::string::npos);
  if (at == std::string::npos) return log;
  std::string inserted;
  for (const std::string& e : events) inserted += e + "\n";
  log.insert(at, inserted);
  return log;
}

TEST(EngineFallbacks, GlutenFallbacksAreDecodedMergedAndReported) {
  const Diagnosed d = DiagnoseText(WithGlutenEvents({
      GlutenEvent("org.apache.gluten.events", 0, 3, 1,
                  "\"001 Scan text \":\"Gluten does not touch it or does not support it\""),
      GlutenEvent("org.apache.gluten.events", 0, 2, 2,
                  "\"001 Scan text \":\"Gluten does not touch it or does not support it\","
                  "\"003 Filter\":\"Not supported to map spark function name to substrait "
                  "function name: trim\""),
  }));
  // The model keeps both fragments' nodes once each, and the largest counts.
  const auto& fallbacks = d.model().sql.gluten_fallbacks;
  ASSERT_EQ(fallbacks.size(), 1u);
  const GlutenFallback& fallback = fallbacks.at(0);
  EXPECT_EQ(fallback.num_gluten_nodes, 3);
  EXPECT_EQ(fallback.num_fallback_nodes, 2);
  ASSERT_EQ(fallback.node_reasons.size(), 2u);
  EXPECT_EQ(d.session->strings().Get(fallback.node_reasons[1].first), "003 Filter");

  const std::vector<const Finding*> found = d.Of("gluten-fallback");
  ASSERT_EQ(found.size(), 1u);
  EXPECT_EQ(found[0]->target, FindingTarget::kSqlExecution);
  EXPECT_EQ(found[0]->target_id, 0);
  const Evidence* filter = nullptr;
  for (const Evidence& e : found[0]->evidence) {
    if (e.what == "fell back to the JVM" && e.key == "Filter") filter = &e;
  }
  ASSERT_NE(filter, nullptr);
  EXPECT_NE(filter->text.find("trim"), std::string::npos);
  EXPECT_NE(found[0]->title.find("Scan text"), std::string::npos) << found[0]->title;
  EXPECT_EQ(EvidenceOf(*found[0], EvidenceKind::kSql, "fallback nodes")->value, 2);
  EXPECT_NE(found[0]->fix.find("spark.gluten.sql.columnar"), std::string::npos);
}

TEST(EngineFallbacks, GlutenBeforeItsRenameIsReadToo) {
  const Diagnosed d = DiagnoseText(WithGlutenEvents({GlutenEvent(
      "io.glutenproject.events", 0, 1, 1, "\"002 Filter\":\"columnar Filter is not enabled\"")}));
  ASSERT_EQ(d.Of("gluten-fallback").size(), 1u);
}

TEST(EngineFallbacks, GlutenSilentWithoutFallbacks) {
  EXPECT_TRUE(DiagnoseCorpus(kGlutenBaseLog).Of("gluten-fallback").empty());
  const Diagnosed d = DiagnoseText(WithGlutenEvents({GlutenEvent("org.apache.gluten.events", 0, 4, 0, "")}));
  EXPECT_EQ(d.model().sql.gluten_fallbacks.size(), 1u);
  EXPECT_TRUE(d.Of("gluten-fallback").empty());
}

TEST(EngineFallbacks, CpuOperatorsOfTheGpuOomRun) {
  const Diagnosed d = DiagnoseCorpus("rapids-tools/profiling/gpu_oom_eventlog.zstd");
  const std::vector<const Finding*> found = d.Of("gpu-fallback");
  ASSERT_FALSE(found.empty());
  bool aggregate = false;
  for (const Finding* f : found) {
    EXPECT_EQ(f->target, FindingTarget::kSqlExecution);
    EXPECT_NE(f->fix.find("spark.rapids.sql.explain=NOT_ON_GPU"), std::string::npos);
    const Evidence* cpu = EvidenceOf(*f, EvidenceKind::kSql, "CPU nodes");
    ASSERT_NE(cpu, nullptr);
    EXPECT_GT(cpu->value, 0);
    for (const Evidence& e : f->evidence) aggregate = aggregate || e.key == "HashAggregate";
  }
  EXPECT_TRUE(aggregate);
}

TEST(EngineFallbacks, AllOnTheGpuOrNoGpuIsSilent) {
  EXPECT_TRUE(DiagnoseCorpus("rapids-tools/profiling/nds_q66_gpu.zstd").Of("gpu-fallback").empty());
  EXPECT_TRUE(DiagnoseCorpus(kJdbcLog).Of("gpu-fallback").empty());
}

TEST(EngineFallbacks, WrappersAndTransitionsAreNotCpuOperators) {
  EXPECT_FALSE(rules::IsCpuOperatorOfGpuRun("GpuHashAggregate"));
  EXPECT_FALSE(rules::IsCpuOperatorOfGpuRun("WholeStageCodegen (2)"));
  EXPECT_FALSE(rules::IsCpuOperatorOfGpuRun("Execute CreateViewCommand"));
  EXPECT_FALSE(rules::IsCpuOperatorOfGpuRun("ShuffleQueryStage"));
  EXPECT_FALSE(rules::IsCpuOperatorOfGpuRun("ReusedExchange"));
  EXPECT_TRUE(rules::IsCpuOperatorOfGpuRun("SortMergeJoin"));
  EXPECT_TRUE(rules::IsCpuOperatorOfGpuRun("Scan parquet "));
}

}  // namespace
}  // namespace afterglow::rule_test
