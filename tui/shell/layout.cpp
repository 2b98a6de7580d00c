#include "tui/shell/layout.h"

#include <algorithm>

namespace rt::shell {
namespace {

constexpr int kWideFrom = 112;     // room for an 80-column board and a 31-column sidebar
constexpr int kMinPromptRows = 5;  // the question and four options

}  // namespace

int max_board_rows(int cols, int rows) {
  // header, rule, help, and a prompt of at least kMinPromptRows.
  (void)cols;
  return std::max(1, rows - 3 - kMinPromptRows);
}

int board_columns(int cols) {
  return cols >= kWideFrom ? cols - std::min(48, cols - 81) - 1 : cols;
}

GameLayout layout_game(int cols, int rows, const GameLayoutNeeds& needs) {
  GameLayout l;
  l.header = Rect{0, 0, cols, 1};
  l.help = Rect{0, rows - 1, cols, 1};
  const int body_top = 1;
  const int body_rows = rows - 2;
  l.wide = cols >= kWideFrom;

  if (l.wide) {
    // Main column: board, rule, prompt. Sidebar: players, then the log.
    const int main_w = board_columns(cols);
    l.divider_x = main_w;
    const int prompt_rows = std::max(kMinPromptRows, needs.prompt_rows);
    const int board_rows = std::clamp(needs.board_rows, 1, std::max(1, body_rows - 1 - prompt_rows));
    l.board = Rect{0, body_top, main_w, board_rows};
    l.rule_y = body_top + board_rows;
    l.prompt = Rect{0, l.rule_y + 1, main_w, rows - 1 - (l.rule_y + 1)};
    const int side_x = main_w + 2;
    const int players_rows =
        std::min(body_rows / 2, needs.players_rows > 0 ? needs.players_rows : needs.players * 2 + 2);
    l.players = Rect{side_x, body_top, cols - side_x, players_rows};
    // A title row, then the log.
    l.log = Rect{side_x, body_top + players_rows + 1, cols - side_x, body_rows - players_rows - 1};
    return l;
  }

  // Narrow: a strip of players under the header when it fits, the board,
  // then the prompt and the log side by side.
  const int min_prompt = std::min(std::max(kMinPromptRows, needs.prompt_rows), 8);
  int board_rows = std::clamp(needs.board_rows, 1, std::max(1, body_rows - 1 - kMinPromptRows));
  const bool strip = body_rows - 1 - board_rows - 1 >= min_prompt;
  int y = body_top;
  if (strip) {
    l.strip = Rect{0, y, cols, 1};
    ++y;
  }
  l.board = Rect{0, y, cols, board_rows};
  l.rule_y = y + board_rows;
  const int bottom_y = l.rule_y + 1;
  const int bottom_rows = rows - 1 - bottom_y;
  if (needs.full_prompt) {
    l.prompt = Rect{0, bottom_y, cols, bottom_rows};
    l.log = Rect{cols, bottom_y, 0, bottom_rows};
    return l;
  }
  // Long options widen the prompt, but the log keeps 31 columns.
  const int prompt_w = std::clamp(needs.prompt_width, cols / 2 + 2, std::max(cols / 2 + 2, cols - 32));
  l.divider_x = prompt_w;
  l.prompt = Rect{0, bottom_y, prompt_w, bottom_rows};
  l.log = Rect{prompt_w + 1, bottom_y, cols - prompt_w - 1, bottom_rows};
  return l;
}

}  // namespace rt::shell
