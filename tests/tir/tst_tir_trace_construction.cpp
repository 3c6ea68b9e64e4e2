// TVM's tir.schedule Instruction, InstructionKind and Trace API, as its own tests
// (test_tir_schedule_trace.py, test_tir_schedule_instruction.py) and MetaSchedule code use
// it: a schedule's trace hands out its instructions in TVM's layout with the schedule's
// own random variables; traces built by hand from BlockRV() / LoopRV() / tir.Var print,
// simplify, append, pop and replay (from Python and from JSON); misuse is refused where
// it happens. The script runs unchanged under TVM 0.20.
#include <QtTest>

#include "script/Evaluator.h"

namespace tst_tir_trace_construction {

using namespace tessera;

namespace {

const char* kPrelude = R"py(import pytest
import tvm
from tvm import tir
from tvm.script import tir as T
from tvm.tir.schedule import BlockRV, Instruction, InstructionKind, LoopRV, Trace


@T.prim_func
def chain(A: T.Buffer((64, 64), "float32"), C: T.Buffer((64, 64), "float32")):
    B = T.alloc_buffer((64, 64))
    for i, j in T.grid(64, 64):
        with T.block("B"):
            vi, vj = T.axis.remap("SS", [i, j])
            B[vi, vj] = A[vi, vj] * 2.0
    for i, j in T.grid(64, 64):
        with T.block("C"):
            vi, vj = T.axis.remap("SS", [i, j])
            C[vi, vj] = B[vi, vj] + 1.0


)py";

// The program's own asserts check it; an error is returned as the script reports it.
std::string Run(const std::string& body) {
  auto r = script::EvaluateScript(kPrelude + body, "t.py");
  return r ? std::string() : r.error().format();
}

}  // namespace

class TestTirTraceConstruction : public QObject {
  Q_OBJECT

 private slots:
  void tracesReadBuildAndReplayAsTvms() {
    std::string error = Run(R"py(
# A schedule's trace hands out its own random variables.
sch = tir.Schedule(chain)
b = sch.get_block("C")
i, j = sch.get_loops(b)
v = sch.sample_categorical([4, 8, 16], [0.25, 0.5, 0.25], decision=2)
io, ii = sch.split(i, [None, v])
insts = sch.trace.insts
assert insts[0].outputs[0].same_as(b)
assert insts[1].inputs[0].same_as(b)
assert insts[1].outputs[1].same_as(j)
assert insts[3].kind.name == "Split"
assert insts[3].inputs[0].same_as(i)
assert insts[3].inputs[1] is None
assert len(insts[3].attrs) == 2
assert not InstructionKind.get("Split").is_pure
assert InstructionKind.get("SampleCategorical").is_pure
assert InstructionKind.get("GetConsumers").is_pure
assert sch.trace.get_decision(insts[2]) is not None
assert "decision=2" in str(sch.trace)
assert "a\nb\r\nc\n".splitlines() == ["a", "b", "c"]

# A trace built by hand, with a decision, replays on a fresh schedule.
b0, l1, l2, l3, l4 = BlockRV(), LoopRV(), LoopRV(), LoopRV(), LoopRV()
v0 = tir.Var("v", "int32")
sample = Instruction(InstructionKind.get("SampleCategorical"), [], [[4, 8, 16], [0.25, 0.5, 0.25]], [v0])
trace = Trace(
    insts=[
        Instruction(InstructionKind.get("GetBlock"), [], ["C", "main"], [b0]),
        Instruction(InstructionKind.get("GetLoops"), [b0], [], [l1, l2]),
        sample,
        Instruction(InstructionKind.get("Split"), [l1, None, v0], [True, False], [l3, l4]),
    ],
    decisions={sample: 1},
)
assert str(trace).splitlines()[4] == "  v3 = sch.sample_categorical(candidates=[4, 8, 16], probs=[0.25, 0.5, 0.25], decision=1)", str(trace)
assert str(trace).splitlines()[5] == "  l4, l5 = sch.split(loop=l1, factors=[None, v3], preserve_unit_iters=True, disable_predication=False)", str(trace)
assert trace.get_decision(sample) is not None
fresh = tir.Schedule(chain)
trace.apply_to_schedule(fresh, remove_postproc=True)
assert "for i_0, i_1, j in T.grid(8, 8, 64):" in fresh.mod["main"].script(), fresh.mod["main"].script()

# append and pop change the trace in place; simplified drops getters nobody uses.
trace.append(Instruction(InstructionKind.get("GetBlock"), [], ["B", "main"], [BlockRV()]))
assert len(trace.insts) == 5
assert len(trace.simplified(remove_postproc=True).insts) == 4
popped = trace.pop()
assert popped.kind.name == "GetBlock" and popped.attrs[0] == "B"
assert len(trace.insts) == 4

# The JSON form replays too.
fresh = tir.Schedule(chain)
Trace.apply_json_to_schedule(trace.as_json(), fresh)
assert "for i_0, i_1, j in T.grid(8, 8, 64):" in fresh.mod["main"].script()

# Misuse is refused.
with pytest.raises(Exception):
    InstructionKind.get("Spilt")
with pytest.raises(Exception):
    Trace.apply_json_to_schedule([[["GetLoops", ["b9"], [], ["l0"]]], []], tir.Schedule(chain))
with pytest.raises(Exception):
    fresh.get(BlockRV())
assert Trace([], {}).pop() is None
)py");
    QVERIFY2(error.empty(), error.c_str());
  }

  void instructionsPrintWithAnonymousVariables() {
    std::string error = Run(R"py(
block = BlockRV()
loop0, loop1 = LoopRV(), LoopRV()
inst = Instruction(kind=InstructionKind.get("GetLoops"), inputs=[block], attrs=[], outputs=[loop0, loop1])
assert str(inst) == "_, _ = sch.get_loops(block=_)"
assert inst.outputs[1].same_as(loop1) and not inst.outputs[1].same_as(loop0)
assert str(Instruction(InstructionKind.get("ComputeInline"), [block], [], [])) == "sch.compute_inline(block=_)"
)py");
    QVERIFY2(error.empty(), error.c_str());
  }

  void misuseIsRefusedWhereItHappens_data() {
    QTest::addColumn<QString>("line");
    QTest::addColumn<QString>("message");
    QTest::newRow("unknown kind") << R"(InstructionKind.get("Spilt"))"
                                  << R"(there is no instruction kind "Spilt")";
    QTest::newRow("undefined variable in JSON")
        << R"(Trace.apply_json_to_schedule([[["GetLoops", ["b9"], [], ["l0"]]], []], tir.Schedule(chain)))"
        << "random variable b9 is not defined";
    QTest::newRow("free variable in a schedule") << "tir.Schedule(chain).get(BlockRV())"
                                                 << "belongs to no schedule";
    QTest::newRow("output not a variable")
        << R"(Instruction(InstructionKind.get("GetLoops"), [BlockRV()], [], [3]))"
        << "outputs[0] must be a BlockRV, LoopRV or tir.Var, not int";
    QTest::newRow("not an instruction") << "Trace([1], {})"
                                        << "must be an Instruction, not int";
    QTest::newRow("wrong attrs")
        << R"(Trace([Instruction(InstructionKind.get("SampleCategorical"), [], [4], [tir.Var("v", "int32")])], {}))"
        << "expected [candidates, probs]";
    QTest::newRow("decision of another trace")
        << R"(Trace([], {Instruction(InstructionKind.get("GetBlock"), [], ["B", "main"], [BlockRV()]): 1}))"
        << "not in insts";
  }
  void misuseIsRefusedWhereItHappens() {
    QFETCH(QString, line);
    QFETCH(QString, message);
    std::string error = Run(line.toStdString() + "\n");
    QVERIFY2(error.find(message.toStdString()) != std::string::npos, error.c_str());
    QVERIFY2(error.find("t.py:21:") != std::string::npos, error.c_str());
  }
};

}  // namespace tst_tir_trace_construction

QTEST_APPLESS_MAIN(tst_tir_trace_construction::TestTirTraceConstruction)
#include "tst_tir_trace_construction.moc"
