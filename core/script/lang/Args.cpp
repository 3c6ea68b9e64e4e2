#include "script/lang/Args.h"

#include "ir/ExprOp.h"

namespace tessera::script {

Args::Args(const CallArgs& call, std::string function, std::vector<std::string> params,
           size_t required)
    : call_(call),
      function_(std::move(function)),
      params_(std::move(params)),
      positional_(params_.size()),
      keyword_(params_.size()) {
  if (call.positional.size() > params_.size()) {
    status_ = Error(function_ + "() takes at most " + std::to_string(params_.size()) + " argument" +
                        (params_.size() == 1 ? "" : "s") + " (" +
                        std::to_string(call.positional.size()) + " given)",
                    call.positional_locs[params_.size()]);
    return;
  }
  for (size_t i = 0; i < call.positional.size(); ++i) positional_[i] = i;
  for (size_t k = 0; k < call.keywords.size(); ++k) {
    int p = index_of(call.keywords[k].first);
    if (p < 0) {
      status_ = Error(
          function_ + "() got an unexpected keyword argument '" + call.keywords[k].first + "'",
          call.keyword_locs[k]);
      return;
    }
    if (positional_[static_cast<size_t>(p)]) {
      status_ =
          Error(function_ + "() got multiple values for argument '" + call.keywords[k].first + "'",
                call.keyword_locs[k]);
      return;
    }
    keyword_[static_cast<size_t>(p)] = k;
  }
  for (size_t i = 0; i < required; ++i)
    if (!positional_[i] && !keyword_[i]) {
      status_ = Error(function_ + "() missing required argument '" + params_[i] + "'", call.loc);
      return;
    }
}

int Args::index_of(const std::string& param) const {
  for (size_t i = 0; i < params_.size(); ++i)
    if (params_[i] == param) return static_cast<int>(i);
  return -1;
}

bool Args::has(const std::string& param) const {
  int p = index_of(param);
  return p >= 0 && (positional_[static_cast<size_t>(p)] || keyword_[static_cast<size_t>(p)]);
}

const Value& Args::get(const std::string& param) const {
  static const Value kNone;
  int p = index_of(param);
  if (p < 0) return kNone;
  if (auto i = positional_[static_cast<size_t>(p)]) return call_.positional[*i];
  if (auto k = keyword_[static_cast<size_t>(p)]) return call_.keywords[*k].second;
  return kNone;
}

SourceLoc Args::loc(const std::string& param) const {
  int p = index_of(param);
  if (p < 0) return call_.loc;
  if (auto i = positional_[static_cast<size_t>(p)]) return call_.positional_locs[*i];
  if (auto k = keyword_[static_cast<size_t>(p)]) return call_.keyword_locs[*k];
  return call_.loc;
}

Error Args::ErrorAt(const std::string& param, const std::string& message) const {
  return Error(function_ + "(): " + message, loc(param));
}

Error Args::TypeError(const std::string& param, const std::string& expected) const {
  return ErrorAt(
      param, "argument '" + param + "' must be " + expected + ", not " + get(param).type_name());
}

Result<int64_t> Args::Int(const std::string& param) const {
  const Value& v = get(param);
  if (v.is_integer()) return v.as_int();
  if (v.is_expr())
    if (const int64_t* c = ir::as_const_int(v.as_expr())) return *c;
  return TypeError(param, "an integer");
}

Result<std::string> Args::String(const std::string& param) const {
  const Value& v = get(param);
  if (v.is_string()) return v.as_string();
  return TypeError(param, "a string");
}

Result<ir::Expr> Args::Expr(const std::string& param) const {
  const Value& v = get(param);
  if (!v.is_string())
    if (auto e = ToExpr(v)) return *e;
  return TypeError(param, "a number or an expression");
}

Result<bool> Args::Bool(const std::string& param) const {
  const Value& v = get(param);
  if (v.is_integer()) return v.as_bool();
  return TypeError(param, "a bool");
}

Status NoKeywords(const CallArgs& call, const std::string& function) {
  if (call.keywords.empty()) return Status::Ok();
  return Error(function + "() got an unexpected keyword argument '" + call.keywords[0].first + "'",
               call.keyword_locs[0]);
}

}  // namespace tessera::script
