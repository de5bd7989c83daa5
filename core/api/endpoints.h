// The REST endpoints, one file each. Per-application endpoints share one signature so the router
// can list them in a table: a new endpoint is a new file and a new row in router.cc.
#pragma once

#include <string>
#include <vector>

#include "core/api/api_request.h"

namespace afterglow {

// The Spark version of the History Server Afterglow answers as (version_endpoint.cc).
inline constexpr const char* kHistoryServerSparkVersion = "4.1.0-SNAPSHOT";

// version: {"spark": kHistoryServerSparkVersion}.
ApiResponse VersionEndpoint();

// applications, applications/{id}, applications/{id}/{attemptId}
ApiResponse ApplicationListEndpoint(const ApiData& data, const ApiRequest& request);
ApiResponse OneApplicationEndpoint(const ApiData& data, const std::string& app_id);
ApiResponse OneAttemptEndpoint(const ApiData& data, const std::string& app_id,
                               const std::string& attempt_id);

// `rest` holds the path segments after the sub-resource name (e.g. {"3"} for jobs/3).
using AppEndpoint = ApiResponse (*)(const ApiData& data, const AttemptModel& attempt,
                                    const std::vector<std::string>& rest,
                                    const ApiRequest& request);

ApiResponse JobsEndpoint(const ApiData& data, const AttemptModel& attempt,
                         const std::vector<std::string>& rest, const ApiRequest& request);
ApiResponse StagesEndpoint(const ApiData& data, const AttemptModel& attempt,
                           const std::vector<std::string>& rest, const ApiRequest& request);

// executors, allexecutors, executors/{id}/threads, threads (executors_endpoint.cc).
ApiResponse ExecutorsEndpoint(const ApiData& data, const AttemptModel& attempt,
                              const std::vector<std::string>& rest, const ApiRequest& request);
ApiResponse AllExecutorsEndpoint(const ApiData& data, const AttemptModel& attempt,
                                 const std::vector<std::string>& rest, const ApiRequest& request);
ApiResponse ThreadsEndpoint(const ApiData& data, const AttemptModel& attempt,
                            const std::vector<std::string>& rest, const ApiRequest& request);
// storage/rdd, storage/rdd/{rddId} (storage_endpoint.cc).
ApiResponse StorageEndpoint(const ApiData& data, const AttemptModel& attempt,
                            const std::vector<std::string>& rest, const ApiRequest& request);
// environment, allmiscellaneousprocess (environment_endpoint.cc).
ApiResponse EnvironmentEndpoint(const ApiData& data, const AttemptModel& attempt,
                                const std::vector<std::string>& rest, const ApiRequest& request);
ApiResponse MiscellaneousProcessEndpoint(const ApiData& data, const AttemptModel& attempt,
                                         const std::vector<std::string>& rest,
                                         const ApiRequest& request);

// sql, sql/{executionId}, diagnostics/sql[/{executionId}] (sql_endpoint.cc).
ApiResponse SqlEndpoint(const ApiData& data, const AttemptModel& attempt,
                        const std::vector<std::string>& rest, const ApiRequest& request);
ApiResponse DiagnosticsEndpoint(const ApiData& data, const AttemptModel& attempt,
                                const std::vector<std::string>& rest, const ApiRequest& request);

}  // namespace afterglow
