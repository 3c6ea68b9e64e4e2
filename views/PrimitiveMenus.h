// PrimitiveMenus: the schedule primitives a view's context menu offers for a loop and for
// a stage. The IterVar graph, the Stage DAG and the loop nest offer the same ones in the
// same order, each disabled with its reason as the tooltip when it cannot apply. A chosen
// action asks for the primitive's parameters (RequestPrimitive) and the view emits the
// intent, or shows why there is none: views never change the schedule themselves.
#pragma once

#include <QString>

#include "schedule/BoundsReport.h"
#include "schedule/Schedule.h"

class QMenu;

namespace tessera::views {

class ViewBase;

// Split, tile, fuse, reorder, vectorize, unroll, parallel, bind, rfactor for loop `var` of
// `stage` (action object names: the primitive's). `bounds` (optional) feeds the split
// preview.
void AddIterVarPrimitives(QMenu* menu, ViewBase* view, const schedule::Schedule* sch,
                          const schedule::BoundsReport* bounds, const QString& stage,
                          const QString& var);

// compute_at, compute_inline, compute_root, cache_read, cache_write, transform_layout for
// `stage`; an input (placeholder) is only read through a cache or transformed.
void AddStagePrimitives(QMenu* menu, ViewBase* view, const schedule::Schedule* sch,
                        const QString& stage);

// A "Compute Here" submenu (object name "menuComputeHere"): each stage that can be
// computed at loop `var` of `stage` (compute_at; actions "computeHere_<producer>"), or
// one disabled line saying that none can.
void AddComputeHereMenu(QMenu* menu, ViewBase* view, const schedule::Schedule* sch,
                        const QString& stage, const QString& var);

}  // namespace tessera::views
