#include "script/tvm/te/GraphObjects.h"

#include "ir/ExprOp.h"
#include "schedule/Graph.h"
#include "schedule/ScanFixPoint.h"
#include "script/lang/Args.h"
#include "script/lang/Interpreter.h"
#include "script/tvm/te/ScheduleObjects.h"
#include "script/tvm/te/TeObjects.h"

namespace tessera::script {

namespace {

// The operations of a list (or tuple) of operations or tensors; an error naming the
// parameter otherwise.
Result<std::vector<te::Operation>> OperationList(const Args& args, const std::string& param) {
  const Value& v = args.get(param);
  std::vector<Value> items;
  if (v.kind() == Value::Kind::List || v.kind() == Value::Kind::Tuple)
    items = v.items();
  else
    items = {v};
  std::vector<te::Operation> ops;
  for (const Value& item : items) {
    te::Operation op = AsOperation(item);
    if (!op) return args.TypeError(param, "a list of operations");
    ops.push_back(op);
  }
  return ops;
}

Result<const te::ScanOpNode*> ScanArgument(const Args& args) {
  te::Operation op = AsOperation(args.get("scan_op"));
  auto* scan = op ? dynamic_cast<const te::ScanOpNode*>(op.get()) : nullptr;
  if (!scan) return args.TypeError("scan_op", "a scan operation (te.scan(...).op)");
  return scan;
}

std::shared_ptr<DictObject> NewMap() { return std::make_shared<DictObject>(); }

Value TensorList(const std::vector<te::Tensor>& tensors) {
  std::vector<Value> values;
  for (const te::Tensor& t : tensors) values.push_back(MakeTensorValue(t));
  return Value::List(std::move(values));
}

Value OperationListValue(const std::vector<te::Operation>& ops) {
  std::vector<Value> values;
  for (const te::Operation& op : ops) values.push_back(MakeOperationValue(op));
  return Value::List(std::move(values));
}

}  // namespace

void RegisterGraphBuiltins(Interpreter& interp) {
  interp.RegisterFunction(
      "tvm.te.schedule.CreateReadGraph", [](Interpreter&, const CallArgs& c) -> Result<Value> {
        Args args(c, "CreateReadGraph", {"roots"}, 1);
        if (!args.status()) return args.status().error();
        auto roots = OperationList(args, "roots");
        if (!roots) return roots.error();
        const schedule::ReadGraph g = schedule::CreateReadGraph(*roots);
        auto map = NewMap();
        // In post-DFS order, so that printing or iterating the map is deterministic.
        for (const te::Operation& op : schedule::PostDFSOrder(*roots, g))
          map->entries->emplace_back(MakeOperationValue(op), TensorList(g.at(op)));
        return Value::FromObject(map);
      });
  interp.RegisterFunction(
      "tvm.te.schedule.PostDFSOrder", [](Interpreter&, const CallArgs& c) -> Result<Value> {
        Args args(c, "PostDFSOrder", {"roots", "g"}, 2);
        if (!args.status()) return args.status().error();
        auto roots = OperationList(args, "roots");
        if (!roots) return roots.error();
        auto* dict = args.get("g").as<DictObject>();
        if (!dict)
          return args.TypeError("g", "a read graph (tvm.te.schedule.CreateReadGraph(...))");
        schedule::ReadGraph g;
        for (const auto& [key, inputs] : *dict->entries) {
          te::Operation op = AsOperation(key);
          if (!op || (inputs.kind() != Value::Kind::List && inputs.kind() != Value::Kind::Tuple))
            return args.ErrorAt("g", "a read graph maps operations to lists of tensors, not " +
                                         key.type_name() + " to " + inputs.type_name());
          std::vector<te::Tensor> tensors;
          for (const Value& t : inputs.items()) {
            te::Tensor tensor = AsTensor(t);
            if (!tensor.defined())
              return args.ErrorAt("g", "the read graph of '" + op->name + "' lists a " +
                                           t.type_name() + ", not a tensor");
            tensors.push_back(tensor);
          }
          g[op] = std::move(tensors);
        }
        return OperationListValue(schedule::PostDFSOrder(*roots, g));
      });
  interp.RegisterFunction(
      "tvm.te.schedule.CreateAttachPath", [](Interpreter&, const CallArgs& c) -> Result<Value> {
        Args args(c, "CreateAttachPath", {"sch"}, 1);
        if (!args.status()) return args.status().error();
        auto* s = args.get("sch").as<ScheduleObject>();
        if (!s) return args.TypeError("sch", "a schedule");
        const schedule::AttachPath paths = schedule::CreateAttachPath(*s->sch);
        auto map = NewMap();
        for (const schedule::Stage& stage : s->sch->stages) {
          auto it = paths.find(stage->op.get());
          std::vector<Value> loops;
          if (it != paths.end())
            for (const ir::IterVar& iv : it->second) loops.push_back(MakeIterVarValue(iv));
          map->entries->emplace_back(MakeOperationValue(stage->op), Value::List(std::move(loops)));
        }
        return Value::FromObject(map);
      });
  interp.RegisterFunction("tvm.te.schedule.ScanGetBody",
                          [](Interpreter&, const CallArgs& c) -> Result<Value> {
                            Args args(c, "ScanGetBody", {"scan_op"}, 1);
                            if (!args.status()) return args.status().error();
                            auto scan = ScanArgument(args);
                            if (!scan) return scan.error();
                            return OperationListValue(te::ScanUpdateGroup(**scan));
                          });
  interp.RegisterFunction(
      "tvm.te.schedule.ScanFixPointAnalysis", [](Interpreter&, const CallArgs& c) -> Result<Value> {
        Args args(c, "ScanFixPointAnalysis", {"scan_op"}, 1);
        if (!args.status()) return args.status().error();
        auto scan = ScanArgument(args);
        if (!scan) return scan.error();
        auto map = NewMap();
        for (const auto& [axis, fixed] : schedule::ScanFixPointAnalysis(**scan))
          map->entries->emplace_back(
              MakeIterVarValue(axis),
              Value::FromExpr(ir::IntImm(ir::DataType::Int(32), fixed ? 1 : 0)));
        return Value::FromObject(map);
      });
}

}  // namespace tessera::script
