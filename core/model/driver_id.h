// The executor id Spark gives the driver, in one place: the listener, the model, the analyses
// and the API all ask whether an executor is the driver.
#pragma once

#include <string_view>

namespace afterglow {

// SparkContext.DRIVER_IDENTIFIER.
inline constexpr std::string_view kDriverExecutorId = "driver";
// SparkContext.LEGACY_DRIVER_IDENTIFIER, the id in Spark 1.x logs.
inline constexpr std::string_view kLegacyDriverExecutorId = "<driver>";

// True for the driver's id in any Spark version's logs.
inline bool IsDriverId(std::string_view executor_id) {
  return executor_id == kDriverExecutorId || executor_id == kLegacyDriverExecutorId;
}

}  // namespace afterglow
