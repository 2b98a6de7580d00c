#include "tui/line_mode.h"

#include <unistd.h>

#include <chrono>
#include <cstdio>
#include <iostream>
#include <string>

#include <fmt/format.h>

#include "core/save.h"
#include "core/transcript.h"

namespace rt::cli {
namespace {

void to_stdout(std::string_view s) {
  std::fwrite(s.data(), 1, s.size(), stdout);
  std::fflush(stdout);
}

void to_stderr(std::string_view s) {
  std::fwrite(s.data(), 1, s.size(), stderr);
}

std::string trim(const std::string& s) {
  std::size_t a = 0;
  std::size_t b = s.size();
  while (a < b && (s[a] == ' ' || s[a] == '\t' || s[a] == '\r')) ++a;
  while (b > a && (s[b - 1] == ' ' || s[b - 1] == '\t' || s[b - 1] == '\r')) --b;
  return s.substr(a, b - a);
}

}  // namespace

int play_line_mode(Table& table, const LineModeOptions& options) {
  const bool interactive = options.interactive;
  const auto out = options.out ? options.out : to_stdout;
  const auto err = options.err ? options.err : to_stderr;
  std::istream& in = options.in ? *options.in : std::cin;
  int humans = 0;
  PlayerId only_human = kPublic;
  for (std::size_t i = 0; i < table.seats().size(); ++i)
    if (table.seats()[i].kind == SeatKind::Human) {
      ++humans;
      only_human = static_cast<PlayerId>(i);
    }
  TranscriptOptions topt;
  topt.audience = humans == 1 ? only_human : kPublic;
  TranscriptWriter writer(topt, out);
  EventSink events;
  attach_transcript(table, writer, events);

  auto save = [&]() {
    if (!options.save_path.empty()) write_file_atomically(options.save_path, save_text(table));
  };
  std::vector<PlayerId> waiting;
  std::vector<Action> legal;
  int input_line = 0;
  for (;;) {
    // Run chance and computers until a human is asked (never past one).
    for (;;) {
      table.humans_to_act(waiting);
      if (table.over() || !waiting.empty()) break;
      if (!table.advance_one(kNoDeadline)) break;
    }
    if (table.over()) break;
    const PlayerId p = waiting.front();
    const State& st = table.state();
    Canvas board(80, 30, options.unicode);
    ViewContext ctx;
    ctx.viewer = p;
    ctx.now = st.now();
    st.view(board, ctx);
    out("\n");
    out(board.to_text());
    legal.clear();
    st.legal_actions(p, legal);
    out(fmt::format("\n{}: {}\n", table.seats()[static_cast<std::size_t>(p)].name, st.prompt(p)));
    for (std::size_t i = 0; i < legal.size(); ++i)
      out(fmt::format("  {}) {}\n", i + 1, st.action_label(p, legal[i])));
    out("> ");
    const auto asked = std::chrono::steady_clock::now();
    std::string line;
    if (!std::getline(in, line)) {
      save();
      out(fmt::format("\nInput ended: game saved to {} (continue with: racetable resume {})\n",
                      options.save_path, options.save_path));
      return 0;
    }
    ++input_line;
    const auto elapsed =
        std::chrono::duration_cast<std::chrono::milliseconds>(std::chrono::steady_clock::now() - asked);
    line = trim(line);
    std::optional<Action> chosen;
    bool numeric = !line.empty() && line.size() < 4;
    for (char c : line) numeric = numeric && c >= '0' && c <= '9';
    if (numeric) {
      const auto k = static_cast<std::size_t>(std::stoul(line));
      if (k >= 1 && k <= legal.size()) chosen = legal[k - 1];
    } else if (!line.empty()) {
      chosen = st.parse_action(p, line);
    }
    if (!chosen) {
      const std::string msg =
          fmt::format("input line {}: '{}' is not one of the options 1-{}", input_line, line, legal.size());
      if (!interactive) {
        save();
        err(fmt::format("racetable: {} (game saved to {})\n", msg, options.save_path));
        return 2;
      }
      out(msg + "\n");
      continue;
    }
    if (st.timed()) {
      // Computers that were quicker than the human act first.
      const Tick at = st.now() + static_cast<Tick>(elapsed.count());
      while (table.advance_one(at)) {
        table.humans_to_act(waiting);
        if (std::find(waiting.begin(), waiting.end(), p) == waiting.end()) break;
      }
      if (!table.state().is_legal(p, *chosen)) {
        out("Too late!\n");
        continue;
      }
      table.submit(p, *chosen, at);
    } else {
      table.submit(p, *chosen, st.now());
    }
  }
  writer.result(table);
  save();
  return 0;
}

}  // namespace rt::cli
