#include "tests/conformance/cli_run.h"

#include <sys/wait.h>

#include <array>
#include <cstdio>

namespace afterglow::conformance {

CommandResult RunCommand(const std::string& command) {
  CommandResult result;
  FILE* pipe = popen(command.c_str(), "r");
  if (pipe == nullptr) {
    result.output = "popen failed";
    return result;
  }
  std::array<char, 65536> buffer;
  size_t got;
  while ((got = fread(buffer.data(), 1, buffer.size(), pipe)) > 0) result.output.append(buffer.data(), got);
  const int status = pclose(pipe);
  if (WIFEXITED(status)) {
    // The shell reports a child killed by signal N as exit status 128 + N.
    const int code = WEXITSTATUS(status);
    if (code > 128 && code < 128 + 65) {
      result.signal = code - 128;
    } else {
      result.exit_code = code;
    }
  } else if (WIFSIGNALED(status)) {
    result.signal = WTERMSIG(status);
  }
  return result;
}

std::string Quote(const std::string& text) {
  std::string out = "'";
  for (char c : text) out += c == '\'' ? std::string("'\\''") : std::string(1, c);
  return out + "'";
}

std::string CliCommand(std::initializer_list<std::string> args) {
  std::string command = Quote(AFTERGLOW_CLI_PATH);
  for (const std::string& arg : args) command += " " + Quote(arg);
  return command;
}

}  // namespace afterglow::conformance
