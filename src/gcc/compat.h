// What differs between the GCC versions pathwise builds for (11 to 16),
// in one place: the rest of src/gcc/ is written once, against these.
// Include after gcc-includes.h.
// SPDX-License-Identifier: GPL-3.0-or-later
//
// BUILDING_GCC_MAJOR is the GCC whose plugin headers the build uses
// (cmake -DPATHWISE_GCC=gcc-N); the plugin only loads into that GCC.
#pragma once

#include <memory>
#include <string>
#include <vector>

#include "bversion.h"
#include "diagnostics/finding.h"
#if BUILDING_GCC_MAJOR >= 13 && BUILDING_GCC_MAJOR <= 15
#include "tree-logical-location.h"
#endif

#define PATHWISE_GCC_MAJOR BUILDING_GCC_MAJOR

#if PATHWISE_GCC_MAJOR < 11 || PATHWISE_GCC_MAJOR > 16
#error "pathwise builds for GCC 11 to 16"
#endif

namespace pathwise::plugin::compat {

// -fdiagnostics-plain-output, as GCC expands it: no caret and no line
// numbers.
inline bool source_printing_off() {
#if PATHWISE_GCC_MAJOR >= 16
  const auto &sp = global_dc->get_source_printing_options();
  return !sp.enabled && !sp.show_line_numbers_p;
#elif PATHWISE_GCC_MAJOR >= 14
  return !global_dc->m_source_printing.enabled && !global_dc->m_source_printing.show_line_numbers_p;
#else
  return !global_dc->show_caret && !global_dc->show_line_numbers_p;
#endif
}

// Whether GCC prints a warning's CWE (-fno-diagnostics-show-cwe), and
// turning that off for a while.
inline bool cwe_shown() { return flag_diagnostics_show_cwe; }
inline void show_cwe(bool on) {
#if PATHWISE_GCC_MAJOR >= 14
  global_dc->set_show_cwe(on);
#else
  global_dc->show_cwe = on;
#endif
}

// Whether warnings are off (-w), and turning them off for a while.
inline bool warnings_off() {
#if PATHWISE_GCC_MAJOR >= 14
  return global_dc->m_inhibit_warnings;
#else
  return global_dc->dc_inhibit_warnings;
#endif
}
inline void set_warnings_off(bool on) {
#if PATHWISE_GCC_MAJOR >= 14
  global_dc->m_inhibit_warnings = on;
#else
  global_dc->dc_inhibit_warnings = on;
#endif
}

// -Wsystem-headers, and turning it on for a while.
inline bool system_header_warnings() {
#if PATHWISE_GCC_MAJOR >= 14
  return global_dc->m_warn_system_headers;
#else
  return global_dc->dc_warn_system_headers;
#endif
}
inline void set_system_header_warnings(bool on) {
#if PATHWISE_GCC_MAJOR >= 14
  global_dc->m_warn_system_headers = on;
#else
  global_dc->dc_warn_system_headers = on;
#endif
}

// Where GCC's text diagnostics go (a picture is printed there after its
// warning). (GCC 15 hides its printer: text goes to stderr.)
inline FILE *diagnostic_stream() {
#if PATHWISE_GCC_MAJOR >= 15
  return stderr;
#else
  FILE *out = global_dc->printer->buffer->stream;
  return out ? out : stderr;
#endif
}

// -ftrivial-auto-var-init's marker call (GCC 12 on).
inline bool is_deferred_init(const gcall *stmt) {
#if PATHWISE_GCC_MAJOR >= 12
  return gimple_call_internal_p(stmt) && gimple_call_internal_fn(stmt) == IFN_DEFERRED_INIT;
#else
  (void)stmt;
  return false;
#endif
}

// GCC 16 moved the diagnostics into a namespace of their own.
#if PATHWISE_GCC_MAJOR >= 16
using event_base = diagnostics::paths::event;
using path_base = diagnostics::paths::path;
using thread_base = diagnostics::paths::thread;
using thread_id = diagnostics::paths::thread_id_t;
using metadata = diagnostics::metadata;
#else
using event_base = diagnostic_event;
using path_base = diagnostic_path;
using metadata = diagnostic_metadata;
#if PATHWISE_GCC_MAJOR >= 14
using thread_base = diagnostic_thread;
using thread_id = diagnostic_thread_id_t;
#endif
#endif

// The coding-standard rule a warning enforces ("POS34-C"), in its
// metadata (GCC 13 on: printed after the CWE, and in SARIF). Before GCC 13
// there is nowhere to put it: report.cc writes it into the text of a
// warning that has no GCC option of its own.
class Rule {
public:
#if PATHWISE_GCC_MAJOR >= 13
  Rule(metadata &meta, const char *name) : m_rule(name, nullptr) {
    if (*name)
      meta.add_rule(m_rule);
  }

private:
  metadata::precanned_rule m_rule;
#else
  Rule(metadata &, const char *) {}
#endif
};

// One event of a path, as GCC's path printer asks for it. Later GCCs ask
// more: a logical location (GCC 13 on, naming the event's function in
// SARIF; from GCC 15 the path printer's only way to know it), what the
// event means (SARIF's kinds), its thread (GCC 14 on: there is one),
// whether to draw a line to the next (GCC 15), and the description printed
// into GCC's pretty-printer (GCC 15) rather than returned; GCC 16 names the
// function through the path's logical-location manager.
class Event final : public event_base {
public:
  Event(location_t loc, tree fndecl, int depth, std::string text, EventMeaning meaning)
      : m_loc(loc), m_fndecl(fndecl), m_depth(depth), m_text(std::move(text)), m_meaning(meaning)
#if PATHWISE_GCC_MAJOR >= 13 && PATHWISE_GCC_MAJOR <= 15
        ,
        m_logical(fndecl)
#endif
  {
  }
  location_t get_location() const final override { return m_loc; }
  int get_stack_depth() const final override { return m_depth; }
  tree fndecl() const { return m_fndecl; }
#if PATHWISE_GCC_MAJOR >= 15
  void print_desc(pretty_printer &pp) const final override { pp_printf(&pp, m_text.c_str()); }
#if PATHWISE_GCC_MAJOR >= 16
  diagnostics::logical_locations::key get_logical_location() const final override {
    return tree_logical_location_manager::key_from_tree(m_fndecl);
  }
#else
  const logical_location *get_logical_location() const final override { return m_fndecl ? &m_logical : nullptr; }
#endif
  bool connect_to_next_event_p() const final override { return false; }
#else
  tree get_fndecl() const final override { return m_fndecl; }
  label_text get_desc(bool can_colorize) const final override {
    // A pretty_printer of our own: the global one still holds the prefix of
    // the warning being printed.
    pretty_printer pp;
    pp_show_color(&pp) = can_colorize;
    pp_printf(&pp, m_text.c_str());
    return label_text::take(xstrdup(pp_formatted_text(&pp)));
  }
#endif
#if PATHWISE_GCC_MAJOR >= 13 && PATHWISE_GCC_MAJOR < 15
  // (SARIF names each event's function with it.)
  const logical_location *get_logical_location() const final override { return m_fndecl ? &m_logical : nullptr; }
#endif
#if PATHWISE_GCC_MAJOR >= 16
  meaning get_meaning() const final override {
    switch (m_meaning) {
    case EventMeaning::Call: return meaning(verb::call, noun::function);
    case EventMeaning::Enter: return meaning(verb::enter, noun::function);
    case EventMeaning::Return: return meaning(verb::return_, noun::function);
    case EventMeaning::Branch: return meaning(verb::branch);
    case EventMeaning::Danger: return meaning(verb::danger);
    case EventMeaning::None: break;
    }
    return meaning();
  }
#elif PATHWISE_GCC_MAJOR >= 13
  meaning get_meaning() const final override {
    switch (m_meaning) {
    case EventMeaning::Call: return meaning(VERB_call, NOUN_function);
    case EventMeaning::Enter: return meaning(VERB_enter, NOUN_function);
    case EventMeaning::Return: return meaning(VERB_return, NOUN_function);
    case EventMeaning::Branch: return meaning(VERB_branch, PROPERTY_unknown);
    case EventMeaning::Danger: return meaning(VERB_danger, NOUN_unknown);
    case EventMeaning::None: break;
    }
    return meaning();
  }
#endif
#if PATHWISE_GCC_MAJOR >= 14
  thread_id get_thread_id() const final override { return 0; }
#endif

private:
  location_t m_loc;
  tree m_fndecl;
  int m_depth;
  std::string m_text; // GCC markup: %< %> %%
  EventMeaning m_meaning;
#if PATHWISE_GCC_MAJOR >= 13 && PATHWISE_GCC_MAJOR <= 15
  tree_logical_location m_logical;
#endif
};

#if PATHWISE_GCC_MAJOR >= 14
class MainThread final : public thread_base {
public:
  label_text get_name(bool) const final override { return label_text::borrow("main"); }
};
#endif

class Path final : public path_base {
public:
#if PATHWISE_GCC_MAJOR >= 16
  Path() : path_base(m_logical_locations) {}
#endif
  unsigned num_events() const final override { return static_cast<unsigned>(m_events.size()); }
  const event_base &get_event(int idx) const final override { return *m_events[static_cast<size_t>(idx)]; }
  void add(std::unique_ptr<Event> e) { m_events.push_back(std::move(e)); }
#if PATHWISE_GCC_MAJOR >= 14
  unsigned num_threads() const final override { return 1; }
  const thread_base &get_thread(thread_id) const final override { return m_thread; }
#endif
#if PATHWISE_GCC_MAJOR >= 15
  bool same_function_p(int a, int b) const final override {
    return m_events[static_cast<size_t>(a)]->fndecl() == m_events[static_cast<size_t>(b)]->fndecl();
  }
#endif

private:
#if PATHWISE_GCC_MAJOR >= 16
  static inline const tree_logical_location_manager m_logical_locations{};
#endif
  std::vector<std::unique_ptr<Event>> m_events;
#if PATHWISE_GCC_MAJOR >= 14
  MainThread m_thread;
#endif
};

} // namespace pathwise::plugin::compat
