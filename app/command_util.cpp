#include "app/command_util.h"

#include <langinfo.h>

#include <algorithm>
#include <cctype>
#include <clocale>
#include <cstdio>

namespace rt::app {

// The shared tables' commands speak of the server's types throughout.
using namespace net;

void out(std::string_view s) {
  std::fwrite(s.data(), 1, s.size(), stdout);
  std::fflush(stdout);
}

bool utf8_locale() {
  std::setlocale(LC_ALL, "");
  const char* cs = nl_langinfo(CODESET);
  std::string c = cs ? cs : "";
  std::transform(c.begin(), c.end(), c.begin(),
                 [](unsigned char ch) { return static_cast<char>(std::toupper(ch)); });
  return c == "UTF-8" || c == "UTF8";
}

}  // namespace rt::app
