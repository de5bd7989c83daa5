// What /applications shows for one log: FsHistoryProvider's listing replay, with Spark's
// defaults (spark.history.fs.inProgressOptimization.enabled=true, so fastInProgressParsing;
// spark.history.fs.endEventReparseChunkSize=1m). All of it is in
// core/src/main/scala/org/apache/spark/deploy/history/FsHistoryProvider.scala,
// doMergeApplicationListingInternal, parseAppEventLogs and AppListingListener:
//
//  1. Only lines that begin with the eventsFilter prefixes are replayed (docs/SPARK-SEMANTICS.md
// fact 4; the decoder's
//     ListingSink receives exactly those), including `{"Event":"SparkListenerEnvironmentUpdate",`
//     with its comma: a reordered or spaced EnvironmentUpdate is invisible to the listing and
//     does not halt it.
//  2. First pass (parseAppEventLogs, shouldHalt=true): AppListingListener.checkProgress throws
//     HaltReplayException once it has an App ID and the first EnvironmentUpdate. The replay of
//     that file stops, and the next files of a rolling log are not opened (continueReplay).
//  3. lookForEndEvent = shouldHalt && (appCompleted || !fastInProgressParsing): true for a
//     finished log, false for an in-progress one. An in-progress log (".inprogress" name, or a
//     rolling folder whose appstatus marker is ".inprogress") is listed as the first pass left it.
//  4. A finished log's LAST file is opened again and `target = lastFile.getLen - 1 MiB` bytes are
//     skipped on the opened stream: getLen is the stored (compressed) length, while skip() runs
//     on the codec's decompressed stream. When target > 0 the rest of the line at target is
//     dropped (source.next()), so exactly the lines that begin after decompressed offset target
//     are replayed, into the SAME listener (halted stays true, so it cannot halt again). When
//     target <= 0 the whole last file is replayed again. Lines between the halt and that tail are
//     never seen.
//  5. If the listener then has an App ID but no ApplicationEnd, the whole log is parsed again with
//     optimizations off: a fresh listener, no halt, every file (the listing is that replay's).
// `duration` is taken when ApplicationEnd is read, against the start time known then.
//
//  6. A line that passes the filter but cannot be read (cut off, invalid JSON, a field of the
//     wrong type) ends that replay: ReplayListenerBus.replay rethrows its JsonParseException and
//     its catch-all logs "Malformed line #N" and returns false. The listener keeps what it read
//     before, and the next files of a rolling log are not read. Only the last filtered line of a
//     file that may be truncated (an in-progress log) is forgiven, and the replay goes on to the
//     next file. The same holds for the tail's replay and the full re-parse. (The line itself is
//     reported, with its file and number, as a bad line of the log: Session::problems.)
//  7. The tail's lines are read back by the offsets where they begin, never decoded from the
//     target byte, so a multi-byte UTF-8 character cut by the target only ends the dropped partial
//     line. (Spark's reader, decoding from the target with Codec.UTF8, would report a malformed
//     character there and fail the log's listing; we list it as the line rule gives.)
#pragma once

#include <cstdint>
#include <string_view>
#include <vector>

#include "core/decode/event_decoder.h"
#include "core/events/events.h"
#include "core/ingest/line_consumer.h"
#include "core/ingest/log_stream.h"
#include "core/model/app_model.h"

namespace afterglow {

// spark.history.fs.endEventReparseChunkSize's default ("1m").
inline constexpr int64_t kEndEventReparseChunkBytes = int64_t{1} << 20;

// Every line of the log passes through the listener on its way to the decoder (it is the log
// streams' LineConsumer), so it knows which filtered lines the decoder could not read (point 6).
class ListingListener final : public ListingSink, public LineConsumer {
 public:
  // `listing` must outlive the listener; it shows the first pass while loading and the final
  // listing after Finish. `in_progress`: the log's name (or folder marker) says ".inprogress".
  // `decoder` receives every line and must outlive the listener; it calls the ListingSink
  // methods back for the filtered lines it reads.
  ListingListener(AppInfo* listing, bool in_progress, LineConsumer* decoder);

  // A file of the log begins (one for a single file; each part of a rolling log, in order).
  // `part` tells where each line begins; it must outlive the part's events.
  void BeginPart(const LogStream* part);
  // The log ended. `last_part_stored_bytes`: the stored (compressed) length of the last file,
  // Spark's lastFile.getLen.
  void Finish(uint64_t last_part_stored_bytes);

  // ListingSink: events of the lines that pass the listing's prefix filter, in log order.
  void OnListedLogStart(StringId spark_version) override;
  void OnListedApplicationStart(const ApplicationStartEvent& event) override;
  void OnListedApplicationEnd(int64_t time) override;
  void OnListedEnvironmentUpdate() override;

  // LineConsumer: forwards to the decoder, and notes a filtered line that yielded no event.
  void OnLine(std::string_view line, uint64_t line_number) override;
  void OnEnd(bool maybe_truncated) override;

 private:
  // One AppListingListener and the replay feeding it.
  struct Replay {
    AppInfo* info = nullptr;
    bool halt_enabled = false;
    bool got_environment = false;
    bool halted = false;   // AppListingListener.halted: once set, never halts again
    // The current bus.replay was ended by the halt or an unreadable line; its `false` also ends
    // parseAppEventLogs (continueReplay), so it stays set over the later files.
    bool stopped = false;
    // An unreadable filtered line was met: the replay stops at the next filtered line, or at the
    // file's end unless the file may be truncated (then it was the forgiven last line).
    bool unreadable_pending = false;
  };
  // A listed event of the current file, kept to replay the file's tail after the first pass.
  struct TailEvent {
    enum class Kind : uint8_t {
      kLogStart,
      kApplicationStart,
      kApplicationEnd,
      kEnvironment,
      kUnreadable,  // a filtered line the decoder could not read (point 6 above)
    };
    Kind kind = Kind::kLogStart;
    uint64_t line_offset = 0;  // decompressed offset where its line begins in its file
    StringId spark_version = kEmptyString;
    ApplicationStartEvent start;  // identity fields only (no driver logs)
    int64_t time = kNoTime;
  };

  static void Apply(Replay& replay, const TailEvent& event);
  // The end of one bus.replay over a file (or the tail): an unreadable line still pending stops
  // it unless the file may be truncated.
  static void EndReplay(Replay& replay, bool maybe_truncated);
  static void CheckProgress(Replay& replay);
  void Record(TailEvent event);

  bool in_progress_;
  LineConsumer* decoder_;
  bool line_listed_ = false;    // the line being forwarded passes the filter...
  bool line_yielded_ = false;   // ...and the decoder called back with its event
  const LogStream* part_ = nullptr;
  AppInfo full_info_;  // what a full replay without halt lists (step 5)
  Replay first_pass_;  // writes the caller's AppInfo
  Replay full_;
  std::vector<TailEvent> part_events_;  // the current file's listed events, for step 4
};

}  // namespace afterglow
