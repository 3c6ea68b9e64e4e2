// The values the IR interpreter computes with: a dtype and one entry per lane (integers,
// bools and handles as int64 bit patterns wrapped to the type's width, floats as doubles
// rounded to the type's precision after every operation, so float32 arithmetic matches
// compiled code bit for bit for + - * / and sqrt).
#pragma once

#include <cstdint>
#include <initializer_list>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "ir/DataType.h"
#include "ir/Expr.h"

namespace tessera::runtime {

// The lanes of a value: a small vector that keeps up to 16 lanes inline (every scalar
// and the usual SIMD widths), so that evaluating an expression does not allocate.
template <typename T>
class LaneVector {
 public:
  static constexpr uint32_t kInline = 16;
  LaneVector() = default;
  LaneVector(const LaneVector& o) { *this = o; }
  LaneVector& operator=(const LaneVector& o) {
    if (this == &o) return *this;
    size_ = 0;
    reserve(o.size_);
    for (uint32_t k = 0; k < o.size_; ++k) data()[k] = o.data()[k];
    size_ = o.size_;
    return *this;
  }
  LaneVector(LaneVector&& o) noexcept { *this = std::move(o); }
  LaneVector& operator=(LaneVector&& o) noexcept {
    if (this == &o) return *this;
    if (o.heap_) {
      heap_ = std::move(o.heap_);
      capacity_ = o.capacity_;
    } else {
      heap_.reset();
      capacity_ = kInline;
      for (uint32_t k = 0; k < o.size_; ++k) inline_[k] = o.inline_[k];
    }
    size_ = o.size_;
    o.size_ = 0;
    o.capacity_ = kInline;
    return *this;
  }
  LaneVector(std::initializer_list<T> values) {
    for (const T& v : values) push_back(v);
  }

  size_t size() const { return size_; }
  bool empty() const { return size_ == 0; }
  T* data() { return heap_ ? heap_.get() : inline_; }
  const T* data() const { return heap_ ? heap_.get() : inline_; }
  T& operator[](size_t k) { return data()[k]; }
  const T& operator[](size_t k) const { return data()[k]; }
  void push_back(const T& v) {
    if (size_ == capacity_) reserve(capacity_ * 2);
    data()[size_++] = v;
  }
  void assign(size_t n, const T& v) {
    size_ = 0;
    reserve(static_cast<uint32_t>(n));
    for (size_t k = 0; k < n; ++k) data()[k] = v;
    size_ = static_cast<uint32_t>(n);
  }

 private:
  void reserve(uint32_t n) {
    if (n <= capacity_) return;
    std::unique_ptr<T[]> bigger(new T[n]);
    for (uint32_t k = 0; k < size_; ++k) bigger[k] = data()[k];
    heap_ = std::move(bigger);
    capacity_ = n;
  }
  T inline_[kInline];
  std::unique_ptr<T[]> heap_;
  uint32_t size_ = 0;
  uint32_t capacity_ = kInline;
};

struct Value {
  ir::DataType type;
  LaneVector<int64_t> i;  // non-float lanes
  LaneVector<double> f;   // float lanes

  int lanes() const { return type.lanes(); }
  bool is_float() const { return type.is_float(); }
  double as_double(int lane) const;
  int64_t as_int(int lane) const;
  bool as_bool(int lane) const { return as_int(lane) != 0; }

  static Value Int(ir::DataType t, int64_t v);   // broadcast to t's lanes
  static Value Float(ir::DataType t, double v);  // broadcast to t's lanes
  static Value Zero(ir::DataType t);
  // Element `lane` as a scalar Value of the element type.
  Value Lane(int lane) const;
  std::string str() const;
};

// Wraps an integer to the width and signedness of t (bool: 0/1).
int64_t WrapInt(ir::DataType t, int64_t v);
// Rounds a double to the precision of float type t (float16/float32/float64).
double RoundFloat(ir::DataType t, double v);

// Elementwise operations; a scalar operand is broadcast to the other's lanes.
// Returns nullopt with `*error` set on division by zero or an unsupported operation.
std::optional<Value> ApplyBinary(ir::ExprKind kind, const Value& a, const Value& b,
                                 std::string* error);
Value ApplyNot(const Value& a);
Value ApplyCast(ir::DataType t, const Value& v);
// The bits of v's lanes, first lane lowest (little-endian memory order), read as t's
// lanes (tir.reinterpret); nullopt with `*error` set when the sizes differ or a lane type
// is not a whole number of bytes or is float16.
std::optional<Value> ApplyReinterpret(ir::DataType t, const Value& v, std::string* error);
// Lane-wise choice (a scalar condition chooses for every lane).
Value ApplySelect(const Value& cond, const Value& t, const Value& f);

}  // namespace tessera::runtime
