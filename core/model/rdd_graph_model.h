// The RDDs of each stage as the RDD operation graph needs them: what AppStatusListener.onJobStart
// hands to RDDOperationGraph.makeOperationGraph for every stage of a starting job (the stored
// RDDOperationGraphWrapper is keyed by stage id, so a later job's StageInfo replaces it). Kept once
// per stage, strings interned in the session's pool; graphs are built from it on demand
// (core/analysis/rdd_operation_graph.h).
#pragma once

#include <cstdint>
#include <map>
#include <vector>

#include "core/events/events.h"

namespace afterglow {

struct StageRddOperations {
  int32_t attempt_id = 0;       // the StageInfo's attempt ("Stage N (attempt K)")
  RddOperationList operations;  // "RDD Info" entries, log order
};

using StageRddGraphs = std::map<int32_t, StageRddOperations>;  // by stage id

// onJobStart: every StageInfo of the job replaces its stage's entry.
void RecordJobStageRdds(const JobStartEvent& event, StageRddGraphs& out);

}  // namespace afterglow
