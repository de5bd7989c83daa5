// Builds a small event log whose every time is chosen by the test, for the time analyses
// (core/analysis/time/): jobs of stages with parents, tasks with launch, finish and
// executorRunTime, executors added and removed. Times are milliseconds after `start`, written as
// Spark's JsonProtocol writes its events.
#pragma once

#include <algorithm>
#include <cstdint>
#include <string>
#include <vector>

namespace afterglow::test_support {

struct TimedTask {
  int64_t launch = 0;  // ms after the log's start
  int64_t finish = 0;
  int64_t run_ms = -1;  // executorRunTime; -1: finish - launch
  std::string executor = "1";
};

struct TimedStage {
  int32_t stage_id = 0;
  std::vector<int32_t> parents;
  std::vector<TimedTask> tasks;
  bool failed = false;  // completes with a failure reason
};

class TimedLog {
 public:
  explicit TimedLog(int64_t start = 1'000'000) : start_(start) {
    text_ += R"({"Event":"SparkListenerLogStart","Spark Version":"3.5.1"})" "\n";
    text_ += R"({"Event":"SparkListenerApplicationStart","App Name":"timed","App ID":"app-timed",)"
             R"("Timestamp":)" + At(0) + R"(,"User":"u"})" "\n";
  }

  TimedLog& ExecutorAdded(const std::string& id, int cores, int64_t at) {
    text_ += R"({"Event":"SparkListenerExecutorAdded","Timestamp":)" + At(at) +
             R"(,"Executor ID":")" + id + R"(","Executor Info":{"Host":"h)" + id +
             R"(","Total Cores":)" + std::to_string(cores) + "}}\n";
    return *this;
  }
  TimedLog& ExecutorRemoved(const std::string& id, int64_t at) {
    text_ += R"({"Event":"SparkListenerExecutorRemoved","Timestamp":)" + At(at) +
             R"(,"Executor ID":")" + id + R"(","Removed Reason":"idle"})" "\n";
    return *this;
  }

  // A job from `submit` to `end` running `stages` (each submitted at its first task's launch and
  // completed at its last task's finish). `sql_execution` >= 0 sets spark.sql.execution.id.
  TimedLog& Job(int32_t job_id, int64_t submit, int64_t end, const std::vector<TimedStage>& stages,
                int64_t sql_execution = -1) {
    std::string infos, ids;
    for (const TimedStage& s : stages) {
      if (!infos.empty()) infos += ",", ids += ",";
      infos += StageInfo(s, "");
      ids += std::to_string(s.stage_id);
    }
    const std::string properties =
        sql_execution >= 0 ? R"({"spark.sql.execution.id":")" + std::to_string(sql_execution) + "\"}"
                           : "{}";
    text_ += R"({"Event":"SparkListenerJobStart","Job ID":)" + std::to_string(job_id) +
             R"(,"Submission Time":)" + At(submit) + R"(,"Stage Infos":[)" + infos +
             R"(],"Stage IDs":[)" + ids + R"(],"Properties":)" + properties + "}\n";
    for (const TimedStage& s : stages) {
      int64_t first = INT64_MAX, last = 0;
      for (const TimedTask& t : s.tasks) first = std::min(first, t.launch), last = std::max(last, t.finish);
      if (s.tasks.empty()) first = last = submit;
      text_ += R"({"Event":"SparkListenerStageSubmitted","Stage Info":)" +
               StageInfo(s, R"(,"Submission Time":)" + At(first)) + R"(,"Properties":{}})" "\n";
      for (const TimedTask& t : s.tasks) TaskStart(s.stage_id, t);
      for (const TimedTask& t : s.tasks) TaskEnd(s.stage_id, t);
      std::string completion = R"(,"Submission Time":)" + At(first) + R"(,"Completion Time":)" + At(last);
      if (s.failed) completion += R"(,"Failure Reason":"boom")";
      text_ += R"({"Event":"SparkListenerStageCompleted","Stage Info":)" + StageInfo(s, completion) + "}\n";
    }
    text_ += R"({"Event":"SparkListenerJobEnd","Job ID":)" + std::to_string(job_id) +
             R"(,"Completion Time":)" + At(end) + R"(,"Job Result":{"Result":"JobSucceeded"}})" "\n";
    return *this;
  }

  std::string End(int64_t at) const {
    return text_ + R"({"Event":"SparkListenerApplicationEnd","Timestamp":)" + At(at) + "}\n";
  }

 private:
  std::string At(int64_t ms) const { return std::to_string(start_ + ms); }

  std::string StageInfo(const TimedStage& s, const std::string& times) const {
    std::string parents;
    for (int32_t p : s.parents) parents += (parents.empty() ? "" : ",") + std::to_string(p);
    return R"({"Stage ID":)" + std::to_string(s.stage_id) +
           R"(,"Stage Attempt ID":0,"Stage Name":"s","Number of Tasks":)" +
           std::to_string(s.tasks.size()) + R"(,"RDD Info":[],"Parent IDs":[)" + parents +
           R"(],"Details":"")" + times + R"(,"Accumulables":[]})";
  }
  std::string TaskInfo(int64_t id, const TimedTask& t, int64_t finish) const {
    return R"({"Task ID":)" + std::to_string(id) + R"(,"Index":)" + std::to_string(id) +
           R"(,"Attempt":0,"Launch Time":)" + At(t.launch) + R"(,"Executor ID":")" + t.executor +
           R"(","Host":"h)" + t.executor + R"(","Locality":"PROCESS_LOCAL","Speculative":false,)"
           R"("Getting Result Time":0,"Finish Time":)" + (finish > 0 ? At(finish) : "0") +
           R"(,"Failed":false,"Killed":false,"Accumulables":[]})";
  }
  // Task ids are handed out at the starts; the ends, written in the same order, reuse them.
  void TaskStart(int32_t stage, const TimedTask& t) {
    text_ += R"({"Event":"SparkListenerTaskStart","Stage ID":)" + std::to_string(stage) +
             R"(,"Stage Attempt ID":0,"Task Info":)" + TaskInfo(started_tasks_++, t, 0) + "}\n";
  }
  void TaskEnd(int32_t stage, const TimedTask& t) {
    const int64_t run = t.run_ms >= 0 ? t.run_ms : t.finish - t.launch;
    text_ += R"({"Event":"SparkListenerTaskEnd","Stage ID":)" + std::to_string(stage) +
             R"(,"Stage Attempt ID":0,"Task Type":"ResultTask","Task End Reason":{"Reason":"Success"},)"
             R"("Task Info":)" + TaskInfo(ended_tasks_++, t, t.finish) +
             R"(,"Task Metrics":{"Executor Run Time":)" + std::to_string(run) + "}}\n";
  }

  int64_t start_;
  std::string text_;
  int64_t started_tasks_ = 0;
  int64_t ended_tasks_ = 0;
};

}  // namespace afterglow::test_support
