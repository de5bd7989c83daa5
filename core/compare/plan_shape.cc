#include "core/compare/plan_shape.h"

#include <algorithm>
#include <cctype>
#include <map>
#include <set>

#include "core/compare/name_keys.h"

namespace afterglow::compare {
namespace {

// Writes the subtree under `id` into `shape`, each node once: a node that two parents share (a
// reused exchange) is written in full under the first and as "Name^" under the others, which
// also ends any cycle a damaged log could hold.
class ShapeWriter {
 public:
  ShapeWriter(const std::map<int64_t, const SqlPlanNode*>& nodes,
              const std::map<int64_t, std::vector<int64_t>>& children, const StringPool& pool,
              PlanShape& shape)
      : nodes_(nodes), children_(children), pool_(pool), shape_(shape) {}

  void Write(int64_t id) {
    const SqlPlanNode& node = *nodes_.at(id);
    const std::string name = OperatorName(pool_.Get(node.name));
    if (!visited_.insert(id).second) {
      shape_.tree += name + "^";
      return;
    }
    shape_.tree += name;
    shape_.operators.push_back(name);
    if (name.find("Scan") != std::string::npos) AddScan(name, pool_.Get(node.desc));
    auto kids = children_.find(id);
    if (kids == children_.end()) return;
    shape_.tree += "(";
    for (size_t i = 0; i < kids->second.size(); ++i) {
      if (i > 0) shape_.tree += ",";
      Write(kids->second[i]);
    }
    shape_.tree += ")";
  }

 private:
  void AddScan(const std::string& name, std::string_view desc) {
    ScanFields scan;
    scan.scan = name;
    for (std::string_view field : kScanFieldNames) {
      std::string value = PlanFieldValue(desc, field);
      if (!value.empty()) scan.fields.emplace_back(std::string(field), WithoutExpressionIds(value));
    }
    shape_.scans.push_back(std::move(scan));
  }

  const std::map<int64_t, const SqlPlanNode*>& nodes_;
  const std::map<int64_t, std::vector<int64_t>>& children_;
  const StringPool& pool_;
  PlanShape& shape_;
  std::set<int64_t> visited_;
};

// "ReadSchema: ..." : a capitalized word and a colon.
bool StartsField(std::string_view text) {
  if (text.empty() || text[0] < 'A' || text[0] > 'Z') return false;
  size_t i = 1;
  while (i < text.size() && std::isalnum(static_cast<unsigned char>(text[i]))) ++i;
  return i + 1 < text.size() && text[i] == ':' && text[i + 1] == ' ';
}

}  // namespace

const std::string* ScanFields::Field(std::string_view name) const {
  for (const auto& [key, value] : fields) {
    if (key == name) return &value;
  }
  return nullptr;
}

std::string OperatorName(std::string_view node_name) {
  std::string name = WithoutExpressionIds(TrimBlanks(node_name));
  // "WholeStageCodegen (3)", "Exchange (12)": the number is the run's own.
  if (name.size() >= 4 && name.back() == ')') {
    const size_t open = name.rfind(" (");
    if (open != std::string::npos && open + 2 < name.size() - 1 &&
        std::all_of(name.begin() + static_cast<long>(open) + 2, name.end() - 1,
                    [](char c) { return c >= '0' && c <= '9'; })) {
      name.erase(open);
    }
  }
  return name;
}

std::string PlanFieldValue(std::string_view plan_text, std::string_view field) {
  const std::string key = std::string(field) + ": ";
  size_t at = plan_text.find(key);
  // The key must start a field, not end another one's name (DataFilters vs PushedFilters).
  while (at != std::string_view::npos && at > 0 && plan_text[at - 1] != ' ' &&
         plan_text[at - 1] != ',' && plan_text[at - 1] != '\n') {
    at = plan_text.find(key, at + 1);
  }
  if (at == std::string_view::npos) return "";
  const size_t start = at + key.size();
  // Brackets nest lists and calls; angle brackets only a type's ("struct<a:int>"), so a
  // comparison inside a filter ("(d > 2020)") does not count.
  int depth = 0, angles = 0;
  size_t end = start;
  for (; end < plan_text.size(); ++end) {
    const char c = plan_text[end];
    if (c == '\n') break;
    if (c == '[' || c == '(' || c == '{') ++depth;
    if ((c == ']' || c == ')' || c == '}') && depth > 0) --depth;
    if (c == '<' && end > start && std::isalpha(static_cast<unsigned char>(plan_text[end - 1]))) {
      ++angles;
    }
    if (c == '>' && angles > 0) --angles;
    if (c != ',' || end + 1 >= plan_text.size() || plan_text[end + 1] != ' ') continue;
    if (depth == 0 && angles == 0) break;
    // Spark cuts long values short ("struct<a:int,b:stri..."), leaving brackets open: the next
    // "Field: " still ends the value.
    if (StartsField(plan_text.substr(end + 2))) break;
  }
  return std::string(TrimBlanks(plan_text.substr(start, end - start)));
}

PlanShape ReadPlanShape(const SqlPlanGraph& graph, const StringPool& pool) {
  PlanShape shape;
  std::map<int64_t, const SqlPlanNode*> nodes;
  for (const SqlPlanNode& node : graph.all_nodes) {
    if (!node.is_cluster) nodes.emplace(node.id, &node);
  }
  std::map<int64_t, std::vector<int64_t>> children;
  std::set<int64_t> has_parent;
  for (const auto& [child, parent] : graph.edges) {
    if (!nodes.count(child) || !nodes.count(parent)) continue;
    children[parent].push_back(child);
    has_parent.insert(child);
  }
  ShapeWriter writer(nodes, children, pool, shape);
  bool first = true;
  for (const auto& [id, node] : nodes) {
    if (has_parent.count(id)) continue;
    if (!first) shape.tree += ";";
    first = false;
    writer.Write(id);
  }
  return shape;
}

}  // namespace afterglow::compare
