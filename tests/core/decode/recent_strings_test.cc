#include "core/decode/recent_strings.h"

#include <gtest/gtest.h>

#include <string>
#include <vector>

namespace afterglow {
namespace {

TEST(RecentStringsTest, EveryTextGetsThePoolsOneIdWhateverTheSlotsHold) {
  StringPool pool;
  RecentStrings recent(&pool);
  // Many more texts than slots, with hosts that differ only in the middle, interleaved so that
  // slots are replaced again and again.
  std::vector<std::string> texts = {"", "1", "driver", "PROCESS_LOCAL", "Success"};
  for (int i = 0; i < 300; ++i) {
    texts.push_back("eord-dataproc-query-w-" + std::to_string(i) + ".c.rapids-spark.internal");
  }
  for (int round = 0; round < 3; ++round) {
    for (const std::string& text : texts) {
      const StringId id = recent.Intern(text);
      EXPECT_EQ(pool.Get(id), text);
      EXPECT_EQ(id, pool.Intern(text)) << text;  // the pool itself agrees
    }
  }
  EXPECT_EQ(recent.Intern(""), kEmptyString);
  EXPECT_EQ(pool.size(), texts.size());  // "" is the pool's own id 0: nothing interned twice
}

TEST(RecentStringsTest, AHitNeedsTheWholeTextToMatch) {
  StringPool pool;
  RecentStrings recent(&pool);
  const StringId a = recent.Intern("executor-0001-host-a");
  const StringId b = recent.Intern("executor-0001-host-b");  // same length, start and middle
  EXPECT_NE(a, b);
  EXPECT_EQ(recent.Intern("executor-0001-host-a"), a);
  EXPECT_EQ(recent.Intern("executor-0001-host-b"), b);
}

TEST(RecentStringsTest, APlansCacheOfMoreSlotsGivesThePoolsIdsToo) {
  StringPool pool;
  RecentStringCache<10> plan_strings(&pool);
  std::vector<std::string> texts;
  for (int i = 0; i < 3000; ++i) {
    texts.push_back("Filter (isnotnull(value#" + std::to_string(i) + ") AND (value#" +
                    std::to_string(i) + " > 5))");
  }
  for (int round = 0; round < 2; ++round) {
    for (const std::string& text : texts) EXPECT_EQ(plan_strings.Intern(text), pool.Intern(text));
  }
  EXPECT_EQ(pool.size(), texts.size() + 1);  // the texts and ""
}

}  // namespace
}  // namespace afterglow
