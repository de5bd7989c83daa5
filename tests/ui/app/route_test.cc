// Routes: every view's hash parses back to itself, and malformed hashes name no view.
#include "ui/app/route.h"

#include <gtest/gtest.h>

namespace afterglow::ui {
namespace route_test {

TEST(Route, ParsesEveryViewAndFormatsItBack) {
  const Route routes[] = {
      {ViewId::kOverview},         {ViewId::kJobs},      {ViewId::kJob, 12},
      {ViewId::kStages},           {ViewId::kStage, 3, 1}, {ViewId::kStage, 3, -1},
      {ViewId::kExecutors},        {ViewId::kSql},       {ViewId::kSqlQuery, 7},
      {ViewId::kEnvironment},      {ViewId::kStorage},   {ViewId::kTimeline},
  };
  for (const Route& route : routes) {
    const std::string text = FormatRoute(route);
    const std::optional<Route> parsed = ParseRoute(text);
    ASSERT_TRUE(parsed.has_value()) << text;
    EXPECT_EQ(*parsed, route) << text;
  }
  EXPECT_EQ(FormatRoute({ViewId::kStage, 3, 0}), "#/stages/3/0");
  EXPECT_EQ(FormatRoute({ViewId::kStage, 3, -1}), "#/stages/3");
  EXPECT_EQ(FormatRoute({ViewId::kSqlQuery, 0}), "#/sql/0");
}

TEST(Route, AcceptsTheHashWithoutItsMarkAndATrailingSlash) {
  EXPECT_EQ(ParseRoute("/jobs/4"), (Route{ViewId::kJob, 4}));
  EXPECT_EQ(ParseRoute("#/stages/"), (Route{ViewId::kStages}));
}

TEST(Route, RejectsWhatNamesNoView) {
  for (const char* text : {"", "#", "#/", "jobs", "#/nope", "#/jobs/x", "#/jobs/-1", "#/jobs/1/2",
                           "#/overview/1", "#/stages/1/2/3", "#/stages/1/a", "#/sql/1.5",
                           "#/jobs/99999999999999999999999"}) {
    EXPECT_FALSE(ParseRoute(text).has_value()) << text;
  }
}

TEST(Route, SqlQueryMayNameItsPlanVersion) {
  EXPECT_EQ(ParseRoute("#/sql/7/plan/1"), (Route{ViewId::kSqlQuery, 7, 0}));
  EXPECT_EQ(ParseRoute("#/sql/7/plan/3?app=a"), (Route{ViewId::kSqlQuery, 7, 2, {}, {}, "a"}));
  EXPECT_EQ(FormatRoute({ViewId::kSqlQuery, 7, 2}), "#/sql/7/plan/3");
  EXPECT_EQ(FormatRoute({ViewId::kSqlQuery, 7, -1}), "#/sql/7");
  for (const char* text : {"#/sql/7/plan/0", "#/sql/7/plan", "#/sql/7/3", "#/sql/7/plan/2/1",
                           "#/sql/7/plans/2", "#/sql/7/plan/x"}) {
    EXPECT_FALSE(ParseRoute(text).has_value()) << text;
  }
}

TEST(Route, StorageRddPageRoute) {
  EXPECT_EQ(ParseRoute("#/storage/7"), (Route{ViewId::kRdd, 7}));
  EXPECT_EQ(FormatRoute({ViewId::kRdd, 7}), "#/storage/7");
  EXPECT_EQ(ParseRoute("#/storage"), (Route{ViewId::kStorage}));
  EXPECT_FALSE(ParseRoute("#/storage/7/1").has_value());
  EXPECT_EQ(SectionOf(ViewId::kRdd), ViewId::kStorage);
}

TEST(Route, StreamingRunPageIsKeyedByTheRunId) {
  Route run{ViewId::kStreamingRun};
  run.key = "e225d92f-2545-48f8-87a2-9c0309580f8a";
  EXPECT_EQ(ParseRoute("#/streaming/e225d92f-2545-48f8-87a2-9c0309580f8a"), run);
  EXPECT_EQ(FormatRoute(run), "#/streaming/e225d92f-2545-48f8-87a2-9c0309580f8a");
  EXPECT_EQ(ParseRoute("#/streaming"), (Route{ViewId::kStreaming}));
  EXPECT_EQ(FormatRoute({ViewId::kStreaming}), "#/streaming");
  EXPECT_EQ(SectionOf(ViewId::kStreamingRun), ViewId::kStreaming);
  for (const char* text : {"#/streaming/a/b", "#/streaming/a%20b", "#/streaming/<x>"}) {
    EXPECT_FALSE(ParseRoute(text).has_value()) << text;
  }
}

TEST(Route, EntityViewsBelongToTheirListsSection) {
  EXPECT_EQ(SectionOf(ViewId::kJob), ViewId::kJobs);
  EXPECT_EQ(SectionOf(ViewId::kStage), ViewId::kStages);
  EXPECT_EQ(SectionOf(ViewId::kSqlQuery), ViewId::kSql);
  EXPECT_EQ(SectionOf(ViewId::kExecutors), ViewId::kExecutors);
}

TEST(Route, TheApplicationRidesInTheQuery) {
  Route stage{ViewId::kStage, 3, 0};
  stage.app_id = "local-1426533911241";
  stage.app_attempt = "2";
  EXPECT_EQ(FormatRoute(stage), "#/stages/3/0?app=local-1426533911241&attempt=2");
  EXPECT_EQ(ParseRoute(FormatRoute(stage)), stage);
  Route jobs{ViewId::kJobs};
  jobs.app_id = "app-1";
  EXPECT_EQ(FormatRoute(jobs), "#/jobs?app=app-1");  // no attempt id: none written
  EXPECT_EQ(ParseRoute("#/jobs?app=app-1"), jobs);
  // Any attempt text survives the round trip, percent-encoded.
  Route odd{ViewId::kOverview};
  odd.app_id = "a b";
  odd.app_attempt = "x&y=z/%";
  EXPECT_EQ(FormatRoute(odd), "#/overview?app=a%20b&attempt=x%26y%3Dz%2F%25");
  EXPECT_EQ(ParseRoute(FormatRoute(odd)), odd);
}

TEST(Route, RejectsABadApplicationQuery) {
  for (const char* text : {"#/jobs?", "#/jobs?app=", "#/jobs?attempt=1", "#/jobs?app=a&x=1",
                           "#/jobs?app=a%2", "#/jobs?app=a%zz", "#/nope?app=a"}) {
    EXPECT_FALSE(ParseRoute(text).has_value()) << text;
  }
}

}  // namespace route_test
}  // namespace afterglow::ui
