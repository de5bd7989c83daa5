// The redaction rules on hand-built lines: what each rule replaces, what it leaves, and that a
// rewritten line is JSON with the same structure.
#include "core/share/redactor.h"

#include <gtest/gtest.h>

#include <string>

#include "core/share/json_strings.h"
#include "simdjson.h"

namespace afterglow::share {
namespace redactor_test {

// Scans every line, then rewrites every line, as a save does.
std::vector<std::string> Redact(const std::vector<std::string>& lines) {
  Redactor redactor;
  for (const std::string& line : lines) redactor.ScanLine(line);
  std::vector<std::string> out;
  for (const std::string& line : lines) {
    std::string rewritten;
    redactor.RewriteLine(line, &rewritten);
    out.push_back(rewritten);
  }
  return out;
}

std::string RedactOne(const std::string& line) { return Redact({line}).front(); }

std::string StringField(const std::string& line, const char* key) {
  simdjson::dom::parser parser;
  std::string_view value;
  EXPECT_EQ(parser.parse(line)[key].get_string().get(value), simdjson::SUCCESS) << line;
  return std::string(value);
}

TEST(Redactor, HostFieldsBecomeNumberedHostsEverywhereConsistently) {
  const auto out = Redact({
      R"({"Event":"SparkListenerTaskEnd","Task Info":{"Task ID":1,"Host":"node7.corp.example.com"}})",
      R"({"Event":"SparkListenerExecutorRemoved","Removed Reason":"Container on node7.corp.example.com exited; node9 was fine"})",
      R"({"Event":"SparkListenerBlockManagerAdded","Block Manager ID":{"Executor ID":"1","Host":"node9","Port":1}})",
  });
  EXPECT_EQ(out[0],
            R"({"Event":"SparkListenerTaskEnd","Task Info":{"Task ID":1,"Host":"host-1"}})");
  // node9 is named by a later event: the scan pass has learned it before the rewrite.
  EXPECT_EQ(StringField(out[1], "Removed Reason"), "Container on host-1 exited; host-2 was fine");
  EXPECT_NE(out[2].find(R"("Host":"host-2")"), std::string::npos);
}

TEST(Redactor, MachineMadeShortHostNamesShareTheirHostsNumber) {
  const auto out = Redact({
      R"({"Host":"ip-10-1-2-3.ec2.internal"})",
      R"({"Reason":"lost ip-10-1-2-3 and master"})",
  });
  EXPECT_EQ(StringField(out[1], "Reason"), "lost host-1 and master");
}

TEST(Redactor, IpAddressesAnywhereBecomeNumberedIps) {
  const std::string out = RedactOne(
      R"({"Host":"10.0.0.12","Note":"from 10.0.0.12:7337 and 192.168.1.5, v6 fe80::1ff:fe23:4567:890a and [::1]:80; not 1.2.3 or 300.1.1.1"})");
  EXPECT_EQ(StringField(out, "Host"), "ip-1");
  EXPECT_EQ(StringField(out, "Note"),
            "from ip-1:7337 and ip-2, v6 ip-3 and [ip-4]:80; not 1.2.3 or 300.1.1.1");
}

TEST(Redactor, UsersFromTheirFieldsHomeFoldersAndUrls) {
  const auto out = Redact({
      R"({"Event":"SparkListenerApplicationStart","App Name":"etl","User":"alice"})",
      R"({"Event":"SparkListenerEnvironmentUpdate","System Properties":{"user.name":"bob","user.dir":"/home/carol/work"}})",
      R"({"Log Urls":{"stdout":"http://nm1.corp:8042/node/containerlogs/c_1/alice/stdout"}})",
  });
  EXPECT_EQ(StringField(out[0], "User"), "user-1");
  EXPECT_EQ(StringField(out[0], "App Name"), "etl");
  EXPECT_NE(out[1].find(R"("user.name":"user-2")"), std::string::npos) << out[1];
  EXPECT_NE(out[1].find(R"("user.dir":"/home/user-3/dir-1")"), std::string::npos) << out[1];
  EXPECT_NE(out[2].find(R"("stdout":"http://host-1:8042/node/containerlogs/c_1/user-1/stdout")"),
            std::string::npos)
      << out[2];
}

TEST(Redactor, PathsKeepSchemeAndExtensionAndShareDirectoryNumbers) {
  const std::string out = RedactOne(
      R"({"Spark Properties":{"spark.jars":"file:/opt/app/lib/a.jar,hdfs://nn1.corp:8020/data/sales/part-0.snappy.parquet","spark.sql.warehouse.dir":"s3a://acme-bucket/data/wh"},)"
      R"("physicalPlanDescription":"Location: InMemoryFileIndex[/opt/app/in.csv], 5 / 2 = x/y </b>"})");
  simdjson::dom::parser parser;
  simdjson::dom::element doc;
  ASSERT_EQ(parser.parse(out).get(doc), simdjson::SUCCESS) << out;
  std::string_view jars, warehouse, plan;
  ASSERT_EQ(doc["Spark Properties"]["spark.jars"].get_string().get(jars), simdjson::SUCCESS);
  ASSERT_EQ(doc["Spark Properties"]["spark.sql.warehouse.dir"].get_string().get(warehouse),
            simdjson::SUCCESS);
  ASSERT_EQ(doc["physicalPlanDescription"].get_string().get(plan), simdjson::SUCCESS);
  EXPECT_EQ(jars, "file:/dir-1/dir-2/dir-3/file-1.jar,hdfs://host-1:8020/dir-4/dir-5/file-2.parquet");
  EXPECT_EQ(warehouse, "s3a://dir-6/dir-4/dir-7");
  // The same directories get the same numbers; division and HTML end tags are not paths.
  EXPECT_EQ(plan, "Location: InMemoryFileIndex[/dir-1/dir-2/file-3.csv], 5 / 2 = x/y </b>");
}

TEST(Redactor, SecretPropertiesAreRedactedAsSparkWritesThem) {
  const std::string out = RedactOne(
      R"({"Spark Properties":{"spark.ssl.keyPassword":"hunter2","fs.s3a.access.key":"AKIA1","spark.x":"--conf a.token=1","spark.app.name":"Tokenless"},"Properties":{"spark.job.description":"load"}})");
  simdjson::dom::parser parser;
  simdjson::dom::element props;
  ASSERT_EQ(parser.parse(out)["Spark Properties"].get(props), simdjson::SUCCESS) << out;
  std::string_view value;
  ASSERT_EQ(props["spark.ssl.keyPassword"].get_string().get(value), simdjson::SUCCESS);
  EXPECT_EQ(value, "*********(redacted)");
  ASSERT_EQ(props["fs.s3a.access.key"].get_string().get(value), simdjson::SUCCESS);
  EXPECT_EQ(value, "*********(redacted)");
  // Spark's redaction looks at values too: a value matching the regex is redacted.
  ASSERT_EQ(props["spark.x"].get_string().get(value), simdjson::SUCCESS);
  EXPECT_EQ(value, "*********(redacted)");
  ASSERT_EQ(props["spark.app.name"].get_string().get(value), simdjson::SUCCESS);
  EXPECT_EQ(value, "*********(redacted)");  // "Tokenless" holds "token", case-insensitively
  EXPECT_NE(out.find(R"("spark.job.description":"load")"), std::string::npos);
}

TEST(Redactor, PropertyHostKeysTeachHostsButNotWords) {
  const auto out = Redact({
      R"({"Spark Properties":{"spark.driver.host":"gateway-3.corp","spark.x.host":"true","dfs.namenode.rpc-address":"nn2.corp:8020"}})",
      R"({"Reason":"gateway-3.corp and nn2.corp said true"})",
  });
  EXPECT_EQ(StringField(out[1], "Reason"), "host-1 and host-2 said true");
}

TEST(Redactor, EscapedStringsAreDecodedAndReencoded) {
  const std::string out = RedactOne(
      R"({"Host":"node\u0031.corp","Note":"path \"\/home\/dave\/x.py\" on node1.corp\n\u00e9"})");
  EXPECT_EQ(StringField(out, "Host"), "host-1");
  EXPECT_EQ(StringField(out, "Note"), "path \"/home/user-1/file-1.py\" on host-1\n\xc3\xa9");
}

TEST(Redactor, KeysStayExceptClasspathEntries) {
  const std::string out = RedactOne(
      R"({"Classpath Entries":{"/opt/spark/jars/x.jar":"System Classpath"},"Spark Properties":{"/odd/key":"v"}})");
  EXPECT_NE(out.find(R"({"/dir-1/dir-2/dir-3/file-1.jar":"System Classpath"})"), std::string::npos)
      << out;
  EXPECT_NE(out.find(R"("/odd/key":"v")"), std::string::npos) << out;
}

TEST(Redactor, ABadLineIsRedactedAsTextAndStaysBad) {
  const auto out = Redact({R"({"Host":"w1.corp"})", R"({"Event":"X","Reason":"w1.corp at 10.1.1.1)"});
  EXPECT_EQ(out[1], R"({"Event":"X","Reason":"host-1 at ip-1)");
}

TEST(Redactor, UnchangedLinesStayByteForByte) {
  const std::string line =
      R"({"Event":"SparkListenerJobStart","Job ID":3,"Stage Infos":[{"Stage Name":"count at <console>:24","Details":"a\/b"}],"x":[1.5e3,true,null]})";
  EXPECT_EQ(RedactOne(line), line);
}

}  // namespace redactor_test
}  // namespace afterglow::share
