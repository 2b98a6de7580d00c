// Reading data/<game-id>/lesson.json (the format: docs/LESSONS.md).
#include <algorithm>

#include <fmt/format.h>

#include "core/json_data.h"
#include "core/lesson.h"

namespace rt {
namespace {

std::vector<std::string> strings(const JsonField& f, const std::string& key, std::size_t max = 64) {
  std::vector<std::string> out;
  if (!f.has(key)) return out;
  const JsonField list = f.at(key);
  if (list.size() > max) list.fail(fmt::format("at most {} entries", max));
  for (const JsonField& item : list.items()) out.push_back(item.str());
  return out;
}

// "2: play blue", "chance: die red", "clock: time", "1: throw @500" (500 ms
// on the game's clock before it).
LessonEntry entry(const JsonField& f, int players) {
  const std::string text = f.str();
  const auto colon = text.find(':');
  if (colon == std::string::npos) f.fail("expected 'WHO: ACTION' (WHO: a seat number, chance or clock)");
  const std::string who = text.substr(0, colon);
  std::string action = text.substr(text.find_first_not_of(' ', colon + 1) == std::string::npos
                                       ? text.size()
                                       : text.find_first_not_of(' ', colon + 1));
  LessonEntry e;
  if (const auto eq = action.rfind(" = "); eq != std::string::npos) {
    e.outcome = action.substr(eq + 3);
    action.resize(eq);
  }
  if (const auto at = action.rfind(" @"); at != std::string::npos) {
    const std::string ms = action.substr(at + 2);
    if (ms.empty() || ms.size() > 6 || ms.find_first_not_of("0123456789") != std::string::npos)
      f.fail("'@' takes milliseconds (0 to 999999)");
    e.after = std::stoll(ms);
    action.resize(at);
  }
  if (action.empty()) f.fail("no action after the ':'");
  e.action = action;
  if (who == "chance") {
    e.player = kChance;
  } else if (who == "clock") {
    e.player = kClock;
  } else if (who.size() == 1 && who[0] >= '1' && who[0] <= '9' && who[0] - '0' <= players) {
    e.player = static_cast<PlayerId>(who[0] - '1');
  } else {
    f.fail(fmt::format("'{}' is not a seat (1 to {}), chance or clock", who, players));
  }
  return e;
}

std::vector<LessonEntry> entries(const JsonField& f, const std::string& key, int players) {
  std::vector<LessonEntry> out;
  if (!f.has(key)) return out;
  const JsonField list = f.at(key);
  if (list.size() > 256) list.fail("at most 256 entries");
  for (const JsonField& item : list.items()) out.push_back(entry(item, players));
  return out;
}

// A misspelt field would be silently ignored: say which one instead.
void known_fields(const JsonField& f, const std::vector<std::string>& known) {
  for (const std::string& k : f.keys())
    if (k.rfind('_', 0) != 0 && std::find(known.begin(), known.end(), k) == known.end())
      f.at(k).fail(fmt::format("'{}' is not a lesson field", k));
}

LessonStep step(const JsonField& f, int players) {
  known_fields(f, {"kind",   "title", "section", "rules",     "text",  "quote", "before",
                   "wanted", "why",   "wrong",   "otherwise", "after", "delay", "outcomes",
                   "filler", "retry", "others",  "decisions", "seed",  "press", "clock"});
  LessonStep s;
  s.kind = static_cast<LessonStepKind>(f.at("kind").one_of({"read", "move", "race", "skip"}));
  s.title = f.str("title");
  s.section = f.has("section") ? f.str("section") : "";
  s.text = strings(f, "text", 4);
  if (s.text.empty()) f.fail("a step needs some text");
  s.quote = f.has("quote") ? f.str("quote") : "";
  s.before = entries(f, "before", players);
  s.wanted = strings(f, "wanted");
  s.why = f.has("why") ? f.str("why") : "";
  if (f.has("wrong")) {
    const JsonField wrong = f.at("wrong");
    for (const std::string& k : wrong.keys()) s.wrong.push_back(LessonWrong{k, wrong.str(k)});
  }
  s.otherwise = f.has("otherwise") ? f.str("otherwise") : "";
  s.after = entries(f, "after", players);
  s.delay = f.has("delay") ? f.integer("delay", 0, 60000) : 0;
  s.rules = f.has("rules") ? f.str("rules") : "";
  s.outcomes = strings(f, "outcomes", 256);
  s.filler = strings(f, "filler", 16);
  s.retry = f.has("retry") ? f.str("retry") : "";
  s.others = entries(f, "others", players);
  s.press = f.has("press") ? f.str("press") : "";
  if (!s.press.empty() && s.kind != LessonStepKind::Race) f.at("press").fail("only a race step has 'press'");
  if (f.has("clock")) {
    if (s.kind != LessonStepKind::Race) f.at("clock").fail("only a race step has 'clock'");
    s.clock_at_show = f.at("clock").one_of({"first press", "shown"}) == 1;
  }
  if (s.kind == LessonStepKind::Skip) {
    s.decisions = static_cast<int>(f.integer("decisions", 0, 10000));
    s.seed = static_cast<std::uint64_t>(f.integer("seed", 0, 1'000'000'000));
  }
  const bool asks = s.kind == LessonStepKind::Move || s.kind == LessonStepKind::Race;
  if (asks && s.wanted.empty()) f.fail("a move or race step needs 'wanted'");
  if (!asks && !s.wanted.empty()) f.fail("only move and race steps want a move");
  if (s.kind == LessonStepKind::Race && s.retry.empty()) f.fail("a race step needs 'retry'");
  return s;
}

}  // namespace

std::string rules_part(const std::string& rules, const std::string& heading) {
  if (heading.empty()) return rules;
  const std::size_t from = rules.rfind("\n" + heading, std::string::npos) == std::string::npos
                               ? (rules.rfind(heading, 0) == 0 ? 0 : std::string::npos)
                               : rules.find("\n" + heading) + 1;
  if (from == std::string::npos) return rules;
  std::size_t end = from;
  // The next line at the left margin after a blank line starts the next part.
  for (std::size_t nl = rules.find('\n', from); nl != std::string::npos; nl = rules.find('\n', nl + 1)) {
    end = nl;
    if (nl + 2 < rules.size() && rules[nl + 1] == '\n' && rules[nl + 2] != ' ' && rules[nl + 2] != '\n')
      break;
    end = rules.size();
  }
  return rules.substr(from, end - from);
}

bool has_lesson(const DataSource& data, const std::string& game_id) {
  try {
    data.read(game_id + "/lesson.json");
    return true;
  } catch (const DataError&) {
    return false;
  }
}

Lesson load_lesson(const DataSource& data, const std::string& game_id) {
  const JsonDocument doc(data, game_id + "/lesson.json");
  const JsonField root = doc.root();
  known_fields(root, {"game", "title", "players", "names", "variants", "params", "steps", "covered"});
  Lesson l;
  l.game = root.str("game");
  if (l.game != game_id)
    root.at("game").fail(fmt::format("the lesson is for '{}', not '{}'", l.game, game_id));
  l.title = root.str("title");
  l.players = static_cast<int>(root.integer("players", 2, 4));
  l.names = strings(root, "names", 4);
  if (std::ssize(l.names) != l.players)
    root.at("names").fail(fmt::format("{} names for {} players", l.names.size(), l.players));
  l.variants = strings(root, "variants", 8);
  if (root.has("params")) {
    const JsonField params = root.at("params");
    if (params.keys().size() > 16) params.fail("at most 16 options");
    for (const std::string& k : params.keys()) l.params[k] = params.str(k);
  }
  const JsonField steps = root.at("steps");
  if (steps.size() == 0 || steps.size() > 200) steps.fail("1 to 200 steps");
  for (const JsonField& s : steps.items()) l.steps.push_back(step(s, l.players));
  l.covered = strings(root, "covered", 16);
  return l;
}

}  // namespace rt
