# A schedule driven by the script's own Python: a helper class holding the schedule and
# its tile sizes (methods, a class attribute, a classmethod, a subclass that extends a
# method), a closure counting the primitives it applied (nonlocal), and starred unpacking
# of the loops
from tvm import te, tir


class Tiler:
    default_factor = 8

    def __init__(self, sch, factor=None):
        self.sch = sch
        self.factor = factor if factor is not None else self.default_factor
        self.applied = []

    @classmethod
    def of(cls, func, factor=None):
        return cls(tir.Schedule(func), factor)

    def tile(self, name):
        block = self.sch.get_block(name)
        first, *rest = self.sch.get_loops(block)
        outer, inner = self.sch.split(first, factors=[None, self.factor])
        self.applied.append("split")
        return block, outer, inner, rest


class ParallelTiler(Tiler):
    def tile(self, name):
        block, outer, inner, rest = Tiler.tile(self, name)
        self.sch.parallel(outer)
        self.applied.append("parallel")
        return block, outer, inner, rest


def counter():
    count = 0

    def bump():
        nonlocal count
        count += 1
        return count

    return bump


A = te.placeholder((64, 32), name="A")
B = te.compute((64, 32), lambda i, j: A[i, j] * 2.0, name="B")
tiler = ParallelTiler.of(te.create_prim_func([A, B]), factor=16)
bump = counter()
block, outer, inner, rest = tiler.tile("B")
bump()
tiler.sch.vectorize(rest[-1])
assert bump() == 2
assert tiler.applied == ["split", "parallel"] and tiler.factor == 16
assert Tiler.default_factor == 8 and isinstance(tiler, Tiler)
sch = tiler.sch
print(sch.mod["main"].script())
print(sch.trace)
