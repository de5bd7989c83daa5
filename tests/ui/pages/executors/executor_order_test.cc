// The executor id orders (ui/pages/executors/executor_order.h): the one the Executors table and the task timeline
// share, against the order Spark's executorspage.js gives hand-picked ids; and the stage page's
// executor table's, against what a DataTable ordered by its id column shows (numbers when every
// id is one, else text).
#include "ui/pages/executors/executor_order.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <string>
#include <vector>

namespace afterglow::ui {
namespace executor_order_test {

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

std::vector<std::string> SortedLikeTheStagePage(std::vector<std::string> ids) {
  const bool all_numeric = std::all_of(ids.begin(), ids.end(), [](const std::string& id) {
    return IsNumericExecutorId(id);
  });
  std::sort(ids.begin(), ids.end(), [all_numeric](const std::string& a, const std::string& b) {
    return StagePageExecutorIdLess(a, b, all_numeric);
  });
  return ids;
}

TEST(ExecutorOrder, StagePageSortsNumericIdsByValue) {
  EXPECT_EQ(SortedLikeTheStagePage({"10", "2", "1", "100", "11"}),
            (std::vector<std::string>{"1", "2", "10", "11", "100"}));
}

TEST(ExecutorOrder, StagePageSortsAsTextOnceAnIdIsNotANumber) {
  // DataTables then compares the column as lower-case text: the driver last, "10" before "2".
  EXPECT_EQ(SortedLikeTheStagePage({"10", "2", "driver", "1"}),
            (std::vector<std::string>{"1", "10", "2", "driver"}));
  EXPECT_EQ(SortedLikeTheStagePage({"Driver", "driver2", "a"}),
            (std::vector<std::string>{"a", "Driver", "driver2"}));
  EXPECT_TRUE(IsNumericExecutorId("7"));
  EXPECT_FALSE(IsNumericExecutorId("driver"));
  EXPECT_FALSE(IsNumericExecutorId(""));
  EXPECT_FALSE(IsNumericExecutorId("12a"));
}

}  // namespace executor_order_test
}  // namespace afterglow::ui
