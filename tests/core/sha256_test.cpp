// SHA-256 against the FIPS 180-4 examples (and NIST's one million 'a').
#include <catch2/catch.hpp>

#include <string>

#include "core/sha256.h"

using rt::sha256_hex;

TEST_CASE("sha256 of \"abc\" is the FIPS 180-4 one-block example", "[sha256]") {
  CHECK(sha256_hex("abc") == "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad");
}

TEST_CASE("sha256 of the empty message", "[sha256]") {
  CHECK(sha256_hex("") == "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855");
}

TEST_CASE("sha256 of the 448-bit message is the FIPS 180-4 two-block example", "[sha256]") {
  CHECK(sha256_hex("abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq") ==
        "248d6a61d20638b8e5c026930c3e6039a33ce45964ff2167f6ecedd419db06c1");
}

TEST_CASE("sha256 of one million 'a', given whole and in uneven pieces", "[sha256]") {
  const std::string million(1000000, 'a');
  const std::string expected = "cdc76e5c9914fb9281a1c7e284d73e67f1809a48a497200e046d39ccc7112cd0";
  CHECK(sha256_hex(million) == expected);
  rt::Sha256 s;
  for (std::size_t at = 0, piece = 1; at < million.size(); at += piece, piece = piece % 97 + 1)
    s.update(std::string_view(million).substr(at, piece));
  const auto d = s.finish();
  CHECK(rt::hex_of(d.data(), d.size()) == expected);
}
