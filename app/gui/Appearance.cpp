#include "Appearance.h"

#include <QApplication>
#include <QLibraryInfo>
#include <QLocale>
#include <QPalette>
#include <QStyle>
#include <QTranslator>

#include "TesseraStyle.h"

namespace tessera::gui {

void ApplyPalette(PaletteMode mode) {
  qApp->setStyle(new TesseraStyle);
  if (mode == PaletteMode::Light) {
    qApp->setPalette(qApp->style()->standardPalette());
    return;
  }
  QPalette p;
  QColor window(45, 45, 48), base(30, 30, 32), text(220, 220, 220);
  p.setColor(QPalette::Window, window);
  p.setColor(QPalette::WindowText, text);
  p.setColor(QPalette::Base, base);
  p.setColor(QPalette::AlternateBase, window);
  p.setColor(QPalette::ToolTipBase, window);
  p.setColor(QPalette::ToolTipText, text);
  p.setColor(QPalette::Text, text);
  p.setColor(QPalette::Button, window);
  p.setColor(QPalette::ButtonText, text);
  p.setColor(QPalette::BrightText, Qt::red);
  p.setColor(QPalette::Mid, QColor(90, 90, 95));
  p.setColor(QPalette::Highlight, QColor(42, 130, 218));
  p.setColor(QPalette::HighlightedText, Qt::black);
  p.setColor(QPalette::Link, QColor(80, 160, 255));
  p.setColor(QPalette::Disabled, QPalette::Text, QColor(120, 120, 120));
  p.setColor(QPalette::Disabled, QPalette::ButtonText, QColor(120, 120, 120));
  p.setColor(QPalette::Disabled, QPalette::WindowText, QColor(120, 120, 120));
  qApp->setPalette(p);
}

namespace {
QString& Installed() {
  static QString language = "en";
  return language;
}
}  // namespace

QString CurrentLanguage() { return Installed(); }

bool InstallTranslators(const QString& language) {
  static QTranslator* tessera = nullptr;
  static QTranslator* qt = nullptr;
  for (QTranslator** t : {&tessera, &qt}) {
    if (*t) {
      qApp->removeTranslator(*t);
      delete *t;
      *t = nullptr;
    }
  }
  QLocale locale(language);
  tessera = new QTranslator(qApp);
  bool ok = tessera->load(locale, "tessera", "_", ":/i18n");
  if (ok) qApp->installTranslator(tessera);
  qt = new QTranslator(qApp);
  if (qt->load(locale, "qtbase", "_", QLibraryInfo::path(QLibraryInfo::TranslationsPath)))
    qApp->installTranslator(qt);
  ok = ok || language == "en";
  if (ok) Installed() = language;
  return ok;
}

}  // namespace tessera::gui
