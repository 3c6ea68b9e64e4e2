#include "views/RunHistory.h"

#include <algorithm>

namespace tessera::views {
namespace {

bool IsPrefix(const std::vector<std::string>& prefix, const std::vector<std::string>& of) {
  return prefix.size() <= of.size() && std::equal(prefix.begin(), prefix.end(), of.begin());
}

}  // namespace

int RunHistory::record(const std::string& script, const std::vector<std::string>& trace) {
  if (int id = versionOf(script)) return id;
  ScheduleVersion v;
  v.id = versions_.empty() ? 1 : versions_.back().id + 1;
  v.script = script;
  v.trace = trace;
  size_t best = 0;
  for (const ScheduleVersion& other : versions_)
    if (IsPrefix(other.trace, trace) && (v.parent == 0 || other.trace.size() >= best)) {
      v.parent = other.id;
      best = other.trace.size();
    }
  versions_.push_back(std::move(v));
  return versions_.back().id;
}

void RunHistory::restore(std::vector<ScheduleVersion> versions, std::vector<RunRecord> runs) {
  versions_ = std::move(versions);
  runs_ = std::move(runs);
  std::sort(versions_.begin(), versions_.end(),
            [](const ScheduleVersion& a, const ScheduleVersion& b) { return a.id < b.id; });
}

void RunHistory::clear() {
  versions_.clear();
  runs_.clear();
}

const ScheduleVersion* RunHistory::find(int id) const {
  for (const ScheduleVersion& v : versions_)
    if (v.id == id) return &v;
  return nullptr;
}

int RunHistory::versionOf(const std::string& script) const {
  for (const ScheduleVersion& v : versions_)
    if (v.script == script) return v.id;
  return 0;
}

std::string RunHistory::label(int id) const {
  const ScheduleVersion* v = find(id);
  if (!v) return "v?";
  std::string name = "v" + std::to_string(id);
  const ScheduleVersion* parent = find(v->parent);
  size_t from = parent ? parent->trace.size() : 0;
  if (v->trace.size() <= from) return name + (v->trace.empty() ? " default" : "");
  // What this version added: its last primitive (and how many more, if several).
  std::string last = v->trace.back();
  // "s[C].split(...)" (te) and "l4, l5 = sch.split(...)" (TensorIR) both say "split(...)".
  if (auto dot = last.find("]."); dot != std::string::npos)
    last = last.substr(dot + 2);
  else if (auto sch = last.find("sch."); sch != std::string::npos)
    last = last.substr(sch + 4);
  size_t added = v->trace.size() - from;
  return name + " " + last + (added > 1 ? " (+" + std::to_string(added - 1) + ")" : "");
}

std::vector<int> RunHistory::lineage(int id) const {
  std::vector<int> out;
  for (const ScheduleVersion* v = find(id); v && out.size() <= versions_.size();
       v = find(v->parent))
    out.push_back(v->id);
  std::reverse(out.begin(), out.end());
  return out;
}

runner::TimingComparison CompareVersionRuns(const VersionRun& earlier, const VersionRun& later) {
  static const TimedCalls kNone;
  const TimedCalls& a = earlier.calls ? *earlier.calls : kNone;
  const TimedCalls& b = later.calls ? *later.calls : kNone;
  runner::TimingComparison c;
  if (earlier.version != later.version && b.baseline_version == earlier.version &&
      !b.baseline_times_ms.empty() && !b.empty()) {
    c = runner::CompareTimings(b.baseline_times_ms, b.times_ms);
    c.interleaved = true;
  } else if (earlier.version != later.version && a.baseline_version == later.version &&
             !a.baseline_times_ms.empty() && !a.empty()) {
    c = runner::CompareTimings(a.times_ms, a.baseline_times_ms);
    c.interleaved = true;
  } else {
    c = runner::CompareTimings(a.times_ms, b.times_ms);
  }
  if (c.verdict == runner::NoiseVerdict::kUnknown && earlier.median_ms > 0 && later.median_ms > 0)
    c.speedup = earlier.median_ms / later.median_ms;
  return c;
}

}  // namespace tessera::views
