/* The extern micro-kernels of TVM's tensorize tutorial (tests/tvm_programs/
 * tensorize_gemv_update.py): scripts/tvm-reference.sh preloads them so that the TensorIR
 * export of that program runs under TVM and is checked. cc[i] += aa . bb[i, :] over an
 * m x l tile whose rows are `stride` apart; gemv_reset zeroes the m outputs. */
int gemv_update(float *cc, float *aa, float *bb, int m, int l, int stride) {
  for (int i = 0; i < m; ++i)
    for (int j = 0; j < l; ++j) cc[i] += aa[j] * bb[i * stride + j];
  return 0;
}

int gemv_reset(float *cc, int m) {
  for (int i = 0; i < m; ++i) cc[i] = 0.0f;
  return 0;
}
