// What the computers' studies print: text to stdout at once (a long run's
// progress shows as it comes), and numbers rounded for their JSON lines.
#pragma once

#include <string_view>

namespace rt::lab {

void out(std::string_view s);
// To four decimals: the JSON lines stay short and the same on every machine.
double rounded(double x);

}  // namespace rt::lab
