#include "tests/tools/log_scaler.h"

#include <charconv>

namespace afterglow::tools {
namespace {

// Which kind of id (or a time) a JSON value holds, judged from its key and its enclosing keys.
enum class ValueKind : uint8_t { kNone, kJob, kStage, kRdd, kTask, kSqlExecution, kAccumulator, kTime };

// One open object or array while scanning. `key` is the member key the container is the value of;
// an array nested directly in an array keeps its parent's key and counts as nested.
struct Container {
  bool is_object = false;
  bool nested_array = false;
  bool under_rdd_info = false;  // inside "RDD Info": "Parent IDs" there are RDD ids, not stage ids
  std::string_view key;
  uint32_t element_index = 0;  // arrays: index of the current element
};

constexpr int kMaxDepth = 64;

bool IsTimeKey(std::string_view key) {
  return key == "Submission Time" || key == "Completion Time" || key == "Launch Time" ||
         key == "Getting Result Time" || key == "Finish Time" || key == "Timestamp" || key == "time";
}

// A number that is the value of member `key` in an object.
ValueKind MemberKind(std::string_view key) {
  if (key == "Job ID") return ValueKind::kJob;
  if (key == "Stage ID") return ValueKind::kStage;
  if (key == "RDD ID") return ValueKind::kRdd;
  if (key == "Task ID") return ValueKind::kTask;
  if (key == "executionId" || key == "rootExecutionId") return ValueKind::kSqlExecution;
  if (key == "ID" || key == "accumulatorId") return ValueKind::kAccumulator;
  if (IsTimeKey(key)) return ValueKind::kTime;
  return ValueKind::kNone;
}

// A number that is an element of an array.
ValueKind ElementKind(const Container& array) {
  if (array.key == "Stage IDs") return ValueKind::kStage;
  if (array.key == "Parent IDs") return array.under_rdd_info ? ValueKind::kRdd : ValueKind::kStage;
  // DriverAccumUpdates: "accumUpdates":[[id,value],...]; only the first of each pair is an id.
  if (array.key == "accumUpdates" && array.nested_array && array.element_index == 0) {
    return ValueKind::kAccumulator;
  }
  return ValueKind::kNone;
}

// Job properties hold the SQL execution id as a string.
bool IsSqlExecutionProperty(std::string_view key) {
  return key == "spark.sql.execution.id" || key == "spark.sql.execution.root.id";
}

int64_t ShiftFor(ValueKind kind, const CopyShift& shift) {
  switch (kind) {
    case ValueKind::kJob: return shift.job;
    case ValueKind::kStage: return shift.stage;
    case ValueKind::kRdd: return shift.rdd;
    case ValueKind::kTask: return shift.task;
    case ValueKind::kSqlExecution: return shift.sql_execution;
    case ValueKind::kAccumulator: return shift.accumulator;
    case ValueKind::kTime: return shift.time_ms;
    case ValueKind::kNone: return 0;
  }
  return 0;
}

void Widen(ValueKind kind, int64_t value, SourceExtent& extent) {
  auto raise = [value](int64_t& max) { if (value > max) max = value; };
  switch (kind) {
    case ValueKind::kJob: raise(extent.max_job); break;
    case ValueKind::kStage: raise(extent.max_stage); break;
    case ValueKind::kRdd: raise(extent.max_rdd); break;
    case ValueKind::kTask: raise(extent.max_task); break;
    case ValueKind::kSqlExecution: raise(extent.max_sql_execution); break;
    case ValueKind::kAccumulator: raise(extent.max_accumulator); break;
    case ValueKind::kTime:
      if (value < extent.min_time_ms) extent.min_time_ms = value;
      raise(extent.max_time_ms);
      break;
    case ValueKind::kNone: break;
  }
}

// Rewrites ids and times while copying a line; one pass, no tree.
class Rewriter {
 public:
  Rewriter(std::string_view line, const CopyShift& shift, std::string* out, SourceExtent* extent)
      : line_(line), shift_(shift), out_(out), extent_(extent) {}

  bool Run() {
    size_t i = 0;
    const size_t n = line_.size();
    while (i < n) {
      const char c = line_[i];
      switch (c) {
        case ' ': case '\t': case '\r': case '\n': case ':':
          ++i;
          break;
        case '{': case '[': {
          if (depth_ == kMaxDepth) return false;
          Container next;
          next.is_object = c == '{';
          if (depth_ > 0) {
            const Container& parent = stack_[depth_ - 1];
            next.key = parent.is_object ? member_key_ : parent.key;
            next.nested_array = !next.is_object && !parent.is_object;
            next.under_rdd_info = parent.under_rdd_info || next.key == "RDD Info";
          }
          stack_[depth_++] = next;
          expecting_key_ = next.is_object;
          ++i;
          break;
        }
        case '}': case ']':
          if (depth_ == 0 || stack_[depth_ - 1].is_object != (c == '}')) return false;
          --depth_;
          ++i;
          break;
        case ',':
          if (depth_ == 0) return false;
          if (stack_[depth_ - 1].is_object) {
            expecting_key_ = true;
          } else {
            ++stack_[depth_ - 1].element_index;
          }
          ++i;
          break;
        case '"': {
          const size_t end = StringEnd(i);
          if (end == std::string_view::npos) return false;
          const std::string_view contents = line_.substr(i + 1, end - i - 1);
          if (depth_ > 0 && stack_[depth_ - 1].is_object && expecting_key_) {
            member_key_ = contents;
            expecting_key_ = false;
          } else if (depth_ > 0 && stack_[depth_ - 1].is_object && IsSqlExecutionProperty(member_key_)) {
            Number(i + 1, end, ValueKind::kSqlExecution);
          }
          i = end + 1;
          break;
        }
        default: {
          size_t end = i;
          while (end < n && line_[end] != ',' && line_[end] != '}' && line_[end] != ']' &&
                 line_[end] != ' ' && line_[end] != '\r' && line_[end] != '\n') {
            ++end;
          }
          if (depth_ > 0) {
            const Container& top = stack_[depth_ - 1];
            Number(i, end, top.is_object ? MemberKind(member_key_) : ElementKind(top));
          }
          i = end;
          break;
        }
      }
    }
    if (depth_ != 0) return false;
    if (out_ != nullptr) out_->append(line_.substr(copied_));
    return true;
  }

 private:
  // Index of the quote closing the string that opens at `open`, or npos.
  size_t StringEnd(size_t open) const {
    for (size_t j = open + 1; j < line_.size(); ++j) {
      if (line_[j] == '\\') {
        ++j;
      } else if (line_[j] == '"') {
        return j;
      }
    }
    return std::string_view::npos;
  }

  // The digits in [begin, end) as a value of `kind`: recorded, and shifted in the output. Text
  // that is not a plain integer (null, decimals) is left alone.
  void Number(size_t begin, size_t end, ValueKind kind) {
    if (kind == ValueKind::kNone) return;
    int64_t value = 0;
    const char* first = line_.data() + begin;
    const char* last = line_.data() + end;
    const auto parsed = std::from_chars(first, last, value);
    if (parsed.ec != std::errc() || parsed.ptr != last) return;
    if (kind == ValueKind::kTime && value <= 0) return;  // 0 means "not set" (Getting Result Time)
    if (extent_ != nullptr) Widen(kind, value, *extent_);
    const int64_t by = ShiftFor(kind, shift_);
    if (out_ == nullptr || by == 0) return;
    out_->append(line_.substr(copied_, begin - copied_));
    char digits[24];
    const auto written = std::to_chars(digits, digits + sizeof digits, value + by);
    out_->append(digits, written.ptr);
    copied_ = end;
  }

  std::string_view line_;
  const CopyShift& shift_;
  std::string* out_;
  SourceExtent* extent_;
  Container stack_[kMaxDepth];
  int depth_ = 0;
  bool expecting_key_ = false;
  std::string_view member_key_;
  size_t copied_ = 0;  // line_[0, copied_) is already in out_
};

}  // namespace

bool RewriteEvent(std::string_view line, const CopyShift& shift, std::string* out,
                  SourceExtent* extent) {
  const size_t out_size = out != nullptr ? out->size() : 0;
  SourceExtent widened = extent != nullptr ? *extent : SourceExtent{};
  Rewriter rewriter(line, shift, out, extent != nullptr ? &widened : nullptr);
  if (!rewriter.Run()) {
    if (out != nullptr) {
      out->resize(out_size);
      out->append(line);
    }
    return false;
  }
  if (extent != nullptr) *extent = widened;
  return true;
}

bool IsRepeatedEvent(std::string_view event_name) {
  return event_name == "SparkListenerJobStart" || event_name == "SparkListenerJobEnd" ||
         event_name == "SparkListenerStageSubmitted" || event_name == "SparkListenerStageCompleted" ||
         event_name == "SparkListenerTaskStart" || event_name == "SparkListenerTaskGettingResult" ||
         event_name == "SparkListenerTaskEnd" || event_name == "SparkListenerSpeculativeTaskSubmitted" ||
         event_name == "SparkListenerUnpersistRDD" || event_name == "SparkListenerStageExecutorMetrics" ||
         event_name.starts_with("org.apache.spark.sql.execution.ui.");
}

std::string_view EventName(std::string_view line) {
  constexpr std::string_view kKey = "\"Event\"";
  size_t at = line.find(kKey);
  if (at == std::string_view::npos) return {};
  at = line.find('"', at + kKey.size());
  if (at == std::string_view::npos) return {};
  const size_t end = line.find('"', at + 1);
  if (end == std::string_view::npos) return {};
  return line.substr(at + 1, end - at - 1);
}

void LogScaler::AddSourceLine(std::string_view line) {
  const std::string_view name = EventName(line);
  LineKind kind = LineKind::kOnce;
  if (name == "SparkListenerApplicationEnd") {
    kind = LineKind::kApplicationEnd;
  } else if (IsRepeatedEvent(name)) {
    kind = LineKind::kRepeated;
    RewriteEvent(line, CopyShift{}, nullptr, &extent_);
  }
  (kind == LineKind::kRepeated ? repeated_bytes_ : once_bytes_) += line.size() + 1;
  lines_.push_back({text_.size(), static_cast<uint32_t>(line.size()), kind});
  text_.append(line);
}

uint64_t LogScaler::CopiesForSize(uint64_t target_bytes) const {
  if (repeated_bytes_ == 0 || target_bytes <= once_bytes_) return 1;
  const uint64_t copies = (target_bytes - once_bytes_ + repeated_bytes_ / 2) / repeated_bytes_;
  return copies < 1 ? 1 : copies;
}

CopyShift LogScaler::ShiftOf(uint64_t index) const {
  const int64_t k = static_cast<int64_t>(index);
  CopyShift shift;
  shift.job = k * (extent_.max_job + 1);
  shift.stage = k * (extent_.max_stage + 1);
  shift.rdd = k * (extent_.max_rdd + 1);
  shift.task = k * (extent_.max_task + 1);
  shift.sql_execution = k * (extent_.max_sql_execution + 1);
  shift.accumulator = k * (extent_.max_accumulator + 1);
  if (extent_.max_time_ms >= extent_.min_time_ms) {
    shift.time_ms = k * (extent_.max_time_ms - extent_.min_time_ms + kGapBetweenCopiesMs);
  }
  return shift;
}

void LogScaler::AppendLine(const SourceLine& line, const CopyShift& shift, std::string* out) const {
  const std::string_view text(text_.data() + line.offset, line.size);
  const bool unchanged = shift.job == 0 && shift.stage == 0 && shift.rdd == 0 && shift.task == 0 &&
                         shift.sql_execution == 0 && shift.accumulator == 0 && shift.time_ms == 0;
  if (unchanged) {
    out->append(text);
  } else {
    RewriteEvent(text, shift, out, nullptr);
  }
  out->push_back('\n');
}

}  // namespace afterglow::tools
