// TVM's own rewrite-simplifier cases (v0.19, tests/python/arith/
// test_arith_rewrite_simplify.py), ported as data: tests/arith/data/tvm_rewrite_cases.txt
// holds, per line, the input, TVM's expected output and the preconditions TVM's test
// assumes, in the script language's expression syntax (the format is described at the
// top of the file). For every case:
//  - Tessera's Analyzer::Simplify (with the preconditions as assumptions) must keep the
//    value at every random point that satisfies the preconditions — a wrong answer fails
//    the test, whatever the hit rate;
//  - the case is a hit when the result is structurally equal to TVM's expected output or
//    no larger (tree size, script::ExprTreeSize): "as simple as TVM";
//  - a case marked `!tvm-unsound` is one where TVM's expected output differs from its
//    input at some point; the test checks that claim and keeps it out of the rate.
// The hit rate is printed per section; the test fails when it drops below kMinHits
// (a ratchet: raise it when the simplifier improves).
#include <QtTest>
#include <map>
#include <random>

#include "ArithTestSupport.h"
#include "arith/Evaluate.h"
#include "arith/ExprOrder.h"
#include "script/Assumptions.h"
#include "script/ExprEval.h"
#include "script/lang/ExprSize.h"

namespace tst_tvm_simplify_cases {

using namespace tessera;
using namespace tessera::arith;
using namespace tessera::arith::test;

namespace {

// The number of ported cases that must come out as simple as TVM's.
constexpr int kMinHits = 535;

struct TvmCase {
  QString section;
  int line = 0;
  QString before, expected, where;
  bool tvm_unsound = false;
};

std::vector<TvmCase> LoadCases(const QString& path, QString* error) {
  QFile file(path);
  if (!file.open(QIODevice::ReadOnly | QIODevice::Text)) {
    *error = "cannot open " + path;
    return {};
  }
  std::vector<TvmCase> cases;
  QString section;
  int line_no = 0;
  while (!file.atEnd()) {
    QString line = QString::fromUtf8(file.readLine()).trimmed();
    ++line_no;
    if (line.isEmpty() || line.startsWith('#')) continue;
    if (line.startsWith('[') && line.endsWith(']')) {
      section = line.mid(1, line.size() - 2);
      continue;
    }
    TvmCase c;
    c.section = section;
    c.line = line_no;
    if (line.endsWith("!tvm-unsound")) {
      c.tvm_unsound = true;
      line.chop(QString("!tvm-unsound").size());
    }
    int arrow = line.indexOf("  =>  ");
    if (arrow < 0) {
      *error = QString("%1:%2: expected `BEFORE  =>  EXPECTED`").arg(path).arg(line_no);
      return {};
    }
    c.before = line.left(arrow).trimmed();
    QString rest = line.mid(arrow + 6);
    int where = rest.indexOf("  where  ");
    c.expected = (where < 0 ? rest : rest.left(where)).trimmed();
    if (where >= 0) c.where = rest.mid(where + 9).trimmed();
    cases.push_back(c);
  }
  return cases;
}

struct Parsed {
  Expr before, expected, where;
  std::vector<Var> vars;
};

std::optional<Parsed> Parse(const TvmCase& c, QString* error) {
  script::ExprEnvironment env;
  Parsed p;
  auto parse = [&](const QString& text, Expr* out) {
    auto r = env.Evaluate(text.toStdString(), "<case>");
    if (!r) {
      *error = QString::fromStdString(r.error().format());
      return false;
    }
    *out = *r;
    return true;
  };
  if (!parse(c.before, &p.before) || !parse(c.expected, &p.expected)) return std::nullopt;
  if (!c.where.isEmpty() && !parse(c.where, &p.where)) return std::nullopt;
  p.vars = env.vars();
  return p;
}

// Random points (small and large values) that satisfy the preconditions.
std::vector<VarValueMap> SamplePoints(const Parsed& p, uint32_t seed) {
  std::mt19937 rng(seed);
  std::vector<VarValueMap> points;
  for (int attempt = 0; attempt < 600 && points.size() < 120; ++attempt) {
    int64_t range = attempt % 2 ? 12 : 130;
    VarValueMap point;
    for (const Var& v : p.vars)
      point[v] = std::uniform_int_distribution<int64_t>(-range, range)(rng);
    if (p.where.defined()) {
      auto ok = EvaluateConstant(p.where, point);
      if (!ok.ok() || *ok == 0) continue;
    }
    points.push_back(point);
  }
  return points;
}

// The first point where a and b differ (both defined there), as text; empty when none.
QString Difference(const Expr& a, const Expr& b, const std::vector<VarValueMap>& points,
                   int* compared) {
  for (const VarValueMap& point : points) {
    auto va = EvaluateConstant(a, point);
    if (!va.ok()) continue;
    auto vb = EvaluateConstant(b, point);
    ++*compared;
    if (!vb.ok() || *va != *vb) {
      QString where;
      for (const auto& [var, value] : point)
        where += QString(" %1=%2").arg(QString::fromStdString(var.name())).arg(value);
      return QString("at%1: %2 vs %3")
          .arg(where)
          .arg(*va)
          .arg(vb.ok() ? QString::number(*vb) : QString::fromStdString(vb.error().message));
    }
  }
  return QString();
}

struct SectionScore {
  int hits = 0, total = 0;
};

}  // namespace

class TestTvmSimplifyCases : public QObject {
  Q_OBJECT

 private slots:
  void rewriteCases() {
    QString path = QFINDTESTDATA("arith/data/tvm_rewrite_cases.txt");
    QVERIFY2(!path.isEmpty(), "data/tvm_rewrite_cases.txt not found");
    QString error;
    std::vector<TvmCase> cases = LoadCases(path, &error);
    QVERIFY2(error.isEmpty(), qPrintable(error));
    QVERIFY(cases.size() > 100);

    std::map<QString, SectionScore> sections;
    std::vector<QString> section_order;
    int hits = 0, total = 0, unsound = 0;
    QStringList misses;
    for (const TvmCase& c : cases) {
      QString at = QString("line %1 [%2] %3").arg(c.line).arg(c.section, c.before);
      auto parsed = Parse(c, &error);
      QVERIFY2(parsed, qPrintable(at + ": " + error));
      Analyzer an;
      if (parsed->where.defined()) script::AddAssumptions(an, {parsed->where});
      Expr ours = an.Simplify(parsed->before);

      std::vector<VarValueMap> points = SamplePoints(*parsed, c.line);
      int compared = 0;
      QString wrong = Difference(parsed->before, ours, points, &compared);
      QVERIFY2(wrong.isEmpty(), qPrintable(at + "\n  -> " + Str(ours) + "\n  " + wrong));

      int tvm_compared = 0;
      QString tvm_wrong = Difference(parsed->before, parsed->expected, points, &tvm_compared);
      if (c.tvm_unsound) {
        QVERIFY2(!tvm_wrong.isEmpty(),
                 qPrintable(at + ": marked !tvm-unsound but TVM's output agrees"));
        ++unsound;
        continue;
      }
      QVERIFY2(tvm_wrong.isEmpty(),
               qPrintable(at + ": TVM's expected output differs from the input " + tvm_wrong +
                          " (mark the case !tvm-unsound)"));

      if (!sections.count(c.section)) section_order.push_back(c.section);
      SectionScore& score = sections[c.section];
      ++score.total;
      ++total;
      bool hit = ExprDeepEqual(ours, parsed->expected) ||
                 script::ExprTreeSize(ours) <= script::ExprTreeSize(parsed->expected);
      if (hit) {
        ++score.hits;
        ++hits;
      } else {
        misses << QString("  line %1: %2\n      ours: %3\n      tvm:  %4")
                      .arg(c.line)
                      .arg(c.before, Str(ours), Str(parsed->expected));
      }
    }
    for (const QString& s : section_order)
      qInfo("%-28s %3d / %3d", qPrintable(s), sections[s].hits, sections[s].total);
    qInfo("TVM rewrite-simplify cases as simple as TVM: %d / %d (%.1f%%); %d TVM outputs unsound",
          hits, total, 100.0 * hits / std::max(total, 1), unsound);
    if (!misses.isEmpty()) qInfo("less simple than TVM:\n%s", qPrintable(misses.join('\n')));
    QVERIFY2(hits >= kMinHits,
             qPrintable(QString("hit rate dropped: %1 < %2").arg(hits).arg(kMinHits)));
  }
};

}  // namespace tst_tvm_simplify_cases

QTEST_APPLESS_MAIN(tst_tvm_simplify_cases::TestTvmSimplifyCases)
#include "tst_tvm_simplify_cases.moc"
