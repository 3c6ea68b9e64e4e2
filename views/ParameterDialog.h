// ParameterDialog: the one small dialog that asks a primitive's parameters (a split
// factor or number of parts, a loop order, a thread tag, a storage scope ...), with an
// optional preview line that follows the values (the extents a split gives, whether an
// order is legal). Tests and scripted runs replace the asker so that no modal dialog
// ever blocks them; they may build the real dialog and read it without showing it.
#pragma once

#include <QDialog>
#include <QList>
#include <QStringList>
#include <QVariantMap>
#include <functional>
#include <optional>

#include "support/Result.h"

class QLabel;
class QPushButton;
class QWidget;

namespace tessera::views {

struct ParamField {
  // Int: a spin box. Choice: a combo box. Text: a line. Order: a list whose items are
  // dragged (or moved with Up/Down) into order; its value is a QStringList.
  // Bool: a check box; its value is a bool. Subset: a list of `choices` to check; its
  // value is the checked ones, in the order of `choices`.
  // Preview: no value, a line made by `preview` from the other fields' values; with a
  // `verdict` instead, "✓ " and its text, or "✗ " and its error, which keeps OK disabled.
  enum class Kind { Int, Choice, Text, Order, Bool, Subset, Preview };
  QString key;
  QString label;
  Kind kind = Kind::Int;
  int minimum = 1;
  int maximum = 1 << 20;
  QVariant value;       // the default
  QStringList choices;  // Choice, Subset
  QString tooltip;
  std::function<QString(const QVariantMap&)> preview;          // Preview
  std::function<Result<QString>(const QVariantMap&)> verdict;  // Preview that checks
};

using ParameterAsker = std::function<std::optional<QVariantMap>(
    QWidget* parent, const QString& title, const QList<ParamField>& fields)>;

class ParameterDialog : public QDialog {
 public:
  ParameterDialog(QWidget* parent, const QString& title, const QList<ParamField>& fields);
  // The values of the fields (Preview fields have none).
  QVariantMap values() const;
  // The editor of field `key` (QSpinBox, QComboBox, QLineEdit, QCheckBox or QListWidget).
  QWidget* editor(const QString& key) const;
  QString previewText() const;
  void updatePreview();
  // Whether OK is enabled: no verdict refuses the values.
  bool acceptable() const;

 private:
  QList<ParamField> fields_;
  QPushButton* ok_ = nullptr;
  QList<QWidget*> editors_;  // parallel to fields_ (a QLabel for a Preview)
};

// Shows the dialog (or calls the installed asker); nullopt when cancelled. The map has
// no entries for Preview fields.
std::optional<QVariantMap> AskParameters(QWidget* parent, const QString& title,
                                         const QList<ParamField>& fields);
// Replaces the dialog (null restores it).
void SetParameterAsker(ParameterAsker asker);
// An asker that accepts every field's default without showing anything.
ParameterAsker AcceptDefaults();

}  // namespace tessera::views
