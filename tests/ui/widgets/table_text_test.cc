// How tables treat free text (ui/widgets/table_text.h): a multi-line description becomes one line (the
// streaming batch descriptions of local-1596020211915 start with a line break), and searches
// match in any case (ContainsIgnoreCase, or Lower once per row), as the small tables' filter does
// over a row's cells (ui/widgets/small_table_filter.h).
#include "ui/widgets/table_text.h"

#include <gtest/gtest.h>

#include <cstring>

#include "ui/widgets/small_table_filter.h"

namespace afterglow::ui {
namespace table_text_test {

TEST(TableText, OneLineJoinsLinesAndDropsTheLeadingBreak) {
  EXPECT_EQ(OneLine("\nid = 8d26\nrunId = e225\nbatch = 7"), "id = 8d26 runId = e225 batch = 7");
  EXPECT_EQ(OneLine("a\r\nb\tc"), "a  b c");
  EXPECT_EQ(OneLine("  collect at Foo.scala:12"), "collect at Foo.scala:12");
  EXPECT_EQ(OneLine(""), "");
  EXPECT_EQ(OneLine("\n\n"), "");
}

TEST(TableText, ContainsIgnoresCase) {
  EXPECT_TRUE(ContainsIgnoreCase("Broadcast exchange (runId a8c4)", "EXCHANGE"));
  EXPECT_TRUE(ContainsIgnoreCase("driver", "DRIV"));
  EXPECT_TRUE(ContainsIgnoreCase("anything", ""));
  EXPECT_FALSE(ContainsIgnoreCase("driver", "drivers"));
  EXPECT_FALSE(ContainsIgnoreCase("", "a"));
  EXPECT_EQ(Lower("Executor 7\tHOST-1:4040"), "executor 7\thost-1:4040");
}

TEST(SmallTableFilter, AnEmptyFilterShowsEveryRow) {
  const SmallTableFilter filter;
  EXPECT_TRUE(filter.Shows({}));
  EXPECT_TRUE(filter.Shows({"Duration", ""}));
}

TEST(SmallTableFilter, ARowShowsWhenOneCellHoldsTheTextInAnyCase) {
  SmallTableFilter filter;
  std::strcpy(filter.text, "TIME");
  EXPECT_TRUE(filter.Shows({"GC Time"}));
  EXPECT_TRUE(filter.Shows({"7", "Scheduler Delay", "result time"}));
  EXPECT_FALSE(filter.Shows({"Duration", "Peak Execution Memory"}));
  EXPECT_FALSE(filter.Shows({}));
}

}  // namespace table_text_test
}  // namespace afterglow::ui
