// Feeds an inline event log (one JSON event per line) to a fresh Session, for unit tests of the
// decoder, the listener and the API over small hand-written logs.
#pragma once

#include <cstdint>
#include <memory>
#include <string>
#include <vector>

#include "core/base/read_padding.h"
#include "core/session.h"

namespace afterglow::test_support {

inline std::unique_ptr<Session> LoadInlineLog(const std::string& log,
                                              const std::string& name = "inline-log") {
  auto session = std::make_unique<Session>();
  std::vector<uint8_t> bytes(log.begin(), log.end());
  bytes.resize(log.size() + kReadPadding);
  session->BeginFile(name, log.size());
  session->PushBytes(bytes.data(), log.size());
  session->EndFile();
  return session;
}

}  // namespace afterglow::test_support
