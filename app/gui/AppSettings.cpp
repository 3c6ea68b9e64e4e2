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
constexpr auto kTuneTrials = "tune/trials";
constexpr auto kTuneBudget = "tune/timeBudgetSeconds";
constexpr auto kTuneStrategy = "tune/strategy";
constexpr auto kTuneBlockedInputs = "tune/blockedInputs";
constexpr auto kTuneBlockedOutputs = "tune/blockedOutputs";
constexpr auto kTuneArgumentBlock = "tune/argumentBlock";

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

std::optional<TuneChoices> AppSettings::tuneChoices() {
  QSettings settings;
  if (!settings.contains(kTuneTrials)) return std::nullopt;
  TuneChoices c;
  bool ok = false;
  if (int trials = settings.value(kTuneTrials).toInt(&ok); ok && trials >= 1) c.trials = trials;
  if (double budget = settings.value(kTuneBudget).toDouble(&ok); ok && budget >= 0)
    c.time_budget_s = budget;
  if (QString strategy = settings.value(kTuneStrategy).toString();
      strategy == "evolution" || strategy == "random")
    c.strategy = strategy;
  c.blocked_inputs = settings.value(kTuneBlockedInputs, false).toBool();
  c.blocked_outputs = settings.value(kTuneBlockedOutputs, false).toBool();
  if (int block = settings.value(kTuneArgumentBlock, 0).toInt(&ok); ok && block >= 0)
    c.argument_block = block;
  return c;
}

void AppSettings::setTuneChoices(const TuneChoices& choices) {
  QSettings settings;
  settings.setValue(kTuneTrials, choices.trials);
  settings.setValue(kTuneBudget, choices.time_budget_s);
  settings.setValue(kTuneStrategy, choices.strategy);
  settings.setValue(kTuneBlockedInputs, choices.blocked_inputs);
  settings.setValue(kTuneBlockedOutputs, choices.blocked_outputs);
  settings.setValue(kTuneArgumentBlock, choices.argument_block);
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
