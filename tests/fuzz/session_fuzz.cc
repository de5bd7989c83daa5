// libFuzzer target: any bytes, under any codec's name, in any chunking, through the whole engine
// (decompression, line splitting, event decoding, the model) and a few API answers. It must never
// crash, leak or read out of bounds; bad input is only ever counted and reported.
#include <cstddef>
#include <cstdint>
#include <string>
#include <vector>

#include "core/base/read_padding.h"
#include "core/session.h"

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  if (size < 2) return 0;
  static const char* const kNames[] = {"local-1", "app.zstd", "app.zstd.inprogress", "events"};
  const char* name = kNames[data[0] % 4];
  size_t chunk = 1 + data[1] * 37;
  data += 2;
  size -= 2;

  afterglow::Session session;
  session.BeginFile(name, size);
  std::vector<uint8_t> buffer;
  for (size_t pos = 0; pos < size; pos += chunk) {
    size_t n = std::min(chunk, size - pos);
    buffer.assign(data + pos, data + pos + n);
    buffer.resize(n + afterglow::kReadPadding);
    session.PushBytes(buffer.data(), n);
  }
  session.EndFile();
  session.Summaries();
  for (const auto& s : session.Summaries()) {
    session.Api("/api/v1/applications/" + s.app_id + "/jobs");
    session.Api("/api/v1/applications/" + s.app_id + "/stages");
  }
  session.Api("/api/v1/applications");
  return 0;
}
