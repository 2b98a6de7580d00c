// Where game data comes from: the copy embedded in the binary at build time,
// or a directory given with --data (for modding). Errors name the file.
#pragma once

#include <map>
#include <memory>
#include <string>

namespace rt {

class DataSource {
 public:
  static DataSource embedded();
  static DataSource directory(std::string dir);
  // In-memory files over the embedded copy (tests and fuzzing): a path found
  // in `files` is read from there, any other from the embedded data.
  static DataSource overlay(std::map<std::string, std::string> files);

  // `path` is relative to the data root, e.g. "<game-id>/deck.json".
  // Throws DataError "<where>: cannot read file" if missing.
  std::string read(const std::string& path) const;
  // How errors name a file: "data/<game-id>/deck.json" or "<dir>/<game-id>/deck.json".
  std::string where(const std::string& path) const;
  bool is_embedded() const { return dir_.empty(); }

 private:
  std::string dir_;  // empty: embedded
  std::shared_ptr<const std::map<std::string, std::string>> overlay_;
};

// Supplied by the generated embedded_data.cpp.
struct EmbeddedFile {
  const char* path;
  const unsigned char* bytes;
  unsigned long size;
};
const EmbeddedFile* embedded_files(unsigned long& count);

}  // namespace rt
