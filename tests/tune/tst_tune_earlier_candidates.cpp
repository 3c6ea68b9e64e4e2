// Candidates an earlier run left in a runner's work folder (core/tune/EarlierCandidates.h)
// are recorded for the run that resumes them when they are its kind: the same workload,
// target and shape values. A candidate that takes a placeholder laid out anew belongs to a
// run with blocked inputs (TuneOptions::blocked), one that writes its output laid out anew
// to a run with blocked outputs, never to one without: its kernel takes other arguments.
// A fake runner hands back the earlier requests and times them.
#include <QtTest>

#include "TuneTestSupport.h"
#include "tune/Database.h"
#include "tune/EarlierCandidates.h"
#include "tune/Fingerprint.h"

namespace tst_tune_earlier_candidates {

using namespace tessera;
using namespace tessera::tune;

namespace {

constexpr const char* kScale = R"(import tvm
from tvm import te
A = te.placeholder((16,), name="A")
B = te.compute((16,), lambda i: A[i] * 2.0, name="B")
s = te.create_schedule(B.op)
)";

// The earlier run's requests, each timed at 1 ms when measured again.
class EarlierRunner : public runner::Runner {
 public:
  explicit EarlierRunner(std::vector<runner::MeasureRequest> earlier)
      : earlier_(std::move(earlier)) {}
  std::string Name() const override { return "earlier-fake"; }
  std::vector<runner::MeasureRequest> EarlierRequests() const override { return earlier_; }
  std::vector<runner::MeasureResult> Measure(const std::vector<runner::MeasureRequest>& requests,
                                             const runner::MeasureCallbacks&) override {
    std::vector<runner::MeasureResult> out;
    for (const runner::MeasureRequest& r : requests) {
      runner::MeasureResult m;
      m.id = r.id;
      m.status = runner::MeasureStatus::Ok;
      m.times_ms = {1.0};
      m.min_ms = m.median_ms = 1.0;
      out.push_back(m);
    }
    return out;
  }

 private:
  std::vector<runner::MeasureRequest> earlier_;
};

runner::MeasureRequest Candidate(const std::string& schedule) {
  runner::MeasureRequest r;
  r.script = std::string(kScale) + schedule;
  r.id = "c" + HashText(r.script);
  return r;
}

// How many of the three earlier candidates (a split, the input laid out in blocks of 4 and
// the output so) a run with blocked inputs, or outputs, or neither records.
int Recorded(bool inputs, bool outputs) {
  auto db = Database::Open(":memory:");
  if (!db.ok()) qFatal("no in-memory database: %s", db.error().message.c_str());
  EarlierRunner runner({Candidate("xo, xi = s[B].split(B.op.axis[0], factor=4)\n"),
                        Candidate("s[A].transform_layout(lambda i: [i // 4, i % 4])\n"),
                        Candidate("s[B].transform_layout(lambda i: [i // 4, i % 4])\n")});
  TuneOptions options;
  options.blocked.inputs = inputs;
  options.blocked.outputs = outputs;
  const script::ScriptProgram program = tune::test::Load(kScale);
  auto added = RecordEarlierCandidates(program, runner, **db, runner::ReadMachineSignature(),
                                       options, [] { return false; });
  if (!added.ok()) qFatal("%s", added.error().message.c_str());
  return *added;
}

}  // namespace

class TestTuneEarlierCandidates : public QObject {
  Q_OBJECT

 private slots:
  void aLaidOutArgumentIsABlockedRunsCandidate() {
    QCOMPARE(Recorded(false, false), 1);  // the split only
    QCOMPARE(Recorded(true, false), 2);
    QCOMPARE(Recorded(false, true), 2);
    QCOMPARE(Recorded(true, true), 3);
  }
};

}  // namespace tst_tune_earlier_candidates

QTEST_APPLESS_MAIN(tst_tune_earlier_candidates::TestTuneEarlierCandidates)
#include "tst_tune_earlier_candidates.moc"
