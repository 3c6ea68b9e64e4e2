#include "transform/ThreadAxes.h"

#include "ir/Functor.h"

namespace tessera::transform {

std::string ThreadTagOf(const ir::ForNode* f) {
  if (!f || f->for_kind != ir::ForKind::ThreadBinding || !f->thread_binding) return "";
  return f->thread_binding->thread_tag;
}

bool IsBlockTag(const std::string& tag) {
  return tag.rfind("blockIdx.", 0) == 0 && ThreadDim(tag) >= 0;
}
bool IsThreadTag(const std::string& tag) {
  return tag.rfind("threadIdx.", 0) == 0 && ThreadDim(tag) >= 0;
}

int ThreadRank(const std::string& tag) { return tag.rfind("blockIdx", 0) == 0 ? 0 : 1; }

int ThreadDim(const std::string& tag) {
  size_t dot = tag.find('.');
  if (dot == std::string::npos || dot + 2 != tag.size()) return -1;
  char c = tag[dot + 1];
  return c == 'x' ? 0 : c == 'y' ? 1 : c == 'z' ? 2 : -1;
}

bool HasThreadLoop(const ir::Stmt& s) {
  struct Finder : ir::IRVisitor {
    bool found = false;
    void VisitFor(const ir::ForNode* n, const ir::Stmt& st) override {
      if (n->for_kind == ir::ForKind::ThreadBinding) found = true;
      if (!found) IRVisitor::VisitFor(n, st);
    }
  } f;
  if (s.defined()) f.VisitStmt(s);
  return f.found;
}

std::string LaunchVarName(const std::string& tag) {
  std::string out = tag;
  for (char& c : out)
    if (c == '.') c = '_';
  return out;
}

}  // namespace tessera::transform
