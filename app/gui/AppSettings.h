// AppSettings: the application's persistent settings (QSettings): window geometry and
// dock layout, palette, language, recent files. One place names every key.
#pragma once

#include <QByteArray>
#include <QString>
#include <QStringList>

namespace tessera::gui {

enum class PaletteMode { Light, Dark };

class AppSettings {
 public:
  static constexpr int kMaxRecentFiles = 8;

  static QByteArray geometry();
  static void setGeometry(const QByteArray& g);
  static QByteArray dockState();
  static void setDockState(const QByteArray& s);

  static PaletteMode palette();
  static void setPalette(PaletteMode mode);

  // "en" or "zh_CN".
  static QString language();
  static void setLanguage(const QString& language);

  // Most recent first, without duplicates, at most kMaxRecentFiles.
  static QStringList recentFiles();
  static void addRecentFile(const QString& path);
  static void removeRecentFile(const QString& path);
};

}  // namespace tessera::gui
