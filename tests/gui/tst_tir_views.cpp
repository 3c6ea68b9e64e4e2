// The TensorIR views on PrimFuncs made with CreatePrimFunc and scheduled with the
// tir::Schedule primitives: the block graph (nodes, data flow, allocations, cache / init
// blocks, blocks at a shared loop), the loop and iterator graph (bindings after split
// and fuse, the T.where predicate), the loop nest, selection linking between them,
// primitives from the context menus, drags that become intents or are refused with
// TVM's reason, and the one script line each intent appends.
#include <QLineEdit>
#include <QMenu>
#include <QMimeData>
#include <QSignalSpy>
#include <QTreeWidget>
#include <QtTest>

#include "TirIntentToScript.h"
#include "ir/ExprOp.h"
#include "te/Compute.h"
#include "tir/CreatePrimFunc.h"
#include "tir/Schedule.h"
#include "views/ParameterDialog.h"
#include "views/TirBlockGraphModel.h"
#include "views/TirBlockGraphView.h"
#include "views/TirIntents.h"
#include "views/TirLoopGraphModel.h"
#include "views/TirLoopGraphView.h"
#include "views/TirLoopNestView.h"
#include "views/graph/GraphLayout.h"
#include "views/graph/GraphScene.h"

namespace tst_tir_views {

using namespace tessera;
using namespace tessera::views;
using tir::Schedule;

namespace {

const ir::DataType kF32 = ir::DataType::Float(32);

// C[i, j] = sum_k A[i, k] * B[k, j].
tir::PrimFunc Gemm(int n = 128) {
  auto A = *te::placeholder({n, n}, kF32, "A");
  auto B = *te::placeholder({n, n}, kF32, "B");
  auto k = te::reduce_axis(ir::Range(0, n), "k");
  auto C = *te::compute(
      {n, n},
      [&](const std::vector<ir::Var>& i) {
        return te::sum(A(i[0], k->var) * B(k->var, i[1]), {k});
      },
      "C");
  return *tir::CreatePrimFunc({A, B, C});
}

// B = A * 2; C = B + 1 (B allocated by the root block); with `twoConsumers` also
// D = B * 3, a second output reading B.
tir::PrimFunc Chain(bool twoConsumers = false) {
  auto A = *te::placeholder({64, 64}, kF32, "A");
  auto B = *te::compute(
      {64, 64}, [&](const std::vector<ir::Var>& i) { return A(i[0], i[1]) * 2; }, "B");
  auto C = *te::compute(
      {64, 64}, [&](const std::vector<ir::Var>& i) { return B(i[0], i[1]) + 1; }, "C");
  if (!twoConsumers) return *tir::CreatePrimFunc({A, C});
  auto D = *te::compute(
      {64, 64}, [&](const std::vector<ir::Var>& i) { return B(i[0], i[1]) * 3; }, "D");
  return *tir::CreatePrimFunc({A, C, D});
}

// A 3x3 convolution over an input padded by one: the padding is its own block.
tir::PrimFunc PaddedConv() {
  auto A = *te::placeholder({1, 4, 14, 14}, kF32, "A");
  auto W = *te::placeholder({8, 4, 3, 3}, kF32, "W");
  auto pad = *te::compute({1, 4, 16, 16},
                          [&](const std::vector<ir::Var>& i) {
                            ir::Expr inside = i[2] >= 1 && i[2] < 15 && i[3] >= 1 && i[3] < 15;
                            return te::if_then_else(inside, A(i[0], i[1], i[2] - 1, i[3] - 1),
                                                    ir::Expr(0.0));
                          },
                          "A_pad", "", {"n", "c", "h", "w"});
  auto rc = te::reduce_axis(ir::Range(0, 4), "rc");
  auto ry = te::reduce_axis(ir::Range(0, 3), "ry");
  auto rx = te::reduce_axis(ir::Range(0, 3), "rx");
  auto Y = *te::compute({1, 8, 14, 14},
                        [&](const std::vector<ir::Var>& i) {
                          return te::sum(pad(i[0], rc->var, i[2] + ry->var, i[3] + rx->var) *
                                             W(i[1], rc->var, ry->var, rx->var),
                                         {rc, ry, rx});
                        },
                        "Y", "", {"n", "f", "y", "x"});
  return *tir::CreatePrimFunc({A, W, Y});
}

DocumentState StateOf(const Schedule& sch) {
  DocumentState st;
  st.tir_schedule = std::make_shared<const Schedule>(sch);
  return st;
}

const GraphEdge* FindEdge(const GraphModel& m, const QString& from, const QString& to,
                          const QString& kind) {
  for (const GraphEdge& e : m.edges())
    if (e.from == from && e.to == to && e.kind == kind) return &e;
  return nullptr;
}

int CountEdges(const GraphModel& m, const QString& kind) {
  int n = 0;
  for (const GraphEdge& e : m.edges()) n += e.kind == kind;
  return n;
}

std::unique_ptr<QMimeData> Mime(const QString& id) {
  return std::unique_ptr<QMimeData>(GraphScene::mimeForNode(id));
}

Intent LastIntent(const QSignalSpy& spy) { return spy.last().at(0).value<Intent>(); }

QAction* ActionNamed(QMenu* menu, const QString& name) {
  for (QAction* a : menu->actions())
    if (a->objectName() == name) return a;
  return nullptr;
}

QString Line(const Schedule& sch, const Intent& intent, const gui::TirScriptSpelling& sp = {}) {
  auto line = gui::TirScriptLine(sch, intent, sp);
  return line.ok() ? *line : "error: " + QString::fromStdString(line.error().message);
}

}  // namespace

class TestTirViews : public QObject {
  Q_OBJECT

 private slots:
  void cleanup() { SetParameterAsker(nullptr); }

  void blockGraphOfGemm() {
    Schedule sch(Gemm());
    GraphModel m = BuildTirBlockGraph(sch);
    // The parameters A, B, C and the block C (the root allocates nothing: not shown).
    QCOMPARE(int(m.nodes().size()), 4);
    QCOMPARE(m.node("block:C")->kind, QString("block"));
    QVERIFY(m.node("block:C")->label.contains("v_k:R"));
    QVERIFY(m.node("block:C")->badges.contains("reduction"));
    QVERIFY(m.node("block:C")->badges.contains("T.init"));
    QCOMPARE(m.node("buffer:A")->kind, QString("param"));
    QVERIFY(!m.hasNode("block:root"));
    QCOMPARE(int(m.edges().size()), 3);
    QCOMPARE(FindEdge(m, "buffer:A", "block:C", "input")->label, QString("A"));
    QVERIFY(FindEdge(m, "buffer:B", "block:C", "input"));
    QCOMPARE(FindEdge(m, "block:C", "buffer:C", "output")->label, QString("C"));
    QVERIFY(LayoutGraph(m).ok());
  }

  void blockGraphShowsAllocationsAndDataFlow() {
    Schedule sch(Chain());
    GraphModel m = BuildTirBlockGraph(sch);
    QCOMPARE(m.node("block:root")->label, QString("root\nalloc B: float32(64, 64)"));
    QVERIFY(!m.hasNode("buffer:B"));  // B is no parameter
    const GraphEdge* alloc = FindEdge(m, "block:root", "block:B", "alloc");
    QVERIFY(alloc);
    QCOMPARE(alloc->label, QString("B"));
    QCOMPARE(alloc->style, EdgeStyle::Dotted);
    QVERIFY(LayoutGraph(m).ok());
    const GraphEdge* b = FindEdge(m, "block:B", "block:C", "dataflow");
    QVERIFY(b);
    QCOMPARE(b->label, QString("B"));
    QCOMPARE(CountEdges(m, "attach"), 0);
  }

  void paddingBlockFeedsTheConvolution() {
    Schedule sch(PaddedConv());
    GraphModel m = BuildTirBlockGraph(sch);
    QCOMPARE(int(m.nodes().size()), 6);  // root, A, W, Y, A_pad, Y's block
    QVERIFY(m.node("block:root")->label.contains("alloc A_pad: float32(1, 4, 16, 16)"));
    QCOMPARE(FindEdge(m, "block:A_pad", "block:Y", "dataflow")->label, QString("A_pad"));
    QVERIFY(FindEdge(m, "buffer:A", "block:A_pad", "input"));
    QVERIFY(FindEdge(m, "buffer:W", "block:Y", "input"));
    QVERIFY(!FindEdge(m, "buffer:A", "block:Y", "input"));
    QVERIFY(!m.node("block:A_pad")->badges.contains("reduction"));
    QVERIFY(m.node("block:Y")->badges.contains("reduction"));
  }

  void computeAtPlacesTheBlockAtItsLoop() {
    Schedule sch(Chain());
    tir::BlockRV b = *sch.GetBlock("B"), c = *sch.GetBlock("C");
    auto loops = *sch.GetLoops(c);
    QVERIFY(sch.ComputeAt(b, loops[0]));
    GraphModel m = BuildTirBlockGraph(sch);
    QVERIFY(m.node("block:B")->badges.contains("@i"));
    QVERIFY(m.node("block:C")->badges.contains("@i"));
    QVERIFY(m.hasNode("at:i"));
    QCOMPARE(m.node("at:i")->label, QString("i in range(64)"));
    const GraphEdge* at = FindEdge(m, "block:B", "at:i", "attach");
    QVERIFY(at);
    QCOMPARE(at->style, EdgeStyle::Dashed);
    QCOMPARE(CountEdges(m, "attach"), 2);
    QVERIFY(LayoutGraph(m).ok());
  }

  void cacheAndInitBlocksAreMarked() {
    Schedule sch(Gemm());
    tir::BlockRV c = *sch.GetBlock("C");
    QVERIFY(sch.CacheRead(c, 0, "shared").ok());
    auto loops = *sch.GetLoops(c);
    QVERIFY(sch.DecomposeReduction(c, loops[2]).ok());
    GraphModel m = BuildTirBlockGraph(sch);
    QCOMPARE(m.node("block:A_shared")->kind, QString("cache"));
    QVERIFY(m.node("block:A_shared")->badges.contains("cache_read"));
    QVERIFY(m.node("block:root")->label.contains("alloc A_shared: float32(128, 128) shared"));
    QCOMPARE(m.node("block:C_init")->kind, QString("init"));
    QVERIFY(m.node("block:C_init")->badges.contains("init block"));
    QCOMPARE(FindEdge(m, "block:A_shared", "block:C_update", "dataflow")->label,
             QString("A_shared"));
    QCOMPARE(FindEdge(m, "block:C_init", "block:C_update", "dataflow")->label, QString("C"));

    Schedule w(Gemm());
    QVERIFY(w.CacheWrite(*w.GetBlock("C"), 0, "local").ok());
    GraphModel mw = BuildTirBlockGraph(w);
    QVERIFY(mw.node("block:C_local")->badges.contains("cache_write"));
  }

  void rfactorBlockIsMarked() {
    Schedule sch(Gemm());
    tir::BlockRV c = *sch.GetBlock("C");
    auto loops = *sch.GetLoops(c);
    auto k = sch.Split(loops[2], {ir::Expr(), ir::Expr(4)});
    QVERIFY(k.ok());
    auto rf = sch.RFactor((*k)[1], 0);
    QVERIFY2(rf.ok(), rf.ok() ? "" : rf.error().message.c_str());
    GraphModel m = BuildTirBlockGraph(sch);
    QCOMPARE(m.node("block:C_rf")->kind, QString("rfactor"));
    QVERIFY(m.node("block:C_rf")->badges.contains("rfactor"));
    QVERIFY(m.node("block:C_rf")->badges.contains("reduction"));
    QVERIFY(FindEdge(m, "block:C_rf", "block:C", "dataflow"));
    QVERIFY2(m.node("block:root")->label.contains("alloc C.rf: float32(4, 128, 128)"),
             qPrintable(m.node("block:root")->label));
    QVERIFY(LayoutGraph(m).ok());
  }

  void loopGraphBindingsAfterSplitAndFuse() {
    Schedule sch(Gemm());
    tir::BlockRV c = *sch.GetBlock("C");
    auto loops = *sch.GetLoops(c);
    QVERIFY(sch.Split(loops[0], {ir::Expr(), ir::Expr(32)}).ok());
    GraphModel m = BuildTirLoopGraph(sch, "C");
    // loops i_0, i_1, j, k; iterators v_i, v_j, v_k.
    QCOMPARE(int(m.nodes().size()), 7);
    QCOMPARE(m.node("loop:i_0")->label, QString("i_0 in range(4)"));
    QVERIFY(m.node("loop:i_0")->badges.contains("serial"));
    QCOMPARE(m.node("iter:v_i")->label, QString("v_i: S in [0, 128)\n= i_0 * 32 + i_1"));
    QCOMPARE(m.node("iter:v_k")->kind, QString("reduce"));
    QVERIFY(FindEdge(m, "loop:i_0", "iter:v_i", "binding"));
    QVERIFY(FindEdge(m, "loop:i_1", "iter:v_i", "binding"));
    QVERIFY(!FindEdge(m, "loop:j", "iter:v_i", "binding"));
    QVERIFY(FindEdge(m, "loop:i_0", "loop:i_1", "nest"));
    QVERIFY(!m.hasNode("where"));

    auto after = *sch.GetLoops(c);
    QVERIFY(sch.Fuse({after[1], after[2]}).ok());
    auto fused = *sch.GetLoops(c);
    QVERIFY(sch.Vectorize(fused[1]));
    GraphModel f = BuildTirLoopGraph(sch, "C");
    QVERIFY(f.hasNode("loop:i_1_j_fused"));
    QVERIFY(f.node("loop:i_1_j_fused")->badges.contains("vectorized"));
    QVERIFY(f.node("iter:v_i")->label.contains("i_1_j_fused // 128"));
    QVERIFY(f.node("iter:v_j")->label.endsWith("= i_1_j_fused % 128"));
    QVERIFY(FindEdge(f, "loop:i_1_j_fused", "iter:v_j", "binding"));
    QVERIFY(LayoutGraph(f).ok());
  }

  void predicateIsShown() {
    Schedule sch(Gemm());
    tir::BlockRV c = *sch.GetBlock("C");
    QVERIFY(sch.Split((*sch.GetLoops(c))[0], {ir::Expr(), ir::Expr(48)}).ok());
    GraphModel m = BuildTirLoopGraph(sch, "C");
    QVERIFY(m.hasNode("where"));
    QCOMPARE(m.node("where")->label, QString("T.where(i_0 * 48 + i_1 < 128)"));
    QVERIFY(FindEdge(m, "loop:i_0", "where", "predicate"));
    QVERIFY(FindEdge(m, "loop:i_1", "where", "predicate"));
    QCOMPARE(m.node("loop:i_0")->label, QString("i_0 in range(3)"));

    TirLoopNestView nest;
    nest.setState(StateOf(sch));
    QTreeWidgetItem* block = nest.blockItem("C");
    QVERIFY(block);
    QVERIFY(block->text(2).contains("T.where(i_0 * 48 + i_1 < 128)"));
    QVERIFY(nest.loopItem("C", "i_1"));
    QCOMPARE(nest.loopItem("C", "i_1")->text(0), QString("for i_1 in range(48)"));

    TirLoopGraphView view;
    view.setState(StateOf(sch));
    QCOMPARE(view.shownBlock(), QString("C"));
    QVERIFY(view.note().contains("predicate"));
  }

  void selectionLinksTheViews() {
    Schedule sch(Chain());
    DocumentState st = StateOf(sch);
    SelectionModel selection;
    TirBlockGraphView blocks;
    TirLoopGraphView loops;
    TirLoopNestView nest;
    for (ViewBase* v : std::initializer_list<ViewBase*>{&blocks, &loops, &nest}) {
      v->setSelectionModel(&selection);
      v->setState(st);
    }
    QCOMPARE(loops.shownBlock(), QString("C"));  // the last block by default

    blocks.scene()->itemClicked("block:B");
    QCOMPARE(selection.stage(), QString("B"));
    QCOMPARE(loops.shownBlock(), QString("B"));
    QCOMPARE(nest.tree()->currentItem(), nest.blockItem("B"));
    QVERIFY(blocks.scene()->nodeItem("block:B")->highlighted());
    QVERIFY(!blocks.scene()->nodeItem("block:C")->highlighted());

    loops.scene()->itemClicked("loop:j");
    QCOMPARE(selection.iterVar(), QString("j"));
    QCOMPARE(nest.tree()->currentItem(), nest.loopItem("B", "j"));
    QVERIFY(loops.scene()->nodeItem("loop:j")->highlighted());

    nest.tree()->setCurrentItem(nest.blockItem("C"));
    QCOMPARE(selection.stage(), QString("C"));
    QCOMPARE(loops.shownBlock(), QString("C"));
    QVERIFY(blocks.scene()->nodeItem("block:C")->highlighted());
  }

  void scheduleCopiesLeaveTheOriginalAlone() {
    Schedule sch(Gemm());
    size_t before = sch.trace().insts.size();
    Intent split{"split", "C", {"i"}, {{"factors", "None, 32"}}};
    QCOMPARE(TirIntentProblem(sch, split), QString());
    QCOMPARE(sch.trace().insts.size(), before);
    QCOMPARE(TirLoopNames(sch, "C"), QStringList({"i", "j", "k"}));

    Schedule copy = sch;
    QVERIFY(ApplyTirIntent(copy, split));
    QCOMPARE(TirLoopNames(copy, "C"), QStringList({"i_0", "i_1", "j", "k"}));
    QCOMPARE(TirLoopNames(sch, "C"), QStringList({"i", "j", "k"}));
    std::vector<std::string> lines = tir::TraceLines(copy.trace());
    QCOMPARE(QString::fromStdString(lines.back()),
             QString("l4, l5 = sch.split(loop=l1, factors=[None, 32], preserve_unit_iters=True, "
                     "disable_predication=False)"));
  }

  void splitFactorsParse() {
    auto f = ParseSplitFactors("[None, 32]");
    QVERIFY(f.ok());
    QCOMPARE(int(f->size()), 2);
    QVERIFY(!(*f)[0]);
    QCOMPARE(*(*f)[1], int64_t(32));
    QVERIFY(ParseSplitFactors("4, 8, 4").ok());
    QVERIFY(!ParseSplitFactors("32").ok());
    QVERIFY(!ParseSplitFactors("None, None").ok());
    QVERIFY(!ParseSplitFactors("None, -2").ok());
    QVERIFY(!ParseSplitFactors("None, x").ok());
    Schedule sch(Gemm());
    QVERIFY(TirIntentProblem(sch, Intent{"split", "C", {"i"}, {{"factors", "None"}}})
                .contains("at least two factors"));
    QVERIFY(TirIntentProblem(sch, Intent{"split", "C", {"nope"}, {{"factors", "None, 2"}}})
                .contains("has no loop nope"));
  }

  void eachIntentIsOneScriptLine() {
    Schedule gemm(Gemm());
    const QString c = "sch.get_block(\"C\")";
    const QString loops = "sch.get_loops(" + c + ")";
    QCOMPARE(Line(gemm, Intent{"split", "C", {"i"}, {{"factors", "None, 32"}}}),
             "sch.split(" + loops + "[0], factors=[None, 32])");
    QCOMPARE(Line(gemm, Intent{"split", "C", {"j"}, {{"factors", "[4, 8, None]"}}}),
             "sch.split(" + loops + "[1], factors=[4, 8, None])");
    QCOMPARE(Line(gemm, Intent{"fuse", "C", {"i", "j"}, {}}),
             "sch.fuse(" + loops + "[0], " + loops + "[1])");
    QCOMPARE(Line(gemm, Intent{"reorder", "C", {"k", "i"}, {}}),
             "sch.reorder(" + loops + "[2], " + loops + "[0])");
    QCOMPARE(Line(gemm, Intent{"parallel", "C", {"i"}, {}}), "sch.parallel(" + loops + "[0])");
    QCOMPARE(Line(gemm, Intent{"vectorize", "C", {"j"}, {}}), "sch.vectorize(" + loops + "[1])");
    QCOMPARE(Line(gemm, Intent{"unroll", "C", {"k"}, {}}), "sch.unroll(" + loops + "[2])");
    QCOMPARE(Line(gemm, Intent{"bind", "C", {"i"}, {{"thread_axis", "blockIdx.x"}}}),
             "sch.bind(" + loops + "[0], thread_axis=\"blockIdx.x\")");
    QCOMPARE(
        Line(gemm,
             Intent{"cache_read", "C", {}, {{"buffer_index", 1}, {"storage_scope", "shared"}}}),
        "sch.cache_read(" + c + ", 1, \"shared\")");
    QCOMPARE(
        Line(gemm,
             Intent{"cache_write", "C", {}, {{"buffer_index", 0}, {"storage_scope", "local"}}}),
        "sch.cache_write(" + c + ", 0, \"local\")");
    QCOMPARE(Line(gemm, Intent{"decompose_reduction", "C", {"k"}, {}}),
             "sch.decompose_reduction(" + c + ", " + loops + "[2])");

    Schedule chain(Chain());
    QCOMPARE(Line(chain, Intent{"compute_at", "B", {"j"}, {{"loop_block", "C"}}}),
             "sch.compute_at(sch.get_block(\"B\"), sch.get_loops(sch.get_block(\"C\"))[1])");
    QCOMPARE(
        Line(chain, Intent{"reverse_compute_at", "C", {"i"}, {{"loop_block", "B"}}}),
        "sch.reverse_compute_at(sch.get_block(\"C\"), sch.get_loops(sch.get_block(\"B\"))[0])");
    QCOMPARE(Line(chain, Intent{"compute_inline", "B", {}, {}}),
             "sch.compute_inline(sch.get_block(\"B\"))");
    QCOMPARE(Line(chain, Intent{"reverse_compute_inline", "C", {}, {}}),
             "sch.reverse_compute_inline(sch.get_block(\"C\"))");

    // TVM 0.24+'s spelling, and the script's own schedule variable.
    gui::TirScriptSpelling sp = gui::TirSpellingOf(
        "from tvm import s_tir\nsched = s_tir.Schedule(mod)\nb0 = sched.get_sblock(\"C\")\n");
    QCOMPARE(sp.schedule_var, QString("sched"));
    QCOMPARE(sp.dialect, tir::TvmDialect::STir);
    QCOMPARE(Line(gemm, Intent{"split", "C", {"k"}, {{"factors", "None, 4"}}}, sp),
             "sched.split(sched.get_loops(sched.get_sblock(\"C\"))[2], factors=[None, 4])");
    gui::TirScriptSpelling old = gui::TirSpellingOf("import tvm\ns = tvm.tir.Schedule(f)\n");
    QCOMPARE(old.schedule_var, QString("s"));
    QCOMPARE(old.dialect, tir::TvmDialect::Tir);

    // Malformed intents say what is missing.
    QVERIFY(Line(gemm, Intent{"bind", "C", {"i"}, {}}).contains("thread axis"));
    QVERIFY(
        Line(gemm, Intent{"split", "C", {"q"}, {{"factors", "None, 2"}}}).contains("no loop q"));
    QVERIFY(Line(gemm, Intent{"fuse", "C", {"i"}, {}}).contains("two loops"));
    QVERIFY(Line(gemm, Intent{"cache_read", "C", {}, {{"buffer_index", 0}}}).contains("scope"));
  }

  void loopMenuAsksParametersAndChecksLegality() {
    Schedule sch(Gemm());
    TirLoopGraphView view;
    view.setState(StateOf(sch));
    QSignalSpy intents(&view, &ViewBase::intentRequested);
    QSignalSpy messages(&view, &ViewBase::statusMessage);

    std::unique_ptr<QMenu> menu(view.contextMenuFor("k"));
    QVERIFY(menu);
    for (const QString& p : TirLoopPrimitives())
      QVERIFY2(ActionNamed(menu.get(), p), qPrintable(p));
    // A reduction loop cannot be vectorized or run in parallel: disabled, with TVM's reason.
    QAction* vectorize = ActionNamed(menu.get(), "vectorize");
    QVERIFY(!vectorize->isEnabled());
    QVERIFY2(vectorize->toolTip().contains("Error"), qPrintable(vectorize->toolTip()));
    QVERIFY(!ActionNamed(menu.get(), "fuse")->isEnabled());  // k is innermost

    std::unique_ptr<QMenu> iMenu(view.contextMenuFor("i"));
    QVERIFY(ActionNamed(iMenu.get(), "parallel")->isEnabled());
    QString title;
    SetParameterAsker([&](QWidget*, const QString& t,
                          const QList<ParamField>& fields) -> std::optional<QVariantMap> {
      title = t;
      ParameterDialog dialog(nullptr, t, fields);
      qobject_cast<QLineEdit*>(dialog.editor("factors"))->setText("None, 48");
      dialog.updatePreview();
      [&] {
        QVERIFY2(dialog.previewText().contains("3 x 48"), qPrintable(dialog.previewText()));
      }();
      return dialog.values();
    });
    ActionNamed(iMenu.get(), "split")->trigger();
    QCOMPARE(intents.size(), 1);
    Intent split = LastIntent(intents);
    QCOMPARE(split.primitive, QString("split"));
    QCOMPARE(split.stage, QString("C"));
    QCOMPARE(split.iterVars, QStringList{"i"});
    QCOMPARE(split.params.value("factors").toString(), QString("None, 48"));

    // A dialog value the schedule refuses never becomes an intent.
    SetParameterAsker([](QWidget*, const QString&, const QList<ParamField>&) {
      return std::optional<QVariantMap>(QVariantMap{{"factors", "3, 3"}});
    });
    ActionNamed(iMenu.get(), "split")->trigger();
    QCOMPARE(intents.size(), 1);
    QVERIFY2(messages.last().at(0).toString().contains("WrongFactorProductError"),
             qPrintable(messages.last().at(0).toString()));

    SetParameterAsker(AcceptDefaults());
    ActionNamed(iMenu.get(), "fuse")->trigger();
    QCOMPARE(LastIntent(intents).iterVars, QStringList({"i", "j"}));
    ActionNamed(iMenu.get(), "bind")->trigger();
    QCOMPARE(LastIntent(intents).params.value("thread_axis").toString(), ThreadTags().first());
  }

  void tileRfactorAndBlockizeFromTheLoopMenu() {
    Schedule sch(Gemm());
    TirLoopGraphView view;
    view.setState(StateOf(sch));
    QSignalSpy intents(&view, &ViewBase::intentRequested);
    QSignalSpy messages(&view, &ViewBase::statusMessage);
    std::unique_ptr<QMenu> iMenu(view.contextMenuFor("i"));
    for (const char* p : {"tile", "rfactor", "blockize"}) QVERIFY2(ActionNamed(iMenu.get(), p), p);
    // rfactor needs a reduction loop: disabled, with the core's reason as the tooltip.
    // blockize of a block with an init gives the outer block an init, as TVM does.
    QAction* rfactor = ActionNamed(iMenu.get(), "rfactor");
    QVERIFY(!rfactor->isEnabled());
    QVERIFY2(rfactor->toolTip().startsWith("LoopPropertyError"), qPrintable(rfactor->toolTip()));
    QVERIFY(ActionNamed(iMenu.get(), "blockize")->isEnabled());

    // tile: the loop and the next one, each split by its factor, outer parts first.
    SetParameterAsker([](QWidget*, const QString&, const QList<ParamField>& fields) {
      ParameterDialog dialog(nullptr, "Tile", fields);
      dialog.updatePreview();
      [&] {
        QVERIFY2(dialog.previewText().contains("i_0 (16), j_0 (16), i_1 (8), j_1 (8)"),
                 qPrintable(dialog.previewText()));
      }();
      return std::optional<QVariantMap>(dialog.values());
    });
    ActionNamed(iMenu.get(), "tile")->trigger();
    QCOMPARE(intents.size(), 1);
    Intent tile = LastIntent(intents);
    QCOMPARE(tile.primitive, QString("tile"));
    QCOMPARE(tile.iterVars, QStringList({"i", "j"}));
    QCOMPARE(tile.params.value("x_factor").toInt(), 8);
    Schedule copy = sch;
    QVERIFY(ApplyTirIntent(copy, tile));
    QCOMPARE(TirLoopNames(copy, "C"), QStringList({"i_0", "j_0", "i_1", "j_1", "k"}));
    const QString loops = "sch.get_loops(sch.get_block(\"C\"))";
    QCOMPARE(Line(sch, tile), "sch.split(" + loops + "[0], factors=[None, 8])\n" + "sch.split(" +
                                  loops + "[2], factors=[None, 8])\n" + "sch.reorder(" + loops +
                                  "[0], " + loops + "[2], " + loops + "[1], " + loops + "[3])");
    // Factors the schedule refuses, and a loop with no inner loop: no intent, the reason.
    SetParameterAsker([](QWidget*, const QString&, const QList<ParamField>&) {
      return std::optional<QVariantMap>(QVariantMap{{"x_factor", 0}, {"y_factor", 8}});
    });
    ActionNamed(iMenu.get(), "tile")->trigger();
    QCOMPARE(intents.size(), 1);
    QVERIFY(messages.last().at(0).toString().contains("positive x_factor"));
    SetParameterAsker(AcceptDefaults());
    std::unique_ptr<QMenu> kMenu(view.contextMenuFor("k"));
    ActionNamed(kMenu.get(), "tile")->trigger();
    QCOMPARE(intents.size(), 1);
    QVERIFY(messages.last().at(0).toString().contains("no inner loop"));

    // rfactor of the reduction loop: the factored loop first in C.rf's shape by default.
    QVERIFY(ActionNamed(kMenu.get(), "rfactor")->isEnabled());
    ActionNamed(kMenu.get(), "rfactor")->trigger();
    Intent rf = LastIntent(intents);
    QCOMPARE(rf.primitive, QString("rfactor"));
    QCOMPARE(rf.iterVars, QStringList{"k"});
    QCOMPARE(rf.params.value("factor_axis").toInt(), 0);
    QCOMPARE(Line(sch, rf), "sch.rfactor(" + loops + "[2], factor_axis=0)");
    Schedule rfCopy = sch;
    QVERIFY(ApplyTirIntent(rfCopy, rf));
    QVERIFY(TirFindBlock(rfCopy, "C_rf"));
    QVERIFY(TirIntentProblem(sch, Intent{"rfactor", "C", {"k"}, {{"factor_axis", 9}}})
                .contains("Error"));
  }

  void blockizeALoopOfABlockWithoutInit() {
    Schedule sch(Chain());
    TirLoopGraphView view;
    SelectionModel selection;
    view.setSelectionModel(&selection);
    selection.selectStage("B");
    view.setState(StateOf(sch));
    QCOMPARE(view.shownBlock(), QString("B"));
    QSignalSpy intents(&view, &ViewBase::intentRequested);
    std::unique_ptr<QMenu> menu(view.contextMenuFor("j"));
    QAction* blockize = ActionNamed(menu.get(), "blockize");
    QVERIFY2(blockize->isEnabled(), qPrintable(blockize->toolTip()));
    SetParameterAsker(AcceptDefaults());  // preserve_unit_iters as TVM's default
    blockize->trigger();
    Intent b = LastIntent(intents);
    QCOMPARE(b.primitive, QString("blockize"));
    QCOMPARE(Line(sch, b), QString("sch.blockize(sch.get_loops(sch.get_block(\"B\"))[1])"));
    Schedule copy = sch;
    QVERIFY(ApplyTirIntent(copy, b));
    QVERIFY(TirFindBlock(copy, "B_o"));
  }

  void transformLayoutDialogWritesTheScriptLine() {
    Schedule sch(Chain());
    TirBlockGraphView view;
    view.setState(StateOf(sch));
    QSignalSpy intents(&view, &ViewBase::intentRequested);
    QSignalSpy messages(&view, &ViewBase::statusMessage);
    std::unique_ptr<QMenu> menu(view.contextMenuFor("B"));
    QAction* layout = ActionNamed(menu.get(), "transform_layout");
    QVERIFY(layout);
    QStringList buffers;
    QString map;
    SetParameterAsker([&](QWidget*, const QString&, const QList<ParamField>& fields) {
      for (const ParamField& f : fields) {
        if (f.key == "layout_buffer") buffers = f.choices;
        if (f.key == "index_map") map = f.value.toString();
      }
      return std::optional<QVariantMap>(
          QVariantMap{{"layout_buffer", "write 0: B"},
                      {"index_map", "lambda i, j: (j // 8, i, j % 8)"},
                      {"pad_value", "0.0"}});
    });
    layout->trigger();
    QCOMPARE(buffers, QStringList({"write 0: B", "read 0: A"}));
    QCOMPARE(map, QString("lambda i, j: (i, j // 4, j % 4)"));
    QCOMPARE(intents.size(), 1);
    Intent t = LastIntent(intents);
    QCOMPARE(t.primitive, QString("transform_layout"));
    QCOMPARE(t.params.value("buffer_type").toString(), QString("write"));
    QCOMPARE(t.params.value("buffer_index").toInt(), 0);
    QVERIFY(TirIntentNeedsScript(t));
    QCOMPARE(Line(sch, t), QString("sch.transform_layout(sch.get_block(\"B\"), (\"write\", 0), "
                                   "lambda i, j: (j // 8, i, j % 8), pad_value=0.0)"));
    Intent none = t;
    none.params["pad_value"] = "";
    QVERIFY(Line(sch, none).endsWith("lambda i, j: (j // 8, i, j % 8))"));

    // What is not a lambda, or names no buffer of the block, is refused before any script.
    SetParameterAsker([](QWidget*, const QString&, const QList<ParamField>&) {
      return std::optional<QVariantMap>(QVariantMap{
          {"layout_buffer", "read 0: A"}, {"index_map", "[i // 4, i % 4]"}, {"pad_value", ""}});
    });
    layout->trigger();
    QCOMPARE(intents.size(), 1);
    QVERIFY2(messages.last().at(0).toString().contains("as a lambda"),
             qPrintable(messages.last().at(0).toString()));
    Intent wrong = t;
    wrong.params["buffer_index"] = 3;
    QVERIFY(TirIntentProblem(sch, wrong).contains("no buffer 3"));
    QVERIFY(Line(sch, wrong).contains("no buffer 3"));
  }

  void blockMenuOffersBlockPrimitives() {
    Schedule sch(Chain());
    TirBlockGraphView view;
    view.setState(StateOf(sch));
    QSignalSpy intents(&view, &ViewBase::intentRequested);
    std::unique_ptr<QMenu> menu(view.contextMenuFor("B"));
    QVERIFY(menu);
    QVERIFY(ActionNamed(menu.get(), "compute_inline")->isEnabled());
    QVERIFY(!view.contextMenuFor("root"));
    SetParameterAsker(AcceptDefaults());
    ActionNamed(menu.get(), "compute_at")->trigger();
    QCOMPARE(intents.size(), 1);
    Intent at = LastIntent(intents);
    QCOMPARE(at.primitive, QString("compute_at"));
    QCOMPARE(at.params.value("loop_block").toString(), QString("C"));
    QCOMPARE(at.iterVars, QStringList{"i"});
    ActionNamed(menu.get(), "cache_read")->trigger();
    QCOMPARE(LastIntent(intents).params.value("buffer_index").toInt(), 0);
    QCOMPARE(LastIntent(intents).params.value("storage_scope").toString(), QString("shared"));

    // C is the output block: it cannot be inlined (TVM's reason as the tooltip).
    std::unique_ptr<QMenu> cMenu(view.contextMenuFor("C"));
    QVERIFY(!ActionNamed(cMenu.get(), "compute_inline")->isEnabled());
    QVERIFY(!ActionNamed(cMenu.get(), "compute_inline")->toolTip().isEmpty());
  }

  void dropsBecomeIntents() {
    Schedule sch(Gemm());
    TirLoopGraphView view;
    view.setState(StateOf(sch));
    QSignalSpy intents(&view, &ViewBase::intentRequested);
    // A loop on its neighbour fuses them; on another loop of the block swaps the two.
    QVERIFY(view.scene()->dropOnNode(Mime("loop:j").get(), "loop:i"));
    QCOMPARE(LastIntent(intents).primitive, QString("fuse"));
    QCOMPARE(LastIntent(intents).iterVars, QStringList({"i", "j"}));
    QVERIFY(view.scene()->dropOnNode(Mime("loop:i").get(), "loop:k"));
    QCOMPARE(LastIntent(intents).primitive, QString("reorder"));
    QCOMPARE(LastIntent(intents).iterVars, QStringList({"k", "i"}));
    QVERIFY(!view.scene()->dropOnNode(Mime("loop:i").get(), "loop:i"));
    QCOMPARE(intents.size(), 2);

    // A block on a loop: compute_at for a producer, reverse_compute_at for a consumer.
    Schedule chain(Chain());
    TirLoopNestView nest;
    nest.setState(StateOf(chain));
    QSignalSpy nestIntents(&nest, &ViewBase::intentRequested);
    QVERIFY(nest.dropOn(Mime("block:B").get(), nest.loopItem("C", "j")));
    QCOMPARE(LastIntent(nestIntents).primitive, QString("compute_at"));
    QCOMPARE(LastIntent(nestIntents).stage, QString("B"));
    QCOMPARE(LastIntent(nestIntents).iterVars, QStringList{"j"});
    QCOMPARE(LastIntent(nestIntents).params.value("loop_block").toString(), QString("C"));
    QVERIFY(nest.dropOn(Mime("block:C").get(), nest.loopItem("B", "i")));
    QCOMPARE(LastIntent(nestIntents).primitive, QString("reverse_compute_at"));
    QCOMPARE(LastIntent(nestIntents).params.value("loop_block").toString(), QString("B"));
    // Loops in the nest: a neighbour fuses.
    QVERIFY(nest.dropOn(Mime("loop:C/j").get(), nest.loopItem("C", "i")));
    QCOMPARE(LastIntent(nestIntents).primitive, QString("fuse"));
    QVERIFY(!nest.dropPreview("loop:C/j", nest.loopItem("C", "i")).isEmpty());
    // Nothing is dropped on a block, nor a loop on another block's loop.
    QVERIFY(!nest.dropProblem("block:B", nest.blockItem("C")).isEmpty());
    QVERIFY(!nest.dropProblem("loop:C/j", nest.loopItem("B", "i")).isEmpty());
    QVERIFY(!nest.dropProblem("loop:j", nest.loopItem("C", "i")).isEmpty());  // no block known

    // The block graph: B dropped on C computes it at a loop the chooser picks.
    TirBlockGraphView blocks;
    blocks.setState(StateOf(chain));
    QSignalSpy blockIntents(&blocks, &ViewBase::intentRequested);
    QStringList offered;
    blocks.setLoopChooser([&](const QString&, const QStringList& l) {
      offered = l;
      return l.last();
    });
    QVERIFY(blocks.scene()->dropOnNode(Mime("block:B").get(), "block:C"));
    QCOMPARE(offered, QStringList({"i", "j"}));
    QCOMPARE(LastIntent(blockIntents).primitive, QString("compute_at"));
    QCOMPARE(LastIntent(blockIntents).iterVars, QStringList{"j"});
  }

  void illegalDropIsRefusedWithTvmsReason() {
    // B feeds C and D: it cannot be computed at a loop of C alone, D would not see it.
    Schedule sch(Chain(/*twoConsumers=*/true));
    TirLoopGraphView view;
    SelectionModel selection;
    view.setSelectionModel(&selection);
    selection.selectStage("C");
    view.setState(StateOf(sch));
    QCOMPARE(view.shownBlock(), QString("C"));
    QSignalSpy intents(&view, &ViewBase::intentRequested);
    QSignalSpy rejected(view.scene(), &GraphScene::dropRejected);
    QString problem = view.scene()->dropProblem("block:B", "loop:i");
    QVERIFY2(problem.startsWith("NotAllRequiredBlocksAreVisitedError"), qPrintable(problem));
    QVERIFY(problem.contains("D"));
    QVERIFY(!view.scene()->dropOnNode(Mime("block:B").get(), "loop:i"));
    QCOMPARE(intents.size(), 0);
    QCOMPARE(rejected.size(), 1);
    QCOMPARE(rejected.last().at(0).toString(), problem);

    // The same refusal in the block graph (no loop of C takes B) and in the loop nest.
    TirBlockGraphView blocks;
    blocks.setState(StateOf(sch));
    QVERIFY(
        blocks.dropProblem("block:B", "block:C").startsWith("NotAllRequiredBlocksAreVisitedError"));
    TirLoopNestView nest;
    nest.setState(StateOf(sch));
    QSignalSpy messages(&nest, &ViewBase::statusMessage);
    QVERIFY(!nest.dropOn(Mime("block:B").get(), nest.loopItem("C", "i")));
    QVERIFY(messages.last().at(0).toString().startsWith("NotAllRequiredBlocksAreVisitedError"));
    // Blocks sharing no buffer.
    QVERIFY(blocks.dropProblem("block:C", "block:D").contains("share no buffer"));
  }

  void emptyAndTeDocumentsShowNothing() {
    DocumentState none;
    TirBlockGraphView blocks;
    blocks.setState(none);
    QVERIFY(blocks.scene()->model().empty());
    QVERIFY(!blocks.note().isEmpty());
    TirLoopGraphView loops;
    loops.setState(none);
    QVERIFY(loops.scene()->model().empty());
    TirLoopNestView nest;
    nest.setState(none);
    QCOMPARE(nest.tree()->topLevelItemCount(), 0);
    QVERIFY(BuildTirLoopGraph(Schedule(Gemm()), "nope").empty());
    QVERIFY(BuildTirLoopGraph(Schedule(Gemm()), "root").empty());
  }
};

}  // namespace tst_tir_views

QTEST_MAIN(tst_tir_views::TestTirViews)
#include "tst_tir_views.moc"
