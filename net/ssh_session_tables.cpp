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

#include "net/lobby.h"
#include "net/protocol.h"
#include "net/ssh_session_process.h"
#include "net/table_broker.h"

namespace rt::net::ssh_detail {
namespace {

std::string field(const json& j, const char* name, std::size_t max) {
  const auto it = j.find(name);
  if (it == j.end() || !it->is_string()) return "-";
  std::string text = printable(it->get<std::string>(), max);
  // One field per tab-separated column: no tab or space inside one.
  for (char& c : text)
    if (c == '\t' || c == ' ') c = '_';
  return text.empty() ? "-" : text;
}

int count_of(const json& j, const char* name) {
  const auto it = j.find(name);
  return it != j.end() && it->is_number_integer() ? std::clamp(it->get<int>(), 0, 999) : 0;
}

}  // namespace

// The lines `tables` prints for the table process's answer (tab-separated:
// name, game, phase, host, free seats, players, watchers, who may come).
std::string tables_text(const json& answer) {
  std::string out;
  const auto it = answer.find("tables");
  if (it == answer.end() || !it->is_array()) return out;
  int n = 0;
  for (const json& t : *it) {
    if (!t.is_object() || ++n > kMaxTables) break;
    int free = 0, playing = 0;
    if (const auto seats = t.find("seats"); seats != t.end() && seats->is_array())
      for (const json& s : *seats) {
        if (!s.is_object() || !s.value("human", false)) continue;
        (s.value("claimed", false) ? playing : free) += 1;
      }
    std::string access = field(t, "access", 8);
    if (t.contains("watch") && t["watch"].is_boolean() && !t["watch"].get<bool>()) access += ",no-watchers";
    if (const int clock = count_of(t, "move_time"); clock > 0) access += fmt::format(",clock-{}s", clock);
    if (const int bank = count_of(t, "game_time"); bank > 0) access += fmt::format(",game-clock-{}m", bank);
    const std::string deal = listed_deal(t);
    out += fmt::format("{}\t{}\t{}\t{}\t{} free\t{} playing\t{} watching\t{}{}\n", field(t, "table", 32),
                       field(t, "game", 32), field(t, "phase", 24), field(t, "host", 20), free, playing,
                       count_of(t, "watchers"), access, deal.empty() ? std::string() : "\t" + deal);
  }
  return out;
}

void SessionProcess::answer_tables() {
  report('L', fmt::format("{} lists the tables", who()));
  std::string text;
  int status = 0;
  try {
    TablesLink link(std::exchange(s_.tables_fd, -1));
    text = tables_text(link.ask(json{{"type", "list"}}));
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
