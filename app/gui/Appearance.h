// Appearance: the light and dark palettes (TesseraStyle: Fusion with flat scroll bars)
// and the translators.
#pragma once

#include <QString>

#include "AppSettings.h"

class QApplication;

namespace tessera::gui {

void ApplyPalette(PaletteMode mode);

// Installs Tessera's and Qt's own translations for `language` ("en", "zh_CN") on the
// application, replacing any installed before; every window then receives
// QEvent::LanguageChange. Returns false when Tessera's translation for a non-English
// language could not be loaded.
bool InstallTranslators(const QString& language);
// The language last installed successfully ("en" before any).
QString CurrentLanguage();

}  // namespace tessera::gui
