// The #/compare routes: two runs, two jobs or two SQL executions of one run, and the aligned pair
// a route points at, each parsed back to itself; malformed ones name no view.
#include <gtest/gtest.h>

#include "ui/app/route.h"

namespace afterglow::ui {
namespace {

Route CompareOf(CompareItems items, int64_t a, int64_t b, ComparePair pair, int32_t row) {
  Route route{ViewId::kCompare, a};
  route.compare = {items, b, pair, row};
  return route;
}

TEST(CompareRoute, EveryFormParsesBackToItself) {
  const Route routes[] = {
      {ViewId::kCompare},
      CompareOf(CompareItems::kRuns, -1, -1, ComparePair::kStage, 4),
      CompareOf(CompareItems::kRuns, -1, -1, ComparePair::kSql, 0),
      CompareOf(CompareItems::kRuns, -1, -1, ComparePair::kJob, 12),
      CompareOf(CompareItems::kJobs, 3, 5, ComparePair::kNone, -1),
      CompareOf(CompareItems::kSql, 0, 7, ComparePair::kNone, -1),
      CompareOf(CompareItems::kJobs, 3, 5, ComparePair::kStage, 1),
  };
  for (const Route& route : routes) {
    const std::string text = FormatRoute(route);
    SCOPED_TRACE(text);
    EXPECT_EQ(ParseRoute(text), route);
  }
}

TEST(CompareRoute, TextsAreTheDocumentedOnes) {
  EXPECT_EQ(FormatRoute({ViewId::kCompare}), "#/compare");
  EXPECT_EQ(FormatRoute(CompareOf(CompareItems::kRuns, -1, -1, ComparePair::kStage, 2)), "#/compare/stage/2");
  EXPECT_EQ(FormatRoute(CompareOf(CompareItems::kJobs, 3, 5, ComparePair::kNone, -1)), "#/compare/jobs/3/5");
  EXPECT_EQ(FormatRoute(CompareOf(CompareItems::kSql, 1, 4, ComparePair::kJob, 0)), "#/compare/sql/1/4/job/0");
  EXPECT_EQ(ParseRoute("#/compare/"), (Route{ViewId::kCompare}));
  EXPECT_EQ(SectionOf(ViewId::kCompare), ViewId::kCompare);
}

TEST(CompareRoute, MalformedRoutesNameNoView) {
  for (const char* text : {"#/compare/stage", "#/compare/stage/x", "#/compare/jobs/3", "#/compare/jobs/3/x",
                           "#/compare/sql/1/2/3", "#/compare/stage/1/2", "#/compare/other/1",
                           "#/compare/jobs/-1/2"}) {
    SCOPED_TRACE(text);
    EXPECT_FALSE(ParseRoute(text).has_value());
  }
}

}  // namespace
}  // namespace afterglow::ui
