#include "views/TirBlockGraphModel.h"

#include <QSet>
#include <map>
#include <set>

#include "tir/ScriptPrinter.h"
#include "views/TirIntents.h"
#include "views/TirText.h"
#include "views/graph/GraphItems.h"

namespace tessera::views {
namespace {

QString Shape(const tir::Buffer& b) {
  QStringList dims;
  for (const ir::Expr& e : b->shape) dims << Q(tir::ExprToTVMScript(e));
  return "(" + dims.join(", ") + ")";
}

QString BufferLine(const tir::Buffer& b) {
  QString line = Q(b->name) + ": " + Q(b->dtype.str()) + Shape(b);
  if (b->scope != "global") line += " " + Q(b->scope);
  return line;
}

// A cache_read / cache_write copy: one buffer in, one out, one named after the other
// and the storage scope (`A_shared`), as the cache primitives name them.
QString CacheKind(const tir::BlockNode& b) {
  if (b.reads.size() != 1 || b.writes.size() != 1) return {};
  const tir::Buffer& in = b.reads.front().buffer;
  const tir::Buffer& out = b.writes.front().buffer;
  if (out->name == in->name + "_" + out->scope) return "cache_read";
  if (in->name == out->name + "_" + in->scope) return "cache_write";
  return {};
}

bool EndsWith(const std::string& s, const std::string& tail) {
  return s.size() > tail.size() && s.compare(s.size() - tail.size(), tail.size(), tail) == 0;
}

GraphNode BlockNode(const tir::BlockRealizeNode& realize) {
  const tir::BlockNode& b = *realize.block;
  QString name = Q(b.name);
  QStringList iters;
  bool reduction = false;
  for (const tir::IterVar& iv : b.iter_vars) {
    char kind = tir::IterKindChar(iv->iter_type);
    reduction = reduction || kind == 'R';
    iters << Q(iv->var.name()) + ":" + QChar(kind);
  }
  GraphNode n(TirBlockNodeId(name), name + (iters.isEmpty() ? "" : "\n" + iters.join(" ")));
  n.kind = "block";
  if (QString cache = CacheKind(b); !cache.isEmpty()) {
    n.kind = "cache";
    n.badges << cache;
  } else if (EndsWith(b.name, "_init") && !reduction) {
    n.kind = "init";
    n.badges << "init block";
  } else if (EndsWith(b.name, "_rf")) {
    n.kind = "rfactor";
    n.badges << "rfactor";
  }
  if (reduction) n.badges << "reduction";
  if (tir::HasInit(b)) n.badges << "T.init";
  for (const auto& [key, value] : b.annotations) n.badges << Q(key);
  QStringList tip;
  for (const tir::BufferRegion& r : b.reads) tip << "reads " + Q(r.buffer->name);
  for (const tir::BufferRegion& w : b.writes) tip << "writes " + Q(w.buffer->name);
  n.tooltip = tip.join("\n");
  return n;
}

// The deepest loop above `realize` that also holds another block: where compute_at (or
// reverse_compute_at) placed it; null when it shares no loop.
const tir::ForNode* SharedLoop(const tir::Schedule& sch, const tir::BlockRealizeNode* realize) {
  std::vector<const tir::ForNode*> loops = sch.state().LoopsAbove(realize);
  for (auto it = loops.rbegin(); it != loops.rend(); ++it)
    if (sch.state().ChildBlocks(*it).size() > 1) return *it;
  return nullptr;
}

}  // namespace

QString TirBlockNodeId(const QString& block) { return "block:" + block; }

QString TirBlockOfNodeId(const QString& id) {
  if (!id.startsWith("block:")) return {};
  // "block:NAME#2": the second block of that name (block names are identifiers).
  QString name = id.mid(6);
  return name.left(name.indexOf('#'));
}

QString TirBufferNodeId(const QString& buffer) { return "buffer:" + buffer; }

GraphModel BuildTirBlockGraph(const tir::Schedule& sch) {
  GraphModel m;
  const tir::PrimFunc& f = sch.func();
  std::vector<const tir::BlockRealizeNode*> blocks = TirBlocks(sch);

  std::set<std::string> params;
  for (const tir::Buffer& p : f.params) {
    params.insert(p->name);
    GraphNode n(TirBufferNodeId(Q(p->name)), Q(p->name) + "\n" + Shape(p), NodeShape::Ellipse);
    n.kind = "param";
    n.tooltip = BufferLine(p);
    n.size = LabelSize(n.label, 60, 34);
    m.addNode(n);
  }

  // One node per block: a block whose name an earlier one has (TVM allows it; cache_inplace
  // makes two) gets "#2", "#3", ... so that each is drawn.
  std::map<const tir::BlockRealizeNode*, QString> ids;
  std::map<std::string, int> named;
  for (const tir::BlockRealizeNode* r : blocks) {
    int k = ++named[r->block->name];
    ids[r] = TirBlockNodeId(Q(r->block->name)) + (k > 1 ? "#" + QString::number(k) : "");
  }
  // Which blocks write each buffer.
  std::map<std::string, std::vector<QString>> writers;
  for (const tir::BlockRealizeNode* r : blocks) {
    GraphNode n = BlockNode(*r);
    n.id = ids[r];
    if (named[r->block->name] > 1)
      n.tooltip += "\n" + QObject::tr(
                              "One of %1 blocks named %2: sch.get_block cannot tell "
                              "them apart (NotSingleResult)")
                              .arg(named[r->block->name])
                              .arg(Q(r->block->name));
    if (const tir::ForNode* at = SharedLoop(sch, r)) n.badges << "@" + Q(at->loop_var.name());
    n.size = LabelSize(n.label + (n.badges.isEmpty() ? "" : "\nbadges"), 60, 34);
    m.addNode(n);
    for (const tir::BufferRegion& w : r->block->writes) writers[w.buffer->name].push_back(ids[r]);
  }

  QSet<QString> seen;
  auto edge = [&](const QString& from, const QString& to, const QString& label, const QString& kind,
                  EdgeStyle style = EdgeStyle::Solid, bool constraint = true) {
    QString key = from + "|" + to + "|" + label + "|" + kind;
    if (seen.contains(key)) return;
    seen.insert(key);
    GraphEdge e(from, to, label, style, kind);
    e.constraint = constraint;
    m.addEdge(e);
  };
  for (const tir::BlockRealizeNode* r : blocks) {
    const QString& id = ids[r];
    for (const tir::BufferRegion& rd : r->block->reads) {
      QString buffer = Q(rd.buffer->name);
      bool produced = false;
      for (const QString& w : writers[rd.buffer->name]) {
        if (w == id) continue;
        produced = true;
        edge(w, id, buffer, "dataflow");
      }
      if (!produced && params.count(rd.buffer->name))
        edge(TirBufferNodeId(buffer), id, buffer, "input");
    }
    for (const tir::BufferRegion& w : r->block->writes)
      if (params.count(w.buffer->name))
        edge(id, TirBufferNodeId(Q(w.buffer->name)), Q(w.buffer->name), "output");
  }

  // The root block, when it allocates buffers: a dotted edge to each block writing one.
  const tir::BlockRealizeNode* root = tir::RootRealize(f);
  if (root && !root->block->alloc_buffers.empty()) {
    GraphNode rootNode(TirBlockNodeId("root"), "root", NodeShape::Box);
    rootNode.kind = "root";
    for (const tir::Buffer& b : root->block->alloc_buffers)
      rootNode.label += "\nalloc " + BufferLine(b);
    rootNode.tooltip = QObject::tr("The root block: the buffers the function allocates");
    rootNode.size = LabelSize(rootNode.label);
    m.addNode(rootNode);
    for (const tir::Buffer& b : root->block->alloc_buffers)
      for (const QString& w : writers[b->name])
        edge(rootNode.id, w, Q(b->name), "alloc", EdgeStyle::Dotted);
  }

  // Shared loops: one node per loop, a dashed edge from each block placed under it.
  std::map<const tir::ForNode*, QString> loopIds;
  for (const tir::BlockRealizeNode* r : blocks) {
    const tir::ForNode* at = SharedLoop(sch, r);
    if (!at) continue;
    auto it = loopIds.find(at);
    if (it == loopIds.end()) {
      QString id = "at:" + Q(at->loop_var.name());
      while (m.hasNode(id)) id += "'";
      QString label =
          Q(at->loop_var.name()) + " in range(" + Q(tir::ExprToTVMScript(at->extent)) + ")";
      GraphNode n(id, label, NodeShape::Box);
      n.kind = "loop";
      n.tooltip = QObject::tr("A loop several blocks share (compute_at)");
      n.size = LabelSize(label);
      m.addNode(n);
      it = loopIds.emplace(at, id).first;
    }
    edge(ids[r], it->second, "at", "attach", EdgeStyle::Dashed, false);
  }
  return m;
}

}  // namespace tessera::views
