# Quantized-kernel idiom: eight 4-bit values packed in each int32 word are unpacked with
# a shift and a mask (TVM's `(A[i // 8] >> ((i % 8) * 4)) & 15`), then mixed with xor,
# or and not; the top nibble is read arithmetically (int32) and logically (uint32).
# The words are scrambled from their index first (the random inputs are only 0 / -1).
import tvm
from tvm import te

n = 256
packed = te.placeholder((n // 8,), dtype="int32", name="packed")
words = te.compute((n // 8,),
                   lambda w: packed[w] ^ (w << 3) ^ (w << 13) ^ (w << 27) ^ (w * 77),
                   name="words")
nibbles = te.compute((n,), lambda i: (words[i // 8] >> ((i % 8) * 4)) & 15, name="nibbles")
mixed = te.compute((n,),
                   lambda i: ((nibbles[i] ^ (i << 1)) | ~(nibbles[i] & 3)) + (words[i // 8] >> 28),
                   name="mixed")
high = te.compute((n,),
                  lambda i: tvm.tir.bitwise_xor(
                      tvm.tir.shift_right(words[i // 8].astype("uint32"), 28),
                      tvm.tir.bitwise_not(tvm.tir.const(5, "uint32"))),
                  name="high")

s = te.create_schedule([mixed.op, high.op])
s[nibbles].compute_inline()
mo, mi = s[mixed].split(mixed.op.axis[0], factor=8)
s[mixed].vectorize(mi)
ho, hi = s[high].split(high.op.axis[0], factor=16)
s[high].parallel(ho)
s[high].vectorize(hi)

print(tvm.lower(s, [packed, mixed, high], simple_mode=True))
