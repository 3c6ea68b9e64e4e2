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

  // The TVM release File ▸ Open as TensorIR writes for: 20 (tir.Schedule, T.block) or
  // 26 (s_tir.Schedule, T.sblock); 20 until the user chooses.
  static int tensorIRVersion();
  static void setTensorIRVersion(int minor);

  // Most recent first, without duplicates, at most kMaxRecentFiles.
  static QStringList recentFiles();
  static void addRecentFile(const QString& path);
  static void removeRecentFile(const QString& path);
};

}  // namespace tessera::gui
