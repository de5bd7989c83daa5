// What an endpoint answers, and Session::Api hands out: kept apart from core/session.h so the
// endpoints need not include the session they sit below.
#pragma once

#include <string>

namespace afterglow {

// An answer in the History Server's terms: status 200 with the JSON body, or an error status
// (404, 400) with Spark's plain-text message as the body.
struct ApiResponse {
  int status = 200;
  std::string body;
};

}  // namespace afterglow
