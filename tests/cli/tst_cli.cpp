// tessera-cli as a user runs it: the real binary through QProcess, checking stdout,
// stderr and the exit codes of the command-line contract (DESIGN.md, "The command
// line": 0 success, 1 bad input, 2 usage, 3 --check mismatch, 4 not available).
#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QProcess>
#include <QTemporaryDir>
#include <QtTest>

#include "CliProcess.h"

namespace tst_cli {

class TestCli : public QObject {
  Q_OBJECT

 private slots:
  void simplify_data() {
    QTest::addColumn<QStringList>("args");
    QTest::addColumn<QString>("expected");
    // The bound-info RFC's example: with n a shape variable and 0 <= i < n*n, floormod
    // lowers to C's %; with n a plain int32 (possibly negative) it must stay floormod.
    QTest::newRow("bound-info RFC, n a size var")
        << QStringList{"i % n",    "--size-var",         "n",
                       "--assume", "0 <= i and i < n*n", "--lower-divmod"}
        << "(i % n)";
    QTest::newRow("bound-info RFC, n a plain var")
        << QStringList{"i % n", "--assume", "0 <= i and i < n*n", "--lower-divmod"}
        << "floormod(i, n)";
    QTest::newRow("floordiv of a multiple") << QStringList{"(x*8 + 3) // 8"} << "x";
    QTest::newRow("constants") << QStringList{"3 + 4 * 2"} << "11";
    QTest::newRow("assumption bounds a division")
        << QStringList{"i // 4", "--assume", "0 <= i and i < 4"} << "0";
    QTest::newRow("max of x and x+1") << QStringList{"te.max(x, x + 1)"} << "(x + 1)";
    QTest::newRow("option with =") << QStringList{"i // 4", "--assume=0 <= i and i < 4"} << "0";
    QTest::newRow("truncdiv stays C division")
        << QStringList{"tvm.tir.truncdiv(x, 8)"} << "(x / 8)";
  }
  void simplify() {
    QFETCH(QStringList, args);
    QFETCH(QString, expected);
    Run r = Cli(QStringList{"simplify"} + args);
    QCOMPARE(r.err, QString());
    QCOMPARE(r.code, 0);
    QCOMPARE(r.out, expected + "\n");
  }

  void malformed_expression_is_bad_input_with_column() {
    Run r = Cli({"simplify", "x +* 2"});
    QCOMPARE(r.code, 1);
    QCOMPARE(r.out, QString());
    QCOMPARE(r.err, QString("<expr>:1:4: error: expected an expression, found '*'\n"));
  }

  void malformed_assumption_is_bad_input() {
    // A chained comparison is a condition (Python's 0 <= x and x < 4), so it is assumed.
    Run chained = Cli({"simplify", "x // 4", "--assume", "0 <= x < 4"});
    QCOMPARE(chained.code, 0);
    QCOMPARE(chained.out, QString("0\n"));
    Run r = Cli({"simplify", "x", "--assume", "0 <= x <"});
    QCOMPARE(r.code, 1);
    QVERIFY(r.err.startsWith("<assume>:1:9: error: expected an expression"));
    Run notbool = Cli({"simplify", "x", "--assume", "x + 1"});
    QCOMPARE(notbool.code, 1);
    QVERIFY(notbool.err.contains("must be a condition"));
  }

  void usage_errors_exit_2() {
    Run none = Cli({});
    QCOMPARE(none.code, 2);
    QVERIFY(none.err.contains("Usage: tessera-cli COMMAND"));
    Run unknown = Cli({"frobnicate"});
    QCOMPARE(unknown.code, 2);
    QVERIFY(unknown.err.contains("unknown command 'frobnicate'"));
    Run option = Cli({"simplify", "x", "--bogus"});
    QCOMPARE(option.code, 2);
    QVERIFY(option.err.contains("unknown option '--bogus'"));
    Run missing = Cli({"simplify"});
    QCOMPARE(missing.code, 2);
    QVERIFY(missing.err.contains("missing EXPR"));
    Run no_value = Cli({"simplify", "x", "--assume"});
    QCOMPARE(no_value.code, 2);
    QVERIFY(no_value.err.contains("needs a value"));
  }

  void help_exits_0() {
    Run top = Cli({"--help"});
    QCOMPARE(top.code, 0);
    QVERIFY(top.out.contains("simplify EXPR"));
    QVERIFY(top.out.contains("Exit codes"));
    for (const char* cmd :
         {"simplify", "examples", "lower", "bounds", "run", "profile", "export", "layout"}) {
      Run r = Cli({cmd, "--help"});
      QVERIFY2(r.code == 0, cmd);
      QVERIFY2(r.out.contains(QString("tessera-cli ") + cmd), cmd);
    }
  }

  // Without a GPU (or a driver) the CUDA target is "not available" (4); with one it runs.
  void cuda_target_runs_or_is_unavailable() {
    Run cuda = Cli({"run", "gpu_elementwise", "--target", "cuda", "--check", "--var", "n=1000"});
    QVERIFY2(cuda.code == 0 || cuda.code == 4, qPrintable(cuda.err));
    if (cuda.code == 4)
      QVERIFY(cuda.err.contains("not available"));
    else
      QVERIFY2(cuda.out.contains(" 0 mismatches"), qPrintable(cuda.out));
  }

  // CUDA C++ needs no GPU; PTX needs the toolkit's NVRTC (else 4); a schedule whose
  // loops are not bound to GPU indices cannot become kernels (1).
  void export_cuda_and_ptx() {
    Run cuda = Cli({"export", "gpu_elementwise", "--format", "cuda"});
    QCOMPARE(cuda.code, 0);
    QVERIFY2(cuda.out.contains("extern \"C\" __global__"), qPrintable(cuda.out));
    Run ptx = Cli({"export", "gpu_elementwise", "--format", "ptx"});
    QVERIFY2(ptx.code == 0 || ptx.code == 4, qPrintable(ptx.err));
    if (ptx.code == 0) QVERIFY(ptx.out.contains(".entry"));
    Run cpu_schedule = Cli({"export", "gemm", "--format", "cuda"});
    QCOMPARE(cpu_schedule.code, 1);
    QVERIFY(cpu_schedule.err.contains("blockIdx"));
    Run lower = Cli({"lower", "gpu_gemm", "--target", "cuda"});
    QCOMPARE(lower.code, 0);
    QVERIFY2(lower.out.contains("threadIdx.x"), qPrintable(lower.out.left(500)));
  }

  // run --check: the compiled kernel against the reference interpreter. Builds without
  // LLVM answer 4 (not available), which is the contract too.
  void run_check_matches_the_reference() {
    Run r = Cli({"run", "inferbound_ex4", "--check"});
    if (r.code == 4) QSKIP("this build has no LLVM backend");
    QCOMPARE(r.err, QString());
    QCOMPARE(r.code, 0);
    QVERIFY2(r.out.contains("D int32[4, 5, 16]: max abs error 0"), qPrintable(r.out));
    Run symbolic = Cli({"run", "flatten_symbolic", "--check", "--var", "n=7"});
    QCOMPARE(symbolic.code, 0);
    QVERIFY2(symbolic.out.contains("B float32[49]"), qPrintable(symbolic.out));
    QVERIFY2(symbolic.out.contains(" 0 mismatches"), qPrintable(symbolic.out));
    Run defaulted = Cli({"run", "flatten_symbolic"});
    QCOMPARE(defaulted.code, 0);
    QVERIFY(defaulted.out.contains("note: shape variable n = 64"));
    QCOMPARE(Cli({"run", "flatten_symbolic", "--var", "n"}).code, 2);
    QCOMPARE(Cli({"run", "flatten_symbolic", "--seed", "x"}).code, 2);
  }

  void profile_json() {
    Run r = Cli({"profile", "inferbound_ex5", "--repeat", "2", "--json"});
    if (r.code == 4) QSKIP("this build has no LLVM backend");
    QCOMPARE(r.code, 0);
    QJsonParseError error;
    QJsonObject o = QJsonDocument::fromJson(r.out.toUtf8(), &error).object();
    QCOMPARE(error.error, QJsonParseError::NoError);
    QVERIFY(o.value("min_ms").toDouble() <= o.value("median_ms").toDouble());
    QCOMPARE(o.value("repeat").toInt(), 2);
    // The only argument is the output D: 5 x 16 int32 = 320 bytes.
    QCOMPARE(o.value("bytes").toDouble(), 320.0);
    QCOMPARE(Cli({"profile", "inferbound_ex5", "--repeat", "0"}).code, 2);
  }

  // run --check against the te oracle passes on every shipped example at its full
  // default shape (gemm 1024^3 included). GPU examples run on the CPU where their schedule
  // lowers for it; one bound to GPU threads is CUDA-only and says so.
  void run_check_passes_on_every_example_data() {
    QTest::addColumn<QString>("example");
    QDir dir(QString::fromLocal8Bit(qgetenv("TESSERA_SOURCE_DIR")) + "/resources/examples");
    for (const QString& f : dir.entryList({"*.py"}, QDir::Files, QDir::Name))
      QTest::newRow(qPrintable(f)) << QFileInfo(f).completeBaseName();
  }
  void run_check_passes_on_every_example() {
    QFETCH(QString, example);
    QStringList args{"run", example, "--check"};
    if (example == "flatten_symbolic" || example == "gpu_elementwise")
      args << "--var"
           << "n=100";
    Run r = Cli(args);
    if (r.code == 4) QSKIP("this build has no LLVM backend");
    if (example.startsWith("gpu_") && r.code == 1 &&
        (r.err.contains("thread") || r.err.contains("blockIdx") || r.err.contains("GPU")))
      QSKIP(qPrintable(example + " binds GPU threads; it runs with --target cuda only"));
    QVERIFY2(r.code == 0, qPrintable(r.out + r.err));
    QVERIFY2(r.out.contains("reference: te oracle"), qPrintable(r.out));
    QVERIFY2(r.out.contains(" 0 mismatches"), qPrintable(r.out));
  }

  // profile's GFLOP/s counts the te definition's work: GEMM M*N*K multiply-adds = 2MNK.
  void profile_counts_the_useful_flops() {
    Run r = Cli({"profile", "gemm_padded_operands", "--repeat", "1", "--json"});
    if (r.code == 4) QSKIP("this build has no LLVM backend");
    QCOMPARE(r.code, 0);
    QJsonObject o = QJsonDocument::fromJson(r.out.toUtf8()).object();
    QCOMPARE(o.value("flops").toDouble(), 2.0 * 96 * 80 * 100);
  }

  void export_code() {
    Run c = Cli({"export", "fuse_split_ex6", "--format", "c"});
    QCOMPARE(c.code, 0);
    QVERIFY2(c.out.contains("int32_t main("), qPrintable(c.out.left(2000)));
    Run llvm = Cli({"export", "fuse_split_ex6", "--format", "llvm"});
    if (llvm.code == 4) QSKIP("this build has no LLVM backend");
    QCOMPARE(llvm.code, 0);
    QVERIFY(llvm.out.contains("define"));
  }

  // export --format script prints the schedule back as a script that evaluates again.
  void export_script() {
    Run r = Cli({"export", "inferbound_ex5", "--format", "script"});
    QCOMPARE(r.err, QString());
    QCOMPARE(r.code, 0);
    QVERIFY2(r.out.contains("d_o, d_i = s[D].split(D.op.axis[1], factor=8)\n"), qPrintable(r.out));
    QVERIFY2(r.out.contains("s[C].compute_at(s[D], d_i)\n"), qPrintable(r.out));
    QTemporaryDir dir;
    QFile f(dir.filePath("exported.py"));
    QVERIFY(f.open(QIODevice::WriteOnly));
    f.write(r.out.toUtf8());
    f.close();
    Run again = Cli({"export", dir.filePath("exported.py"), "--format=tvm"});
    QCOMPARE(again.code, 0);
    // The TVM program is the same script, ending with the lowering TVM users run.
    QCOMPARE(again.out, r.out + "\nprint(tvm.lower(s, [D], simple_mode=True))\n");
    QCOMPARE(Cli({"export", "gemm"}).code, 2);
    QCOMPARE(Cli({"export", "gemm", "--format", "docx"}).code, 2);
  }

  // The InferBound document's Ex. 4: C is realized per iteration of dk (one element).
  void lower_inferbound_ex4() {
    Run r = Cli({"lower", "inferbound_ex4"});
    QCOMPARE(r.err, QString());
    QCOMPARE(r.code, 0);
    QVERIFY2(r.out.contains("for (dk, 0, 16) {"), qPrintable(r.out));
    QVERIFY2(r.out.contains("allocate C[int32 * 1]"), qPrintable(r.out));
  }

  // The bound-info RFC: with n a size var the flattening's floormod/floordiv become C's
  // % and / after the pipeline.
  void lower_flatten_symbolic_uses_c_division() {
    Run r = Cli({"lower", "flatten_symbolic"});
    QCOMPARE(r.code, 0);
    QVERIFY2(r.out.contains("(i % n)") && r.out.contains("(i / n)"), qPrintable(r.out));
    QVERIFY2(!r.out.contains("floormod"), qPrintable(r.out));
  }

  void lower_after_a_pass() {
    Run input = Cli({"lower", "inferbound_ex5", "--after", "Input"});
    QCOMPARE(input.code, 0);
    QVERIFY2(input.out.contains("realize D("), qPrintable(input.out));
    Run flat = Cli({"lower", "inferbound_ex5", "--after=StorageFlatten", "--target", "c"});
    QCOMPARE(flat.code, 0);
    QVERIFY(!flat.out.contains("realize D("));
    Run bad = Cli({"lower", "inferbound_ex5", "--after", "NoSuchPass"});
    QCOMPARE(bad.code, 2);
    QVERIFY(bad.err.contains("unknown pass 'NoSuchPass'"));
    Run target = Cli({"lower", "inferbound_ex5", "--target", "riscv"});
    QCOMPARE(target.code, 2);
  }

  // conv2d.py inlines its padding: by default LoopPartition cuts the rows and column
  // tiles where the window is inside the image (no border test left there);
  // --keep-guards leaves the test in every load, as TVM 0.19's lower does. That the cut
  // loops compute what the oracle does is run_check_passes_on_every_example(conv2d.py).
  void lower_cuts_inlined_padding_unless_asked_to_keep_guards() {
    Run cut = Cli({"lower", "conv2d"});
    QCOMPARE(cut.code, 0);
    QVERIFY2(cut.out.contains("for (y, 1, 54) {"), qPrintable(cut.out));
    Run kept = Cli({"lower", "conv2d", "--keep-guards"});
    QCOMPARE(kept.code, 0);
    QVERIFY2(kept.out.contains("for (y, 0, 56) {") && !kept.out.contains("for (y, 1, 54)"),
             qPrintable(kept.out));
    QCOMPARE(kept.out.count("if_then_else"), 1);
  }

  void lower_reports_script_errors_with_location() {
    QTemporaryDir dir;
    QString path = dir.filePath("bad.py");
    QFile f(path);
    QVERIFY(f.open(QIODevice::WriteOnly));
    f.write(
        "import tvm\nfrom tvm import te\nA = te.placeholder((4, 4), name='A')\n"
        "B = te.compute((4, 4), lambda i: A[i, 0], name='B')\n");
    f.close();
    Run r = Cli({"lower", path});
    QCOMPARE(r.code, 1);
    QCOMPARE(r.err, path +
                        ":4:24: error: the compute function takes 1 argument but the shape "
                        "has 2 dimensions\n");
    QFile g(dir.filePath("noschedule.py"));
    QVERIFY(g.open(QIODevice::WriteOnly));
    g.write("import tvm\nfrom tvm import te\nA = te.placeholder((4,), name='A')\n");
    g.close();
    Run none = Cli({"bounds", dir.filePath("noschedule.py")});
    QCOMPARE(none.code, 1);
    QVERIFY(none.err.contains("creates no schedule"));
    Run missing = Cli({"lower", dir.filePath("missing.py")});
    QCOMPARE(missing.code, 1);
    QVERIFY(missing.err.contains("cannot open"));
    QFile garbage(dir.filePath("garbage.py"));
    QVERIFY(garbage.open(QIODevice::WriteOnly));
    garbage.write(QByteArray("\x7f\x45\x4c\x46\x02\x01\x01\x00\xff\xfe", 10));
    garbage.close();
    Run bin = Cli({"lower", dir.filePath("garbage.py")});
    QCOMPARE(bin.code, 1);
    QVERIFY(bin.err.contains("error:"));
  }

  // The InferBound document's Ex. 6: TVM's PassUpDomain makes B computed whole (64
  // elements for 16 needed); Tessera's InferBound computes only what is required.
  void bounds_fuse_split_ex6() {
    Run tessera = Cli({"bounds", "fuse_split_ex6"});
    QCOMPARE(tessera.code, 0);
    QVERIFY2(tessera.out.contains("B (compute) computed at C.ci.cj.fused.outer"),
             qPrintable(tessera.out));
    QVERIFY2(tessera.out.contains("elements: computed 16, required 16"), qPrintable(tessera.out));
    Run tvm = Cli({"bounds", "fuse_split_ex6", "--tvm"});
    QCOMPARE(tvm.code, 0);
    QVERIFY2(tvm.out.contains("computed 64, required 16 (4.00x over-computation)"),
             qPrintable(tvm.out));
  }

  void bounds_json() {
    Run r = Cli({"bounds", "fuse_split_ex6", "--json"});
    QCOMPARE(r.code, 0);
    QJsonParseError error;
    QJsonDocument doc = QJsonDocument::fromJson(r.out.toUtf8(), &error);
    QCOMPARE(error.error, QJsonParseError::NoError);
    QJsonArray stages = doc.object().value("stages").toArray();
    QJsonObject b;
    for (const QJsonValue& s : stages)
      if (s.toObject().value("name").toString() == "B") b = s.toObject();
    QCOMPARE(b.value("attach").toObject().value("stage").toString(), QString("C"));
    QCOMPARE(b.value("attach").toObject().value("iter_var").toString(),
             QString("ci.cj.fused.outer"));
    QCOMPARE(b.value("computed_elements").toInt(), 16);
    QCOMPARE(b.value("realize").toArray().size(), 2);
  }

  // RFC 0077: B[14] stored as 4x4 has two padding cells holding the pad value.
  void layout_of_a_padded_buffer() {
    Run text = Cli({"layout", "layout_padding", "--buffer", "B"});
    QCOMPARE(text.err, QString());
    QCOMPARE(text.code, 0);
    QVERIFY2(text.out.contains("physical shape:    [4, 4]"), qPrintable(text.out));
    QVERIFY2(text.out.contains("padding cells:     2"), qPrintable(text.out));
    QVERIFY2(text.out.contains("[3, 2] <- padding"), qPrintable(text.out));
    Run json = Cli({"layout", "layout_padding", "--buffer", "B", "--json"});
    QCOMPARE(json.code, 0);
    QJsonObject o = QJsonDocument::fromJson(json.out.toUtf8()).object();
    QCOMPARE(o.value("buffer").toString(), QString("B"));
    QCOMPARE(o.value("logical_shape").toArray().at(0).toInt(), 14);
    QCOMPARE(o.value("physical_shape").toArray().size(), 2);
    QCOMPARE(o.value("padding_count").toInt(), 2);
    QJsonArray elements = o.value("elements").toArray();
    QCOMPARE(elements.size(), 16);
    QVERIFY(elements.at(15).toObject().value("logical").isNull());
    QCOMPARE(elements.at(13).toObject().value("logical").toArray().at(0).toInt(), 13);
    // A buffer without transform_layout has the identity layout.
    Run identity = Cli({"layout", "layout_padding", "--buffer", "A", "--json"});
    QCOMPARE(QJsonDocument::fromJson(identity.out.toUtf8()).object().value("padding_count").toInt(),
             0);
    Run unknown = Cli({"layout", "layout_padding", "--buffer", "Q"});
    QCOMPARE(unknown.code, 1);
    QVERIFY(unknown.err.contains("no buffer named 'Q' (buffers: A, B)"));
    QCOMPARE(Cli({"layout", "layout_padding"}).code, 2);
  }

  void layout_padding_runs_and_exports() {
    Run lower = Cli({"lower", "layout_padding"});
    QCOMPARE(lower.code, 0);
    QVERIFY2(lower.out.contains("padding_write"), qPrintable(lower.out));
    Run tvm = Cli({"export", "layout_padding", "--format", "tvm"});
    QCOMPARE(tvm.code, 0);
    // TVM's TE cannot pad: the transform is kept as a comment and its loops are made by
    // the split TVM can run.
    QVERIFY2(tvm.out.contains("# Tessera: io, ii = s[B].transform_layout(lambda i: [(i // 4), "
                              "(i % 4)], pad_value=0.0)"),
             qPrintable(tvm.out));
    QVERIFY2(
        tvm.out.contains("\nio, ii = s[B].split(B.op.axis[0], factor=4)\ns[B].vectorize(ii)\n"),
        qPrintable(tvm.out));
    Run run = Cli({"run", "layout_padding", "--check"});
    if (run.code == 4) QSKIP("this build has no LLVM backend");
    QCOMPARE(run.code, 0);
    QVERIFY2(run.out.contains("B float32[4, 4]: max abs error 0"), qPrintable(run.out));
  }

  // RFC 0077 row_summation: zero padding + pragma "overcompute" drops the tail guard.
  void row_summation_overcomputes_through_zero_padding() {
    Run input = Cli({"lower", "row_summation_padded", "--after", "Input"});
    QCOMPARE(input.code, 0);
    QVERIFY2(input.out.contains("if (likely"), qPrintable(input.out));
    QVERIFY2(input.out.contains("assume("), qPrintable(input.out));
    Run lower = Cli({"lower", "row_summation_padded"});
    QCOMPARE(lower.code, 0);
    QVERIFY2(!lower.out.contains("if ("), qPrintable(lower.out));
    Run run = Cli({"run", "row_summation_padded", "--check"});
    if (run.code == 4) QSKIP("this build has no LLVM backend");
    QCOMPARE(run.code, 0);
  }

  // A GEMM whose operands are stored padded and blocked lowers and runs on the CPU.
  void gemm_with_padded_operands() {
    Run json = Cli({"layout", "gemm_padded_operands", "--buffer", "B", "--json"});
    QCOMPARE(json.code, 0);
    QJsonObject o = QJsonDocument::fromJson(json.out.toUtf8()).object();
    QJsonArray shape = o.value("physical_shape").toArray();
    QCOMPARE(shape.size(), 4);
    QCOMPARE(shape.at(0).toInt(), 7);  // ceil(100 / 16) blocks of k
    QCOMPARE(shape.at(1).toInt(), 5);
    QCOMPARE(o.value("padding_count").toInt(), 7 * 16 * 80 - 100 * 80);
    QVERIFY(!o.contains("elements") || o.value("elements").toArray().size() == 7 * 5 * 16 * 16);
    Run a = Cli({"layout", "gemm_padded_operands", "--buffer", "A"});
    QCOMPARE(a.code, 0);
    QVERIFY2(a.out.contains("[96, 7, 16]"), qPrintable(a.out));
    Run run = Cli({"run", "gemm_padded_operands", "--check"});
    if (run.code == 4) QSKIP("this build has no LLVM backend");
    QCOMPARE(run.code, 0);
    QVERIFY2(run.out.contains("C float32[96, 80]: max abs error 0"), qPrintable(run.out));
  }

  void examples_lists_the_shipped_scripts() {
    Run r = Cli({"examples"});
    QCOMPARE(r.code, 0);
    QVERIFY(r.out.contains("gemm"));
    QVERIFY(r.out.contains("inferbound_ex4"));
  }

  void examples_found_without_source_dir_variable() {
    QProcess p;
    QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
    env.remove("TESSERA_SOURCE_DIR");
    p.setProcessEnvironment(env);
    p.start(QStringLiteral(TESSERA_CLI_PATH), {"examples"});
    QVERIFY(p.waitForFinished(30000));
    QCOMPARE(p.exitCode(), 0);
    QVERIFY(QString::fromUtf8(p.readAllStandardOutput()).contains("gemm"));
  }

  void garbage_arguments_never_crash() {
    QRandomGenerator rng(17);
    for (int round = 0; round < 20; ++round) {
      QByteArray bytes;
      for (int i = rng.bounded(1, 60); i > 0; --i) bytes += static_cast<char>(rng.bounded(1, 256));
      Run r = Cli({"simplify", QString::fromLatin1(bytes)});
      QVERIFY2(r.code == 0 || r.code == 1, qPrintable(r.err));
    }
    Run deep = Cli({"simplify", QString(20000, '(')});
    QCOMPARE(deep.code, 1);
    QVERIFY(deep.err.contains("nesting deeper than 200 levels"));
  }

  // export --format project writes a .tessera file; every command takes it where it
  // takes a script, and it gives what the script gives.
  void project_files_export_and_load() {
    QTemporaryDir dir;
    QString project = dir.filePath("gemm.tessera");
    Run saved = Cli({"export", "gemm", "--format", "project", "-o", project});
    QCOMPARE(saved.err, QString());
    QCOMPARE(saved.code, 0);
    QCOMPARE(saved.out, QString());
    QFile f(project);
    QVERIFY(f.open(QIODevice::ReadOnly));
    QJsonObject o = QJsonDocument::fromJson(f.readAll()).object();
    QCOMPARE(o.value("format").toString(), QString("tessera-project"));
    QCOMPARE(o.value("version").toInt(), 1);
    QVERIFY(o.value("trace").toArray().size() >= 3);
    QVERIFY(o.value("view_state").isObject());
    QCOMPARE(o.value("target").toObject().value("target").toString(), QString("llvm"));

    Run from_project = Cli({"export", project, "--format", "script"});
    QCOMPARE(from_project.code, 0);
    QCOMPARE(from_project.out, Cli({"export", "gemm", "--format", "script"}).out);
    Run lowered = Cli({"lower", project});
    QCOMPARE(lowered.code, 0);
    QCOMPARE(lowered.out, Cli({"lower", "gemm"}).out);
    // Without -o the project goes to standard output; --output is the long spelling.
    Run printed = Cli({"export", project, "--format", "project"});
    QCOMPARE(printed.code, 0);
    QCOMPARE(QJsonDocument::fromJson(printed.out.toUtf8()).object().value("script"),
             o.value("script"));
    QString script_copy = dir.filePath("copy.py");
    QCOMPARE(Cli({"export", project, "--format", "script", "--output", script_copy}).code, 0);
    QFile copy(script_copy);
    QVERIFY(copy.open(QIODevice::ReadOnly));
    QCOMPARE(QString::fromUtf8(copy.readAll()), from_project.out);
  }

  // A project's saved target settings (shape variables, repeats, target) are the
  // defaults of run and profile; the command line overrides them.
  void project_target_settings_are_defaults() {
    QTemporaryDir dir;
    Run exported = Cli({"export", "flatten_symbolic", "--format", "project"});
    QCOMPARE(exported.code, 0);
    QJsonObject o = QJsonDocument::fromJson(exported.out.toUtf8()).object();
    QJsonObject target = o.value("target").toObject();
    target["vars"] = QJsonObject{{"n", 12}};
    target["repeat"] = 3;
    o["target"] = target;
    QString path = dir.filePath("symbolic.tessera");
    QFile f(path);
    QVERIFY(f.open(QIODevice::WriteOnly));
    f.write(QJsonDocument(o).toJson());
    f.close();

    Run run = Cli({"run", path, "--check"});
    if (run.code == 4) QSKIP("this build has no LLVM backend");
    QCOMPARE(run.code, 0);
    QVERIFY2(!run.out.contains("note: shape variable n"), qPrintable(run.out));  // not defaulted
    Run profile = Cli({"profile", path, "--json"});
    QCOMPARE(profile.code, 0);
    QJsonObject measured = QJsonDocument::fromJson(profile.out.toUtf8()).object();
    QCOMPARE(measured.value("repeat").toInt(), 3);
    Run overridden = Cli({"profile", path, "--json", "--repeat", "2"});
    QCOMPARE(QJsonDocument::fromJson(overridden.out.toUtf8()).object().value("repeat").toInt(), 2);
    // The saved shape value reaches the kernel: n = 12 flattens 144 elements, n = 5 25.
    QVERIFY2(measured.value("bytes").toDouble() > 0, qPrintable(profile.out));
    Run small = Cli({"profile", path, "--json", "--var", "n=5"});
    QCOMPARE(small.code, 0);
    QVERIFY(QJsonDocument::fromJson(small.out.toUtf8()).object().value("bytes").toDouble() <
            measured.value("bytes").toDouble());

    // A project that targets the GPU runs there (exit 4 with a sentence without one).
    target["target"] = "cuda";
    o["target"] = target;
    QVERIFY(f.open(QIODevice::WriteOnly | QIODevice::Truncate));
    f.write(QJsonDocument(o).toJson());
    f.close();
    Run gpu = Cli({"run", path});
    QVERIFY2(gpu.code == 0 || gpu.code == 4 || gpu.code == 1, qPrintable(gpu.err));
    if (gpu.code != 0) QVERIFY2(gpu.err.contains("cuda", Qt::CaseInsensitive), qPrintable(gpu.err));
  }

  // A project file that is not one, or whose script is broken, is bad input (exit 1)
  // with a message located in that file.
  void corrupt_project_files_data() {
    QTest::addColumn<QByteArray>("content");
    QTest::addColumn<QString>("message");
    QTest::newRow("not json")
        << QByteArray("{\n  \"format\": tessera\n}")
        << ":2:13: error: not a Tessera project (invalid JSON: expected a JSON value, found 't')";
    QTest::newRow("newer version")
        << QByteArray(R"({"format": "tessera-project", "version": 2, "script": ""})")
        << ":1:42: error: written by a newer Tessera (version 2); this one reads version 1";
    QTest::newRow("other format") << QByteArray(R"({"format": "drawio", "version": 1})")
                                  << ":1:12: error: not a Tessera project";
    QTest::newRow("binary") << QByteArray("\x89PNG\r\n\x1a\n\0\0\0", 11)
                            << ":1:1: error: binary data";
    QTest::newRow("broken script")
        << QByteArray(
               R"({"format": "tessera-project", "version": 1, "script": "import tvm\nA = te.placeholder((4,), nme='A')\n"})")
        << ":2:";
  }
  void corrupt_project_files() {
    QFETCH(QByteArray, content);
    QFETCH(QString, message);
    QTemporaryDir dir;
    QString path = dir.filePath("bad.tessera");
    QFile f(path);
    QVERIFY(f.open(QIODevice::WriteOnly));
    f.write(content);
    f.close();
    for (const char* command : {"lower", "export"}) {
      QStringList args{command, path};
      if (QString(command) == "export")
        args << "--format"
             << "script";
      Run r = Cli(args);
      QCOMPARE(r.code, 1);
      QVERIFY2(r.err.startsWith(path + message), qPrintable(r.err));
      QCOMPARE(r.out, QString());
    }
  }

  // -o to a place that cannot be written is bad input, and the old file survives.
  void export_output_that_cannot_be_written() {
    QTemporaryDir dir;
    Run r =
        Cli({"export", "gemm", "--format", "project", "-o", dir.filePath("no/such/dir/p.tessera")});
    QCOMPARE(r.code, 1);
    QVERIFY2(r.err.contains("cannot create a temporary file"), qPrintable(r.err));
    Run s = Cli({"export", "gemm", "--format", "tvm", "-o", dir.filePath("no/such/dir/p.py")});
    QCOMPARE(s.code, 1);
    QVERIFY2(s.err.contains("cannot write"), qPrintable(s.err));
    QCOMPARE(Cli({"export", "gemm", "--format", "project", "-o"}).code, 2);
  }

  // A TVM export ends with tvm.lower(...) even when the script did not lower.
  void export_tvm_ends_with_lower() {
    Run r = Cli({"export", "fuse_split_ex6", "--format", "tvm"});
    QCOMPARE(r.code, 0);
    QVERIFY2(r.out.contains("\nprint(tvm.lower(s, ["), qPrintable(r.out));
    QVERIFY2(r.out.startsWith("#") || r.out.startsWith("import tvm"), qPrintable(r.out));
  }

  // Exit code 3: --check finds a mismatch. A float16 sum over 65,536 elements, split and
  // rfactored into 16 partial sums, rounds far from the oracle's sequential float16 sum
  // (float16 has 11 significant bits: partial sums lose different low bits), so the
  // compiled result is outside the tolerance: the command says so and exits 3.
  void run_check_mismatch_exits_3() {
    QTemporaryDir dir;
    QString path = dir.filePath("f16_sum.py");
    QFile f(path);
    QVERIFY(f.open(QIODevice::WriteOnly));
    f.write(
        "import tvm\nfrom tvm import te\n"
        "A = te.placeholder((4, 65536), name='A', dtype='float16')\n"
        "k = te.reduce_axis((0, 65536), name='k')\n"
        "B = te.compute((4,), lambda i: te.sum(A[i, k], axis=k), name='B')\n"
        "s = te.create_schedule(B.op)\n"
        "ko, ki = s[B].split(k, factor=16)\n"
        "BF = s.rfactor(B, ki)\n");
    f.close();
    Run r = Cli({"run", path, "--check"});
    if (r.code == 4) QSKIP("this build has no LLVM backend");
    QVERIFY2(r.code == 3, qPrintable(r.out + r.err));
    QVERIFY2(r.out.contains("mismatches"), qPrintable(r.out));
    QVERIFY2(r.err.contains("--check found a mismatch"), qPrintable(r.err));
    // Without --check the same run succeeds: 3 is the check's verdict, not a failure to run.
    QCOMPARE(Cli({"run", path}).code, 0);
  }
};

}  // namespace tst_cli

QTEST_GUILESS_MAIN(tst_cli::TestCli)
#include "tst_cli.moc"
