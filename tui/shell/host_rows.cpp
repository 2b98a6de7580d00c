// The Host page's rows (tui/shell/host_rows.h): the table's name, who may
// come (and which players), the group it is open to on this machine, who may
// watch and whether watchers' talk reaches the players, the move clock, the
// game clock, and whether players may ask for hints.
#include "tui/shell/host_rows.h"

#include <array>

#include <fmt/format.h>

namespace rt::shell {
namespace {

constexpr std::array<int, 7> kMoveTimes{0, 30, 60, 120, 300, 600, 1800};
constexpr std::array<int, 6> kGameTimes{0, 5, 10, 20, 30, 60};  // minutes

// The choice after `now` in `choices`, round to the first (a value not among
// them: the first).
template <std::size_t N>
int next_of(const std::array<int, N>& choices, int now) {
  std::size_t i = 0;
  while (i < N && choices[i] != now) ++i;
  return choices[(i + 1) % N];
}

std::string seconds_words(int s) {
  if (s == 0) return "none";
  if (s < 60) return fmt::format("{} s a move", s);
  return fmt::format("{} min a move", s / 60);
}

std::string access_words(const HostForm& f) {
  switch (f.choices.access) {
    case TableAccess::Open: return f.place.open_words;
    case TableAccess::Code: return "players with the join code (shown to you)";
    case TableAccess::Invited: return "only the players you name";
  }
  return {};
}

bool always(const HostForm&) {
  return true;
}

}  // namespace

std::vector<std::string> split_names(const std::string& typed) {
  std::vector<std::string> out;
  std::string word;
  for (char ch : typed + ",") {
    if (ch == ',' || ch == ' ') {
      if (!word.empty()) out.push_back(word);
      word.clear();
    } else {
      word += ch;
    }
  }
  return out;
}

const std::vector<HostRow>& host_rows() {
  static const std::vector<HostRow> rows{
      {"Table name", HostRow::Kind::Text, always,
       [](const HostForm& f) {
         return f.choices.name.empty() ? f.game_id + " (the game's)" : f.choices.name;
       },
       [](const HostForm&) {
         return std::string(
             "What players see on their Tables page: 1 to 32 letters, digits, - or _. Enter types it.");
       },
       nullptr, [](HostForm& f) { return &f.choices.name; }, 32, nullptr},
      {"Open to", HostRow::Kind::Cycle, [](const HostForm& f) { return !f.place.groups.empty(); },
       [](const HostForm& f) {
         return f.choices.group.empty() ? std::string("your account only") : "group " + f.choices.group;
       },
       [](const HostForm&) {
         return std::string(
             "Who on this machine can reach the table: your account, or a group's members. "
             "Enter picks another.");
       },
       [](HostForm& f) {
         const auto& g = f.place.groups;
         std::size_t i = 0;
         while (i < g.size() && g[i] != f.choices.group) ++i;
         // "" (this account), then each group in turn.
         f.choices.group = f.choices.group.empty() ? g.front() : i + 1 < g.size() ? g[i + 1] : std::string();
       },
       nullptr, 0, nullptr},
      {"Who may come", HostRow::Kind::Cycle, always, access_words,
       [](const HostForm& f) {
         return fmt::format(
             "Open: {}. Join code: they type a code you tell them. Named: only the players "
             "you list. Enter picks another.",
             f.place.open_words);
       },
       [](HostForm& f) {
         f.choices.access = f.choices.access == TableAccess::Open   ? TableAccess::Code
                            : f.choices.access == TableAccess::Code ? TableAccess::Invited
                                                                    : TableAccess::Open;
       },
       nullptr, 0, nullptr},
      {"Players named", HostRow::Kind::Text,
       [](const HostForm& f) { return f.choices.access == TableAccess::Invited; },
       [](const HostForm& f) { return f.invited.empty() ? std::string("(none yet)") : f.invited; },
       [](const HostForm& f) {
         return fmt::format(
             "Their names, separated by commas (at most {}): nobody else may sit down or "
             "watch. Enter types them.",
             f.place.max_invited);
       },
       nullptr, [](HostForm& f) { return &f.invited; }, 160,
       [](HostForm& f) { f.choices.invited = split_names(f.invited); }},
      {"Watchers", HostRow::Kind::Cycle, always,
       [](const HostForm& f) {
         return f.choices.watchers ? std::string("others may watch") : std::string("nobody watches");
       },
       [](const HostForm&) {
         return std::string(
             "Whether people who may come can also watch the game (never a hand). Enter "
             "changes it.");
       },
       [](HostForm& f) { f.choices.watchers = !f.choices.watchers; }, nullptr, 0, nullptr},
      {"Watchers' talk", HostRow::Kind::Cycle, [](const HostForm& f) { return f.choices.watchers; },
       [](const HostForm& f) {
         return f.choices.watchers_talk ? std::string("reaches the players")
                                        : std::string("among watchers only");
       },
       [](const HostForm&) {
         return std::string(
             "Whether players read what watchers say (they might tip a player off). Enter "
             "changes it.");
       },
       [](HostForm& f) { f.choices.watchers_talk = !f.choices.watchers_talk; }, nullptr, 0, nullptr},
      {"Move clock", HostRow::Kind::Cycle, always,
       [](const HostForm& f) { return seconds_words(f.choices.move_time_s); },
       [](const HostForm&) {
         return std::string(
             "A player who has not moved in this time gets a computer's move for it and "
             "keeps the seat. Timed contests keep their own rules. Enter picks another.");
       },
       [](HostForm& f) { f.choices.move_time_s = next_of(kMoveTimes, f.choices.move_time_s); }, nullptr, 0,
       nullptr},
      {"Game clock", HostRow::Kind::Cycle, always,
       [](const HostForm& f) {
         return f.choices.game_time_min == 0 ? std::string("none")
                                             : fmt::format("{} min each", f.choices.game_time_min);
       },
       [](const HostForm&) {
         return std::string(
             "Each player's time for all their moves, running only on their own turn; used up, 15 s "
             "a move, then a computer plays it. Enter picks another.");
       },
       [](HostForm& f) { f.choices.game_time_min = next_of(kGameTimes, f.choices.game_time_min); }, nullptr,
       0, nullptr},
      {"Hints", HostRow::Kind::Cycle, always,
       [](const HostForm& f) {
         return f.choices.hints ? std::string("allowed (h on a move)") : std::string("off");
       },
       [](const HostForm&) {
         return std::string(
             "Whether players may press h for the move the strongest computer would make; the "
             "game's record says who did. Enter changes it.");
       },
       [](HostForm& f) { f.choices.hints = !f.choices.hints; }, nullptr, 0, nullptr},
  };
  return rows;
}

}  // namespace rt::shell
