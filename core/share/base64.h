// Standard base64 (RFC 4648, '+' '/' and '=' padding), as the page's atob() reads it.
#pragma once

#include <string>
#include <string_view>

namespace afterglow::share {

void AppendBase64(std::string_view bytes, std::string* out);
// False when `text` is not padded base64 of that alphabet.
bool DecodeBase64(std::string_view text, std::string* out);

}  // namespace afterglow::share
