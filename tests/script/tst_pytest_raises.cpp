// pytest.raises, exception classes as values and `with` handing its block's exception
// to the context manager: how TVM's schedule tests check that a primitive is refused
// (`with pytest.raises(tvm.tir.ScheduleError): sch.split(...)`). Each case is a script
// whose facts are `assert`s, or whose located error is the one a user reads.
#include <QtTest>

#include "ScriptOutcome.h"

namespace tst_pytest_raises {

namespace {

const std::string kHeader =
    "import pytest\n"
    "import tvm\n"
    "from tvm.script import tir as T\n"
    "@T.prim_func\n"
    "def f(A: T.Buffer((64, 32), 'float32'), B: T.Buffer((64, 32), 'float32')):\n"
    "    for i, j in T.grid(64, 32):\n"
    "        with T.block('B'):\n"
    "            vi, vj = T.axis.remap('SS', [i, j])\n"
    "            B[vi, vj] = A[vi, vj] * 2.0\n"
    "sch = tvm.tir.Schedule(f)\n"
    "i, j = sch.get_loops(sch.get_block('B'))\n";

// The header is 11 lines: a script's own line n is line n + 11 of the file.
std::string Run(const std::string& script) { return ScriptOutcome(kHeader + script, "t.py"); }

void ExpectOk(const std::string& script) {
  const std::string out = Run(script);
  QVERIFY2(out == "ok", out.c_str());
}

void ExpectError(const std::string& script, const std::string& expected) {
  const std::string out = Run(script);
  QVERIFY2(out.find(expected) != std::string::npos,
           ("expected: " + expected + "\ngot: " + out).c_str());
}

}  // namespace

class TestPytestRaises : public QObject {
  Q_OBJECT

 private slots:
  void expectedExceptionIsSwallowedAndTheScriptGoesOn() {
    ExpectOk(
        "ran = []\n"
        "with pytest.raises(ValueError):\n"
        "    ran.append(1)\n"
        "    raise ValueError('bad factor')\n"
        "    ran.append(2)\n"
        "assert ran == [1]\n"
        "with pytest.raises((TypeError, LookupError)):\n"
        "    raise KeyError('k')\n"
        "with pytest.raises(Exception):\n"
        "    {}['missing']\n");
  }

  void aBlockThatDoesNotRaiseFailsAtTheCall() {
    ExpectError(
        "with pytest.raises(ValueError):\n"
        "    x = 1\n",
        "t.py:12:13: error: Failed: DID NOT RAISE <class 'ValueError'>");
  }

  void anotherExceptionGoesOnUpFromWhereItWasRaised() {
    ExpectError(
        "with pytest.raises(TypeError):\n"
        "    raise ValueError('boom')\n",
        "t.py:13:5: error: ValueError: boom");
  }

  void matchSearchesTheMessage() {
    ExpectOk(
        "with pytest.raises(ValueError, match='fac.or') as info:\n"
        "    raise ValueError('bad factor 3')\n"
        "assert info.typename == 'ValueError'\n"
        "assert str(info.value) == 'bad factor 3'\n"
        "assert info.match(r'factor \\d')\n"
        "assert info.errisinstance(Exception) and not info.errisinstance(TypeError)\n"
        "assert isinstance(info.value, ValueError)\n");
    ExpectError(
        "with pytest.raises(ValueError, match='^factor'):\n"
        "    raise ValueError('bad factor')\n",
        "AssertionError: Regex pattern did not match.\n Regex: \"^factor\"\n Input: \"bad "
        "factor\"");
    ExpectError(
        "with pytest.raises(ValueError, match='(unclosed'):\n"
        "    raise ValueError('x')\n",
        "match=\"(unclosed\" is not a regular expression Tessera can read");
  }

  void aMismatchIsAnAssertionErrorThatATryCatches() {
    ExpectOk(
        "try:\n"
        "    with pytest.raises(ValueError, match='nope'):\n"
        "        raise ValueError('bad')\n"
        "except AssertionError as e:\n"
        "    assert 'Regex pattern did not match' in str(e)\n");
  }

  void theInfoIsKnownOnlyAfterTheBlock() {
    ExpectError(
        "with pytest.raises(ValueError) as info:\n"
        "    t = info.typename\n",
        "ExceptionInfo.typename is known only after");
  }

  void theCallFormCallsTheFunction() {
    ExpectOk(
        "def fail(x, scale=1):\n"
        "    raise IndexError('index %d' % (x * scale))\n"
        "info = pytest.raises(LookupError, fail, 3, scale=2)\n"
        "assert str(info.value) == 'index 6'\n");
    ExpectError(
        "def fine(x):\n"
        "    return x\n"
        "pytest.raises(ValueError, fine, 3)\n",
        "t.py:14:8: error: Failed: DID NOT RAISE <class 'ValueError'>");
  }

  void badArgumentsAreLocated() {
    ExpectError("with pytest.raises(3):\n    pass\n",
                "t.py:12:20: error: TypeError: pytest.raises() expects an exception class");
    ExpectError("pytest.fail('not reached')\n", "t.py:12:8: error: Failed: not reached");
  }

  // A refused primitive is a tvm.tir.ScheduleError (a TVMError), not a ValueError.
  void refusedPrimitivesAreScheduleErrors() {
    ExpectOk(
        "with pytest.raises(tvm.tir.ScheduleError):\n"
        "    sch.split(i, factors=[3, 5])\n"
        "with pytest.raises(tvm.TVMError, match='product'):\n"
        "    sch.split(i, factors=[3, 5])\n"
        "with pytest.raises(tvm.error.TVMError):\n"
        "    sch.split(i, factors=[3, 5])\n"
        "try:\n"
        "    sch.split(i, factors=[3, 5])\n"
        "    assert False\n"
        "except tvm.tir.schedule.ScheduleError as e:\n"
        "    assert isinstance(e, tvm.TVMError) and isinstance(e, RuntimeError)\n"
        "sch.split(i, factors=[8, 8])\n");
    ExpectError(
        "with pytest.raises(ValueError):\n"
        "    sch.split(i, factors=[3, 5])\n",
        "t.py:13:9: error: ScheduleError: An error occurred in the schedule primitive 'split': "
        "WrongFactorProductError");
  }

  // tvm.error's classes keep TVM's hierarchy (OpNotImplemented < OpError < TVMError) and
  // raise, whatever their names end in; an exception value raises as its class.
  void tvmErrorClassesKeepTheirHierarchy() {
    ExpectOk(
        "with pytest.raises(tvm.error.OpError):\n"
        "    raise tvm.error.OpNotImplemented('no such op')\n"
        "try:\n"
        "    raise tvm.error.InternalError('inside')\n"
        "except tvm.error.TVMError as e:\n"
        "    assert isinstance(e, RuntimeError) and str(e) == 'inside'\n"
        "err = ValueError('kept')\n"
        "with pytest.raises(ValueError, match='kept'):\n"
        "    raise err\n");
    ExpectError(
        "with pytest.raises(tvm.error.OpError):\n"
        "    raise tvm.error.DiagnosticError('not an op')\n",
        "t.py:13:5: error: DiagnosticError: not an op");
    ExpectError("raise 3\n", "t.py:12:7: error: TypeError: exceptions must derive from");
  }

  // Other context managers see the exception and let it go on.
  void otherManagersDoNotSwallow() {
    ExpectError(
        "with tvm.target.Target('llvm'):\n"
        "    raise ValueError('inside')\n",
        "t.py:13:5: error: ValueError: inside");
  }

  // The step limit is never swallowed: a runaway loop must end.
  void theStepLimitIsNotCaught() {
    ExpectError(
        "with pytest.raises(Exception):\n"
        "    while True:\n"
        "        pass\n",
        "the script ran more than");
  }

  void exceptionClassesAreValues() {
    ExpectOk(
        "e = ValueError('x')\n"
        "assert str(e) == 'x' and e.args == ('x',) and ValueError.__name__ == 'ValueError'\n"
        "assert isinstance(e, Exception) and not isinstance(e, TypeError)\n"
        "try:\n"
        "    raise KeyError('k')\n"
        "except LookupError as caught:\n"
        "    assert isinstance(caught, KeyError)\n");
  }
};

}  // namespace tst_pytest_raises

QTEST_APPLESS_MAIN(tst_pytest_raises::TestPytestRaises)
#include "tst_pytest_raises.moc"
