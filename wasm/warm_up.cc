// ag_warm_up: runs a tiny built-in event log through a throwaway session and builds every view
// model from it, once, when the page has started. The browser compiles wasm functions lazily,
// on their first call, and optimizes them only once they have run a while: without this, the
// first push of a load (decoding the first events of each kind) took 0.4 to 0.8 s on the 1 GB log
// whatever its size, and the final model build ran unoptimized code (the Stages tab's model took
// 160 to 300 ms, under 80 once warm). The log is synthetic (one job, one stage, two tasks, one SQL
// query), written for this file.
#include <emscripten/emscripten.h>

#include <string>

#include "core/base/epoch_clock.h"
#include "core/base/read_padding.h"
#include "core/session.h"
#include "core/share/zstd_writer.h"
#include "ui/app/app_state.h"
#include "ui/app/model_steps.h"

namespace {

constexpr const char kWarmUpLog[] =
    R"({"Event":"SparkListenerLogStart","Spark Version":"3.5.0"}
{"Event":"SparkListenerApplicationStart","App Name":"warm-up","App ID":"app-warm-up","Timestamp":1700000000000,"User":"afterglow"}
{"Event":"SparkListenerEnvironmentUpdate","JVM Information":{"Java Version":"17"},"Spark Properties":{"spark.master":"local[2]","spark.app.name":"warm-up"},"Hadoop Properties":{},"System Properties":{},"Metrics Properties":{},"Classpath Entries":{}}
{"Event":"SparkListenerExecutorAdded","Timestamp":1700000000100,"Executor ID":"1","Executor Info":{"Host":"host-1","Total Cores":2,"Log Urls":{},"Attributes":{},"Resources":{},"Resource Profile Id":0}}
{"Event":"SparkListenerBlockManagerAdded","Block Manager ID":{"Executor ID":"1","Host":"host-1","Port":7337},"Maximum Memory":1000000,"Timestamp":1700000000100}
{"Event":"org.apache.spark.sql.execution.ui.SparkListenerSQLExecutionStart","executionId":0,"description":"count","details":"count","physicalPlanDescription":"== Physical Plan ==\nScan","sparkPlanInfo":{"nodeName":"Scan","simpleString":"Scan","children":[],"metadata":{},"metrics":[{"name":"number of output rows","accumulatorId":7,"metricType":"sum"}]},"time":1700000000200,"modifiedConfigs":{}}
{"Event":"SparkListenerJobStart","Job ID":0,"Submission Time":1700000000300,"Stage Infos":[{"Stage ID":0,"Stage Attempt ID":0,"Stage Name":"count","Number of Tasks":2,"RDD Info":[{"RDD ID":0,"Name":"scan","Callsite":"count","Parent IDs":[],"Storage Level":{"Use Disk":false,"Use Memory":false,"Deserialized":false,"Replication":1},"Number of Partitions":2,"Number of Cached Partitions":0,"Memory Size":0,"Disk Size":0}],"Parent IDs":[],"Details":"count","Accumulables":[],"Resource Profile Id":0}],"Stage IDs":[0],"Properties":{"spark.sql.execution.id":"0"}}
{"Event":"SparkListenerStageSubmitted","Stage Info":{"Stage ID":0,"Stage Attempt ID":0,"Stage Name":"count","Number of Tasks":2,"RDD Info":[],"Parent IDs":[],"Details":"count","Submission Time":1700000000310,"Accumulables":[],"Resource Profile Id":0},"Properties":{"spark.sql.execution.id":"0"}}
{"Event":"SparkListenerTaskStart","Stage ID":0,"Stage Attempt ID":0,"Task Info":{"Task ID":0,"Index":0,"Attempt":0,"Partition ID":0,"Launch Time":1700000000320,"Executor ID":"1","Host":"host-1","Locality":"PROCESS_LOCAL","Speculative":false,"Getting Result Time":0,"Finish Time":0,"Failed":false,"Killed":false,"Accumulables":[]}}
{"Event":"SparkListenerTaskStart","Stage ID":0,"Stage Attempt ID":0,"Task Info":{"Task ID":1,"Index":1,"Attempt":0,"Partition ID":1,"Launch Time":1700000000330,"Executor ID":"1","Host":"host-1","Locality":"NODE_LOCAL","Speculative":false,"Getting Result Time":0,"Finish Time":0,"Failed":false,"Killed":false,"Accumulables":[]}}
{"Event":"SparkListenerTaskEnd","Stage ID":0,"Stage Attempt ID":0,"Task Type":"ResultTask","Task End Reason":{"Reason":"Success"},"Task Info":{"Task ID":0,"Index":0,"Attempt":0,"Partition ID":0,"Launch Time":1700000000320,"Executor ID":"1","Host":"host-1","Locality":"PROCESS_LOCAL","Speculative":false,"Getting Result Time":0,"Finish Time":1700000000900,"Failed":false,"Killed":false,"Accumulables":[{"ID":7,"Name":"number of output rows","Update":"5","Value":"5","Internal":true,"Count Failed Values":true,"Metadata":"sql"},{"ID":1,"Name":"internal.metrics.executorRunTime","Update":500,"Value":500,"Internal":true,"Count Failed Values":true}]},"Task Executor Metrics":{"JVMHeapMemory":1000,"MinorGCCount":1,"MinorGCTime":2},"Task Metrics":{"Executor Deserialize Time":10,"Executor Deserialize CPU Time":1000000,"Executor Run Time":500,"Executor CPU Time":400000000,"Peak Execution Memory":1024,"Result Size":800,"JVM GC Time":3,"Result Serialization Time":1,"Memory Bytes Spilled":0,"Disk Bytes Spilled":0,"Shuffle Read Metrics":{"Remote Blocks Fetched":1,"Local Blocks Fetched":1,"Fetch Wait Time":1,"Remote Bytes Read":100,"Remote Bytes Read To Disk":0,"Local Bytes Read":100,"Total Records Read":5},"Shuffle Write Metrics":{"Shuffle Bytes Written":50,"Shuffle Write Time":1000,"Shuffle Records Written":5},"Input Metrics":{"Bytes Read":4096,"Records Read":5},"Output Metrics":{"Bytes Written":0,"Records Written":0},"Updated Blocks":[]}}
{"Event":"SparkListenerTaskEnd","Stage ID":0,"Stage Attempt ID":0,"Task Type":"ResultTask","Task End Reason":{"Reason":"ExceptionFailure","Class Name":"java.lang.RuntimeException","Description":"warm-up","Stack Trace":[],"Full Stack Trace":"java.lang.RuntimeException: warm-up","Accumulables":[]},"Task Info":{"Task ID":1,"Index":1,"Attempt":0,"Partition ID":1,"Launch Time":1700000000330,"Executor ID":"1","Host":"host-1","Locality":"NODE_LOCAL","Speculative":false,"Getting Result Time":0,"Finish Time":1700000000950,"Failed":true,"Killed":false,"Accumulables":[]},"Task Metrics":{"Executor Run Time":600,"JVM GC Time":0,"Input Metrics":{"Bytes Read":8192,"Records Read":9}}}
{"Event":"SparkListenerStageCompleted","Stage Info":{"Stage ID":0,"Stage Attempt ID":0,"Stage Name":"count","Number of Tasks":2,"RDD Info":[],"Parent IDs":[],"Details":"count","Submission Time":1700000000310,"Completion Time":1700000001000,"Accumulables":[{"ID":7,"Name":"number of output rows","Value":"5","Internal":true,"Count Failed Values":true,"Metadata":"sql"}],"Resource Profile Id":0}}
{"Event":"SparkListenerJobEnd","Job ID":0,"Completion Time":1700000001010,"Job Result":{"Result":"JobSucceeded"}}
{"Event":"org.apache.spark.sql.execution.ui.SparkListenerSQLExecutionEnd","executionId":0,"time":1700000001020}
{"Event":"SparkListenerExecutorRemoved","Timestamp":1700000001500,"Executor ID":"1","Removed Reason":"warm-up over"}
{"Event":"SparkListenerApplicationEnd","Timestamp":1700000002000}
)";

constexpr int kModelRounds = 50;
constexpr int kZstdRounds = 20;

// Feeds `bytes` to a throwaway session as one file named `name` (its extension picks the codec).
void Feed(const std::string& name, std::string bytes) {
  const size_t size = bytes.size();
  bytes.resize(size + afterglow::kReadPadding);  // the decoders read past the end
  afterglow::Session session;
  session.BeginFile(name, size);
  session.PushBytes(reinterpret_cast<const uint8_t*>(bytes.data()), size);
  session.EndFile();
}

}  // namespace

// Called once by the page after the engine starts, before any load (web/afterglow-page.js).
// Touches no state the page shows.
extern "C" EMSCRIPTEN_KEEPALIVE void ag_warm_up() {
  const std::string text(kWarmUpLog, sizeof kWarmUpLog - 1);
  // zstd is Spark's default codec: cold, its decoder made the first push of a .zstd load take
  // 30-70 ms (4 ms warm), the longest frame gap of the load's first second. Fed several times,
  // as the models below, so that its functions run long enough to be optimized.
  afterglow::share::ZstdWriter zstd(1);
  if (zstd.Write(text) && zstd.Finish()) {
    for (int round = 0; round < kZstdRounds; ++round) Feed("warm-up.zstd", zstd.output());
  }

  std::string bytes = text;
  const size_t size = bytes.size();
  bytes.resize(size + afterglow::kReadPadding);  // the decoders read past the end
  afterglow::Session session;
  session.BeginFile("warm-up.json", size);
  session.PushBytes(reinterpret_cast<const uint8_t*>(bytes.data()), size);
  session.EndFile();
  afterglow::ui::AppState state;
  state.session = &session;
  state.status = afterglow::ui::LoadStatus::kLoading;
  afterglow::ui::RefreshModels(state);  // the mid-load refresh, as the first pushes run it
  // The end of a load, as ag_load_finish_step runs it, several times: the browser compiles a
  // function's optimized code only once it has run a while, and the model builders run only at
  // the end of a load, too briefly to be optimized before it is over.
  for (int round = 0; round < kModelRounds; ++round) {
    afterglow::ui::ModelBuildQueue queue;
    queue.Start(state, afterglow::NowEpochMs());
    while (!queue.Step(state, SIZE_MAX)) {
    }
  }
}
