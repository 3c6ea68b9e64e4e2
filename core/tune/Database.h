// Database: the records of every tuning run, in an SQLite file (the only state that
// outlives a run, as in MetaSchedule). A run that stops (budget, crash, Ctrl-C) and is
// started again with the same database skips the schedules already measured on this
// machine, so tuning resumes where it stopped.
//
// A record is only valid on the machine it was measured on: every query takes the
// current machine's key (MachineSignature::Key()) and returns nothing measured under
// another key — a schedule timed on an AVX-512 machine never passes as the best for an
// AVX2 one, even after an import from elsewhere.
//
// Records travel between machines as JSON lines (one record per line; Export/Import).
#pragma once

#include <cstdint>
#include <functional>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "support/Result.h"
#include "tune/Record.h"

struct sqlite3;

namespace tessera::tune {

// Which records a query wants: one workload on one target on one machine.
struct RecordQuery {
  std::string workload;
  std::string target;
  std::string machine_key;
};

class Database {
 public:
  // Opens (creating when missing) the database file; ":memory:" for a private one.
  // Errors: the file cannot be opened or is not a Tessera records database.
  static Result<std::unique_ptr<Database>> Open(const std::string& path);
  ~Database();
  Database(const Database&) = delete;
  Database& operator=(const Database&) = delete;

  // Stores `record` (its id is ignored); returns the new id.
  Result<int64_t> Add(const TuningRecord& record);

  // Marks record `id` after the te oracle judged it: checked and still ok, or the
  // status "check_failed" with the oracle's message (it is then never the best).
  Status SetChecked(int64_t id, bool matched, const std::string& message = "");
  // Replaces record `id`'s median time and GFLOP/s (the tuner keeps the slower of two
  // timings of a would-be best, Tuner.cpp) and notes why in its message.
  Status SetTiming(int64_t id, double median_ms, double gflops, const std::string& message);

  // The machine's host-probe reference (runtime/HostProbe.h; tune/HostSpeed.h): the probe
  // time that every timing of a record measured on `machine_key` is scaled to. The stored
  // value when the file has one (table probe_reference); otherwise `propose()` is called
  // and its value stored (a run sharing the file that stored one first wins).
  Result<double> ProbeReference(const std::string& machine_key,
                                const std::function<double()>& propose);

  // The fastest ok record for the query (smallest median), or nullopt.
  Result<std::optional<TuningRecord>> Best(const RecordQuery& query);
  // The `limit` fastest ok records for the query, fastest first.
  Result<std::vector<TuningRecord>> Top(const RecordQuery& query, int limit);
  // Every record of the query, in the order they were stored (ok or not).
  Result<std::vector<TuningRecord>> All(const RecordQuery& query);
  // Whether a schedule with this hash was already measured for the query.
  Result<bool> Contains(const RecordQuery& query, const std::string& schedule_hash);
  // Records of the query / of the whole database.
  Result<int64_t> Count(const RecordQuery& query);
  Result<int64_t> CountAll();

  // Every record as JSON lines (each line one object; see RecordToJson).
  Result<std::string> ExportJsonLines();
  // Adds the records of `text` (JSON lines), skipping those already present (same
  // workload, target, machine and schedule hash). Returns how many were added. Errors
  // name the line: `FILE:LINE:1: error: ...`; nothing is added then.
  Result<int64_t> ImportJsonLines(const std::string& text, const std::string& file = "");

 private:
  explicit Database(sqlite3* db) : db_(db) {}
  Status Exec(const char* sql);
  Result<std::vector<TuningRecord>> Select(const std::string& where_order,
                                           const std::vector<std::string>& params);
  sqlite3* db_ = nullptr;
};

// One record as a JSON object on one line, and back (errors name the missing field).
std::string RecordToJson(const TuningRecord& record);
Result<TuningRecord> RecordFromJson(const std::string& line, const SourceLoc& loc = {});

}  // namespace tessera::tune
