// The load statuses' names are the ones the page's JavaScript reads (state().status, status()).
#include "ui/app/load_status.h"

#include <gtest/gtest.h>

#include <string>

namespace afterglow::ui {
namespace {

TEST(LoadStatusName, NamesAreThoseThePageReads) {
  EXPECT_EQ(std::string(LoadStatusName(LoadStatus::kEmpty)), "empty");
  EXPECT_EQ(std::string(LoadStatusName(LoadStatus::kLoading)), "loading");
  EXPECT_EQ(std::string(LoadStatusName(LoadStatus::kReady)), "ready");
  EXPECT_EQ(std::string(LoadStatusName(LoadStatus::kError)), "error");
}

}  // namespace
}  // namespace afterglow::ui
