#include "core/ingest/line_splitter.h"

#include <cstring>
#include <string_view>

#include "core/base/read_padding.h"

namespace afterglow {

void LineSplitter::Deliver(const char* begin, size_t size, bool newline) {
  ++line_number_;
  line_offset_ = next_line_offset_;
  next_line_offset_ += size + (newline ? 1 : 0);
  if (size > 0 && begin[size - 1] == '\r') --size;  // logs copied through Windows tools
  if (size == 0) return;
  consumer_->OnLine(std::string_view(begin, size), line_number_);
}

void LineSplitter::AppendToCarry(const char* data, size_t size) {
  size_t needed = carry_size_ + size + kReadPadding;
  if (carry_.size() < needed) carry_.resize(needed + needed / 2);
  std::memcpy(carry_.data() + carry_size_, data, size);
  carry_size_ += size;
}

void LineSplitter::Push(const char* data, size_t size) {
  const char* cursor = data;
  const char* end = data + size;
  if (carry_size_ > 0) {
    const char* newline = static_cast<const char*>(std::memchr(cursor, '\n', end - cursor));
    if (newline == nullptr) {
      AppendToCarry(cursor, end - cursor);
      return;
    }
    AppendToCarry(cursor, newline - cursor);
    Deliver(carry_.data(), carry_size_, true);
    carry_size_ = 0;
    cursor = newline + 1;
  }
  while (cursor < end) {
    const char* newline = static_cast<const char*>(std::memchr(cursor, '\n', end - cursor));
    if (newline == nullptr) {
      AppendToCarry(cursor, end - cursor);
      return;
    }
    // The line is followed by at least its '\n' and the caller's padding: readable in place.
    Deliver(cursor, newline - cursor, true);
    cursor = newline + 1;
  }
}

void LineSplitter::Finish() {
  if (carry_size_ > 0) {
    Deliver(carry_.data(), carry_size_, false);
    carry_size_ = 0;
  }
}

}  // namespace afterglow
