# The 4-bit unpacking of bitwise_unpack_int4.py as a CUDA kernel: one thread per output
# element; the shifts, masks, xor / or / not are printed as C operators in the kernel.
import tvm
from tvm import te

n = 512
packed = te.placeholder((n // 8,), dtype="int32", name="packed")
words = te.compute((n // 8,), lambda w: packed[w] ^ (w << 5) ^ (w << 26) ^ (w * 37), name="words")
out = te.compute((n,),
                 lambda i: (((words[i // 8] >> ((i % 8) * 4)) & 15) ^ (i << 2))
                 | ~(tvm.tir.shift_right(words[i // 8].astype("uint32"), 28).astype("int32")),
                 name="out")

s = te.create_schedule(out.op)
s[words].compute_inline()
bx, tx = s[out].split(out.op.axis[0], factor=64)
s[out].bind(bx, te.thread_axis("blockIdx.x"))
s[out].bind(tx, te.thread_axis("threadIdx.x"))

print(tvm.lower(s, [packed, out], simple_mode=True))
