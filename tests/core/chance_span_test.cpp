// The Table samples a chance node the same way whether the game lists its
// outcomes in place (State::chance_span) or through chance_outcomes(): same
// seed, same outcomes, so saves and goldens do not depend on the fast path.
#include <catch2/catch.hpp>

#include <array>

#include <fmt/format.h>

#include "core/agent.h"
#include "core/chance.h"
#include "core/game.h"
#include "core/table.h"
#include "tests/core/toy_presenter.h"

using namespace rt;

namespace {

// A loaded die (faces weighted 1..5) and a fair coin, drawn in turn until
// `draws` outcomes are in; the coin's list goes into the driver's scratch.
constexpr std::array<Outcome, 5> kLoadedDie{{{0, 1}, {1, 2}, {2, 3}, {3, 4}, {4, 5}}};

class DrawsState final : public State {
 public:
  DrawsState(bool listed, int draws) : State(2), listed_(listed), left_(draws) {}

  Turn turn() const override { return left_ > 0 ? Turn::Chance : Turn::Over; }
  void actors(std::vector<PlayerId>&) const override {}
  void legal_actions(PlayerId, std::vector<Action>&) const override {}
  void chance_outcomes(std::vector<Outcome>& out) const override {
    if (left_ == 0) return;
    if (die_turn())
      out.insert(out.end(), kLoadedDie.begin(), kLoadedDie.end());
    else
      out.insert(out.end(), {Outcome{10, 1}, Outcome{11, 1}});
  }
  ChanceSpan chance_span(ChanceScratch& scratch) const override {
    ++asked;
    if (!listed_ || left_ == 0) return {};
    if (die_turn()) return ChanceSpan{kLoadedDie.data(), 5, 15};
    scratch[0] = Outcome{10, 1};
    scratch[1] = Outcome{11, 1};
    return ChanceSpan{scratch.data(), 2, 2};
  }
  std::string action_text(PlayerId, Action a) const override { return fmt::format("outcome {}", a); }
  Standings standings() const override {
    Standings s;
    s.placings = {Placing{0, 1, 0, {}}, Placing{1, 1, 0, {}}};
    return s;
  }
  std::unique_ptr<State> clone() const override { return std::make_unique<DrawsState>(*this); }
  std::string debug_string() const override { return fmt::format("left={}", left_); }
  DrawsState(const DrawsState&) = default;

  mutable int asked = 0;  // calls to chance_span(), to see that the driver took the fast path

 protected:
  void do_apply(PlayerId, Action) override { --left_; }

 private:
  bool die_turn() const { return left_ % 2 == 0; }
  bool listed_;
  int left_;
};

class DrawsGame final : public Game {
 public:
  DrawsGame(bool listed, int draws) : listed_(listed), draws_(draws) { opt_.players = 2; }
  const GameInfo& info() const override {
    static const GameInfo info{"draws", "Draws", "a test game", 2, 2, false, {}, {}};
    return info;
  }
  const Options& options() const override { return opt_; }
  std::unique_ptr<State> new_initial_state() const override {
    return std::make_unique<DrawsState>(listed_, draws_);
  }
  std::unique_ptr<Agent> make_bot(BotLevel) const override { return nullptr; }
  std::string rules_text() const override { return {}; }
  const Presenter& presenter() const override {
    static const toy::ToyPresenter shown{"", false};
    return shown;
  }

 private:
  bool listed_;
  int draws_;
  Options opt_;
};

std::vector<Action> outcomes_drawn(bool listed, std::uint64_t seed, int* asked = nullptr) {
  Table table(std::make_shared<DrawsGame>(listed, 400), std::vector<Seat>(2), seed);
  table.set_recording(true);
  table.advance();
  std::vector<Action> out;
  for (const Step& step : table.history()) out.push_back(step.action);
  if (asked) *asked = static_cast<const DrawsState&>(table.state()).asked;
  return out;
}

}  // namespace

TEST_CASE("Table: a chance list given in place draws the same outcomes as chance_outcomes()",
          "[core][table][chance]") {
  for (std::uint64_t seed : {1u, 2u, 99u}) {
    int asked = 0;
    const std::vector<Action> listed = outcomes_drawn(true, seed, &asked);
    const std::vector<Action> copied = outcomes_drawn(false, seed);
    REQUIRE(listed.size() == 400);
    CHECK(asked >= 400);  // the driver asked for the in-place list at every node
    CHECK(listed == copied);
  }
  // And the weights count: the loaded die's heaviest face comes up most.
  const std::vector<Action> drawn = outcomes_drawn(true, 7);
  std::array<int, 5> faces{};
  for (Action a : drawn)
    if (a < 5) ++faces[static_cast<std::size_t>(a)];
  CHECK(faces[4] > faces[0]);
}

// pick_index() counts running sums for short lists and walks long ones; both
// must give the index the walk gives for every draw, or seeds would replay
// different games. Every value below `total` is tried as the draw.
TEST_CASE("Chance: a short list's outcome is the one the walk finds, for every draw", "[core][chance]") {
  const auto walk = [](const std::vector<Outcome>& outs, std::uint32_t r) {
    std::size_t i = 0;
    while (r >= outs[i].weight) r -= outs[i++].weight;
    return i;
  };
  Rng weights_rng(5);
  for (std::size_t n : {std::size_t{2}, std::size_t{3}, std::size_t{4}, kBranchFreePick, kBranchFreePick + 1,
                        std::size_t{40}}) {
    std::vector<Outcome> outs;
    for (std::size_t i = 0; i < n; ++i)
      outs.push_back(Outcome{static_cast<Action>(i), 1 + weights_rng.below(9)});
    const WeightSum total = weight_sum(outs.data(), outs.size());
    for (std::uint32_t r = 0; r < total; ++r)
      REQUIRE(pick_index(r, outs.data(), outs.size(), total) == walk(outs, r));
  }
}
