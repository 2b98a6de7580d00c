// Limits on what racetable reads from outside (save files, data files,
// answers): a file too large is refused before it is read, and text from
// input quoted in an error is cut so one bad line stays one line.
#pragma once

#include <cstddef>
#include <string>
#include <string_view>

namespace rt {

// Save and data files are a few kilobytes; 16 MiB leaves room for the longest
// game while refusing a runaway file before it costs seconds and gigabytes.
inline constexpr std::size_t kMaxInputFileBytes = 16u << 20;

// How many characters of input an error message quotes.
inline constexpr std::size_t kMaxQuotedChars = 80;

// `text` as it may appear in an error: at most kMaxQuotedChars characters
// (whole UTF-8 sequences), then "…" if anything was cut; printable(), so a
// quoted line never sends a terminal an escape sequence.
std::string excerpt(std::string_view text, std::size_t max_chars = kMaxQuotedChars);

// Reads a whole regular file of at most `limit` bytes. Throws `Error`
// "<where>: cannot read file" or "<where>: N bytes is too large (at most M)"
// without reading a file over the limit.
std::string read_bounded_file(const std::string& path, const std::string& where, std::size_t limit,
                              bool data_error);

}  // namespace rt
