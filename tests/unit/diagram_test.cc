// The picture of an out-of-bounds access: layout, text and SVG.
// SPDX-License-Identifier: GPL-3.0-or-later
#include <gtest/gtest.h>

#include <sstream>

#include "diagnostics/diagram.h"

using namespace pathwise;

namespace {

AccessDiagram array_write_past_end() {
  AccessDiagram d; // int32_t arr[10]; arr[10] = x;
  d.write = true;
  d.memory = "global";
  d.buffer = "arr";
  d.type = "int32_t[10]";
  d.capacity = 40;
  d.element = 4;
  d.start = 40;
  d.size = 4;
  return d;
}

std::vector<std::string> lines_of(const std::string &text) {
  std::vector<std::string> out;
  std::istringstream in(text);
  for (std::string line; std::getline(in, line);)
    out.push_back(line);
  return out;
}

} // namespace

TEST(Diagram, Texts) {
  AccessDiagram d = array_write_past_end();
  EXPECT_EQ(d.access_text(), "write of 4 bytes");
  EXPECT_EQ(d.outside_text(true), "overflow of 4 bytes");
  EXPECT_EQ(d.buffer_text(), "'arr' (type: 'int32_t[10]')");
  EXPECT_EQ(d.subscripts_text(), "[0] ... [9]");
  EXPECT_EQ(d.capacity_label(), "capacity: 40 bytes");
  d.write = false;
  d.start = -1;
  d.size = 1;
  EXPECT_EQ(d.outside_text(false), "under-read of 1 byte");
  d.type = "std::array<std::pair<std::basic_string<char>, std::vector<int>>, 4>";
  EXPECT_EQ(d.buffer_text(), "'arr'"); // (too long to show)
  d.buffer.clear();
  d.memory = "heap";
  EXPECT_EQ(d.buffer_text(), "buffer allocated on the heap");
  d.capacity_text = "n * 4";
  EXPECT_EQ(d.capacity_label(), "capacity: 'n * 4' bytes");
  EXPECT_EQ(d.subscripts_text(), ""); // (no count for a symbolic capacity)
}

TEST(Diagram, OnlyAccessesOutsideAreDrawn) {
  AccessDiagram d = array_write_past_end();
  EXPECT_TRUE(d.drawable());
  d.start = 36; // arr[9]: inside
  EXPECT_FALSE(d.drawable());
  EXPECT_EQ(render_text(d, Charset::Ascii), "");
  EXPECT_EQ(render_svg(d), "");
  d.start = 38; // straddles the end
  EXPECT_TRUE(d.drawable());
  d.size = 0;
  EXPECT_FALSE(d.drawable());
  d = array_write_past_end();
  d.start = INT64_MAX - 1; // no overflow in the arithmetic
  EXPECT_FALSE(d.drawable());
}

TEST(Diagram, LayoutOfAnOverflow) {
  const DiagramLayout l = layout_diagram(array_write_past_end());
  ASSERT_EQ(l.segments.size(), 2u);
  EXPECT_EQ(l.segments[0].part, DiagramLayout::Part::Inside);
  EXPECT_FALSE(l.segments[0].accessed);
  EXPECT_EQ(l.segments[1].part, DiagramLayout::Part::After);
  EXPECT_TRUE(l.segments[1].accessed);
  EXPECT_EQ(l.offsets, (std::vector<std::string>{"0", "40", "44"}));
  EXPECT_EQ(l.access.a, 1u);
  EXPECT_EQ(l.access.b, 1u);
  ASSERT_EQ(l.braces.size(), 2u);
  EXPECT_FALSE(l.braces[0].outside);
  EXPECT_TRUE(l.braces[1].outside);
  // Segments tile the width, each wide enough for every text over it.
  int x = 0;
  for (const auto &s : l.segments) {
    EXPECT_EQ(s.x, x);
    x += s.width;
  }
  EXPECT_EQ(l.width, x);
  EXPECT_GE(l.segments[0].width, static_cast<int>(std::string("'arr' (type: 'int32_t[10]')").size()) + 4);
  EXPECT_GE(l.segments[1].width, static_cast<int>(std::string("overflow of 4 bytes").size()) + 2);
}

TEST(Diagram, LayoutOfAStraddlingAccessAndAGap) {
  AccessDiagram d = array_write_past_end();
  d.start = 36;
  d.size = 8; // [36, 44): 4 bytes in, 4 out
  DiagramLayout l = layout_diagram(d);
  ASSERT_EQ(l.segments.size(), 3u);
  EXPECT_TRUE(l.segments[1].accessed);
  EXPECT_EQ(l.segments[1].part, DiagramLayout::Part::Inside);
  EXPECT_EQ(l.access.a, 1u);
  EXPECT_EQ(l.access.b, 2u);
  EXPECT_EQ(d.outside_text(true), "overflow of 4 bytes");
  d.start = 60; // 20 bytes past the end: a gap not accessed
  d.size = 4;
  l = layout_diagram(d);
  ASSERT_EQ(l.segments.size(), 3u);
  EXPECT_EQ(l.segments[1].part, DiagramLayout::Part::After);
  EXPECT_FALSE(l.segments[1].accessed);
  ASSERT_EQ(l.braces.size(), 2u); // the buffer, the accessed bytes; none for the gap
  EXPECT_EQ(l.braces[1].run.a, 2u);
}

TEST(Diagram, UnderwriteIsLeftOfTheBuffer) {
  AccessDiagram d = array_write_past_end();
  d.start = -4;
  const DiagramLayout l = layout_diagram(d);
  ASSERT_EQ(l.segments.size(), 2u);
  EXPECT_EQ(l.segments[0].part, DiagramLayout::Part::Before);
  EXPECT_TRUE(l.segments[0].accessed);
  EXPECT_EQ(l.offsets.front(), "-4");
  EXPECT_EQ(l.braces[0].label, "underwrite of 4 bytes");
}

TEST(Diagram, TextInAscii) {
  const std::string text = render_text(array_write_past_end(), Charset::Ascii);
  const std::vector<std::string> lines = lines_of(text);
  ASSERT_EQ(lines.size(), 12u) << text;
  // The access box, its arrow, the buffer's two boxes side by side, the
  // offsets and the sizes under braces.
  EXPECT_NE(lines[1].find("write of 4 bytes"), std::string::npos);
  EXPECT_EQ(lines[4].find_first_not_of(' '), lines[2].find('+', lines[2].find_first_not_of(' ') + 1));
  EXPECT_NE(lines[4].find('v'), std::string::npos);
  EXPECT_NE(lines[6].find("[0] ... [9]"), std::string::npos);
  EXPECT_NE(lines[7].find("'arr' (type: 'int32_t[10]')"), std::string::npos);
  EXPECT_NE(lines[6].find("after the end"), std::string::npos);
  EXPECT_NE(lines[5].find("++"), std::string::npos); // the boxes meet at byte 40
  EXPECT_EQ(lines[9].find("40"), lines[5].find("++") + 1);
  EXPECT_NE(lines[11].find("capacity: 40 bytes"), std::string::npos);
  EXPECT_GT(lines[11].find("overflow of 4 bytes"), lines[11].find("capacity: 40 bytes"));
  for (const std::string &line : lines)
    for (unsigned char c : line)
      EXPECT_LT(c, 0x80) << line;
  // Every box line ends where the picture ends.
  EXPECT_EQ(lines[5].size(), lines[8].size());
  EXPECT_EQ(lines[9].size(), lines[5].size()); // "44" ends under the last border
}

TEST(Diagram, TextInUnicodeHasTheSameShape) {
  const std::vector<std::string> ascii = lines_of(render_text(array_write_past_end(), Charset::Ascii));
  const std::string text = render_text(array_write_past_end(), Charset::Unicode);
  const std::vector<std::string> unicode = lines_of(text);
  ASSERT_EQ(unicode.size(), ascii.size());
  EXPECT_NE(text.find("┌"), std::string::npos);
  EXPECT_NE(text.find("▼"), std::string::npos);
  auto cells = [](const std::string &s) {
    size_t n = 0;
    for (unsigned char c : s)
      n += (c & 0xC0) != 0x80;
    return n;
  };
  for (size_t i = 0; i < ascii.size(); ++i)
    EXPECT_EQ(cells(unicode[i]), ascii[i].size()) << unicode[i];
}

TEST(Diagram, SymbolicCapacityHasNoOffsets) {
  AccessDiagram d;
  d.write = true;
  d.memory = "stack";
  d.capacity_text = "n * 4";
  d.element = 4;
  d.start = 0;
  d.size = 4;
  const std::string text = render_text(d, Charset::Ascii);
  EXPECT_NE(text.find("capacity: 'n * 4' bytes"), std::string::npos);
  EXPECT_NE(text.find("buffer allocated on the stack"), std::string::npos);
  EXPECT_NE(text.find("overflow of 4 bytes"), std::string::npos);
  EXPECT_EQ(text.find("0 "), std::string::npos) << text;
}

TEST(Diagram, SvgMarksTheBytesOutsideInRed) {
  AccessDiagram d = array_write_past_end();
  d.buffer = "a<b>&\"c\"";
  const std::string svg = render_svg(d);
  ASSERT_EQ(svg.rfind("<svg ", 0), 0u);
  EXPECT_NE(svg.find("</svg>"), std::string::npos);
  // Names are escaped.
  EXPECT_EQ(svg.find("a<b>"), std::string::npos);
  EXPECT_NE(svg.find("a&lt;b&gt;&amp;&quot;c&quot;"), std::string::npos);
  // The bytes outside: a red rectangle right of the buffer's.
  const size_t red = svg.find("class=\"outside accessed\"");
  const size_t blue = svg.find("class=\"buffer\"");
  ASSERT_NE(red, std::string::npos);
  ASSERT_NE(blue, std::string::npos);
  auto attr = [&](size_t at, const char *name) {
    const size_t k = svg.find(std::string(name) + "=\"", at);
    return std::stoi(svg.substr(k + std::string(name).size() + 2));
  };
  EXPECT_GE(attr(red, "x"), attr(blue, "x") + attr(blue, "width"));
  EXPECT_NE(svg.find("fill:#e53935", red), std::string::npos);
  EXPECT_NE(svg.find(">overflow of 4 bytes<"), std::string::npos);
  EXPECT_NE(svg.find(">capacity: 40 bytes<"), std::string::npos);
  EXPECT_NE(svg.find(">44<"), std::string::npos);
}
