#include "Autosave.h"

#include <QCryptographicHash>
#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QSaveFile>
#include <QStandardPaths>

#include "Document.h"

namespace tessera::gui {

Autosave::Autosave(Document* doc, QObject* parent) : QObject(parent), doc_(doc) {
  timer_.setInterval(30000);
  connect(&timer_, &QTimer::timeout, this, &Autosave::saveNow);
  timer_.start();
  // A saved document needs no autosave any more (nor does its untitled predecessor).
  connect(doc_, &Document::saved, this, [](const QString& path) {
    discard(path);
    discard(QString());
  });
}

QString Autosave::fileFor(const QString& path) {
  QString dir = QStandardPaths::writableLocation(QStandardPaths::AppDataLocation) + "/autosave";
  if (path.isEmpty()) return dir + "/untitled.py";
  QByteArray hash = QCryptographicHash::hash(QFileInfo(path).absoluteFilePath().toUtf8(),
                                             QCryptographicHash::Sha1).toHex().left(16);
  return dir + "/" + QFileInfo(path).completeBaseName() + "-" + QString::fromLatin1(hash) + ".py";
}

bool Autosave::saveNow() {
  if (!doc_->isModified()) return false;
  QString file = fileFor(doc_->path());
  QDir().mkpath(QFileInfo(file).absolutePath());
  QSaveFile out(file);
  if (!out.open(QIODevice::WriteOnly)) return false;
  out.write(doc_->text().toUtf8());
  return out.commit();
}

std::optional<QString> Autosave::recoverable(const QString& path) {
  QFileInfo autosave(fileFor(path));
  if (!autosave.isFile()) return std::nullopt;
  QFileInfo original(path);
  if (original.isFile() && autosave.lastModified() < original.lastModified()) return std::nullopt;
  QFile in(autosave.absoluteFilePath());
  if (!in.open(QIODevice::ReadOnly)) return std::nullopt;
  QString text = QString::fromUtf8(in.readAll());
  QFile current(path);
  if (current.open(QIODevice::ReadOnly) && QString::fromUtf8(current.readAll()) == text)
    return std::nullopt;
  return text;
}

void Autosave::discard(const QString& path) { QFile::remove(fileFor(path)); }

}  // namespace tessera::gui
