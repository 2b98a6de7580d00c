// Transcripts of a game: readable text, or JSON lines (one object per event,
// a final {"type":"result",...}). The same table history always gives the
// same bytes, so `replay FILE` reproduces the original run exactly.
#pragma once

#include <functional>
#include <memory>
#include <string>
#include <string_view>

#include "core/table.h"

namespace rt {

struct TranscriptOptions {
  bool json = false;
  bool board = false;  // draw the board after every player decision
  // kEveryone: every event, even private ones; a seat: public events and its
  // own; kPublic: public events only.
  PlayerId audience = kEveryone;
};

class TranscriptWriter {
 public:
  using Sink = std::function<void(std::string_view)>;
  TranscriptWriter(TranscriptOptions options, Sink sink) : options_(options), sink_(std::move(sink)) {}

  void header(const Table& table);
  // JSON lines name each event's step (seat, action id and text); the text
  // of an action depends on the state it was taken in, so the writer follows
  // the game on a copy made here. Call before the first step is applied.
  void follow(const Table& table);
  // Writes the events the step produced, then empties `events`.
  void step(const Table& table, const Step& step, EventSink& events);
  void result(const Table& table);

 private:
  void event(const Event& e, const std::string& step_json);
  TranscriptOptions options_;
  std::unique_ptr<State> shadow_;  // JSON only: the state before each step
  Sink sink_;
  Tick last_at_ = 0;  // the clock is printed only when it has moved
};

// Attaches a writer to a table: header now, each step as it is applied.
// Call writer.result() when the game is over.
void attach_transcript(Table& table, TranscriptWriter& writer, EventSink& events);

std::string json_escape(std::string_view text);

}  // namespace rt
