// The table selection's arithmetic (ui/app/keyboard.h MoveTableSelection), as a pure function: which
// row each key selects, from hand-picked positions, clamped to the rows shown. The ImGui side
// (which frame takes the keys, text boxes keeping theirs) is pinned in shell_test.cc.
#include "ui/app/keyboard.h"

#include <gtest/gtest.h>

namespace afterglow::ui {
namespace keyboard_test {

constexpr int kPage = 10;

TEST(MoveTableSelection, FirstUpOrDownSelectsTheFirstRow) {
  EXPECT_EQ(MoveTableSelection(-1, 5, TableKey::kDown, kPage), 0);
  EXPECT_EQ(MoveTableSelection(-1, 5, TableKey::kUp, kPage), 0);
}

TEST(MoveTableSelection, NoKeyKeepsTheSelectionOrItsAbsence) {
  EXPECT_EQ(MoveTableSelection(-1, 5, TableKey::kNone, kPage), -1);
  EXPECT_EQ(MoveTableSelection(3, 5, TableKey::kNone, kPage), 3);
}

TEST(MoveTableSelection, ArrowsMoveOneRowAndStopAtTheEnds) {
  EXPECT_EQ(MoveTableSelection(2, 5, TableKey::kDown, kPage), 3);
  EXPECT_EQ(MoveTableSelection(2, 5, TableKey::kUp, kPage), 1);
  EXPECT_EQ(MoveTableSelection(4, 5, TableKey::kDown, kPage), 4);
  EXPECT_EQ(MoveTableSelection(0, 5, TableKey::kUp, kPage), 0);
}

TEST(MoveTableSelection, PagesMoveByThePageAndClamp) {
  EXPECT_EQ(MoveTableSelection(5, 100, TableKey::kPageDown, kPage), 15);
  EXPECT_EQ(MoveTableSelection(15, 100, TableKey::kPageUp, kPage), 5);
  EXPECT_EQ(MoveTableSelection(95, 100, TableKey::kPageDown, kPage), 99);
  EXPECT_EQ(MoveTableSelection(3, 100, TableKey::kPageUp, kPage), 0);
  // From no selection a page down counts from the first row.
  EXPECT_EQ(MoveTableSelection(-1, 100, TableKey::kPageDown, kPage), 10);
  // A page is at least one row.
  EXPECT_EQ(MoveTableSelection(5, 100, TableKey::kPageDown, 0), 6);
}

TEST(MoveTableSelection, HomeAndEndGoToTheEnds) {
  EXPECT_EQ(MoveTableSelection(-1, 7, TableKey::kEnd, kPage), 6);
  EXPECT_EQ(MoveTableSelection(4, 7, TableKey::kHome, kPage), 0);
}

TEST(MoveTableSelection, ASelectionPastTheRowsIsClampedAndNoRowsMeansNone) {
  // Rows filtered away under the selection: it lands on the last row still shown.
  EXPECT_EQ(MoveTableSelection(9, 3, TableKey::kNone, kPage), 2);
  EXPECT_EQ(MoveTableSelection(9, 3, TableKey::kDown, kPage), 2);
  EXPECT_EQ(MoveTableSelection(2, 0, TableKey::kDown, kPage), -1);
  EXPECT_EQ(MoveTableSelection(-1, 0, TableKey::kEnd, kPage), -1);
}

}  // namespace keyboard_test
}  // namespace afterglow::ui
