#include "lab/output.h"

#include <cmath>
#include <cstdio>

namespace rt::lab {

void out(std::string_view s) {
  std::fwrite(s.data(), 1, s.size(), stdout);
  std::fflush(stdout);
}

double rounded(double x) {
  return std::round(x * 10000.0) / 10000.0;
}

}  // namespace rt::lab
