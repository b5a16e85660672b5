// The SARIF log a compile writes on stderr (sarif=-), cut out of what the
// compiler said.
// SPDX-License-Identifier: GPL-3.0-or-later
#include <gtest/gtest.h>

#include "diagnostics/sarif.h"

using namespace pathwise;

namespace {

std::string framed(const std::string &log) {
  return std::string(kSarifBegin) + "\n" + log + std::string(kSarifEnd) + "\n";
}

} // namespace

TEST(SarifOnStderr, LogIsCutOutAndTheDiagnosticsStay) {
  const std::string diagnostics = "a.c:3:5: warning: leak of 'p' [CWE-401] [-Wanalyzer-malloc-leak]\n";
  std::string said = diagnostics + framed("{\"version\": \"2.1.0\"}\n") + "a.c:9: note: after\n";
  std::string log;
  ASSERT_TRUE(take_sarif_log(said, log));
  EXPECT_EQ(log, "{\"version\": \"2.1.0\"}\n");
  EXPECT_EQ(said, diagnostics + "a.c:9: note: after\n");
}

TEST(SarifOnStderr, MarkersCountOnlyAloneOnTheirLine) {
  // (A diagnostic quoting the marker's text is not the log.)
  std::string said = std::string("x.c:1: warning: '") + kSarifBegin + "'\n";
  std::string log;
  EXPECT_FALSE(take_sarif_log(said, log));
  EXPECT_EQ(said, std::string("x.c:1: warning: '") + kSarifBegin + "'\n");
  said += framed("{}\n");
  ASSERT_TRUE(take_sarif_log(said, log));
  EXPECT_EQ(log, "{}\n");
}

TEST(SarifOnStderr, LogCutShortIsNoLog) {
  // The compiler died while writing it: no log, and no half of one shown.
  std::string said = std::string("a.c:1: error: x\n") + kSarifBegin + "\n{\"runs\": [";
  std::string log;
  EXPECT_FALSE(take_sarif_log(said, log));
  EXPECT_EQ(said, "a.c:1: error: x\n");
  std::string none = "nothing here\n";
  EXPECT_FALSE(take_sarif_log(none, log));
  EXPECT_EQ(none, "nothing here\n");
}
