// The load counters' table lists every counter of LoadCounters once, each with a name, a meaning
// and its own field.
#include "core/base/load_counters.h"

#include <gtest/gtest.h>

#include <set>
#include <string>
#include <vector>

namespace afterglow {
namespace {

TEST(LoadCounterTable, ListsEachCounterOnce) {
  std::set<std::string_view> names;
  std::vector<uint64_t LoadCounters::*> fields;  // member pointers compare only for equality
  for (const LoadCounterInfo& counter : kLoadCounterTable) {
    EXPECT_TRUE(names.insert(counter.name).second) << counter.name << " is listed twice";
    for (auto field : fields) EXPECT_FALSE(field == counter.value) << counter.name << " shares a field";
    fields.push_back(counter.value);
    EXPECT_FALSE(counter.meaning.empty()) << counter.name;
  }
  // Every field of LoadCounters is a counter of the table.
  EXPECT_EQ(std::size(kLoadCounterTable) * sizeof(uint64_t), sizeof(LoadCounters));
  EXPECT_TRUE(names.contains("bad_lines"));
  EXPECT_TRUE(names.contains("unknown_events"));
}

TEST(LoadCounterTable, EachNameReadsEachField) {
  LoadCounters counters;
  uint64_t value = 1;
  for (const LoadCounterInfo& counter : kLoadCounterTable) counters.*counter.value = value++;
  EXPECT_EQ(counters.events, 1u);
  EXPECT_EQ(counters.bad_lines, std::size(kLoadCounterTable));
}

TEST(LoadCounterTable, LabelsHaveSpacesForUnderscores) {
  for (const LoadCounterInfo& counter : kLoadCounterTable) {
    char label[64];
    const std::string text = LoadCounterLabel(counter, label, sizeof label);
    if (counter.name == "unknown_events") EXPECT_EQ(text, "unknown events");
    EXPECT_EQ(text.size(), counter.name.size());
    EXPECT_EQ(text.find('_'), std::string::npos) << counter.name;
  }
  char small[4];
  EXPECT_EQ(std::string(LoadCounterLabel(kLoadCounterTable[0], small, sizeof small)),
            std::string(kLoadCounterTable[0].name.substr(0, 3)));  // cut to fit, terminated
}

TEST(LoadCounterTable, DamageIsAnErrorAndSkippedKindsAreNot) {
  for (const LoadCounterInfo& counter : kLoadCounterTable) {
    if (counter.name == "bad_lines") EXPECT_EQ(counter.severity, CounterSeverity::kError);
    if (counter.name == "unknown_events") EXPECT_EQ(counter.severity, CounterSeverity::kDataLoss);
    if (counter.name == "events") EXPECT_EQ(counter.severity, CounterSeverity::kInfo);
  }
}

}  // namespace
}  // namespace afterglow
