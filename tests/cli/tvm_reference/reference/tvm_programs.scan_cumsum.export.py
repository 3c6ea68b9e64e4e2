# scan: TVM's scan tutorial — the cumulative sum over rows, a recurrence written with
# te.scan over a te.placeholder state; the update's columns are split (the tutorial binds
# them to GPU threads; here they run on the CPU).
import tvm
from tvm import te

m = te.var("m")
n = te.var("n")
X = te.placeholder((m, n), name="X")
s_state = te.placeholder((m, n))
s_init = te.compute((1, n), lambda _, i: X[0, i])
s_update = te.compute((m, n), lambda t, i: s_state[t - 1, i] + X[t, i])
s_scan = tvm.te.scan(s_init, s_update, s_state, inputs=[X])

s = te.create_schedule(s_scan.op)
xo, xi = s[s_update].split(s_update.op.axis[1], factor=8)
xo_1, xi_1 = s[s_init].split(s_init.op.axis[1], factor=8)

print(tvm.lower(s, [X, s_scan], simple_mode=True))
