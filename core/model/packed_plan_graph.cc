#include "core/model/packed_plan_graph.h"

#include "core/model/sql_model.h"

namespace afterglow {
namespace {

// LEB128: seven bits a byte, the high bit set on every byte but the last.
void PutUnsigned(std::vector<uint8_t>& out, uint64_t value) {
  while (value >= 0x80) {
    out.push_back(static_cast<uint8_t>(value | 0x80));
    value >>= 7;
  }
  out.push_back(static_cast<uint8_t>(value));
}

// Signed values zigzagged first, so small differences of either sign take one byte.
void PutSigned(std::vector<uint8_t>& out, int64_t value) {
  PutUnsigned(out, (static_cast<uint64_t>(value) << 1) ^ static_cast<uint64_t>(value >> 63));
}

// Differences of ids taken modulo 2^64, so any two ids (the log's accumulator ids are arbitrary
// longs) round-trip without overflow.
int64_t Difference(int64_t value, int64_t previous) {
  return static_cast<int64_t>(static_cast<uint64_t>(value) - static_cast<uint64_t>(previous));
}
int64_t AddDifference(int64_t previous, int64_t difference) {
  return static_cast<int64_t>(static_cast<uint64_t>(previous) + static_cast<uint64_t>(difference));
}

class Reader {
 public:
  explicit Reader(const std::vector<uint8_t>& bytes) : at_(bytes.data()) {}
  uint64_t Unsigned() {
    uint64_t value = 0;
    for (int shift = 0;; shift += 7) {
      const uint8_t byte = *at_++;
      value |= static_cast<uint64_t>(byte & 0x7F) << shift;
      if ((byte & 0x80) == 0) return value;
    }
  }
  int64_t Signed() {
    const uint64_t zigzag = Unsigned();
    return static_cast<int64_t>((zigzag >> 1) ^ (0 - (zigzag & 1)));
  }

 private:
  const uint8_t* at_;
};

}  // namespace

// Layout: node count, then per node: id (difference from the previous node's), name, simple
// string, cluster + 1, is_cluster, metric count, then per metric: name, accumulator id
// (difference from the previous metric's, across nodes), type; then edge count and per edge its
// two node ids.
PackedPlanGraph PackedPlanGraph::Pack(const SqlPlanGraph& graph) {
  PackedPlanGraph packed;
  std::vector<uint8_t>& out = packed.bytes_;
  PutUnsigned(out, graph.all_nodes.size());
  int64_t previous_id = 0;
  int64_t previous_accumulator = 0;
  for (const SqlPlanNode& node : graph.all_nodes) {
    PutSigned(out, Difference(node.id, previous_id));
    previous_id = node.id;
    PutUnsigned(out, node.name);
    PutUnsigned(out, node.desc);
    PutSigned(out, static_cast<int64_t>(node.cluster) + 1);
    PutUnsigned(out, node.is_cluster ? 1 : 0);
    const std::span<const SqlPlanMetric> metrics = graph.MetricsOf(node);
    PutUnsigned(out, metrics.size());
    for (const SqlPlanMetric& metric : metrics) {
      PutUnsigned(out, metric.name);
      PutSigned(out, Difference(metric.accumulator_id, previous_accumulator));
      previous_accumulator = metric.accumulator_id;
      PutUnsigned(out, metric.metric_type);
    }
  }
  PutUnsigned(out, graph.edges.size());
  for (const auto& [from, to] : graph.edges) {
    PutSigned(out, from);
    PutSigned(out, to);
  }
  out.shrink_to_fit();
  return packed;
}

SqlPlanGraph PackedPlanGraph::Unpack() const {
  SqlPlanGraph graph;
  if (bytes_.empty()) return graph;
  Reader in(bytes_);
  graph.all_nodes.resize(in.Unsigned());
  int64_t previous_id = 0;
  int64_t previous_accumulator = 0;
  for (SqlPlanNode& node : graph.all_nodes) {
    node.id = AddDifference(previous_id, in.Signed());
    previous_id = node.id;
    node.name = static_cast<StringId>(in.Unsigned());
    node.desc = static_cast<StringId>(in.Unsigned());
    node.cluster = static_cast<int32_t>(in.Signed() - 1);
    node.is_cluster = in.Unsigned() != 0;
    node.metrics_begin = static_cast<uint32_t>(graph.metrics.size());
    for (uint64_t m = in.Unsigned(); m > 0; --m) {
      SqlPlanMetric& metric = graph.metrics.emplace_back();
      metric.name = static_cast<StringId>(in.Unsigned());
      metric.accumulator_id = AddDifference(previous_accumulator, in.Signed());
      previous_accumulator = metric.accumulator_id;
      metric.metric_type = static_cast<StringId>(in.Unsigned());
    }
    node.metrics_end = static_cast<uint32_t>(graph.metrics.size());
  }
  graph.edges.resize(in.Unsigned());
  for (auto& [from, to] : graph.edges) {
    from = in.Signed();
    to = in.Signed();
  }
  return graph;
}

}  // namespace afterglow
