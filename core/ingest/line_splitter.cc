#include "core/ingest/line_splitter.h"

#include <algorithm>
#include <cstring>
#include <string_view>

#include "core/base/read_padding.h"
#include "core/ingest/find_newline.h"

namespace afterglow {

void LineSplitter::Deliver(const char* begin, size_t size, bool newline) {
  if (size > kMaxLineBytes) {
    Stop();
    return;
  }
  ++line_number_;
  line_offset_ = next_line_offset_;
  next_line_offset_ += size + (newline ? 1 : 0);
  if (size > 0 && begin[size - 1] == '\r') --size;  // logs copied through Windows tools
  if (size == 0) return;
  consumer_->OnLine(std::string_view(begin, size), line_number_);
}

void LineSplitter::Stop() {
  overlong_ = true;
  carry_size_ = 0;
  std::vector<char>().swap(carry_);  // the memory goes back at once, not when the load ends
}

void LineSplitter::AppendToCarry(const char* data, size_t size) {
  if (carry_size_ + size > kMaxLineBytes) {
    Stop();
    return;
  }
  size_t needed = carry_size_ + size + kReadPadding;
  if (carry_.size() < needed) {
    carry_.resize(std::min(needed + needed / 2, kMaxLineBytes + kReadPadding));
  }
  std::memcpy(carry_.data() + carry_size_, data, size);
  carry_size_ += size;
}

void LineSplitter::Push(const char* data, size_t size) {
  if (overlong_) return;
  const char* cursor = data;
  const char* end = data + size;
  if (carry_size_ > 0) {
    const char* newline = FindNewline(cursor, end);
    if (newline == nullptr) {
      AppendToCarry(cursor, end - cursor);
      return;
    }
    AppendToCarry(cursor, newline - cursor);
    if (overlong_) return;
    Deliver(carry_.data(), carry_size_, true);
    carry_size_ = 0;
    cursor = newline + 1;
  }
  while (cursor < end) {
    const char* newline = FindNewline(cursor, end);
    if (newline == nullptr) {
      AppendToCarry(cursor, end - cursor);
      return;
    }
    // The line is followed by at least its '\n' and the caller's padding: readable in place.
    Deliver(cursor, newline - cursor, true);
    if (overlong_) return;
    cursor = newline + 1;
  }
}

void LineSplitter::Finish() {
  if (carry_size_ > 0 && !overlong_) {
    Deliver(carry_.data(), carry_size_, false);
    carry_size_ = 0;
  }
}

}  // namespace afterglow
