// libFuzzer target: the JSON layer of project files (support/JsonReader and
// ParseProjectJson) on arbitrary bytes. Besides "no crash, no leak, no undefined
// behaviour" it checks that errors are located and that a project that reads serialises
// to text that reads back to the same project.
#include <cstddef>
#include <cstdint>
#include <cstdlib>
#include <string>
#include <string_view>

#include "project/ProjectFile.h"
#include "support/JsonReader.h"

using namespace tessera;

namespace {

const std::string kFile = "fuzz.tessera";

void CheckLocated(const Error& error) {
  if (error.loc.line < 1 || error.loc.column < 1 || error.loc.file != kFile) std::abort();
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  std::string_view text(reinterpret_cast<const char*>(data), size);
  auto json = ParseJson(text, kFile);
  if (json) {
    JsonWriter writer(2);
    WriteJson(writer, *json);
    if (!ParseJson(writer.str(), kFile)) std::abort();
  } else {
    CheckLocated(json.error());
  }
  auto project = project::ParseProjectJson(text, kFile);
  if (!project) {
    CheckLocated(project.error());
    return 0;
  }
  std::string saved = project::SerializeProject(*project);
  auto again = project::ParseProjectJson(saved, kFile);
  if (!again || project::SerializeProject(*again) != saved) std::abort();
  return 0;
}
