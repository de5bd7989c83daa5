// Feeds a whole file through a LogStream (its codec chosen by the file's name) into `consumer`,
// 1 MiB at a time as the loaders do, for tests that need a real log's lines one by one.
#pragma once

#include <cstddef>
#include <cstdint>
#include <filesystem>
#include <fstream>
#include <functional>
#include <vector>

#include "core/base/read_padding.h"
#include "core/ingest/line_consumer.h"
#include "core/ingest/log_stream.h"

namespace afterglow::test_support {

// Stops early, before the next 1 MiB, once `keep_going` (when given) returns false.
inline void StreamFileLines(const std::filesystem::path& path, LineConsumer* consumer,
                            const std::function<bool()>& keep_going = {}) {
  LogStream stream(path.filename().string(), consumer);
  std::ifstream in(path, std::ios::binary);
  std::vector<uint8_t> buffer;
  while (in && (!keep_going || keep_going())) {
    buffer.resize(size_t{1} << 20);
    in.read(reinterpret_cast<char*>(buffer.data()), static_cast<std::streamsize>(buffer.size()));
    const size_t got = static_cast<size_t>(in.gcount());
    if (got == 0) break;
    buffer.resize(got + kReadPadding);
    stream.Push(buffer.data(), got);
  }
  stream.Finish();
}

}  // namespace afterglow::test_support
