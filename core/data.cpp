#include "core/data.h"

#include <fmt/format.h>

#include "core/input_limits.h"
#include "core/types.h"

namespace rt {

DataSource DataSource::embedded() {
  return DataSource{};
}

DataSource DataSource::directory(std::string dir) {
  DataSource d;
  while (dir.size() > 1 && dir.back() == '/') dir.pop_back();
  d.dir_ = dir.empty() ? "." : dir;
  return d;
}

DataSource DataSource::overlay(std::map<std::string, std::string> files) {
  DataSource d;
  d.overlay_ = std::make_shared<const std::map<std::string, std::string>>(std::move(files));
  return d;
}

std::string DataSource::where(const std::string& path) const {
  return dir_.empty() ? "data/" + path : dir_ + "/" + path;
}

std::string DataSource::read(const std::string& path) const {
  if (overlay_) {
    auto it = overlay_->find(path);
    if (it != overlay_->end()) return it->second;
  }
  if (dir_.empty()) {
    unsigned long count = 0;
    const EmbeddedFile* files = embedded_files(count);
    for (unsigned long i = 0; i < count; ++i)
      if (path == files[i].path)
        return std::string(reinterpret_cast<const char*>(files[i].bytes), files[i].size);
    throw DataError(fmt::format("{}: not embedded in this build", where(path)));
  }
  return read_bounded_file(where(path), where(path), kMaxInputFileBytes, true);
}

}  // namespace rt
