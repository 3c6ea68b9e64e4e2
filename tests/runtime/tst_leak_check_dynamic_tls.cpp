// The test suite's sanitizer options let a process whose threads hold dynamic TLS pass
// LeakSanitizer's exit-time scan. The GPU emulator loads kernel modules with thread_local
// state; GCC 12's sanitizer runtime mistakes a dynamic TLS block that starts 16 bytes into
// a page for one with a pre-2.25 glibc header, records a garbage range from the two words
// before it and faults scanning it at exit ("Tracer caught signal 11"), whatever the test
// did. The child below builds that situation on purpose: it loads a module with a
// thread_local array and starts threads until one's block lands at that page offset.
#include <QtTest>
#include <cstring>

namespace tst_leak_check_dynamic_tls {

namespace {

const char* kModule = R"(alignas(16) thread_local unsigned char block[100];
extern "C" unsigned char* Block() { return block; }
)";

// Runs threads that touch the module's block until one sees it 16 bytes into a page and
// keeps that thread alive through exit; prints how many threads it took.
const char* kChild = R"(#include <dlfcn.h>
#include <pthread.h>
#include <semaphore.h>
#include <cstdint>
#include <cstdio>
using BlockFn = unsigned char* (*)();
static BlockFn block;
static sem_t probed, forever;
static bool at_offset_16;
static void* Probe(void*) {
  unsigned char* b = block();
  b[0] = 1;
  at_offset_16 = reinterpret_cast<uintptr_t>(b) % 4096 == 16;
  bool keep = at_offset_16;
  sem_post(&probed);
  if (keep) sem_wait(&forever);
  return nullptr;
}
int main(int argc, char** argv) {
  void* module = dlopen(argv[1], RTLD_NOW);
  if (!module) { std::fprintf(stderr, "%s\n", dlerror()); return 2; }
  block = reinterpret_cast<BlockFn>(dlsym(module, "Block"));
  sem_init(&probed, 0, 0);
  sem_init(&forever, 0, 0);
  for (int i = 0; i < 8192; ++i) {
    pthread_t t;
    pthread_create(&t, nullptr, Probe, nullptr);
    sem_wait(&probed);
    if (at_offset_16) {
      pthread_detach(t);
      std::printf("block at page offset 16 in thread %d\n", i + 1);
      std::fflush(stdout);
      return 0;
    }
    pthread_join(t, nullptr);
  }
  std::printf("no block at page offset 16\n");
  return 3;
}
)";

QString Compiler() {
  for (const char* name : {"c++", "g++", "clang++"}) {
    QString path = QStandardPaths::findExecutable(name);
    if (!path.isEmpty()) return path;
  }
  return QString();
}

bool Write(const QString& path, const char* text) {
  QFile file(path);
  return file.open(QIODevice::WriteOnly) && file.write(text) == qint64(std::strlen(text));
}

// Compiles `args` with `compiler`; the compiler's output when it fails.
QString Compile(const QString& compiler, const QStringList& args) {
  QProcess cc;
  cc.setProcessChannelMode(QProcess::MergedChannels);
  cc.start(compiler, args);
  if (!cc.waitForFinished(120000)) return "the compiler did not finish";
  return cc.exitCode() == 0 ? QString() : QString::fromLocal8Bit(cc.readAll());
}

}  // namespace

class TestLeakCheckDynamicTls : public QObject {
  Q_OBJECT

 private slots:
  void exitTimeLeakScanSurvivesDynamicTlsAtPageOffset16() {
    QString compiler = Compiler();
    if (compiler.isEmpty()) QSKIP("no C++ compiler on PATH");
    QTemporaryDir dir;
    QVERIFY(dir.isValid());
    QString module = dir.filePath("module.so"), child = dir.filePath("child");
    QVERIFY(Write(dir.filePath("module.cpp"), kModule));
    QVERIFY(Write(dir.filePath("child.cpp"), kChild));
    QString error =
        Compile(compiler, {"-shared", "-fPIC", "-o", module, dir.filePath("module.cpp")});
    QVERIFY2(error.isEmpty(), qPrintable(error));
    error = Compile(compiler, {"-fsanitize=address", "-o", child, dir.filePath("child.cpp")});
    if (error.contains("asan")) QSKIP("the compiler cannot link AddressSanitizer programs");
    QVERIFY2(error.isEmpty(), qPrintable(error));

    // The child inherits this process's environment: the options the suite runs under.
    QProcess run;
    run.setProcessChannelMode(QProcess::MergedChannels);
    run.start(child, {module});
    QVERIFY(run.waitForFinished(120000));
    QString out = QString::fromLocal8Bit(run.readAll());
    QVERIFY2(out.contains("block at page offset 16"), qPrintable(out));
    QVERIFY2(!out.contains("LeakSanitizer has encountered a fatal error"),
             qPrintable("ASAN_OPTIONS=" + qEnvironmentVariable("ASAN_OPTIONS") + "\n" + out));
    QCOMPARE(run.exitCode(), 0);
  }
};

}  // namespace tst_leak_check_dynamic_tls

QTEST_APPLESS_MAIN(tst_leak_check_dynamic_tls::TestLeakCheckDynamicTls)
#include "tst_leak_check_dynamic_tls.moc"
