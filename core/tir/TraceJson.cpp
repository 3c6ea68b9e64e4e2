#include "tir/TraceJson.h"

#include <algorithm>
#include <map>

#include "ir/ExprOp.h"
#include "support/Json.h"
#include "support/JsonReader.h"

namespace tessera::tir {

namespace trace_json_detail {

std::string RVName(int id, const std::map<int, std::string>& names) {
  auto it = names.find(id);
  return it == names.end() ? std::string() : it->second;
}

Error Bad(size_t index, const std::string& what) {
  return Error("trace JSON: instruction " + std::to_string(index) + ": " + what);
}

// An annotation value as TVM's as_json writes it: a number, a string in quotes, a list of
// those as an array, a dict as an object.
void WriteAnnotationValue(JsonWriter& w, const Expr& value) {
  if (auto entries = AnnotationDictEntries(value)) {
    w.begin_object();
    for (const auto& [key, item] : *entries) {
      w.key(key);
      WriteAnnotationValue(w, item);
    }
    w.end_object();
  } else if (const auto* str = value.as<ir::StringImmNode>()) {
    w.value("\"" + str->value + "\"");
  } else if (const auto* f = value.as<ir::FloatImmNode>()) {
    w.value(f->value);
  } else if (const int64_t* c = ir::as_const_int(value)) {
    w.value(*c);
  } else if (const auto* call = value.as<ir::CallNode>(); call && call->op == kAnnotationList) {
    w.begin_array();
    for (const Expr& item : call->args) WriteAnnotationValue(w, item);
    w.end_array();
  } else {
    w.null();
  }
}

Expr ReadAnnotationValue(const JsonValue& in) {
  if (in.is_string() && in.string.size() >= 2 && in.string.front() == '"')
    return ir::StringImm(in.string.substr(1, in.string.size() - 2));
  if (in.is_number())
    return in.is_integer ? ir::make_const(DataType::Int(32), in.integer) : Expr(in.number);
  if (in.is_array()) {
    std::vector<Expr> items;
    for (const JsonValue& item : in.items) items.push_back(ReadAnnotationValue(item));
    return MakeAnnotationList(std::move(items));
  }
  if (in.is_object()) {
    std::map<std::string, Expr> entries;
    for (const auto& [key, item] : in.members) entries[key] = ReadAnnotationValue(item);
    return MakeAnnotationDict(entries);
  }
  return Expr();
}

}  // namespace trace_json_detail

std::string TraceToJson(const Trace& trace) {
  using namespace trace_json_detail;
  std::map<int, std::string> names;
  int count = 0;  // results numbered as TVM does, None ones included
  JsonWriter w;
  w.begin_array().begin_array();
  for (const Instruction& inst : trace.insts) {
    w.begin_array().value(inst_kind_name(inst.kind)).begin_array();
    bool cache = inst.kind == InstKind::CacheRead || inst.kind == InstKind::CacheWrite;
    // blockize of blocks: the blocks as one array input, as TVM writes its target list
    bool block_list = inst.kind == InstKind::Blockize && !inst.inputs.empty() &&
                      RVName(inst.inputs[0], names).rfind('b', 0) == 0;
    if (block_list) {
      w.begin_array();
      for (int id : inst.inputs) w.value(RVName(id, names));
      w.end_array();
    }
    for (size_t i = 0;
         !block_list && i < (cache ? std::min<size_t>(1, inst.inputs.size()) : inst.inputs.size());
         ++i) {
      // TVM's as_json writes a None input as the string "None".
      inst.inputs[i] < 0 ? w.value("None") : w.value(RVName(inst.inputs[i], names));
      if ((inst.kind == InstKind::Split || inst.kind == InstKind::LoopPartition) && i == 0) {
        for (const Expr& f : inst.factors) {
          const int64_t* c = f.defined() ? ir::as_const_int(f) : nullptr;
          c ? w.value(*c) : w.value("None");
        }
      }
    }
    if (inst.kind == InstKind::ReorderBlockIterVar) {  // new_order is an input in TVM
      w.begin_array();
      for (int64_t v : inst.ints) w.value(v);
      w.end_array();
    }
    if (cache) {  // consumer_blocks
      w.begin_array();
      for (size_t i = 1; i < inst.inputs.size(); ++i) w.value(RVName(inst.inputs[i], names));
      w.end_array();
    }
    if (inst.kind == InstKind::UnsafeHideBufferAccess) {  // ["b0", "\"read\"", [1]] in TVM
      w.value("\"" + inst.name + "\"").begin_array();
      for (int64_t v : inst.ints) w.value(v);
      w.end_array();
    }
    if (inst.kind == InstKind::AnnotateBufferAccess)  // all four are inputs in TVM
      w.value(inst.buffer_index).value(int64_t{inst.buffer_is_write});
    if (inst.kind == InstKind::TransformLayout || inst.kind == InstKind::ReindexCacheRead ||
        inst.kind == InstKind::ReindexCacheWrite || inst.kind == InstKind::AnnotateBufferAccess)
      w.value(IndexMapToJson(inst.index_map));
    // the annotation's value (a sampled value is the second input)
    if (inst.kind == InstKind::Annotate && inst.inputs.size() == 1)
      WriteAnnotationValue(w, inst.ann_val);
    w.end_array().begin_array();
    switch (inst.kind) {
      case InstKind::GetBlock:
        w.value(inst.name).value(inst.func_name);
        break;
      case InstKind::Split:
        w.value(int64_t{inst.preserve_unit_iters}).value(int64_t{inst.disable_predication});
        break;
      case InstKind::Fuse:
      case InstKind::LoopPartition:
        w.value(int64_t{inst.preserve_unit_iters});
        break;
      case InstKind::Bind:
      case InstKind::Annotate:
      case InstKind::Unannotate:
        w.value(inst.name);
        break;
      case InstKind::ComputeAt:
      case InstKind::ReverseComputeAt:
        w.value(int64_t{inst.preserve_unit_loops}).value(inst.index);
        break;
      case InstKind::CacheRead:
      case InstKind::CacheWrite:
      case InstKind::SetScope:
      case InstKind::ReindexCacheRead:
      case InstKind::ReindexCacheWrite:
      case InstKind::CacheInplace:
      case InstKind::UnsafeSetDType:
      case InstKind::ReadAt:
      case InstKind::WriteAt:
        w.value(inst.buffer_index).value(inst.name);
        break;
      case InstKind::TransformLayout:
        w.value(inst.buffer_index).value(int64_t{inst.buffer_is_write});
        inst.pad_value ? w.value(IndexMapToJson(inst.pad_value)) : w.null();
        w.value(int64_t{inst.assume_injective_transform});
        break;
      case InstKind::TransformBlockLayout:
        w.value(IndexMapToJson(inst.index_map));
        break;
      case InstKind::RollingBuffer:
        w.value(inst.buffer_index);
        break;
      case InstKind::CacheIndex:  // [storage_scope, cse_thresh]
        w.value(inst.name).value(inst.ints.at(0));
        break;
      case InstKind::ReIndex:
        w.value(inst.buffer_index).value(int64_t{inst.buffer_is_write});
        break;
      case InstKind::SetAxisSeparator:  // [buffer_index, 0 read / 1 write, [separators]]
        w.value(inst.buffer_index).value(int64_t{inst.buffer_is_write}).begin_array();
        for (int64_t v : inst.ints) w.value(v);
        w.end_array();
        break;
      case InstKind::StorageAlign:
        w.value(inst.buffer_index).value(inst.axis).value(inst.factor).value(inst.offset);
        break;
      case InstKind::SamplePerfectTile:
      case InstKind::SamplePartitionedTile:
      case InstKind::RFactor:
        for (int64_t v : inst.ints) w.value(v);
        break;
      case InstKind::Blockize:
        w.value(int64_t{inst.preserve_unit_iters});
        break;
      case InstKind::PadEinsum:
        w.begin_array();
        for (int64_t v : inst.ints) w.value(v);
        w.end_array();
        break;
      case InstKind::Tensorize:
        w.value(inst.name).value(int64_t{inst.preserve_unit_iters});
        break;
      case InstKind::SampleCategorical:
        w.begin_array();
        for (int64_t v : inst.ints) w.value(v);
        w.end_array().begin_array();
        for (double p : inst.probs) w.value(p);
        w.end_array();
        break;
      default:
        break;
    }
    w.end_array().begin_array();
    for (int id : inst.outputs) {
      std::string name = id < 0 ? "_" : output_prefix(inst.kind) + std::to_string(count);
      ++count;
      if (id >= 0) names[id] = name;
      w.value(name);
    }
    w.end_array().end_array();
  }
  w.end_array().begin_array();
  for (size_t i = 0; i < trace.insts.size(); ++i) {  // [instruction index, decision]
    const Instruction& inst = trace.insts[i];
    if (!inst.has_decision) continue;
    w.begin_array().value(static_cast<int64_t>(i));
    if (decision_is_list(inst.kind)) {
      w.begin_array();
      for (int64_t v : inst.decision) w.value(v);
      w.end_array();
    } else {
      inst.decision.empty() ? w.null() : w.value(inst.decision[0]);
    }
    w.end_array();
  }
  w.end_array().end_array();
  return w.str();
}

Result<Trace> TraceFromJson(std::string_view text, const std::vector<std::string>& free_variables) {
  using namespace trace_json_detail;
  auto parsed = ParseJson(text);
  if (!parsed.ok()) return parsed.error();
  const JsonValue& root = *parsed;
  if (!root.is_array() || root.items.empty() || !root.items[0].is_array()) {
    return Error("trace JSON: expected [[instruction, ...], [decision, ...]]");
  }
  Trace trace;
  std::map<std::string, int> ids;
  int next_id = 0;
  for (const std::string& name : free_variables) ids[name] = next_id++;
  for (size_t n = 0; n < root.items[0].items.size(); ++n) {
    const JsonValue& e = root.items[0].items[n];
    if (!e.is_array() || e.items.size() != 4 || !e.items[0].is_string() || !e.items[1].is_array() ||
        !e.items[2].is_array() || !e.items[3].is_array()) {
      return Bad(n, "expected [kind, inputs, attrs, outputs]");
    }
    Instruction inst;
    bool known = false;
    for (int k = 0; k < kNumInstKinds; ++k) {
      if (e.items[0].string == inst_kind_name(static_cast<InstKind>(k))) {
        inst.kind = static_cast<InstKind>(k);
        known = true;
      }
    }
    if (!known) return Bad(n, "unknown instruction kind \"" + e.items[0].string + "\"");
    std::vector<JsonValue> inputs = e.items[1].items;
    // "None" is TVM's spelling of a None input; null is read too (Tessera wrote it once).
    auto none = [](const JsonValue& v) {
      return v.is_null() || (v.is_string() && v.string == "None");
    };
    bool sampled_split =
        inst.kind == InstKind::Split &&
        std::any_of(inputs.begin() + std::min<size_t>(1, inputs.size()), inputs.end(),
                    [&](const JsonValue& v) { return v.is_string() && !none(v); });
    int int_inputs = 0;
    for (const JsonValue& in : inputs) {
      if (sampled_split && !inst.inputs.empty() && none(in)) {
        inst.inputs.push_back(-1);  // None among sampled factors
      } else if ((inst.kind == InstKind::Split || inst.kind == InstKind::LoopPartition) &&
                 !inst.inputs.empty() && none(in)) {
        inst.factors.emplace_back();
      } else if (inst.kind == InstKind::Annotate && !inst.inputs.empty()) {
        if (in.is_string() && ids.count(in.string)) {
          inst.inputs.push_back(ids.at(in.string));  // a sampled value
        } else {
          inst.ann_val = ReadAnnotationValue(in);
        }
      } else if (inst.kind == InstKind::UnsafeHideBufferAccess && in.is_string() &&
                 in.string.size() >= 2 && in.string.front() == '"') {
        inst.name = in.string.substr(1, in.string.size() - 2);  // the buffer type
      } else if (inst.kind == InstKind::UnsafeHideBufferAccess && in.is_array()) {
        for (const JsonValue& i : in.items) {
          if (!i.is_integer) return Bad(n, "the buffer indices must be integers");
          inst.ints.push_back(i.integer);
        }
      } else if (in.is_string() && !in.string.empty() && in.string.front() == '{') {
        auto map = IndexMapFromJson(in.string);  // TransformLayout's index map
        if (!map.ok()) return Bad(n, map.error().message);
        inst.index_map = *map;
      } else if (in.is_string()) {
        auto it = ids.find(in.string);
        if (it == ids.end()) return Bad(n, "random variable " + in.string + " is not defined");
        inst.inputs.push_back(it->second);
      } else if ((inst.kind == InstKind::Split || inst.kind == InstKind::LoopPartition) &&
                 (in.is_null() || in.is_integer)) {
        inst.factors.push_back(in.is_null() ? Expr()
                                            : ir::make_const(DataType::Int(32), in.integer));
      } else if (in.is_array() &&
                 (inst.kind == InstKind::CacheRead || inst.kind == InstKind::CacheWrite ||
                  inst.kind == InstKind::Blockize)) {
        for (const JsonValue& block : in.items) {  // consumer_blocks, blockize's blocks
          auto it = block.is_string() ? ids.find(block.string) : ids.end();
          if (it == ids.end()) return Bad(n, "a block in a list is not a defined random variable");
          inst.inputs.push_back(it->second);
        }
      } else if (in.is_integer && inst.kind == InstKind::AnnotateBufferAccess) {
        // buffer_index, then the buffer index type (0 read, 1 write)
        if (int_inputs++ == 0)
          inst.buffer_index = in.integer;
        else
          inst.buffer_is_write = in.integer != 0;
      } else if (in.is_array() && inst.kind == InstKind::ReorderBlockIterVar) {
        for (const JsonValue& i : in.items) {
          if (!i.is_integer) return Bad(n, "the new order must be integers");
          inst.ints.push_back(i.integer);
        }
      } else if (!in.is_array()) {
        return Bad(n, "unexpected input");
      }
    }
    const std::vector<JsonValue>& attrs = e.items[2].items;
    auto str = [&](size_t i) {
      return i < attrs.size() && attrs[i].is_string() ? attrs[i].string : "";
    };
    auto num = [&](size_t i, int64_t d) {
      return i < attrs.size() && attrs[i].is_integer ? attrs[i].integer : d;
    };
    switch (inst.kind) {
      case InstKind::GetBlock:
        inst.name = str(0), inst.func_name = str(1);
        break;
      case InstKind::Split:
        inst.preserve_unit_iters = num(0, 1) != 0, inst.disable_predication = num(1, 0) != 0;
        break;
      case InstKind::Fuse:
        inst.preserve_unit_iters = num(0, 1) != 0;
        break;
      case InstKind::LoopPartition:
        inst.preserve_unit_iters = num(0, 1) != 0;
        if (inst.inputs.size() != 1 || inst.factors.empty())
          return Bad(n, "loop_partition needs a loop and factors that are integers or None");
        break;
      case InstKind::Bind:
      case InstKind::Annotate:
      case InstKind::Unannotate:
        inst.name = str(0);
        break;
      case InstKind::AnnotateBufferAccess:
        if (int_inputs != 2 || !inst.index_map)
          return Bad(n, "annotate_buffer_access needs a buffer index, a type and the ranges");
        break;
      case InstKind::ComputeAt:
      case InstKind::ReverseComputeAt:
        inst.preserve_unit_loops = num(0, 0) != 0;
        inst.index = num(1, -1);
        break;
      case InstKind::CacheRead:
      case InstKind::CacheWrite:
      case InstKind::SetScope:
      case InstKind::CacheInplace:
        inst.buffer_index = num(0, 0), inst.name = str(1);
        break;
      case InstKind::RollingBuffer:
        inst.buffer_index = num(0, 0);
        break;
      case InstKind::CacheIndex:
        inst.name = str(0), inst.ints = {num(1, 0)};
        if (inst.inputs.size() != 1 || inst.name.empty())
          return Bad(n, "cache_index needs a block, a storage scope and cse_thresh");
        break;
      case InstKind::UnsafeHideBufferAccess:
        if (inst.inputs.size() != 1 || inst.name.empty())
          return Bad(n, "unsafe_hide_buffer_access needs a block, a buffer type and indices");
        break;
      case InstKind::ReadAt:
      case InstKind::WriteAt:
        inst.buffer_index = num(0, 0), inst.name = str(1);
        if (inst.inputs.size() != 2 || inst.name.empty())
          return Bad(n, "read_at/write_at needs a loop, a block, a buffer index and a scope");
        break;
      case InstKind::UnsafeSetDType:
        inst.buffer_index = num(0, 0), inst.name = str(1);
        if (inst.name.empty()) return Bad(n, "unsafe_set_dtype without a data type");
        break;
      case InstKind::ReindexCacheRead:
      case InstKind::ReindexCacheWrite:
        inst.buffer_index = num(0, 0), inst.name = str(1);
        if (!inst.index_map) return Bad(n, "reindex_cache_read/write without an index map");
        break;
      case InstKind::TransformLayout: {
        inst.buffer_index = num(0, 0), inst.buffer_is_write = num(1, 0) != 0;
        inst.assume_injective_transform = num(3, 0) != 0;
        if (!str(2).empty()) {
          auto pad = IndexMapFromJson(str(2));
          if (!pad.ok()) return Bad(n, pad.error().message);
          inst.pad_value = *pad;
        }
        if (!inst.index_map) return Bad(n, "transform_layout without an index map");
        break;
      }
      case InstKind::TransformBlockLayout: {
        auto map = IndexMapFromJson(str(0));
        if (!map.ok()) return Bad(n, map.error().message);
        inst.index_map = *map;
        break;
      }
      case InstKind::ReIndex:
        inst.buffer_index = num(0, 0), inst.buffer_is_write = num(1, 0) != 0;
        break;
      case InstKind::SetAxisSeparator:
        if (attrs.size() != 3 || !attrs[0].is_integer || !attrs[1].is_integer ||
            !attrs[2].is_array())
          return Bad(n, "expected [buffer_index, buffer_index_type, [axis_separators]]");
        inst.buffer_index = attrs[0].integer, inst.buffer_is_write = attrs[1].integer != 0;
        for (const JsonValue& sep : attrs[2].items) {
          if (!sep.is_integer) return Bad(n, "the axis separators must be integers");
          inst.ints.push_back(sep.integer);
        }
        break;
      case InstKind::StorageAlign:
        inst.buffer_index = num(0, 0), inst.axis = num(1, 0), inst.factor = num(2, 0);
        inst.offset = num(3, 0);
        break;
      case InstKind::SamplePerfectTile:
      case InstKind::SamplePartitionedTile:
      case InstKind::RFactor:
        for (const JsonValue& a : attrs) {
          if (!a.is_integer) return Bad(n, "expected integer attributes");
          inst.ints.push_back(a.integer);
        }
        if (inst.ints.size() != (inst.kind == InstKind::RFactor                 ? 1u
                                 : inst.kind == InstKind::SamplePartitionedTile ? 3u
                                                                                : 2u))
          return Bad(n, "wrong number of attributes");
        break;
      case InstKind::Blockize:
        inst.preserve_unit_iters = num(0, 1) != 0;
        break;
      case InstKind::PadEinsum:
        if (attrs.size() != 1 || !attrs[0].is_array()) return Bad(n, "expected [padding]");
        for (const JsonValue& p : attrs[0].items) {
          if (!p.is_integer) return Bad(n, "the padding must be integers");
          inst.ints.push_back(p.integer);
        }
        break;
      case InstKind::Tensorize:
        inst.name = str(0), inst.preserve_unit_iters = num(1, 1) != 0;
        if (inst.name.empty()) return Bad(n, "tensorize without an intrinsic's name");
        break;
      case InstKind::SampleCategorical:
        if (attrs.size() != 2 || !attrs[0].is_array() || !attrs[1].is_array())
          return Bad(n, "expected [candidates, probs]");
        for (const JsonValue& c : attrs[0].items) {
          if (!c.is_integer) return Bad(n, "candidates must be integers");
          inst.ints.push_back(c.integer);
        }
        for (const JsonValue& p : attrs[1].items) {
          if (!p.is_number()) return Bad(n, "probs must be numbers");
          inst.probs.push_back(p.is_integer ? static_cast<double>(p.integer) : p.number);
        }
        break;
      default:
        break;
    }
    for (const JsonValue& out : e.items[3].items) {
      if (!out.is_string()) return Bad(n, "outputs must be names");
      if (out.string == "_") {  // a None result
        inst.outputs.push_back(-1);
        continue;
      }
      int id = next_id++;
      ids[out.string] = id;
      inst.outputs.push_back(id);
    }
    trace.insts.push_back(std::move(inst));
  }
  if (root.items.size() > 1 && root.items[1].is_array()) {
    for (const JsonValue& d : root.items[1].items) {
      if (!d.is_array() || d.items.size() != 2 || !d.items[0].is_integer ||
          d.items[0].integer < 0 ||
          d.items[0].integer >= static_cast<int64_t>(trace.insts.size())) {
        return Error("trace JSON: expected a decision [instruction index, value]");
      }
      Instruction& inst = trace.insts[d.items[0].integer];
      inst.has_decision = true;
      inst.decision.clear();
      if (d.items[1].is_integer) {
        inst.decision.push_back(d.items[1].integer);
      } else if (d.items[1].is_array()) {
        for (const JsonValue& v : d.items[1].items) {
          if (!v.is_integer) return Error("trace JSON: decisions must be integers");
          inst.decision.push_back(v.integer);
        }
      } else if (!d.items[1].is_null()) {
        return Error("trace JSON: decisions must be integers");
      }
    }
  }
  return trace;
}

}  // namespace tessera::tir
