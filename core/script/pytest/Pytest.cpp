#include "script/pytest/Pytest.h"

#include <memory>
#include <optional>
#include <regex>
#include <string>
#include <vector>

#include "script/lang/Exceptions.h"

namespace tessera::script {

namespace {

// The exception a `with pytest.raises(...) as info:` block raised, once it ended.
struct Raised {
  std::optional<std::string> cls;
  std::string text;
};

// What pytest.raises expects: one of `classes`, its str() matching `match` (re.search).
struct Expected {
  std::vector<std::string> classes;
  std::optional<std::string> match;
  SourceLoc loc;  // the pytest.raises(...) call
};

std::string ClassList(const std::vector<std::string>& classes) {
  if (classes.size() == 1) return "<class '" + classes[0] + "'>";
  std::string list;
  for (const std::string& c : classes)
    list += (list.empty() ? "(" : ", ") + ("<class '" + c + "'>");
  return list + ")";
}

// re.search(pattern, text) in ECMAScript's dialect, which shares Python's for the
// patterns tests write (literals, classes, `.*`, escapes, groups).
Result<bool> Search(const std::string& pattern, const std::string& text, const SourceLoc& loc) {
  try {
    return std::regex_search(text, std::regex(pattern, std::regex::ECMAScript));
  } catch (const std::regex_error& e) {
    return Error("pytest.raises(): match=" + repr(Value::String(pattern)) +
                     " is not a regular expression Tessera can read (" + e.what() + ")",
                 loc);
  }
}

Error RegexMismatch(const std::string& pattern, const std::string& text, const SourceLoc& loc) {
  return Error("AssertionError: Regex pattern did not match.\n Regex: " +
                   repr(Value::String(pattern)) + "\n Input: " + repr(Value::String(text)),
               loc);
}

// Whether the exception of class `cls` is one `x` expects (false: it goes on up); an
// expected one whose text does not match is an AssertionError, as in pytest.
Result<bool> Accept(const Expected& x, const std::string& cls, const std::string& text,
                    Raised* into) {
  bool expected = false;
  for (const std::string& c : x.classes) expected = expected || ExceptionIsSubclass(cls, c);
  if (!expected) return false;
  if (x.match) {
    auto found = Search(*x.match, text, x.loc);
    if (!found) return found.error();
    if (!*found) return RegexMismatch(*x.match, text, x.loc);
  }
  into->cls = cls;
  into->text = text;
  return true;
}

// pytest's ExceptionInfo.
struct ExceptionInfoObject : Object {
  std::shared_ptr<Raised> raised = std::make_shared<Raised>();
  std::string type_name() const override { return "ExceptionInfo"; }
  Result<Value> GetAttr(Interpreter& interp, const std::string& attr,
                        const SourceLoc& loc) const override {
    if (attr != "value" && attr != "type" && attr != "typename" && attr != "match" &&
        attr != "errisinstance")
      return Object::GetAttr(interp, attr, loc);
    if (!raised->cls)
      return Error("AttributeError: ExceptionInfo." + attr +
                       " is known only after the 'with pytest.raises(...)' block has ended",
                   loc);
    const std::string cls = *raised->cls;
    const std::string text = raised->text;
    if (attr == "value") return Value::FromObject(std::make_shared<ExceptionObject>(cls, text));
    if (attr == "type") return ExceptionClassValue(cls);
    if (attr == "typename") return Value::String(cls);
    if (attr == "match")
      return MakeFunction("match", [text](Interpreter&, const CallArgs& c) -> Result<Value> {
        if (c.positional.size() != 1 || !c.positional[0].is_string() || !c.keywords.empty())
          return Error("ExceptionInfo.match() takes one pattern string", c.loc);
        const std::string pattern = c.positional[0].as_string();
        auto found = Search(pattern, text, c.positional_locs[0]);
        if (!found) return found.error();
        if (!*found) return RegexMismatch(pattern, text, c.loc);
        return Value::Bool(true);
      });
    return MakeFunction("errisinstance", [cls](Interpreter&, const CallArgs& c) -> Result<Value> {
      if (c.positional.size() != 1 || !c.keywords.empty())
        return Error("ExceptionInfo.errisinstance() takes one exception class", c.loc);
      std::vector<Value> classes = c.positional[0].is_sequence()
                                       ? c.positional[0].items()
                                       : std::vector<Value>{c.positional[0]};
      for (const Value& v : classes)
        if (auto* k = v.as<ExceptionClassObject>(); k && ExceptionIsSubclass(cls, k->name))
          return Value::Bool(true);
      return Value::Bool(false);
    });
  }
};

// `with pytest.raises(...) as info:`: __exit__ is handed the block's exception.
struct RaisesContextObject : Object {
  Expected expected;
  std::shared_ptr<ExceptionInfoObject> info = std::make_shared<ExceptionInfoObject>();
  std::string type_name() const override { return "RaisesContext"; }
  Result<Value> GetAttr(Interpreter& interp, const std::string& attr,
                        const SourceLoc& loc) const override {
    if (attr == "__enter__") {
      Value entered = Value::FromObject(info);
      return MakeFunction(
          attr, [entered](Interpreter&, const CallArgs&) -> Result<Value> { return entered; });
    }
    if (attr == "__exit__") {
      Expected x = expected;
      std::shared_ptr<Raised> into = info->raised;
      return MakeFunction(attr, [x, into](Interpreter&, const CallArgs& c) -> Result<Value> {
        const ExceptionClassObject* cls =
            c.positional.empty() ? nullptr : c.positional[0].as<ExceptionClassObject>();
        const ExceptionObject* value =
            c.positional.size() < 2 ? nullptr : c.positional[1].as<ExceptionObject>();
        if (!cls || !value) return Error("Failed: DID NOT RAISE " + ClassList(x.classes), x.loc);
        auto accepted = Accept(x, cls->name, value->text, into.get());
        if (!accepted) return accepted.error();
        return Value::Bool(*accepted);
      });
    }
    return Object::GetAttr(interp, attr, loc);
  }
};

Result<std::vector<std::string>> ExpectedClasses(const Value& v, const SourceLoc& loc) {
  std::vector<Value> items = v.is_sequence() ? v.items() : std::vector<Value>{v};
  std::vector<std::string> classes;
  for (const Value& item : items) {
    auto* cls = item.as<ExceptionClassObject>();
    if (!cls)
      return Error(
          "TypeError: pytest.raises() expects an exception class or a tuple of them (ValueError, "
          "tvm.tir.ScheduleError), not " +
              item.type_name(),
          loc);
    classes.push_back(cls->name);
  }
  if (classes.empty())
    return Error("TypeError: pytest.raises() expects at least one exception class", loc);
  return classes;
}

// pytest.raises(expected, *, match=None) -> a context manager;
// pytest.raises(expected, func, *args, **kwargs) -> calls func, the ExceptionInfo.
Result<Value> Raises(Interpreter& interp, const CallArgs& c) {
  if (c.positional.empty())
    return Error("pytest.raises() missing required argument 'expected_exception'", c.loc);
  Expected x;
  x.loc = c.loc;
  auto classes = ExpectedClasses(c.positional[0], c.positional_locs[0]);
  if (!classes) return classes.error();
  x.classes = std::move(classes.value());
  CallArgs forwarded;
  forwarded.loc = c.loc;
  for (size_t k = 0; k < c.keywords.size(); ++k) {
    if (c.keywords[k].first != "match") {
      forwarded.keywords.push_back(c.keywords[k]);
      forwarded.keyword_locs.push_back(c.keyword_locs[k]);
      continue;
    }
    const Value& m = c.keywords[k].second;
    if (!m.is_string() && !m.is_none())
      return Error("pytest.raises(): match= takes a pattern string, not " + m.type_name(),
                   c.keyword_locs[k]);
    if (m.is_string()) x.match = m.as_string();
  }
  auto context = std::make_shared<RaisesContextObject>();
  context->expected = x;
  if (c.positional.size() == 1) {
    if (!forwarded.keywords.empty())
      return Error("pytest.raises() got an unexpected keyword argument '" +
                       forwarded.keywords[0].first + "'",
                   forwarded.keyword_locs[0]);
    return Value::FromObject(context);
  }
  forwarded.positional.assign(c.positional.begin() + 2, c.positional.end());
  forwarded.positional_locs.assign(c.positional_locs.begin() + 2, c.positional_locs.end());
  auto result = interp.CallValue(c.positional[1], forwarded);
  if (result) return Error("Failed: DID NOT RAISE " + ClassList(x.classes), c.loc);
  if (ExceptionUncatchable(result.error())) return result.error();
  auto accepted = Accept(x, ExceptionClassOf(result.error()), ExceptionText(result.error()),
                         context->info->raised.get());
  if (!accepted) return accepted.error();
  if (!*accepted) return result.error();
  return Value::FromObject(context->info);
}

}  // namespace

void RegisterPytest(Interpreter& interp) {
  interp.RegisterFunction("pytest.raises", Raises);
  interp.RegisterFunction("pytest.fail", [](Interpreter&, const CallArgs& c) -> Result<Value> {
    std::string reason;
    const Value* given = !c.positional.empty() ? &c.positional[0] : nullptr;
    for (const auto& [name, v] : c.keywords)
      if (name == "reason" || name == "msg") given = &v;
    if (given) reason = given->is_string() ? given->as_string() : repr(*given);
    return Error("Failed: " + reason, c.loc);
  });
}

}  // namespace tessera::script
