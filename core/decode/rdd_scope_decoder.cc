#include "core/decode/rdd_scope_decoder.h"

#include <algorithm>

#include "simdjson.h"

namespace afterglow {

RddScopeDecoder::RddScopeDecoder() : parser_(std::make_unique<simdjson::dom::parser>()) {}
RddScopeDecoder::~RddScopeDecoder() = default;

void RddScopeDecoder::DecodeChain(std::string_view text, std::vector<RddScope>& chain) {
  chain.clear();
  if (text.empty()) return;
  simdjson::dom::element root;
  if (parser_->parse(simdjson::padded_string(text)).get(root) != simdjson::SUCCESS) return;
  simdjson::dom::element at = root;
  // A scope's "parent" nests the next one out; 256 levels is far beyond any real plan.
  for (int depth = 0; depth < 256; ++depth) {
    simdjson::dom::object object;
    if (at.get_object().get(object) != simdjson::SUCCESS) break;
    RddScope scope;
    std::string_view value;
    if (object["id"].get_string().get(value) == simdjson::SUCCESS) scope.id = value;
    if (object["name"].get_string().get(value) == simdjson::SUCCESS) scope.name = value;
    chain.push_back(std::move(scope));
    simdjson::dom::element parent;
    if (object["parent"].get(parent) != simdjson::SUCCESS || parent.is_null()) break;
    at = parent;
  }
  std::reverse(chain.begin(), chain.end());
}

}  // namespace afterglow
