// ASCII character classes for the redaction scanners (identities.cc, text_redaction.cc). Spelled
// out rather than <cctype>'s, whose answers depend on the C locale: the scanners read log bytes.
#pragma once

namespace afterglow::share {

inline bool IsDigit(char c) { return c >= '0' && c <= '9'; }
inline bool IsAlpha(char c) { return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z'); }
inline bool IsHex(char c) { return IsDigit(c) || (c >= 'a' && c <= 'f') || (c >= 'A' && c <= 'F'); }

}  // namespace afterglow::share
