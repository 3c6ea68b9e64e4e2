#include "SavePaths.h"

#include <QCoreApplication>
#include <QDir>
#include <QFileDialog>
#include <QFileInfo>

#include "Document.h"

namespace tessera::gui {

namespace {

struct SavePathsText {
  Q_DECLARE_TR_FUNCTIONS(SavePaths)
};

SavePathAsker& InstalledAsker() {
  static SavePathAsker asker;
  return asker;
}

QDir DirectoryOf(const QString& documentPath) {
  return documentPath.isEmpty() ? QDir::current() : QFileInfo(documentPath).absoluteDir();
}

QString StemOf(const QString& documentPath, const QString& displayName) {
  QString stem = QFileInfo(documentPath.isEmpty() ? displayName : documentPath).completeBaseName();
  return stem.isEmpty() ? QString("untitled") : stem;
}

bool HasSuffix(const QString& path, const char* suffix) {
  return QFileInfo(path).suffix().compare(QLatin1String(suffix), Qt::CaseInsensitive) == 0;
}

}  // namespace

bool SameFile(const QString& a, const QString& b) {
  if (a.isEmpty() || b.isEmpty()) return false;
  QFileInfo x(a), y(b);
  if (x.exists() && y.exists()) return x.canonicalFilePath() == y.canonicalFilePath();
  return QDir::cleanPath(x.absoluteFilePath()) == QDir::cleanPath(y.absoluteFilePath());
}

QString ProposedScriptExport(const QString& documentPath, const QString& displayName) {
  return DirectoryOf(documentPath).filePath(StemOf(documentPath, displayName) + "_tvm.py");
}

QString ScriptExportProblem(const QString& target, const QString& documentPath) {
  QString name = QFileInfo(target).fileName();
  if (SameFile(target, documentPath))
    return SavePathsText::tr(
               "Not exported: %1 is the open document; an export is a separate copy "
               "(File ▸ Save writes the document).")
        .arg(name);
  if (HasSuffix(target, "tessera"))
    return SavePathsText::tr(
               "Not exported: %1 is a Tessera project path; a script for TVM is written "
               "to a .py file.")
        .arg(name);
  return QString();
}

QString ProposedViewExport(const QString& documentPath, const QString& displayName,
                           const QString& view) {
  return DirectoryOf(documentPath)
      .filePath(StemOf(documentPath, displayName) + "-" + view + ".png");
}

QString ViewExportProblem(const QString& target, const QString& documentPath) {
  QString name = QFileInfo(target).fileName();
  if (SameFile(target, documentPath))
    return SavePathsText::tr("Not exported: %1 is the open document.").arg(name);
  if (!HasSuffix(target, "png") && !HasSuffix(target, "svg"))
    return SavePathsText::tr("Not exported: %1 is not a .png or .svg file name.").arg(name);
  return QString();
}

QString ProposedSaveAs(const QString& documentPath, const QString& displayName) {
  return DirectoryOf(documentPath).filePath(StemOf(documentPath, displayName) + ".tessera");
}

QString CompletedSaveAsPath(const QString& target) {
  if (target.isEmpty() || !QFileInfo(target).suffix().isEmpty()) return target;
  return target + ".tessera";
}

QString SaveAsProblem(const QString& target) {
  if (Document::isProjectPath(target) || HasSuffix(target, "py")) return QString();
  return SavePathsText::tr("Not saved: %1 is neither a project (.tessera) nor a script (.py).")
      .arg(QFileInfo(target).fileName());
}

QString AskSavePath(QWidget* parent, const QString& caption, const QString& proposed,
                    const QString& filters, bool mayShowDialog) {
  if (const SavePathAsker& asker = InstalledAsker())
    return asker(parent, caption, proposed, filters);
  if (!mayShowDialog) return QString();
  return QFileDialog::getSaveFileName(parent, caption, proposed, filters);
}

void SetSavePathAsker(SavePathAsker asker) { InstalledAsker() = std::move(asker); }

}  // namespace tessera::gui
