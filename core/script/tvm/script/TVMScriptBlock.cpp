// `with T.block("C"):` (T.sblock in tirx) and what only a block's body says: its
// iterators (T.axis.*), T.reads / T.writes, T.where, T.block_attr and `with T.init():`.
#include <algorithm>

#include "arith/Analyzer.h"
#include "ir/ExprOp.h"
#include "ir/StructuralEqual.h"
#include "script/lang/Args.h"
#include "script/tvm/script/TVMScriptParserInternal.h"
#include "script/tvm/tir/TirAnnotationValue.h"
#include "tir/BlockAccessRegion.h"

namespace tessera::script::tvmscript {

namespace {

std::string BlockWord(tir::TvmDialect d) {
  return d == tir::TvmDialect::STir ? "T.sblock" : "T.block";
}

std::optional<ir::IterVarType> AxisKind(const std::string& name) {
  if (name == "axis.spatial" || name == "axis.S") return ir::IterVarType::DataPar;
  if (name == "axis.reduce" || name == "axis.R") return ir::IterVarType::CommReduce;
  if (name == "axis.scan") return ir::IterVarType::Ordered;
  if (name == "axis.opaque") return ir::IterVarType::Opaque;
  return std::nullopt;
}

Result<Expr> IntegerExpr(const Value& v, const SourceLoc& loc, const std::string& what) {
  std::optional<Expr> e = v.is_string() || v.is_bool() ? std::nullopt : ToExpr(v);
  if (!e || !e->dtype().is_int())
    return Error(what + " must be an integer or an integer expression, not " + v.type_name(), loc);
  return *e;
}

}  // namespace

ir::Range RangeBetween(const Expr& begin, const Expr& end) {
  if (end.defined() && end.kind() == ir::ExprKind::Add) {
    const auto* add = end.as<ir::BinaryNode>();
    if (ir::StructuralEqual(add->a, begin)) return ir::Range(begin, add->b);
  }
  return ir::Range::FromBeginEnd(begin, end);
}

std::vector<Buffer> Translator::KnownBuffers() const {
  std::vector<Buffer> known;
  for (const Buffer& b : params_) {
    if (b) known.push_back(b);
  }
  known.insert(known.end(), root_allocs_.begin(), root_allocs_.end());
  for (const auto& allocs : block_allocs_) known.insert(known.end(), allocs.begin(), allocs.end());
  return known;
}

tir::Block Translator::WithInferredRegions(const tir::Block& block, int mask,
                                           const std::vector<Buffer>& known) const {
  if (mask == 0) return block;
  tir::AccessRegions regions = tir::GetBlockAccessRegion(*block, known);
  auto copy = std::make_shared<tir::BlockNode>(*block);
  if (mask & 1) copy->reads = regions.reads;
  if (mask & 2) copy->writes = regions.writes;
  return copy;
}

tir::Stmt Translator::InferTopLevelRegions(const tir::Stmt& s) const {
  std::vector<Buffer> known;
  for (const Buffer& b : params_) known.push_back(b);
  known.insert(known.end(), root_allocs_.begin(), root_allocs_.end());
  auto infer = [&](const tir::Stmt& child) -> tir::Stmt {
    const auto* realize = tir::As<tir::BlockRealizeNode>(child);
    if (!realize) return child;
    auto it = deferred_.find(realize->block.get());
    if (it == deferred_.end()) return child;
    return tir::MakeBlockRealize(realize->iter_values, realize->predicate,
                                 WithInferredRegions(realize->block, it->second, known));
  };
  if (const auto* seq = tir::As<tir::SeqNode>(s)) {
    std::vector<tir::Stmt> parts;
    for (const tir::Stmt& c : seq->seq) parts.push_back(infer(c));
    return tir::MakeSeq(std::move(parts));
  }
  return infer(s);
}

Result<std::map<std::string, Expr>> Translator::AttrDict(const AstExpr& e,
                                                         const std::string& what) {
  if (e.kind != AstKind::Dict) return Error(what + " must be a dict of strings to values", e.loc);
  std::map<std::string, Expr> out;
  for (size_t i = 0; i < e.items.size(); ++i) {
    if (!e.items[i] || e.items[i]->kind != AstKind::String)
      return Error(what + ": keys must be strings", e.items[i] ? e.items[i]->loc : e.loc);
    auto x = AttrValue(*e.values[i], what);
    if (!x) return x.error();
    out[e.items[i]->text] = *x;
  }
  return out;
}

Result<Expr> Translator::AttrValue(const AstExpr& e, const std::string& what) {
  if (e.kind == AstKind::Dict) {
    auto dict = AttrDict(e, what);
    if (!dict) return dict.error();
    return tir::MakeAnnotationDict(*dict);
  }
  auto v = Eval(e);
  if (!v) return v.error();
  std::optional<Expr> x = TirAnnotationValue(*v);
  if (!x)
    return Error(what +
                     ": a value must be a number, a string, an expression, a list or a dict of "
                     "them, not " +
                     v->type_name(),
                 e.loc);
  return *x;
}

Result<tir::BufferRegion> Translator::Region(const AstExpr& e) {
  if (e.kind != AstKind::Subscript)
    return Error("a buffer region is written as a subscript (A[vi, 0:128]), not " + to_source(e),
                 e.loc);
  auto object = Eval(*e.object);
  if (!object) return object.error();
  const BufferObject* b = BufferOf(*object);
  if (!b) return Error(to_source(*e.object) + " is not a buffer of this function", e.object->loc);
  const Buffer& buffer = b->buffer;
  std::vector<const AstExpr*> items = SubscriptItems(e);
  if (items.size() != buffer->shape.size())
    return Error("buffer " + buffer->name + " has " + std::to_string(buffer->shape.size()) +
                     " dimensions, its region gives " + std::to_string(items.size()),
                 e.loc);
  tir::BufferRegion region{buffer, {}};
  arith::Analyzer analyzer;
  for (size_t i = 0; i < items.size(); ++i) {
    const AstExpr& item = *items[i];
    if (item.kind != AstKind::Slice) {
      auto index = EvalExpr(item, "an index of " + buffer->name);
      if (!index) return index.error();
      region.region.emplace_back(*index, ir::make_const(index->dtype(), int64_t{1}));
      continue;
    }
    if (item.object) return Error("a region's slice takes no step", item.object->loc);
    Expr lo = ir::make_zero(buffer->shape[i].dtype());
    Expr hi = buffer->shape[i];
    if (item.left) {
      auto v = EvalExpr(*item.left, "a slice bound");
      if (!v) return v.error();
      lo = *v;
    }
    if (item.right) {
      auto v = EvalExpr(*item.right, "a slice bound");
      if (!v) return v.error();
      hi = *v;
    }
    // TVM's Buffer.__getitem__ simplifies a slice's extent: A[v - 1:v + 2] is 3 wide.
    region.region.emplace_back(lo, analyzer.Simplify(ir::sub(hi, lo)));
  }
  return region;
}

Result<std::vector<tir::BufferRegion>> Translator::Regions(const AstExpr& call) {
  if (!call.keywords.empty())
    return Error("T.reads / T.writes take no keyword arguments", call.keywords[0].loc);
  std::vector<const AstExpr*> items;
  for (const AstPtr& item : call.items) {
    // T.reads([A[...], B[...]]): the list spelling of older TVM.
    if (item->kind == AstKind::List || item->kind == AstKind::Tuple) {
      for (const AstPtr& inner : item->items) items.push_back(inner.get());
    } else {
      items.push_back(item.get());
    }
  }
  std::vector<tir::BufferRegion> regions;
  for (const AstExpr* item : items) {
    auto r = Region(*item);
    if (!r) return r.error();
    regions.push_back(std::move(*r));
  }
  return regions;
}

Status Translator::Axis(const AstStmt& s, const TName& t, const AstExpr& call, BlockFrame& block) {
  const AstExpr& target = *s.target_exprs[0];
  auto evaluated = EvalCallArgs(call);
  if (!evaluated) return evaluated.error();
  if (t.name == "axis.remap") {
    Args args(*evaluated, "T.axis.remap", {"kinds", "bindings", "dtype"}, 2);
    if (!args.status()) return args.status().error();
    auto kinds = args.String("kinds");
    if (!kinds) return kinds.error();
    const Value& b = args.get("bindings");
    std::vector<Value> bindings = b.is_sequence() ? b.items() : std::vector<Value>{b};
    if (kinds->size() != bindings.size())
      return Error("T.axis.remap: " + std::to_string(kinds->size()) + " kinds (\"" + *kinds +
                       "\") for " + std::to_string(bindings.size()) + " bindings",
                   call.loc);
    std::vector<const AstExpr*> names;
    if (target.kind == AstKind::Name) {
      names.push_back(&target);
    } else if (target.kind == AstKind::Tuple || target.kind == AstKind::List) {
      for (const AstPtr& item : target.items) names.push_back(item.get());
    }
    if (names.size() != bindings.size())
      return Error("T.axis.remap makes " + std::to_string(bindings.size()) +
                       " iterators, assigned to " + std::to_string(names.size()) + " names",
                   target.loc);
    for (size_t i = 0; i < bindings.size(); ++i) {
      if (names[i]->kind != AstKind::Name)
        return Error("a block iterator must be a name, not " + to_source(*names[i]), names[i]->loc);
      char c = (*kinds)[i];
      if (c != 'S' && c != 'R')
        return args.ErrorAt("kinds", std::string("Unknown axis kind: ") + c +
                                         " (T.axis.remap takes \"S\" and \"R\")");
      const Value& v = bindings[i];
      if (!v.is_expr() || v.as_expr().kind() != ir::ExprKind::Var)
        return args.ErrorAt("bindings", "Only Var is supported in T.axis.remap");
      ir::Var var = ir::Var::from(v.as_expr());
      auto loop = std::find_if(loops_.rbegin(), loops_.rend(),
                               [&](const auto& l) { return l.first.same_as(var); });
      if (loop == loops_.rend())
        return args.ErrorAt("bindings", "Variable is not in the loop: " + var.name());
      ir::Var iv(names[i]->text, var.dtype());
      block.iter_vars.push_back(ir::MakeIterVar(
          loop->second, iv, c == 'S' ? ir::IterVarType::DataPar : ir::IterVarType::CommReduce));
      block.iter_values.push_back(var);
      Define(names[i]->text, Value::FromExpr(iv));
    }
    return Status::Ok();
  }
  std::optional<ir::IterVarType> kind = AxisKind(t.name);
  if (!kind) return Refuse(t, call.loc);
  Args args(*evaluated, Spelled(t), {"dom", "binding", "dtype"}, 2);
  if (!args.status()) return args.status().error();
  if (target.kind != AstKind::Name)
    return Error(Spelled(t) + " makes one iterator, assigned to one name", target.loc);
  const Value& dom = args.get("dom");
  ir::Range range;
  if (dom.is_sequence()) {
    if (dom.items().size() != 2)
      return args.ErrorAt("dom", "a domain is an extent or a (begin, end) pair");
    auto lo = IntegerExpr(dom.items()[0], args.loc("dom"), "a domain's begin");
    if (!lo) return lo.error();
    auto hi = IntegerExpr(dom.items()[1], args.loc("dom"), "a domain's end");
    if (!hi) return hi.error();
    range = RangeBetween(*lo, *hi);
  } else {
    auto extent = IntegerExpr(dom, args.loc("dom"), "a domain");
    if (!extent) return extent.error();
    range = ir::Range(ir::make_zero(extent->dtype()), *extent);
  }
  auto binding = IntegerExpr(args.get("binding"), args.loc("binding"), "a binding");
  if (!binding) return binding.error();
  ir::DataType dtype = ir::DataType::Int(32);
  if (args.has("dtype")) {
    auto name = args.String("dtype");
    if (!name) return name.error();
    auto parsed = ir::DataType::parse(*name);
    if (!parsed || !parsed->is_int())
      return args.ErrorAt("dtype", "unknown integer dtype \"" + *name + "\"");
    dtype = *parsed;
  }
  int bits = std::max({range.min.dtype().bits(), range.extent.dtype().bits(), dtype.bits()});
  ir::Var iv(target.text, ir::DataType::Int(bits));
  block.iter_vars.push_back(ir::MakeIterVar(range, iv, *kind));
  block.iter_values.push_back(*binding);
  Define(target.text, Value::FromExpr(iv));
  return Status::Ok();
}

Status Translator::BlockHeader(const AstStmt& s, BlockFrame& block, bool* handled) {
  *handled = false;
  if (s.kind == StmtKind::Assign && s.target_exprs.size() == 1 && s.value->kind == AstKind::Call) {
    std::optional<TName> t = TNameOf(*s.value->object);
    if (!t || t->name.rfind("axis.", 0) != 0) return Status::Ok();
    *handled = true;
    return Axis(s, *t, *s.value, block);
  }
  if (s.kind == StmtKind::With && s.value->kind == AstKind::Call) {
    std::optional<TName> t = TNameOf(*s.value->object);
    if (!t || t->name != "init") return Status::Ok();
    *handled = true;
    if (block.has_init) return Error("Duplicate block init declaration", s.loc);
    if (!s.value->items.empty() || !s.value->keywords.empty())
      return Error("T.init() takes no arguments", s.value->loc);
    PushFrame();
    auto body = Body(s.body, Place::Nested, nullptr);
    PopFrame();
    if (!body) return body.error();
    bool nest = false;
    tir::PreOrderVisit(*body, [&](const tir::StmtNode* n) {
      nest = nest || n->kind == tir::StmtKind::For || n->kind == tir::StmtKind::BlockRealize;
      return !nest;
    });
    if (nest) {
      block.init_nest = *body;
    } else {
      auto init = IrOnly(*body, s.loc, "T.init()");
      if (!init) return init.error();
      block.init = *init;
    }
    block.has_init = true;
    return Status::Ok();
  }
  if (s.kind != StmtKind::Expr || s.value->kind != AstKind::Call) return Status::Ok();
  const AstExpr& call = *s.value;
  std::optional<TName> t = TNameOf(*call.object);
  if (!t) return Status::Ok();
  if (t->name == "reads" || t->name == "writes") {
    *handled = true;
    auto& slot = t->name == "reads" ? block.reads : block.writes;
    if (slot)
      return Error(std::string("Duplicate ") + (t->name == "reads" ? "read" : "write") +
                       " region declaration",
                   call.loc);
    auto regions = Regions(call);
    if (!regions) return regions.error();
    slot = std::move(*regions);
    return Status::Ok();
  }
  if (t->name == "where") {
    *handled = true;
    if (block.predicate.defined()) return Error("Duplicate block predicate declaration", call.loc);
    auto args = EvalCallArgs(call);
    if (!args) return args.error();
    Args a(*args, "T.where", {"predicate"}, 1);
    if (!a.status()) return a.status().error();
    auto e = a.Expr("predicate");
    if (!e) return e.error();
    if (!e->dtype().is_bool())
      return a.ErrorAt("predicate", "T.where's predicate must be a boolean expression");
    block.predicate = *e;
    return Status::Ok();
  }
  if (t->name == "block_attr" || t->name == "sblock_attr") {
    *handled = true;
    bool stir = t->name == "sblock_attr";
    if (stir != (t->dialect == tir::TvmDialect::STir))
      return Error(Spelled(*t) + " is not " + (stir ? "TVM 0.20's" : "TVM 0.24's") +
                       " spelling; write " + (stir ? "T.block_attr" : "T.sblock_attr"),
                   call.loc);
    if (block.annotations) return Error("Duplicate block annotations", call.loc);
    if (call.items.size() != 1 || !call.keywords.empty())
      return Error(Spelled(*t) + " takes one dict", call.loc);
    auto dict = AttrDict(*call.items[0], Spelled(*t));
    if (!dict) return dict.error();
    block.annotations = std::move(*dict);
    return Status::Ok();
  }
  return Status::Ok();
}

Result<tir::Stmt> Translator::Block(const AstStmt& s, const TName& t) {
  const AstExpr& call = *s.value;
  if (t.name == "sblock" && t.dialect != tir::TvmDialect::STir)
    return Error("T.sblock is TVM 0.24's spelling (tirx); with tvm.script.tir write T.block",
                 call.loc);
  if (t.name == "block" && t.dialect == tir::TvmDialect::STir)
    return Error("T.block is TVM 0.20's spelling; with tvm.script.tirx write T.sblock", call.loc);
  if (!s.target_exprs.empty())
    return Error("`with " + BlockWord(t.dialect) + "(...) as ...` is not supported",
                 s.target_exprs[0]->loc);
  auto evaluated = EvalCallArgs(call);
  if (!evaluated) return evaluated.error();
  Args args(*evaluated, BlockWord(t.dialect), {"name", "no_realize"}, 0);
  if (!args.status()) return args.status().error();
  BlockFrame frame;
  frame.loc = call.loc;
  if (args.has("name")) {
    auto name = args.String("name");
    if (!name) return name.error();
    frame.name = *name;
  }
  if (args.has("no_realize")) {
    auto b = args.Bool("no_realize");
    if (!b) return b.error();
    if (*b) return args.ErrorAt("no_realize", "no_realize=True is not supported in TVMScript here");
  }
  bool top_level = loops_.empty() && block_depth_ == 0;
  PushFrame();
  block_allocs_.emplace_back();
  ++block_depth_;
  auto body = Body(s.body, Place::Block, &frame);
  --block_depth_;
  block_allocs_.pop_back();
  PopFrame();
  if (!body) return body.error();
  auto block = std::make_shared<tir::BlockNode>();
  block->name = frame.name;
  block->iter_vars = frame.iter_vars;
  block->reads = frame.reads.value_or(std::vector<tir::BufferRegion>{});
  block->writes = frame.writes.value_or(std::vector<tir::BufferRegion>{});
  block->alloc_buffers = frame.alloc_buffers;
  block->match_buffers = frame.match_buffers;
  block->annotations = frame.annotations.value_or(std::map<std::string, Expr>{});
  block->init = frame.init;
  block->init_nest = frame.init_nest;
  block->body = *body;
  int mask = (frame.reads ? 0 : 1) | (frame.writes ? 0 : 2);
  tir::Block result = block;
  if (top_level && frame.iter_vars.empty()) {
    if (mask) deferred_[block.get()] = mask;
  } else {
    result = WithInferredRegions(block, mask, KnownBuffers());
  }
  Expr predicate = frame.predicate.defined() ? frame.predicate : ir::make_bool(true);
  return tir::MakeBlockRealize(frame.iter_values, predicate, result);
}

}  // namespace tessera::script::tvmscript
