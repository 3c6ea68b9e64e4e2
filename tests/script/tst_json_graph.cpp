// tvm.ir.save_json / tvm.ir.load_json (JsonGraph.h) as TVM's unit tests use them
// (test_te_tag.py, test_te_tensor.py): round trips of every operation kind, attrs, scans;
// a loaded tensor schedules and lowers to the same program as the original; JSON files
// written by the real TVM 0.19 (tests/script/data/json, make_samples.py) load and lower;
// malformed JSON and invalid graphs get located errors. The facts are `assert`
// statements inside the scripts.
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QtTest>

#include "script/Evaluator.h"

namespace tst_json_graph {

using namespace tessera;
using namespace tessera::script;

namespace {

const char* kPrelude = "import tvm\nfrom tvm import te\n";

Result<ScriptProgram> Eval(const std::string& body) {
  return EvaluateScript(std::string(kPrelude) + body, "t.py");
}

std::string ReadSample(const std::string& name) {
  QFile f(QString::fromLocal8Bit(qgetenv("TESSERA_SOURCE_DIR")) + "/tests/script/data/json/" +
          QString::fromStdString(name));
  if (!f.open(QIODevice::ReadOnly)) return "";
  return f.readAll().toStdString();
}

// The gemm of test_te_tag.py (a reduction with a tag and attrs).
const char* kGemm =
    "n = te.size_var('n')\nm = te.size_var('m')\nl = te.size_var('l')\n"
    "A = te.placeholder((n, l), name='A')\n"
    "B = te.placeholder((m, l), name='B')\n"
    "with tvm.te.tag_scope(tag='gemm'):\n"
    "    k = te.reduce_axis((0, l), name='k')\n"
    "    C = te.compute((n, m), lambda i, j: te.sum(A[i, k] * B[j, k], axis=k),\n"
    "                   attrs={'hello': 1, 'arr': [10, 12], 'f': 0.25, 's': 'x', 'b': True})\n";

// Lowers `out` (a loaded tensor) and the original `orig` with the same schedule and
// asserts the two programs print the same.
std::string SameLowering(const std::string& orig, const std::string& out,
                         const std::string& schedule) {
  return "def lowered(T):\n"
         "    s = te.create_schedule(T.op)\n" +
         schedule +
         "    return str(tvm.lower(s, T.op.input_tensors + [T], simple_mode=True))\n"
         "assert lowered(" +
         orig + ") == lowered(" + out + "), lowered(" + out + ")\n";
}

}  // namespace

class TestJsonGraph : public QObject {
  Q_OBJECT

 private slots:
  // test_te_tag.py: the attrs survive the round trip (ints, lists, floats, strings, bools).
  void attrsAndTag() {
    auto r =
        Eval(std::string(kGemm) +
             "CC = tvm.ir.load_json(tvm.ir.save_json(C))\n"
             "assert CC.op.tag == 'gemm' and CC.op.name == C.op.name\n"
             "assert CC.op.attrs['hello'] == 1\n"
             "assert len(CC.op.attrs['arr']) == 2\n"
             "assert CC.op.attrs['arr'][0] == 10 and CC.op.attrs['arr'][1] == 12\n"
             "assert CC.op.attrs['f'] == 0.25 and CC.op.attrs['s'] == 'x' and CC.op.attrs['b']\n"
             "assert 'xx' not in CC.op.attrs\n"
             "assert len(A.op.attrs) == 0 and len(CC.op.input_tensors[0].op.attrs) == 0\n");
    QVERIFY2(r.ok(), r ? "" : r.error().format().c_str());
  }

  // test_te_tensor.py's test_tensor_reduce: a Tensor comes back as a Tensor that prints the
  // same, its reduce axis shared by the op and the Reduce, and it lowers like the original.
  void reduceRoundTripLowersTheSame() {
    auto r = Eval(
        "m = te.size_var('m')\nn = te.size_var('n')\nl = te.size_var('l')\n"
        "A = te.placeholder((m, l), name='A')\n"
        "B = te.placeholder((n, l), name='B')\n"
        "T = te.compute((m, n, l), lambda i, j, k: A[i, k] * B[j, k])\n"
        "rv = te.reduce_axis((0, A.shape[1]), 'k')\n"
        "C = te.compute((m, n), lambda i, j: te.sum(T(i, j, rv + 1), axis=rv))\n"
        "C_json = tvm.ir.save_json(C)\n"
        "C_loaded = tvm.ir.load_json(C_json)\n"
        "assert isinstance(C_loaded, te.tensor.Tensor)\n"
        "assert str(C_loaded) == str(C)\n"
        "assert str(C_loaded.op.body[0]) == str(C.op.body[0])\n"
        "assert str(C_loaded.op.reduce_axis[0].dom) == str(rv.dom)\n"
        "assert tvm.ir.save_json(C_loaded) == C_json\n" +
        SameLowering("C", "C_loaded",
                     "    s[T.op.input_tensors[0]].compute_inline()\n"
                     "    xo, xi = s[T].split(T.op.axis[0], factor=4)\n"));
    QVERIFY2(r.ok(), r ? "" : r.error().format().c_str());
  }

  // Every expression kind a compute body holds survives: select, casts, intrinsics, extern
  // calls, floordiv / floormod / truncdiv, min / max, logic, let-free bodies, multi-output.
  void expressionKinds() {
    auto r = Eval(
        "X = te.placeholder((16, 8), name='X')\n"
        "I = te.placeholder((16,), name='I', dtype='int32')\n"
        "Y = te.compute((16, 8), lambda i, j: tvm.tir.Select(tvm.tir.all(X[i, j] > 0.5, i < 9),\n"
        "    te.exp(X[i, j]) + tvm.tir.call_extern('float32', 'expf', X[i, j]),\n"
        "    tvm.tir.Cast('float32', tvm.tir.floordiv(i, 3) + tvm.tir.floormod(j, 4) +\n"
        "        tvm.tir.truncdiv(I[i], 2) + tvm.tir.min(i, j) - tvm.tir.max(i, 1))),\n"
        "    name='Y', tag='elemwise')\n"
        "Y2 = tvm.ir.load_json(tvm.ir.save_json(Y))\n"
        "assert str(Y2.op.body[0]) == str(Y.op.body[0]), str(Y2.op.body[0])\n"
        "assert Y2.op.tag == 'elemwise'\n" +
        SameLowering("Y", "Y2", ""));
    QVERIFY2(r.ok(), r ? "" : r.error().format().c_str());
  }

  // Reductions: te.max with a where=, and a two-value comm_reducer (argmax style).
  void reducers() {
    auto r = Eval(
        "X = te.placeholder((16, 8), name='X')\n"
        "r = te.reduce_axis((0, 8), name='r')\n"
        "Z = te.compute((16,), lambda i: te.max(X[i, r], axis=r, where=r < 6), name='Z')\n"
        "Z2 = tvm.ir.load_json(tvm.ir.save_json(Z))\n"
        "assert str(Z2.op.body[0]) == str(Z.op.body[0]), str(Z2.op.body[0])\n" +
        SameLowering("Z", "Z2", "") +
        "def fcombine(x, y):\n"
        "    lhs = tvm.tir.Select((x[1] >= y[1]), x[0], y[0])\n"
        "    rhs = tvm.tir.Select((x[1] >= y[1]), x[1], y[1])\n"
        "    return lhs, rhs\n"
        "def fidentity(t0, t1):\n"
        "    return tvm.tir.const(-1, t0), tvm.te.min_value(t1)\n"
        "argmax = te.comm_reducer(fcombine, fidentity, name='argmax')\n"
        "idx = te.placeholder((16, 8), name='idx', dtype='int32')\n"
        "k = te.reduce_axis((0, 8), name='k')\n"
        "T0, T1 = te.compute((16,), lambda i: argmax((idx[i, k], X[i, k]), axis=k), name='T')\n"
        "L = tvm.ir.load_json(tvm.ir.save_json([T0, T1]))\n"
        "assert len(L) == 2 and L[0].op == L[1].op and L[1].value_index == 1\n"
        "# TVM's CommReducer has no name: a loaded user reducer is 'reduce' (sum / max / min are\n"
        "# recognised by their combine)\n"
        "assert str(L[1].op.body[1]) == str(T1.op.body[1]).replace('argmax', 'reduce'), "
        "str(L[1].op.body[1])\n");
    QVERIFY2(r.ok(), r ? "" : r.error().format().c_str());
  }

  // test_te_tensor.py's test_scan_multi_out: a ScanOp comes back a ScanOp, and the loaded
  // scan lowers like the original.
  void scanOp() {
    auto r = Eval(
        "m = te.size_var('m')\nn = te.size_var('n')\n"
        "x1 = te.placeholder((m, n))\ns1 = te.placeholder((m, n))\n"
        "x2 = te.placeholder((m, n))\ns2 = te.placeholder((m, n))\n"
        "s1_init = te.compute((1, n), lambda _, i: x1[0, i])\n"
        "s2_init = te.compute((1, n), lambda _, i: x2[0, i])\n"
        "s1_update = te.compute((m, n), lambda t, i: s1[t - 1, i] + s2[t - 1, i] + x1[t, i])\n"
        "s2_update = te.compute((m, n), lambda t, i: x2[t, i] + s2[t - 1, i])\n"
        "r0, r1 = tvm.te.scan([s1_init, s2_init], [s1_update, s2_update], [s1, s2])\n"
        "zz = tvm.ir.load_json(tvm.ir.save_json(r0.op))\n"
        "assert isinstance(zz, tvm.te.ScanOp) and zz.num_outputs == 2\n"
        "z0 = zz.output(0)\n"
        "s_a = te.create_schedule(r0.op)\ns_b = te.create_schedule(zz)\n"
        "a = str(tvm.lower(s_a, [x1, x2, r0, r1], simple_mode=True))\n"
        "ins = zz.update[0].op.input_tensors\n"
        "b = str(tvm.lower(s_b, [zz.init[0].op.input_tensors[0], zz.init[1].op.input_tensors[0],\n"
        "                       zz.output(0), zz.output(1)], simple_mode=True))\n"
        "assert a == b, b\n");
    QVERIFY2(r.ok(), r ? "" : r.error().format().c_str());
  }

  // Other roots: an expression, an IterVar, plain values, lists and dicts.
  void otherRoots() {
    auto r = Eval(
        "n = te.var('n')\n"
        "e = tvm.ir.load_json(tvm.ir.save_json(n * 2 + 1))\n"
        "assert str(e) == str(n * 2 + 1)\n"
        "iv = te.reduce_axis((0, 8), name='k')\n"
        "iv2 = tvm.ir.load_json(tvm.ir.save_json(iv))\n"
        "assert iv2.var.name == 'k' and str(iv2.dom) == str(iv.dom)\n"
        "v = tvm.ir.load_json(tvm.ir.save_json([1, 2.5, 'a', None, {'k': [3]}]))\n"
        "assert v[0] == 1 and v[1] == 2.5 and v[2] == 'a' and v[3] is None and v[4]['k'][0] == 3\n"
        "assert tvm.ir.load_json(tvm.ir.save_json('')) == ''\n");
    QVERIFY2(r.ok(), r ? "" : r.error().format().c_str());
  }

  // The text has TVM's layout: node 0 is null, the root's index first, TVM's type keys and
  // field names, the version at the end.
  void textLooksLikeTvm() {
    auto r = Eval(std::string(kGemm) +
                  "j = tvm.ir.save_json(C)\n"
                  "assert j.startswith('{\\n  \"root\": 1, \\n  \"nodes\": [\\n    {\\n      "
                  "\"type_key\": \"\"\\n    }, ')\n"
                  "assert j.endswith('\"b64ndarrays\": [], \\n  \"attrs\": {\"tvm_version\": "
                  "\"0.19.0\"}\\n}')\n"
                  "for key in ['\"type_key\": \"ComputeOp\"', '\"type_key\": \"tir.Reduce\"', "
                  "'\"type_key\": \"tir.SizeVar\"',\n"
                  "            '\"type_key\": \"runtime.BoxInt\"', '\"reduce_axis\": ', "
                  "'\"type_annotation\": ',\n"
                  "            '\"type_key\": \"tir.CommReducer\"', '\"identity_element\": ', "
                  "'\"repr_str\": \"gemm\"']:\n"
                  "    assert (key in j) == (key != '\"repr_str\": \"gemm\"'), key\n");
    QVERIFY2(r.ok(), r ? "" : r.error().format().c_str());
  }

  // JSON written by the real TVM 0.19 (make_samples.py) loads, prints as TVM printed the
  // objects, and lowers.
  void tvmWrittenSamples_data() {
    QTest::addColumn<std::string>("file");
    QTest::addColumn<std::string>("checks");
    QTest::newRow("gemm") << std::string("tvm_gemm_tensor.json")
                          << std::string(
                                 "assert isinstance(T, te.tensor.Tensor) and T.op.tag == 'gemm'\n"
                                 "assert T.op.attrs['hello'] == 1 and T.op.attrs['arr'][1] == 12\n"
                                 "assert T.op.reduce_axis[0].var.name == 'k'\n"
                                 "lower(T, [T.op.input_tensors[0], T.op.input_tensors[1], T])\n");
    QTest::newRow("scan op")
        << std::string("tvm_scan_op.json")
        << std::string(
               "assert isinstance(T, tvm.te.ScanOp) and T.num_outputs == 2\n"
               "assert [t.op.name for t in T.init] == ['compute', 'compute_1']\n"
               "lower(T.output(0), [T.init[0].op.input_tensors[0], T.init[1].op.input_tensors[0],\n"
               "                    T.output(0), T.output(1)])\n");
    QTest::newRow("select exp")
        << std::string("tvm_select_exp.json")
        << std::string(
               "assert T.op.tag == 'elemwise'\n"
               "assert 'exp' in str(T.op.body[0]) and 'select' in str(T.op.body[0])\n"
               "lower(T, [T.op.input_tensors[0], T])\n");
    QTest::newRow("max where")
        << std::string("tvm_max_where.json")
        << std::string(
               "assert 'reduce(max' in str(T.op.body[0]), str(T.op.body[0])\n"
               "assert 'where=' in str(T.op.body[0])\n"
               "lower(T, [T.op.input_tensors[0], T])\n");
  }
  void tvmWrittenSamples() {
    QFETCH(std::string, file);
    QFETCH(std::string, checks);
    std::string json = ReadSample(file);
    QVERIFY2(!json.empty(), ("cannot read the sample " + file + " (TESSERA_SOURCE_DIR)").c_str());
    auto r = Eval("J = r'''" + json +
                  "'''\n"
                  "T = tvm.ir.load_json(J)\n"
                  "def lower(out, args):\n"
                  "    s = te.create_schedule(out.op)\n"
                  "    return tvm.lower(s, args, simple_mode=True)\n" +
                  checks);
    QVERIFY2(r.ok(), r ? "" : r.error().format().c_str());
  }

  // Bad input never crashes: every attribute of every node of TVM's samples, set to a
  // null / self / out-of-range reference or removed, gives an object that lowers or a
  // located error (the sanitizers of the test build catch a crash; ~6 s with them).
  void mutatedSamplesLoadOrFailCleanly_data() {
    QTest::addColumn<std::string>("file");
    QTest::newRow("gemm") << std::string("tvm_gemm_tensor.json");
    QTest::newRow("select exp") << std::string("tvm_select_exp.json");
    QTest::newRow("max where") << std::string("tvm_max_where.json");
  }
  void mutatedSamplesLoadOrFailCleanly() {
    QFETCH(std::string, file);
    std::string json = ReadSample(file);
    QVERIFY(!json.empty());
    QJsonObject doc = QJsonDocument::fromJson(QByteArray::fromStdString(json)).object();
    QJsonArray nodes = doc["nodes"].toArray();
    int runs = 0, loaded = 0;
    for (int i = 0; i < nodes.size(); ++i) {
      QJsonObject attrs = nodes[i].toObject()["attrs"].toObject();
      for (const QString& key : attrs.keys()) {
        for (const QString& value :
             {QString("0"), QString::number(i), QString::number(nodes.size()), QString()}) {
          QJsonObject mutated_attrs = attrs;
          if (value.isEmpty())
            mutated_attrs.remove(key);
          else
            mutated_attrs[key] = value;
          QJsonObject node = nodes[i].toObject();
          node["attrs"] = mutated_attrs;
          QJsonArray mutated_nodes = nodes;
          mutated_nodes[i] = node;
          QJsonObject mutated = doc;
          mutated["nodes"] = mutated_nodes;
          std::string text = QJsonDocument(mutated).toJson(QJsonDocument::Compact).toStdString();
          auto r = Eval("T = tvm.ir.load_json(r'''" + text +
                        "''')\n"
                        "s = te.create_schedule(T.op)\n"
                        "m = tvm.lower(s, T.op.input_tensors + [T], simple_mode=True)\n");
          ++runs;
          if (r.ok())
            ++loaded;
          else
            QVERIFY2(r.error().loc.line > 0, r.error().format().c_str());
        }
      }
    }
    QVERIFY(runs > 100);
    QVERIFY(loaded > 0 && loaded < runs);  // some mutations are harmless (a span, a name)
  }

  void errors_data() {
    QTest::addColumn<std::string>("body");
    QTest::addColumn<QString>("message");
    const std::string node0 = "{\"type_key\": \"\"}";
    auto load = [](const std::string& json) { return "x = tvm.ir.load_json('" + json + "')\n"; };
    QTest::newRow("truncated")
        << load("{\"root\": 1, \"nodes\": [")
        << "t.py:3:22: error: load_json: malformed JSON at line 1, column 23:";
    QTest::newRow("not a graph")
        << load("[1, 2]")
        << "t.py:3:22: error: load_json: line 1, column 1 of the JSON: expected a JSON object";
    QTest::newRow("root out of range") << load("{\"root\": 3, \"nodes\": [" + node0 + "]}")
                                       << "t.py:3:22: error: load_json: line 1, column 10 of the "
                                          "JSON: \"root\" is not the index of a node";
    QTest::newRow("array item out of range")
        << load("{\"root\": 1, \"nodes\": [" + node0 +
                ", {\"type_key\": \"Array\", \"data\": [7]}]}")
        << "t.py:3:22: error: load_json: line 1, column 72 of the JSON: \"data\" holds something";
    QTest::newRow("unknown type") << load("{\"root\": 1, \"nodes\": [" + node0 +
                                          ", {\"type_key\": \"relay.Foo\"}]}")
                                  << "t.py:3:22: error: load_json: node 1 (relay.Foo) at line 1, "
                                     "column 41: unsupported type_key 'relay.Foo'";
    QTest::newRow("attribute out of range")
        << load("{\"root\": 1, \"nodes\": [" + node0 +
                ", {\"type_key\": \"tir.Not\", \"attrs\": {\"a\": \"9\", \"dtype\": \"bool\"}}]}")
        << "t.py:3:22: error: load_json: node 1 (tir.Not) at line 1, column 41: attribute 'a' "
           "refers to node 9, but there are 2 nodes";
    QTest::newRow("cycle")
        << load("{\"root\": 1, \"nodes\": [" + node0 +
                ", {\"type_key\": \"tir.Not\", \"attrs\": {\"a\": \"1\", \"dtype\": \"bool\"}}]}")
        << "t.py:3:22: error: load_json: node 1 (tir.Not) at line 1, column 41: a cyclic reference";
    QTest::newRow("wrong kind")
        << load("{\"root\": 1, \"nodes\": [" + node0 +
                ", {\"type_key\": \"tir.Not\", \"attrs\": {\"a\": \"2\", \"dtype\": \"bool\"}}, "
                "{\"type_key\": \"Array\"}]}")
        << "t.py:3:22: error: load_json: node 1 (tir.Not) at line 1, column 41: attribute 'a' must "
           "be expression, but node 2 is Array";
    QTest::newRow("missing attribute")
        << load("{\"root\": 1, \"nodes\": [" + node0 +
                ", {\"type_key\": \"IntImm\", \"attrs\": {\"dtype\": \"int32\"}}]}")
        << "t.py:3:22: error: load_json: node 1 (IntImm) at line 1, column 41: missing attribute "
           "'value'";
    QTest::newRow("mixed operand types")
        << load("{\"root\": 1, \"nodes\": [" + node0 +
                ", {\"type_key\": \"tir.Add\", \"attrs\": {\"a\": \"2\", \"b\": \"3\", \"dtype\": "
                "\"int32\"}},"
                " {\"type_key\": \"IntImm\", \"attrs\": {\"dtype\": \"int32\", \"value\": \"1\"}},"
                " {\"type_key\": \"FloatImm\", \"attrs\": {\"dtype\": \"float32\", \"value\": "
                "\"1\"}}]}")
        << "t.py:3:22: error: load_json: node 1 (tir.Add) at line 1, column 41: operands of "
           "different types (int32 and float32)";
    QTest::newRow("a list holding itself")
        << std::string("l = [1]\nl.append(l)\ntvm.ir.save_json(l)\n")
        << "t.py:5:18: error: save_json: the object is nested deeper than 1000 levels";
    QTest::newRow("deep nesting in the JSON")
        << std::string(
               "j = '{\"root\": 1, \"nodes\": [{\"type_key\": \"\"}, ' + ', '.join("
               "['{\"type_key\": \"tir.Not\", \"attrs\": {\"a\": \"%d\"}}' % (k + 2) for k in "
               "range(600)]) + "
               "', {\"type_key\": \"IntImm\", \"attrs\": {\"dtype\": \"bool\", \"value\": "
               "\"1\"}}]}'\n"
               "tvm.ir.load_json(j)\n")
        << "t.py:4:18: error: load_json: node 201 (tir.Not) at line 1, column 9535: nested deeper "
           "than 200 nodes";
    QTest::newRow("not a string") << std::string("tvm.ir.load_json(3)\n")
                                  << "t.py:3:18: error: load_json(): argument 'json_str' must be";
    QTest::newRow("extern op not saved")
        << std::string(
               "A = te.placeholder((4,), name='A')\n"
               "B = te.extern((4,), [A], lambda ins, outs: tvm.tir.call_packed('f', ins[0].data, "
               "outs[0].data))\n"
               "tvm.ir.save_json(B)\n")
        << "t.py:5:18: error: save_json: cannot serialize the extern operation";
  }
  void errors() {
    QFETCH(std::string, body);
    QFETCH(QString, message);
    auto r = Eval(body);
    QVERIFY(!r.ok());
    QVERIFY2(QString::fromStdString(r.error().format()).startsWith(message),
             r.error().format().c_str());
  }
};

}  // namespace tst_json_graph

QTEST_GUILESS_MAIN(tst_json_graph::TestJsonGraph)
#include "tst_json_graph.moc"
