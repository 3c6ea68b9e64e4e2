// tessera-cli layout FILE --buffer NAME [--json]
//
// A buffer's layout (RFC 0077): logical and physical shape, pad value, number of padding
// cells, the padding predicate and, for buffers of at most 65,536 physical elements, the
// element map (which logical element each physical cell holds). A buffer with neither
// transform_layout nor storage_align has the identity layout.
#include <ostream>

#include "CliCommon.h"
#include "Commands.h"
#include "ScriptLoading.h"
#include "TensorIRCommands.h"
#include "ir/ExprOp.h"
#include "ir/Printer.h"
#include "layout/PaddedLayout.h"
#include "support/Json.h"

namespace tessera::cli {

namespace {

constexpr const char* kHelp =
    R"(Usage: tessera-cli layout FILE --buffer NAME [--json]

Prints the layout of buffer NAME (a tensor of the script): its logical and physical
shape, the pad value, the number of padding cells, the padding predicate and, for at
most 65,536 physical elements, which logical element each physical cell holds. Layouts
come from transform_layout (RFC 0077) and storage_align (rows of the padded stride, the
cells past each row's elements padding); other buffers have the identity layout.

Options:
  --buffer NAME  the tensor (required)
  --json         print the layout as JSON (the shape documented in DESIGN.md)
  -h, --help     show this help

Exit codes: 0 success, 1 bad script or unknown buffer, 2 usage.
)";

constexpr int64_t kMaxListedElements = 65536;

// The layout of a tensor without transform_layout: the identity map.
Result<schedule::BufferLayoutSummary> IdentityLayout(const te::Tensor& t) {
  auto map = std::make_shared<ir::IndexMapNode>();
  for (size_t k = 0; k < t.ndim(); ++k) {
    ir::Var v("i" + std::to_string(k), t->shape[k].dtype());
    map->initial_indices.push_back(v);
    map->final_indices.push_back(v);
  }
  auto padded = layout::AnalyzePaddedLayout(map, t->shape);
  if (!padded) return padded.error();
  return schedule::BufferLayoutSummary{t.name(), t->dtype, *padded, layout::PadValue{}, {}};
}

Result<schedule::BufferLayoutSummary> FindLayout(const script::ScriptProgram& program,
                                                 const std::string& name) {
  for (const schedule::BufferLayoutSummary& b : program.schedule->buffer_layouts())
    if (b.name == name) return b;
  std::string known;
  for (const schedule::Stage& st : program.schedule->stages)
    for (int k = 0; k < st->op->num_outputs(); ++k) {
      te::Tensor t = te::output_of(st->op, k);
      if (t.name() == name) return IdentityLayout(t);
      known += (known.empty() ? "" : ", ") + t.name();
    }
  return Error("the schedule has no buffer named '" + name + "' (buffers: " + known + ")");
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

void PrintJson(const schedule::BufferLayoutSummary& b, std::ostream& out) {
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

void PrintText(const schedule::BufferLayoutSummary& b, std::ostream& out) {
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
  if (auto problem = ParseArgs(argv, OptionSpec{{"--buffer"}, {"--json"}}, &args))
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
  if (program->is_tensorir())
    return TensorIRNotSupported("layout", *program,
                                "'tessera-cli bounds' shows what each block accesses", err);
  auto buffer = FindLayout(*program, args.value("--buffer"));
  if (!buffer) {
    err << program->file << ": error: " << buffer.error().message << "\n";
    return kBadInput;
  }
  if (args.has("--json"))
    PrintJson(*buffer, out);
  else
    PrintText(*buffer, out);
  return kSuccess;
}

}  // namespace tessera::cli
