#include "app/catalog_json.h"

#include <algorithm>
#include <cctype>
#include <sstream>
#include <vector>

#include <nlohmann/json.hpp>

namespace rt::cli {
namespace {

nlohmann::json variants_json(const GameInfo& info) {
  nlohmann::json out = nlohmann::json::array();
  for (const VariantInfo& v : info.variants)
    out.push_back({{"name", v.name}, {"summary", v.summary}, {"group", v.group}});
  return out;
}

nlohmann::json params_json(const GameInfo& info) {
  nlohmann::json out = nlohmann::json::array();
  for (const ParamInfo& p : info.params) out.push_back({{"name", p.name}, {"summary", p.summary}});
  return out;
}

// A heading: starts at the left margin with a capital and has no lower-case
// letter before any two-space gap ("VARIANTS  (--variant NAME)").
bool is_heading(const std::string& line) {
  if (line.empty() || !std::isupper(static_cast<unsigned char>(line[0]))) return false;
  const std::string head = line.substr(0, std::min(line.find("  "), line.find(" (")));
  for (char c : head)
    if (std::islower(static_cast<unsigned char>(c))) return false;
  return true;
}

std::string trim_block(std::string s) {
  while (!s.empty() && (s.back() == '\n' || s.back() == ' ')) s.pop_back();
  return s;
}

}  // namespace

std::string games_json(const Registry& registry) {
  nlohmann::json games = nlohmann::json::array();
  for (const GameEntry& e : registry.all())
    games.push_back({{"id", e.info.id},
                     {"name", e.info.name},
                     {"pitch", e.info.pitch},
                     {"min_players", e.info.min_players},
                     {"max_players", e.info.max_players},
                     {"variants", variants_json(e.info)},
                     {"params", params_json(e.info)}});
  return nlohmann::json{{"games", games}}.dump() + "\n";
}

std::string rules_json(const GameInfo& info, const std::string& rules_text) {
  nlohmann::json sections = nlohmann::json::array();
  nlohmann::json readings = nlohmann::json::array();
  std::istringstream in(rules_text);
  std::string line, title, body;
  bool first = true;
  auto flush = [&]() {
    if (first && title.empty() && trim_block(body).empty()) return;
    sections.push_back({{"title", title}, {"text", trim_block(body)}});
    if (title.rfind("OUR READINGS", 0) == 0) {
      // Each "  - " item, its continuation lines joined by single spaces.
      std::istringstream items(body);
      std::string l, item;
      auto done = [&]() {
        if (!item.empty()) readings.push_back(item);
        item.clear();
      };
      while (std::getline(items, l)) {
        std::size_t a = l.find_first_not_of(' ');
        if (a == std::string::npos) continue;
        if (l.compare(a, 2, "- ") == 0) {
          done();
          item = l.substr(a + 2);
        } else if (!item.empty()) {
          item += " " + l.substr(a);
        }
      }
      done();
    }
  };
  while (std::getline(in, line)) {
    if (is_heading(line)) {
      flush();
      first = false;
      title = line;
      body.clear();
    } else {
      body += line + "\n";
    }
  }
  flush();
  return nlohmann::json{{"id", info.id},
                        {"name", info.name},
                        {"sections", sections},
                        {"variants", variants_json(info)},
                        {"params", params_json(info)},
                        {"readings", readings}}
             .dump() +
         "\n";
}

}  // namespace rt::cli
