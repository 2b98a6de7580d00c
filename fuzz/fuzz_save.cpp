// libFuzzer target: the save-file loader must refuse any bytes cleanly.
#include <cstddef>
#include <cstdint>
#include <string>

#include "core/save.h"
#include "games/registry.h"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  const std::string text(reinterpret_cast<const char*>(data), size);
  try {
    auto table = rt::load_save(text, "fuzz.save", rt::builtin_registry(), rt::DataSource::embedded());
    (void)rt::save_text(*table);
  } catch (const rt::UserError&) {
  }
  return 0;
}
