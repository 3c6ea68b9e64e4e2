#include "tune/Database.h"

#include <sqlite3.h>

#include <cmath>

#include "support/JsonReader.h"

namespace tessera::tune {

namespace {

// The schema's version (PRAGMA user_version); a file with another version is refused
// rather than misread.
constexpr int kSchemaVersion = 1;

constexpr const char* kSchema = R"(
CREATE TABLE IF NOT EXISTS records (
  id INTEGER PRIMARY KEY AUTOINCREMENT,
  workload TEXT NOT NULL,
  workload_name TEXT NOT NULL,
  target TEXT NOT NULL,
  machine_key TEXT NOT NULL,
  machine_json TEXT NOT NULL,
  schedule_hash TEXT NOT NULL,
  script TEXT NOT NULL,
  status TEXT NOT NULL,
  message TEXT NOT NULL,
  times_ms TEXT NOT NULL,
  min_ms REAL NOT NULL,
  median_ms REAL NOT NULL,
  gflops REAL NOT NULL,
  max_error REAL NOT NULL,
  checked INTEGER NOT NULL,
  source TEXT NOT NULL,
  created INTEGER NOT NULL
);
CREATE INDEX IF NOT EXISTS records_by_task ON records(workload, target, machine_key, status, median_ms);
CREATE INDEX IF NOT EXISTS records_by_schedule ON records(workload, target, machine_key, schedule_hash);
CREATE TABLE IF NOT EXISTS probe_reference (
  machine_key TEXT PRIMARY KEY,
  probe_ms REAL NOT NULL
);
)";

constexpr const char* kColumns =
    "id, workload, workload_name, target, machine_key, machine_json, schedule_hash, script, "
    "status, message, times_ms, min_ms, median_ms, gflops, max_error, checked, source, created";

// A prepared statement, finalized when it goes out of scope.
class Statement {
 public:
  Statement(sqlite3* db, const std::string& sql) {
    if (sqlite3_prepare_v2(db, sql.c_str(), -1, &stmt_, nullptr) != SQLITE_OK) stmt_ = nullptr;
  }
  ~Statement() { sqlite3_finalize(stmt_); }
  Statement(const Statement&) = delete;
  Statement& operator=(const Statement&) = delete;
  sqlite3_stmt* get() const { return stmt_; }
  void Bind(int i, const std::string& s) {
    sqlite3_bind_text(stmt_, i, s.c_str(), static_cast<int>(s.size()), SQLITE_TRANSIENT);
  }
  void Bind(int i, int64_t v) { sqlite3_bind_int64(stmt_, i, v); }
  void Bind(int i, double v) { sqlite3_bind_double(stmt_, i, std::isfinite(v) ? v : 0.0); }

 private:
  sqlite3_stmt* stmt_ = nullptr;
};

Error SqlError(sqlite3* db, const std::string& what) {
  return Error("records database: " + what + ": " + sqlite3_errmsg(db));
}

std::string TimesToJson(const std::vector<double>& times) {
  JsonWriter w;
  w.begin_array();
  for (double t : times) w.value(t);
  w.end_array();
  return w.str();
}

std::vector<double> TimesFromJson(const std::string& text) {
  std::vector<double> times;
  auto parsed = ParseJson(text);
  if (!parsed || !parsed->is_array()) return times;
  for (const JsonValue& v : parsed->items)
    if (v.is_number()) times.push_back(v.number);
  return times;
}

std::string ColumnText(sqlite3_stmt* s, int i) {
  const unsigned char* text = sqlite3_column_text(s, i);
  return text ? reinterpret_cast<const char*>(text) : "";
}

TuningRecord ReadRow(sqlite3_stmt* s) {
  TuningRecord r;
  r.id = sqlite3_column_int64(s, 0);
  r.workload = ColumnText(s, 1);
  r.workload_name = ColumnText(s, 2);
  r.target = ColumnText(s, 3);
  r.machine_key = ColumnText(s, 4);
  r.machine_json = ColumnText(s, 5);
  r.schedule_hash = ColumnText(s, 6);
  r.script = ColumnText(s, 7);
  r.status = ColumnText(s, 8);
  r.message = ColumnText(s, 9);
  r.times_ms = TimesFromJson(ColumnText(s, 10));
  r.min_ms = sqlite3_column_double(s, 11);
  r.median_ms = sqlite3_column_double(s, 12);
  r.gflops = sqlite3_column_double(s, 13);
  r.max_error = sqlite3_column_double(s, 14);
  r.checked = sqlite3_column_int64(s, 15) != 0;
  r.source = ColumnText(s, 16);
  r.created = sqlite3_column_int64(s, 17);
  return r;
}

std::vector<std::string> QueryParams(const RecordQuery& q) {
  return {q.workload, q.target, q.machine_key};
}

constexpr const char* kQueryWhere = "workload = ?1 AND target = ?2 AND machine_key = ?3";

}  // namespace

Result<std::unique_ptr<Database>> Database::Open(const std::string& path) {
  sqlite3* handle = nullptr;
  int rc =
      sqlite3_open_v2(path.c_str(), &handle, SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE, nullptr);
  if (rc != SQLITE_OK) {
    std::string why = handle ? sqlite3_errmsg(handle) : "out of memory";
    sqlite3_close(handle);
    return Error("cannot open records database '" + path + "': " + why);
  }
  std::unique_ptr<Database> db(new Database(handle));
  // Several tune runs may share a file (a local run and a Slurm batch): wait for locks.
  sqlite3_busy_timeout(handle, 10000);
  Statement version(handle, "PRAGMA user_version");
  if (!version.get() || sqlite3_step(version.get()) != SQLITE_ROW)
    return Error("'" + path + "' is not a Tessera records database (" + sqlite3_errmsg(handle) +
                 ")");
  int64_t found = sqlite3_column_int64(version.get(), 0);
  Statement tables(
      handle,
      "SELECT count(*) FROM sqlite_master WHERE type = 'table' AND name != 'sqlite_sequence'");
  sqlite3_step(tables.get());
  int64_t table_count = sqlite3_column_int64(tables.get(), 0);
  if (found != kSchemaVersion && (found != 0 || table_count != 0))
    return Error("'" + path + "' is not a Tessera records database (schema version " +
                 std::to_string(found) + ", expected " + std::to_string(kSchemaVersion) + ")");
  if (Status st = db->Exec(kSchema); !st) return st.error();
  if (Status st = db->Exec(("PRAGMA user_version = " + std::to_string(kSchemaVersion)).c_str());
      !st)
    return st.error();
  return db;
}

Database::~Database() { sqlite3_close(db_); }

Status Database::Exec(const char* sql) {
  char* message = nullptr;
  if (sqlite3_exec(db_, sql, nullptr, nullptr, &message) != SQLITE_OK) {
    std::string why = message ? message : "unknown error";
    sqlite3_free(message);
    return Error("records database: " + why);
  }
  return Status::Ok();
}

Result<int64_t> Database::Add(const TuningRecord& r) {
  Statement s(db_,
              "INSERT INTO records (workload, workload_name, target, machine_key, machine_json, "
              "schedule_hash, script, status, message, times_ms, min_ms, median_ms, gflops, "
              "max_error, checked, source, created) VALUES "
              "(?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10, ?11, ?12, ?13, ?14, ?15, ?16, ?17)");
  if (!s.get()) return SqlError(db_, "preparing an insert");
  s.Bind(1, r.workload);
  s.Bind(2, r.workload_name);
  s.Bind(3, r.target);
  s.Bind(4, r.machine_key);
  s.Bind(5, r.machine_json);
  s.Bind(6, r.schedule_hash);
  s.Bind(7, r.script);
  s.Bind(8, r.status);
  s.Bind(9, r.message);
  s.Bind(10, TimesToJson(r.times_ms));
  s.Bind(11, r.min_ms);
  s.Bind(12, r.median_ms);
  s.Bind(13, r.gflops);
  s.Bind(14, r.max_error);
  s.Bind(15, static_cast<int64_t>(r.checked ? 1 : 0));
  s.Bind(16, r.source);
  s.Bind(17, r.created);
  if (sqlite3_step(s.get()) != SQLITE_DONE) return SqlError(db_, "storing a record");
  return static_cast<int64_t>(sqlite3_last_insert_rowid(db_));
}

Status Database::SetChecked(int64_t id, bool matched, const std::string& message) {
  Statement s(
      db_,
      matched
          ? "UPDATE records SET checked = 1 WHERE id = ?1"
          : "UPDATE records SET checked = 1, status = 'check_failed', message = ?2 WHERE id = ?1");
  if (!s.get()) return SqlError(db_, "preparing an update");
  s.Bind(1, id);
  if (!matched) s.Bind(2, message);
  if (sqlite3_step(s.get()) != SQLITE_DONE) return SqlError(db_, "updating a record");
  return Status::Ok();
}

Status Database::SetTiming(int64_t id, double median_ms, double gflops,
                           const std::string& message) {
  Statement s(db_, "UPDATE records SET median_ms = ?2, gflops = ?3, message = ?4 WHERE id = ?1");
  if (!s.get()) return SqlError(db_, "preparing an update");
  s.Bind(1, id);
  s.Bind(2, median_ms);
  s.Bind(3, gflops);
  s.Bind(4, message);
  if (sqlite3_step(s.get()) != SQLITE_DONE) return SqlError(db_, "updating a record");
  return Status::Ok();
}

Result<double> Database::ProbeReference(const std::string& machine_key,
                                        const std::function<double()>& propose) {
  auto stored = [&]() -> Result<std::optional<double>> {
    Statement q(db_, "SELECT probe_ms FROM probe_reference WHERE machine_key = ?1");
    if (!q.get()) return SqlError(db_, "preparing a query");
    q.Bind(1, machine_key);
    const int rc = sqlite3_step(q.get());
    if (rc == SQLITE_DONE) return std::optional<double>();
    if (rc != SQLITE_ROW) return SqlError(db_, "reading the probe reference");
    return std::optional<double>(sqlite3_column_double(q.get(), 0));
  };
  auto found = stored();
  if (!found) return found.error();
  if (*found) return **found;
  Statement s(db_, "INSERT OR IGNORE INTO probe_reference (machine_key, probe_ms) VALUES (?1, ?2)");
  if (!s.get()) return SqlError(db_, "preparing an insert");
  s.Bind(1, machine_key);
  s.Bind(2, propose());
  if (sqlite3_step(s.get()) != SQLITE_DONE) return SqlError(db_, "storing the probe reference");
  found = stored();  // ours, or the one another run stored meanwhile
  if (!found) return found.error();
  if (!*found) return SqlError(db_, "the probe reference vanished");
  return **found;
}

Result<std::vector<TuningRecord>> Database::Select(const std::string& where_order,
                                                   const std::vector<std::string>& params) {
  Statement s(db_, std::string("SELECT ") + kColumns + " FROM records " + where_order);
  if (!s.get()) return SqlError(db_, "preparing a query");
  for (size_t i = 0; i < params.size(); ++i) s.Bind(static_cast<int>(i + 1), params[i]);
  std::vector<TuningRecord> out;
  int rc;
  while ((rc = sqlite3_step(s.get())) == SQLITE_ROW) out.push_back(ReadRow(s.get()));
  if (rc != SQLITE_DONE) return SqlError(db_, "reading records");
  return out;
}

Result<std::vector<TuningRecord>> Database::Top(const RecordQuery& query, int limit) {
  return Select(std::string("WHERE ") + kQueryWhere +
                    " AND status = 'ok' ORDER BY median_ms ASC, id ASC LIMIT " +
                    std::to_string(limit < 0 ? 0 : limit),
                QueryParams(query));
}

Result<std::optional<TuningRecord>> Database::Best(const RecordQuery& query) {
  auto top = Top(query, 1);
  if (!top) return top.error();
  if (top->empty()) return std::optional<TuningRecord>();
  return std::optional<TuningRecord>(std::move(top->front()));
}

Result<std::vector<TuningRecord>> Database::All(const RecordQuery& query) {
  return Select(std::string("WHERE ") + kQueryWhere + " ORDER BY id ASC", QueryParams(query));
}

Result<bool> Database::Contains(const RecordQuery& query, const std::string& schedule_hash) {
  auto params = QueryParams(query);
  params.push_back(schedule_hash);
  auto rows =
      Select(std::string("WHERE ") + kQueryWhere + " AND schedule_hash = ?4 LIMIT 1", params);
  if (!rows) return rows.error();
  return !rows->empty();
}

Result<int64_t> Database::Count(const RecordQuery& query) {
  Statement s(db_, std::string("SELECT count(*) FROM records WHERE ") + kQueryWhere);
  if (!s.get()) return SqlError(db_, "preparing a count");
  auto params = QueryParams(query);
  for (size_t i = 0; i < params.size(); ++i) s.Bind(static_cast<int>(i + 1), params[i]);
  if (sqlite3_step(s.get()) != SQLITE_ROW) return SqlError(db_, "counting records");
  return static_cast<int64_t>(sqlite3_column_int64(s.get(), 0));
}

Result<int64_t> Database::CountAll() {
  Statement s(db_, "SELECT count(*) FROM records");
  if (!s.get() || sqlite3_step(s.get()) != SQLITE_ROW) return SqlError(db_, "counting records");
  return static_cast<int64_t>(sqlite3_column_int64(s.get(), 0));
}

Result<std::string> Database::ExportJsonLines() {
  auto rows = Select("ORDER BY id ASC", {});
  if (!rows) return rows.error();
  std::string out;
  for (const TuningRecord& r : *rows) out += RecordToJson(r) + "\n";
  return out;
}

Result<int64_t> Database::ImportJsonLines(const std::string& text, const std::string& file) {
  std::vector<TuningRecord> records;
  size_t start = 0;
  int line_number = 0;
  while (start < text.size()) {
    size_t end = text.find('\n', start);
    if (end == std::string::npos) end = text.size();
    std::string line = text.substr(start, end - start);
    start = end + 1;
    ++line_number;
    if (line.find_first_not_of(" \t\r") == std::string::npos) continue;
    auto record = RecordFromJson(line, SourceLoc{file, line_number, 1});
    if (!record) return record.error();
    records.push_back(std::move(record.value()));
  }
  if (Status st = Exec("BEGIN"); !st) return st.error();
  int64_t added = 0;
  for (const TuningRecord& r : records) {
    auto present = Contains(RecordQuery{r.workload, r.target, r.machine_key}, r.schedule_hash);
    Result<int64_t> id =
        present ? (*present ? Result<int64_t>(0) : Add(r)) : Result<int64_t>(present.error());
    if (!id) {
      (void)Exec("ROLLBACK");
      return id.error();
    }
    if (!*present) ++added;
  }
  if (Status st = Exec("COMMIT"); !st) return st.error();
  return added;
}

std::string RecordToJson(const TuningRecord& r) {
  JsonWriter w;
  w.begin_object()
      .key("workload")
      .value(r.workload)
      .key("workload_name")
      .value(r.workload_name)
      .key("target")
      .value(r.target)
      .key("machine_key")
      .value(r.machine_key)
      .key("machine")
      .value(r.machine_json)
      .key("schedule_hash")
      .value(r.schedule_hash)
      .key("script")
      .value(r.script)
      .key("status")
      .value(r.status)
      .key("message")
      .value(r.message)
      .key("times_ms")
      .begin_array();
  for (double t : r.times_ms) w.value(t);
  w.end_array()
      .key("min_ms")
      .value(r.min_ms)
      .key("median_ms")
      .value(r.median_ms)
      .key("gflops")
      .value(r.gflops)
      .key("max_error")
      .value(r.max_error)
      .key("checked")
      .value(r.checked)
      .key("source")
      .value(r.source)
      .key("created")
      .value(r.created)
      .end_object();
  return w.str();
}

namespace {

Result<std::string> StringField(const JsonValue& obj, const char* key, const SourceLoc& loc) {
  const JsonValue* v = obj.find(key);
  if (!v || !v->is_string())
    return Error(std::string("record has no string field '") + key + "'", loc);
  return v->string;
}

double NumberField(const JsonValue& obj, const char* key) {
  const JsonValue* v = obj.find(key);
  return v && v->is_number() ? v->number : 0.0;
}

}  // namespace

Result<TuningRecord> RecordFromJson(const std::string& line, const SourceLoc& loc) {
  auto parsed = ParseJson(line, loc.file);
  if (!parsed) return Error(parsed.error().message, loc);
  if (!parsed->is_object()) return Error("a record must be a JSON object", loc);
  const JsonValue& obj = *parsed;
  TuningRecord r;
  struct Field {
    const char* key;
    std::string* into;
  } fields[] = {{"workload", &r.workload},       {"target", &r.target},
                {"machine_key", &r.machine_key}, {"schedule_hash", &r.schedule_hash},
                {"script", &r.script},           {"status", &r.status}};
  for (const Field& f : fields) {
    auto value = StringField(obj, f.key, loc);
    if (!value) return value.error();
    *f.into = std::move(value.value());
  }
  if (r.workload.empty() || r.machine_key.empty())
    return Error("record has an empty workload or machine_key", loc);
  if (const JsonValue* v = obj.find("workload_name"); v && v->is_string())
    r.workload_name = v->string;
  if (const JsonValue* v = obj.find("machine"); v && v->is_string()) r.machine_json = v->string;
  if (const JsonValue* v = obj.find("message"); v && v->is_string()) r.message = v->string;
  if (const JsonValue* v = obj.find("source"); v && v->is_string()) r.source = v->string;
  if (const JsonValue* v = obj.find("times_ms"); v && v->is_array())
    for (const JsonValue& t : v->items)
      if (t.is_number()) r.times_ms.push_back(t.number);
  r.min_ms = NumberField(obj, "min_ms");
  r.median_ms = NumberField(obj, "median_ms");
  r.gflops = NumberField(obj, "gflops");
  r.max_error = NumberField(obj, "max_error");
  if (const JsonValue* v = obj.find("checked"); v && v->is_bool()) r.checked = v->boolean;
  r.created = static_cast<int64_t>(NumberField(obj, "created"));
  if (r.status == kStatusOk && !(r.median_ms > 0))
    return Error("an ok record needs a positive median_ms", loc);
  return r;
}

}  // namespace tessera::tune
