// The line-mode client of a table (`racetable join --line`, or without a terminal).
#pragma once

#include <string>

#include "net/client.h"

namespace rt::client {

struct LineClientSettings {
  std::string table;
  std::string dir;  // its socket directory, for the rejoin command
};

// Prints each question and reads answers from stdin over `conn`, which has
// said hello and got `welcome`; the exit status.
int run_line_client(net::Connection& conn, const net::json& welcome, const LineClientSettings& settings);

}  // namespace rt::client
