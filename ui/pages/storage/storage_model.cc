#include "ui/pages/storage/storage_model.h"

#include <cstdio>

#include "ui/pages/api_rows.h"
#include "ui/widgets/tsv.h"

namespace afterglow::ui {
namespace {

RddRow ReadRdd(const ApiRow& rdd) {
  RddRow row;
  row.id = rdd.Int("id");
  row.name = rdd.Text("name");
  row.storage_level = rdd.Text("storageLevel");
  row.partitions = rdd.Int("numPartitions");
  row.cached_partitions = rdd.Int("numCachedPartitions");
  row.memory_used = rdd.Int("memoryUsed");
  row.disk_used = rdd.Int("diskUsed");
  return row;
}

RddDistributionRow ReadDistribution(const ApiRow& d) {
  RddDistributionRow row;
  row.address = d.Text("address");
  row.memory_used = d.Int("memoryUsed");
  row.memory_remaining = d.Int("memoryRemaining");
  row.disk_used = d.Int("diskUsed");
  row.on_heap_used = d.Int("onHeapMemoryUsed", -1);
  row.off_heap_used = d.Int("offHeapMemoryUsed", -1);
  row.on_heap_remaining = d.Int("onHeapMemoryRemaining", -1);
  row.off_heap_remaining = d.Int("offHeapMemoryRemaining", -1);
  return row;
}

RddPartitionRow ReadPartition(const ApiRow& p) {
  RddPartitionRow row;
  row.block_name = p.Text("blockName");
  row.storage_level = p.Text("storageLevel");
  row.memory_used = p.Int("memoryUsed");
  row.disk_used = p.Int("diskUsed");
  for (const std::string& id : p.Texts("executors")) {
    if (!row.executors.empty()) row.executors += ", ";
    row.executors += id;
  }
  return row;
}

}  // namespace

void StorageTableModel::Clear() {
  rows.clear();
  error.clear();
}

void StorageTableModel::Build(const Session& session, const AttemptSummary& app) {
  Clear();
  ApiAnswer answer(session, ApiAppBase(app) + "/storage/rdd");
  for (const ApiRow& rdd : answer.Rows("storage")) rows.push_back(ReadRdd(rdd));
  error = answer.error();
}

std::string StorageTableModel::Tsv() const {
  TsvWriter tsv;
  for (const char* header : {"ID", "RDD Name", "Storage Level", "Cached Partitions",
                             "Partitions", "Fraction Cached", "Size in Memory (bytes)",
                             "Size on Disk (bytes)"}) {
    tsv.Cell(header);
  }
  tsv.EndRow();
  char fraction[32];
  for (const RddRow& row : rows) {
    tsv.Cell(row.id);
    tsv.Cell(row.name);
    tsv.Cell(row.storage_level);
    tsv.Cell(row.cached_partitions);
    tsv.Cell(row.partitions);
    std::snprintf(fraction, sizeof fraction, "%.0f%%", row.FractionCached() * 100);
    tsv.Cell(fraction);
    tsv.Cell(row.memory_used);
    tsv.Cell(row.disk_used);
    tsv.EndRow();
  }
  return tsv.text();
}

void RddPageModel::Clear() {
  rdd_id = -1;
  found = false;
  rdd = RddRow();
  distribution.clear();
  partitions.clear();
  error.clear();
}

void RddPageModel::Build(const Session& session, const AttemptSummary& app, int64_t id) {
  Clear();
  rdd_id = id;
  ApiAnswer answer(session, ApiAppBase(app) + "/storage/rdd/" + std::to_string(id));
  const std::optional<ApiRow> json = answer.Object("RDD");
  error = answer.error();
  if (!json) return;
  found = true;
  rdd = ReadRdd(*json);
  for (const ApiRow& d : json->Rows("dataDistribution")) distribution.push_back(ReadDistribution(d));
  for (const ApiRow& p : json->Rows("partitions")) partitions.push_back(ReadPartition(p));
}

std::string RddPageModel::DistributionTsv() const {
  TsvWriter tsv;
  for (const char* header : {"Host", "Memory Used (bytes)", "Memory Remaining (bytes)",
                             "On Heap Memory Used (bytes)", "On Heap Memory Remaining (bytes)",
                             "Off Heap Memory Used (bytes)", "Off Heap Memory Remaining (bytes)",
                             "Disk Used (bytes)"}) {
    tsv.Cell(header);
  }
  tsv.EndRow();
  for (const RddDistributionRow& row : distribution) {
    tsv.Cell(row.address);
    tsv.Cell(row.memory_used);
    tsv.Cell(row.memory_remaining);
    // Absent on/off-heap numbers (a log without memory metrics) stay empty cells, not -1.
    for (int64_t value : {row.on_heap_used, row.on_heap_remaining, row.off_heap_used,
                          row.off_heap_remaining}) {
      if (value >= 0) tsv.Cell(value); else tsv.Cell("");
    }
    tsv.Cell(row.disk_used);
    tsv.EndRow();
  }
  return tsv.text();
}

std::string RddPageModel::PartitionsTsv() const {
  TsvWriter tsv;
  for (const char* header : {"Block Name", "Storage Level", "Size in Memory (bytes)",
                             "Size on Disk (bytes)", "Executors"}) {
    tsv.Cell(header);
  }
  tsv.EndRow();
  for (const RddPartitionRow& row : partitions) {
    tsv.Cell(row.block_name);
    tsv.Cell(row.storage_level);
    tsv.Cell(row.memory_used);
    tsv.Cell(row.disk_used);
    tsv.Cell(row.executors);
    tsv.EndRow();
  }
  return tsv.text();
}

}  // namespace afterglow::ui
