#include "games/rc_racer/solver.h"

#include <cstdlib>

namespace rt::rc_racer {
namespace {

int manhattan(int a, int b) {
  return std::abs(a / 4 - b / 4) + std::abs(a % 4 - b % 4);
}

// The cells of the program step i.
int step_cell(int i) {
  return kProgramFirstCell + i;
}

// Stage order: the left column of rows 2-3, the next column, then the last two columns.
const std::vector<std::vector<int>>& stages() {
  static const std::vector<std::vector<int>> s{{0, 4}, {1, 5}, {2, 3, 6, 7}};
  return s;
}

}  // namespace

int Solver::estimate(const Grid& start, const Target& target) const {
  std::uint16_t used = 0;
  int total = 0;
  for (int i = 0; i < kProgram; ++i) {
    if (target[static_cast<std::size_t>(i)] < 0) continue;
    int best = -1;
    int best_d = 99;
    for (int c = 0; c < kCells; ++c) {
      const std::uint8_t t = start[static_cast<std::size_t>(c)];
      if (t == kGap || (used >> c & 1) || data_->tile_kind[t] != target[static_cast<std::size_t>(i)])
        continue;
      const int dist = manhattan(c, step_cell(i));
      if (dist < best_d) {
        best_d = dist;
        best = c;
      }
    }
    if (best < 0) return 9999;
    used = static_cast<std::uint16_t>(used | 1u << best);
    // A tile one step away usually takes one slide; further ones need the
    // gap walked around them (about five slides a step) while others stay.
    total += best_d == 0 ? 0 : 1 + 5 * (best_d - 1) + 2;
  }
  return total;
}

bool Solver::stage(Grid& g, const std::vector<int>& cells, std::uint16_t locked, std::vector<Dir>& out) {
  // Which tile goes to which cell: the nearest free copy of the wanted kind.
  int want_cell[4];
  int tile_cell[4];
  int m = 0;
  std::uint16_t taken = 0;
  for (int i : cells) {
    const int kind = target_[static_cast<std::size_t>(i)];
    if (kind < 0) continue;
    int best = -1;
    int best_d = 99;
    for (int c = 0; c < kCells; ++c) {
      const std::uint8_t t = g[static_cast<std::size_t>(c)];
      if (t == kGap || (locked >> c & 1) || (taken >> c & 1) || data_->tile_kind[t] != kind) continue;
      const int dist = manhattan(c, step_cell(i));
      if (dist < best_d) {
        best_d = dist;
        best = c;
      }
    }
    if (best < 0) return false;
    taken = static_cast<std::uint16_t>(taken | 1u << best);
    want_cell[m] = step_cell(i);
    tile_cell[m] = best;
    ++m;
  }
  if (m == 0) return true;
  // Free cells, numbered compactly.
  int index_of[kCells];
  int cell_of[kCells];
  int f = 0;
  for (int c = 0; c < kCells; ++c) {
    if (locked >> c & 1) {
      index_of[c] = -1;
      continue;
    }
    index_of[c] = f;
    cell_of[f++] = c;
  }
  int states = 1;
  for (int k = 0; k <= m; ++k) states *= f;
  parent_.assign(static_cast<std::size_t>(states), -1);
  how_.resize(static_cast<std::size_t>(states));
  queue_.clear();
  auto encode = [&](const int* pos, int gap) {
    int code = 0;
    for (int k = 0; k < m; ++k) code = code * f + pos[k];
    return code * f + gap;
  };
  auto decode = [&](int code, int* pos, int& gap) {
    gap = code % f;
    code /= f;
    for (int k = m - 1; k >= 0; --k) {
      pos[k] = code % f;
      code /= f;
    }
  };
  int pos[4];
  int goal[4];
  for (int k = 0; k < m; ++k) {
    pos[k] = index_of[tile_cell[k]];
    goal[k] = index_of[want_cell[k]];
  }
  const int start = encode(pos, index_of[gap_cell(g)]);
  parent_[static_cast<std::size_t>(start)] = start;
  queue_.push_back(start);
  int found = -1;
  static const int kStep[kDirs] = {4, -4, 1, -1};  // gap moves: the tile below slides up, ...
  for (std::size_t head = 0; head < queue_.size() && found < 0; ++head) {
    const int code = queue_[head];
    int gp;
    decode(code, pos, gp);
    bool done = true;
    for (int k = 0; k < m; ++k) done = done && pos[k] == goal[k];
    if (done) {
      found = code;
      break;
    }
    const int gc = cell_of[gp];
    for (int d = 0; d < kDirs; ++d) {
      const int step = kStep[d];
      if ((step == 1 && gc % 4 == 3) || (step == -1 && gc % 4 == 0)) continue;
      const int nc = gc + step;
      if (nc < 0 || nc >= kCells || index_of[nc] < 0) continue;
      int np[4];
      for (int k = 0; k < m; ++k) np[k] = pos[k] == index_of[nc] ? gp : pos[k];
      const int next = encode(np, index_of[nc]);
      if (parent_[static_cast<std::size_t>(next)] >= 0) continue;
      parent_[static_cast<std::size_t>(next)] = code;
      how_[static_cast<std::size_t>(next)] = static_cast<std::uint8_t>(d);
      queue_.push_back(next);
    }
  }
  if (found < 0) return false;
  std::vector<Dir> path;
  for (int code = found; code != start; code = parent_[static_cast<std::size_t>(code)])
    path.push_back(static_cast<Dir>(how_[static_cast<std::size_t>(code)]));
  int gap = gap_cell(g);
  for (auto it = path.rbegin(); it != path.rend(); ++it) {
    gap = slide(g, gap, *it, 1);
    out.push_back(*it);
  }
  return true;
}

bool Solver::solve(const Grid& start, const Target& target, std::vector<Dir>& out) {
  target_ = target;
  std::array<int, 32> need{};
  for (int i = 0; i < kProgram; ++i)
    if (target[static_cast<std::size_t>(i)] >= 0)
      ++need[static_cast<std::size_t>(target[static_cast<std::size_t>(i)])];
  for (std::size_t k = 0; k < data_->kinds.size(); ++k)
    if (need[k] > data_->kinds[k].copies) return false;
  Grid g = start;
  std::uint16_t locked = 0;
  for (const auto& cells : stages()) {
    if (!stage(g, cells, locked, out)) return false;
    for (int i : cells)
      if (target[static_cast<std::size_t>(i)] >= 0)
        locked = static_cast<std::uint16_t>(locked | 1u << step_cell(i));
  }
  return true;
}

}  // namespace rt::rc_racer
