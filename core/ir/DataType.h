// DataType: scalar kind, bit width and vector lanes (int8..int64, uint8..uint64,
// float16..float64, bool, handle), as TVM's DLDataType.
#pragma once

#include <cstdint>
#include <optional>
#include <string>

namespace tessera::ir {

class DataType {
 public:
  enum class Code : uint8_t { Int, UInt, Float, Bool, Handle };

  constexpr DataType() = default;
  constexpr DataType(Code code, int bits, int lanes = 1)
      : code_(code), bits_(static_cast<uint8_t>(bits)), lanes_(static_cast<uint16_t>(lanes)) {}

  static constexpr DataType Int(int bits, int lanes = 1) { return {Code::Int, bits, lanes}; }
  static constexpr DataType UInt(int bits, int lanes = 1) { return {Code::UInt, bits, lanes}; }
  static constexpr DataType Float(int bits, int lanes = 1) { return {Code::Float, bits, lanes}; }
  static constexpr DataType Bool(int lanes = 1) { return {Code::Bool, 1, lanes}; }
  static constexpr DataType Handle() { return {Code::Handle, 64, 1}; }
  static constexpr DataType Void() { return {Code::Handle, 0, 0}; }

  constexpr Code code() const { return code_; }
  constexpr int bits() const { return bits_; }
  constexpr int lanes() const { return lanes_; }
  constexpr int bytes() const { return (bits_ + 7) / 8; }

  constexpr bool is_int() const { return code_ == Code::Int; }
  constexpr bool is_uint() const { return code_ == Code::UInt; }
  constexpr bool is_float() const { return code_ == Code::Float; }
  constexpr bool is_bool() const { return code_ == Code::Bool; }
  constexpr bool is_handle() const { return code_ == Code::Handle && bits_ != 0; }
  constexpr bool is_void() const { return code_ == Code::Handle && bits_ == 0; }
  // Integer-like: int, uint or bool (what index arithmetic works on).
  constexpr bool is_integer() const { return is_int() || is_uint(); }
  constexpr bool is_scalar() const { return lanes_ == 1; }
  constexpr bool is_vector() const { return lanes_ > 1; }

  constexpr DataType element_of() const { return {code_, bits_, 1}; }
  constexpr DataType with_lanes(int lanes) const { return {code_, bits_, lanes}; }
  constexpr DataType with_bits(int bits) const { return {code_, bits, lanes_}; }

  constexpr bool operator==(const DataType& o) const {
    return code_ == o.code_ && bits_ == o.bits_ && lanes_ == o.lanes_;
  }
  constexpr bool operator!=(const DataType& o) const { return !(*this == o); }

  // "int32", "float32x8", "bool", "handle".
  std::string str() const;
  // Parses the names str() produces, and TVM's 32-bit defaults ("float", "int", "uint",
  // "intx4"); nullopt for anything else.
  static std::optional<DataType> parse(const std::string& name);

 private:
  Code code_ = Code::Int;
  uint8_t bits_ = 32;
  uint16_t lanes_ = 1;
};

}  // namespace tessera::ir
