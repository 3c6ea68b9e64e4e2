import tvm
from tvm import te
A = te.placeholder((((((((((((n,), name="A")
