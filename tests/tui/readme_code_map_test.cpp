// Each game README's code map against the code: the tables that say which
// file does what ("file | job") and which code implements each rulebook
// section ("section | code | tests") name only files that exist, and every
// function or name they quote (`start_turn`, `Phase::Refill`) occurs in the
// file they name, so the maps cannot drift from the folders again.
#include <catch2/catch.hpp>

#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <regex>
#include <sstream>
#include <string>
#include <vector>

namespace {

namespace fs = std::filesystem;

std::string read_all(const fs::path& p) {
  std::ifstream in(p, std::ios::binary);
  std::ostringstream ss;
  ss << in.rdbuf();
  return ss.str();
}

std::vector<std::string> split_cells(const std::string& line) {
  std::vector<std::string> cells;
  std::string cell;
  for (std::size_t i = 1; i < line.size(); ++i) {
    if (line[i] == '|') {
      cells.push_back(cell);
      cell.clear();
    } else {
      cell += line[i];
    }
  }
  return cells;
}

std::string lower(std::string s) {
  for (char& c : s) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
  return s;
}

std::vector<std::string> backticked(const std::string& cell) {
  std::vector<std::string> out;
  static const std::regex tick("`([^`]+)`");
  for (std::sregex_iterator it(cell.begin(), cell.end(), tick), end; it != end; ++it) out.push_back((*it)[1]);
  return out;
}

bool names_file(const std::string& token) {
  return token.find('/') != std::string::npos && token.find("::") == std::string::npos
             ? token.find('.') != std::string::npos
             : token.ends_with(".cpp") || token.ends_with(".h") || token.ends_with(".{h,cpp}");
}

// `x.{h,cpp}` stands for both files.
std::vector<std::string> expand(const std::string& token) {
  if (token.ends_with(".{h,cpp}")) {
    const std::string stem = token.substr(0, token.size() - 8);
    return {stem + ".h", stem + ".cpp"};
  }
  return {token};
}

bool is_word_char(char c) {
  return std::isalnum(static_cast<unsigned char>(c)) || c == '_';
}

bool has_word(const std::string& text, const std::string& word, bool prefix) {
  for (std::size_t at = text.find(word); at != std::string::npos; at = text.find(word, at + 1)) {
    const bool starts = at == 0 || !is_word_char(text[at - 1]);
    const std::size_t after = at + word.size();
    const bool ends = prefix || after >= text.size() || !is_word_char(text[after]);
    if (starts && ends) return true;
  }
  return false;
}

// A lowercase name (`start_turn`, `standings`) is a function: it must be
// defined in the file (`Class::name(`, or a top-level line with `name(`
// that is not a declaration; in a header any `name(`), not merely called
// there. Option names the file spells as strings (`"races"`) pass too.
bool is_function_name(const std::string& w) {
  if (w.empty() || w.back() == '_' || w.back() == '*') return false;
  for (char c : w)
    if (!(std::islower(static_cast<unsigned char>(c)) || std::isdigit(static_cast<unsigned char>(c)) ||
          c == '_'))
      return false;
  return true;
}

bool defines(const std::string& file_name, const std::string& text, const std::string& w) {
  if (text.find('"' + w + '"') != std::string::npos) return true;
  const bool header = file_name.ends_with(".h");
  std::istringstream lines(text);
  std::string line;
  while (std::getline(lines, line)) {
    for (std::size_t at = line.find(w + "("); at != std::string::npos; at = line.find(w + "(", at + 1)) {
      if (at > 0 && is_word_char(line[at - 1])) continue;
      if (header || (at >= 2 && line.compare(at - 2, 2, "::") == 0)) return true;
      const bool top_level = !line.empty() && line[0] != ' ' && line[0] != '/' && line[0] != '#';
      if (top_level && line.find(';') == std::string::npos) return true;
    }
  }
  return false;
}

// The words of a quoted name: `Phase::RnrLay/Roll/RnrTake` is Phase, RnrLay,
// Roll and RnrTake; `describe()` is describe; `gen_*` is any word starting gen_.
std::vector<std::string> words_of(const std::string& token) {
  std::vector<std::string> out;
  std::string w;
  for (char c : token + " ") {
    if (is_word_char(c) || c == '*') {
      w += c;
    } else {
      if (!w.empty()) out.push_back(w);
      w.clear();
    }
  }
  return out;
}

std::string trim(const std::string& s) {
  const auto b = s.find_first_not_of(' ');
  const auto e = s.find_last_not_of(' ');
  return b == std::string::npos ? std::string() : s.substr(b, e - b + 1);
}

struct Map {
  fs::path root, folder, tests;
  std::string readme;
  std::vector<std::string> problems;

  // Resolves a file a README names: from the repository root when it has a
  // folder in it, else in the game's folder.
  fs::path locate(const std::string& name) const {
    return name.find('/') != std::string::npos ? root / name : folder / name;
  }

  // The quoted tokens of one code cell, in order: a file name makes it the
  // file the next names are looked up in.
  void check_code(const std::vector<std::string>& tokens, std::vector<std::string> files, int line) {
    for (const std::string& token : tokens) {
      if (names_file(token)) {
        files.clear();
        for (const std::string& f : expand(token)) {
          // `data/rc-racer/*.json`: the folder exists.
          const fs::path path = f.find('*') != std::string::npos ? locate(f).parent_path() : locate(f);
          if (!fs::exists(path))
            problems.push_back(readme + ":" + std::to_string(line) + ": no file " + f);
          else if (f.find('*') == std::string::npos)
            files.push_back(f);
        }
        continue;
      }
      if (files.empty()) {
        problems.push_back(readme + ":" + std::to_string(line) + ": `" + token + "` names no file");
        continue;
      }
      std::string text;
      for (const std::string& f : files) text += read_all(locate(f));
      const std::vector<std::string> words = words_of(token);
      for (std::string w : words) {
        const bool prefix = w.ends_with("*");
        if (prefix) w.pop_back();
        bool found = false;
        if (words.size() == 1 && is_function_name(w)) {
          for (const std::string& f : files) found = found || defines(f, read_all(locate(f)), w);
        } else {
          found = has_word(text, w, prefix);
        }
        if (!found) {
          std::string list;
          for (const std::string& f : files) list += (list.empty() ? "" : ", ") + f;
          problems.push_back(readme + ":" + std::to_string(line) + ": `" + token + "`: no " + w +
                             (words.size() == 1 && is_function_name(w) ? " defined" : "") + " in " + list);
        }
      }
    }
  }

  void check_tests(const std::vector<std::string>& tokens, int line) {
    for (const std::string& token : tokens) {
      if (!names_file(token) && token.find('/') == std::string::npos) continue;
      const fs::path p = token.find('/') != std::string::npos ? root / token : tests / token;
      if (!fs::exists(p)) problems.push_back(readme + ":" + std::to_string(line) + ": no test file " + token);
    }
  }

  void check() {
    std::istringstream in(read_all(folder / "README.md"));
    std::string line;
    std::vector<std::string> header;
    int file_col = -1, code_col = -1, test_col = -1;
    std::vector<std::string> header_files;
    int line_no = 0;
    while (std::getline(in, line)) {
      ++line_no;
      if (!line.starts_with("|")) {
        header.clear();
        continue;
      }
      const std::vector<std::string> cells = split_cells(line);
      if (header.empty()) {
        header = cells;
        file_col = code_col = test_col = -1;
        header_files.clear();
        for (std::size_t i = 0; i < cells.size(); ++i) {
          const std::string h = lower(trim(cells[i]));
          if (h == "file") file_col = static_cast<int>(i);
          if (h.starts_with("code")) {
            code_col = static_cast<int>(i);
            for (const std::string& t : backticked(cells[i]))
              for (const std::string& f : expand(t)) header_files.push_back(f);
          }
          if (h.starts_with("test")) test_col = static_cast<int>(i);
        }
        continue;
      }
      if (trim(cells.empty() ? std::string() : cells[0]).starts_with("---")) continue;
      auto cell = [&](int i) {
        return i >= 0 && static_cast<std::size_t>(i) < cells.size() ? cells[static_cast<std::size_t>(i)]
                                                                    : std::string();
      };
      if (file_col >= 0) {
        // "file | job": the job's quoted names are in the row's files.
        std::vector<std::string> tokens = backticked(cell(file_col));
        for (const std::string& t : backticked(cell(file_col + 1))) tokens.push_back(t);
        check_code(tokens, {}, line_no);
      }
      if (code_col >= 0) check_code(backticked(cell(code_col)), header_files, line_no);
      if (test_col >= 0) check_tests(backticked(cell(test_col)), line_no);
    }
  }
};

}  // namespace

TEST_CASE("Every game README's code map names files that exist and functions that are in them", "[readme]") {
  const char* src = std::getenv("RACETABLE_SOURCE_DIR");
  REQUIRE(src != nullptr);
  const fs::path root(src);
  int maps = 0;
  for (const auto& dir : fs::directory_iterator(root / "games")) {
    if (!dir.is_directory() || !fs::exists(dir.path() / "README.md")) continue;
    const std::string game = dir.path().filename().string();
    Map m{root, dir.path(), root / "tests" / "games" / game, "games/" + game + "/README.md", {}};
    m.check();
    ++maps;
    std::string all;
    for (const std::string& p : m.problems) all += p + "\n";
    INFO(all);
    CHECK(m.problems.empty());
  }
  CHECK(maps == 5);
}
