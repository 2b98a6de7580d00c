#include <catch2/catch.hpp>

#include "core/name_skeleton.h"

using rt::name_skeleton;
using rt::names_confusable;

TEST_CASE("Look-alike names have one skeleton: case, I/l/1, O/0, rn/m, vv/w, separators", "[core][names]") {
  CHECK(names_confusable("AIice", "alice"));  // capital i
  CHECK(names_confusable("a1ice", "alice"));
  CHECK(names_confusable("a|ice", "ALICE"));
  CHECK(names_confusable("B0b", "bob"));
  CHECK(names_confusable("rnary", "mary"));
  CHECK(names_confusable("vvendy", "wendy"));
  CHECK(names_confusable("ana_", "ana"));
  CHECK(names_confusable("ana-", "ana"));
  CHECK(names_confusable("a.n_a", "ana"));
  CHECK(name_skeleton("AIice") == "allce");
}

TEST_CASE("Cyrillic, Greek and fullwidth letters that pass for Latin are Latin in a skeleton",
          "[core][names]") {
  CHECK(names_confusable("\u0430na", "ana"));                   // Cyrillic a
  CHECK(names_confusable("\u0410NA", "ana"));                   // Cyrillic A
  CHECK(names_confusable("\u0441\u0435\u0440", "cep"));         // Cyrillic c, e, p
  CHECK(names_confusable("\u0455\u0456\u0501", "sld"));         // Cyrillic s, i, d
  CHECK(names_confusable("\u039a\u039f\u03a1\u0391", "kopa"));  // Greek KOPA
  CHECK(names_confusable("\u03bf\u03bd", "ov"));                // Greek omicron, nu
  CHECK(names_confusable("\uff41\uff4e\uff41", "ana"));         // fullwidth
  CHECK(names_confusable("\u0261o", "go"));                     // Latin script g
}

TEST_CASE("Names that only share letters are not confusable", "[core][names]") {
  CHECK_FALSE(names_confusable("ana", "anna"));
  CHECK_FALSE(names_confusable("alice", "alico"));
  CHECK_FALSE(names_confusable("ben", "ken"));
  CHECK_FALSE(names_confusable("dev", "cleo"));
  // A letter with no look-alike is kept, not dropped.
  CHECK_FALSE(names_confusable("\u0436ana", "ana"));
}
