// tvm.ir.save_json(node) and tvm.ir.load_json(json_str), over JsonGraph.
#include "script/lang/Args.h"
#include "script/tvm/ir/JsonGraph.h"

namespace tessera::script {

void RegisterJsonBuiltins(Interpreter& interp) {
  interp.RegisterFunction("tvm.ir.save_json",
                          [](Interpreter& in, const CallArgs& c) -> Result<Value> {
                            Args args(c, "save_json", {"node"}, 1);
                            if (!args.status()) return args.status().error();
                            auto text = SaveJsonGraph(in, args.get("node"), args.loc("node"));
                            if (!text) return text.error();
                            return Value::String(std::move(*text));
                          });
  interp.RegisterFunction("tvm.ir.load_json",
                          [](Interpreter& in, const CallArgs& c) -> Result<Value> {
                            Args args(c, "load_json", {"json_str"}, 1);
                            if (!args.status()) return args.status().error();
                            auto text = args.String("json_str");
                            if (!text) return text.error();
                            return LoadJsonGraph(in, *text, args.loc("json_str"));
                          });
  // TVM defines them in tvm.ir.base and re-exports them from tvm.ir.
  interp.Alias("tvm.ir.base.save_json", "tvm.ir.save_json");
  interp.Alias("tvm.ir.base.load_json", "tvm.ir.load_json");
}

}  // namespace tessera::script
