#include "core/share/json_strings.h"

#include <cstdint>

namespace afterglow::share {

namespace {

int HexValue(char c) {
  if (c >= '0' && c <= '9') return c - '0';
  if (c >= 'a' && c <= 'f') return c - 'a' + 10;
  if (c >= 'A' && c <= 'F') return c - 'A' + 10;
  return -1;
}

// The 4 hex digits at text[i..i+4), or -1.
int32_t Hex4(std::string_view text, size_t i) {
  if (i + 4 > text.size()) return -1;
  int32_t value = 0;
  for (size_t k = 0; k < 4; ++k) {
    const int digit = HexValue(text[i + k]);
    if (digit < 0) return -1;
    value = value * 16 + digit;
  }
  return value;
}

void AppendUtf8(uint32_t code, std::string* out) {
  if (code < 0x80) {
    out->push_back(static_cast<char>(code));
  } else if (code < 0x800) {
    out->push_back(static_cast<char>(0xC0 | (code >> 6)));
    out->push_back(static_cast<char>(0x80 | (code & 0x3F)));
  } else if (code < 0x10000) {
    out->push_back(static_cast<char>(0xE0 | (code >> 12)));
    out->push_back(static_cast<char>(0x80 | ((code >> 6) & 0x3F)));
    out->push_back(static_cast<char>(0x80 | (code & 0x3F)));
  } else {
    out->push_back(static_cast<char>(0xF0 | (code >> 18)));
    out->push_back(static_cast<char>(0x80 | ((code >> 12) & 0x3F)));
    out->push_back(static_cast<char>(0x80 | ((code >> 6) & 0x3F)));
    out->push_back(static_cast<char>(0x80 | (code & 0x3F)));
  }
}

// Decodes the body of a string (between its quotes). False on a bad escape.
bool Decode(std::string_view body, std::string* out) {
  out->clear();
  for (size_t i = 0; i < body.size(); ++i) {
    const char c = body[i];
    if (c != '\\') {
      out->push_back(c);
      continue;
    }
    if (++i >= body.size()) return false;
    switch (body[i]) {
      case '"': out->push_back('"'); break;
      case '\\': out->push_back('\\'); break;
      case '/': out->push_back('/'); break;
      case 'b': out->push_back('\b'); break;
      case 'f': out->push_back('\f'); break;
      case 'n': out->push_back('\n'); break;
      case 'r': out->push_back('\r'); break;
      case 't': out->push_back('\t'); break;
      case 'u': {
        int32_t code = Hex4(body, i + 1);
        if (code < 0) return false;
        i += 4;
        if (code >= 0xD800 && code <= 0xDBFF) {
          const int32_t low = i + 2 < body.size() && body[i + 1] == '\\' && body[i + 2] == 'u'
                                  ? Hex4(body, i + 3)
                                  : -1;
          if (low >= 0xDC00 && low <= 0xDFFF) {
            code = 0x10000 + ((code - 0xD800) << 10) + (low - 0xDC00);
            i += 6;
          } else {
            code = 0xFFFD;
          }
        } else if (code >= 0xDC00 && code <= 0xDFFF) {
          code = 0xFFFD;
        }
        AppendUtf8(static_cast<uint32_t>(code), out);
        break;
      }
      default:
        return false;
    }
  }
  return true;
}

}  // namespace

bool JsonStringWalker::Walk(std::string_view json, JsonStringVisitor& visitor, std::string* out) {
  depth_ = 0;
  size_t kept = 0;  // json[0, kept) is already in `out`
  const size_t n = json.size();
  for (size_t i = 0; i < n; ++i) {
    const char c = json[i];
    if (c == '{' || c == '[') {
      if (frames_.size() <= depth_) frames_.emplace_back();
      Frame& frame = frames_[depth_];
      frame.object = c == '{';
      frame.expect_key = frame.object;
      frame.key.clear();
      if (depth_ == 0) {
        frame.own_key.clear();
        frame.outer_key.clear();
      } else {
        const Frame& parent = frames_[depth_ - 1];
        frame.own_key = parent.object ? parent.key : parent.own_key;
        frame.outer_key = parent.object ? parent.own_key : parent.outer_key;
      }
      ++depth_;
    } else if (c == '}' || c == ']') {
      if (depth_ == 0 || frames_[depth_ - 1].object != (c == '}')) return false;
      --depth_;
    } else if (c == ',') {
      if (depth_ > 0 && frames_[depth_ - 1].object) frames_[depth_ - 1].expect_key = true;
    } else if (c == '"') {
      const size_t begin = i + 1;
      size_t end = begin;
      bool escaped = false;
      while (end < n && json[end] != '"') {
        if (json[end] == '\\') {
          escaped = true;
          ++end;
        }
        ++end;
      }
      if (end >= n) return false;
      const std::string_view body = json.substr(begin, end - begin);
      std::string_view text = body;
      if (escaped) {
        if (!Decode(body, &decoded_)) return false;
        text = decoded_;
      }
      JsonStringPlace place;
      Frame* frame = depth_ > 0 ? &frames_[depth_ - 1] : nullptr;
      if (frame && frame->object && frame->expect_key) {
        place.is_key = true;
        place.parent_key = frame->own_key;
      } else if (frame) {
        place.key = frame->object ? frame->key : frame->own_key;
        place.parent_key = frame->object ? frame->own_key : frame->outer_key;
      }
      replacement_.clear();
      if (visitor.OnString(text, place, out ? &replacement_ : nullptr) && out) {
        out->append(json.data() + kept, begin - kept);
        AppendJsonEscaped(replacement_, *out, kShareEscapes);
        kept = end;
      }
      if (place.is_key) {
        // Keys are remembered as read (not as replaced): rules look at Spark's own names.
        frame->key.assign(text);
        frame->expect_key = false;
      }
      i = end;
    }
  }
  if (out) out->append(json.data() + kept, n - kept);
  return depth_ == 0;
}

}  // namespace afterglow::share
