// Test-side writers of decompression bombs: a small log, then gigabytes of zero bytes (no newline)
// in a few MiB of stored bytes, written without compressing those gigabytes (a compressed block
// of 1 MiB of zeros is repeated). The readers must stop long before inflating them.
#pragma once

#include <cstddef>
#include <string>

namespace afterglow::testing {

// A deflate stream (raw for a zip entry, or one gzip member) of `prefix`, then `zero_mib` MiB of
// zeros. Its gzip trailer's CRC is not that of the content: the reader must stop before it.
std::string DeflateBomb(const std::string& prefix, size_t zero_mib, bool gzip);
// zstd frames: `prefix` in one frame, then `zero_mib` frames of 1 MiB of zeros each.
std::string ZstdBomb(const std::string& prefix, size_t zero_mib);
// A zip (stored directory, one deflated entry `name`) whose directory gives `size` and `crc`.
std::string ZipOfDeflated(const std::string& name, const std::string& deflated, uint64_t size,
                          uint32_t crc);

}  // namespace afterglow::testing
