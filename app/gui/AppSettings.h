// AppSettings: the application's persistent settings (QSettings): window geometry and
// dock layout, palette, language, recent files. One place names every key.
#pragma once

#include <QByteArray>
#include <QString>
#include <QStringList>
#include <optional>

namespace tessera::gui {

enum class PaletteMode { Light, Dark };

// The Tune dock's choices for the next session, as the user last left them.
struct TuneChoices {
  int trials = 32;
  double time_budget_s = 0;  // 0: none
  QString strategy = "evolution";
  bool blocked_inputs = false, blocked_outputs = false;
  int argument_block = 0;  // the channels of a handed block; 0: each schedule's own
};

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

  // Nothing until the user changed one; values out of range are left out (the dock's
  // own stand).
  static std::optional<TuneChoices> tuneChoices();
  static void setTuneChoices(const TuneChoices& choices);

  // Most recent first, without duplicates, at most kMaxRecentFiles.
  static QStringList recentFiles();
  static void addRecentFile(const QString& path);
  static void removeRecentFile(const QString& path);
};

}  // namespace tessera::gui
