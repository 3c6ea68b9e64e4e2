#include "tune/CostModel.h"

#include <xgboost/c_api.h>

#include <algorithm>
#include <string>

namespace tessera::tune {

namespace {

Error XgbError(const std::string& what) {
  return Error("cost model: " + what + ": " + XGBGetLastError());
}

// Rows as one dense row-major matrix; rows of another length are an error.
Result<std::vector<float>> Flatten(const std::vector<std::vector<float>>& rows, size_t columns) {
  std::vector<float> data;
  data.reserve(rows.size() * columns);
  for (const auto& row : rows) {
    if (row.size() != columns)
      return Error("cost model: a feature row has " + std::to_string(row.size()) +
                   " values, expected " + std::to_string(columns));
    data.insert(data.end(), row.begin(), row.end());
  }
  return data;
}

// A DMatrix freed when it goes out of scope.
struct Matrix {
  DMatrixHandle handle = nullptr;
  ~Matrix() {
    if (handle) XGDMatrixFree(handle);
  }
};

}  // namespace

CostModel::~CostModel() {
  if (booster_) XGBoosterFree(booster_);
}

Status CostModel::Update(const std::vector<std::vector<float>>& features,
                         const std::vector<double>& gflops) {
  if (features.size() != gflops.size())
    return Error("cost model: features and measurements differ in number");
  if (static_cast<int>(features.size()) < kMinSamples) return Status::Ok();
  const size_t columns = features.front().size();
  auto data = Flatten(features, columns);
  if (!data) return data.error();
  const double best = *std::max_element(gflops.begin(), gflops.end());
  std::vector<float> labels;
  for (double g : gflops)
    labels.push_back(best > 0 ? static_cast<float>(std::max(g, 0.0) / best) : 0.0f);
  Matrix train;
  if (XGDMatrixCreateFromMat(data->data(), features.size(), columns, -1e30f, &train.handle) != 0)
    return XgbError("building the training matrix");
  if (XGDMatrixSetFloatInfo(train.handle, "label", labels.data(), labels.size()) != 0)
    return XgbError("setting the labels");
  BoosterHandle booster = nullptr;
  if (XGBoosterCreate(&train.handle, 1, &booster) != 0) return XgbError("creating the booster");
  const std::pair<const char*, const char*> params[] = {{"objective", "reg:squarederror"},
                                                        {"max_depth", "6"},
                                                        {"eta", "0.2"},
                                                        {"min_child_weight", "1"},
                                                        {"nthread", "1"},
                                                        {"seed", "0"},
                                                        {"verbosity", "0"}};
  for (const auto& [name, value] : params)
    if (XGBoosterSetParam(booster, name, value) != 0) {
      XGBoosterFree(booster);
      return XgbError(std::string("setting ") + name);
    }
  for (int round = 0; round < kRounds; ++round)
    if (XGBoosterUpdateOneIter(booster, round, train.handle) != 0) {
      XGBoosterFree(booster);
      return XgbError("training");
    }
  if (booster_) XGBoosterFree(booster_);
  booster_ = booster;
  columns_ = columns;
  return Status::Ok();
}

Result<std::vector<double>> CostModel::Predict(
    const std::vector<std::vector<float>>& features) const {
  std::vector<double> out(features.size(), 0.0);
  if (!booster_ || features.empty()) return out;
  auto data = Flatten(features, columns_);
  if (!data) return data.error();
  Matrix m;
  if (XGDMatrixCreateFromMat(data->data(), features.size(), columns_, -1e30f, &m.handle) != 0)
    return XgbError("building the prediction matrix");
  bst_ulong length = 0;
  const float* result = nullptr;
  if (XGBoosterPredict(booster_, m.handle, 0, 0, 0, &length, &result) != 0)
    return XgbError("predicting");
  for (size_t i = 0; i < out.size() && i < length; ++i) out[i] = result[i];
  return out;
}

}  // namespace tessera::tune
