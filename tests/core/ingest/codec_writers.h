// Test-side writers of the framings Spark's codecs produce, built on the same libraries the
// decoders use (the Java libraries' own output is checked end to end by tests/formats/). Each
// returns the bytes of a whole stored file.
#pragma once

#include <string>
#include <utility>
#include <vector>

namespace afterglow::testing {

// lz4-java LZ4BlockOutputStream: blocks of `block_size` input bytes, masked XXH32 checksums,
// and (when `end_block`) the closing empty block.
std::string Lz4BlockStream(const std::string& text, size_t block_size, bool end_block = true);
// snappy-java SnappyOutputStream: the 16-byte header, then [length][raw snappy] chunks.
std::string SnappyJavaStream(const std::string& text, size_t block_size);
// compress-lzf LZFOutputStream: "ZV" chunks of at most 65535 bytes (a simple greedy LZF coder).
std::string LzfChunks(const std::string& text, size_t chunk_size = 65535);
// gzip, as `members` members back to back.
std::string GzipMembers(const std::string& text, int members);
// zstd frames of `frame_input_size` input bytes each, as Spark flushes them.
std::string ZstdFrames(const std::string& text, size_t frame_input_size);
// One raw deflate stream (a zip entry's content).
std::string RawDeflate(const std::string& text);
// A zip as java.util.zip.ZipOutputStream writes it (the History Server's download): deflated
// entries (name, content) with data descriptors, their sizes only in the central directory.
std::string JavaStyleZip(const std::vector<std::pair<std::string, std::string>>& files);

}  // namespace afterglow::testing
