#include "core/model/rdd_graph_model.h"

namespace afterglow {

void RecordJobStageRdds(const JobStartEvent& event, StageRddGraphs& out) {
  for (size_t i = 0; i < event.stage_info_count && i < event.stage_infos.size(); ++i) {
    const StageInfoEvent& info = event.stage_infos[i];
    StageRddOperations& stage = out[info.stage_id];
    stage.attempt_id = info.attempt_id;
    stage.operations = info.rdd_operations;
  }
}

}  // namespace afterglow
