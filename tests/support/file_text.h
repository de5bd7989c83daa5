// A file's bytes as a string, and the text of a zstd frame (a saved analysis' embedded log), for
// tests that read logs and saved pages back.
#pragma once

#include <zstd.h>

#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>
#include <string_view>
#include <vector>

namespace afterglow::test_support {

inline std::string ReadFile(const std::filesystem::path& path) {
  std::ifstream in(path, std::ios::binary);
  std::stringstream text;
  text << in.rdbuf();
  return text.str();
}

// What the frame decompresses to, up to its first corrupt byte.
inline std::string Unzstd(std::string_view frame) {
  ZSTD_DStream* stream = ZSTD_createDStream();
  ZSTD_inBuffer in{frame.data(), frame.size(), 0};
  std::string text;
  std::vector<char> buffer(1 << 16);
  while (in.pos < in.size) {
    ZSTD_outBuffer out{buffer.data(), buffer.size(), 0};
    if (ZSTD_isError(ZSTD_decompressStream(stream, &out, &in))) break;
    text.append(buffer.data(), out.pos);
  }
  ZSTD_freeDStream(stream);
  return text;
}

}  // namespace afterglow::test_support
