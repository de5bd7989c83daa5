// Interns the strings the raw fast path reads from stage and job events, keyed by their text as
// written in the line (still escaped). Those events repeat long texts on every sight: a stage's
// Details call stack (about 1 KB of "\n"-separated frames) three times per stage, each RDD's
// Scope (a JSON document inside a string, with \" escapes) and Callsite, a job's description.
// A repeated text costs a compare against the slot's copy here, instead of an unescape, a hash of
// the whole text and the pool's own compare. Direct-mapped like RecentStrings (recent_strings.h):
// a text whose slot holds another goes to the pool, so every text still gets the pool's one id.
#pragma once

#include <array>
#include <string>
#include <string_view>

#include "core/base/string_pool.h"
#include "core/decode/raw_json_cursor.h"
#include "core/decode/rdd_info_cache.h"
#include "core/events/events.h"

namespace afterglow {

class RawTextInterner {
 public:
  // `pool` must outlive the interner.
  explicit RawTextInterner(StringPool* pool) : pool_(pool) {}
  RawTextInterner(const RawTextInterner&) = delete;
  RawTextInterner& operator=(const RawTextInterner&) = delete;

  // The id of the string whose text between the quotes is `raw`; `escaped` when `raw` holds a
  // backslash (json::RawCursor::ReadRawString). kNotCanonical for an escape simdjson would refuse
  // to unescape (a lone surrogate): the caller gives the line to simdjson, which reports it.
  simdjson::error_code Intern(std::string_view raw, bool escaped, StringId& out);

  // A long text seen before (a stage's Details), when it is the string at the cursor: its id, and
  // the cursor past it, found by one compare against the copy kept under its first 16 bytes,
  // without scanning the string for its end. False, the cursor unmoved, otherwise.
  bool ConsumeLongRepeat(json::RawCursor& value, StringId& out);
  // Keeps `raw` (read by ReadRawString, interned as `id`) for ConsumeLongRepeat if it is long.
  void KeepLongText(std::string_view raw, StringId id);

  StringPool& pool() { return *pool_; }
  std::string_view Get(StringId id) const { return pool_->Get(id); }
  // The stage infos' repeated "RDD Info" arrays: kept here because every raw StageInfo reader
  // (the stage and the job events' decoders) already holds this interner.
  RddInfoCache& rdd_infos() { return rdd_infos_; }

 private:
  struct Slot {
    std::string raw;  // the text as written, escapes and all
    StringId id = kEmptyString;
  };
  static constexpr unsigned kSlotBits = 8;  // a stage event has some 60 distinct texts

  // Texts longer than this choose their slot by a hash of the whole text (Intern).
  static constexpr size_t kHashedText = 64;
  // Texts shorter than this are scanned: the compare would not save much.
  static constexpr size_t kLongText = 128;
  static constexpr unsigned kLongSlotBits = 5;

  StringPool* pool_;
  std::array<Slot, size_t{1} << kSlotBits> slots_{};
  std::array<Slot, size_t{1} << kLongSlotBits> long_slots_{};  // by their first 16 bytes
  std::string unescaped_;  // scratch for a miss, with the unescaper's padding
  RddInfoCache rdd_infos_;
};

// The pool behind either path's strings, for a decoder template that interns a literal.
inline StringPool& PoolOf(StringPool& pool) { return pool; }
inline StringPool& PoolOf(RawTextInterner& strings) { return strings.pool(); }

// The RawCursor twins of json_fields.h's string readers, for the stage and job events' decoders
// (one template per object serves both paths; the strings argument is the pool there, the
// interner here).
namespace json {

error_code ReadString(RawCursor& value, RawTextInterner& strings, StringId& out);
// Absent on null; a string is interned unquoted, a number or boolean as its JSON text. An array or
// object (which simdjson's path interns as its raw JSON) gives the line back to simdjson.
error_code ReadOptText(RawCursor& value, RawTextInterner& strings, OptString& out);
// A time that may be null (read as kNoTime).
error_code ReadOptTime(RawCursor& value, int64_t& out);
// ReadOptText deferred (json_fields.h's PendingText): the text stays in the line until resolved,
// so `text` must be resolved before the line goes.
error_code ReadPendingText(RawCursor& value, RawTextInterner& strings, PendingText& out);
error_code ResolvePendingText(RawTextInterner& strings, const PendingText& text, OptString& out);

}  // namespace json
}  // namespace afterglow
