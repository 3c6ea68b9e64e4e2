// tessera: the desktop schedule studio. Opens the script given on the command line,
// or the built-in GEMM example. The options after the file arrange the window for a
// session (scripts/screenshots.sh uses them); none of them changes saved settings.
#include <QAction>
#include <QApplication>
#include <QCommandLineParser>
#include <QDockWidget>
#include <QFile>
#include <QTimer>

#include "AppSettings.h"
#include "Appearance.h"
#include "MainWindow.h"
#include "views/CodeView.h"

namespace {

using tessera::gui::MainWindow;

// "C" selects a stage, "C:i.outer" an iter var of it.
void Select(MainWindow& w, const QString& spec) {
  QStringList parts = spec.split(':');
  if (parts.size() == 2)
    w.selection()->selectIterVar(parts[0], parts[1]);
  else
    w.selection()->selectStage(parts[0]);
}

void RaiseDocks(MainWindow& w, const QStringList& names) {
  for (const QString& name : names)
    if (QDockWidget* d = w.dock(name + "Dock")) {
      d->show();
      d->raise();
    }
}

void Arrange(MainWindow& w, const QCommandLineParser& p) {
  if (p.isSet("select")) Select(w, p.value("select"));
  RaiseDocks(w, p.values("raise"));
  // A dock made wider (its column of the window): long columns fit.
  for (const QString& name : p.values("widen"))
    if (QDockWidget* d = w.dock(name + "Dock"))
      w.resizeDocks({d}, {w.width() * 3 / 5}, Qt::Horizontal);
  if (p.isSet("profile")) {
    QTimer::singleShot(300, &w, [&w] { w.startRun(true); });
    // A finished profile raises its own dock: the requested ones come back on top.
    QObject::connect(w.runner(), &tessera::gui::RunController::finished, &w,
                     [&w, names = p.values("raise")] {
                       QTimer::singleShot(200, &w, [&w, names] { RaiseDocks(w, names); });
                     });
  }
  // The generated code arrives after the evaluation: show the artefact once it is there,
  // with the selected loop's lines highlighted in it.
  if (p.isSet("code"))
    QObject::connect(w.document(), &tessera::gui::Document::targetsChanged, &w,
                     [&w, title = p.value("code"), select = p.value("select")] {
                       w.codeView()->showArtifactTitled(title);
                       if (select.isEmpty()) return;
                       w.selection()->clear();  // selected again: the new artefact's lines light up
                       Select(w, select);
                     });
  // A menu action by its object name (e.g. actionCheckEmulator), once the window is up.
  if (p.isSet("action"))
    QTimer::singleShot(500, &w, [&w, name = p.value("action")] {
      if (QAction* a = w.action(name)) a->trigger();
    });
  // The open script as one version, FILE's script as the next, side by side.
  if (p.isSet("compare-with"))
    QTimer::singleShot(300, &w, [&w, path = p.value("compare-with")] {
      QFile f(path);
      if (!f.open(QIODevice::ReadOnly)) return;
      const int before = w.document()->recordVersion();
      w.document()->editScript(QString::fromUtf8(f.readAll()));
      w.compareVersions(before, w.document()->recordVersion());
    });
}

}  // namespace

int main(int argc, char** argv) {
  QApplication app(argc, argv);
  QApplication::setOrganizationName("Tessera");
  QApplication::setApplicationName("Tessera");
  QApplication::setApplicationVersion("0.1.0");

  QCommandLineParser parser;
  parser.setApplicationDescription(
      QApplication::translate("main", "Tessera: a schedule studio for tensor kernels"));
  parser.addHelpOption();
  parser.addVersionOption();
  parser.addPositionalArgument("file", QApplication::translate("main", "A script to open."));
  parser.addOption(
      {"select", QApplication::translate("main", "Select STAGE or STAGE:ITERVAR."), "object"});
  parser.addOption({"raise",
                    QApplication::translate("main",
                                            "Show and raise a dock (Script, StageDag, IterVar, "
                                            "LoopNest, BufferLayout, Bounds, Code, Profile)."),
                    "dock"});
  parser.addOption(
      {"palette", QApplication::translate("main", "light or dark, for this session."), "palette"});
  parser.addOption(
      {"language", QApplication::translate("main", "en or zh_CN, for this session."), "language"});
  parser.addOption(
      {"profile", QApplication::translate("main", "Profile the schedule once it is open.")});
  parser.addOption(
      {"code",
       QApplication::translate(
           "main", "Show this code artefact (\"C source\", \"LLVM IR\", \"Assembly\", ...)."),
       "title"});
  parser.addOption({"widen",
                    QApplication::translate("main", "Make this dock's column of the window wider."),
                    "dock"});
  parser.addOption(
      {"action",
       QApplication::translate(
           "main", "Trigger this menu action (its object name, e.g. actionCheckEmulator)."),
       "name"});
  parser.addOption(
      {"compare-with",
       QApplication::translate("main", "Compare the script with FILE's as two versions."), "file"});
  parser.process(app);

  using tessera::gui::AppSettings;
  QString language = parser.isSet("language") ? parser.value("language") : AppSettings::language();
  tessera::gui::InstallTranslators(language);
  auto palette = AppSettings::palette();
  if (parser.isSet("palette"))
    palette = parser.value("palette") == "dark" ? tessera::gui::PaletteMode::Dark
                                                : tessera::gui::PaletteMode::Light;
  tessera::gui::ApplyPalette(palette);

  MainWindow window;
  window.show();
  const QStringList files = parser.positionalArguments();
  window.openStartupFile(files.isEmpty() ? QString() : files.first());
  Arrange(window, parser);
  return app.exec();
}
