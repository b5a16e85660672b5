// The picture of an out-of-bounds access as SVG, for the HTML report: the
// text form's layout, one character cell kCell pixels wide.
// SPDX-License-Identifier: GPL-3.0-or-later
#include <algorithm>

#include "diagnostics/diagram.h"

namespace pathwise {

namespace {

constexpr int kCell = 8, kMargin = 20;

std::string num(int v) { return std::to_string(v); }

std::string rect(const std::string &cls, int x, int y, int w, int h, const std::string &style) {
  return "<rect class=\"" + cls + "\" x=\"" + num(x) + "\" y=\"" + num(y) + "\" width=\"" + num(w) + "\" height=\"" +
         num(h) + "\" style=\"" + style + "\"/>";
}

std::string text(const std::string &cls, int x, int y, const std::string &s, const std::string &style = "") {
  return "<text class=\"" + cls + "\" x=\"" + num(x) + "\" y=\"" + num(y) + "\" text-anchor=\"middle\"" +
         (style.empty() ? "" : " style=\"" + style + "\"") + ">" + markup_escape(s) + "</text>";
}

} // namespace

std::string markup_escape(const std::string &text) {
  std::string out;
  for (char c : text) {
    switch (c) {
    case '&': out += "&amp;"; break;
    case '<': out += "&lt;"; break;
    case '>': out += "&gt;"; break;
    case '"': out += "&quot;"; break;
    case '\'': out += "&#39;"; break;
    default: out += c;
    }
  }
  return out;
}

std::string render_svg(const AccessDiagram &d) {
  const DiagramLayout l = layout_diagram(d);
  if (l.segments.empty())
    return "";
  using Part = DiagramLayout::Part;
  auto left = [&](size_t i) { return kMargin + l.segments[i].x * kCell; };
  auto right = [&](size_t i) { return kMargin + (l.segments[i].x + l.segments[i].width) * kCell; };
  std::string body;
  // The access, with an arrow down to its bytes.
  const int ax0 = left(l.access.a) + 2, ax1 = right(l.access.b) - 2, amid = (ax0 + ax1) / 2;
  body += rect("access", ax0, 6, ax1 - ax0, 26, "fill:#fff3e0;stroke:#e65100");
  body += text("access-label", amid, 24, d.access_text());
  body += "<line x1=\"" + num(amid) + "\" y1=\"32\" x2=\"" + num(amid) +
          "\" y2=\"50\" style=\"stroke:#e65100;stroke-width:2\"/><polygon points=\"" + num(amid - 6) + ",48 " +
          num(amid + 6) + ",48 " + num(amid) + ",58\" style=\"fill:#e65100\"/>";
  // Under the boxes: the accessed bytes, inside the buffer a darker blue,
  // outside it red.
  const int lines = static_cast<int>(l.box_lines);
  const int by = 60, bh = lines * 18 + 12;
  for (size_t i = 0; i < l.segments.size(); ++i) {
    const auto &s = l.segments[i];
    const bool inside = s.part == Part::Inside;
    if (inside)
      body += rect(s.accessed ? "buffer accessed" : "buffer", left(i), by, right(i) - left(i), bh,
                   s.accessed ? "fill:#90caf9;stroke:none" : "fill:#e3f2fd;stroke:none");
    else if (s.accessed)
      body += rect("outside accessed", left(i), by, right(i) - left(i), bh, "fill:#e53935;stroke:none");
  }
  // The boxes' outlines and texts.
  for (const auto &box : l.boxes) {
    const int x0 = left(box.run.a), x1 = right(box.run.b);
    const bool inside = box.part == Part::Inside;
    body += rect(inside ? "box" : "box outside-box", x0, by, x1 - x0, bh,
                 inside ? "fill:none;stroke:#1565c0;stroke-width:1.5"
                        : "fill:none;stroke:#757575;stroke-width:1.5;stroke-dasharray:4 3");
    const int top = by + 6 + ((lines - static_cast<int>(box.lines.size())) * 18) / 2;
    for (size_t k = 0; k < box.lines.size(); ++k)
      body += text("box-label", (x0 + x1) / 2, top + 13 + static_cast<int>(k) * 18, box.lines[k]);
  }
  int y = by + bh;
  // Byte offsets, at ticks on the boundaries.
  if (!l.offsets.empty()) {
    for (size_t i = 0; i <= l.segments.size(); ++i) {
      const int x = i < l.segments.size() ? left(i) : right(i - 1);
      body += "<line x1=\"" + num(x) + "\" y1=\"" + num(y) + "\" x2=\"" + num(x) + "\" y2=\"" + num(y + 5) +
              "\" style=\"stroke:#424242\"/>";
      body += text("offset", x, y + 17, l.offsets[i], "font-size:11px;fill:#424242");
    }
    y += 20;
  }
  // Braces and their sizes; the bytes outside in red.
  for (const auto &brace : l.braces) {
    const int x0 = left(brace.run.a) + 3, x1 = right(brace.run.b) - 3, mid = (x0 + x1) / 2;
    const std::string colour = brace.outside ? "#c62828" : "#1565c0";
    body += "<path class=\"brace\" d=\"M" + num(x0) + " " + num(y + 4) + " q0 6 6 6 H" + num(mid - 6) + " q6 0 6 6 q0 -6 6 -6 H" +
            num(x1 - 6) + " q6 0 6 -6\" style=\"fill:none;stroke:" + colour + ";stroke-width:1.5\"/>";
    body += text(brace.outside ? "size outside-size" : "size", mid, y + 32, brace.label,
                 "fill:" + colour + (brace.outside ? ";font-weight:bold" : ""));
  }
  const int width = 2 * kMargin + l.width * kCell, height = y + 42;
  return "<svg xmlns=\"http://www.w3.org/2000/svg\" class=\"access-diagram\" width=\"" + num(width) + "\" height=\"" +
         num(height) + "\" viewBox=\"0 0 " + num(width) + " " + num(height) +
         "\" role=\"img\" style=\"font-family:monospace;font-size:13px\"><title>" +
         markup_escape(d.access_text() + " outside " + d.buffer_text()) + "</title>" + body + "</svg>";
}

} // namespace pathwise
