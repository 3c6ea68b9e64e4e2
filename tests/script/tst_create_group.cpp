// Schedule.create_group (TVM's group stages) and Operation.tag / attrs with te.tag_scope,
// as TVM 0.19's te programs use them. Python-level facts (s[X].group, num_child_stages,
// attach_stage, op.attrs) are checked by `assert` statements inside the scripts; the
// lowered program of a grouped schedule is compared with the same members attached one
// by one, and the trace is replayed and printed back.
#include <QtTest>

#include "schedule/Replay.h"
#include "script/Evaluator.h"
#include "script/export/ScriptPrinter.h"
#include "transform/LowerSchedule.h"

namespace tst_create_group {

using namespace tessera;
using namespace tessera::script;

namespace {

const char* kPrelude = "import tvm\nfrom tvm import te\n";

Result<ScriptProgram> Eval(const std::string& body) {
  return EvaluateScript(std::string(kPrelude) + body, "t.py");
}

// A chain U -> V -> W -> Z over a 16x12 input (the group cases' workload).
const char* kChain =
    "D = te.placeholder((16, 12), name='D')\n"
    "U = te.compute((16, 12), lambda a, b: D[a, b] * 3.0, name='U')\n"
    "V = te.compute((16, 12), lambda a, b: U[a, b] + D[a, b], name='V')\n"
    "W = te.compute((16, 12), lambda a, b: V[a, b] - 1.0, name='W')\n"
    "Z = te.compute((16, 12), lambda a, b: W[a, b] * W[a, b], name='Z')\n"
    "s = te.create_schedule(Z.op)\n";

std::string LoweredText(const ScriptProgram& p) {
  std::vector<te::Tensor> args = p.lower_args;
  auto lowered = transform::LowerSchedule(*p.schedule, args);
  if (!lowered) return "<error: " + lowered.error().message + ">";
  return lowered->timeline.back().ir;
}

}  // namespace

class TestCreateGroup : public QObject {
  Q_OBJECT

 private slots:
  void facts_data() {
    QTest::addColumn<std::string>("code");
    QTest::newRow("a group of two and its members")
        << std::string(kChain) +
               "g = s.create_group(outputs=W, inputs=U)\n"
               "assert s[V].group == g and s[W].group == g\n"
               "assert s[U].group is None and g.group is None\n"
               "assert g.num_child_stages == 2 and g.attach_stage is None\n"
               "assert len(s.groups) == 1 and s.groups[0] == g\n";
    QTest::newRow("include_inputs takes the inputs in")
        << std::string(kChain) +
               "g = s.create_group(outputs=[W], inputs=[U], include_inputs=True)\n"
               "assert s[U].group == g and g.num_child_stages == 3\n"
               "g.compute_at(s[Z], Z.op.axis[0])\n"
               "assert g.attach_stage == s[Z]\n"
               "assert s[U].attach_stage is None\n";
    QTest::newRow("cache_read of a member joins its group")
        << std::string(kChain) +
               "g = s.create_group(outputs=W, inputs=U)\n"
               "g.compute_at(s[Z], Z.op.axis[0])\n"
               "VL = s.cache_read(V, 'local', [W])\n"
               "assert s[VL].group == g and g.num_child_stages == 3 and s[U].group is None\n"
               "print(tvm.lower(s, [D, Z], simple_mode=True))\n";
    QTest::newRow("a group around a group")
        << std::string(kChain) +
               "inner = s.create_group(outputs=W, inputs=U)\n"
               "outer = s.create_group(outputs=W, inputs=U, include_inputs=True)\n"
               "assert inner.group == outer and outer.group is None\n"
               "assert outer.num_child_stages == 2 and inner.num_child_stages == 2\n"
               "assert s[U].group == outer and s[V].group == inner\n"
               "assert set(s.groups) == set([outer, inner]) and set(s.groups) != set([inner])\n";
    QTest::newRow("set() as TVM's tests use it") << std::string(
        "a = set([3, 1, 3, 2])\n"
        "assert len(a) == 3 and 2 in a and 5 not in a and a == set((1, 2, 3)) and a != set([1, "
        "2])\n"
        "assert sorted(a) == [1, 2, 3] and len(set()) == 0 and set(range(2)) == set([1, 0])\n"
        "assert set('ab') == set(['b', 'a'])\n"
        "assert not set() and not {} and not range(0) and (set() or 7) == 7 and len({} and 1) == "
        "0\n");
    QTest::newRow("a group inside a scan's update group") << std::string(
        "m = te.size_var('m')\n"
        "X = te.compute((m, 6), lambda t, k: t * 1.0 + k, name='X')\n"
        "S = te.placeholder((m, 6), name='S')\n"
        "I = te.compute((1, 6), lambda _, k: X[0, k], name='I')\n"
        "U1 = te.compute((m, 6), lambda t, k: S[t - 1, k] + X[t, k], name='U1')\n"
        "U2 = te.compute((m, 6), lambda t, k: U1[t, k] * 2.0, name='U2')\n"
        "U3 = te.compute((m, 6), lambda t, k: U2[t, k] + 1.0, name='U3')\n"
        "R = tvm.te.scan(I, U3, S, inputs=X, name='R')\n"
        "s = te.create_schedule(R.op)\n"
        "scan_group = s[U1].group\n"
        "assert scan_group is not None and s[U3].group == scan_group\n"
        "g = s.create_group(outputs=U2, inputs=[S, X])\n"
        "assert g.group == scan_group and s[U1].group == g\n"
        "g.compute_at(s[U3], U3.op.axis[1])\n"
        "assert g.attach_stage == s[U3]\n"
        "try:\n"
        "    s[U2].compute_at(s[I], I.op.axis[0])\n"
        "    assert False\n"
        "except tvm.error.TVMError:\n"
        "    pass\n");
    QTest::newRow("tag and attrs of a compute") << std::string(
        "A = te.placeholder((8, 4), name='A')\n"
        "k = te.reduce_axis((0, 4), name='k')\n"
        "with tvm.te.tag_scope(tag='rowsum'):\n"
        "    B = te.compute((8,), lambda i: te.sum(A[i, k], axis=k), attrs={'level': 2, 'dims': "
        "[8, 4]})\n"
        "assert B.op.tag == 'rowsum'\n"
        "assert 'level' in B.op.attrs and 'width' not in B.op.attrs\n"
        "assert B.op.attrs['level'] == 2 and len(B.op.attrs['dims']) == 2 and "
        "B.op.attrs['dims'][1] == 4\n"
        "C = te.compute((8,), lambda i: B[i] + 1.0, tag='shift')\n"
        "assert C.op.tag == 'shift' and len(C.op.attrs) == 0\n");
    QTest::newRow("tag_scope as a decorator, and nested") << std::string(
        "@tvm.te.tag_scope(tag='ew')\n"
        "def double(T):\n"
        "    return te.compute(T.shape, lambda *i: T(*i) * 2.0)\n"
        "A = te.placeholder((8,), name='A')\n"
        "B = double(A)\n"
        "assert B.op.tag == 'ew' and len(B.op.attrs) == 0\n"
        "try:\n"
        "    with te.tag_scope(tag='outer'):\n"
        "        C = double(A)\n"
        "    assert False\n"
        "except ValueError:\n"
        "    pass\n"
        "D = te.compute((8,), lambda i: A[i])\n"
        "assert D.op.tag == ''\n");
    QTest::newRow("tag and attrs of a scan") << std::string(
        "m = te.size_var('m')\n"
        "X = te.placeholder((m, 4), name='X')\n"
        "S = te.placeholder((m, 4), name='S')\n"
        "I = te.compute((1, 4), lambda _, k: X[0, k], name='I')\n"
        "U = te.compute((m, 4), lambda t, k: S[t - 1, k] + X[t, k], name='U')\n"
        "with te.tag_scope(tag='cumsum'):\n"
        "    R = tvm.te.scan(I, U, S, inputs=[X], attrs={'axis': 0})\n"
        "assert R.op.tag == 'cumsum' and R.op.attrs['axis'] == 0 and len(R.op.attrs) == 1\n");
  }
  void facts() {
    QFETCH(std::string, code);
    auto r = Eval(code);
    QVERIFY2(r.ok(), r.ok() ? "" : r.error().format().c_str());
  }

  // TVM's group compute_at puts every member whose own attach is its group's root at the
  // group's loop: the same program as attaching them one by one.
  void groupAttachLowersAsMembersAttached() {
    std::string tile = "zo, zi = s[Z].split(Z.op.axis[0], factor=4)\n";
    auto grouped = Eval(std::string(kChain) + tile +
                        "g = s.create_group(outputs=W, inputs=D, include_inputs=False)\n"
                        "g.compute_at(s[Z], zo)\n"
                        "print(tvm.lower(s, [D, Z], simple_mode=True))\n");
    QVERIFY2(grouped.ok(), grouped.ok() ? "" : grouped.error().format().c_str());
    auto manual =
        Eval(std::string(kChain) + tile +
             "s[W].compute_at(s[Z], zo)\ns[V].compute_at(s[Z], zo)\ns[U].compute_at(s[Z], zo)\n"
             "print(tvm.lower(s, [D, Z], simple_mode=True))\n");
    QVERIFY2(manual.ok(), manual.ok() ? "" : manual.error().format().c_str());
    std::string text = LoweredText(*grouped);
    QVERIFY2(text.find("produce U") != std::string::npos, text.c_str());
    QCOMPARE(QString::fromStdString(text), QString::fromStdString(LoweredText(*manual)));
  }

  // include_inputs may take a placeholder in; it makes no loops and stays at the root
  // while the group's computes move (TVM's ScheduleOps skips placeholders).
  void placeholderMemberStaysAtRoot() {
    auto r = Eval(std::string(kChain) +
                  "g = s.create_group(outputs=W, inputs=D, include_inputs=True)\n"
                  "assert s[D].group == g and g.num_child_stages == 4\n"
                  "g.compute_at(s[Z], Z.op.axis[0])\n"
                  "print(tvm.lower(s, [D, Z], simple_mode=True))\n");
    QVERIFY2(r.ok(), r.ok() ? "" : r.error().format().c_str());
    QCOMPARE(r->schedule->find("D")->attach_type, schedule::AttachType::GroupRoot);
    QCOMPARE(r->schedule->find("U")->attach_stage, r->schedule->find("Z"));
    QVERIFY2(LoweredText(*r).find("produce U") != std::string::npos, LoweredText(*r).c_str());
  }

  // A member's own compute_at wins over its group's; compute_root of a member takes it
  // back to the group's loop.
  void memberOwnAttachWins() {
    auto r = Eval(std::string(kChain) +
                  "g = s.create_group(outputs=W, inputs=D)\n"
                  "s[U].compute_at(s[V], V.op.axis[1])\n"
                  "g.compute_at(s[Z], Z.op.axis[0])\n"
                  "assert s[U].attach_stage == s[V] and s[W].attach_stage is None\n"
                  "s[U].compute_root()\n"
                  "assert s[U].attach_stage is None\n");
    QVERIFY2(r.ok(), r.ok() ? "" : r.error().format().c_str());
    schedule::Stage u = r->schedule->find("U"), v = r->schedule->find("V");
    QCOMPARE(u->attach_type, schedule::AttachType::Scope);
    QVERIFY(u->attach_from_group);
    QCOMPARE(u->attach_stage, r->schedule->find("Z"));
    QCOMPARE(v->attach_stage, r->schedule->find("Z"));
  }

  // The trace holds create_group and the group's compute_at: replay rebuilds the same
  // attach state, and the printed script (Tessera's and TVM's) evaluates to the same trace.
  void traceReplaysAndPrints() {
    auto r = Eval(std::string(kChain) +
                  "zo, zi = s[Z].split(Z.op.axis[0], factor=4)\n"
                  "grp = s.create_group(outputs=[W], inputs=[U], include_inputs=True)\n"
                  "grp.compute_at(s[Z], zo)\n");
    QVERIFY2(r.ok(), r.ok() ? "" : r.error().format().c_str());
    const schedule::Trace& trace = r->schedule->trace;
    QCOMPARE(trace.entries.size(), size_t(3));
    QCOMPARE(trace.entries[1].primitive, std::string("create_group"));
    QCOMPARE(trace.entries[2].stage.entry, 1);
    auto replayed = schedule::Replay(trace, r->schedule->outputs);
    QVERIFY2(replayed.ok(), replayed.ok() ? "" : replayed.error().message.c_str());
    QVERIFY(replayed->trace == trace);
    for (const char* name : {"U", "V", "W"}) {
      schedule::Stage st = replayed->find(name);
      QCOMPARE(st->attach_type, schedule::AttachType::Scope);
      QCOMPARE(st->attach_stage->name(), std::string("Z"));
      QCOMPARE(st->attach_ivar->var.name(), std::string("a.outer"));
    }
    for (ScriptDialect dialect : {ScriptDialect::Tessera, ScriptDialect::TVM}) {
      std::string printed = PrintScript(*r, dialect);
      QVERIFY2(printed.find("grp = s.create_group(outputs=[W], inputs=[U], include_inputs=True)") !=
                   std::string::npos,
               printed.c_str());
      QVERIFY2(printed.find("grp.compute_at(s[Z], zo)") != std::string::npos, printed.c_str());
      auto again = EvaluateScript(printed, "printed.py");
      QVERIFY2(again.ok(), again.ok() ? "" : again.error().format().c_str());
      QVERIFY(again->schedule->trace == trace);
    }
  }

  void errors_data() {
    QTest::addColumn<std::string>("code");
    QTest::addColumn<QString>("expected");
    std::string chain(kChain);
    QTest::newRow("output does not reach the inputs")
        << chain + "g = s.create_group(outputs=U, inputs=W)\n"
        << "t.py:9:7: error: create_group: output U does not read any of the inputs (W)";
    QTest::newRow("region cuts a group")
        << chain +
               "g = s.create_group(outputs=W, inputs=U)\nh = s.create_group(outputs=V, inputs=D)\n"
        << "t.py:10:7: error: create_group: the region (U, V) covers only part of group#0";
    QTest::newRow("member computed outside its group")
        << chain + "g = s.create_group(outputs=W, inputs=U)\ns[V].compute_at(s[Z], Z.op.axis[0])\n"
        << "t.py:10:6: error: compute_at: V is a member of group#0 but Z is not";
    QTest::newRow("group inlined")
        << chain + "g = s.create_group(outputs=W, inputs=U)\ng.compute_inline()\n"
        << "t.py:10:3: error: compute_inline: group#0 is a group; a group cannot be inlined";
    QTest::newRow("group at its own member")
        << chain + "g = s.create_group(outputs=W, inputs=U)\ng.compute_at(s[W], W.op.axis[0])\n"
        << "t.py:10:3: error: compute_at: W is a member of group#0";
    QTest::newRow("group at a stage that does not read it")
        << chain + "g = s.create_group(outputs=W, inputs=V)\ng.compute_at(s[U], U.op.axis[0])\n"
        << "t.py:10:3: error: compute_at: U does not read W";
    QTest::newRow("a stage at a group")
        << chain + "g = s.create_group(outputs=W, inputs=U)\ns[U].compute_at(g, W.op.axis[0])\n"
        << "t.py:10:6: error: compute_at: the target group#0 is a group, which has no loops";
    QTest::newRow("split of a group")
        << chain + "g = s.create_group(outputs=W, inputs=U)\ng.split(W.op.axis[0], factor=2)\n"
        << "t.py:10:3: error: a group stage (create_group) has no attribute 'split'";
    QTest::newRow("set of lists") << std::string("a = set([[1], [2]])\n")
                                  << "t.py:3:9: error: TypeError: unhashable type: 'list'";
    QTest::newRow("attrs not a dict")
        << std::string(
               "A = te.placeholder((4,), name='A')\nB = te.compute((4,), lambda i: A[i], "
               "attrs=[1])\n")
        << "t.py:4:38: error: attrs must be a dict with string keys, not list";
  }
  void errors() {
    QFETCH(std::string, code);
    QFETCH(QString, expected);
    auto r = Eval(code);
    QVERIFY2(!r.ok(), "evaluated without an error");
    QString actual = QString::fromStdString(r.error().format());
    QVERIFY2(actual.startsWith(expected), qPrintable(actual));
  }
};

}  // namespace tst_create_group

QTEST_APPLESS_MAIN(tst_create_group::TestCreateGroup)
#include "tst_create_group.moc"
