#include "runtime/NDArray.h"

#include <cmath>
#include <cstdlib>
#include <cstring>
#include <limits>
#include <random>

namespace tessera::runtime {

using ir::DataType;

int64_t StorageBytes(DataType dtype) { return dtype.is_bool() ? 1 : dtype.bytes(); }

float HalfToFloat(uint16_t h) {
  uint32_t sign = static_cast<uint32_t>(h & 0x8000u) << 16;
  uint32_t exp = (h >> 10) & 0x1fu;
  uint32_t mant = h & 0x3ffu;
  uint32_t bits;
  if (exp == 0x1f) {
    bits = sign | 0x7f800000u | (mant << 13);  // inf / nan
  } else if (exp != 0) {
    bits = sign | ((exp + 112) << 23) | (mant << 13);
  } else if (mant == 0) {
    bits = sign;  // signed zero
  } else {
    // subnormal half: normalise
    int shift = 0;
    while ((mant & 0x400u) == 0) {
      mant <<= 1;
      ++shift;
    }
    mant &= 0x3ffu;
    bits = sign | (static_cast<uint32_t>(113 - shift) << 23) | (mant << 13);
  }
  float f;
  std::memcpy(&f, &bits, sizeof f);
  return f;
}

uint16_t FloatToHalf(float f) {
  uint32_t bits;
  std::memcpy(&bits, &f, sizeof bits);
  uint16_t sign = static_cast<uint16_t>((bits >> 16) & 0x8000u);
  uint32_t exp = (bits >> 23) & 0xffu;
  uint32_t mant = bits & 0x7fffffu;
  if (exp == 0xff) return sign | 0x7c00u | (mant ? 0x200u : 0u);
  int e = static_cast<int>(exp) - 127 + 15;
  if (e >= 0x1f) return sign | 0x7c00u;  // overflow to inf
  if (e <= 0) {
    if (e < -10) return sign;  // underflow to zero
    mant |= 0x800000u;
    int shift = 14 - e;
    uint32_t half_mant = mant >> shift;
    uint32_t rest = mant & ((1u << shift) - 1);
    uint32_t halfway = 1u << (shift - 1);
    if (rest > halfway || (rest == halfway && (half_mant & 1u))) ++half_mant;
    return static_cast<uint16_t>(sign | half_mant);
  }
  uint32_t half = (static_cast<uint32_t>(e) << 10) | (mant >> 13);
  uint32_t rest = mant & 0x1fffu;
  if (rest > 0x1000u || (rest == 0x1000u && (half & 1u))) ++half;  // round to nearest even
  return static_cast<uint16_t>(sign | half);
}

namespace {

template <typename T>
T load(const void* base, int64_t i) {
  T v;
  std::memcpy(&v, static_cast<const char*>(base) + i * static_cast<int64_t>(sizeof(T)), sizeof v);
  return v;
}
template <typename T>
void store(void* base, int64_t i, T v) {
  std::memcpy(static_cast<char*>(base) + i * static_cast<int64_t>(sizeof(T)), &v, sizeof v);
}

// Clamps a double to the range of an integer type before the conversion (a plain cast
// of an out-of-range double is undefined behaviour).
int64_t double_to_int(double v) {
  if (std::isnan(v)) return 0;
  if (v >= 9.2233720368547758e18) return std::numeric_limits<int64_t>::max();
  if (v <= -9.2233720368547758e18) return std::numeric_limits<int64_t>::min();
  return static_cast<int64_t>(v);
}

}  // namespace

int64_t LoadElementInt(const void* base, int64_t i, DataType t) {
  if (t.is_float()) return double_to_int(LoadElementDouble(base, i, t));
  if (t.is_bool()) return load<uint8_t>(base, i) != 0;
  if (t.is_handle()) return load<int64_t>(base, i);
  // (no ?: here: int32_t and uint32_t would promote to unsigned)
  bool s = t.is_int();
  switch (t.bits()) {
    case 8:
      if (s) return load<int8_t>(base, i);
      return load<uint8_t>(base, i);
    case 16:
      if (s) return load<int16_t>(base, i);
      return load<uint16_t>(base, i);
    case 32:
      if (s) return load<int32_t>(base, i);
      return load<uint32_t>(base, i);
    default:
      return load<int64_t>(base, i);
  }
}

double LoadElementDouble(const void* base, int64_t i, DataType t) {
  if (t.is_float()) {
    switch (t.bits()) {
      case 16:
        return HalfToFloat(load<uint16_t>(base, i));
      case 32:
        return load<float>(base, i);
      default:
        return load<double>(base, i);
    }
  }
  if (t.is_uint() && t.bits() == 64) return static_cast<double>(load<uint64_t>(base, i));
  return static_cast<double>(LoadElementInt(base, i, t));
}

void StoreElementInt(void* base, int64_t i, DataType t, int64_t v) {
  if (t.is_float()) return StoreElementDouble(base, i, t, static_cast<double>(v));
  if (t.is_bool()) return store<uint8_t>(base, i, v != 0);
  if (t.is_handle()) return store<int64_t>(base, i, v);
  switch (t.bits()) {
    case 8:
      return store<uint8_t>(base, i, static_cast<uint8_t>(v));
    case 16:
      return store<uint16_t>(base, i, static_cast<uint16_t>(v));
    case 32:
      return store<uint32_t>(base, i, static_cast<uint32_t>(v));
    default:
      return store<int64_t>(base, i, v);
  }
}

void StoreElementDouble(void* base, int64_t i, DataType t, double v) {
  if (!t.is_float()) {
    if (t.is_uint() && t.bits() == 64 && v >= 9.2233720368547758e18) {
      return store<uint64_t>(base, i,
                             v >= 1.8446744073709552e19 ? std::numeric_limits<uint64_t>::max()
                                                        : static_cast<uint64_t>(v));
    }
    return StoreElementInt(base, i, t, double_to_int(v));
  }
  switch (t.bits()) {
    case 16:
      return store<uint16_t>(base, i, FloatToHalf(static_cast<float>(v)));
    case 32:
      return store<float>(base, i, static_cast<float>(v));
    default:
      return store<double>(base, i, v);
  }
}

Result<NDArray> NDArray::Empty(std::vector<int64_t> shape, DataType dtype) {
  if (dtype.is_void() || dtype.lanes() != 1)
    return Error("NDArray: element type must be a scalar type, got " + dtype.str());
  int64_t numel = 1;
  for (size_t d = 0; d < shape.size(); ++d) {
    if (shape[d] < 0)
      return Error("NDArray: dimension " + std::to_string(d) + " has negative extent " +
                   std::to_string(shape[d]));
    if (shape[d] != 0 && numel > std::numeric_limits<int64_t>::max() / 64 / shape[d])
      return Error("NDArray: shape too large");
    numel *= shape[d];
  }
  NDArray a;
  a.dtype_ = dtype;
  a.dtype_set_ = true;
  a.shape_ = std::move(shape);
  a.numel_ = numel;
  size_t bytes = static_cast<size_t>(numel * StorageBytes(dtype));
  size_t rounded = (bytes + kAllocAlignment - 1) / kAllocAlignment * kAllocAlignment;
  if (rounded == 0) rounded = kAllocAlignment;  // a valid pointer even for empty arrays
  void* p = std::aligned_alloc(kAllocAlignment, rounded);
  if (!p) return Error("NDArray: cannot allocate " + std::to_string(bytes) + " bytes");
  std::memset(p, 0, rounded);
  a.data_ = std::shared_ptr<void>(p, [](void* q) { std::free(q); });
  return a;
}

double NDArray::GetDouble(int64_t flat) const { return LoadElementDouble(data(), flat, dtype_); }
int64_t NDArray::GetInt(int64_t flat) const { return LoadElementInt(data(), flat, dtype_); }
void NDArray::SetDouble(int64_t flat, double v) { StoreElementDouble(data(), flat, dtype_, v); }
void NDArray::SetInt(int64_t flat, int64_t v) { StoreElementInt(data(), flat, dtype_, v); }

void NDArray::Fill(double value) {
  for (int64_t i = 0; i < numel_; ++i) SetDouble(i, value);
}

void NDArray::FillRandom(uint64_t seed, double low, double high) {
  std::mt19937_64 gen(seed);
  if (dtype_.is_float()) {
    std::uniform_real_distribution<double> dist(low, high);
    for (int64_t i = 0; i < numel_; ++i) SetDouble(i, dist(gen));
    return;
  }
  if (dtype_.is_bool()) {
    for (int64_t i = 0; i < numel_; ++i) SetInt(i, static_cast<int64_t>(gen() & 1));
    return;
  }
  int64_t lo = static_cast<int64_t>(std::ceil(low));
  int64_t hi = static_cast<int64_t>(std::ceil(high)) - 1;
  if (hi < lo) hi = lo;
  std::uniform_int_distribution<int64_t> dist(lo, hi);
  for (int64_t i = 0; i < numel_; ++i) SetInt(i, dist(gen));
}

Status NDArray::CopyFrom(const NDArray& other) {
  if (other.dtype_ != dtype_ || other.shape_ != shape_)
    return Error("NDArray::CopyFrom: cannot copy " + other.TypeString() + " into " + TypeString());
  if (numel_ > 0)
    std::memcpy(data(), other.data(), static_cast<size_t>(numel_ * StorageBytes(dtype_)));
  return Status::Ok();
}

NDArray NDArray::Clone() const {
  if (!defined()) return NDArray();
  auto copy = Empty(shape_, dtype_);
  if (!copy.ok()) return NDArray();
  (void)copy->CopyFrom(*this);
  return std::move(copy).value();
}

std::string NDArray::TypeString() const {
  std::string s = dtype_.str() + "[";
  for (size_t d = 0; d < shape_.size(); ++d) s += (d ? ", " : "") + std::to_string(shape_[d]);
  return s + "]";
}

}  // namespace tessera::runtime
