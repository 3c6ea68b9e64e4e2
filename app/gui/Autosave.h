// Autosave: while a document has unsaved changes, it is written atomically as a
// project (.tessera, the format of File ▸ Save) every `interval` to a file of its own
// under the application's data directory (one per document path, one for untitled
// documents). Saving the document removes it (also the autosave of the path it had
// before a Save As); on opening, a newer autosave whose script differs from the file's
// can be recovered. Discarding changes (at close, or before opening another file)
// removes it too, so discarded work is never offered again.
#pragma once

#include <QDateTime>
#include <QObject>
#include <QTimer>
#include <optional>

namespace tessera::gui {

class Document;

class Autosave : public QObject {
  Q_OBJECT

 public:
  explicit Autosave(Document* doc, QObject* parent = nullptr);

  void setInterval(int ms) { timer_.setInterval(ms); }
  // Where the autosave of a document at `path` goes ("" = untitled).
  static QString fileFor(const QString& path);
  // Writes now when the document has unsaved changes; returns whether it wrote.
  bool saveNow();
  // The autosaved text for `path` when it is newer than the file and differs from it.
  static std::optional<QString> recoverable(const QString& path);
  static void discard(const QString& path);

 private:
  Document* doc_;
  QTimer timer_;
  QString watched_;  // the document's path as last seen (before a Save As renames it)
};

}  // namespace tessera::gui
