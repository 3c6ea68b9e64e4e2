#include "views/ParameterDialog.h"

#include <QComboBox>
#include <QDialog>
#include <QDialogButtonBox>
#include <QFormLayout>
#include <QLineEdit>
#include <QSpinBox>

namespace tessera::views {
namespace {

ParameterAsker& Installed() {
  static ParameterAsker asker;
  return asker;
}

QWidget* Editor(const ParamField& f, QWidget* parent) {
  switch (f.kind) {
    case ParamField::Kind::Int: {
      auto* box = new QSpinBox(parent);
      box->setRange(f.minimum, f.maximum);
      box->setValue(f.value.isValid() ? f.value.toInt() : f.minimum);
      return box;
    }
    case ParamField::Kind::Choice: {
      auto* box = new QComboBox(parent);
      box->addItems(f.choices);
      box->setCurrentText(f.value.toString());
      return box;
    }
    case ParamField::Kind::Text: {
      auto* edit = new QLineEdit(f.value.toString(), parent);
      edit->setMinimumWidth(240);
      return edit;
    }
  }
  return nullptr;
}

QVariant Read(const ParamField& f, QWidget* editor) {
  switch (f.kind) {
    case ParamField::Kind::Int: return static_cast<QSpinBox*>(editor)->value();
    case ParamField::Kind::Choice: return static_cast<QComboBox*>(editor)->currentText();
    case ParamField::Kind::Text: return static_cast<QLineEdit*>(editor)->text();
  }
  return {};
}

std::optional<QVariantMap> ShowDialog(QWidget* parent, const QString& title,
                                      const QList<ParamField>& fields) {
  QDialog dialog(parent);
  dialog.setWindowTitle(title);
  auto* form = new QFormLayout(&dialog);
  QList<QWidget*> editors;
  for (const ParamField& f : fields) {
    editors << Editor(f, &dialog);
    form->addRow(f.label, editors.back());
  }
  auto* buttons = new QDialogButtonBox(QDialogButtonBox::Ok | QDialogButtonBox::Cancel, &dialog);
  form->addRow(buttons);
  QObject::connect(buttons, &QDialogButtonBox::accepted, &dialog, &QDialog::accept);
  QObject::connect(buttons, &QDialogButtonBox::rejected, &dialog, &QDialog::reject);
  if (dialog.exec() != QDialog::Accepted) return std::nullopt;
  QVariantMap out;
  for (int i = 0; i < fields.size(); ++i) out[fields[i].key] = Read(fields[i], editors[i]);
  return out;
}

}  // namespace

std::optional<QVariantMap> AskParameters(QWidget* parent, const QString& title,
                                         const QList<ParamField>& fields) {
  if (fields.isEmpty()) return QVariantMap();
  if (Installed()) return Installed()(parent, title, fields);
  return ShowDialog(parent, title, fields);
}

void SetParameterAsker(ParameterAsker asker) { Installed() = std::move(asker); }

ParameterAsker AcceptDefaults() {
  return [](QWidget*, const QString&, const QList<ParamField>& fields) {
    QVariantMap out;
    for (const ParamField& f : fields) out[f.key] = f.value;
    return std::optional<QVariantMap>(out);
  };
}

}  // namespace tessera::views
