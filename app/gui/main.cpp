// tessera: the desktop schedule studio. Opens the script given on the command line,
// or the built-in GEMM example.
#include <QApplication>
#include <QCommandLineParser>

#include "AppSettings.h"
#include "Appearance.h"
#include "MainWindow.h"

int main(int argc, char** argv) {
  QApplication app(argc, argv);
  QApplication::setOrganizationName("Tessera");
  QApplication::setApplicationName("Tessera");
  QApplication::setApplicationVersion("0.1.0");
  using tessera::gui::AppSettings;
  tessera::gui::InstallTranslators(AppSettings::language());
  tessera::gui::ApplyPalette(AppSettings::palette());

  QCommandLineParser parser;
  parser.setApplicationDescription(
      QApplication::translate("main", "Tessera: a schedule studio for tensor kernels"));
  parser.addHelpOption();
  parser.addVersionOption();
  parser.addPositionalArgument("file", QApplication::translate("main", "A script to open."));
  parser.process(app);

  tessera::gui::MainWindow window;
  window.show();
  const QStringList files = parser.positionalArguments();
  window.openStartupFile(files.isEmpty() ? QString() : files.first());
  return app.exec();
}
