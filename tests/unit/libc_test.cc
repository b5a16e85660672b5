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

TEST(Libc, ScanfFieldWidthsPerConversion) {
  std::string out;
  std::vector<int> widths;
  ASSERT_TRUE(libc::format_conversions("#%1hX%2d %*3d %lu %15s %12[a-z]", true, out, &widths));
  EXPECT_EQ(out, "Xdus[");
  EXPECT_EQ(widths, (std::vector<int>{1, 2, 0, 15, 12}));
  // printf: the precision and '*' are no field width of a conversion.
  ASSERT_TRUE(libc::format_conversions("%8.3f %*d", false, out, &widths));
  EXPECT_EQ(out, "f*d");
  EXPECT_EQ(widths, (std::vector<int>{8, 0, 0}));
}
