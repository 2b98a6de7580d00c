#include "core/json_data.h"

#include <fmt/format.h>

#include "core/input_limits.h"
#include "core/types.h"

namespace rt {

void JsonField::fail(const std::string& what) const {
  throw DataError(fmt::format("{}: {}: {}", file_, path_.empty() ? "(top level)" : path_, what));
}

bool JsonField::has(const std::string& key) const {
  return value_->is_object() && value_->contains(key);
}

JsonField JsonField::at(const std::string& key) const {
  if (!value_->is_object()) fail("expected an object");
  auto it = value_->find(key);
  const std::string p = path_.empty() ? key : path_ + "." + key;
  if (it == value_->end()) JsonField(*value_, file_, p).fail("missing");
  return JsonField(*it, file_, p);
}

JsonField JsonField::at(std::size_t index) const {
  if (!value_->is_array()) fail("expected an array");
  if (index >= value_->size()) fail(fmt::format("no element {}", index));
  return JsonField((*value_)[index], file_, fmt::format("{}[{}]", path_, index));
}

std::size_t JsonField::size() const {
  if (!value_->is_array()) fail("expected an array");
  return value_->size();
}

std::vector<JsonField> JsonField::items() const {
  std::vector<JsonField> out;
  for (std::size_t i = 0; i < size(); ++i) out.push_back(at(i));
  return out;
}

std::vector<std::string> JsonField::keys() const {
  if (!value_->is_object()) fail("expected an object");
  std::vector<std::string> out;
  for (auto it = value_->begin(); it != value_->end(); ++it) out.push_back(it.key());
  return out;
}

std::string JsonField::str() const {
  if (!value_->is_string()) fail("expected a string");
  return value_->get<std::string>();
}

std::int64_t JsonField::integer(std::int64_t min, std::int64_t max) const {
  if (!value_->is_number_integer()) fail("expected a whole number");
  const auto v = value_->get<std::int64_t>();
  if (v < min || v > max) fail(fmt::format("{} is out of range {}..{}", v, min, max));
  return v;
}

bool JsonField::boolean() const {
  if (!value_->is_boolean()) fail("expected true or false");
  return value_->get<bool>();
}

std::size_t JsonField::one_of(const std::vector<std::string>& words) const {
  const std::string s = str();
  for (std::size_t i = 0; i < words.size(); ++i)
    if (words[i] == s) return i;
  std::string list;
  for (const auto& w : words) list += (list.empty() ? "" : ", ") + w;
  fail(fmt::format("'{}' is not one of: {}", excerpt(s), list));
}

JsonDocument::JsonDocument(const DataSource& data, const std::string& path) : file_(data.where(path)) {
  const std::string text = data.read(path);
  try {
    doc_ = nlohmann::json::parse(text);
  } catch (const nlohmann::json::parse_error& e) {
    // e.byte is a 1-based offset; report the line for humans.
    std::size_t line = 1;
    for (std::size_t i = 0; i + 1 < e.byte && i < text.size(); ++i)
      if (text[i] == '\n') ++line;
    throw DataError(fmt::format("{}: line {}: not valid JSON", file_, line));
  }
}

}  // namespace rt
