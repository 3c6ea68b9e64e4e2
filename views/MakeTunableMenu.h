// The views' "Make tunable" menu on a loop, and the knob its intent asks for
// (tune/TunableKnobs.h holds the knobs themselves).
#pragma once

#include <QString>
#include <functional>

#include "schedule/Schedule.h"
#include "support/Result.h"
#include "tune/TunableKnobs.h"
#include "views/Intent.h"

class QMenu;

namespace tessera::views {

// The knob an intent {"make_tunable", stage, {var}, {"knob": "split" | "annotation" |
// "order"}} asks for (what the views' "Make tunable" menu emits).
Result<tune::TunableKnob> KnobFromIntent(const schedule::Schedule& sch, const Intent& intent);

// Adds the "Make tunable" submenu for loop `var` of `stage` to `menu`: one action per
// kind of knob, disabled with the reason when the loop offers none; a chosen one calls
// `request` with its intent.
void AddMakeTunableMenu(QMenu* menu, const schedule::Schedule* sch, const QString& stage,
                        const QString& var, const std::function<void(const Intent&)>& request);

// Why a TensorIR document's loops offer no knob: its sessions search the design space
// the tuner generates from its blocks (core/tune/tir), not knobs of a te schedule.
QString TirMakeTunableReason();
// Adds "Make Tunable" to a TensorIR loop menu, disabled, with that reason as its tooltip
// (where a te loop menu has it, so that the user learns why it is not there).
void AddTirMakeTunableAction(QMenu* menu);

}  // namespace tessera::views
