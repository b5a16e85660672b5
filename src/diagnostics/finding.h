// Findings: what a checker reports, as plain data, with its numbered path.
// SPDX-License-Identifier: GPL-3.0-or-later
//
// Texts use GCC's diagnostic markup: %< and %> around quoted code, %% for a
// literal percent sign. The GCC edge passes them to GCC's formatter; tests and
// other writers turn them into plain text with plain_text().
#pragma once

#include <cstdint>
#include <memory>
#include <string>
#include <vector>

#include "diagnostics/diagram.h"
#include "ir/ir.h"

namespace pathwise {

// What a path's event is, as SARIF's threadFlowLocation kinds (and GCC 13+)
// name it: a call, the entry to a function, a return from one, a branch
// taken, or the problem itself (danger). None: a change of state, told in
// words.
enum class EventMeaning : uint8_t { None, Call, Enter, Return, Branch, Danger };

// SARIF's kinds of a meaning, as GCC writes them: the verb, and
// "function" for calls, entries and returns (["call", "function"]); none
// for None.
std::vector<const char *> sarif_kinds(EventMeaning m);

// One numbered step of a path. Example: {loc 5:3, "first %<free%> here"}.
struct PathEvent {
  ir::Loc loc;
  uint32_t function = 0; // index into Module::functions
  int depth = 1;         // stack depth, 1 = the analysed function
  std::string text;
  EventMeaning meaning = EventMeaning::None;
};

// One problem. Example: warning "double-free", cwe 415,
// message "double-%<free%> of %<p%>", with three events.
struct Finding {
  std::string warning;
  int cwe = 0;
  std::string rule; // a coding-standard rule ("POS34-C"), if the warning has one
  std::string message;
  ir::Loc loc;
  uint32_t function = 0;
  std::vector<PathEvent> events;
  std::vector<PathEvent> notes; // after the warning, outside the path
  bool is_note = false;         // a note (introspection), not a warning
  std::shared_ptr<const AccessDiagram> diagram; // out-of-bounds: the picture of the access
};

// Keeps one finding per warning, place and message: the one with the
// shortest path (the first of equals). Analyses from different entry
// functions can find the same problem in a function they both call.
void deduplicate(std::vector<Finding> &findings);

// "%<p%> leaks" -> "'p' leaks"; "%%" -> "%".
std::string plain_text(const std::string &markup);

// Quotes an expression for a message: "p" -> "%<p%>"; "" -> "%<<unknown>%>".
std::string quote_expr(const std::string &expr);

// Renders a finding as lines of plain text ("file:line:col: warning: ...",
// then "  (N) text" per event), for tests and for verbose output.
std::string format_finding(const ir::Module &m, const Finding &f);

} // namespace pathwise
