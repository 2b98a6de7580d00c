// A computer's name marked in a sentence the game wrote, as a person's
// screen shows it: whole words only, once.
#include <catch2/catch.hpp>

#include "core/computer_name.h"

using namespace rt;

TEST_CASE("A computer's name is marked in a sentence wherever it is a whole word, once", "[names]") {
  CHECK(mark_computer_in("Ben takes Farm from Cleo.", "Ben") == "Ben (computer) takes Farm from Cleo.");
  CHECK(mark_computer_in("Cleo's Jackal passes Ben's Hover.", "Ben") ==
        "Cleo's Jackal passes Ben (computer)'s Hover.");
  // A longer word that starts or ends with the name is another word.
  CHECK(mark_computer_in("Benny and Reuben wait.", "Ben") == "Benny and Reuben wait.");
  // A name already marked (a shared table's) is not marked twice.
  CHECK(mark_computer_in("Ben (computer) rolls.", "Ben (computer)") == "Ben (computer) rolls.");
  CHECK(mark_computer_in("Ben (computer) rolls.", "Ben") == "Ben (computer) rolls.");
  CHECK(mark_computer_in("Ben wins; Ben was second last time.", "Ben") ==
        "Ben (computer) wins; Ben (computer) was second last time.");
  CHECK(mark_computer_in("Nobody here.", "") == "Nobody here.");
}
