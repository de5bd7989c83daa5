// The saved page's element: written where the format says, read back to the same bytes.
#include "core/share/analysis_html.h"

#include <gtest/gtest.h>
#include <zstd.h>

#include <string>

#include "core/share/base64.h"
#include "core/share/share_job.h"
#include "core/share/zstd_writer.h"
#include "simdjson.h"

namespace afterglow::share {
namespace analysis_html_test {

constexpr std::string_view kTemplate =
    "<!doctype html><html><body><script>const id = 'afterglow-analysis';</script>\n</body></html>\n";

std::string Compress(const std::string& text) {
  ZstdWriter writer;
  EXPECT_TRUE(writer.Write(text));
  EXPECT_TRUE(writer.Finish());
  return writer.output();
}

std::string Decompress(const std::string& frame) {
  const unsigned long long size = ZSTD_getFrameContentSize(frame.data(), frame.size());
  std::string text;
  if (size == ZSTD_CONTENTSIZE_ERROR) return "<not zstd>";
  // Streamed frames need not record their size: decompress in steps.
  ZSTD_DStream* stream = ZSTD_createDStream();
  ZSTD_inBuffer in{frame.data(), frame.size(), 0};
  char buffer[4096];
  while (in.pos < in.size) {
    ZSTD_outBuffer out{buffer, sizeof buffer, 0};
    const size_t rc = ZSTD_decompressStream(stream, &out, &in);
    if (ZSTD_isError(rc)) {
      ZSTD_freeDStream(stream);
      return "<bad zstd>";
    }
    text.append(buffer, out.pos);
  }
  ZSTD_freeDStream(stream);
  return text;
}

TEST(AnalysisHtml, ElementGoesRightBeforeTheLastBodyEndAndReadsBack) {
  const std::string log_a = "{\"Event\":\"SparkListenerLogStart\",\"Note\":\"</script><b>&\"}\n";
  std::string log_b(300000, 'x');
  for (size_t i = 0; i < log_b.size(); i += 97) log_b[i] = '\n';
  const std::string zstd_a = Compress(log_a), zstd_b = Compress(log_b);
  AnalysisContent content;
  content.route = "#/stages/3/0?<x>";
  content.redacted = true;
  content.files = {{"app-1.zstd", log_a.size(), zstd_a},
                   {"eventlog_v2_a/events_1_a.zstd", log_b.size(), zstd_b}};
  std::string html, error;
  ASSERT_TRUE(WriteAnalysisHtml(kTemplate, content, &html, &error)) << error;

  const size_t element = html.find(kAnalysisOpenTag);
  ASSERT_NE(element, std::string::npos);
  const size_t close = html.find("</script>", element);
  EXPECT_EQ(html.substr(close), "</script></body></html>\n");
  // The template's own text up to </body> (it ends in one '\n', which stays) comes first.
  EXPECT_EQ(html.substr(0, element), std::string(kTemplate.substr(0, kTemplate.find("</body>"))));
  const std::string json = html.substr(element + kAnalysisOpenTag.size(), close - element - kAnalysisOpenTag.size());
  EXPECT_EQ(json.find('<'), std::string::npos);

  simdjson::dom::parser parser;
  simdjson::dom::element doc;
  ASSERT_EQ(parser.parse(json).get(doc), simdjson::SUCCESS) << json.substr(0, 200);
  int64_t version = 0;
  std::string_view route;
  bool redacted = false;
  ASSERT_EQ(doc["version"].get_int64().get(version), simdjson::SUCCESS);
  ASSERT_EQ(doc["route"].get_string().get(route), simdjson::SUCCESS);
  ASSERT_EQ(doc["redacted"].get_bool().get(redacted), simdjson::SUCCESS);
  EXPECT_EQ(version, 1);
  EXPECT_EQ(route, "#/stages/3/0?<x>");
  EXPECT_TRUE(redacted);
  simdjson::dom::array files;
  ASSERT_EQ(doc["files"].get_array().get(files), simdjson::SUCCESS);
  ASSERT_EQ(files.size(), 2u);
  const std::string* originals[] = {&log_a, &log_b};
  size_t i = 0;
  for (simdjson::dom::element f : files) {
    std::string_view name, data;
    uint64_t bytes = 0;
    ASSERT_EQ(f["name"].get_string().get(name), simdjson::SUCCESS);
    ASSERT_EQ(f["bytes"].get_uint64().get(bytes), simdjson::SUCCESS);
    ASSERT_EQ(f["data"].get_string().get(data), simdjson::SUCCESS);
    std::string frame;
    ASSERT_TRUE(DecodeBase64(data, &frame));
    EXPECT_EQ(Decompress(frame), *originals[i]);
    EXPECT_EQ(bytes, originals[i]->size());
    EXPECT_EQ(name, content.files[i].name);
    ++i;
  }
}

TEST(AnalysisHtml, SavingASavedAnalysisReplacesItsElement) {
  AnalysisContent first;
  first.route = "#/jobs";
  const std::string zstd = Compress("old\n");
  first.files = {{"old.zstd", 4, zstd}};
  std::string saved, error;
  ASSERT_TRUE(WriteAnalysisHtml(kTemplate, first, &saved, &error));
  AnalysisContent second;
  second.route = "#/executors";
  const std::string zstd2 = Compress("new\n");
  second.files = {{"new.zstd", 4, zstd2}};
  std::string resaved;
  ASSERT_TRUE(WriteAnalysisHtml(saved, second, &resaved, &error));
  EXPECT_EQ(resaved.find("old.zstd"), std::string::npos);
  EXPECT_NE(resaved.find("new.zstd"), std::string::npos);
  // Saving again from the template gives the same page: nothing of the old element is left.
  std::string direct;
  ASSERT_TRUE(WriteAnalysisHtml(kTemplate, second, &direct, &error));
  EXPECT_EQ(resaved, direct);
}

TEST(AnalysisHtml, APageWithoutBodyEndIsAnError) {
  std::string html, error;
  EXPECT_FALSE(WriteAnalysisHtml("<html>no body end", AnalysisContent{}, &html, &error));
  EXPECT_NE(error.find("</body>"), std::string::npos);
}

TEST(Base64, RoundTripsEveryLengthAndRejectsGarbage) {
  std::string bytes;
  for (int n = 0; n < 70; ++n) {
    std::string encoded, decoded;
    AppendBase64(bytes, &encoded);
    EXPECT_EQ(encoded.size(), (bytes.size() + 2) / 3 * 4);
    ASSERT_TRUE(DecodeBase64(encoded, &decoded));
    EXPECT_EQ(decoded, bytes);
    bytes.push_back(static_cast<char>(n * 37 + 250));
  }
  std::string known;
  AppendBase64("Man", &known);
  AppendBase64("Ma", &known);
  EXPECT_EQ(known, "TWFuTWE=");
  std::string out;
  EXPECT_FALSE(DecodeBase64("TW=u", &out));
  EXPECT_FALSE(DecodeBase64("TWF", &out));
}

TEST(SavedFileName, CodecExtensionBecomesZstdKeepingCompactAndInProgress) {
  EXPECT_EQ(SavedFileName("app-1"), "app-1.zstd");
  EXPECT_EQ(SavedFileName("app-1.lz4"), "app-1.zstd");
  EXPECT_EQ(SavedFileName("app-1.zstd"), "app-1.zstd");
  EXPECT_EQ(SavedFileName("app-1.snappy.inprogress"), "app-1.zstd.inprogress");
  EXPECT_EQ(SavedFileName("eventlog_v2_a/events_2_a.lzf.compact"), "eventlog_v2_a/events_2_a.zstd.compact");
  EXPECT_EQ(SavedFileName("db/eventlog-2021-01-01--10-00.gz"), "db/eventlog-2021-01-01--10-00.zstd");
  EXPECT_EQ(SavedFileName("db/eventlog"), "db/eventlog-9999-12-31--23-59.zstd");
  EXPECT_EQ(SavedFileName("old/EVENT_LOG_1"), "old/EVENT_LOG_1.zstd");
}

}  // namespace analysis_html_test
}  // namespace afterglow::share
