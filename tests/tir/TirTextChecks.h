// Checks of printed TensorIR text (functions, traces, CUDA source, error messages) and of
// refusals that the TensorIR suites share.
#pragma once

#include <QString>
#include <QtTest>
#include <functional>
#include <string>

#include "tir/Schedule.h"
#include "tir/ScheduleError.h"
#include "tir/ScriptPrinter.h"
#include "tir/Trace.h"
#include "tir/TraceJson.h"

namespace tessera::tir::testing {

// Whether `text` contains `part`.
inline bool Contains(const std::string& text, const std::string& part) {
  return text.find(part) != std::string::npos;
}

// `attempt` fails with an error of `kind` and changes neither the function nor the trace
// (a primitive applies fully or not at all).
inline void ExpectRefusal(Schedule& sch, const std::function<Status()>& attempt,
                          const QString& kind) {
  const std::string func = AsTVMScript(sch.func());
  const std::string trace = TraceAsPython(sch.trace());
  Status s = attempt();
  QVERIFY(!s.ok());
  QCOMPARE(QString::fromStdString(ErrorKind(s.error())), kind);
  QCOMPARE(QString::fromStdString(AsTVMScript(sch.func())), QString::fromStdString(func));
  QCOMPARE(QString::fromStdString(TraceAsPython(sch.trace())), QString::fromStdString(trace));
}

// The trace's JSON contains `fragment` (an instruction as TVM writes it), reads back, and
// replays on the function `sch` started from to the same function.
inline void ExpectJsonReplays(const Schedule& sch, const std::string& fragment) {
  const std::string json = TraceToJson(sch.trace());
  QVERIFY2(Contains(json, fragment), json.c_str());
  auto back = TraceFromJson(json);
  QVERIFY2(back.ok(), back.ok() ? "" : back.error().message.c_str());
  Schedule replayed(sch.original_func());
  QVERIFY(ApplyTrace(*back, &replayed).ok());
  QCOMPARE(QString::fromStdString(AsTVMScript(replayed.func())),
           QString::fromStdString(AsTVMScript(sch.func())));
}

}  // namespace tessera::tir::testing
