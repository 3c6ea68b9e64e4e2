#include "Autosave.h"

#include <QCryptographicHash>
#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QSaveFile>
#include <QStandardPaths>

#include "Document.h"
#include "project/ProjectFile.h"

namespace tessera::gui {

Autosave::Autosave(Document* doc, QObject* parent) : QObject(parent), doc_(doc) {
  timer_.setInterval(30000);
  connect(&timer_, &QTimer::timeout, this, &Autosave::saveNow);
  timer_.start();
  // A saved document needs no autosave any more, under its new name nor under the one
  // it had before (Save As), nor as its untitled predecessor. saved() comes before
  // pathChanged(), so watched_ still holds the old name here.
  watched_ = doc_->path();
  connect(doc_, &Document::saved, this, [this](const QString& path) {
    discard(path);
    discard(watched_);
    discard(QString());
  });
  connect(doc_, &Document::pathChanged, this, [this](const QString& path) { watched_ = path; });
}

QString Autosave::fileFor(const QString& path) {
  QString dir = QStandardPaths::writableLocation(QStandardPaths::AppDataLocation) + "/autosave";
  if (path.isEmpty()) return dir + "/untitled.tessera";
  QByteArray hash = QCryptographicHash::hash(QFileInfo(path).absoluteFilePath().toUtf8(),
                                             QCryptographicHash::Sha1)
                        .toHex()
                        .left(16);
  return dir + "/" + QFileInfo(path).completeBaseName() + "-" + QString::fromLatin1(hash) +
         ".tessera";
}

bool Autosave::saveNow() {
  if (!doc_->isModified()) return false;
  QString file = fileFor(doc_->path());
  QDir().mkpath(QFileInfo(file).absolutePath());
  return project::SaveProject(file.toStdString(), doc_->toProject()).ok();
}

namespace {

// The script of the project (or script file) at `path`; nullopt when unreadable.
std::optional<QString> ScriptOf(const QString& path) {
  QFile in(path);
  if (!in.open(QIODevice::ReadOnly)) return std::nullopt;
  QByteArray bytes = in.readAll();
  if (!Document::isProjectPath(path)) return QString::fromUtf8(bytes);
  auto p = project::ParseProjectJson(std::string_view(bytes.constData(), size_t(bytes.size())),
                                     path.toStdString());
  if (!p.ok()) return std::nullopt;
  return QString::fromStdString(p->script);
}

}  // namespace

std::optional<QString> Autosave::recoverable(const QString& path) {
  QFileInfo autosave(fileFor(path));
  if (!autosave.isFile()) return std::nullopt;
  QFileInfo original(path);
  if (original.isFile() && autosave.lastModified() < original.lastModified()) return std::nullopt;
  std::optional<QString> text = ScriptOf(autosave.absoluteFilePath());
  if (!text) return std::nullopt;
  if (original.isFile() && ScriptOf(path) == text) return std::nullopt;
  return text;
}

void Autosave::discard(const QString& path) { QFile::remove(fileFor(path)); }

}  // namespace tessera::gui
