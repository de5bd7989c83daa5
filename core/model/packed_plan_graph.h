// A plan graph kept packed into one byte array: the graphs an AQE update replaced are kept for
// the plan's version history (the UI shows every version an execution had), and as SqlPlanGraph
// objects every node's metric list was an allocation of its own, some 100 bytes a node. Packed,
// a node and its metrics take a few bytes each (variable-length integers, ids as differences);
// Unpack gives the graph back as it was, when a version is asked for.
#pragma once

#include <cstddef>
#include <cstdint>
#include <vector>

namespace afterglow {

struct SqlPlanGraph;  // sql_model.h, which keeps its replaced graphs in this form

class PackedPlanGraph {
 public:
  static PackedPlanGraph Pack(const SqlPlanGraph& graph);
  SqlPlanGraph Unpack() const;
  // Heap bytes held.
  size_t HeapBytes() const { return bytes_.capacity(); }

 private:
  std::vector<uint8_t> bytes_;
};

}  // namespace afterglow
