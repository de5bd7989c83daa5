// The compression codecs Spark writes event logs with, and how a file's name selects one.
#pragma once

#include <cstddef>
#include <cstdint>
#include <string_view>

namespace afterglow {

enum class Codec : uint8_t { kPlain, kZstd, kLz4, kSnappy, kLzf, kGzip };

std::string_view CodecName(Codec codec);

// Spark's rule (EventLogFileWriter.codecName): drop a trailing ".inprogress" and ".compact",
// then the last dot-separated part names the codec ("zstd", "lz4", "lzf", "snappy"). Databricks
// rolls parts as ".gz". Anything else is a plain log.
Codec CodecFromFileName(std::string_view file_name);

// The codec a Spark setting or marker names: a short name ("lz4", "lzf", "snappy", "zstd") or a
// codec class (Spark 1.x writes `COMPRESSION_CODEC_org.apache.spark.io.LZFCompressionCodec`).
// False when it names none of them.
bool CodecFromSparkName(std::string_view name, Codec* codec);

// True when the name marks a log still being written (ends in ".inprogress", before ".compact").
bool IsInProgressName(std::string_view file_name);

// Whether the first bytes of a file agree with `codec`. `size` may be short of a full magic only
// when the file itself is that short.
bool MagicMatches(Codec codec, const uint8_t* data, size_t size);

// The codec the first bytes look like, for a helpful error when the name misleads.
Codec CodecFromMagic(const uint8_t* data, size_t size);

}  // namespace afterglow
