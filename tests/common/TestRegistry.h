// Several Qt Test suites are linked into one executable per test area (tests_<area>), so
// that a build links a handful of test programs instead of one per tst_*.cpp file (issue
// #16: each link pulls in Qt and the whole core). This header is force-included into
// every test source (-include): it turns the standard QTEST_MAIN / QTEST_APPLESS_MAIN /
// QTEST_GUILESS_MAIN of a suite into a registration instead of a `main`, so the suites
// themselves stay ordinary Qt Test files. TestMain.cpp selects a suite by name
// (the file's base name, e.g. `tests_schedule tst_infer_bound -v2`); CTest keeps one
// test per suite.
// An include guard, not #pragma once: this header is in the tests' precompiled header,
// and GCC 12 does not carry #pragma once through one (TestMain.cpp includes it again).
#ifndef TESSERA_TESTS_COMMON_TESTREGISTRY_H_
#define TESSERA_TESTS_COMMON_TESTREGISTRY_H_

#include <QtTest/qtest.h>

#include <string>

// Data-driven suites take std::string columns; declared once here because the test build
// compiles several suites as one translation unit.
Q_DECLARE_METATYPE(std::string)

namespace tessera::test {
using SuiteMain = int (*)(int argc, char** argv);
// Registers the suite defined in `file` (its base name is the suite's name). Returns a
// dummy value so that registration can initialise a static.
int RegisterSuite(const char* file, SuiteMain main);
}  // namespace tessera::test

// Qt's QTEST_*_MAIN macros all expand to QTEST_MAIN_WRAPPER(TestObject, app set-up); the
// body below is Qt's, only wrapped in a function with internal linkage. Its name is made
// unique with __COUNTER__ because the test build compiles several suites as one
// translation unit (tests/CMakeLists.txt, unity batches).
#define TESSERA_SUITE_CONCAT_(a, b) a##b
#define TESSERA_SUITE_CONCAT(a, b) TESSERA_SUITE_CONCAT_(a, b)
#define TESSERA_SUITE_MAIN(id, TestObject, ...)                                        \
  static int TESSERA_SUITE_CONCAT(tesseraSuiteMain, id)(int argc, char* argv[]) {      \
    QT_PREPEND_NAMESPACE(QTest::Internal::callInitMain)<TestObject>();                 \
    __VA_ARGS__                                                                        \
    TestObject tc;                                                                     \
    QTEST_SET_MAIN_SOURCE_PATH                                                         \
    return QTest::qExec(&tc, argc, argv);                                              \
  }                                                                                    \
  [[maybe_unused]] static const int TESSERA_SUITE_CONCAT(tesseraSuiteRegistered, id) = \
      ::tessera::test::RegisterSuite(__FILE__, &TESSERA_SUITE_CONCAT(tesseraSuiteMain, id));
#undef QTEST_MAIN_WRAPPER
#define QTEST_MAIN_WRAPPER(TestObject, ...) TESSERA_SUITE_MAIN(__COUNTER__, TestObject, __VA_ARGS__)

#endif  // TESSERA_TESTS_COMMON_TESTREGISTRY_H_
