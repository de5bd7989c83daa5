// The header's "Saved analysis" label (ui/app/frame.cc): shown only when the page opened a saved
// analysis, saying "redacted" when the logs were, and laid out in the header without covering the
// "Save analysis..." and "Open logs..." buttons.
#include <gtest/gtest.h>

#include <string>

#include "tests/ui/headless_ui.h"
#include "ui/widgets/widget_anchors.h"

namespace afterglow::ui {
namespace saved_analysis_label_test {

const WidgetAnchor* FindAnchor(const char* name) {
  int count = 0;
  const WidgetAnchor* anchors = WidgetAnchors(&count);
  for (int i = 0; i < count; ++i) {
    if (std::string(anchors[i].name) == name) return &anchors[i];
  }
  return nullptr;
}

bool Overlap(const WidgetAnchor& a, const WidgetAnchor& b) {
  return a.min.x < b.max.x && b.min.x < a.max.x && a.min.y < b.max.y && b.min.y < a.max.y;
}

const std::string kLog = std::string(AFTERGLOW_CORPUS_DIR) + "/spark/spark-events/local-1422981780767";

TEST(SavedAnalysisLabel, AbsentWhenThePageOpenedLogsOfItsOwn) {
  testing::HeadlessUi ui;
  ASSERT_EQ(ui.Load(kLog), "");
  ui.Draw();
  EXPECT_EQ(FindAnchor("savedAnalysis"), nullptr);
  EXPECT_NE(FindAnchor("saveAnalysis"), nullptr);
}

TEST(SavedAnalysisLabel, SaysSavedAndRedactedBesideTheButtons) {
  testing::HeadlessUi ui;
  ASSERT_EQ(ui.Load(kLog), "");
  ui.state().saved_analysis.is_saved_analysis = true;
  ui.state().saved_analysis.redacted = true;
  ui.Draw();
  const WidgetAnchor* label = FindAnchor("savedAnalysis");
  ASSERT_NE(label, nullptr);
  EXPECT_EQ(std::string(label->text), "Saved analysis \xc2\xb7 redacted");
  for (const char* button : {"saveAnalysis", "openLogs"}) {
    const WidgetAnchor* other = FindAnchor(button);
    ASSERT_NE(other, nullptr) << button;
    EXPECT_FALSE(Overlap(*label, *other)) << button;
    EXPECT_LT(label->max.x, other->min.x) << button;  // left of the buttons
  }
  EXPECT_LE(FindAnchor("openLogs")->max.x, 1600);  // the header still fits the display

  ui.state().saved_analysis.redacted = false;
  ui.Draw();
  ASSERT_NE(FindAnchor("savedAnalysis"), nullptr);
  EXPECT_EQ(std::string(FindAnchor("savedAnalysis")->text), "Saved analysis");
}

}  // namespace saved_analysis_label_test
}  // namespace afterglow::ui
