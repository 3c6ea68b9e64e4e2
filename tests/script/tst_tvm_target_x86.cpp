// get_simd_32bit_lanes where TVM 0.19 defines it (issue #18: names resolve as TVM resolves
// them). TVM 0.19 has no module tvm.topi.x86.utils (the path the *_fast examples import:
// under a real TVM 0.19 that import fails); its function is tvm.target.x86's. Both
// paths give the same width, and the TVM path is the one a program can take to TVM.
#include <QtTest>

#include "script/Evaluator.h"

namespace tst_tvm_target_x86 {

using namespace tessera;
using namespace tessera::script;

class TestTvmTargetX86 : public QObject {
  Q_OBJECT

 private slots:
  void theTvmPathGivesTheSameWidth() {
    auto p = EvaluateScript(
        "import tvm\n"
        "from tvm import te\n"
        "from tvm.target.x86 import get_simd_32bit_lanes\n"
        "from tvm.topi.x86 import utils\n"
        "lanes = get_simd_32bit_lanes()\n"
        "assert lanes == utils.get_simd_32bit_lanes()\n"
        "assert lanes in (4, 8, 16)\n"
        "A = te.placeholder((64,), name='A')\n"
        "B = te.compute((64,), lambda i: A[i] * 2.0, name='B')\n"
        "s = te.create_schedule(B.op)\n"
        "xo, xi = s[B].split(B.op.axis[0], factor=lanes)\n",
        "tvm_path.py");
    QVERIFY2(p.ok(), p.ok() ? "" : p.error().format().c_str());
  }

  void itTakesNoArguments() {
    auto p = EvaluateScript(
        "import tvm\nfrom tvm.target import x86\nlanes = x86.get_simd_32bit_lanes(4)\n", "args.py");
    QVERIFY(!p.ok());
    QVERIFY2(p.error().format().find("get_simd_32bit_lanes") != std::string::npos,
             p.error().format().c_str());
  }
};

}  // namespace tst_tvm_target_x86

QTEST_APPLESS_MAIN(tst_tvm_target_x86::TestTvmTargetX86)
#include "tst_tvm_target_x86.moc"
