// TVM's stage-graph functions as a script calls them (tvm.te.schedule.*), on
// Tessera's own graph code (schedule/Graph.h, te::ScanUpdateGroup,
// schedule/ScanFixPoint.h), so that TVM's test_te_schedule_graph.py runs:
//   CreateReadGraph(roots)         {op: [tensors it reads]} for every op reachable
//   PostDFSOrder(roots, g)         the ops of `g`, each after its inputs
//   CreateAttachPath(s)            {op: [the loops enclosing its stage, innermost first]}
//   ScanGetBody(scan_op)           the operations of the scan's update group
//   ScanFixPointAnalysis(scan_op)  {spatial axis: 1 if it is a fixed point else 0}
// The maps are dicts keyed by the operations / iter vars themselves (identity).
#pragma once

namespace tessera::script {

class Interpreter;

void RegisterGraphBuiltins(Interpreter& interp);

}  // namespace tessera::script
