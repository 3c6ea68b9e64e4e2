// tessera-cli layout FILE --buffer NAME [--func NAME] [--json]
//
// A buffer's layout (RFC 0077): logical and physical shape, pad value, number of padding
// cells, the padding predicate and, for buffers of at most 65,536 physical elements, the
// element map (which logical element each physical cell holds). A buffer with neither
// transform_layout nor storage_align has the identity layout. TensorIR buffers get their
// trace's transform and the blocks that keep the padding (tir/BufferLayouts.h).
#include <ostream>

#include "CliCommon.h"
#include "Commands.h"
#include "ScriptLoading.h"
#include "ir/ExprOp.h"
#include "ir/Printer.h"
#include "layout/PaddedLayout.h"
#include "support/Json.h"
#include "tir/BufferLayouts.h"

namespace tessera::cli {

namespace {

constexpr const char* kHelp =
    R"(Usage: tessera-cli layout FILE --buffer NAME [--func NAME] [--json]

Prints the layout of buffer NAME (a tensor of the script): its logical and physical
shape, the pad value, the number of padding cells, the padding predicate and, for at
most 65,536 physical elements, which logical element each physical cell holds. Layouts
come from transform_layout (RFC 0077) and storage_align (rows of the padded stride, the
cells past each row's elements padding); other buffers have the identity layout.

For a TensorIR document the layout is the one the buffer's last transform_layout gave
it (analysed at the shape the buffer had then), with the trace instruction, its index
map and which blocks keep the padding: overcompute (a producer storing
T.if_then_else over the padded shape), branching (a block buffer_<name>_padding after
the producer) or the caller's promise (T.assume in buffer_<name>_assumptions).

Options:
  --buffer NAME  the tensor or TensorIR buffer (required)
  --func NAME    the function of a TensorIR module (when it has several)
  --json         print the layout as JSON (the shape documented in DESIGN.md)
  -h, --help     show this help

Exit codes: 0 success, 1 bad script or unknown buffer, 2 usage.
)";

constexpr int64_t kMaxListedElements = 65536;

// The layout of a buffer without transform_layout: the identity map over `shape`.
Result<schedule::BufferLayoutSummary> IdentityLayout(const std::string& name, ir::DataType dtype,
                                                     const std::vector<ir::Expr>& shape,
                                                     std::vector<int> axis_separators = {}) {
  auto map = std::make_shared<ir::IndexMapNode>();
  for (size_t k = 0; k < shape.size(); ++k) {
    ir::Var v("i" + std::to_string(k), shape[k].dtype());
    map->initial_indices.push_back(v);
    map->final_indices.push_back(v);
  }
  auto padded = layout::AnalyzePaddedLayout(map, shape);
  if (!padded) return padded.error();
  return schedule::BufferLayoutSummary{name, dtype, *padded, layout::PadValue{},
                                       std::move(axis_separators)};
}

Result<schedule::BufferLayoutSummary> FindLayout(const script::ScriptProgram& program,
                                                 const std::string& name) {
  for (const schedule::BufferLayoutSummary& b : program.schedule->buffer_layouts())
    if (b.name == name) return b;
  std::string known;
  for (const schedule::Stage& st : program.schedule->stages)
    for (int k = 0; k < st->op->num_outputs(); ++k) {
      te::Tensor t = te::output_of(st->op, k);
      if (t.name() == name) return IdentityLayout(t.name(), t->dtype, t->shape);
      known += (known.empty() ? "" : ", ") + t.name();
    }
  return Error("the schedule has no buffer named '" + name + "' (buffers: " + known + ")");
}

// A TensorIR buffer's layout: the last transform_layout of it in the trace (the shape it
// had then, the map, the pad value, how the scheduled function keeps the padding), else
// the identity over its shape in the scheduled function.
struct TirLayout {
  schedule::BufferLayoutSummary summary;
  std::optional<tir::TransformedLayout> transform;
  tir::PaddingHandling handling;
};

Result<TirLayout> FindTirLayout(const tir::Schedule& sch, const std::string& name) {
  std::vector<int> separators;
  std::string known;
  bool found = false;
  ir::Buffer buffer;
  for (const ir::Buffer& b : sch.state().AllBuffers()) {
    if (b->name == name && !found) {
      found = true;
      buffer = b;
    }
    known += (known.empty() ? "" : ", ") + b->name;
  }
  if (!found)
    return Error("the function has no buffer named '" + name + "' (buffers: " + known + ")");
  TirLayout out;
  for (tir::TransformedLayout& t : tir::TransformedLayoutsOf(sch))
    if (t.buffer == name) out.transform = std::move(t);
  if (out.transform) {
    out.summary = {name, out.transform->dtype, out.transform->layout,
                   tir::PadValueOf(out.transform->pad_value), buffer->axis_separators};
    out.handling = tir::PaddingHandlingOf(sch, name);
    return out;
  }
  auto identity = IdentityLayout(name, buffer->dtype, buffer->shape, buffer->axis_separators);
  if (!identity) return identity.error();
  out.summary = std::move(*identity);
  return out;
}

void WriteShape(JsonWriter& w, const std::vector<ir::Expr>& shape) {
  w.begin_array();
  for (const ir::Expr& d : shape) {
    if (const int64_t* c = ir::as_const_int(d))
      w.value(*c);
    else
      w.value(ir::to_string(d));
  }
  w.end_array();
}

void WriteIndex(JsonWriter& w, const std::vector<int64_t>& index) {
  w.begin_array();
  for (int64_t i : index) w.value(i);
  w.end_array();
}

std::string Predicate(const layout::PaddedLayout& l) {
  return l.padding_predicate.defined() ? ir::to_string(l.padding_predicate) : "unknown";
}

std::string ShapeText(const std::vector<ir::Expr>& shape) {
  std::string s = "[";
  for (size_t k = 0; k < shape.size(); ++k) s += (k ? ", " : "") + ir::to_string(shape[k]);
  return s + "]";
}

std::string IndexText(const std::vector<int64_t>& index) {
  std::string s = "[";
  for (size_t k = 0; k < index.size(); ++k) s += (k ? ", " : "") + std::to_string(index[k]);
  return s + "]";
}

void WriteNames(JsonWriter& w, const std::vector<std::string>& names) {
  w.begin_array();
  for (const std::string& n : names) w.value(n);
  w.end_array();
}

// The TensorIR part of the JSON: the transform that made the layout and which blocks keep
// the padding.
void WriteTirTransform(JsonWriter& w, const TirLayout& t) {
  if (!t.transform) {
    w.key("transform").null();
    return;
  }
  w.key("transform").begin_object();
  w.key("trace_index").value(int64_t(t.transform->trace_index));
  w.key("block").value(t.transform->block);
  w.key("index_map").value(tir::IndexMapAsPython(t.transform->index_map));
  w.key("assume_injective_transform").value(t.transform->assume_injective_transform);
  w.end_object();
  w.key("padding_kept_by").begin_object();
  w.key("overcompute");
  WriteNames(w, t.handling.overcompute);
  w.key("producers");
  WriteNames(w, t.handling.producers);
  w.key("assumption_block").value(t.handling.assumption_block);
  w.key("padding_block").value(t.handling.padding_block);
  w.end_object();
}

// `tir`: a TensorIR buffer's transform, printed after the layout; null for te.
void PrintJson(const schedule::BufferLayoutSummary& b, const TirLayout* tir, std::ostream& out) {
  const layout::PaddedLayout& l = b.layout;
  JsonWriter w;  // one line: the element list can be long
  w.begin_object().key("buffer").value(b.name).key("dtype").value(b.dtype.str());
  w.key("logical_shape");
  WriteShape(w, l.logical_shape);
  w.key("physical_shape");
  WriteShape(w, l.physical_shape);
  w.key("pad_value").value(b.pad_value.str());
  w.key("padding_count").value(l.padding_count);
  w.key("padding_predicate").value(Predicate(l));
  w.key("axis_separators").begin_array();
  for (int s : b.axis_separators) w.value(s);
  w.end_array();
  if (tir) WriteTirTransform(w, *tir);
  auto elements = layout::EnumerateElements(l, kMaxListedElements);
  if (elements) {
    w.key("elements").begin_array();
    for (const layout::LayoutElement& e : *elements) {
      w.begin_object().key("physical");
      WriteIndex(w, e.physical);
      w.key("logical");
      if (e.logical)
        WriteIndex(w, *e.logical);
      else
        w.null();
      w.end_object();
    }
    w.end_array();
  }
  w.end_object();
  out << w.str() << "\n";
}

std::string Joined(const std::vector<std::string>& names) {
  std::string s;
  for (const std::string& n : names) s += (s.empty() ? "" : ", ") + n;
  return s;
}

// Which blocks write or assume the padding of a TensorIR buffer (RFC 0077's choices).
void PrintTirTransform(const TirLayout& t, std::ostream& out) {
  if (!t.transform) {
    out << "  transform:         none (the buffer as the function declares it)\n";
    return;
  }
  const tir::PaddingHandling& h = t.handling;
  out << "  transform:         instruction " << t.transform->trace_index << " of the trace, block "
      << t.transform->block << ": " << tir::IndexMapAsPython(t.transform->index_map) << "\n";
  bool padded = t.summary.layout.padding_count ? *t.summary.layout.padding_count > 0
                                               : t.summary.layout.padding_predicate.defined();
  if (!padded) return;
  if (t.transform->assume_injective_transform)
    out << "  padding kept by:   nothing (assume_injective_transform=True)\n";
  else if (!t.summary.pad_value.has_value())
    out << "  padding kept by:   nothing (no pad value: never written or read)\n";
  if (!h.overcompute.empty())
    out << "  padding kept by:   overcompute in " << Joined(h.overcompute)
        << " (T.if_then_else over the padded shape)\n";
  if (!h.padding_block.empty())
    out << "  padding kept by:   branching: " << h.padding_block << " writes the pad value after "
        << (h.producers.empty() ? std::string("the producer") : Joined(h.producers)) << "\n";
  if (!h.assumption_block.empty())
    out << "  padding kept by:   the caller's promise, T.assume in " << h.assumption_block << "\n";
}

void PrintText(const schedule::BufferLayoutSummary& b, const TirLayout* tir, std::ostream& out) {
  const layout::PaddedLayout& l = b.layout;
  out << "buffer " << b.name << " (" << b.dtype.str() << ")\n"
      << "  logical shape:     " << ShapeText(l.logical_shape) << "\n"
      << "  physical shape:    " << ShapeText(l.physical_shape) << "\n"
      << "  pad value:         " << b.pad_value.str() << "\n"
      << "  padding cells:     " << (l.padding_count ? std::to_string(*l.padding_count) : "unknown")
      << "\n"
      << "  padding predicate: " << Predicate(l) << "\n";
  if (!b.axis_separators.empty()) {
    out << "  axis separators:  ";
    for (int s : b.axis_separators) out << " " << s;
    out << "\n";
  }
  if (tir) PrintTirTransform(*tir, out);
  auto elements = layout::EnumerateElements(l, kMaxListedElements);
  if (!elements) return;
  out << "  elements (physical <- logical):\n";
  for (const layout::LayoutElement& e : *elements)
    out << "    " << IndexText(e.physical) << " <- "
        << (e.logical ? IndexText(*e.logical) : "padding") << "\n";
}

}  // namespace

int LayoutCommand(const Argv& argv, std::ostream& out, std::ostream& err) {
  ParsedArgs args;
  if (auto problem = ParseArgs(argv, OptionSpec{{"--buffer", "--func"}, {"--json"}}, &args))
    return UsageError("layout", *problem, err);
  if (args.help) {
    out << kHelp;
    return kSuccess;
  }
  if (args.positional.size() != 1)
    return UsageError("layout", args.positional.empty() ? "missing FILE" : "expected one FILE",
                      err);
  if (!args.has("--buffer")) return UsageError("layout", "missing --buffer NAME", err);
  int code = kSuccess;
  auto program = LoadScript("layout", args.positional[0], true, err, &code);
  if (!program) return code;
  if (int c = ChooseTensorIRFunction("layout", args, &*program, err)) return c;
  std::optional<TirLayout> tir;
  Result<schedule::BufferLayoutSummary> buffer = Error("");
  if (program->is_tensorir()) {
    auto found = FindTirLayout(*program->tir_schedule, args.value("--buffer"));
    if (found) {
      tir = std::move(*found);
      buffer = tir->summary;
    } else {
      buffer = found.error();
    }
  } else {
    buffer = FindLayout(*program, args.value("--buffer"));
  }
  if (!buffer) {
    err << program->file << ": error: " << buffer.error().message << "\n";
    return kBadInput;
  }
  if (args.has("--json"))
    PrintJson(*buffer, tir ? &*tir : nullptr, out);
  else
    PrintText(*buffer, tir ? &*tir : nullptr, out);
  return kSuccess;
}

}  // namespace tessera::cli
