// Paths: a finding's events, from the exploded graph, worded as GCC's
// analyzer words them.
// SPDX-License-Identifier: GPL-3.0-or-later
#include "analysis/analysis.h"

namespace pathwise::detail {

Finding FunctionAnalysis::build(const Pending &p) const {
  // The chain of nodes from the entry to the finding.
  // Walk back from the finding, following the tracked value through the
  // renames made on entry to each node.
  std::vector<std::pair<const RawEvent *, SvalId>> raw; // event, the tracked value's name there
  SvalId v = p.v;
  for (auto it = p.events.rbegin(); it != p.events.rend(); ++it)
    raw.push_back({&*it, v});
  for (int32_t n = p.node; n >= 0; n = m_nodes[n].pred) {
    v = rename_back(m_nodes[n].renames, v);
    const auto &evs = m_nodes[n].events;
    for (auto it = evs.rbegin(); it != evs.rend(); ++it)
      raw.push_back({&*it, v});
  }
  std::reverse(raw.begin(), raw.end());

  // The path's events, with their roles: an event that explains the
  // finding, the structure of calls, or context (branches).
  enum class Role : uint8_t { Context, Relevant, Call, Entry, Return };
  struct Item {
    PathEvent ev;
    Role role;
    bool is_ref; // the event the final text refers back to, "(N)"
  };
  std::vector<Item> items;
  bool started = p.warning == &kDumpPath; // the whole path
  bool origin_found = false;              // a NullOrigin event tells where NULL came from
  bool origin_from_return = false;        // ...and it is a call's return
  if (!p.origin.text.empty()) {
    items.push_back({{p.origin.loc, p.fn, p.depth, p.origin.text}, Role::Relevant, false});
    started = true;
  }
  // Calls open on the path, each with whether an allocation was found
  // NULL inside it; and that for the call last returned from.
  std::vector<bool> failed_inside;
  bool returned_call_failed = false;
  StateId tracked_kind = 0; // the tracked value's state on the way (the finding's checker)
  // The outcome of the call at which the story starts ("when 'pipe'
  // succeeds", then "opened here"): told with it.
  const RawEvent *outcome_before = nullptr;
  for (const auto &[e, tracked] : raw) {
    PathEvent ev{e->loc, e->fn, e->depth, e->text_ref()};
    ev.meaning = e->kind == RawEvent::Kind::Call     ? EventMeaning::Call
                 : e->kind == RawEvent::Kind::Entry  ? EventMeaning::Enter
                 : e->kind == RawEvent::Kind::Return ? EventMeaning::Return
                 : e->kind == RawEvent::Kind::Branch ? EventMeaning::Branch
                                                     : EventMeaning::None;
    if (e->kind == RawEvent::Kind::Outcome && !started) {
      outcome_before = e;
      continue;
    }
    if (e->kind == RawEvent::Kind::StateChange && !started && outcome_before && e->checker == p.checker &&
        e->v == tracked && outcome_before->loc.line == e->loc.line && outcome_before->loc.file == e->loc.file &&
        outcome_before->depth == e->depth)
      items.push_back({{outcome_before->loc, outcome_before->fn, outcome_before->depth, outcome_before->text_ref()},
                       Role::Relevant, false});
    if (e->kind != RawEvent::Kind::Outcome && e->kind != RawEvent::Kind::StateChange)
      outcome_before = nullptr;
    if (e->kind == RawEvent::Kind::Call) {
      failed_inside.push_back(false);
    } else if (e->kind == RawEvent::Kind::Return && !failed_inside.empty()) {
      returned_call_failed = failed_inside.back();
      failed_inside.pop_back();
      if (returned_call_failed && !failed_inside.empty())
        failed_inside.back() = true;
    } else if (e->kind == RawEvent::Kind::StateChange && !failed_inside.empty() &&
               m_checkers[e->checker]->kind_of(e->to) == nullable::Null) {
      failed_inside.back() = true;
    }
    switch (e->kind) {
    case RawEvent::Kind::NullOrigin:
      // The last time this variable was given NULL before the finding; the
      // path is told from there (inside the calls still open).
      // (A NULL a call returned is where the story starts whatever the
      // variables it then passes through.)
      if (e->v != tracked || (e->expr != p.expr && !e->is_return))
        continue;
      // (NULL stored into memory by other code than the dereference's: the
      // same text may name other memory, and a callee's "X->p = NULL" is
      // too often undone by an invariant the engine does not know, like
      // "limbs == 0 only if len == 0".)
      if (e->stored && e->fn != p.fn)
        continue;
      items.erase(std::remove_if(items.begin(), items.end(),
                                 [](const Item &i) { return i.role == Role::Context || i.role == Role::Relevant; }),
                  items.end());
      started = true;
      origin_found = true;
      // A NULL a callee returned after an allocation failed passes the
      // failure on: not a defensive return.
      origin_from_return = e->from_return && !returned_call_failed;
      items.push_back({ev, Role::Relevant, false});
      break;
    case RawEvent::Kind::StateChange: {
      // (The tracked value, or the memory a call filled that it was read
      // from: "fread (&tmp, ...)" before "tmp.i".)
      const bool filled_from = m_svals[tracked].kind == SK::Part && m_svals[tracked].base == e->v;
      if (e->checker != p.checker || (e->v != tracked && !filled_from))
        continue;
      const Checker &ck = *m_checkers[p.checker];
      const StateId from = ck.kind_of(e->from), to = ck.kind_of(e->to);
      // (Then its first state, read from that memory, is told by the call
      // already.)
      if (started && from == 0 && e->expr.empty() && e->text.empty())
        continue;
      tracked_kind = to;
      const char *text = nullptr;
      for (const ChangeText &c : p.warning->changes) {
        if ((c.from == kAnyState || c.from == from) && (c.to == kAnyState || c.to == to)) {
          text = c.text;
          break;
        }
      }
      // (Told in the checker's own words, where it gave them.)
      if (!e->text.empty())
        text = e->text.c_str();
      if (!text)
        continue;
      started = true;
      ev.text = format_text(text, e->expr, 0, 0, p.detail, p.detail2);
      const bool is_ref = to == p.warning->ref_state;
      if (is_ref)
        for (Item &i : items)
          i.is_ref = false;
      items.push_back({ev, Role::Relevant, is_ref});
      break;
    }
    case RawEvent::Kind::Call:
      // Handing on a pointer already released: said as GCC says it.
      if (tracked_kind && tracked_kind == p.warning->ref_state && p.warning->passing)
        for (const auto &[v, text] : e->args)
          if (v == tracked && !text.empty()) {
            ev.text = format_text(p.warning->passing, text, 0) + " in call to " +
                      quote_expr(m_module.function_name(m_module.functions[e->callee])) + " from " +
                      quote_expr(m_module.function_name(m_module.functions[e->fn]));
            break;
          }
      items.push_back({ev, Role::Call, false});
      break;
    case RawEvent::Kind::Marker:
      // (What the engine did to the object an engine warning is about; the
      // last one is what its final text refers back to.)
      if (p.v && e->v == p.v && p.warning->ref_state == kAnyState) {
        for (Item &i : items)
          i.is_ref = false;
        started = true;
        items.push_back({ev, Role::Relevant, true});
      }
      break;
    case RawEvent::Kind::Entry: items.push_back({ev, Role::Entry, false}); break;
    case RawEvent::Kind::Return: items.push_back({ev, Role::Return, false}); break;
    default:
      if (started)
        items.push_back({ev, Role::Context, false});
      break;
    }
  }
  if (!p.last_event.text.empty())
    items.push_back({{p.last_event.loc, p.fn, p.depth, p.last_event.text}, Role::Relevant, false});
  items.push_back({{p.loc, p.fn, p.depth, ""}, Role::Relevant, false});
  // A call in which nothing relevant happened is left out, from the call to
  // the return.
  std::vector<bool> keep(items.size(), true);
  std::vector<std::pair<size_t, bool>> open; // call item, something relevant inside
  for (size_t i = 0; i < items.size(); ++i) {
    if (items[i].role == Role::Call) {
      open.push_back({i, false});
    } else if (items[i].role == Role::Return && !open.empty()) {
      auto [call, relevant] = open.back();
      open.pop_back();
      if (!relevant)
        std::fill(keep.begin() + static_cast<std::ptrdiff_t>(call), keep.begin() + static_cast<std::ptrdiff_t>(i) + 1,
                  false);
      else if (!open.empty())
        open.back().second = true;
    } else if (items[i].role == Role::Relevant && !open.empty()) {
      open.back().second = true;
    }
  }

  // The NULL constant itself, where it may come from a call the path steps
  // over (a callee stored it): not reported, since the reader could not
  // check it (and it is too often an invariant the engine does not know,
  // like "limbs == 0 only if len == 0").
  const bool call_left_out = std::any_of(raw.begin(), raw.end(), [](const auto &e) {
    return e.first->kind == RawEvent::Kind::Call;
  }) && std::find(keep.begin(), keep.end(), false) != keep.end();
  // Nor is a NULL a called function returned (as Clang's analyzer does by
  // default): such a return is most often a defensive one the caller
  // knows it never takes.
  if (((!origin_found && call_left_out) || origin_from_return) && m_svals[p.v].kind == SK::Const &&
      m_svals[p.v].a == 0 &&
      (std::string_view(p.warning->name) == "null-dereference" || std::string_view(p.warning->name) == "null-argument"))
    return {};

  Finding f;
  f.warning = p.warning->name;
  f.cwe = p.warning->cwe;
  if (p.warning->rule)
    f.rule = p.warning->rule;
  f.message = format_text(p.warning->message, p.expr, 0, p.arg, p.detail, p.detail2);
  f.loc = p.loc;
  f.function = p.fn;
  int ref = 0;
  bool crosses = false;
  for (size_t i = 0; i < items.size(); ++i) {
    if (!keep[i])
      continue;
    crosses = crosses || items[i].ev.depth > 1;
    f.events.push_back(items[i].ev);
  }
  // A path through calls starts with the analysed function's entry.
  if (crosses)
    f.events.insert(f.events.begin(), {m_module.functions[m_entry].loc, m_entry, 1,
                                       "entry to " + quote_expr(m_module.function_name(m_module.functions[m_entry])),
                                       EventMeaning::Enter});
  for (size_t i = 0, n = crosses ? 1 : 0; i < items.size(); ++i) {
    if (!keep[i])
      continue;
    ++n;
    if (items[i].is_ref)
      ref = static_cast<int>(n);
  }
  const char *final_tmpl = ref ? p.warning->final_text : p.warning->final_text_no_ref;
  f.events.back().text = format_text(final_tmpl, p.expr, ref, p.arg, p.detail, p.detail2);
  f.events.back().meaning = EventMeaning::Danger;
  if (!p.note.text.empty())
    f.notes.push_back({p.note.loc, p.fn, 1, p.note.text});
  for (const Origin &n : p.more_notes)
    f.notes.push_back({n.loc, p.fn, 1, n.text});
  f.diagram = p.diagram;
  return f;
}

} // namespace pathwise::detail
