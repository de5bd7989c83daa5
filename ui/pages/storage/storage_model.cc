#include "ui/pages/storage/storage_model.h"

#include <cstdint>
#include <cstdio>
#include <optional>

#include "core/query/storage_rows.h"
#include "ui/widgets/tsv.h"

namespace afterglow::ui {
namespace {

RddRow ReadRdd(const afterglow::RddRow& rdd) {
  RddRow row;
  row.id = rdd.id;
  row.name = std::string(rdd.name);
  row.storage_level = rdd.storage_level.Description();
  row.partitions = rdd.num_partitions;
  row.cached_partitions = rdd.num_cached_partitions;
  row.memory_used = rdd.memory_used;
  row.disk_used = rdd.disk_used;
  return row;
}

RddDistributionRow ReadDistribution(const afterglow::RddDistributionRow& d) {
  RddDistributionRow row;
  row.address = std::string(d.address);
  row.memory_used = d.memory_used;
  row.memory_remaining = d.memory_remaining;
  row.disk_used = d.disk_used;
  if (d.has_memory_info) {
    row.on_heap_used = d.on_heap_memory_used;
    row.off_heap_used = d.off_heap_memory_used;
    row.on_heap_remaining = d.on_heap_memory_remaining;
    row.off_heap_remaining = d.off_heap_memory_remaining;
  }
  return row;
}

RddPartitionRow ReadPartition(const afterglow::RddPartitionRow& p) {
  RddPartitionRow row;
  row.block_name = std::string(p.block_name);
  row.storage_level = p.storage_level.Description();
  row.memory_used = p.memory_used;
  row.disk_used = p.disk_used;
  for (std::string_view id : p.executors) {
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
  const AttemptModel* model = session.model(app.model_index);
  if (model == nullptr) {
    error = "no such application attempt";
    return;
  }
  for (const afterglow::RddRow& rdd : CachedRddRows(*model, session.strings())) {
    rows.push_back(ReadRdd(rdd));
  }
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
  const AttemptModel* model = session.model(app.model_index);
  const std::optional<afterglow::RddRow> found_rdd =
      model != nullptr && id >= INT32_MIN && id <= INT32_MAX
          ? FindRddRow(*model, session.strings(), static_cast<int32_t>(id))
          : std::nullopt;
  if (!found_rdd) {
    error = "no rdd found w/ id " + std::to_string(id);
    return;
  }
  found = true;
  rdd = ReadRdd(*found_rdd);
  const StringPool& pool = session.strings();
  for (const afterglow::RddDistributionRow& d : RddDistributionRows(*model, pool, found_rdd->id)) {
    distribution.push_back(ReadDistribution(d));
  }
  ForEachRddPartitionRow(*model, pool, found_rdd->id, [&](const afterglow::RddPartitionRow& p) {
    partitions.push_back(ReadPartition(p));
  });
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
