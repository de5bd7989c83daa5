// The whole engine: any bytes, under any codec's name, in any chunking, through decompression,
// line splitting, event decoding, the model, and a few API answers.
#include <string>
#include <vector>

#include "core/base/read_padding.h"
#include "core/session.h"
#include "tests/core/ingest/codec_writers.h"
#include "tests/fuzz/fuzz_inputs.h"
#include "tests/fuzz/fuzz_target.h"

namespace afterglow::fuzz {

// The first byte names the file (and so its codec); the rest is pushed in chunks.
void FuzzSession(const uint8_t* data, size_t size) {
  if (size < 2) return;
  static const char* const kNames[] = {"local-1", "app.zstd", "app.zstd.inprogress", "events",
                                       "app.lz4", "app.snappy", "app.lzf", "part.gz"};
  const char* name = kNames[data[0] % 8];
  Session session;
  session.BeginFile(name, size - 1);
  PushInChunks(data + 1, size - 1, [&](const uint8_t* chunk, size_t n) { session.PushBytes(chunk, n); });
  session.EndFile();
  for (const auto& s : session.Summaries()) {
    const std::string app = "/api/v1/applications/" + s.app_id;
    for (const char* sub : {"/jobs", "/stages?details=true", "/allexecutors", "/sql", "/environment",
                            "/diagnostics", "/storage/rdd"}) {
      session.Api(app + sub);
    }
  }
  session.Api("/api/v1/applications");
}
void SeedSession(SeedWriter& out) {
  for (const auto& [name, text] : SmallLogs(out)) {
    out.Write(name + "-plain", std::string(1, '\0') + std::string(1, '\x10') + text);
    out.Write(name + "-zstd", std::string(1, '\1') + std::string(1, '\x40') +
                                  testing::ZstdFrames(text, 4096));
    out.Write(name + "-lz4", std::string(1, '\4') + std::string(1, '\xff') +
                                 testing::Lz4BlockStream(text, 4096));
  }
}

}  // namespace afterglow::fuzz
