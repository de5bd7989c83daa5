// The front `afterglow time` and `afterglow streaming` share (core/cli/path_args.h): each of its
// errors gives the same message and exit code from both commands, and a good PATH goes on to the
// command's own output.
#include <gtest/gtest.h>

#include <filesystem>
#include <string>

#include "tests/conformance/cli_run.h"

namespace afterglow::path_args_test {

using conformance::CliCommand;
using conformance::CommandResult;
using conformance::RunCommand;

const std::string kCorpus = AFTERGLOW_CORPUS_DIR;
const std::string kStreamingLog = kCorpus + "/spark/sql-events/local-1596020211915";

// The command's stdout and stderr together, as a user at a terminal reads them.
CommandResult RunWithStderr(const std::string& command) { return RunCommand(command + " 2>&1"); }

class PathArgsFront : public ::testing::TestWithParam<std::string> {};

TEST_P(PathArgsFront, NoPathPrintsTheUsageAndExits2) {
  const CommandResult result = RunWithStderr(CliCommand({GetParam()}));
  EXPECT_EQ(result.exit_code, 2);
  EXPECT_EQ(result.output, "usage: afterglow " + GetParam() + " PATH [--json]\n");
  const CommandResult json_only = RunWithStderr(CliCommand({GetParam(), "--json"}));
  EXPECT_EQ(json_only.exit_code, 2);
  EXPECT_EQ(json_only.output, result.output);
}

TEST_P(PathArgsFront, ASecondPathNamesTheArgumentAndExits2) {
  const CommandResult result = RunWithStderr(CliCommand({GetParam(), "a", "--json", "b"}));
  EXPECT_EQ(result.exit_code, 2);
  EXPECT_EQ(result.output, "afterglow " + GetParam() + ": unexpected argument b\n");
}

TEST_P(PathArgsFront, AMissingPathGivesTheLoadErrorAndExits2) {
  const std::string missing = ::testing::TempDir() + "/path-args-no-such-file";
  const CommandResult result = RunWithStderr(CliCommand({GetParam(), missing}));
  EXPECT_EQ(result.exit_code, 2);
  EXPECT_EQ(result.output, "cannot read " + missing + ": no such file or directory\n");
}

TEST_P(PathArgsFront, AFolderWithoutLogsSaysSoAndExits1) {
  const std::filesystem::path empty =
      std::filesystem::path(::testing::TempDir()) / ("path-args-empty-" + GetParam());
  std::filesystem::create_directories(empty);
  const CommandResult result = RunWithStderr(CliCommand({GetParam(), empty.string(), "--json"}));
  EXPECT_EQ(result.exit_code, 1);
  EXPECT_EQ(result.output, "no event logs under " + empty.string() + "\n");
  std::filesystem::remove_all(empty);
}

TEST_P(PathArgsFront, ALogGoesOnToTheCommandsJson) {
  const CommandResult result = RunCommand(CliCommand({GetParam(), "--json", kStreamingLog}));
  EXPECT_EQ(result.exit_code, 0);
  EXPECT_TRUE(result.output.starts_with("{")) << result.output;
  EXPECT_NE(result.output.find("\"appId\" : \"local-1596020211915\""), std::string::npos)
      << result.output;
}

INSTANTIATE_TEST_SUITE_P(Commands, PathArgsFront, ::testing::Values("time", "streaming"));

}  // namespace afterglow::path_args_test
