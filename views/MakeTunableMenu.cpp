#include "views/MakeTunableMenu.h"

#include <QMenu>

namespace tessera::views {

using tune::KnobKindName;
using tune::OfferKnob;
using tune::TunableKnob;

Result<TunableKnob> KnobFromIntent(const schedule::Schedule& sch, const Intent& intent) {
  const QString kind = intent.params.value("knob").toString();
  const std::string var =
      intent.iterVars.isEmpty() ? std::string() : intent.iterVars.front().toStdString();
  for (TunableKnob::Kind k : {TunableKnob::Kind::SplitFactor, TunableKnob::Kind::Annotation,
                              TunableKnob::Kind::LoopOrder})
    if (kind == KnobKindName(k)) return OfferKnob(sch, intent.stage.toStdString(), var, k);
  return Error("make_tunable: unknown knob '" + kind.toStdString() +
               "' (split, annotation or order)");
}

void AddMakeTunableMenu(QMenu* menu, const schedule::Schedule* sch, const QString& stage,
                        const QString& var, const std::function<void(const Intent&)>& request) {
  QMenu* sub = menu->addMenu(QObject::tr("Make &Tunable"));
  sub->setObjectName("menuMakeTunable");
  sub->setToolTipsVisible(true);
  const std::pair<TunableKnob::Kind, QString> kinds[] = {
      {TunableKnob::Kind::SplitFactor, QObject::tr("Split &factor")},
      {TunableKnob::Kind::Annotation, QObject::tr("&Unroll / vectorize")},
      {TunableKnob::Kind::LoopOrder, QObject::tr("Loop &order")}};
  for (const auto& [kind, title] : kinds) {
    QAction* a = sub->addAction(title);
    a->setObjectName(QString("makeTunable_") + KnobKindName(kind));
    Result<TunableKnob> knob = sch ? OfferKnob(*sch, stage.toStdString(), var.toStdString(), kind)
                                   : Result<TunableKnob>(Error("the script has no schedule"));
    a->setEnabled(knob.ok());
    a->setToolTip(knob.ok() ? QString::fromStdString(knob->Describe())
                            : QString::fromStdString(knob.error().message));
    Intent intent{"make_tunable", stage, {var}, {{"knob", QString(KnobKindName(kind))}}};
    QObject::connect(a, &QAction::triggered, menu, [request, intent] { request(intent); });
  }
}

QString TirMakeTunableReason() {
  return QObject::tr(
      "Make Tunable marks a knob of a te schedule. A TensorIR document is tuned over the "
      "design space of its blocks instead: Run ▸ Tune searches it, starting from this "
      "schedule.");
}

void AddTirMakeTunableAction(QMenu* menu) {
  menu->addSeparator();
  QAction* a = menu->addAction(QObject::tr("Make &Tunable"));
  a->setObjectName("makeTunable");
  a->setEnabled(false);
  a->setToolTip(TirMakeTunableReason());
}

}  // namespace tessera::views
