#include "core/share/zstd_writer.h"

#include <zstd.h>

namespace afterglow::share {

namespace {
// Lines are short; handing zstd 256 KB at a time keeps the per-call overhead out of the way.
constexpr size_t kBlockBytes = 256u << 10;
}  // namespace

ZstdWriter::ZstdWriter(int level) : context_(ZSTD_createCCtx()) {
  if (!context_) {
    error_ = "zstd: cannot allocate a compression context";
    return;
  }
  ZSTD_CCtx_setParameter(context_, ZSTD_c_compressionLevel, level);
  ZSTD_CCtx_setParameter(context_, ZSTD_c_checksumFlag, 1);
  pending_.reserve(kBlockBytes);
}

ZstdWriter::~ZstdWriter() { ZSTD_freeCCtx(context_); }

bool ZstdWriter::Write(std::string_view bytes) {
  if (!error_.empty()) return false;
  bytes_in_ += bytes.size();
  pending_.append(bytes);
  return pending_.size() < kBlockBytes || Compress(false);
}

bool ZstdWriter::Finish() {
  if (!error_.empty()) return false;
  return Compress(true);
}

bool ZstdWriter::Compress(bool end) {
  ZSTD_inBuffer in{pending_.data(), pending_.size(), 0};
  const ZSTD_EndDirective mode = end ? ZSTD_e_end : ZSTD_e_continue;
  while (true) {
    const size_t room = ZSTD_CStreamOutSize();
    const size_t old_size = output_.size();
    output_.resize(old_size + room);
    ZSTD_outBuffer out{output_.data() + old_size, room, 0};
    const size_t left = ZSTD_compressStream2(context_, &out, &in, mode);
    output_.resize(old_size + out.pos);
    if (ZSTD_isError(left)) {
      error_ = std::string("zstd: ") + ZSTD_getErrorName(left);
      return false;
    }
    // ZSTD_e_continue is done once the input is taken; ZSTD_e_end once nothing is left to flush.
    if (end ? left == 0 : in.pos == in.size) break;
  }
  pending_.clear();
  return true;
}

}  // namespace afterglow::share
