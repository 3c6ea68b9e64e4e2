#include "ir/WmmaBuiltins.h"

#include <array>
#include <functional>
#include <optional>
#include <vector>

#include "ir/Buffer.h"
#include "ir/ExprOp.h"
#include "ir/Functor.h"
#include "ir/Printer.h"

namespace tessera::ir {

namespace {

constexpr WmmaBuiltinSpec kBuiltins[] = {
    {"tir.tvm_fill_fragment", WmmaBuiltin::FillFragment, 6, "(fragment, m, n, k, index, value)"},
    {"tir.tvm_load_matrix_sync", WmmaBuiltin::LoadMatrixSync, 8,
     "(fragment, m, n, k, index, pointer, stride, layout)"},
    {"tir.tvm_store_matrix_sync", WmmaBuiltin::StoreMatrixSync, 8,
     "(fragment, m, n, k, index, pointer, stride, layout)"},
    {"tir.tvm_mma_sync", WmmaBuiltin::MmaSync, 8,
     "(d, d_index, a, a_index, b, b_index, c, c_index)"},
};

const WmmaBuiltinSpec* Lookup(const std::string& op) {
  for (const WmmaBuiltinSpec& b : kBuiltins)
    if (op == b.op) return &b;
  return nullptr;
}

const char* RoleScope(FragmentRole r) {
  switch (r) {
    case FragmentRole::MatrixA:
      return "wmma.matrix_a";
    case FragmentRole::MatrixB:
      return "wmma.matrix_b";
    default:
      return "wmma.accumulator";
  }
}

std::optional<FragmentRole> RoleOfScope(const std::string& scope) {
  if (scope == "wmma.matrix_a") return FragmentRole::MatrixA;
  if (scope == "wmma.matrix_b") return FragmentRole::MatrixB;
  if (scope == "wmma.accumulator") return FragmentRole::Accumulator;
  return std::nullopt;
}

bool Supported(const WmmaShape& s) {
  return s == WmmaShape{16, 16, 16} || s == WmmaShape{32, 8, 16} || s == WmmaShape{8, 32, 16};
}

// One builtin call, its arguments taken apart.
struct ParsedCall {
  const WmmaBuiltinSpec* name = nullptr;
  Var fragment;  // fill / load / store
  WmmaShape shape;
  Expr index, value;
  const CallNode* ptr = nullptr;  // tvm_access_ptr(type_annotation, data, offset, extent, mask)
  Expr stride;
  std::string layout;
  std::array<Var, 4> operands;  // mma: d, a, b, c
  std::array<Expr, 4> indices;
};

Result<ParsedCall> ParseBuiltin(const CallNode* n, const WmmaBuiltinSpec* b) {
  ParsedCall p;
  p.name = b;
  std::string who = std::string(b->op) + ": ";
  if (n->args.size() != b->arity)
    return Error(who + "takes " + std::to_string(b->arity) + " arguments " + b->signature +
                 ", got " + std::to_string(n->args.size()));
  auto fragment = [&](const Expr& e, Var* out) -> Status {
    *out = Var::from(e);
    if (!out->defined())
      return Error(who + "a fragment argument must be a buffer's data (BC.data), got " +
                   to_string(e));
    return Status::Ok();
  };
  if (b->which == WmmaBuiltin::MmaSync) {
    for (size_t i = 0; i < 4; ++i) {
      if (Status s = fragment(n->args[2 * i], &p.operands[i]); !s) return s.error();
      p.indices[i] = n->args[2 * i + 1];
    }
    return p;
  }
  if (Status s = fragment(n->args[0], &p.fragment); !s) return s.error();
  const int64_t* m = as_const_int(n->args[1]);
  const int64_t* nn = as_const_int(n->args[2]);
  const int64_t* k = as_const_int(n->args[3]);
  if (!m || !nn || !k) return Error(who + "m, n and k must be constants");
  p.shape = {*m, *nn, *k};
  if (!Supported(p.shape))
    return Error(who + "fragment shape " + p.shape.str() +
                 " is not supported (16, 16, 16; 32, 8, 16; 8, 32, 16)");
  p.index = n->args[4];
  if (b->which == WmmaBuiltin::FillFragment) {
    p.value = n->args[5];
    return p;
  }
  p.ptr = n->args[5].as<CallNode>();
  if (!p.ptr || p.ptr->op != "tvm_access_ptr" || p.ptr->args.size() != 5 ||
      !Var::from(p.ptr->args[1]).defined())
    return Error(who + "the pointer must be a buffer's access_ptr(...), got " +
                 to_string(n->args[5]));
  p.stride = n->args[6];
  auto* layout = n->args[7].as<StringImmNode>();
  if (!layout || (layout->value != "row_major" && layout->value != "col_major"))
    return Error(who + "the layout must be \"row_major\" or \"col_major\", got " +
                 to_string(n->args[7]));
  p.layout = layout->value;
  return p;
}

// The element type a fragment's operands need in the accumulator.
bool AccumulatorFits(DataType operand, DataType acc) {
  if (operand == DataType::Float(16))
    return acc == DataType::Float(32) || acc == DataType::Float(16);
  if (operand == DataType::Int(8) || operand == DataType::UInt(8)) return acc == DataType::Int(32);
  return false;
}

// Walks a program: wmma allocations, then every builtin call checked against them.
class FragmentInference : public IRVisitor {
 public:
  FragmentMap fragments;
  std::optional<Error> error;
  using IRVisitor::VisitExpr;
  using IRVisitor::VisitStmt;

  void Finish() {
    for (auto& [call, where] : mmas_)
      if (!error) CheckMma(call, where);
    for (auto& [var, f] : fragments) {
      if (error || f.shape.m == 0) continue;
      if (f.elements % (f.rows() * f.cols()) != 0)
        Fail("", "fragment " + f.name + " holds " + std::to_string(f.elements) +
                     " elements, not a whole number of " + std::to_string(f.rows()) + "x" +
                     std::to_string(f.cols()) + " tiles");
    }
  }

 protected:
  void VisitAttrStmt(const AttrStmtNode* n, const Stmt& s) override {
    const std::string* intrin = std::get_if<std::string>(&n->node);
    if (n->key != "tensor_intrin" || !intrin) return IRVisitor::VisitAttrStmt(n, s);
    std::string saved = where_;
    auto* stage = n->value.as<StringImmNode>();
    where_ =
        "intrinsic '" + *intrin + "'" + (stage ? " (tensorizing " + stage->value + ")" : "") + ": ";
    IRVisitor::VisitAttrStmt(n, s);
    where_ = saved;
  }

  void VisitAllocate(const AllocateNode* n, const Stmt& s) override {
    if (std::optional<FragmentRole> role = RoleOfScope(n->scope)) {
      FragmentInfo f;
      f.name = n->buffer_var.name();
      f.role = *role;
      f.dtype = n->dtype;
      f.elements = 1;
      for (const Expr& e : n->extents) {
        const int64_t* c = as_const_int(e);
        f.elements = c ? f.elements * *c : -1;
        if (!c) break;
      }
      if (f.elements < 0) return Fail("", "fragment " + f.name + " has a symbolic size");
      fragments[n->buffer_var.get()] = f;
    }
    IRVisitor::VisitAllocate(n, s);
  }

  void VisitCall(const CallNode* n, const Expr& e) override {
    IRVisitor::VisitCall(n, e);
    const WmmaBuiltinSpec* b = Lookup(n->op);
    if (!b || error) return;
    Result<ParsedCall> p = ParseBuiltin(n, b);
    if (!p) return Fail(where_, p.error().message);
    if (b->which == WmmaBuiltin::MmaSync) {
      for (const Var& v : p->operands)
        if (!Fragment(v, *p)) return;
      mmas_.emplace_back(*p, where_);
      return;
    }
    FragmentInfo* f = Fragment(p->fragment, *p);
    if (!f) return;
    std::string who = where_ + b->op + ": ";
    if (f->shape.m != 0 && !(f->shape == p->shape))
      return Fail(who, "fragment " + f->name + " is used with shape " + f->shape.str() + " and " +
                           p->shape.str() + " (a fragment has one shape)");
    f->shape = p->shape;
    if (!CheckIndex(*f, p->index, who)) return;
    if (b->which == WmmaBuiltin::StoreMatrixSync && f->role != FragmentRole::Accumulator)
      return Fail(who, "only a wmma.accumulator fragment can be stored; " + f->name + " is " +
                           RoleScope(f->role));
    if (b->which == WmmaBuiltin::FillFragment) return;
    DataType memory = p->ptr->args[0].dtype();
    if (memory != f->dtype)
      return Fail(who, "fragment " + f->name + " holds " + f->dtype.str() +
                           " but the memory holds " + memory.str());
    if (b->which == WmmaBuiltin::LoadMatrixSync && f->role != FragmentRole::Accumulator) {
      if (!f->layout.empty() && f->layout != p->layout)
        return Fail(who, "fragment " + f->name + " is loaded " + f->layout + " and " + p->layout +
                             " (a matrix_a / matrix_b fragment has one layout)");
      f->layout = p->layout;
    }
  }

  void VisitBufferLoad(const BufferLoadNode* n, const Expr& e) override {
    Touch(n->buffer);
    IRVisitor::VisitBufferLoad(n, e);
  }
  void VisitBufferStore(const BufferStoreNode* n, const Stmt& s) override {
    Touch(n->buffer);
    IRVisitor::VisitBufferStore(n, s);
  }

 private:
  void Fail(const std::string& where, const std::string& message) {
    if (!error) error = Error(where + message);
  }
  void Touch(const Buffer& b) {
    auto it = fragments.find(b->data.get());
    if (it != fragments.end()) it->second.element_access = true;
  }

  // A constant tile index must name a tile of the fragment (the CPU loops would write
  // past the buffer otherwise).
  bool CheckIndex(const FragmentInfo& f, const Expr& index, const std::string& who) {
    const int64_t* i = as_const_int(index);
    int64_t tile = f.rows() * f.cols();
    if (!i || tile == 0 || f.elements % tile != 0 || (*i >= 0 && *i < f.tiles())) return true;
    Fail(who, "tile " + std::to_string(*i) + " of fragment " + f.name + ", which holds " +
                  std::to_string(f.tiles()) + (f.tiles() == 1 ? " tile" : " tiles"));
    return false;
  }

  FragmentInfo* Fragment(const Var& v, const ParsedCall& p) {
    auto it = fragments.find(v.get());
    if (it != fragments.end()) return &it->second;
    Fail(where_ + p.name->op + ": ",
         v.name() +
             " is not a wmma fragment (a buffer in scope wmma.matrix_a, wmma.matrix_b or "
             "wmma.accumulator: "
             "cache_read / cache_write into that scope and tensorize the stage)");
    return nullptr;
  }

  void CheckMma(const ParsedCall& p, const std::string& where) {
    std::string who = where + p.name->op + ": ";
    const FragmentRole roles[4] = {FragmentRole::Accumulator, FragmentRole::MatrixA,
                                   FragmentRole::MatrixB, FragmentRole::Accumulator};
    const char* names[4] = {"d", "a", "b", "c"};
    FragmentInfo* f[4];
    for (size_t i = 0; i < 4; ++i) {
      f[i] = &fragments.at(p.operands[i].get());
      if (f[i]->role != roles[i])
        return Fail(who, std::string(names[i]) + " must be a " + RoleScope(roles[i]) +
                             " fragment; " + f[i]->name + " is " + RoleScope(f[i]->role));
    }
    WmmaShape shape;
    for (FragmentInfo* x : f) {
      if (x->shape.m == 0) continue;
      if (shape.m != 0 && !(shape == x->shape))
        return Fail(who, "the operands' shapes differ (" + shape.str() + " and " + x->shape.str() +
                             " for " + x->name + ")");
      shape = x->shape;
    }
    if (shape.m == 0) return Fail(who, "no fill, load or store gives the operands' shape");
    for (FragmentInfo* x : f) x->shape = shape;
    for (size_t i = 0; i < 4; ++i)
      if (!CheckIndex(*f[i], p.indices[i], who)) return;
    if (f[1]->dtype != f[2]->dtype)
      return Fail(who, "a and b hold " + f[1]->dtype.str() + " and " + f[2]->dtype.str() +
                           " (they must agree)");
    for (size_t i : {size_t{0}, size_t{3}})
      if (!AccumulatorFits(f[1]->dtype, f[i]->dtype))
        return Fail(who, "a " + f[1]->dtype.str() + " product cannot accumulate into " +
                             f[i]->dtype.str() + " (" + f[i]->name +
                             "); float16 -> float32 or float16, int8 / uint8 -> int32");
  }

  std::string where_;
  std::vector<std::pair<ParsedCall, std::string>> mmas_;
};

// ---- the CPU meaning ----

Buffer FlatView(const std::string& name, const Var& data, DataType dtype, Expr size,
                const std::string& scope) {
  auto b = std::make_shared<BufferNode>();
  b->name = name;
  b->data = data;
  b->dtype = dtype;
  b->shape = {std::move(size)};
  b->scope = scope;
  return b;
}

Stmt TileLoop(const std::string& name, int64_t extent,
              const std::function<Stmt(const Expr&)>& body) {
  Var v(name);
  return MakeFor(v, 0, make_const(DataType::Int(32), extent), ForKind::Serial, body(v));
}

class LowerToLoops : public IRMutator {
 public:
  explicit LowerToLoops(const FragmentMap& f) : fragments_(f) {}
  using IRMutator::VisitExpr;
  using IRMutator::VisitStmt;

 protected:
  Stmt VisitEvaluate(const EvaluateNode* n, const Stmt& s) override {
    auto* call = n->value.as<CallNode>();
    const WmmaBuiltinSpec* b = call ? Lookup(call->op) : nullptr;
    if (!b) return IRMutator::VisitEvaluate(n, s);
    ParsedCall p = ParseBuiltin(call, b).value();  // InferFragments parsed it already
    switch (b->which) {
      case WmmaBuiltin::FillFragment:
        return Fill(p);
      case WmmaBuiltin::MmaSync:
        return Mma(p);
      default:
        return Copy(p);
    }
  }

 private:
  struct Tile {
    Buffer buffer;
    Expr base;  // the tile's first element
    int64_t cols;
    Expr at(const Expr& r, const Expr& c) const {
      return base + r * make_const(DataType::Int(32), cols) + c;
    }
  };
  Tile TileOf(const Var& v, const Expr& index) const {
    const FragmentInfo& f = fragments_.at(v.get());
    int64_t size = f.rows() * f.cols();
    return {FlatView(f.name, v, f.dtype, Expr(f.elements), RoleScope(f.role)),
            index * make_const(index.dtype(), size), f.cols()};
  }

  Stmt Fill(const ParsedCall& p) {
    Tile t = TileOf(p.fragment, p.index);
    const FragmentInfo& f = fragments_.at(p.fragment.get());
    Expr value = cast(f.dtype, p.value);
    return TileLoop("wmma_r", f.rows(), [&](const Expr& r) {
      return TileLoop("wmma_c", f.cols(), [&](const Expr& c) {
        return MakeBufferStore(t.buffer, value, {t.at(r, c)});
      });
    });
  }

  // load_matrix_sync and store_matrix_sync: the tile against memory at ptr.
  Stmt Copy(const ParsedCall& p) {
    Tile t = TileOf(p.fragment, p.index);
    const FragmentInfo& f = fragments_.at(p.fragment.get());
    Var data = Var::from(p.ptr->args[1]);
    Buffer memory = FlatView(data.name(), data, p.ptr->args[0].dtype(), p.ptr->args[3], "global");
    Expr offset = p.ptr->args[2];
    bool row_major = p.layout == "row_major";
    bool load = p.name->which == WmmaBuiltin::LoadMatrixSync;
    return TileLoop("wmma_r", f.rows(), [&](const Expr& r) {
      return TileLoop("wmma_c", f.cols(), [&](const Expr& c) {
        Expr at = offset + (row_major ? r * p.stride + c : c * p.stride + r);
        if (load) return MakeBufferStore(t.buffer, MakeBufferLoad(memory, {at}), {t.at(r, c)});
        return MakeBufferStore(memory, MakeBufferLoad(t.buffer, {t.at(r, c)}), {at});
      });
    });
  }

  // D(i, j) = C(i, j), then += A(i, kk) * B(kk, j) for kk in order (the oracle's order).
  Stmt Mma(const ParsedCall& p) {
    Tile d = TileOf(p.operands[0], p.indices[0]), a = TileOf(p.operands[1], p.indices[1]);
    Tile b = TileOf(p.operands[2], p.indices[2]), c = TileOf(p.operands[3], p.indices[3]);
    const FragmentInfo& fd = fragments_.at(p.operands[0].get());
    WmmaShape s = fd.shape;
    DataType acc = fd.dtype;
    return TileLoop("wmma_i", s.m, [&](const Expr& i) {
      return TileLoop("wmma_j", s.n, [&](const Expr& j) {
        Stmt init = MakeBufferStore(d.buffer, cast(acc, MakeBufferLoad(c.buffer, {c.at(i, j)})),
                                    {d.at(i, j)});
        Stmt update = TileLoop("wmma_k", s.k, [&](const Expr& kk) {
          Expr product = cast(acc, MakeBufferLoad(a.buffer, {a.at(i, kk)})) *
                         cast(acc, MakeBufferLoad(b.buffer, {b.at(kk, j)}));
          return MakeBufferStore(d.buffer, MakeBufferLoad(d.buffer, {d.at(i, j)}) + product,
                                 {d.at(i, j)});
        });
        return MakeSeq({init, update});
      });
    });
  }

  const FragmentMap& fragments_;
};

}  // namespace

std::span<const WmmaBuiltinSpec> WmmaBuiltinSpecs() { return kBuiltins; }

bool IsWmmaBuiltin(const std::string& op, WmmaBuiltin* which) {
  const WmmaBuiltinSpec* b = Lookup(op);
  if (b && which) *which = b->which;
  return b != nullptr;
}

std::string WmmaShape::str() const {
  return std::to_string(m) + ", " + std::to_string(n) + ", " + std::to_string(k);
}

int64_t FragmentInfo::rows() const { return role == FragmentRole::MatrixB ? shape.k : shape.m; }
int64_t FragmentInfo::cols() const { return role == FragmentRole::MatrixA ? shape.k : shape.n; }

Result<FragmentMap> InferFragments(const Stmt& body) {
  FragmentInference v;
  if (body.defined()) v.VisitStmt(body);
  v.Finish();
  if (v.error) return *v.error;
  return std::move(v.fragments);
}

Result<Stmt> LowerWmmaBuiltinsToLoops(const Stmt& body) {
  Result<FragmentMap> fragments = InferFragments(body);
  if (!fragments) return fragments.error();
  if (fragments->empty()) return body;
  return LowerToLoops(*fragments).VisitStmt(body);
}

}  // namespace tessera::ir
