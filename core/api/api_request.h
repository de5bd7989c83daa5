// A REST request split into path segments and query parameters (repeatable, percent-decoded),
// plus the shared pieces every endpoint needs: the data to answer from and error answers.
#pragma once

#include <map>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "core/api/api_response.h"
#include "core/api/json_writer.h"
#include "core/base/string_pool.h"
#include "core/model/app_model.h"

namespace afterglow {

struct ApiRequest {
  std::vector<std::string> segments;  // "/api/v1/applications/x" -> {"api","v1","applications","x"}
  std::multimap<std::string, std::string> query;

  static ApiRequest Parse(std::string_view path_and_query);
  std::vector<std::string> Values(const std::string& name) const;
  std::optional<std::string> Value(const std::string& name) const;  // the first one
};

// Everything loaded, in load order; each attempt model is one log.
struct ApiData {
  const StringPool* pool = nullptr;
  std::vector<const AttemptModel*> attempts;
  // Set by Session::ApiItems: the list endpoints the page's models read (jobs, stages,
  // allexecutors, sql) then hand each item of their array to it instead of the body.
  const JsonItemSink* item_sink = nullptr;
};

inline ApiResponse NotFound(std::string message) { return {404, std::move(message)}; }
inline ApiResponse BadRequest(std::string message) { return {400, std::move(message)}; }

// True when `text` names `candidate` ignoring ASCII case (Java enum parseIgnoreCase).
bool EqualsIgnoreCase(std::string_view text, std::string_view candidate);
// True for a non-empty string of digits (the JAX-RS \d+ path regex).
bool IsDigits(std::string_view text);

}  // namespace afterglow
