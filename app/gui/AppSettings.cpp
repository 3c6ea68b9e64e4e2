#include "AppSettings.h"

#include <QFileInfo>
#include <QSettings>

namespace tessera::gui {
namespace {

constexpr auto kGeometry = "window/geometry";
constexpr auto kDockState = "window/dockState";
constexpr auto kPalette = "view/palette";
constexpr auto kLanguage = "view/language";
constexpr auto kRecent = "file/recent";
constexpr auto kTensorIRVersion = "file/tensorIRVersion";

}  // namespace

QByteArray AppSettings::geometry() { return QSettings().value(kGeometry).toByteArray(); }
void AppSettings::setGeometry(const QByteArray& g) { QSettings().setValue(kGeometry, g); }
QByteArray AppSettings::dockState() { return QSettings().value(kDockState).toByteArray(); }
void AppSettings::setDockState(const QByteArray& s) { QSettings().setValue(kDockState, s); }

PaletteMode AppSettings::palette() {
  return QSettings().value(kPalette).toString() == "dark" ? PaletteMode::Dark : PaletteMode::Light;
}

void AppSettings::setPalette(PaletteMode mode) {
  QSettings().setValue(kPalette, mode == PaletteMode::Dark ? "dark" : "light");
}

QString AppSettings::language() {
  QString lang = QSettings().value(kLanguage, "en").toString();
  return lang == "zh_CN" ? lang : QStringLiteral("en");
}

void AppSettings::setLanguage(const QString& language) {
  QSettings().setValue(kLanguage, language);
}

int AppSettings::tensorIRVersion() {
  return QSettings().value(kTensorIRVersion, 20).toInt() == 26 ? 26 : 20;
}

void AppSettings::setTensorIRVersion(int minor) {
  QSettings().setValue(kTensorIRVersion, minor == 26 ? 26 : 20);
}

QStringList AppSettings::recentFiles() { return QSettings().value(kRecent).toStringList(); }

void AppSettings::addRecentFile(const QString& path) {
  QString absolute = QFileInfo(path).absoluteFilePath();
  QStringList files = recentFiles();
  files.removeAll(absolute);
  files.prepend(absolute);
  while (files.size() > kMaxRecentFiles) files.removeLast();
  QSettings().setValue(kRecent, files);
}

void AppSettings::removeRecentFile(const QString& path) {
  QStringList files = recentFiles();
  files.removeAll(QFileInfo(path).absoluteFilePath());
  QSettings().setValue(kRecent, files);
}

}  // namespace tessera::gui
