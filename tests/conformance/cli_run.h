// Runs the `afterglow` CLI from the conformance tests: one shell command, its output captured,
// and how it ended (an exit code, or the signal that killed it).
#pragma once

#include <initializer_list>
#include <string>

namespace afterglow::conformance {

struct CommandResult {
  int exit_code = -1;      // valid when signal == 0
  int signal = 0;          // the signal that ended the command, 0 when it exited
  std::string output;      // stdout, plus whatever the command redirects into it
};

// Runs `command` with /bin/sh, capturing its stdout.
CommandResult RunCommand(const std::string& command);

// `text` as one single-quoted shell word.
std::string Quote(const std::string& text);

// The command line `afterglow <args...>`, each argument quoted.
std::string CliCommand(std::initializer_list<std::string> args);

}  // namespace afterglow::conformance
