#include "codegen/LoopLines.h"

#include <algorithm>
#include <regex>
#include <sstream>
#include <unordered_map>
#include <variant>

#include "ir/Functor.h"

namespace tessera::codegen {

using namespace ir;

namespace {

class Numbering : public IRVisitor {
 public:
  std::vector<LoopId> loops;

 protected:
  void VisitFor(const ForNode* n, const Stmt& s) override {
    LoopId l;
    l.id = int(loops.size()) + 1;
    l.parent = parent_;
    l.stage = stage_;
    l.var = n->loop_var.name();
    l.node = n;
    if (parent_ > 0) loops[size_t(parent_ - 1)].innermost = false;
    loops.push_back(l);
    int outer = parent_;
    parent_ = l.id;
    IRVisitor::VisitFor(n, s);
    parent_ = outer;
  }
  void VisitAttrStmt(const AttrStmtNode* n, const Stmt& s) override {
    std::string outer = stage_;
    if (n->key == "produce")
      if (auto* p = std::get_if<DataProducer>(&n->node); p && *p) stage_ = (*p)->producer_name();
    IRVisitor::VisitAttrStmt(n, s);
    stage_ = outer;
  }

 private:
  int parent_ = 0;
  std::string stage_;
};

std::vector<std::string> SplitLines(const std::string& text) {
  std::vector<std::string> lines;
  std::istringstream in(text);
  for (std::string line; std::getline(in, line);) lines.push_back(line);
  return lines;
}

int ValidId(int id, size_t count) { return id > 0 && size_t(id) <= count ? id : 0; }

// Label lines take the loop of the next line that is neither a label nor transparent
// (blank lines, directives that only say where the next instruction comes from).
template <typename IsLabel, typename IsTransparent>
void LabelsTakeNextLoop(const std::vector<std::string>& lines, std::vector<int>& loop_of,
                        IsLabel is_label, IsTransparent is_transparent) {
  int next = 0;
  for (size_t i = lines.size(); i-- > 0;) {
    if (is_label(lines[i]))
      loop_of[i] = next;
    else if (!is_transparent(lines[i]))
      next = loop_of[i];
  }
}

bool Blank(const std::string& l) { return l.find_first_not_of(" \t") == std::string::npos; }

}  // namespace

std::vector<LoopId> NumberLoops(const ir::Stmt& body) {
  Numbering n;
  if (body.defined()) n.VisitStmt(body);
  return std::move(n.loops);
}

int LoopLines::LoopAt(int line) const {
  return line >= 0 && size_t(line) < line_loop.size() ? line_loop[size_t(line)] : 0;
}

const LoopId* LoopLines::Loop(int id) const {
  return id > 0 && size_t(id) <= loops.size() ? &loops[size_t(id - 1)] : nullptr;
}

bool LoopLines::Within(int inner, int outer) const {
  for (int id = inner; id > 0;) {
    if (id == outer) return true;
    const LoopId* l = Loop(id);
    id = l ? l->parent : 0;
  }
  return false;
}

std::vector<int> LoopLines::LinesOf(int id) const {
  std::vector<int> out;
  for (size_t i = 0; i < line_loop.size(); ++i)
    if (line_loop[i] != 0 && Within(line_loop[i], id)) out.push_back(int(i));
  return out;
}

std::vector<int> LoopLines::Find(const std::string& stage, const std::string& var) const {
  std::vector<int> out;
  for (const LoopId& l : loops)
    if (l.var == var && (stage.empty() || l.stage.empty() || l.stage == stage)) out.push_back(l.id);
  return out;
}

LoopLines LinesFromByteRanges(const std::string& text, std::vector<LoopId> loops,
                              const std::vector<LoopByteRange>& ranges) {
  LoopLines out;
  out.loops = std::move(loops);
  std::vector<size_t> starts{0};
  for (size_t i = 0; i < text.size(); ++i)
    if (text[i] == '\n' && i + 1 < text.size()) starts.push_back(i + 1);
  out.line_loop.assign(starts.size(), 0);
  auto line_of = [&](size_t offset) {
    return size_t(std::upper_bound(starts.begin(), starts.end(), offset) - starts.begin()) - 1;
  };
  for (const LoopByteRange& r : ranges) {
    int id = ValidId(r.id, out.loops.size());
    if (!id || r.end <= r.begin || r.begin >= text.size()) continue;
    for (size_t l = line_of(r.begin), last = line_of(std::min(r.end, text.size()) - 1); l <= last;
         ++l)
      out.line_loop[l] = id;
  }
  return out;
}

LoopLines LinesFromLLVMIR(const std::string& text, std::vector<LoopId> loops) {
  LoopLines out;
  out.loops = std::move(loops);
  std::vector<std::string> lines = SplitLines(text);
  static const std::regex location(R"(^!(\d+) = (?:distinct )?!DILocation\(line: (\d+))");
  static const std::regex attachment(R"(!dbg !(\d+))");
  std::unordered_map<std::string, int> line_of_node;
  for (const std::string& l : lines) {
    std::smatch m;
    if (l.rfind("!", 0) == 0 && std::regex_search(l, m, location))
      line_of_node[m[1]] = std::stoi(m[2]);
  }
  out.line_loop.assign(lines.size(), 0);
  for (size_t i = 0; i < lines.size(); ++i) {
    std::smatch m;
    if (lines[i].rfind("!", 0) == 0 || !std::regex_search(lines[i], m, attachment)) continue;
    auto it = line_of_node.find(m[1]);
    if (it != line_of_node.end()) out.line_loop[i] = ValidId(it->second, out.loops.size());
  }
  LabelsTakeNextLoop(
      lines, out.line_loop,
      [](const std::string& l) {
        return !l.empty() && l[0] != ' ' && l[0] != ';' && l[0] != '!' && l[0] != '}' &&
               l.find(':') != std::string::npos && l.rfind("define", 0) != 0;
      },
      Blank);
  return out;
}

LoopLines LinesFromAssembly(const std::string& text, std::vector<LoopId> loops) {
  LoopLines out;
  out.loops = std::move(loops);
  std::vector<std::string> lines = SplitLines(text);
  static const std::regex loc(R"(^\s*\.loc\s+\d+\s+(\d+))");
  out.line_loop.assign(lines.size(), 0);
  int current = 0;
  bool in_code = false;
  for (size_t i = 0; i < lines.size(); ++i) {
    const std::string& l = lines[i];
    std::smatch m;
    if (std::regex_search(l, m, loc)) {
      current = ValidId(std::stoi(m[1]), out.loops.size());
      in_code = true;
      continue;  // the directive itself belongs to no loop
    }
    // A function's end (.Lfunc_end, .size, .cfi_endproc) closes the current location.
    if (l.find(".cfi_endproc") != std::string::npos || l.rfind(".Lfunc_end", 0) == 0) {
      current = 0;
      in_code = false;
    }
    if (in_code) out.line_loop[i] = current;
  }
  // A label line before a block's first .loc belongs to the block's loop.
  LabelsTakeNextLoop(
      lines, out.line_loop,
      [](const std::string& l) {
        return !l.empty() && l[0] == '.' && l.find(':') != std::string::npos;
      },
      [](const std::string& l) { return Blank(l) || std::regex_search(l, loc); });
  return out;
}

}  // namespace tessera::codegen
