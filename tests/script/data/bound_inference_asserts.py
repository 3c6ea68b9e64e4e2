# InferBound checked from the script, as TVM's unit tests check it: each test builds a
# schedule, asks tvm.te.schedule.InferBound(s) for the ranges and asserts on them. Run
# under TVM these asserts check TVM; opened in Tessera they check Tessera's InferBound
# (in TVM's mode). The last schedule built is the program that runs. Run under the TVM
# v0.19 that tests/cli/tvm_reference/build_tvm.sh builds (2026-11-23), every assert holds.
import tvm
from tvm import te


def check_attach_under_split():
    rows = te.var("rows")
    cols = te.var("cols")
    X = te.placeholder((rows, cols), name="X")
    Y = te.compute((rows, cols), lambda r, c: X[r, c] * 2.0, name="Y")
    Z = te.compute((rows, cols), lambda r, c: Y[r, c] - 1.0, name="Z")
    s = te.create_schedule(Z.op)
    ro, ri = s[Z].split(Z.op.axis[0], factor=16)
    s[Y].compute_at(s[Z], ro)
    bounds = tvm.te.schedule.InferBound(s)
    assert isinstance(bounds, tvm.container.Map)
    assert bounds[Y.op.axis[0]].extent.value == 16
    assert bounds[Y.op.axis[1]].extent == cols


def check_attach_under_tile():
    X = te.placeholder((96, 80), name="X")
    Y = te.compute((96, 80), lambda r, c: X[r, c] + 1.0, name="Y")
    Z = te.compute((96, 80), lambda r, c: Y[r, c] * Y[r, c], name="Z")
    s = te.create_schedule(Z.op)
    ro, co, ri, ci = s[Z].tile(Z.op.axis[0], Z.op.axis[1], x_factor=12, y_factor=20)
    s[Y].compute_at(s[Z], co)
    bounds = tvm.te.schedule.InferBound(s)
    assert bounds[Y.op.axis[0]].extent.value == 12
    assert bounds[Y.op.axis[1]].extent.value == 20
    assert bounds[ro].extent.value == 8 and bounds[co].extent.value == 4


def check_stencil_halo():
    # A 3-point stencil reads one element either side: attached under a split of 8, the
    # producer covers 8 + 2 points per outer iteration.
    size = 64
    X = te.placeholder((size + 2,), name="X")
    Y = te.compute((size + 2,), lambda i: X[i] * 3.0, name="Y")
    Z = te.compute((size,), lambda i: Y[i] + Y[i + 1] + Y[i + 2], name="Z")
    s = te.create_schedule(Z.op)
    outer, inner = s[Z].split(Z.op.axis[0], factor=8)
    s[Y].compute_at(s[Z], outer)
    bounds = tvm.te.schedule.InferBound(s)
    assert bounds[Y.op.axis[0]].extent.value == 10, "halo of the 3-point stencil"


def check_split_larger_than_extent(parts):
    size = 6
    X = te.placeholder((size,), name="X")
    Y = te.compute((size,), lambda i: X[i] + 2.0, name="Y")
    Z = te.compute((size,), lambda i: Y[i] * 2.0, name="Z")
    s = te.create_schedule(Z.op)
    outer, inner = s[Z].split(Z.op.axis[0], nparts=parts)
    s[Y].compute_at(s[Z], outer)
    bounds = tvm.te.schedule.InferBound(s)
    # nparts larger than the extent: the outer loop is clipped to the extent
    assert bounds[outer].extent.value == min(parts, size), "outer extent %d" % bounds[outer].extent.value


def check_shared_stage_under_threads():
    # A stage in shared memory attached inside a threadIdx loop covers every thread's
    # part: the region is relaxed over the thread, not over the serial loops.
    X = te.placeholder((128, 64), name="X")
    Y = te.compute((128, 64), lambda r, c: X[r, c] * 0.5, name="Y")
    Z = te.compute((128, 64), lambda r, c: Y[r, c] + 1.0, name="Z")
    s = te.create_schedule(Z.op)
    s[Y].set_scope("shared")
    ro, ri = s[Z].split(Z.op.axis[0], factor=32)
    tx, rii = s[Z].split(ri, nparts=8)
    s[Z].bind(ro, te.thread_axis("blockIdx.x"))
    s[Z].bind(tx, te.thread_axis("threadIdx.x"))
    co, ci = s[Z].split(Z.op.axis[1], factor=16)
    s[Z].reorder(ro, tx, co, rii, ci)
    s[Y].compute_at(s[Z], co)
    bounds = tvm.te.schedule.InferBound(s)
    assert bounds[Y.op.axis[0]].extent.value == 32
    assert bounds[Y.op.axis[1]].extent.value == 16


checks = [check_attach_under_split, check_attach_under_tile, check_stencil_halo]
for check in checks:
    check()
for parts in (4, 6, 10):
    check_split_larger_than_extent(parts)
check_shared_stage_under_threads()

# The program that runs: a row normalisation with the sum attached per row.
rows, cols = 48, 40
X = te.placeholder((rows, cols), name="X")
k = te.reduce_axis((0, cols), name="k")
total = te.compute((rows,), lambda r: te.sum(X[r, k], axis=k), name="total")
scaled = te.compute((rows, cols), lambda r, c: X[r, c] / (total[r] + 1.0), name="scaled")
s = te.create_schedule(scaled.op)
ro, ri = s[scaled].split(scaled.op.axis[0], factor=4)
s[total].compute_at(s[scaled], ro)
bounds = tvm.te.schedule.InferBound(s)
assert bounds[total.op.axis[0]].extent.value == 4
assert bounds[total.op.reduce_axis[0]].extent.value == cols
print(tvm.lower(s, [X, scaled], simple_mode=True))
