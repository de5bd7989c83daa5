#include "core/load/zip_entry_reader.h"

#include <zlib.h>

namespace afterglow {

// Forwards content into the session while keeping its running CRC-32 and length.
class ZipEntryReader::CheckingSink final : public ByteSink {
 public:
  explicit CheckingSink(Session* session) : session_(session) {}
  void OnBytes(const char* data, size_t size) override {
    const auto* bytes = reinterpret_cast<const uint8_t*>(data);
    // zlib's crc32 takes a 32-bit length (uInt): feed large buffers in slices.
    for (size_t done = 0; done < size;) {
      const size_t n = std::min<size_t>(size - done, 1u << 30);
      crc_ = ::crc32(crc_, bytes + done, static_cast<uInt>(n));
      done += n;
    }
    content_bytes_ += size;
    session_->PushBytes(bytes, size);
  }
  bool Stopped() const override { return session_->FileStopped(); }
  uint32_t crc() const { return static_cast<uint32_t>(crc_); }
  uint64_t content_bytes() const { return content_bytes_; }

 private:
  Session* session_;
  uLong crc_ = ::crc32(0L, Z_NULL, 0);
  uint64_t content_bytes_ = 0;
};

std::optional<std::string> ZipEntryReader::Unsupported(const ZipEntry& entry) {
  if (entry.method == 0 || entry.method == 8) return std::nullopt;
  return "zip: compression method " + std::to_string(entry.method) +
         " is not supported (only stored and deflated)";
}

ZipEntryReader::ZipEntryReader(const ZipEntry& entry, Session* session)
    : entry_(entry), sink_(std::make_unique<CheckingSink>(session)) {
  if (entry.method == 8) {
    inflater_ = std::make_unique<InflateDecompressor>(InflateDecompressor::Framing::kRawDeflate);
  }
}

ZipEntryReader::~ZipEntryReader() = default;

void ZipEntryReader::Push(const uint8_t* data, size_t size) {
  if (failed_ || sink_->Stopped()) return;
  stored_bytes_ += size;
  if (!inflater_) {
    sink_->OnBytes(reinterpret_cast<const char*>(data), size);
    return;
  }
  if (inflater_->Push(data, size, *sink_) == DecodeStatus::kError) failed_ = true;
}

std::optional<LoadProblem> ZipEntryReader::Finish(const std::string& shown_name) {
  // The session stopped reading the content (its own problem says why): the rest was not read.
  if (sink_->Stopped()) return std::nullopt;
  if (inflater_ && (failed_ || inflater_->Finish(*sink_) != DecodeStatus::kEnd)) {
    return LoadProblem{shown_name, 0, inflater_->error_offset(), "zip entry: " + inflater_->error()};
  }
  if (stored_bytes_ < entry_.compressed_size) {
    return LoadProblem{shown_name, 0, stored_bytes_, "zip entry: cut off"};
  }
  if (sink_->content_bytes() != entry_.size || sink_->crc() != entry_.crc32) {
    // Damage is only known once the whole entry has been read: what came before was delivered.
    return LoadProblem{shown_name, 0, 0,
                       "zip entry: damaged (its CRC-32 or length differs from the zip's "
                       "directory); lines read from it may be garbled"};
  }
  return std::nullopt;
}

}  // namespace afterglow
