// `ssh -p PORT NAME@HOST tables`: the tables this player may see, one line
// each, for scripts (no pty). The session asks the table process over its
// own tables link, as the player's shell would (net/table_broker.h), so the
// list is what this key's Tables page shows; every field is made printable
// and bounded, and the list ends at the table process's limit of tables.
#include <unistd.h>

#include <algorithm>
#include <string>
#include <utility>

#include <fmt/format.h>

#include "net/protocol.h"
#include "net/ssh_session_process.h"
#include "net/table_broker.h"
#include "net/table_listing.h"

namespace rt::net::ssh_detail {
namespace {

std::string field(const std::string& value, std::size_t max) {
  std::string text = printable(value, max);
  // One field per tab-separated column: no tab or space inside one.
  for (char& c : text)
    if (c == '\t' || c == ' ') c = '_';
  return text.empty() ? "-" : text;
}

const char* access_field(ListedAccess a) {
  switch (a) {
    case ListedAccess::Anyone: return "public";
    case ListedAccess::Code: return "code";
    case ListedAccess::Named: return "named";
    case ListedAccess::Unstated: break;
  }
  return "-";
}

}  // namespace

// The lines `tables` prints for the table process's answer (tab-separated:
// name, game, phase, host, free seats, players, watchers, who may come).
std::string tables_text(const TablesAnswer& answer) {
  std::string out;
  int n = 0;
  for (const TableListing& t : answer.tables) {
    if (++n > kMaxTables) break;
    std::string access = access_field(t.access);
    if (!t.watch) access += ",no-watchers";
    if (t.move_time_s > 0) access += fmt::format(",clock-{}s", std::min(t.move_time_s, 999));
    if (t.game_time_min > 0) access += fmt::format(",game-clock-{}m", std::min(t.game_time_min, 999));
    const std::string deal = deal_text(t.deal);
    out += fmt::format("{}\t{}\t{}\t{}\t{} free\t{} playing\t{} watching\t{}{}\n", field(t.table, 32),
                       field(t.game, 32), field(t.phase, 24), field(t.host, 20), t.free_seats(), t.players(),
                       std::min(t.watchers, 999), access, deal.empty() ? std::string() : "\t" + deal);
  }
  return out;
}

void SessionProcess::answer_tables() {
  report('L', fmt::format("{} lists the tables", who()));
  std::string text;
  int status = 0;
  try {
    TablesLink link(std::exchange(s_.tables_fd, -1));
    text = tables_text(read_tables_answer(link.ask(json{{"type", "list"}})));
  } catch (const ProtocolError& e) {
    text = fmt::format("racetable: the server's list of tables is malformed: {}\n", printable(e.what(), 200));
    status = 1;
  } catch (const UserError& e) {
    text = fmt::format("racetable: {}\n", e.what());
    status = 1;
  }
  ::alarm(kWriteStallSeconds);
  if (status == 0) {
    // At most kMaxTables lines of a bounded length: written in one go.
    if (!text.empty()) ssh_channel_write(channel_, text.data(), static_cast<uint32_t>(text.size()));
  } else {
    ssh_channel_write_stderr(channel_, text.data(), static_cast<uint32_t>(text.size()));
  }
  end_channel(status);
}

}  // namespace rt::net::ssh_detail
