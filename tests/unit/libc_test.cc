// What the engine knows of the C library: format conversions.
// SPDX-License-Identifier: GPL-3.0-or-later
#include <gtest/gtest.h>

#include "analysis/libc.h"

using namespace pathwise;

TEST(Libc, PrintfConversionsOnePerArgument) {
  std::string out;
  ASSERT_TRUE(libc::format_conversions("%-8s %*d %.*f 100%% %lu %p%n", false, out));
  EXPECT_EQ(out, "s*d*fupn");
  ASSERT_TRUE(libc::format_conversions("no conversions", false, out));
  EXPECT_EQ(out, "");
  EXPECT_FALSE(libc::format_conversions("%1$s", false, out)); // (positions: not followed)
  EXPECT_FALSE(libc::format_conversions("%", false, out));
  EXPECT_FALSE(libc::format_conversions("%y", false, out));
}

TEST(Libc, ScanfSuppressedConversionsTakeNoArgument) {
  std::string out;
  ASSERT_TRUE(libc::format_conversions("%*d %15s %[a-z] %*[^\n] %lf", true, out));
  EXPECT_EQ(out, "s[f");
  EXPECT_FALSE(libc::format_conversions("%[abc", true, out));
}
