#include "script/EvaluationModules.h"

#include <mutex>
#include <utility>

namespace tessera::script {

namespace {

std::mutex g_modules_mutex;
std::vector<std::pair<std::string, EvaluationModule>> g_modules;  // guarded by the mutex

}  // namespace

void AddEvaluationModule(const std::string& name, EvaluationModule module) {
  std::lock_guard<std::mutex> lock(g_modules_mutex);
  for (auto& [existing, m] : g_modules)
    if (existing == name) {
      m = std::move(module);
      return;
    }
  g_modules.emplace_back(name, std::move(module));
}

void RemoveEvaluationModule(const std::string& name) {
  std::lock_guard<std::mutex> lock(g_modules_mutex);
  std::erase_if(g_modules, [&](const auto& entry) { return entry.first == name; });
}

std::vector<EvaluationModule> EvaluationModules() {
  std::lock_guard<std::mutex> lock(g_modules_mutex);
  std::vector<EvaluationModule> out;
  for (const auto& entry : g_modules) out.push_back(entry.second);
  return out;
}

}  // namespace tessera::script
