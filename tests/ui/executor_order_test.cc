// The one executor id order (ui/executor_order.h) the Executors table and the task timeline share:
// hand-picked ids against the order Spark's executorspage.js gives them.
#include "ui/executor_order.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <string>
#include <vector>

namespace afterglow::ui {
namespace {

TEST(ExecutorOrder, DriverFirstThenNumericIdsByValue) {
  EXPECT_TRUE(ExecutorIdLess("driver", "0"));
  EXPECT_FALSE(ExecutorIdLess("0", "driver"));
  EXPECT_TRUE(ExecutorIdLess("9", "10"));
  EXPECT_FALSE(ExecutorIdLess("10", "9"));
  EXPECT_FALSE(ExecutorIdLess("3", "3"));  // a strict order: an id is not less than itself
  EXPECT_TRUE(ExecutorIdLess("a", "b"));   // names among themselves by text
  EXPECT_TRUE(ExecutorIdLess("", "1"));    // an empty id is not a number
}

TEST(ExecutorOrder, SortsAMixedListAsTheExecutorsPage) {
  std::vector<std::string> ids = {"10", "2", "driver", "1", "100", "11"};
  std::sort(ids.begin(), ids.end(),
            [](const std::string& a, const std::string& b) { return ExecutorIdLess(a, b); });
  EXPECT_EQ(ids, (std::vector<std::string>{"driver", "1", "2", "10", "11", "100"}));
}

}  // namespace
}  // namespace afterglow::ui
