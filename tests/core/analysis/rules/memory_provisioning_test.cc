// Memory provisioning. Real: spark/spark-events/application_1553914137147_0018 gave its executors
// spark.executor.memory=7g while their largest peak JVM heap was about 0.9 GiB (over 4x that plus
// the 300 MiB reserved: Dr. Elephant's "severe" band). Made from the same log: spark.executor.memory
// set to 2g (silent: under twice the peak); one task's executor metrics with OnHeapUnifiedMemory at
// 3.7 GB of the executor's 3.82 GB pool (under-provisioned); one with 7 GiB of Python RSS beside
// the JVM's, against 7g + 1024m overhead (the container). Silent: the JDBC log, whose executor
// metrics are all zero (not measured), and the same log with one executor's task GC time made
// over 10 % of its task time (its sampled heap peaks then understate the heap it needs).
#include "core/analysis/rules/memory_provisioning.h"

#include <gtest/gtest.h>

#include "tests/core/analysis/rules/rule_test_support.h"

namespace afterglow::rule_test {
namespace {

const char* kMemoryYarnLog = "spark/spark-events/application_1553914137147_0018";

// The log with `from` replaced by `to` in the first TaskEnd that has it.
std::string WithTaskEndEdit(const std::string& from, const std::string& to) {
  std::vector<std::string> lines = CorpusLines(kMemoryYarnLog);
  bool edited = false;
  for (std::string& line : lines) {
    if (edited || !line.starts_with("{\"Event\":\"SparkListenerTaskEnd\"")) continue;
    if (line.find(from) == std::string::npos) continue;
    ReplaceIn(line, from, to);
    edited = true;
  }
  EXPECT_TRUE(edited) << from;
  return Joined(lines);
}

TEST(MemoryProvisioning, SevenGigabytesForLessThanOneIsOverProvisioned) {
  const Diagnosed d = DiagnoseCorpus(kMemoryYarnLog);
  const std::vector<const Finding*> found = d.Of("memory-over-provisioned");
  ASSERT_EQ(found.size(), 1u);
  const Finding& f = *found[0];
  EXPECT_EQ(f.severity, FindingSeverity::kWarning);  // over 4x
  const Evidence* peak = EvidenceOf(f, EvidenceKind::kExecutor, "peak JVM heap memory");
  ASSERT_NE(peak, nullptr);
  EXPECT_LT(peak->value, int64_t{1} << 30);
  EXPECT_EQ(EvidenceOf(f, EvidenceKind::kConfig, "setting")->text, "7g");
  // 1.2 x (peak + 300 MiB), rounded up to whole GiB.
  const int64_t suggested =
      (static_cast<int64_t>(1.2 * static_cast<double>(peak->value + (int64_t{300} << 20))) +
       (int64_t{1} << 30) - 1) >> 30;
  EXPECT_NE(f.fix.find("spark.executor.memory to about " + std::to_string(suggested) + "g"),
            std::string::npos) << f.fix;
  EXPECT_TRUE(d.Of("memory-under-provisioned").empty());
  EXPECT_TRUE(d.Of("memory-overhead-too-small").empty());
}

TEST(MemoryProvisioning, MemoryNearThePeakOrUnmeasuredIsSilent) {
  std::string log = Joined(CorpusLines(kMemoryYarnLog));
  ReplaceIn(log, "\"spark.executor.memory\":\"7g\"", "\"spark.executor.memory\":\"2g\"");
  EXPECT_TRUE(DiagnoseText(log).Of("memory-over-provisioned").empty());
  const Diagnosed gc_heavy =
      DiagnoseText(WithTaskEndEdit("\"JVM GC Time\":128,", "\"JVM GC Time\":100000000,"));
  EXPECT_FALSE(gc_heavy.Of("gc-pressure").empty());
  EXPECT_TRUE(gc_heavy.Of("memory-over-provisioned").empty());
  const Diagnosed jdbc = DiagnoseCorpus(kJdbcLog);
  EXPECT_TRUE(jdbc.Of("memory-over-provisioned").empty());
  EXPECT_TRUE(jdbc.Of("memory-under-provisioned").empty());
}

TEST(MemoryProvisioning, FullUnifiedPoolIsUnderProvisioned) {
  const Diagnosed d = DiagnoseText(
      WithTaskEndEdit("\"OnHeapUnifiedMemory\":5514,", "\"OnHeapUnifiedMemory\":3700000000,"));
  const std::vector<const Finding*> found = d.Of("memory-under-provisioned");
  ASSERT_EQ(found.size(), 1u);
  EXPECT_EQ(EvidenceOf(*found[0], EvidenceKind::kExecutor, "peak on-heap unified memory")->value,
            3'700'000'000);
  EXPECT_EQ(EvidenceOf(*found[0], EvidenceKind::kExecutor, "unified memory pool")->value,
            3'820'172'083);
  // 7g x 1.5, rounded up.
  EXPECT_NE(found[0]->fix.find("spark.executor.memory to about 11g"), std::string::npos)
      << found[0]->fix;
}

TEST(MemoryProvisioning, PythonWorkersNearTheContainerLimit) {
  const Diagnosed d = DiagnoseText(WithTaskEndEdit("\"ProcessTreePythonRSSMemory\":0,",
                                                   "\"ProcessTreePythonRSSMemory\":7516192768,"));
  const std::vector<const Finding*> found = d.Of("memory-overhead-too-small");
  ASSERT_EQ(found.size(), 1u);
  EXPECT_EQ(EvidenceOf(*found[0], EvidenceKind::kExecutor, "peak Python RSS")->value, 7'516'192'768);
  EXPECT_NE(found[0]->fix.find("spark.executor.memoryOverhead"), std::string::npos);
}

TEST(MemoryProvisioning, SparkMemoryStrings) {
  EXPECT_EQ(rules::ParseSparkMemory("7g"), int64_t{7} << 30);
  EXPECT_EQ(rules::ParseSparkMemory("9397M"), int64_t{9397} << 20);
  EXPECT_EQ(rules::ParseSparkMemory("1024"), int64_t{1024} << 20);
  EXPECT_EQ(rules::ParseSparkMemory("512kb"), int64_t{512} << 10);
  EXPECT_EQ(rules::ParseSparkMemory("lots"), -1);
}

}  // namespace
}  // namespace afterglow::rule_test
