#include "codegen/cuda/CodeGenCUDAWmma.h"

#include "ir/Functor.h"

namespace tessera::codegen {

using namespace ir;

namespace {

// What a program needs from the CUDA headers.
struct HeaderUse : IRVisitor {
  bool half = false, wmma = false;
  void Note(DataType t) { half = half || (t.is_float() && t.bits() == 16); }
  void VisitExprDefault(const Expr& e) override { Note(e.dtype()); }
  void VisitCall(const CallNode* n, const Expr& e) override {
    wmma = wmma || IsWmmaBuiltin(n->op);
    Note(n->dtype);
    IRVisitor::VisitCall(n, e);
  }
  void VisitBufferLoad(const BufferLoadNode* n, const Expr& e) override {
    Note(n->buffer->dtype);
    IRVisitor::VisitBufferLoad(n, e);
  }
  void VisitCast(const CastNode* n, const Expr& e) override {
    Note(n->dtype);
    IRVisitor::VisitCast(n, e);
  }
  void VisitBufferStore(const BufferStoreNode* n, const Stmt& s) override {
    Note(n->buffer->dtype);
    IRVisitor::VisitBufferStore(n, s);
  }
  void VisitAllocate(const AllocateNode* n, const Stmt& s) override {
    Note(n->dtype);
    IRVisitor::VisitAllocate(n, s);
  }
};

std::string ElementType(DataType t) {
  if (t.is_float()) return t.bits() == 16 ? "half" : t.bits() == 64 ? "double" : "float";
  if (t == DataType::Int(8)) return "signed char";
  if (t == DataType::UInt(8)) return "unsigned char";
  return "int";
}

}  // namespace

std::string CudaHeaders(const CudaProgram& program) {
  HeaderUse use;
  for (const CudaKernel& k : program.kernels) {
    for (const transform::PrimFuncParam& p : k.params)
      use.Note(p.is_buffer() ? p.buffer->dtype : p.var.dtype());
    use.VisitStmt(k.body);
  }
  std::string out;
  if (use.half || use.wmma) out += "#include <cuda_fp16.h>\n";
  if (use.wmma) out += "#include <mma.h>\n";
  return out;
}

Result<std::string> WmmaFragmentDeclaration(const FragmentInfo& f, const std::string& name) {
  if (f.element_access)
    return Error(
        "fragment " + f.name +
        " is read or written element by element; on the GPU a wmma fragment "
        "is reachable only through the tensor-core builtins (tensorize its loads, stores and mma)");
  if (f.shape.m == 0)
    return Error(
        "fragment " + f.name +
        " is not used by any tensor-core builtin, so it has no wmma shape "
        "(TVM: 'Cannot find shape of the wmma fragment'); tensorize the stages that use it");
  const char* use = f.role == FragmentRole::MatrixA   ? "matrix_a"
                    : f.role == FragmentRole::MatrixB ? "matrix_b"
                                                      : "accumulator";
  std::string type = "nvcuda::wmma::fragment<nvcuda::wmma::" + std::string(use) + ", " +
                     f.shape.str() + ", " + ElementType(f.dtype);
  if (f.role != FragmentRole::Accumulator) {
    if (f.layout.empty())
      return Error("fragment " + f.name +
                   " is never loaded, so it has no layout (load it with tvm_load_matrix_sync)");
    type += ", nvcuda::wmma::" + f.layout;
  }
  return type + "> " + name + "[" + std::to_string(f.tiles()) + "];";
}

Result<std::string> WmmaCallText(const CallNode* n, const FragmentMap& fragments,
                                 const std::function<std::string(const Expr&)>& print) {
  WmmaBuiltin which;
  if (!IsWmmaBuiltin(n->op, &which)) return Error("not a tensor-core builtin: " + n->op);
  // InferFragments has checked the arguments: fragments are vars, layouts strings.
  auto tile = [&](size_t fragment, size_t index) {
    return print(n->args[fragment]) + "[" + print(n->args[index]) + "]";
  };
  auto layout = [&]() { return "nvcuda::wmma::mem_" + n->args[7].as<StringImmNode>()->value; };
  switch (which) {
    case WmmaBuiltin::FillFragment: {
      const FragmentInfo& f = fragments.at(n->args[0].get());
      return "nvcuda::wmma::fill_fragment(" + tile(0, 4) + ", (" + ElementType(f.dtype) + ")" +
             print(n->args[5]) + ")";
    }
    case WmmaBuiltin::LoadMatrixSync: {
      const FragmentInfo& f = fragments.at(n->args[0].get());
      std::string text = "nvcuda::wmma::load_matrix_sync(" + tile(0, 4) + ", " + print(n->args[5]) +
                         ", " + print(n->args[6]);
      if (f.role == FragmentRole::Accumulator) text += ", " + layout();
      return text + ")";
    }
    case WmmaBuiltin::StoreMatrixSync:
      return "nvcuda::wmma::store_matrix_sync(" + print(n->args[5]) + ", " + tile(0, 4) + ", " +
             print(n->args[6]) + ", " + layout() + ")";
    case WmmaBuiltin::MmaSync:
      return "nvcuda::wmma::mma_sync(" + tile(0, 1) + ", " + tile(2, 3) + ", " + tile(4, 5) + ", " +
             tile(6, 7) + ")";
  }
  return Error("unknown tensor-core builtin " + n->op);
}

}  // namespace tessera::codegen
