# scan: the tutorial's multiple states — two recurrences advanced together by one scan,
# the second reading the first's previous row.
import tvm
from tvm import te

m = te.var("m")
n = te.var("n")
l = te.var("l")
X = te.placeholder((m, n), name="X")
s_state1 = te.placeholder((m, n))
s_state2 = te.placeholder((m, l))
s_init1 = te.compute((1, n), lambda _, i: X[0, i])
s_init2 = te.compute((1, l), lambda _, i: 0.0)
s_update1 = te.compute((m, n), lambda t, i: s_state1[t - 1, i] + X[t, i])
s_update2 = te.compute((m, l), lambda t, i: s_state2[t - 1, i] + s_state1[t - 1, 0])
s_scan1, s_scan2 = tvm.te.scan([s_init1, s_init2], [s_update1, s_update2], [s_state1, s_state2])

s = te.create_schedule(s_scan1.op.output(0).op)
xo, xi = s[s_update2].split(s_update2.op.axis[1], factor=4)

print(tvm.lower(s, [X, s_scan1.op.output(0), s_scan1.op.output(1)], simple_mode=True))
