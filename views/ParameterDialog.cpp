#include "views/ParameterDialog.h"

#include <QCheckBox>
#include <QComboBox>
#include <QDialogButtonBox>
#include <QFormLayout>
#include <QHBoxLayout>
#include <QLabel>
#include <QLineEdit>
#include <QListWidget>
#include <QPushButton>
#include <QSpinBox>
#include <QVBoxLayout>
#include <algorithm>

namespace tessera::views {
namespace {

ParameterAsker& Installed() {
  static ParameterAsker asker;
  return asker;
}

// A list to drag into order, with Up / Down for the keyboard.
QWidget* OrderEditor(const ParamField& f, QWidget* parent, QListWidget** list) {
  auto* box = new QWidget(parent);
  auto* row = new QHBoxLayout(box);
  row->setContentsMargins(0, 0, 0, 0);
  *list = new QListWidget(box);
  (*list)->addItems(f.value.toStringList());
  (*list)->setDragDropMode(QAbstractItemView::InternalMove);
  (*list)->setDefaultDropAction(Qt::MoveAction);
  (*list)->setCurrentRow(0);
  row->addWidget(*list, 1);
  auto* buttons = new QVBoxLayout;
  auto* up = new QPushButton(QObject::tr("Up"), box);
  auto* down = new QPushButton(QObject::tr("Down"), box);
  buttons->addWidget(up);
  buttons->addWidget(down);
  buttons->addStretch(1);
  row->addLayout(buttons);
  QListWidget* l = *list;
  auto move = [l](int by) {
    int from = l->currentRow(), to = from + by;
    if (from < 0 || to < 0 || to >= l->count()) return;
    l->insertItem(to, l->takeItem(from));
    l->setCurrentRow(to);
  };
  QObject::connect(up, &QPushButton::clicked, l, [move] { move(-1); });
  QObject::connect(down, &QPushButton::clicked, l, [move] { move(+1); });
  return box;
}

// A list of check boxes: the items of `f.choices`, those in `f.value` checked.
QListWidget* SubsetEditor(const ParamField& f, QWidget* parent) {
  auto* list = new QListWidget(parent);
  QStringList checked = f.value.toStringList();
  for (const QString& choice : f.choices) {
    auto* item = new QListWidgetItem(choice, list);
    item->setFlags(Qt::ItemIsEnabled | Qt::ItemIsUserCheckable);
    item->setCheckState(checked.contains(choice) ? Qt::Checked : Qt::Unchecked);
  }
  if (int row = list->sizeHintForRow(0); row > 0)
    list->setMaximumHeight(row * std::max(3, int(f.choices.size()) + 1));
  return list;
}

}  // namespace

ParameterDialog::ParameterDialog(QWidget* parent, const QString& title,
                                 const QList<ParamField>& fields)
    : QDialog(parent), fields_(fields) {
  setWindowTitle(title);
  auto* form = new QFormLayout(this);
  for (const ParamField& f : fields_) {
    QWidget* editor = nullptr;
    QWidget* shown = nullptr;
    switch (f.kind) {
      case ParamField::Kind::Int: {
        auto* box = new QSpinBox(this);
        box->setRange(f.minimum, f.maximum);
        box->setValue(f.value.isValid() ? f.value.toInt() : f.minimum);
        connect(box, &QSpinBox::valueChanged, this, [this] { updatePreview(); });
        editor = shown = box;
        break;
      }
      case ParamField::Kind::Choice: {
        auto* box = new QComboBox(this);
        box->addItems(f.choices);
        box->setCurrentText(f.value.toString());
        connect(box, &QComboBox::currentTextChanged, this, [this] { updatePreview(); });
        editor = shown = box;
        break;
      }
      case ParamField::Kind::Text: {
        auto* edit = new QLineEdit(f.value.toString(), this);
        edit->setMinimumWidth(240);
        connect(edit, &QLineEdit::textChanged, this, [this] { updatePreview(); });
        editor = shown = edit;
        break;
      }
      case ParamField::Kind::Order: {
        QListWidget* list = nullptr;
        shown = OrderEditor(f, this, &list);
        connect(list->model(), &QAbstractItemModel::rowsMoved, this, [this] { updatePreview(); });
        connect(list->model(), &QAbstractItemModel::rowsInserted, this,
                [this] { updatePreview(); });
        editor = list;
        break;
      }
      case ParamField::Kind::Bool: {
        auto* box = new QCheckBox(this);
        box->setChecked(f.value.toBool());
        connect(box, &QCheckBox::toggled, this, [this] { updatePreview(); });
        editor = shown = box;
        break;
      }
      case ParamField::Kind::Subset: {
        QListWidget* list = SubsetEditor(f, this);
        connect(list, &QListWidget::itemChanged, this, [this] { updatePreview(); });
        editor = shown = list;
        break;
      }
      case ParamField::Kind::Preview: {
        auto* label = new QLabel(this);
        label->setWordWrap(true);
        label->setTextInteractionFlags(Qt::TextSelectableByMouse);
        editor = shown = label;
        break;
      }
    }
    if (!f.tooltip.isEmpty()) shown->setToolTip(f.tooltip);
    editors_ << editor;
    form->addRow(f.label, shown);
  }
  auto* buttons = new QDialogButtonBox(QDialogButtonBox::Ok | QDialogButtonBox::Cancel, this);
  form->addRow(buttons);
  ok_ = buttons->button(QDialogButtonBox::Ok);
  connect(buttons, &QDialogButtonBox::accepted, this, &QDialog::accept);
  connect(buttons, &QDialogButtonBox::rejected, this, &QDialog::reject);
  updatePreview();
}

QVariantMap ParameterDialog::values() const {
  QVariantMap out;
  for (int i = 0; i < fields_.size(); ++i) {
    QWidget* e = editors_[i];
    switch (fields_[i].kind) {
      case ParamField::Kind::Int:
        out[fields_[i].key] = static_cast<QSpinBox*>(e)->value();
        break;
      case ParamField::Kind::Choice:
        out[fields_[i].key] = static_cast<QComboBox*>(e)->currentText();
        break;
      case ParamField::Kind::Text:
        out[fields_[i].key] = static_cast<QLineEdit*>(e)->text();
        break;
      case ParamField::Kind::Order: {
        auto* list = static_cast<QListWidget*>(e);
        QStringList order;
        for (int r = 0; r < list->count(); ++r) order << list->item(r)->text();
        out[fields_[i].key] = order;
        break;
      }
      case ParamField::Kind::Bool:
        out[fields_[i].key] = static_cast<QCheckBox*>(e)->isChecked();
        break;
      case ParamField::Kind::Subset: {
        auto* list = static_cast<QListWidget*>(e);
        QStringList checked;
        for (int r = 0; r < list->count(); ++r)
          if (list->item(r)->checkState() == Qt::Checked) checked << list->item(r)->text();
        out[fields_[i].key] = checked;
        break;
      }
      case ParamField::Kind::Preview:
        break;
    }
  }
  return out;
}

QWidget* ParameterDialog::editor(const QString& key) const {
  for (int i = 0; i < fields_.size(); ++i)
    if (fields_[i].key == key) return editors_[i];
  return nullptr;
}

QString ParameterDialog::previewText() const {
  QStringList lines;
  for (int i = 0; i < fields_.size(); ++i)
    if (fields_[i].kind == ParamField::Kind::Preview)
      lines << static_cast<QLabel*>(editors_[i])->text();
  return lines.join('\n');
}

void ParameterDialog::updatePreview() {
  if (editors_.size() != fields_.size()) return;  // still being built
  QVariantMap now = values();
  bool accepted = true;
  for (int i = 0; i < fields_.size(); ++i) {
    const ParamField& f = fields_[i];
    if (f.kind != ParamField::Kind::Preview) continue;
    auto* label = static_cast<QLabel*>(editors_[i]);
    if (f.verdict) {
      Result<QString> v = f.verdict(now);
      accepted = accepted && v.ok();
      label->setText(v.ok() ? "✓ " + *v : "✗ " + QString::fromStdString(v.error().message));
    } else if (f.preview) {
      label->setText(f.preview(now));
    }
  }
  if (ok_) ok_->setEnabled(accepted);
}

bool ParameterDialog::acceptable() const { return !ok_ || ok_->isEnabled(); }

std::optional<QVariantMap> AskParameters(QWidget* parent, const QString& title,
                                         const QList<ParamField>& fields) {
  if (fields.isEmpty()) return QVariantMap();
  std::optional<QVariantMap> out;
  if (Installed()) {
    out = Installed()(parent, title, fields);
  } else {
    ParameterDialog dialog(parent, title, fields);
    if (dialog.exec() == QDialog::Accepted) out = dialog.values();
  }
  if (out)
    for (const ParamField& f : fields)
      if (f.kind == ParamField::Kind::Preview) out->remove(f.key);
  return out;
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
