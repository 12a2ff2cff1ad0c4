#pragma once
// SHA-256 (FIPS 180-4), for seeds that are a function of a question's text (texas42/decisions.hpp's
// question_seed): the Python package and the WebAssembly module hash alike, with no library.
#include <array>
#include <cstdint>
#include <string>

namespace dominosolver {

std::array<std::uint8_t, 32> sha256(const std::string& text);

}  // namespace dominosolver
