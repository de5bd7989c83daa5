// RDDOperationScope.fromJson(...).getAllScopes: an RDD's "Scope" text (stored as it was logged,
// since only the DAG view reads it) read into its chain of scopes, outermost first. Here, not in
// the graph that uses it, because reading JSON is the decoders' job (simdjson stays in decode/).
#pragma once

#include <memory>
#include <string>
#include <string_view>
#include <vector>

namespace simdjson::dom {
class parser;
}

namespace afterglow {

struct RddScope {
  std::string id;
  std::string name;
};

class RddScopeDecoder {
 public:
  RddScopeDecoder();
  ~RddScopeDecoder();
  RddScopeDecoder(const RddScopeDecoder&) = delete;
  RddScopeDecoder& operator=(const RddScopeDecoder&) = delete;

  // Fills `chain` outermost first. Empty when the text is empty or not a scope (Spark would fail
  // the whole event; one odd RDD should not hide a graph). Reuses one parser across calls.
  void DecodeChain(std::string_view text, std::vector<RddScope>& chain);

 private:
  std::unique_ptr<simdjson::dom::parser> parser_;
};

}  // namespace afterglow
