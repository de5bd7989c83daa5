// A corpus log loaded into a session, with its one attempt's model and the pool, and the
// History Server's expected answer files: what the row tests compare against.
#pragma once

#include <fstream>
#include <sstream>
#include <string>
#include <vector>

#include <gtest/gtest.h>

#include "core/base/string_pool.h"
#include "core/load/load_path.h"
#include "core/model/app_model.h"
#include "core/session.h"

namespace afterglow::test_support {

inline const std::string kCorpusDir = AFTERGLOW_CORPUS_DIR;

struct CorpusAttempt {
  Session session;
  const AttemptModel* model = nullptr;
  const StringPool* pool = nullptr;
};

// Loads corpus/<relative> (a file or a folder of logs); `model` is the first log's.
inline void LoadCorpus(CorpusAttempt& loaded, const std::string& relative) {
  std::string error;
  ASSERT_TRUE(LoadPath(loaded.session, kCorpusDir + "/" + relative, &error)) << error;
  loaded.model = loaded.session.model(0);
  ASSERT_NE(loaded.model, nullptr);
  loaded.pool = &loaded.session.strings();
}

// The text of corpus/spark/expectations/<name>.
inline std::string ExpectedAnswer(const std::string& name) {
  std::ifstream in(kCorpusDir + "/spark/expectations/" + name, std::ios::binary);
  EXPECT_TRUE(in.good()) << name;
  std::ostringstream text;
  text << in.rdbuf();
  return text.str();
}

}  // namespace afterglow::test_support
