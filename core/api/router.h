// Routes an /api/v1 path to its endpoint, with the History Server's 404s for unknown apps,
// attempts and paths (docs/SPARK-SEMANTICS.md facts 15, 16, 96-99).
#pragma once

#include <string_view>

#include "core/api/api_request.h"

namespace afterglow {

ApiResponse RouteApi(const ApiData& data, std::string_view path_and_query);

}  // namespace afterglow
