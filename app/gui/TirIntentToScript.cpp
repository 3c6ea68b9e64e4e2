#include "TirIntentToScript.h"

#include <QCoreApplication>
#include <QRegularExpression>

#include "tune/tir/TirCandidateScript.h"
#include "views/TirIntents.h"
#include "views/TirPrimitiveArguments.h"

namespace tessera::gui {
namespace {

struct TirIntentToScriptText {
  Q_DECLARE_TR_FUNCTIONS(TirIntentToScript)
};

Error Fail(const QString& text) { return Error(text.toStdString()); }

struct Printer {
  const tir::Schedule& sch;
  const views::Intent& intent;
  const TirScriptSpelling& sp;
  // The function of a module of several the blocks are looked up in; empty: one function.
  QString func_name;

  QString Block(const QString& name) const {
    QString get = sp.dialect == tir::TvmDialect::STir ? "get_sblock" : "get_block";
    if (!func_name.isEmpty())
      return QString("%1.%2(\"%3\", func_name=\"%4\")").arg(sp.schedule_var, get, name, func_name);
    return QString("%1.%2(\"%3\")").arg(sp.schedule_var, get, name);
  }

  Result<QString> Loop(const QString& name) const {
    QString owner = intent.params.value("loop_block").toString();
    if (owner.isEmpty()) owner = intent.stage;
    QStringList loops = views::TirLoopNames(sch, owner);
    int index = int(loops.indexOf(name));
    if (index < 0)
      return Fail(TirIntentToScriptText::tr("block %1 has no loop %2").arg(owner, name));
    return QString("%1.get_loops(%2)[%3]").arg(sp.schedule_var, Block(owner)).arg(index);
  }

  Result<QString> Loops() const {
    if (intent.iterVars.isEmpty())
      return Fail(TirIntentToScriptText::tr("%1 needs a loop").arg(intent.primitive));
    QStringList out;
    for (const QString& name : intent.iterVars) {
      auto l = Loop(name);
      if (!l.ok()) return l.error();
      out << *l;
    }
    return out.join(", ");
  }

  // get_loops(...)[index] of the loop owner's loops as they are before the line runs.
  QString LoopAt(int index) const {
    QString owner = intent.params.value("loop_block").toString();
    if (owner.isEmpty()) owner = intent.stage;
    return QString("%1.get_loops(%2)[%3]").arg(sp.schedule_var, Block(owner)).arg(index);
  }

  // tile as TVM writes it: two splits and a reorder, three lines that each name the
  // loops by their position at that point (the first split shifts the later loops).
  Result<QString> Tile() const {
    if (intent.iterVars.size() != 2) return Fail(TirIntentToScriptText::tr("tile needs two loops"));
    QString owner = intent.params.value("loop_block").toString();
    QStringList loops = views::TirLoopNames(sch, owner.isEmpty() ? intent.stage : owner);
    int x = int(loops.indexOf(intent.iterVars[0])), y = int(loops.indexOf(intent.iterVars[1]));
    if (x < 0 || y < 0 || y <= x)
      return Fail(TirIntentToScriptText::tr("tile: %1 must be a loop outside %2 of block %3")
                      .arg(intent.iterVars[0], intent.iterVars[1], intent.stage));
    bool ok = false, ok2 = false;
    int xf = intent.params.value("x_factor").toInt(&ok);
    int yf = intent.params.value("y_factor").toInt(&ok2);
    if (!ok || !ok2 || xf <= 0 || yf <= 0)
      return Fail(TirIntentToScriptText::tr("tile needs two positive factors"));
    const QString split = "%1.split(%2, factors=[None, %3])";
    return QStringList{
        split.arg(sp.schedule_var, LoopAt(x)).arg(xf),
        split.arg(sp.schedule_var, LoopAt(y + 1)).arg(yf),
        QString("%1.reorder(%2, %3, %4, %5)")
            .arg(sp.schedule_var, LoopAt(x), LoopAt(y + 1), LoopAt(x + 1), LoopAt(y + 2))}
        .join("\n");
  }

  // The optional arguments the intent sets away from TVM's defaults, as keywords after
  // the required ones (TVM prints none of those at their defaults).
  QString Options() const {
    const QString& p = intent.primitive;
    QString out;
    if (p == "compute_at" || p == "reverse_compute_at") {
      if (views::TirFlagOption(intent, "preserve_unit_loops")) out += ", preserve_unit_loops=True";
      if (int64_t index = views::TirIndexOption(intent); index != -1)
        out += QString(", index=%1").arg(index);
    }
    if ((p == "split" || p == "fuse" || p == "blockize") &&
        !views::TirFlagOption(intent, "preserve_unit_iters"))
      out += ", preserve_unit_iters=False";
    if (p == "split" && views::TirFlagOption(intent, "disable_predication"))
      out += ", disable_predication=True";
    if (p == "cache_read" || p == "cache_write") {
      QStringList blocks;
      for (const QString& name : views::TirConsumerBlocks(intent)) blocks << Block(name);
      if (!blocks.isEmpty()) out += ", consumer_blocks=[" + blocks.join(", ") + "]";
    }
    return out;
  }

  QString Call(const QString& args) const {
    return QString("%1.%2(%3)").arg(sp.schedule_var, intent.primitive, args);
  }

  // annotate, unannotate, tensorize, add_unit_loop, set_axis_separator and
  // transform_block_layout, as TVM 0.20 runs them: the block_or_loop argument is the
  // intent's loop when it names one, else its block.
  Result<QString> ArgumentLine() const {
    const QString& p = intent.primitive;
    // The schedule's checks (on a copy; the lambda's shape for transform_block_layout).
    if (QString problem = views::TirIntentProblem(sch, intent); !problem.isEmpty())
      return Fail(problem);
    const QVariantMap& a = intent.params;
    QString target = Block(intent.stage);
    if (!intent.iterVars.isEmpty() && p != "set_axis_separator" && p != "transform_block_layout" &&
        p != "annotate_buffer_access") {
      auto loop = Loop(intent.iterVars.front());
      if (!loop.ok()) return loop.error();
      target = *loop;
    }
    if (p == "add_unit_loop") return Call(target);
    if (p == "tensorize")
      return Call(target + ", " +
                  views::PythonStringLiteral(a.value("intrin").toString().trimmed()));
    QString key = "ann_key=" + views::PythonStringLiteral(a.value("ann_key").toString());
    if (p == "unannotate") return Call(target + ", " + key);
    if (p == "annotate") {
      auto value = views::ParseAnnotationValue(a.value("ann_type").toString(),
                                               a.value("ann_val").toString());
      if (!value.ok()) return value.error();
      return Call(QString("%1, %2, ann_val=%3").arg(target, key, value->python));
    }
    if (p == "annotate_buffer_access")
      return Call(QString("%1, %2, \"%3\", %4")
                      .arg(target, a.value("buffer_index").toString(),
                           a.value("buffer_type").toString(),
                           a.value("gen_new_ranges").toString().trimmed()));
    if (p == "set_axis_separator") {
      auto separators = views::ParseAxisSeparators(a.value("axis_separators").toString());
      if (!separators.ok()) return separators.error();
      QStringList axes;
      for (int64_t s : *separators) axes << QString::number(s);
      return Call(
          QString("%1, %2, [%3]").arg(target, views::TirBufferArgument(intent), axes.join(", ")));
    }
    return Call(target + ", " + a.value("index_map").toString().trimmed());
  }

  Result<QString> Line() const {
    const QString& p = intent.primitive;
    if (intent.stage.isEmpty()) return Fail(TirIntentToScriptText::tr("%1 needs a block").arg(p));
    if (p == "compute_inline" || p == "reverse_compute_inline") return Call(Block(intent.stage));
    if (p == "cache_read" || p == "cache_write") {
      bool ok = false;
      int index = intent.params.value("buffer_index").toInt(&ok);
      QString scope = intent.params.value("storage_scope").toString();
      if (!ok || index < 0)
        return Fail(TirIntentToScriptText::tr("%1 needs a buffer index").arg(p));
      if (scope.isEmpty())
        return Fail(TirIntentToScriptText::tr("%1 needs a storage scope").arg(p));
      return Call(QString("%1, %2, \"%3\"").arg(Block(intent.stage)).arg(index).arg(scope) +
                  Options());
    }
    if (p == "set_scope" || p == "storage_align" || p == "reindex" || p == "pad_einsum" ||
        p == "reorder_block_iter_var" || p == "unsafe_set_dtype" || p == "rolling_buffer" ||
        p == "unsafe_hide_buffer_access" || p == "cache_index") {
      // The schedule's checks (on a copy) before any line: the arguments' shapes included.
      if (QString problem = views::TirIntentProblem(sch, intent); !problem.isEmpty())
        return Fail(problem);
      const QString block = Block(intent.stage);
      const QVariantMap& a = intent.params;
      if (p == "set_scope")
        return Call(QString("%1, %2, \"%3\"")
                        .arg(block, a.value("buffer_index").toString(),
                             a.value("storage_scope").toString()));
      if (p == "storage_align")
        return Call(QString("%1, %2, %3, %4, %5")
                        .arg(block, a.value("buffer_index").toString(), a.value("axis").toString(),
                             a.value("factor").toString(), a.value("offset").toString()));
      if (p == "reindex") return Call(block + ", " + views::TirBufferArgument(intent));
      if (p == "rolling_buffer") return Call(block + ", " + a.value("buffer_index").toString());
      if (p == "cache_index")
        return Call(
            QString("%1, \"%2\", %3")
                .arg(block, a.value("storage_scope").toString(), a.value("cse_thresh").toString()));
      if (p == "unsafe_hide_buffer_access")
        return Call(
            QString("%1, \"%2\", [%3]")
                .arg(block, a.value("buf_type").toString(), a.value("buf_index_array").toString()));
      if (p == "unsafe_set_dtype")
        return Call(
            QString("%1, %2, \"%3\"")
                .arg(block, a.value("buffer_index").toString(), a.value("dtype").toString()));
      QStringList items;
      const char* key = p == "pad_einsum" ? "padding" : "new_order";
      for (const QString& part :
           a.value(key).toString().remove('[').remove(']').split(',', Qt::SkipEmptyParts))
        items << part.trimmed();
      return Call(QString("%1, [%2]").arg(block, items.join(", ")));
    }
    if (p == "tile") return Tile();
    if (p == "blockize" && intent.params.contains("blocks")) {
      QStringList blocks;
      for (const QString& name : intent.params.value("blocks").toStringList())
        blocks << Block(name);
      return Call("[" + blocks.join(", ") + "]" + Options());
    }
    if (views::IsTirArgumentPrimitive(p)) return ArgumentLine();
    if (p == "transform_layout") {
      if (QString problem = views::TirIntentProblem(sch, intent); !problem.isEmpty())
        return Fail(problem);
      QString pad = intent.params.value("pad_value").toString().trimmed();
      return Call(QString("%1, %2, %3%4")
                      .arg(Block(intent.stage), views::TirBufferArgument(intent),
                           intent.params.value("index_map").toString().trimmed(),
                           pad.isEmpty() ? QString() : ", pad_value=" + pad));
    }
    auto loops = Loops();
    if (!loops.ok()) return loops.error();
    if (p == "compute_at" || p == "reverse_compute_at" || p == "decompose_reduction" ||
        p == "decompose_padding")
      return Call(Block(intent.stage) + ", " + *loops + Options());
    if (p == "merge") {
      if (QString problem = views::TirIntentProblem(sch, intent); !problem.isEmpty())
        return Fail(problem);
      QStringList args{*loops};
      for (const QString& other : views::TirMergeWith(intent)) {
        const QString owner = other.section(": ", 0, 0);
        const int index = int(views::TirLoopNames(sch, owner).indexOf(other.section(": ", 1)));
        args << QString("%1.get_loops(%2)[%3]").arg(sp.schedule_var, Block(owner)).arg(index);
      }
      return Call(args.join(", "));
    }
    if (p == "fuse" || p == "reorder") {
      if (intent.iterVars.size() < 2)
        return Fail(TirIntentToScriptText::tr("%1 needs at least two loops").arg(p));
      return Call(*loops + Options());
    }
    if (p == "parallel" || p == "vectorize" || p == "unroll" || p == "blockize")
      return Call(*loops + Options());
    if (p == "read_at" || p == "write_at") {
      if (QString problem = views::TirIntentProblem(sch, intent); !problem.isEmpty())
        return Fail(problem);
      return Call(QString("%1, %2, %3, \"%4\"")
                      .arg(*loops, Block(intent.stage),
                           intent.params.value("buffer_index").toString(),
                           intent.params.value("storage_scope").toString()));
    }
    if (p == "rfactor") {
      bool ok = false;
      int axis = intent.params.value("factor_axis", 0).toInt(&ok);
      if (!ok) return Fail(TirIntentToScriptText::tr("rfactor: factor_axis must be an integer"));
      return Call(QString("%1, factor_axis=%2").arg(*loops).arg(axis));
    }
    if (p == "bind") {
      QString axis = intent.params.value("thread_axis").toString();
      if (axis.isEmpty()) return Fail(TirIntentToScriptText::tr("bind needs a thread axis"));
      return Call(QString("%1, thread_axis=\"%2\"").arg(*loops, axis));
    }
    if (p == "split" || p == "loop_partition") {
      if (p == "loop_partition") {
        if (QString problem = views::TirIntentProblem(sch, intent); !problem.isEmpty())
          return Fail(problem);
      }
      auto factors = views::ParseSplitFactors(intent.params.value("factors").toString(), p);
      if (!factors.ok()) return factors.error();
      QStringList fs;
      for (const auto& f : *factors) fs << (f ? QString::number(*f) : QString("None"));
      return Call(QString("%1, factors=[%2]").arg(*loops, fs.join(", ")) + Options());
    }
    return Fail(
        TirIntentToScriptText::tr("%1 is not a TensorIR primitive the application applies").arg(p));
  }
};

}  // namespace

TirScriptSpelling TirSpellingOf(const QString& script) {
  TirScriptSpelling sp;
  static const QRegularExpression schedule(
      R"(^\s*([A-Za-z_]\w*)\s*=\s*(?:tvm\.)?(s_tir|tir)\.Schedule\()",
      QRegularExpression::MultilineOption);
  QRegularExpressionMatch m = schedule.match(script);
  if (m.hasMatch()) {
    sp.has_schedule = true;
    sp.schedule_var = m.captured(1);
    if (m.captured(2) == "s_tir") sp.dialect = tir::TvmDialect::STir;
  } else if (script.contains("s_tir") || script.contains("get_sblock") || script.contains("tirx")) {
    sp.dialect = tir::TvmDialect::STir;
  }
  return sp;
}

Result<QString> TirScheduleCreation(const QString& script, const TirScriptSpelling& spelling) {
  auto lines = tune::TirScheduleCreationLines(
      script.toStdString(), spelling.schedule_var.toStdString(), spelling.dialect);
  if (!lines)
    return Error(TirIntentToScriptText::tr("the script binds no TensorIR function or module at "
                                           "its top level to make a schedule of")
                     .toStdString());
  return QString::fromStdString(*lines);
}

Result<QString> TirScriptLine(const tir::Schedule& sch, const views::Intent& intent,
                              const TirScriptSpelling& spelling) {
  // In a module of several functions a bare get_block looks in the script's work_on
  // function, which need not be the one shown: the line names it, as TVM's trace does.
  QString func = sch.module().size() > 1 ? QString::fromStdString(sch.func_name()) : QString();
  return Printer{sch, intent, spelling, func}.Line();
}

}  // namespace tessera::gui
