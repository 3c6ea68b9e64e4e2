#include "Examples.h"

#include <QCoreApplication>
#include <QDir>
#include <QFileInfo>

namespace tessera::gui {
namespace {

QStringList ExampleDirs() {
  QString exe = QCoreApplication::applicationDirPath();
  return {exe + "/../share/tessera/examples", exe + "/../../../resources/examples",
          QStringLiteral(TESSERA_SOURCE_DIR) + "/resources/examples"};
}

}  // namespace

QString ExamplePath(const QString& file) {
  for (const QString& dir : ExampleDirs()) {
    QFileInfo info(dir + "/" + file);
    if (info.isFile()) return info.canonicalFilePath();
  }
  return QString();
}

QStringList ExampleFiles() {
  for (const QString& dir : ExampleDirs()) {
    QDir d(dir);
    QStringList files = d.entryList({"*.py"}, QDir::Files, QDir::Name);
    if (files.isEmpty()) continue;
    for (QString& f : files) f = d.absoluteFilePath(f);
    return files;
  }
  return {};
}

QStringList TensorIRExampleFiles() {
  for (const QString& dir : ExampleDirs()) {
    QDir d(dir + "/tensorir");
    QStringList files = d.entryList({"*.py"}, QDir::Files, QDir::Name);
    if (files.isEmpty()) continue;
    for (QString& f : files) f = d.absoluteFilePath(f);
    return files;
  }
  return {};
}

QString EmbeddedGemmExample() {
  return QStringLiteral(
      "# GEMM: C = A x B (the built-in example)\n"
      "import tvm\n"
      "from tvm import te\n"
      "\n"
      "M, N, K = 256, 256, 256\n"
      "A = te.placeholder((M, K), name=\"A\", dtype=\"float32\")\n"
      "B = te.placeholder((K, N), name=\"B\", dtype=\"float32\")\n"
      "k = te.reduce_axis((0, K), name=\"k\")\n"
      "C = te.compute((M, N), lambda i, j: te.sum(A[i, k] * B[k, j], axis=k), name=\"C\")\n"
      "\n"
      "s = te.create_schedule(C.op)\n");
}

}  // namespace tessera::gui
