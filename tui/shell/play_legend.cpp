// The "?" page of the game screen: what the board's codes and marks mean
// (Presenter::legend), then every key. A small window cannot spare the rows a
// legend takes beside the board, so it is one key away at any size.
#include "core/presenter.h"
#include "games/registry.h"
#include "tui/shell/play_screen.h"

namespace rt::shell {

std::string PlayScreen::board_legend() const {
  if (local_) return local_->session().presenter().legend(local_->session().state());
  // A shared table's client holds no State: the game's codes are the same
  // at every table, so a fresh game of it explains them.
  try {
    Options opt;
    opt.players = builtin_registry().get(t_->game_id()).info.min_players;
    const std::unique_ptr<Game> game = builtin_registry().create(t_->game_id(), opt, ctx_.data);
    return game->presenter().legend(*game->new_initial_state());
  } catch (const std::exception&) {
    return {};
  }
}

std::vector<ReaderLine> legend_document(const std::string& legend, bool unicode) {
  std::vector<ReaderLine> out;
  if (legend.empty()) return out;
  ReaderLine title;
  append(title.text, "The board's symbols", style::kTitle);
  out.push_back(std::move(title));
  for (const std::string& line : wrap(canvas_form(legend, unicode), 100000)) {
    ReaderLine l;
    // Lines indented in the legend are its sub-items: they hang under themselves.
    std::size_t indent = 0;
    while (indent < line.size() && line[indent] == ' ') ++indent;
    append(l.text, line);
    l.hang = static_cast<int>(indent) + 2;
    out.push_back(std::move(l));
  }
  out.emplace_back();
  return out;
}

std::unique_ptr<Screen> PlayScreen::keys_and_legend_page() const {
  std::vector<ReaderLine> lines = legend_document(board_legend(), ctx_.unicode);
  for (ReaderLine& l : keys_document(ctx_.unicode)) lines.push_back(std::move(l));
  std::string title = lines.size() > 1 ? "Symbols and keys" : "Keys";
  return make_reader_screen(std::move(title), std::move(lines), U'?');
}

}  // namespace rt::shell
