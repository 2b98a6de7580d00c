// A computer's seat marked as a computer's wherever a name is shown: "Dev
// (computer)". A shared table writes the mark into the seat's name (so its
// narration, save and history carry it); a local game's names stay as the
// game made them, and the screens and the Stats page add the mark.
#pragma once

#include <string>
#include <string_view>

namespace rt {

inline constexpr std::string_view kComputerMark = " (computer)";
// `name` marked as a computer's, once (a marked name is left as it is).
std::string computer_name(const std::string& name);
// A marked name without its mark (any other name as it is).
std::string unmarked_name(const std::string& name);
// "Dev (computer, normal)": a computer's name and level in one mark.
std::string computer_with_level(const std::string& name, std::string_view level);
// A sentence a game wrote ("Dev takes Farm from Ana.") with each whole-word
// `name` marked as a computer's ("Dev (computer) takes ..."), once: the
// game's own text stays as it is (sim, transcripts), a person's screen
// reads the mark. A name already marked is left as it is.
std::string mark_computer_in(std::string_view sentence, const std::string& name);

}  // namespace rt
