#include "core/api/router.h"

#include <string>
#include <utility>

#include "core/api/endpoints.h"
#include "core/query/application_index.h"

namespace afterglow {
namespace {

// Sub-resources of one application. JAX-RS matches these literal names before {attemptId}.
constexpr std::pair<std::string_view, AppEndpoint> kAppEndpoints[] = {
    {"jobs", JobsEndpoint},
    {"stages", StagesEndpoint},
    {"executors", ExecutorsEndpoint},
    {"allexecutors", AllExecutorsEndpoint},
    {"threads", ThreadsEndpoint},
    {"storage", StorageEndpoint},
    {"environment", EnvironmentEndpoint},
    {"allmiscellaneousprocess", MiscellaneousProcessEndpoint},
    {"sql", SqlEndpoint},
    {"diagnostics", DiagnosticsEndpoint},
};

AppEndpoint FindAppEndpoint(std::string_view name) {
  for (const auto& [known, endpoint] : kAppEndpoints) {
    if (known == name) return endpoint;
  }
  return nullptr;
}

ApiResponse RouteSubResource(const ApiData& data, const std::string& app_id,
                             const std::optional<std::string>& attempt_id,
                             const std::vector<std::string>& segments, size_t at,
                             const ApiRequest& request) {
  const AppEndpoint endpoint = FindAppEndpoint(segments[at]);
  if (endpoint == nullptr) return NotFound("");
  const AttemptModel* attempt = FindAttemptUi(*data.pool, data.attempts, app_id, attempt_id);
  if (attempt == nullptr) {
    return NotFound("no such app: " + app_id + (attempt_id ? "/" + *attempt_id : ""));
  }
  const std::vector<std::string> rest(segments.begin() + static_cast<long>(at) + 1,
                                      segments.end());
  return endpoint(data, *attempt, rest, request);
}

}  // namespace

ApiResponse RouteApi(const ApiData& data, std::string_view path_and_query) {
  const ApiRequest request = ApiRequest::Parse(path_and_query);
  const std::vector<std::string>& s = request.segments;
  if (s.size() == 3 && s[0] == "api" && s[1] == "v1" && s[2] == "version") return VersionEndpoint();
  if (s.size() < 3 || s[0] != "api" || s[1] != "v1" || s[2] != "applications") {
    return NotFound("");
  }
  if (s.size() == 3) return ApplicationListEndpoint(data, request);
  const std::string& app_id = s[3];
  if (s.size() == 4) return OneApplicationEndpoint(data, app_id);
  if (FindAppEndpoint(s[4]) != nullptr) {
    return RouteSubResource(data, app_id, std::nullopt, s, 4, request);
  }
  const std::string& attempt_id = s[4];
  if (s.size() == 5) return OneAttemptEndpoint(data, app_id, attempt_id);
  return RouteSubResource(data, app_id, attempt_id, s, 5, request);
}

}  // namespace afterglow
