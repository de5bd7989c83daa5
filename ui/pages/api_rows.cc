#include "ui/pages/api_rows.h"

#include <limits>

namespace afterglow::ui {

bool ApiRow::Has(const char* key) const {
  simdjson::dom::element value;
  return object_[key].get(value) == simdjson::SUCCESS && !value.is_null();
}

int64_t ApiRow::Int(const char* key, int64_t fallback) const {
  int64_t value = 0;
  return object_[key].get_int64().get(value) == simdjson::SUCCESS ? value : fallback;
}

uint32_t ApiRow::Count(const char* key) const {
  const int64_t value = Int(key, 0);
  return value >= 0 && value <= std::numeric_limits<uint32_t>::max()
             ? static_cast<uint32_t>(value)
             : 0;
}

bool ApiRow::Bool(const char* key, bool fallback) const {
  bool value = false;
  return object_[key].get_bool().get(value) == simdjson::SUCCESS ? value : fallback;
}

std::string ApiRow::Text(const char* key) const {
  std::string text;
  TextIf(key, &text);
  return text;
}

bool ApiRow::TextIf(const char* key, std::string* out) const {
  std::string_view text;
  if (object_[key].get_string().get(text) != simdjson::SUCCESS) return false;
  out->assign(text);
  return true;
}

int64_t ApiRow::Date(const char* key) const {
  std::string_view text;
  return object_[key].get_string().get(text) == simdjson::SUCCESS ? ParseApiDate(text) : -1;
}

std::optional<ApiRow> ApiRow::Object(const char* key) const {
  simdjson::dom::object object;
  if (object_[key].get_object().get(object) != simdjson::SUCCESS) return std::nullopt;
  return ApiRow(object);
}

std::vector<ApiRow> ApiRow::Rows(const char* key) const {
  std::vector<ApiRow> rows;
  simdjson::dom::array list;
  if (object_[key].get_array().get(list) != simdjson::SUCCESS) return rows;
  for (simdjson::dom::element element : list) {
    simdjson::dom::object object;
    if (element.get_object().get(object) == simdjson::SUCCESS) rows.emplace_back(object);
  }
  return rows;
}

std::vector<std::string> ApiRow::Texts(const char* key) const {
  std::vector<std::string> texts;
  simdjson::dom::array list;
  if (object_[key].get_array().get(list) != simdjson::SUCCESS) return texts;
  for (simdjson::dom::element element : list) {
    std::string_view text;
    if (element.get_string().get(text) == simdjson::SUCCESS) texts.emplace_back(text);
  }
  return texts;
}

std::vector<int64_t> ApiRow::Ints(const char* key) const {
  std::vector<int64_t> values;
  simdjson::dom::array list;
  if (object_[key].get_array().get(list) != simdjson::SUCCESS) return values;
  for (simdjson::dom::element element : list) {
    int64_t value = 0;
    if (element.get_int64().get(value) == simdjson::SUCCESS) values.push_back(value);
  }
  return values;
}

size_t ApiRow::ArraySize(const char* key) const {
  simdjson::dom::array list;
  return object_[key].get_array().get(list) == simdjson::SUCCESS ? list.size() : 0;
}

std::string ForEachApiItem(const Session& session, const std::string& path, const char* what,
                           const std::function<void(const ApiRow&)>& row) {
  simdjson::dom::parser parser;
  std::string padded;  // one item and the padding simdjson reads past its end; reused
  size_t items = 0;
  std::string error;
  // Parses `text` into the reused parser; false (and `error` set) when it is not JSON.
  auto parse = [&](std::string_view text, simdjson::dom::element* element) {
    padded.assign(text);
    padded.append(simdjson::SIMDJSON_PADDING, '\0');
    if (parser.parse(padded.data(), text.size(), false).get(*element) == simdjson::SUCCESS) {
      return true;
    }
    error = std::string("the ") + what + " answer is not JSON";
    return false;
  };
  auto each_object = [&](simdjson::dom::element element) {
    simdjson::dom::object object;
    if (element.get_object().get(object) == simdjson::SUCCESS) row(ApiRow(object));
  };
  const ApiResponse response = session.ApiItems(path, [&](std::string_view item) {
    ++items;
    simdjson::dom::element element;
    if (error.empty() && parse(item, &element)) each_object(element);
  });
  if (response.status != 200) return std::to_string(response.status) + " " + response.body;
  if (!error.empty() || items > 0) return error;
  // Nothing was handed over: an empty list, or a path whose endpoint writes its answer whole.
  simdjson::dom::element root;
  if (!parse(response.body, &root)) return error;
  simdjson::dom::array list;
  if (root.get_array().get(list) != simdjson::SUCCESS) {
    return std::string("the ") + what + " answer is not a JSON array";
  }
  for (simdjson::dom::element element : list) each_object(element);
  return "";
}

ApiAnswer::ApiAnswer(const Session& session, const std::string& path) {
  const ApiResponse response = session.Api(path);
  status_ = response.status;
  if (response.status != 200) {
    error_ = std::to_string(response.status) + " " + response.body;
    return;
  }
  if (parser_.parse(response.body).get(root_) != simdjson::SUCCESS) {
    error_ = "the answer to " + path + " is not JSON";
    return;
  }
  parsed_ = true;
}

std::vector<ApiRow> ApiAnswer::Rows(const char* what) {
  std::vector<ApiRow> rows;
  if (!parsed_) return rows;
  simdjson::dom::array list;
  if (root_.get_array().get(list) != simdjson::SUCCESS) {
    error_ = std::string("the ") + what + " answer is not a JSON array";
    return rows;
  }
  for (simdjson::dom::element element : list) {
    simdjson::dom::object object;
    if (element.get_object().get(object) == simdjson::SUCCESS) rows.emplace_back(object);
  }
  return rows;
}

std::optional<ApiRow> ApiAnswer::Object(const char* what) {
  if (!parsed_) return std::nullopt;
  simdjson::dom::object object;
  if (root_.get_object().get(object) != simdjson::SUCCESS) {
    error_ = std::string("the ") + what + " answer is not a JSON object";
    return std::nullopt;
  }
  return ApiRow(object);
}

}  // namespace afterglow::ui
