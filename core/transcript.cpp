#include "core/transcript.h"

#include <optional>

#include <fmt/format.h>

#include "core/canvas.h"
#include "core/presenter.h"

namespace rt {

std::string json_escape(std::string_view text) {
  std::string out;
  out.reserve(text.size() + 2);
  out.push_back('"');
  for (char c : text) {
    switch (c) {
      case '"': out += "\\\""; break;
      case '\\': out += "\\\\"; break;
      case '\n': out += "\\n"; break;
      case '\r': out += "\\r"; break;
      case '\t': out += "\\t"; break;
      default:
        if (static_cast<unsigned char>(c) < 0x20)
          out += fmt::format("\\u{:04x}", c);
        else
          out.push_back(c);
    }
  }
  out.push_back('"');
  return out;
}

static std::string_view seat_label(const Seat& s) {
  return s.kind == SeatKind::Human ? "human" : level_name(s.level);
}

void TranscriptWriter::header(const Table& table) {
  const Game& g = table.game();
  const Options& o = g.options();
  std::string variants;
  for (const auto& v : o.variants) variants += (variants.empty() ? "" : ",") + v;
  std::string params;
  for (const auto& [k, v] : o.params) params += fmt::format("{}{}={}", params.empty() ? "" : ",", k, v);
  if (options_.json) {
    std::string seats;
    for (PlayerId p = 0; p < table.seats().size(); ++p)
      seats += fmt::format("{}{{\"seat\":{},\"name\":{},\"kind\":{}}}", p ? "," : "", p + 1,
                           json_escape(table.seats()[p].name), json_escape(seat_label(table.seats()[p])));
    sink_(
        fmt::format("{{\"type\":\"header\",\"game\":{},\"seed\":{},\"players\":{},\"variants\":{},"
                    "\"params\":{},\"seats\":[{}]}}\n",
                    json_escape(g.info().id), table.seed(), o.players, json_escape(variants),
                    json_escape(params), seats));
    return;
  }
  sink_(fmt::format("racetable · {} · seed {} · {} players\n", g.info().name, table.seed(), o.players));
  std::string seats;
  for (PlayerId p = 0; p < table.seats().size(); ++p)
    seats += fmt::format("{}{} {} ({})", p ? " · " : "", p + 1, table.seats()[p].name,
                         seat_label(table.seats()[p]));
  sink_(fmt::format("seats: {}\n", seats));
  if (!variants.empty()) sink_(fmt::format("variants: {}\n", variants));
  if (!params.empty()) sink_(fmt::format("options: {}\n", params));
  sink_("--\n");
}

void TranscriptWriter::follow(const Table& table) {
  if (options_.json) shadow_ = table.state().clone();
}

// The step's own fields: who acted (a seat, or null for chance and the
// clock), and the action's id and text. See docs/EVENTS.md.
static std::string step_fields(const Step& step, const std::optional<std::string>& action_name) {
  const char* by = step.player >= 0 ? "seat" : step.player == kChance ? "chance" : "clock";
  return fmt::format("\"seat\":{},\"by\":\"{}\",\"action\":{}",
                     step.player >= 0 ? std::to_string(step.player + 1) : std::string("null"), by,
                     action_name
                         ? fmt::format("{{\"id\":{},\"name\":{}}}", step.action, json_escape(*action_name))
                         : std::string("null"));
}

// The event's own fields as a JSON object: {"card":"Prairie","dice":[3,5]}.
static std::string fields_json(const Event& e) {
  std::string out = "{";
  for (const EventField& f : e.fields) {
    if (out.size() > 1) out += ',';
    out += json_escape(f.name);
    out += ':';
    if (const auto* n = std::get_if<std::int64_t>(&f.value)) {
      out += std::to_string(*n);
    } else if (const auto* t = std::get_if<std::string>(&f.value)) {
      out += json_escape(*t);
    } else if (const auto* b = std::get_if<bool>(&f.value)) {
      out += *b ? "true" : "false";
    } else {
      out += '[';
      const auto& list = std::get<std::vector<std::int64_t>>(f.value);
      for (std::size_t i = 0; i < list.size(); ++i) out += (i ? "," : "") + std::to_string(list[i]);
      out += ']';
    }
  }
  return out + "}";
}

void TranscriptWriter::event(const Event& e, const std::string& step_json) {
  // A private event for someone else (kPublic matches no seat), or, for an
  // omniscient transcript, the redacted twin of a private event it shows.
  if (!shown_to(e.audience, options_.audience)) return;
  if (options_.json) {
    std::string to;
    if (is_everyone_but(e.audience)) {
      to = ",\"not_to\":[";
      for (PlayerId p = 0; p <= kMaxExcludedSeat; ++p)
        if (excludes(e.audience, p)) to += fmt::format("{}{}", to.back() == '[' ? "" : ",", p + 1);
      to += ']';
    } else if (is_only_to(e.audience)) {
      to = ",\"to\":[";
      for (PlayerId p = 0; p <= kMaxExcludedSeat; ++p)
        if (addressed_to(e.audience, p)) to += fmt::format("{}{}", to.back() == '[' ? "" : ",", p + 1);
      to += ']';
    } else if (e.audience != kEveryone)
      to = fmt::format(",\"to\":{}", e.audience + 1);
    sink_(fmt::format(
        "{{\"type\":\"event\",\"event\":{},\"at\":{},{},\"rule\":{},\"text\":{},\"fields\":{}{}}}\n",
        json_escape(e.type), e.at, step_json, json_escape(e.rule), json_escape(e.text), fields_json(e), to));
    return;
  }
  const std::string when =
      e.at != last_at_ ? fmt::format("[{}.{:03}s] ", e.at / 1000, e.at % 1000) : std::string();
  last_at_ = e.at;
  sink_(fmt::format("{}{}  [{}]\n", when, e.text, e.rule));
}

void TranscriptWriter::step(const Table& table, const Step& step, EventSink& events) {
  std::string step_json;
  if (options_.json) {
    std::string name = "time";
    if (shadow_) {
      if (step.player != kClock) name = shadow_->action_text(step.player, step.action);
      shadow_->apply(step.player, step.action, step.tick);
    }
    // A step's action can be a secret (a card dealt, a card picked face down):
    // only an omniscient transcript, or the seat that acted, is told which.
    const bool may_know = options_.audience == kEveryone || options_.audience == step.player;
    step_json = may_know ? step_fields(step, name) : step_fields(step, {});
  }
  for (const Event& e : events) event(e, step_json);
  events.clear();
  if (options_.board && step.player >= 0 && !options_.json) {
    Canvas canvas(80, 40, false);
    ViewContext ctx;
    ctx.viewer = options_.audience;
    ctx.omniscient = options_.audience == kEveryone;
    ctx.styled = false;
    ctx.now = table.state().now();
    table.game().presenter().view(table.state(), canvas, ctx);
    sink_(canvas.to_text());
    sink_("\n");
  }
}

void TranscriptWriter::result(const Table& table) {
  const Standings st = table.state().standings();
  if (options_.json) {
    std::string places;
    for (std::size_t i = 0; i < st.placings.size(); ++i) {
      const Placing& p = st.placings[i];
      places += fmt::format("{}{{\"seat\":{},\"name\":{},\"place\":{},\"score\":{},\"detail\":{}}}",
                            i ? "," : "", p.player + 1, json_escape(table.seats()[p.player].name), p.place,
                            p.score, json_escape(p.detail));
    }
    std::string winners;
    for (PlayerId w : st.winners()) winners += fmt::format("{}{}", winners.empty() ? "" : ",", w + 1);
    sink_(
        fmt::format("{{\"type\":\"result\",\"winners\":[{}],\"non_seat_winner\":{},\"standings\":[{}],"
                    "\"summary\":{},\"steps\":{}}}\n",
                    winners, st.no_seat_won() ? json_escape(st.non_seat_winner) : std::string("null"), places,
                    json_escape(st.summary), table.history().size()));
    return;
  }
  sink_("--\n");
  if (st.no_seat_won()) sink_(fmt::format("1. {} — no seat won\n", st.non_seat_winner));
  for (const Placing& p : st.placings)
    sink_(fmt::format("{}. {} — {}\n", p.place, table.seats()[p.player].name, p.detail));
  sink_(fmt::format("result: {}\n", st.summary));
}

void attach_transcript(Table& table, TranscriptWriter& writer, EventSink& events) {
  table.set_event_sink(&events);
  writer.header(table);
  writer.follow(table);
  table.set_step_observer([&table, &writer, &events](const Step& s) { writer.step(table, s, events); });
}

}  // namespace rt
