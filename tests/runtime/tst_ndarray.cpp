// NDArray and Compare: allocation, alignment, typed element access, seeded random
// fill, copies, and the error-measuring comparison used by `run --check`.
#include <QtTest>
#include <cmath>
#include <cstdint>

#include "reference/Compare.h"
#include "runtime/NDArray.h"

namespace tst_ndarray {

using namespace tessera;
using namespace tessera::runtime;
using namespace tessera::reference;
using ir::DataType;

class TestNDArray : public QObject {
  Q_OBJECT
 private slots:
  void emptyIsZeroFilledAndAligned() {
    auto a = NDArray::Empty({3, 5}, DataType::Float(32));
    QVERIFY(a.ok());
    QCOMPARE(a->numel(), 15);
    QCOMPARE(a->bytes(), 60);
    QCOMPARE(reinterpret_cast<uintptr_t>(a->data()) % kAllocAlignment, uintptr_t{0});
    for (int64_t i = 0; i < a->numel(); ++i) QCOMPARE(a->GetDouble(i), 0.0);
    QCOMPARE(QString::fromStdString(a->TypeString()), QString("float32[3, 5]"));
  }

  void badShapesAreErrors_data() {
    QTest::addColumn<qint64>("extent");
    QTest::addColumn<QString>("dtype");
    QTest::addColumn<QString>("message");
    QTest::newRow("negative extent") << qint64(-2) << "float32"
                                     << "negative extent -2";
    QTest::newRow("vector dtype") << qint64(4) << "float32x4"
                                  << "scalar type";
    QTest::newRow("huge") << qint64(1) << "huge"
                          << "too large";
  }
  void badShapesAreErrors() {
    QFETCH(qint64, extent);
    QFETCH(QString, dtype);
    QFETCH(QString, message);
    Result<NDArray> a = Error("unset");
    if (dtype == "huge") {
      a = NDArray::Empty({int64_t{1} << 40, int64_t{1} << 40}, DataType::Float(32));
    } else {
      a = NDArray::Empty({extent}, *DataType::parse(dtype.toStdString()));
    }
    QVERIFY(!a.ok());
    QVERIFY2(QString::fromStdString(a.error().message).contains(message),
             a.error().message.c_str());
  }

  void typedAccessWrapsToTheElementType_data() {
    QTest::addColumn<QString>("dtype");
    QTest::addColumn<qint64>("stored");
    QTest::addColumn<qint64>("read");
    QTest::newRow("int8 wraps") << "int8" << qint64(200) << qint64(-56);
    QTest::newRow("uint8 wraps") << "uint8" << qint64(-1) << qint64(255);
    QTest::newRow("int32") << "int32" << qint64(-7) << qint64(-7);
    QTest::newRow("int64") << "int64" << qint64(1) << qint64(1);
    QTest::newRow("bool") << "bool" << qint64(5) << qint64(1);
  }
  void typedAccessWrapsToTheElementType() {
    QFETCH(QString, dtype);
    QFETCH(qint64, stored);
    QFETCH(qint64, read);
    auto a = NDArray::Empty({2}, *DataType::parse(dtype.toStdString()));
    QVERIFY(a.ok());
    a->SetInt(1, stored);
    QCOMPARE(a->GetInt(1), read);
    QCOMPARE(a->GetInt(0), 0);
  }

  void float16RoundTrips_data() {
    QTest::addColumn<float>("value");
    QTest::addColumn<float>("expected");
    QTest::newRow("one") << 1.0f << 1.0f;
    QTest::newRow("half") << -0.5f << -0.5f;
    QTest::newRow("rounds to nearest") << 1.0009765625f << 1.0009765625f;  // 1 + 2^-10
    QTest::newRow("max") << 65504.0f << 65504.0f;
    QTest::newRow("overflow") << 1e6f << INFINITY;
    QTest::newRow("subnormal") << 5.9604645e-8f << 5.9604645e-8f;
  }
  void float16RoundTrips() {
    QFETCH(float, value);
    QFETCH(float, expected);
    QCOMPARE(HalfToFloat(FloatToHalf(value)), expected);
  }

  void randomFillIsSeededAndInRange() {
    auto a = NDArray::Empty({1000}, DataType::Float(32));
    auto b = NDArray::Empty({1000}, DataType::Float(32));
    auto c = NDArray::Empty({1000}, DataType::Float(32));
    a->FillRandom(42, -2.0, 3.0);
    b->FillRandom(42, -2.0, 3.0);
    c->FillRandom(43, -2.0, 3.0);
    QVERIFY(Compare(*a, *b).ok());
    QVERIFY(!Compare(*a, *c).ok());
    for (int64_t i = 0; i < a->numel(); ++i) {
      QVERIFY(a->GetDouble(i) >= -2.0);
      QVERIFY(a->GetDouble(i) < 3.0);
    }
    auto ints = NDArray::Empty({1000}, DataType::Int(32));
    ints->FillRandom(7, -5, 5);
    bool saw_neg = false;
    for (int64_t i = 0; i < ints->numel(); ++i) {
      QVERIFY(ints->GetInt(i) >= -5 && ints->GetInt(i) < 5);
      saw_neg = saw_neg || ints->GetInt(i) < 0;
    }
    QVERIFY(saw_neg);
  }

  void copyAndCloneAreDeep() {
    auto a = NDArray::Empty({4}, DataType::Int(32));
    a->Fill(3);
    NDArray b = a->Clone();
    a->SetInt(0, 9);
    QCOMPARE(b.GetInt(0), 3);
    auto c = NDArray::Empty({4}, DataType::Int(32));
    QVERIFY(c->CopyFrom(*a).ok());
    QCOMPARE(c->GetInt(0), 9);
    auto wrong = NDArray::Empty({5}, DataType::Int(32));
    Status s = wrong->CopyFrom(*a);
    QVERIFY(!s.ok());
    QVERIFY(QString::fromStdString(s.error().message).contains("int32[4] into int32[5]"));
  }

  void compareReportsMaxErrors() {
    auto ref = NDArray::Empty({3}, DataType::Float(32));
    auto out = NDArray::Empty({3}, DataType::Float(32));
    ref->SetDouble(0, 1.0);
    ref->SetDouble(1, 2.0);
    ref->SetDouble(2, 4.0);
    QVERIFY(out->CopyFrom(*ref).ok());
    out->SetDouble(2, 4.5);
    CompareResult r = Compare(*out, *ref);
    QVERIFY(!r.ok());
    QCOMPARE(r.mismatches, 1);
    QCOMPARE(r.first_mismatch, 2);
    QCOMPARE(r.max_abs_error, 0.5);
    QCOMPARE(r.max_rel_error, 0.125);
    QVERIFY(Compare(*out, *ref, {0.6, 0.0}).ok());
    auto other = NDArray::Empty({4}, DataType::Float(32));
    QVERIFY(!Compare(*other, *ref).shapes_match);
  }

  void compareTreatsNanAsEqualOnlyToNan() {
    auto a = NDArray::Empty({2}, DataType::Float(64));
    auto b = NDArray::Empty({2}, DataType::Float(64));
    a->SetDouble(0, NAN);
    b->SetDouble(0, NAN);
    QVERIFY(Compare(*a, *b).ok());
    b->SetDouble(0, 1.0);
    QVERIFY(!Compare(*a, *b).ok());
  }
};

}  // namespace tst_ndarray

QTEST_APPLESS_MAIN(tst_ndarray::TestNDArray)
#include "tst_ndarray.moc"
