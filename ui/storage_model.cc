#include "ui/storage_model.h"

#include "simdjson.h"
#include "ui/executors_model.h"
#include "ui/tsv.h"

namespace afterglow::ui {
namespace {

int64_t Int(simdjson::dom::object object, const char* key, int64_t fallback = 0) {
  int64_t value = 0;
  return object[key].get_int64().get(value) == simdjson::SUCCESS ? value : fallback;
}

std::string Text(simdjson::dom::object object, const char* key) {
  std::string_view text;
  return object[key].get_string().get(text) == simdjson::SUCCESS ? std::string(text) : "";
}

RddRow ReadRdd(simdjson::dom::object rdd) {
  RddRow row;
  row.id = Int(rdd, "id");
  row.name = Text(rdd, "name");
  row.storage_level = Text(rdd, "storageLevel");
  row.partitions = Int(rdd, "numPartitions");
  row.cached_partitions = Int(rdd, "numCachedPartitions");
  row.memory_used = Int(rdd, "memoryUsed");
  row.disk_used = Int(rdd, "diskUsed");
  return row;
}

}  // namespace

void StorageTableModel::Clear() {
  rows.clear();
  error.clear();
  selected = -1;
  distribution.clear();
  partitions.clear();
  detail_error.clear();
}

void StorageTableModel::Build(const Session& session, const AttemptSummary& app) {
  const int64_t keep = selected;
  Clear();
  const ApiResponse response = session.Api(ApiAppBase(app) + "/storage/rdd");
  if (response.status != 200) {
    error = std::to_string(response.status) + " " + response.body;
    return;
  }
  simdjson::dom::parser parser;
  simdjson::dom::array rdds;
  if (parser.parse(response.body).get_array().get(rdds) != simdjson::SUCCESS) {
    error = "the storage answer is not a JSON array";
    return;
  }
  for (simdjson::dom::element element : rdds) {
    simdjson::dom::object rdd;
    if (element.get_object().get(rdd) == simdjson::SUCCESS) rows.push_back(ReadRdd(rdd));
  }
  if (keep >= 0) Select(session, app, keep);
}

void StorageTableModel::Select(const Session& session, const AttemptSummary& app, int64_t rdd_id) {
  selected = -1;
  distribution.clear();
  partitions.clear();
  detail_error.clear();
  bool listed = false;
  for (const RddRow& row : rows) listed = listed || row.id == rdd_id;
  if (!listed) return;
  selected = rdd_id;
  const ApiResponse response =
      session.Api(ApiAppBase(app) + "/storage/rdd/" + std::to_string(rdd_id));
  if (response.status != 200) {
    detail_error = std::to_string(response.status) + " " + response.body;
    return;
  }
  simdjson::dom::parser parser;
  simdjson::dom::object rdd;
  if (parser.parse(response.body).get_object().get(rdd) != simdjson::SUCCESS) {
    detail_error = "the RDD answer is not a JSON object";
    return;
  }
  simdjson::dom::array list;
  if (rdd["dataDistribution"].get_array().get(list) == simdjson::SUCCESS) {
    for (simdjson::dom::element element : list) {
      simdjson::dom::object d;
      if (element.get_object().get(d) != simdjson::SUCCESS) continue;
      RddDistributionRow row;
      row.address = Text(d, "address");
      row.memory_used = Int(d, "memoryUsed");
      row.memory_remaining = Int(d, "memoryRemaining");
      row.disk_used = Int(d, "diskUsed");
      row.on_heap_used = Int(d, "onHeapMemoryUsed", -1);
      row.off_heap_used = Int(d, "offHeapMemoryUsed", -1);
      row.on_heap_remaining = Int(d, "onHeapMemoryRemaining", -1);
      row.off_heap_remaining = Int(d, "offHeapMemoryRemaining", -1);
      distribution.push_back(std::move(row));
    }
  }
  if (rdd["partitions"].get_array().get(list) == simdjson::SUCCESS) {
    for (simdjson::dom::element element : list) {
      simdjson::dom::object p;
      if (element.get_object().get(p) != simdjson::SUCCESS) continue;
      RddPartitionRow row;
      row.block_name = Text(p, "blockName");
      row.storage_level = Text(p, "storageLevel");
      row.memory_used = Int(p, "memoryUsed");
      row.disk_used = Int(p, "diskUsed");
      simdjson::dom::array executors;
      if (p["executors"].get_array().get(executors) == simdjson::SUCCESS) {
        for (simdjson::dom::element executor : executors) {
          std::string_view id;
          if (executor.get_string().get(id) != simdjson::SUCCESS) continue;
          if (!row.executors.empty()) row.executors += ", ";
          row.executors += id;
        }
      }
      partitions.push_back(std::move(row));
    }
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

std::string StorageTableModel::PartitionsTsv() const {
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
