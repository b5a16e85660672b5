// The picture of an out-of-bounds access: the buffer, the bytes the access
// touches and those of them outside the buffer, as plain data; its layout,
// shared by the text form (for terminals) and the SVG form (for the HTML
// report).
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <cstdint>
#include <string>
#include <vector>

namespace pathwise {

// Example: `int32_t arr[10]; arr[10] = x;` is {write, "stack", "arr",
// "int32_t[10]", capacity 40, element 4, start 40, size 4}.
struct AccessDiagram {
  bool write = false;
  std::string memory; // where the buffer lives: "stack", "heap", "global", "string literal", or ""
  std::string buffer; // its name, empty for an allocation
  std::string type;   // its declared type, if known ("int32_t[10]")
  int64_t capacity = 0;      // in bytes (when capacity_text is empty)
  std::string capacity_text; // a capacity known only as an expression ("n * 4"): start then counts from the end
  int64_t element = 0;       // bytes per element, for subscripts; 0 = not an array of them
  int64_t start = 0;         // the first byte accessed
  int64_t size = 0;          // how many bytes are accessed (> 0)

  bool symbolic() const { return !capacity_text.empty(); }
  // Sane enough to draw: an access of some bytes of which some are outside.
  bool drawable() const;
  // "write of 4 bytes", "read of 13 bytes".
  std::string access_text() const;
  // "overflow of 4 bytes", "under-read of 1 byte", ...: the bytes outside.
  std::string outside_text(bool after) const;
  // Its first text line: "'arr' (type: 'int32_t[10]')", "buffer on the heap".
  std::string buffer_text() const;
  // Its subscripts: "[0] ... [9]", "" when not an array.
  std::string subscripts_text() const;
  // "capacity: 40 bytes", "capacity: 'n * 4' bytes".
  std::string capacity_label() const;
};

// The horizontal layout: the byte ranges the picture shows, left to right,
// each with its width in character cells.
struct DiagramLayout {
  enum class Part { Before, Inside, After };
  struct Segment {
    int64_t from, to; // bytes [from, to); for a symbolic capacity, counted from a stand-in end
    Part part;
    bool accessed;
    int width = 0;
    int x = 0; // first cell
  };
  std::vector<Segment> segments;
  // Runs of segments [a, b] and what is drawn over or under them.
  struct Run {
    size_t a, b;
  };
  struct Box {
    Run run;
    Part part;
    std::vector<std::string> lines; // centred
  };
  struct Brace {
    Run run;
    bool outside; // the bytes outside the buffer (drawn red in SVG)
    std::string label;
  };
  std::vector<Box> boxes; // the buffer, and what is before or after it
  size_t box_lines = 1;   // text lines in the fullest box (all are drawn as tall)
  Run access{0, 0};       // the bytes accessed
  std::vector<Brace> braces;
  // Byte offsets written under each boundary (segments.size() + 1 of
  // them; empty when the capacity is symbolic).
  std::vector<std::string> offsets;
  int width = 0; // all segments
};

DiagramLayout layout_diagram(const AccessDiagram &d);

enum class Charset { Ascii, Unicode };

// The picture as lines of text (each ending in '\n').
std::string render_text(const AccessDiagram &d, Charset charset);

// Text made safe inside XML or HTML: & < > " ' as entities.
std::string markup_escape(const std::string &text);

// The picture as a standalone <svg> element: the buffer, the access above
// it, the bytes outside in red, sizes and offsets labelled.
std::string render_svg(const AccessDiagram &d);

} // namespace pathwise
