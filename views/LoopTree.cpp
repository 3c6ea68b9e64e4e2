#include "views/LoopTree.h"

#include <variant>

#include "ir/ExprOp.h"
#include "ir/Printer.h"

namespace tessera::views {
namespace {

using ir::Stmt;

std::string FirstLine(const std::string& text) {
  std::string line = text.substr(0, text.find('\n'));
  return line.size() > 80 ? line.substr(0, 77) + "..." : line;
}

// Headers are printed here, not cut from to_string(stmt), which would print every
// loop's whole body again (quadratic in the depth of the nest).
std::string LoopHeader(const ir::ForNode& loop) {
  std::string kind =
      loop.for_kind == ir::ForKind::Serial ? "for" : ir::for_kind_name(loop.for_kind);
  if (loop.for_kind == ir::ForKind::ThreadBinding && loop.thread_binding)
    kind = loop.thread_binding->thread_tag;
  return kind + " (" + loop.loop_var.name() + ", " + ir::to_string(loop.min) + ", " +
         ir::to_string(loop.extent) + ")";
}

std::string RealizeHeader(const ir::ProducerRealizeNode& realize) {
  std::string out = "realize " + (realize.producer ? realize.producer->producer_name() : "?") + "(";
  for (size_t i = 0; i < realize.bounds.size(); ++i)
    out += (i ? ", " : "") + ir::to_string(realize.bounds[i]);
  return out + ")";
}

class Builder {
 public:
  void Visit(const Stmt& s, LoopTreeNode& parent, const std::string& stage) {
    if (!s.defined()) return;
    if (auto* seq = s.as<ir::SeqStmtNode>()) {
      for (const Stmt& child : seq->seq) Visit(child, parent, stage);
    } else if (auto* loop = s.as<ir::ForNode>()) {
      LoopTreeNode& n = Add(parent, LoopTreeNode::Kind::Loop, s, stage);
      n.var = loop->loop_var.name();
      n.for_kind = ir::for_kind_name(loop->for_kind);
      n.label = LoopHeader(*loop);
      Visit(loop->body, n, stage);
    } else if (auto* attr = s.as<ir::AttrStmtNode>()) {
      VisitAttr(attr, s, parent, stage);
    } else if (auto* realize = s.as<ir::ProducerRealizeNode>()) {
      LoopTreeNode& n = Add(parent, LoopTreeNode::Kind::Realize, s, stage);
      n.label = RealizeHeader(*realize);
      Visit(realize->body, n, stage);
    } else if (auto* alloc = s.as<ir::AllocateNode>()) {
      LoopTreeNode& n = Add(parent, LoopTreeNode::Kind::Allocate, s, stage);
      n.label = "allocate " + alloc->buffer_var.name();
      Visit(alloc->body, n, stage);
    } else if (auto* cond = s.as<ir::IfThenElseNode>()) {
      LoopTreeNode& n = Add(parent, LoopTreeNode::Kind::If, s, stage);
      n.label = "if (" + ir::to_string(cond->condition) + ")";
      Visit(cond->then_case, n, stage);
      Visit(cond->else_case, n, stage);
    } else if (auto* let = s.as<ir::LetStmtNode>()) {
      Visit(let->body, parent, stage);
    } else if (auto* as = s.as<ir::AssertStmtNode>()) {
      Visit(as->body, parent, stage);
    } else {
      bool store = s.as<ir::ProducerStoreNode>() || s.as<ir::BufferStoreNode>();
      LoopTreeNode& n =
          Add(parent, store ? LoopTreeNode::Kind::Store : LoopTreeNode::Kind::Other, s, stage);
      n.label = FirstLine(ir::to_string(s));
    }
  }

 private:
  // `produce X` opens stage X's scope; other attributes are transparent.
  void VisitAttr(const ir::AttrStmtNode* attr, const Stmt& s, LoopTreeNode& parent,
                 const std::string& stage) {
    // A tensorized region (schedule/Tensorize.h): its loops are the intrinsic's body.
    if (attr->key == "tensor_intrin") {
      const std::string* intrin = std::get_if<std::string>(&attr->node);
      LoopTreeNode& n = Add(parent, LoopTreeNode::Kind::Other, s, stage);
      n.label = "tensorized: intrinsic " + (intrin ? *intrin : std::string("?"));
      Visit(attr->body, n, stage);
      return;
    }
    // Inside its loop, around the loop's body (schedule/MakeLoopNest.cpp).
    if (attr->key == "prefetch_scope" && parent.kind == LoopTreeNode::Kind::Loop) {
      const auto* p = std::get_if<ir::DataProducer>(&attr->node);
      const int64_t* ahead = ir::as_const_int(attr->value);
      parent.prefetches.emplace_back(p && *p ? (*p)->producer_name() : std::string("?"),
                                     ahead ? *ahead : 0);
    }
    if (attr->key != "produce") {
      Visit(attr->body, parent, stage);
      return;
    }
    std::string name = stage;
    if (auto* p = std::get_if<ir::DataProducer>(&attr->node); p && *p) name = (*p)->producer_name();
    LoopTreeNode& n = Add(parent, LoopTreeNode::Kind::Produce, s, name);
    n.label = "produce " + name;
    Visit(attr->body, n, name);
  }

  LoopTreeNode& Add(LoopTreeNode& parent, LoopTreeNode::Kind kind, const Stmt& s,
                    const std::string& stage) {
    LoopTreeNode n;
    n.kind = kind;
    n.node = s.get();
    n.stage = stage;
    parent.children.push_back(std::move(n));
    return parent.children.back();
  }
};

void CollectLoops(const LoopTreeNode& n, std::vector<const LoopTreeNode*>& out) {
  if (n.kind == LoopTreeNode::Kind::Loop) out.push_back(&n);
  for (const auto& c : n.children) CollectLoops(c, out);
}

}  // namespace

LoopTreeNode BuildLoopTree(const ir::Stmt& program) {
  LoopTreeNode root;
  Builder().Visit(program, root, "");
  return root;
}

std::vector<const LoopTreeNode*> Loops(const LoopTreeNode& tree) {
  std::vector<const LoopTreeNode*> out;
  CollectLoops(tree, out);
  return out;
}

}  // namespace tessera::views
