// Reading game data from JSON with errors that say "file: field: what is
// wrong". Only data loaders include this (nlohmann-json is heavy to compile).
#pragma once

#include <nlohmann/json.hpp>

#include <cstdint>
#include <string>
#include <vector>

#include "core/data.h"

namespace rt {

// A position inside a JSON document: the file and the field path.
class JsonField {
 public:
  JsonField(const nlohmann::json& value, std::string file, std::string path)
      : value_(&value), file_(std::move(file)), path_(std::move(path)) {}

  const nlohmann::json& json() const { return *value_; }
  const std::string& path() const { return path_; }

  [[noreturn]] void fail(const std::string& what) const;

  bool has(const std::string& key) const;
  JsonField at(const std::string& key) const;  // required member
  JsonField at(std::size_t index) const;       // array element
  std::size_t size() const;                    // array length (fails if not array)
  std::vector<JsonField> items() const;        // array elements
  std::vector<std::string> keys() const;       // object keys (fails if not object)

  std::string str() const;
  std::int64_t integer(std::int64_t min, std::int64_t max) const;
  bool boolean() const;
  // One of a fixed list of words; returns its index.
  std::size_t one_of(const std::vector<std::string>& words) const;

  std::string str(const std::string& key) const { return at(key).str(); }
  std::int64_t integer(const std::string& key, std::int64_t min, std::int64_t max) const {
    return at(key).integer(min, max);
  }
  // integer() for the rules' counts, which are int: the bounds keep it in range.
  int int_in(int min, int max) const { return static_cast<int>(integer(min, max)); }
  int int_in(const std::string& key, int min, int max) const { return at(key).int_in(min, max); }

 private:
  const nlohmann::json* value_;
  std::string file_;
  std::string path_;
};

// Parses a data file; syntax errors become DataError "file: line N: ...".
class JsonDocument {
 public:
  JsonDocument(const DataSource& data, const std::string& path);
  JsonField root() const { return JsonField(doc_, file_, ""); }

 private:
  std::string file_;
  nlohmann::json doc_;
};

}  // namespace rt
