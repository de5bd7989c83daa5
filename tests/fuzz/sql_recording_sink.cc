#include "tests/fuzz/sql_recording_sink.h"

namespace afterglow::fuzz {

std::string SqlRecordingSink::Text(StringId id) const {
  return "\"" + std::string(pool_->Get(id)) + "\"";
}

std::string SqlRecordingSink::Text(const OptString& text) const {
  return text.present ? Text(text.id) : "-";
}

std::string SqlRecordingSink::Plan(const SparkPlanInfoTree& plan) const {
  std::string text = "plan";
  for (const SparkPlanInfoNode& node : plan.nodes) {
    text += " [" + Text(node.node_name) + " " + Text(node.simple_string) + " " +
            std::to_string(node.first_child) + " " + std::to_string(node.next_sibling) + " " +
            std::to_string(node.metrics_begin) + "-" + std::to_string(node.metrics_end) + "]";
  }
  text += " metrics";
  for (const SqlPlanMetricEvent& metric : plan.metrics) {
    text += " [" + Text(metric.name) + " " + std::to_string(metric.accumulator_id) + " " +
            Text(metric.metric_type) + "]";
  }
  return text;
}

void SqlRecordingSink::OnSqlExecutionStart(const SqlExecutionStartEvent& event) {
  std::string text = "start " + std::to_string(event.execution_id) + " root " +
                     Text(event.root_execution_id) + " " + Text(event.description) + " " +
                     Text(event.details) + " " + Text(event.physical_plan_description) +
                     " time " + std::to_string(event.time) + " configs";
  for (const auto& [name, value] : event.modified_configs) {
    text += " " + Text(name) + "=" + Text(value);
  }
  events.push_back(text + " " + Plan(event.plan));
}

void SqlRecordingSink::OnSqlExecutionEnd(const SqlExecutionEndEvent& event) {
  events.push_back("end " + std::to_string(event.execution_id) + " " + std::to_string(event.time) +
                   " " + Text(event.error_message));
}

void SqlRecordingSink::OnSqlAdaptiveExecutionUpdate(const SqlAdaptiveExecutionUpdateEvent& event) {
  events.push_back("update " + std::to_string(event.execution_id) + " " +
                   Text(event.physical_plan_description) + " " + Plan(event.plan));
}

}  // namespace afterglow::fuzz
