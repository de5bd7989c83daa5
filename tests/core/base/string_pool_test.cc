// The string pool gives one id per distinct text, and a text's view stays valid while the pool
// grows (its table doubles, its chunks fill up, long texts take chunks of their own).
#include "core/base/string_pool.h"

#include <gtest/gtest.h>

#include <string>
#include <vector>

namespace afterglow {
namespace {

TEST(StringPool, TheEmptyTextIsIdZero) {
  StringPool pool;
  EXPECT_EQ(pool.Intern(""), kEmptyString);
  EXPECT_EQ(pool.Get(kEmptyString), "");
  EXPECT_EQ(pool.size(), 1u);
}

TEST(StringPool, ATextKeepsItsIdAndOtherTextsGetNewOnes) {
  StringPool pool;
  const StringId a = pool.Intern("executor 1");
  const StringId b = pool.Intern("executor 2");  // differs in its last byte only
  const StringId c = pool.Intern(std::string_view("executor 1\0x", 12));  // a NUL inside
  EXPECT_NE(a, b);
  EXPECT_NE(a, c);
  EXPECT_NE(b, c);
  EXPECT_EQ(pool.Intern(std::string("executor ") + "1"), a);  // equal text, another buffer
  EXPECT_EQ(pool.Get(c), std::string_view("executor 1\0x", 12));
  EXPECT_EQ(pool.size(), 4u);
}

TEST(StringPool, ViewsStayValidAsThePoolGrows) {
  StringPool pool;
  std::vector<std::string> texts;
  std::vector<StringId> ids;
  std::vector<std::string_view> views;
  // Enough texts to double the table many times and fill many chunks; every 997th is longer
  // than a chunk's share and gets a chunk of its own.
  for (int i = 0; i < 200000; ++i) {
    std::string text = "host-" + std::to_string(i) + ".c.example.internal";
    if (i % 997 == 0) text += std::string(20000, static_cast<char>('a' + i % 26));
    texts.push_back(text);
    ids.push_back(pool.Intern(text));
    views.push_back(pool.Get(ids.back()));
  }
  EXPECT_EQ(pool.size(), texts.size() + 1);
  for (size_t i = 0; i < texts.size(); ++i) {
    ASSERT_EQ(ids[i], i + 1) << "ids count the distinct texts from 1";
    ASSERT_EQ(pool.Intern(texts[i]), ids[i]);
    ASSERT_EQ(views[i], texts[i]) << "a view taken before the pool grew";
    ASSERT_EQ(views[i].data(), pool.Get(ids[i]).data()) << "texts never move";
  }
}

TEST(StringPool, HashTextDependsOnEveryByteAndTheLength) {
  const std::string base(40, 'x');
  const uint64_t h = HashText(base);
  for (size_t i = 0; i < base.size(); ++i) {
    std::string changed = base;
    changed[i] = 'y';
    EXPECT_NE(HashText(changed), h) << "byte " << i;
  }
  EXPECT_NE(HashText(std::string_view("ab\0", 3)), HashText("ab"));
}

}  // namespace
}  // namespace afterglow
