// The line-mode client of a table (`racetable join --line`, or without a terminal).
#pragma once

#include <string>

#include "core/data.h"
#include "net/client.h"

namespace rt::client {

struct LineClientSettings {
  std::string table;
  std::string dir;  // its socket directory, for the rejoin command
  // Where the finished game the table sends is kept (client/finished_copy.h):
  // this player's own state directory ("": not kept) and the data to replay it with.
  std::string state_dir = {};
  DataSource data = DataSource::embedded();
};

// Prints each question and reads answers from stdin over `conn`, which has
// said hello and got `welcome`; the exit status (2: the finished game the
// table sent could not be kept).
int run_line_client(net::Connection& conn, const net::json& welcome, const LineClientSettings& settings);

}  // namespace rt::client
