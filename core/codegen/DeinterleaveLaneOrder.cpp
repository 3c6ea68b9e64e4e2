#include "codegen/DeinterleaveLaneOrder.h"

#include <llvm/ADT/DenseMap.h>
#include <llvm/ADT/STLExtras.h>
#include <llvm/ADT/SmallVector.h>
#include <llvm/IR/Constants.h>
#include <llvm/IR/Function.h>
#include <llvm/IR/Instructions.h>
#include <llvm/IR/IntrinsicInst.h>
#include <llvm/Transforms/Utils/Local.h>

#include <array>
#include <vector>

namespace tessera::codegen {

namespace {

constexpr unsigned kLanes = 8;
// Lane j of a vector in `vshufps` order holds element kOrder[j]; the order is its own
// inverse, so the same shuffle puts a vector into it and back.
constexpr std::array<int, kLanes> kOrder = {0, 1, 4, 5, 2, 3, 6, 7};
// A store's value is followed this far down; a larger tree is left as it is.
constexpr size_t kMostNodes = 512;

bool IsOctet(const llvm::Type* t) {
  const auto* v = llvm::dyn_cast<llvm::FixedVectorType>(t);
  return v && v->getNumElements() == kLanes;
}

// One `vshufps` of two ymm operands: in each 128-bit half, lanes 0-1 from one operand's
// same half and lanes 2-3 from one operand's (the same or the other), at the same
// positions in both halves. `mask` indexes the two operands' 16 elements.
bool IsOneShufps(llvm::ArrayRef<int> mask) {
  std::array<int, 2> source = {-1, -1};  // per pair of lanes
  for (unsigned j = 0; j < 4; ++j) {
    const int low = mask[j], high = mask[j + 4];
    if (low >= 0 && (low % 8) / 4 != 0) return false;
    if (high >= 0 && (high % 8) / 4 != 1) return false;
    if (low >= 0 && high >= 0 && (low / 8 != high / 8 || low % 4 != high % 4)) return false;
    const int from = low >= 0 ? low / 8 : high >= 0 ? high / 8 : -1;
    int& pair = source[j / 2];
    if (from >= 0 && pair >= 0 && pair != from) return false;
    if (from >= 0) pair = from;
  }
  return true;
}

// Every lane taken from the same lane of one of two operands (a blend).
bool KeepsLanes(llvm::ArrayRef<int> mask) {
  for (unsigned i = 0; i < kLanes; ++i)
    if (mask[i] >= 0 && mask[i] % static_cast<int>(kLanes) != static_cast<int>(i)) return false;
  return true;
}

// Every lane the same element of one vector (no lane poison, which the order would move).
bool IsSplat(const llvm::Value* v) {
  const auto* shuffle = llvm::dyn_cast<llvm::ShuffleVectorInst>(v);
  if (!shuffle) return false;
  const llvm::ArrayRef<int> mask = shuffle->getShuffleMask();
  return mask[0] >= 0 && llvm::all_equal(mask);
}

bool IsLaneWiseIntrinsic(llvm::Intrinsic::ID id) {
  switch (id) {
    case llvm::Intrinsic::fma:
    case llvm::Intrinsic::fmuladd:
    case llvm::Intrinsic::maxnum:
    case llvm::Intrinsic::minnum:
    case llvm::Intrinsic::maximum:
    case llvm::Intrinsic::minimum:
    case llvm::Intrinsic::fabs:
    case llvm::Intrinsic::sqrt:
    case llvm::Intrinsic::copysign:
    case llvm::Intrinsic::floor:
    case llvm::Intrinsic::ceil:
    case llvm::Intrinsic::trunc:
    case llvm::Intrinsic::round:
    case llvm::Intrinsic::rint:
    case llvm::Intrinsic::nearbyint:
    case llvm::Intrinsic::smax:
    case llvm::Intrinsic::smin:
    case llvm::Intrinsic::umax:
    case llvm::Intrinsic::umin:
    case llvm::Intrinsic::abs:
      return true;
    default:
      return false;
  }
}

// How a value of 8 lanes is had in `vshufps` order.
enum class Way {
  Same,       // a splat or a constant: no instruction
  Tap,        // a stride-2 pick that becomes one `vshufps` (where it took two)
  LaneWise,   // the same operation on its operands in that order
  Permuted,   // a permutation of one operand: the same permutation of it in that order
  Reordered,  // anything else: a shuffle of its own
};

// A constant whose lanes can be listed (a constant expression may not list them).
bool HasConstantLanes(const llvm::Constant* c) {
  for (unsigned e = 0; e < kLanes; ++e)
    if (!c->getAggregateElement(e)) return false;
  return true;
}

class LaneOrder {
 public:
  explicit LaneOrder(llvm::Function& f) : f_(f) {}

  // Rewrites `store` where its value's taps outnumber the shuffles the order costs.
  bool Rewrite(llvm::StoreInst* store) {
    llvm::Value* root = store->getValueOperand();
    if (!IsOctet(root->getType())) return false;
    std::vector<llvm::Value*> nodes;
    llvm::DenseMap<llvm::Value*, Way> seen;
    if (!Plan(root, seen, nodes)) return false;
    int taps = 0, reorders = 1;  // the store's own
    for (llvm::Value* v : nodes) {
      if (ordered_.count(v)) continue;
      if (seen[v] == Way::Tap) ++taps;
      if (seen[v] == Way::Reordered) ++reorders;
    }
    if (seen[root] == Way::Same || seen[root] == Way::Reordered || taps <= reorders) return false;
    for (llvm::Value* v : nodes) ways_[v] = seen[v];
    // Frozen, so that instruction selection does not push the shuffle back into the
    // taps (it would, through additions of taps).
    auto* ordered = new llvm::FreezeInst(Ordered(root), "ordered", store->getIterator());
    auto* back = new llvm::ShuffleVectorInst(ordered, kOrder, "elements", store->getIterator());
    store->setOperand(0, back);
    if (auto* old = llvm::dyn_cast<llvm::Instruction>(root)) dead_.push_back(old);
    return true;
  }

  void DeleteDead() {
    for (llvm::WeakTrackingVH& v : dead_)
      if (auto* inst = llvm::dyn_cast_or_null<llvm::Instruction>(v))
        llvm::RecursivelyDeleteTriviallyDeadInstructions(inst);
  }

 private:
  static Way Classify(llvm::Value* v) {
    if (const auto* c = llvm::dyn_cast<llvm::Constant>(v))
      return HasConstantLanes(c) ? Way::Same : Way::Reordered;
    if (IsSplat(v)) return Way::Same;
    if (auto* shuffle = llvm::dyn_cast<llvm::ShuffleVectorInst>(v)) {
      const llvm::ArrayRef<int> mask = shuffle->getShuffleMask();
      const unsigned from =
          llvm::cast<llvm::FixedVectorType>(shuffle->getOperand(0)->getType())->getNumElements();
      if (from == kLanes && KeepsLanes(mask)) return Way::LaneWise;
      // Operands of 8 lanes each, or one of 16 (a masked load of the span).
      const bool sixteen =
          from == 2 * kLanes && llvm::isa<llvm::UndefValue>(shuffle->getOperand(1));
      if ((from == kLanes || sixteen) && shuffle->getType()->getScalarSizeInBits() == 32) {
        std::array<int, kLanes> reordered;
        for (unsigned j = 0; j < kLanes; ++j) reordered[j] = mask[kOrder[j]];
        if (IsOneShufps(reordered) && !IsOneShufps(mask)) return Way::Tap;
      }
      if (from == kLanes && llvm::all_of(mask, [](int e) { return e < static_cast<int>(kLanes); }))
        return Way::Permuted;
      return Way::Reordered;
    }
    if (auto* insert = llvm::dyn_cast<llvm::InsertElementInst>(v)) {
      const auto* lane = llvm::dyn_cast<llvm::ConstantInt>(insert->getOperand(2));
      return lane && lane->getZExtValue() < kLanes ? Way::LaneWise : Way::Reordered;
    }
    if (llvm::isa<llvm::BinaryOperator, llvm::UnaryOperator, llvm::CmpInst, llvm::SelectInst,
                  llvm::FreezeInst>(v))
      return Way::LaneWise;
    if (auto* cast = llvm::dyn_cast<llvm::CastInst>(v))
      return IsOctet(cast->getSrcTy()) ? Way::LaneWise : Way::Reordered;
    if (auto* call = llvm::dyn_cast<llvm::IntrinsicInst>(v))
      return IsLaneWiseIntrinsic(call->getIntrinsicID()) ? Way::LaneWise : Way::Reordered;
    return Way::Reordered;
  }

  // The nodes under `v` (octets only), each once, operands first. False past the limit.
  bool Plan(llvm::Value* v, llvm::DenseMap<llvm::Value*, Way>& seen,
            std::vector<llvm::Value*>& nodes) {
    if (seen.count(v)) return true;
    if (nodes.size() >= kMostNodes) return false;
    const Way way = ordered_.count(v) ? Way::Same : Classify(v);
    seen[v] = way;
    if (way == Way::LaneWise)
      for (llvm::Value* op : LaneOperands(llvm::cast<llvm::Instruction>(v)))
        if (!Plan(op, seen, nodes)) return false;
    if (way == Way::Permuted && !Plan(llvm::cast<llvm::Instruction>(v)->getOperand(0), seen, nodes))
      return false;
    nodes.push_back(v);
    return true;
  }

  // The operands of a lane-wise instruction that are vectors of 8 lanes.
  static std::vector<llvm::Value*> LaneOperands(llvm::Instruction* inst) {
    std::vector<llvm::Value*> ops;
    const unsigned count = llvm::isa<llvm::CallInst>(inst)
                               ? llvm::cast<llvm::CallInst>(inst)->arg_size()
                               : inst->getNumOperands();
    for (unsigned k = 0; k < count; ++k)
      if (IsOctet(inst->getOperand(k)->getType())) ops.push_back(inst->getOperand(k));
    return ops;
  }

  // Where a value derived from `v` alone is inserted: right after it (after the PHIs of
  // its block for a PHI; at the entry for an argument or a constant).
  llvm::BasicBlock::iterator After(llvm::Value* v) const {
    if (auto* inst = llvm::dyn_cast<llvm::Instruction>(v)) {
      if (llvm::isa<llvm::PHINode>(inst)) return inst->getParent()->getFirstInsertionPt();
      return std::next(inst->getIterator());
    }
    return f_.getEntryBlock().getFirstInsertionPt();
  }

  // `v` in `vshufps` order, built once.
  llvm::Value* Ordered(llvm::Value* v) {
    if (auto it = ordered_.find(v); it != ordered_.end()) return it->second;
    llvm::Value* out = nullptr;
    auto* c = llvm::dyn_cast<llvm::Constant>(v);
    if (c && !HasConstantLanes(c)) {
      out = Build(v);
    } else if (c && !c->getSplatValue()) {
      std::vector<llvm::Constant*> lanes;
      for (int e : kOrder) lanes.push_back(c->getAggregateElement(static_cast<unsigned>(e)));
      out = llvm::ConstantVector::get(lanes);
    } else if (c || IsSplat(v)) {
      out = v;
    } else {
      out = Build(v);
    }
    ordered_[v] = out;
    return out;
  }

  llvm::Value* Build(llvm::Value* v) {
    const auto way = ways_.find(v);
    if (way == ways_.end() || way->second == Way::Reordered)
      return new llvm::ShuffleVectorInst(v, kOrder, v->getName() + ".lanes", After(v));
    auto* inst = llvm::cast<llvm::Instruction>(v);
    if (auto* shuffle = llvm::dyn_cast<llvm::ShuffleVectorInst>(inst)) {
      const llvm::ArrayRef<int> mask = shuffle->getShuffleMask();
      std::array<int, kLanes> picked;
      if (way->second == Way::Tap) {
        for (unsigned j = 0; j < kLanes; ++j) picked[j] = mask[kOrder[j]];
        return new llvm::ShuffleVectorInst(shuffle->getOperand(0), shuffle->getOperand(1), picked,
                                           v->getName() + ".lanes", After(v));
      }
      if (way->second == Way::Permuted) {
        // Lane j takes element mask[kOrder[j]], which the ordered operand holds in lane
        // kOrder[that element].
        for (unsigned j = 0; j < kLanes; ++j) {
          const int e = mask[kOrder[j]];
          picked[j] = e < 0 ? -1 : kOrder[static_cast<size_t>(e)];
        }
        return new llvm::ShuffleVectorInst(Ordered(shuffle->getOperand(0)), picked,
                                           v->getName() + ".lanes", After(v));
      }
      // A blend: lane j of the ordered result is lane j of an ordered operand.
      for (unsigned j = 0; j < kLanes; ++j) {
        const int e = mask[kOrder[j]];
        picked[j] = e < 0 ? -1
                          : (e >= static_cast<int>(kLanes) ? static_cast<int>(j + kLanes)
                                                           : static_cast<int>(j));
      }
      llvm::Value* a = Ordered(shuffle->getOperand(0));
      llvm::Value* b = Ordered(shuffle->getOperand(1));
      return new llvm::ShuffleVectorInst(a, b, picked, v->getName() + ".lanes", After(v));
    }
    llvm::Instruction* copy = inst->clone();
    copy->setName(v->getName() + ".lanes");
    if (auto* insert = llvm::dyn_cast<llvm::InsertElementInst>(copy)) {
      const uint64_t lane = llvm::cast<llvm::ConstantInt>(insert->getOperand(2))->getZExtValue();
      copy->setOperand(0, Ordered(inst->getOperand(0)));
      copy->setOperand(2, llvm::ConstantInt::get(insert->getOperand(2)->getType(),
                                                 static_cast<uint64_t>(kOrder[lane])));
    } else {
      const unsigned count = llvm::isa<llvm::CallInst>(inst)
                                 ? llvm::cast<llvm::CallInst>(inst)->arg_size()
                                 : inst->getNumOperands();
      for (unsigned k = 0; k < count; ++k)
        if (IsOctet(inst->getOperand(k)->getType()))
          copy->setOperand(k, Ordered(inst->getOperand(k)));
    }
    copy->insertBefore(&*After(v));
    return copy;
  }

  llvm::Function& f_;
  llvm::DenseMap<llvm::Value*, Way> ways_;
  llvm::DenseMap<llvm::Value*, llvm::Value*> ordered_;
  std::vector<llvm::WeakTrackingVH> dead_;
};

}  // namespace

int ComputeDeinterleavedTapsInLaneOrder(llvm::Function& f) {
  std::vector<llvm::StoreInst*> stores;
  for (llvm::BasicBlock& block : f)
    for (llvm::Instruction& inst : block)
      if (auto* store = llvm::dyn_cast<llvm::StoreInst>(&inst)) stores.push_back(store);
  LaneOrder order(f);
  int rewritten = 0;
  for (llvm::StoreInst* store : stores) rewritten += order.Rewrite(store) ? 1 : 0;
  order.DeleteDead();
  return rewritten;
}

}  // namespace tessera::codegen
