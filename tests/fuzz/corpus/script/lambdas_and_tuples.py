f = lambda i, j=1, *args, **kw: (i, j)[0] if i < j else j
a, (b, c), *d = 1, (2, 3), 4, 5
e = [x for x in range(3)]
g = {1: 2, "k": [3, 4]}[1]
h = A[1:2, ::3, ...]
