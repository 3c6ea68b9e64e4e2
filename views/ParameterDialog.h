// ParameterDialog: the one small dialog that asks a primitive's parameters (a split
// factor, a thread tag, a storage scope ...). Tests and scripted runs replace the
// asker so that no modal dialog ever blocks them.
#pragma once

#include <QList>
#include <QStringList>
#include <QVariantMap>
#include <functional>
#include <optional>

class QWidget;

namespace tessera::views {

struct ParamField {
  enum class Kind { Int, Choice, Text };
  QString key;
  QString label;
  Kind kind = Kind::Int;
  int minimum = 1;
  int maximum = 1 << 20;
  QVariant value;        // the default
  QStringList choices;   // Choice
};

using ParameterAsker = std::function<std::optional<QVariantMap>(
    QWidget* parent, const QString& title, const QList<ParamField>& fields)>;

// Shows the dialog (or calls the installed asker); nullopt when cancelled.
std::optional<QVariantMap> AskParameters(QWidget* parent, const QString& title,
                                         const QList<ParamField>& fields);
// Replaces the dialog (null restores it).
void SetParameterAsker(ParameterAsker asker);
// An asker that accepts every field's default without showing anything.
ParameterAsker AcceptDefaults();

}  // namespace tessera::views
