// The picture of an out-of-bounds access: its texts, its layout and its
// text form.
// SPDX-License-Identifier: GPL-3.0-or-later
#include "diagnostics/diagram.h"

#include <algorithm>

namespace pathwise {

namespace {

// A symbolic capacity's stand-in end: far from any constant offset.
constexpr int64_t kSymbolicEnd = int64_t(1) << 40;
constexpr int64_t kLimit = int64_t(1) << 50;

std::string bytes(int64_t n) { return std::to_string(n) + (n == 1 ? " byte" : " bytes"); }

int64_t end_of(const AccessDiagram &d) { return d.symbolic() ? kSymbolicEnd : d.capacity; }

// Text width in cells: one per UTF-8 character (names are ASCII in
// practice; a continuation byte takes no cell).
int cells(const std::string &s) {
  int n = 0;
  for (unsigned char c : s)
    n += (c & 0xC0) != 0x80;
  return n;
}

} // namespace

bool AccessDiagram::drawable() const {
  if (size <= 0 || size > kLimit || start < -kLimit || start > kLimit)
    return false;
  if (symbolic())
    return start + size > 0; // (some bytes past the end)
  return capacity > 0 && capacity <= kLimit && (start < 0 || start + size > capacity);
}

std::string AccessDiagram::access_text() const { return (write ? "write of " : "read of ") + bytes(size); }

std::string AccessDiagram::outside_text(bool after) const {
  const int64_t end = start + size;
  const int64_t n = after ? std::min(size, symbolic() ? end : end - capacity) : std::min(size, -start);
  const char *what = write ? (after ? "overflow" : "underwrite") : (after ? "over-read" : "under-read");
  return std::string(what) + " of " + bytes(n);
}

std::string AccessDiagram::buffer_text() const {
  // (A type too long to read at a glance, a C++ template's, is left out.)
  const std::string typed = type.empty() || cells(type) > 48 ? "" : " (type: '" + type + "')";
  if (!buffer.empty())
    return "'" + buffer + "'" + typed;
  if (memory == "string literal")
    return "string literal" + typed;
  if (memory == "heap" || memory == "stack")
    return "buffer allocated on the " + memory;
  return "the region";
}

std::string AccessDiagram::subscripts_text() const {
  if (symbolic() || element <= 0 || capacity % element != 0 || capacity / element < 1)
    return "";
  const int64_t n = capacity / element;
  if (n == 1)
    return "[0]";
  if (n == 2)
    return "[0] [1]";
  return "[0] ... [" + std::to_string(n - 1) + "]";
}

std::string AccessDiagram::capacity_label() const {
  return symbolic() ? "capacity: '" + capacity_text + "' bytes" : "capacity: " + bytes(capacity);
}

DiagramLayout layout_diagram(const AccessDiagram &d) {
  DiagramLayout l;
  if (!d.drawable())
    return l;
  const int64_t end = end_of(d);
  const int64_t first = d.symbolic() ? end + d.start : d.start;
  const int64_t last = first + d.size;
  std::vector<int64_t> points = {0, end, first, last};
  std::sort(points.begin(), points.end());
  points.erase(std::unique(points.begin(), points.end()), points.end());
  for (size_t i = 0; i + 1 < points.size(); ++i) {
    const int64_t from = points[i], to = points[i + 1];
    const auto part = to <= 0 ? DiagramLayout::Part::Before
                      : from >= end ? DiagramLayout::Part::After
                                    : DiagramLayout::Part::Inside;
    l.segments.push_back({from, to, part, from >= first && to <= last});
  }
  const size_t n = l.segments.size();
  if (!d.symbolic())
    for (int64_t p : points)
      l.offsets.push_back(std::to_string(p));

  // What is drawn: a box per part (the buffer, before it, after it); the
  // access over the accessed segments; braces under the buffer and under
  // each run of accessed bytes outside it.
  using Part = DiagramLayout::Part;
  using Run = DiagramLayout::Run;
  auto runs = [&](auto same) {
    std::vector<Run> out;
    for (size_t a = 0; a < n;) {
      size_t b = a;
      while (b + 1 < n && same(l.segments[b + 1], l.segments[a]))
        ++b;
      out.push_back({a, b});
      a = b + 1;
    }
    return out;
  };
  for (Run r : runs([](const auto &x, const auto &y) { return x.part == y.part; })) {
    const Part part = l.segments[r.a].part;
    std::vector<std::string> lines;
    if (part == Part::Inside) {
      if (!d.subscripts_text().empty())
        lines.push_back(d.subscripts_text());
      lines.push_back(d.buffer_text());
      l.braces.push_back({r, false, d.capacity_label()});
    } else {
      lines.push_back(part == Part::After ? "after the end" : "before the start");
    }
    l.box_lines = std::max(l.box_lines, lines.size());
    l.boxes.push_back({r, part, std::move(lines)});
  }
  for (Run r : runs([](const auto &x, const auto &y) { return x.part == y.part && x.accessed == y.accessed; })) {
    const DiagramLayout::Segment &s = l.segments[r.a];
    if (s.accessed && s.part != Part::Inside)
      l.braces.push_back({r, true, d.outside_text(s.part == Part::After)});
  }
  std::sort(l.braces.begin(), l.braces.end(), [](const auto &x, const auto &y) { return x.run.a < y.run.a; });
  for (Run r : runs([](const auto &x, const auto &y) { return x.accessed == y.accessed; }))
    if (l.segments[r.a].accessed)
      l.access = r;

  // Widths: room for each offset, then for every text over a run (the
  // widest line plus borders and a space each side), a run too narrow
  // widened evenly.
  for (size_t i = 0; i < n; ++i) {
    int w = 5;
    if (!l.offsets.empty())
      w = std::max(w, cells(l.offsets[i]) + 2 + (i + 1 == n ? cells(l.offsets[n]) : 0));
    l.segments[i].width = w;
  }
  std::vector<std::pair<Run, int>> needs;
  for (const auto &box : l.boxes)
    for (const std::string &line : box.lines)
      needs.push_back({box.run, cells(line) + 4});
  for (const auto &brace : l.braces)
    needs.push_back({brace.run, cells(brace.label) + 2});
  needs.push_back({l.access, cells(d.access_text()) + 4});
  for (int pass = 0; pass < 3; ++pass)
    for (const auto &[run, width] : needs) {
      int have = 0;
      for (size_t i = run.a; i <= run.b; ++i)
        have += l.segments[i].width;
      const size_t count = run.b - run.a + 1;
      for (size_t k = 0; have < width; ++k, ++have)
        ++l.segments[run.a + k % count].width;
    }
  int x = 0;
  for (DiagramLayout::Segment &s : l.segments) {
    s.x = x;
    x += s.width;
  }
  l.width = x;
  return l;
}

namespace {

struct Glyphs {
  const char *h, *v, *tl, *tr, *bl, *br, *tee_down, *arrow, *brace_l, *brace_r;
};

const Glyphs kUnicode = {"─", "│", "┌", "┐", "└", "┘", "┬", "▼", "╰", "╯"};
const Glyphs kAscii = {"-", "|", "+", "+", "+", "+", "+", "v", "`", "'"};

// A grid of cells, each one glyph.
class Canvas {
public:
  explicit Canvas(int width) : m_width(width) {}
  void put(int row, int x, const std::string &glyph) {
    grow(row);
    if (x >= 0 && x < m_width)
      m_rows[static_cast<size_t>(row)][static_cast<size_t>(x)] = glyph;
  }
  void text(int row, int x, const std::string &s) {
    for (size_t i = 0; i < s.size();) {
      size_t len = 1;
      while (i + len < s.size() && (static_cast<unsigned char>(s[i + len]) & 0xC0) == 0x80)
        ++len;
      put(row, x++, s.substr(i, len));
      i += len;
    }
  }
  // A box over cells [x0, x1] and rows [y0, y1], its lines centred.
  void box(const Glyphs &g, int x0, int x1, int y0, int y1, const std::vector<std::string> &lines, int tee = -1) {
    for (int x = x0 + 1; x < x1; ++x) {
      put(y0, x, g.h);
      put(y1, x, x == tee ? g.tee_down : g.h);
    }
    put(y0, x0, g.tl);
    put(y0, x1, g.tr);
    put(y1, x0, g.bl);
    put(y1, x1, g.br);
    for (int y = y0 + 1; y < y1; ++y) {
      put(y, x0, g.v);
      put(y, x1, g.v);
    }
    const int inner = y1 - y0 - 1;
    const int top = y0 + 1 + (inner - static_cast<int>(lines.size())) / 2;
    for (size_t k = 0; k < lines.size(); ++k)
      text(top + static_cast<int>(k), x0 + (x1 - x0 + 1 - cells(lines[k])) / 2, lines[k]);
  }
  std::string str() const {
    std::string out;
    for (const auto &row : m_rows) {
      std::string line;
      for (const std::string &c : row)
        line += c;
      line.erase(line.find_last_not_of(' ') + 1);
      out += line + "\n";
    }
    return out;
  }

private:
  void grow(int row) {
    while (static_cast<int>(m_rows.size()) <= row)
      m_rows.emplace_back(static_cast<size_t>(m_width), " ");
  }
  int m_width;
  std::vector<std::vector<std::string>> m_rows;
};

} // namespace

std::string render_text(const AccessDiagram &d, Charset charset) {
  const DiagramLayout l = layout_diagram(d);
  if (l.segments.empty())
    return "";
  const Glyphs &g = charset == Charset::Unicode ? kUnicode : kAscii;
  constexpr int kMargin = 2;
  Canvas c(kMargin + l.width + 1);
  auto left = [&](size_t i) { return kMargin + l.segments[i].x; };
  auto right = [&](size_t i) { return kMargin + l.segments[i].x + l.segments[i].width - 1; };

  // The access, and an arrow from its middle down to the bytes.
  const int mid = (left(l.access.a) + right(l.access.b)) / 2;
  c.box(g, left(l.access.a), right(l.access.b), 0, 2, {d.access_text()}, mid);
  c.put(3, mid, g.v);
  c.put(4, mid, g.arrow);
  // The buffer, and what lies before or after it.
  int row = 5;
  const int lines = static_cast<int>(l.box_lines);
  for (const auto &box : l.boxes)
    c.box(g, left(box.run.a), right(box.run.b), row, row + lines + 1, box.lines);
  row += lines + 2;
  // Byte offsets at the boundaries.
  if (!l.offsets.empty()) {
    for (size_t i = 0; i < l.segments.size(); ++i)
      c.text(row, left(i), l.offsets[i]);
    c.text(row, right(l.segments.size() - 1) + 1 - cells(l.offsets.back()), l.offsets.back());
    ++row;
  }
  // Braces, each with its size under it.
  for (const auto &brace : l.braces) {
    const int x0 = left(brace.run.a), x1 = right(brace.run.b), at = (x0 + x1) / 2;
    for (int x = x0 + 1; x < x1; ++x)
      c.put(row, x, x == at ? g.tee_down : g.h);
    c.put(row, x0, g.brace_l);
    c.put(row, x1, g.brace_r);
    c.text(row + 1, std::max(x0, at - cells(brace.label) / 2), brace.label);
  }
  return c.str();
}

} // namespace pathwise
