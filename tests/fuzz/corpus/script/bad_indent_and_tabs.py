import tvm
	from tvm import te
  A = te.placeholder((16,), name="A")
B = te.compute((16,), lambda i: A[i] *, name="B")
