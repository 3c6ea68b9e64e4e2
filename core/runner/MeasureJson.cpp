// JSON of MeasureRequest and MeasureResult (the files exchanged with worker processes
// and cluster nodes). Unknown keys are ignored so that newer writers stay readable.
#include <array>
#include <cctype>
#include <cmath>
#include <limits>

#include "runner/MeasureBatch.h"
#include "runner/Runner.h"
#include "support/Json.h"
#include "support/JsonReader.h"

namespace tessera::runner {

namespace {

constexpr std::pair<MeasureStatus, std::string_view> kStatusNames[] = {
    {MeasureStatus::Ok, "ok"},
    {MeasureStatus::BuildError, "build_error"},
    {MeasureStatus::RunError, "run_error"},
    {MeasureStatus::CheckFailed, "check_failed"},
    {MeasureStatus::Timeout, "timeout"},
    {MeasureStatus::Crashed, "crashed"},
    {MeasureStatus::Cancelled, "cancelled"},
    {MeasureStatus::Unavailable, "unavailable"},
};

// Reads typed members of one object, remembering the first problem.
class ObjectReader {
 public:
  ObjectReader(const JsonValue& v, std::string what) : v_(v), what_(std::move(what)) {
    if (!v.is_object()) Fail("expected an object");
  }
  bool ok() const { return error_.empty(); }
  const std::string& error() const { return error_; }
  void Fail(const std::string& message) {
    if (error_.empty()) error_ = what_ + ": " + message;
  }

  void String(const char* key, std::string* out, bool required = false) {
    const JsonValue* m = Find(key, required);
    if (!m) return;
    if (!m->is_string()) return Fail(std::string("\"") + key + "\" must be a string");
    *out = m->string;
  }
  void Number(const char* key, double* out) {
    const JsonValue* m = Find(key, false);
    if (!m) return;
    if (m->is_null()) {  // JsonWriter writes inf and nan as null
      *out = std::numeric_limits<double>::quiet_NaN();
      return;
    }
    if (!m->is_number()) return Fail(std::string("\"") + key + "\" must be a number");
    *out = m->number;
  }
  void Int(const char* key, int* out, int lo, int hi) {
    const JsonValue* m = Find(key, false);
    if (!m) return;
    if (!m->is_integer || m->integer < lo || m->integer > hi)
      return Fail(std::string("\"") + key + "\" must be an integer from " + std::to_string(lo) +
                  " to " + std::to_string(hi));
    *out = static_cast<int>(m->integer);
  }
  void Bool(const char* key, bool* out) {
    const JsonValue* m = Find(key, false);
    if (!m) return;
    if (!m->is_bool()) return Fail(std::string("\"") + key + "\" must be true or false");
    *out = m->boolean;
  }
  const JsonValue* Find(const char* key, bool required) {
    if (!ok()) return nullptr;
    const JsonValue* m = v_.find(key);
    if (!m && required) Fail(std::string("missing \"") + key + "\"");
    return m;
  }

 private:
  const JsonValue& v_;
  std::string what_;
  std::string error_;
};

template <typename T>
std::optional<T> ParseWith(std::string_view text, const char* what, std::string* error,
                           std::optional<T> (*from_value)(const JsonValue&, std::string*)) {
  auto parsed = ParseJson(text, what);
  if (!parsed) {
    if (error) *error = parsed.error().format();
    return std::nullopt;
  }
  return from_value(*parsed, error);
}

// The result's phase windows by their JSON names (the "phases" object).
template <typename R>
auto PhaseWindows(R& r) {
  using W = decltype(&r.build);
  return std::array<std::pair<const char*, W>, 3>{
      {{"build", &r.build}, {"timing", &r.timing}, {"check", &r.check}}};
}

}  // namespace

std::string_view MeasureStatusName(MeasureStatus status) {
  for (const auto& [s, name] : kStatusNames)
    if (s == status) return name;
  return "run_error";
}

std::optional<MeasureStatus> ParseMeasureStatus(std::string_view name) {
  for (const auto& [s, n] : kStatusNames)
    if (n == name) return s;
  return std::nullopt;
}

bool IsValidMeasureId(std::string_view id) {
  if (id.empty() || id.size() > 200 || id == "." || id == "..") return false;
  for (char c : id)
    if (!(std::isalnum(static_cast<unsigned char>(c)) || c == '_' || c == '-' || c == '.'))
      return false;
  return true;
}

void WriteRequestJson(JsonWriter& w, const MeasureRequest& r) {
  w.begin_object()
      .key("id")
      .value(r.id)
      .key("script")
      .value(r.script)
      .key("target")
      .value(r.target)
      .key("shape_vars")
      .begin_object();
  for (const auto& [name, value] : r.shape_vars) w.key(name).value(static_cast<int64_t>(value));
  w.end_object().key("warmup").value(r.warmup);
  if (r.min_warmup_ms > 0) w.key("min_warmup_ms").value(r.min_warmup_ms);
  w.key("repeat").value(r.repeat).key("check").value(r.check).key("timeout_s").value(r.timeout_s);
  if (r.timing_timeout_s > 0) w.key("timing_timeout_s").value(r.timing_timeout_s);
  if (!r.baseline_script.empty()) w.key("baseline_script").value(r.baseline_script);
  if (!r.func.empty()) w.key("func").value(r.func);
  if (!r.test_fault.empty()) w.key("test_fault").value(r.test_fault);
  w.end_object();
}

std::optional<MeasureRequest> RequestFromJsonValue(const JsonValue& v, std::string* error) {
  MeasureRequest r;
  ObjectReader in(v, "measure request");
  in.String("id", &r.id, true);
  if (in.ok() && !IsValidMeasureId(r.id))
    in.Fail("\"id\" must be 1 to 200 characters from A-Z a-z 0-9 _ - . (it names a file), got \"" +
            r.id + "\"");
  in.String("script", &r.script, true);
  in.String("target", &r.target);
  if (in.ok() && r.target != "llvm" && r.target != "cuda")
    in.Fail("\"target\" must be \"llvm\" or \"cuda\", got \"" + r.target + "\"");
  if (const JsonValue* vars = in.Find("shape_vars", false)) {
    if (!vars->is_object()) in.Fail("\"shape_vars\" must be an object of integers");
    for (const JsonMember& m : vars->members) {
      if (!m.value.is_integer) {
        in.Fail("shape variable \"" + m.key + "\" must be an integer");
        break;
      }
      r.shape_vars[m.key] = m.value.integer;
    }
  }
  in.Int("warmup", &r.warmup, 0, 1000000);
  in.Number("min_warmup_ms", &r.min_warmup_ms);
  if (in.ok() && !(r.min_warmup_ms >= 0 && r.min_warmup_ms <= 60000))
    in.Fail("\"min_warmup_ms\" must be a number of milliseconds from 0 to 60000");
  in.Int("repeat", &r.repeat, 1, 1000000);
  in.Bool("check", &r.check);
  in.Number("timeout_s", &r.timeout_s);
  if (in.ok() && !(r.timeout_s > 0 && r.timeout_s <= 7 * 24 * 3600.0))
    in.Fail("\"timeout_s\" must be a number of seconds above 0 and at most a week");
  in.Number("timing_timeout_s", &r.timing_timeout_s);
  if (in.ok() && !(r.timing_timeout_s >= 0 && r.timing_timeout_s <= 7 * 24 * 3600.0))
    in.Fail("\"timing_timeout_s\" must be a number of seconds from 0 (none) to a week");
  in.String("baseline_script", &r.baseline_script);
  in.String("func", &r.func);
  in.String("test_fault", &r.test_fault);
  if (in.ok() && !r.test_fault.empty() && r.test_fault != "abort" && r.test_fault != "segfault" &&
      r.test_fault != "hang")
    in.Fail("\"test_fault\" must be \"abort\", \"segfault\" or \"hang\", got \"" + r.test_fault +
            "\"");
  if (!in.ok()) {
    if (error) *error = in.error();
    return std::nullopt;
  }
  return r;
}

std::string MeasureRequest::ToJson() const {
  JsonWriter w;
  WriteRequestJson(w, *this);
  return w.str();
}

std::optional<MeasureRequest> MeasureRequest::FromJson(std::string_view text, std::string* error) {
  return ParseWith<MeasureRequest>(text, "measure request", error, &RequestFromJsonValue);
}

void WriteResultJson(JsonWriter& w, const MeasureResult& r) {
  w.begin_object()
      .key("id")
      .value(r.id)
      .key("status")
      .value(MeasureStatusName(r.status))
      .key("message")
      .value(r.message)
      .key("times_ms")
      .begin_array();
  for (double t : r.times_ms) w.value(t);
  w.end_array().key("probe_ms").begin_array();
  for (double t : r.probe_ms) w.value(t);
  w.end_array();
  if (!r.baseline_times_ms.empty()) {
    w.key("baseline_times_ms").begin_array();
    for (double t : r.baseline_times_ms) w.value(t);
    w.end_array();
  }
  w.key("min_ms")
      .value(r.min_ms)
      .key("median_ms")
      .value(r.median_ms)
      .key("gflops")
      .value(r.gflops)
      .key("max_error")
      .value(r.max_error)
      .key("build_ms")
      .value(r.build_ms)
      .key("flops")
      .value(r.flops)
      .key("bytes")
      .value(r.bytes)
      .key("attempts")
      .value(r.attempts);
  if (r.timing_limit_hit) w.key("timing_limit_hit").value(true);
  w.key("phases").begin_object();
  for (const auto& [name, window] : PhaseWindows(r)) {
    if (window->begin_s == 0 && window->end_s == 0) continue;
    w.key(name).begin_array().value(window->begin_s).value(window->end_s).end_array();
  }
  w.end_object().key("machine");
  r.machine.WriteJson(w);
  w.end_object();
}

std::optional<MeasureResult> ResultFromJsonValue(const JsonValue& v, std::string* error) {
  MeasureResult r;
  ObjectReader in(v, "measure result");
  in.String("id", &r.id, true);
  std::string status;
  in.String("status", &status, true);
  if (in.ok()) {
    auto s = ParseMeasureStatus(status);
    if (!s)
      in.Fail("unknown \"status\" \"" + status + "\"");
    else
      r.status = *s;
  }
  in.String("message", &r.message);
  for (auto [key, list] : {std::pair{"times_ms", &r.times_ms}, std::pair{"probe_ms", &r.probe_ms},
                           std::pair{"baseline_times_ms", &r.baseline_times_ms}}) {
    const JsonValue* times = in.Find(key, false);
    if (!times) continue;
    if (!times->is_array()) in.Fail(std::string("\"") + key + "\" must be an array of numbers");
    for (const JsonValue& t : times->items) {
      if (!t.is_number()) {
        in.Fail(std::string("\"") + key + "\" must be an array of numbers");
        break;
      }
      list->push_back(t.number);
    }
  }
  in.Number("min_ms", &r.min_ms);
  in.Number("median_ms", &r.median_ms);
  in.Number("gflops", &r.gflops);
  in.Number("max_error", &r.max_error);
  in.Number("build_ms", &r.build_ms);
  in.Number("flops", &r.flops);
  in.Number("bytes", &r.bytes);
  in.Int("attempts", &r.attempts, 0, 1000000);
  in.Bool("timing_limit_hit", &r.timing_limit_hit);
  if (const JsonValue* phases = in.Find("phases", false)) {
    if (!phases->is_object()) in.Fail("\"phases\" must be an object");
    for (const auto& [name, window] : PhaseWindows(r)) {
      const JsonValue* w = phases->is_object() ? phases->find(name) : nullptr;
      if (!w) continue;
      if (!w->is_array() || w->items.size() != 2 || !w->items[0].is_number() ||
          !w->items[1].is_number()) {
        in.Fail(std::string("\"phases\": \"") + name + "\" must be [begin, end] in seconds");
        break;
      }
      window->begin_s = w->items[0].number;
      window->end_s = w->items[1].number;
    }
  }
  if (const JsonValue* m = in.Find("machine", true)) {
    std::string why;
    auto machine = MachineSignature::FromJsonValue(*m, &why);
    if (!machine)
      in.Fail(why);
    else
      r.machine = std::move(*machine);
  }
  if (!in.ok()) {
    if (error) *error = in.error();
    return std::nullopt;
  }
  return r;
}

std::string MeasureResult::ToJson() const {
  JsonWriter w;
  WriteResultJson(w, *this);
  return w.str();
}

std::optional<MeasureResult> MeasureResult::FromJson(std::string_view text, std::string* error) {
  return ParseWith<MeasureResult>(text, "measure result", error, &ResultFromJsonValue);
}

}  // namespace tessera::runner
