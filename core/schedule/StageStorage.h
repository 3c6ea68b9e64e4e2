// What set_scope / set_store_predicate (StageStorage.cpp) mean for lowering: the store
// predicate joins the conditions that guard a stage's stores (MakeLoopNest,
// CrossThreadReduction), as TVM adds stage->store_predicate to the main predicates.
#pragma once

#include <vector>

#include "schedule/MessagePassing.h"
#include "schedule/Schedule.h"

namespace tessera::schedule {

// `conditions` plus the stage's store predicate (when it has one) with its iter vars
// replaced by their values inside the loop nest (`values`, after PassUpIndex).
std::vector<Expr> WithStorePredicate(const Stage& stage, std::vector<Expr> conditions,
                                     const IterVarValueMap& values);

}  // namespace tessera::schedule
