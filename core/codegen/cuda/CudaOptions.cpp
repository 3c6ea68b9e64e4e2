#include "codegen/cuda/CudaOptions.h"

#include <cctype>

namespace tessera::codegen {

int ArchNumber(const std::string& arch) {
  if (arch.rfind("sm_", 0) != 0) return 0;
  std::string digits = arch.substr(3);
  if (!digits.empty() && std::isalpha(static_cast<unsigned char>(digits.back()))) digits.pop_back();
  if (digits.size() < 2 || digits.size() > 3) return 0;
  for (char c : digits)
    if (!std::isdigit(static_cast<unsigned char>(c))) return 0;
  return std::stoi(digits);
}

}  // namespace tessera::codegen
