// version (v1.VersionInfo): the History Server answers with its own Spark version
// (ApiRootResource.version: SPARK_VERSION), not an application's. Afterglow answers as the
// History Server whose answers it reproduces: the one the corpus's expected outputs were taken
// from (apache/spark master at 1dfcd8f0, 4.1.0-SNAPSHOT).
#include "core/api/endpoints.h"
#include "core/api/json_writer.h"

namespace afterglow {

ApiResponse VersionEndpoint() {
  JsonWriter w;
  w.BeginObject();
  w.Field("spark", kHistoryServerSparkVersion);
  w.EndObject();
  return {200, w.Take()};
}

}  // namespace afterglow
