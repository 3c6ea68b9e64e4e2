// NDArray: a dense host tensor (row-major, 64-byte aligned) with an element type and a
// shape. It is what kernels read and write, what the interpreter executes on and what
// Compare() checks. Copies share memory (like a shared_ptr); Clone() copies the data.
#pragma once

#include <cstdint>
#include <memory>
#include <string>
#include <vector>

#include "ir/DataType.h"
#include "support/Result.h"

namespace tessera::runtime {

inline constexpr size_t kAllocAlignment = 64;

class NDArray {
 public:
  NDArray() = default;

  // A zero-filled array. Errors: vector or void dtypes, negative extents, overflow of
  // the byte size, allocation failure.
  static Result<NDArray> Empty(std::vector<int64_t> shape, ir::DataType dtype);

  bool defined() const { return dtype_set_; }
  ir::DataType dtype() const { return dtype_; }
  const std::vector<int64_t>& shape() const { return shape_; }
  int ndim() const { return static_cast<int>(shape_.size()); }
  int64_t numel() const { return numel_; }
  int64_t element_bytes() const { return dtype_.bytes(); }
  int64_t bytes() const { return numel_ * element_bytes(); }
  void* data() const { return data_.get(); }
  template <typename T>
  T* data_as() const {
    return static_cast<T*>(data_.get());
  }

  // Element access by flat index, converted to / from double or int64 (any dtype).
  double GetDouble(int64_t flat) const;
  int64_t GetInt(int64_t flat) const;
  void SetDouble(int64_t flat, double value);
  void SetInt(int64_t flat, int64_t value);

  // Fills every element with `value` (converted to the element type).
  void Fill(double value);
  // Uniform random values in [low, high) from a seeded generator (reproducible);
  // integer types get integers in [low, high), bool 0/1.
  void FillRandom(uint64_t seed, double low = -1.0, double high = 1.0);
  // Copies the data of `other` (same dtype and shape, else an error).
  Status CopyFrom(const NDArray& other);
  // A deep copy.
  NDArray Clone() const;

  // "float32[4, 8]".
  std::string TypeString() const;

 private:
  ir::DataType dtype_;
  bool dtype_set_ = false;
  std::vector<int64_t> shape_;
  int64_t numel_ = 0;
  std::shared_ptr<void> data_;
};

// Element size in bytes of a scalar dtype in memory (bool is one byte).
int64_t StorageBytes(ir::DataType dtype);

// Typed element access on raw memory (what NDArray and the interpreter's local buffers
// use). `t` is a scalar dtype; integers wrap to the element width on store.
double LoadElementDouble(const void* base, int64_t index, ir::DataType t);
int64_t LoadElementInt(const void* base, int64_t index, ir::DataType t);
void StoreElementDouble(void* base, int64_t index, ir::DataType t, double value);
void StoreElementInt(void* base, int64_t index, ir::DataType t, int64_t value);

// IEEE half <-> float conversion (float16 buffers on the host).
float HalfToFloat(uint16_t h);
uint16_t FloatToHalf(float f);

}  // namespace tessera::runtime
