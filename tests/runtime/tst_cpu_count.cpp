// CpuCount: the pool runs as many threads as the process may use (its CPU affinity, a
// cgroup quota), not as many as the machine has; TESSERA_NUM_THREADS / TVM_NUM_THREADS
// choose another count, and a bad value is ignored with a reason.
#include <sched.h>
#include <sys/wait.h>
#include <unistd.h>

#include <QtTest>
#include <cstdlib>
#include <mutex>
#include <set>
#include <thread>

#include "ScopedEnv.h"
#include "runner/MachineSignature.h"
#include "runtime/CpuCount.h"
#include "runtime/ThreadPool.h"

namespace tst_cpu_count {

using namespace tessera;
using namespace tessera::runtime;
using tessera::testing::ScopedEnv;

namespace {

// What a forked child limited to one CPU saw, as an exit code: 0 all as expected, else the
// number of the first check that failed.
int CheckOneCpuInChild() {
  cpu_set_t set;
  CPU_ZERO(&set);
  if (sched_getaffinity(0, sizeof set, &set) != 0) return 10;
  int first = -1;
  for (int c = 0; c < CPU_SETSIZE && first < 0; ++c)
    if (CPU_ISSET(c, &set)) first = c;
  cpu_set_t one;
  CPU_ZERO(&one);
  CPU_SET(first, &one);
  if (sched_setaffinity(0, sizeof one, &one) != 0) return 11;
  if (UsableCpus() != 1) return 1;
  if (PoolThreadCount() != 1) return 2;
  // The child's pool is its own (the parent's threads are not in a forked child) and is
  // made now, under the new mask.
  ThreadPool& pool = ThreadPool::Global();
  if (pool.num_threads() != 1) return 3;
  std::mutex m;
  std::set<std::thread::id> threads;
  pool.ParallelFor(64, [&](int64_t, int64_t) {
    std::lock_guard<std::mutex> lock(m);
    threads.insert(std::this_thread::get_id());
    return 0;
  });
  if (threads.size() != 1) return 4;
  if (runner::ReadMachineSignature().cores != 1) return 5;
  return 0;
}

}  // namespace

class TestCpuCount : public QObject {
  Q_OBJECT

 private slots:
  void cgroupCpuMaxText_data() {
    QTest::addColumn<QString>("text");
    QTest::addColumn<int>("cpus");  // -1: no limit read
    QTest::newRow("unlimited") << "max 100000" << -1;
    QTest::newRow("one CPU") << "100000 100000" << 1;
    QTest::newRow("one and a half: rounded up") << "150000 100000" << 2;
    QTest::newRow("half a CPU: at least one") << "50000 100000" << 1;
    QTest::newRow("two, other period") << "20000 10000" << 2;
    QTest::newRow("empty") << "" << -1;
    QTest::newRow("quota only") << "100000" << -1;
    QTest::newRow("not a number") << "lots 100000" << -1;
    QTest::newRow("negative quota") << "-5 100000" << -1;
    QTest::newRow("zero period") << "100000 0" << -1;
    QTest::newRow("trailing junk") << "100000 100000 7" << -1;
  }
  void cgroupCpuMaxText() {
    QFETCH(QString, text);
    QFETCH(int, cpus);
    std::optional<int> limit = CpuLimitFromCgroupMax(text.toStdString());
    QCOMPARE(limit.value_or(-1), cpus);
  }

  void theMachineHasAtLeastOneUsableCpu() {
    const int n = UsableCpus();
    QVERIFY(n >= 1);
    QVERIFY(n <= static_cast<int>(std::max(1u, std::thread::hardware_concurrency())));
  }

  void onlyTheCpusOfTheAffinityMaskGetThreads() {
    if (UsableCpus() < 2) QSKIP("one usable CPU here: a one-CPU mask changes nothing to see");
    ScopedEnv a("TESSERA_NUM_THREADS", nullptr), b("TVM_NUM_THREADS", nullptr);
    pid_t pid = fork();
    QVERIFY(pid >= 0);
    if (pid == 0) _exit(CheckOneCpuInChild());
    int status = 0;
    QCOMPARE(waitpid(pid, &status, 0), pid);
    QVERIFY(WIFEXITED(status));
    QCOMPARE(WEXITSTATUS(status),
             0);  // 1 UsableCpus, 2 PoolThreadCount, 3 pool, 4 threads used, 5 signature
  }

  void environmentChoosesTheCount_data() {
    QTest::addColumn<QString>("tessera");  // "-": unset
    QTest::addColumn<QString>("tvm");
    QTest::addColumn<int>("threads");  // 0: UsableCpus()
    QTest::addColumn<QString>("source");
    QTest::newRow("neither") << "-"
                             << "-" << 0 << "usable CPUs";
    QTest::newRow("TESSERA_NUM_THREADS") << "3"
                                         << "-" << 3 << "TESSERA_NUM_THREADS";
    QTest::newRow("TVM_NUM_THREADS") << "-"
                                     << "2" << 2 << "TVM_NUM_THREADS";
    QTest::newRow("Tessera's first") << "5"
                                     << "2" << 5 << "TESSERA_NUM_THREADS";
    QTest::newRow("zero ignored") << "0"
                                  << "-" << 0
                                  << "usable CPUs; TESSERA_NUM_THREADS='0' ignored (not 1-1024)";
    QTest::newRow("negative ignored")
        << "-2"
        << "-" << 0 << "usable CPUs; TESSERA_NUM_THREADS='-2' ignored (not 1-1024)";
    QTest::newRow("junk ignored") << "4x"
                                  << "-" << 0
                                  << "usable CPUs; TESSERA_NUM_THREADS='4x' ignored (not 1-1024)";
    QTest::newRow("too many ignored")
        << "100000"
        << "-" << 0 << "usable CPUs; TESSERA_NUM_THREADS='100000' ignored (not 1-1024)";
    QTest::newRow("bad one, then TVM's") << "many"
                                         << "2" << 2 << "TVM_NUM_THREADS";
    QTest::newRow("empty is unset") << ""
                                    << "-" << 0 << "usable CPUs";
  }
  void environmentChoosesTheCount() {
    QFETCH(QString, tessera);
    QFETCH(QString, tvm);
    QFETCH(int, threads);
    QFETCH(QString, source);
    const std::string t = tessera.toStdString(), v = tvm.toStdString();
    ScopedEnv a("TESSERA_NUM_THREADS", tessera == "-" ? nullptr : t.c_str());
    ScopedEnv b("TVM_NUM_THREADS", tvm == "-" ? nullptr : v.c_str());
    std::string why;
    QCOMPARE(PoolThreadCount(&why), threads == 0 ? UsableCpus() : threads);
    QCOMPARE(QString::fromStdString(why), source);
    ThreadPool pool;  // a pool made with the default count uses it
    QCOMPARE(pool.num_threads(), threads == 0 ? UsableCpus() : threads);
  }
};

}  // namespace tst_cpu_count

QTEST_APPLESS_MAIN(tst_cpu_count::TestCpuCount)
#include "tst_cpu_count.moc"
