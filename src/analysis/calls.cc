// Calls: the C library's models (realloc, buffers returned through an
// argument, what unknown functions do with their arguments), and stepping
// into functions with a body and back.
// SPDX-License-Identifier: GPL-3.0-or-later
#include "analysis/analysis.h"

#include <cstdlib>
#include <cstring>
#include <limits>

namespace pathwise::detail {

// realloc (p, n), p not known NULL: it fails (NULL; p unchanged), succeeds
// without moving (returns p), or succeeds moving (p freed; a new
// allocation). This state takes the failure; the two successes are forks.
// Checkers see the moves as the calls they amount to (free, malloc).
SvalId FunctionAnalysis::model_realloc(State &s, const Instruction &in, uint32_t uid, const Loc &loc,
                                       CallEvent &call) {
  const SvalId p = call.args[0];
  const SvalId null = m_svals.get(SK::Const, 0);
  static const std::string kNoText;
  const std::string &result_text = call.result_text ? *call.result_text : kNoText;
  std::vector<RawEvent> *primary = m_cur_events;
  auto each_checker = [&](State &st, auto &&fn) {
    for (size_t c = 0; c < m_checkers.size(); ++c) {
      Context ctx(*this, st, static_cast<uint8_t>(c), loc);
      fn(*m_checkers[c], ctx);
    }
  };
  each_checker(s, [&](Checker &ck, Context &ctx) { ck.on_realloc(ctx, p, call.arg_text(0)); });
  // Succeeds without moving the buffer.
  {
    Fork f{s, *primary};
    m_cur_events = &f.events;
    if (assume(f.state, p, OpName::Ne, null)) {
      each_checker(f.state, [&](Checker &ck, Context &ctx) { ck.on_null_split(ctx, p, false, call.arg_text(0)); });
      f.events.push_back(outcome(loc, "when %<realloc%> succeeds, without moving buffer"));
      set_extent(f.state, root_of(p), call.args[1]);
      if (in.result)
        f.state.bind(in.result, p);
      m_forks.push_back(std::move(f));
      ++m_forks_made;
    }
  }
  // Succeeds, moving the buffer: the old one is freed, a new one made.
  {
    Fork f{s, *primary};
    m_cur_events = &f.events;
    SvalId moved = conjure(f.state, uid);
    CallEvent as_free = call;
    as_free.callee = "free";
    as_free.dealloc_name = "realloc";
    as_free.args = {p};
    as_free.result = 0;
    CallEvent as_malloc = call;
    as_malloc.callee = "malloc";
    as_malloc.args = {call.args[1]};
    as_malloc.arg_texts = call.arg_texts + 1;
    as_malloc.result = moved;
    as_malloc.result_text = &result_text;
    as_malloc.nonnull.clear();
    each_checker(f.state, [&](Checker &ck, Context &ctx) {
      ck.on_call(ctx, as_free);
      ck.on_call(ctx, as_malloc);
    });
    // What the old buffer held moves with it (realloc copies it): pointers
    // stored there are still held.
    const std::string from = pointee_key(p);
    if (!from.empty() && from[0] == 'S') {
      const std::string to = "S" + std::to_string(moved);
      // (Not what lies beyond a smaller new size: an element or byte at
      // or past it.)
      int64_t size = INT64_MAX;
      known_value(f.state, call.args[1], size);
      auto beyond = [&](const std::string &rest) {
        if (rest.empty() || size == INT64_MAX)
          return false;
        const int64_t at = std::strtoll(rest.c_str() + 1, nullptr, 10);
        return (rest[0] == '[' || rest[0] == '+' || rest[0] == '.') && at >= size;
      };
      std::vector<std::pair<std::string, SvalId>> contents;
      for (const auto &m : f.state.memory)
        if (key_within(rk(m.first), from) && !beyond(rk(m.first).substr(from.size())))
          contents.push_back({to + rk(m.first).substr(from.size()), m.second});
      // (p[1], "S5+8", is in the buffer too: every key under it goes.)
      f.state.memory.erase(std::remove_if(f.state.memory.begin(), f.state.memory.end(),
                                          [&](const auto &m) { return key_within(rk(m.first), from); }),
                           f.state.memory.end());
      for (const auto &c : contents)
        write_memory(f.state, c.first, c.second);
    }
    // A moved buffer is somewhere else.
    if (assume(f.state, moved, OpName::Ne, null) && assume(f.state, moved, OpName::Ne, p)) {
      each_checker(f.state, [&](Checker &ck, Context &ctx) { ck.on_null_split(ctx, moved, false, result_text); });
      f.events.push_back(outcome(loc, "when %<realloc%> succeeds, moving buffer"));
      set_extent(f.state, root_of(p), 0); // (freed)
      set_extent(f.state, moved, call.args[1]);
      if (in.result)
        f.state.bind(in.result, moved);
      else // the new buffer is lost as the statement ends
        forget(f.state, {{moved, ""}}, {}, m_after_call);
      m_forks.push_back(std::move(f));
      ++m_forks_made;
    }
  }
  // Fails: NULL, and p is still the caller's. (Where the NULL a later
  // dereference of the result finds comes from.)
  m_cur_events = primary;
  primary->push_back(outcome(loc, "when %<realloc%> fails"));
  if (in.result) { // (told in its place for a finding about the NULL)
    RawEvent origin = outcome(loc, "when %<realloc%> fails");
    origin.kind = RawEvent::Kind::NullOrigin;
    origin.v = null;
    origin.expr = result_text;
    origin.is_return = true;
    primary->push_back(std::move(origin));
  }
  return null;
}

// Stores a fresh heap buffer buf (not NULL) at key, as an allocation by
// call named text.
void FunctionAnalysis::allocate_into(State &s, const std::string &key, SvalId buf, const std::string &text,
                                     const Loc &loc, const CallEvent &call) {
  CallEvent as_malloc = call;
  as_malloc.callee = "malloc";
  as_malloc.args.clear();
  as_malloc.nonnull.clear();
  as_malloc.deallocators = nullptr;
  as_malloc.declared_dealloc_arg = -1;
  as_malloc.returns_fresh = true;
  as_malloc.result = buf;
  as_malloc.result_text = &text;
  for (size_t c = 0; c < m_checkers.size(); ++c) {
    Context ctx(*this, s, static_cast<uint8_t>(c), loc);
    m_checkers[c]->on_call(ctx, as_malloc);
  }
  // Not NULL, without an "assuming" event: the call said so.
  std::vector<RawEvent> *events = m_cur_events, quiet;
  m_cur_events = &quiet;
  for (size_t c = 0; c < m_checkers.size(); ++c) {
    Context ctx(*this, s, static_cast<uint8_t>(c), loc);
    m_checkers[c]->on_null_split(ctx, buf, false, text);
  }
  m_cur_events = events;
  assume(s, buf, OpName::Ne, m_svals.get(SK::Const, 0));
  write_memory(s, key, buf);
}

// getline and getdelim, given a pointer to NULL, store a heap buffer there
// (kept by later calls, and to be freed even when they fail); asprintf and
// vasprintf store one when they succeed (a result >= 0) and leave it
// undefined when they fail (-1).
void FunctionAnalysis::model_out_buffer(State &s, const Instruction &in, uint32_t uid, const Loc &loc,
                                        const CallEvent &call) {
  const bool line = libc::allocates_line(call.callee);
  const bool print = libc::allocates_printed(call.callee);
  if ((!line && !print) || call.args.empty())
    return;
  const std::string key = pointee_key(call.args[0]);
  if (key.empty())
    return;
  const std::string arg = call.arg_text(0);
  const std::string text = arg.empty() ? "" : arg[0] == '&' ? arg.substr(1) : "*" + arg;
  const SvalId null = m_svals.get(SK::Const, 0);
  if (in.result && call.result)
    s.bind(in.result, call.result); // the buffer is another value
  if (line) {
    const SvalId old = read_memory(s, key);
    if (old && compare(s, old, OpName::Eq, null) == Tri::True)
      allocate_into(s, key, conjure(s, uid), text, loc, call);
    return;
  }
  if (!call.result || m_forks_made >= m_opts.max_forks) {
    allocate_into(s, key, conjure(s, uid), text, loc, call);
    return;
  }
  Fork failed{s, *m_cur_events};
  if (assume(failed.state, call.result, OpName::Eq, m_svals.get(SK::Const, -1))) {
    failed.events.push_back(outcome(loc, "when the call fails"));
    m_forks.push_back(std::move(failed));
    ++m_forks_made;
  }
  if (assume(s, call.result, OpName::Ge, null))
    allocate_into(s, key, conjure(s, uid), text, loc, call);
}

void FunctionAnalysis::fork_descriptor_pair(State &s, const Instruction &in, uint32_t uid, const Loc &loc,
                                            CallEvent &call) {
  const int k = libc::descriptor_pair_argument(call.callee);
  if (k < 0 || static_cast<size_t>(k) >= call.args.size() || pointee_key(call.args[static_cast<size_t>(k)]).empty())
    return;
  const auto arg = static_cast<size_t>(k);
  const std::string what = "when %<" + std::string(call.callee) + "%> ";
  const SvalId zero = m_svals.get(SK::Const, 0);
  if (m_forks_made < m_opts.max_forks) {
    Fork failed{s, *m_cur_events};
    if (in.result && call.result)
      failed.state.bind(in.result, call.result);
    if (!call.result || assume(failed.state, call.result, OpName::Eq, m_svals.get(SK::Const, -1))) {
      failed.events.push_back(outcome(loc, (what + "fails").c_str()));
      m_forks.push_back(std::move(failed));
      ++m_forks_made;
    }
  }
  if (call.result && !assume(s, call.result, OpName::Eq, zero))
    return;
  m_cur_events->push_back(outcome(loc, (what + "succeeds").c_str()));
  std::string base = call.arg_text(arg);
  if (!base.empty() && base[0] == '&')
    base = base.substr(1);
  int64_t k_next = 0;
  for (int64_t i = 0; i < 2; ++i) {
    // (Fresh values of this step, neither the result nor the other.)
    const SvalId fd = fresh_value(s, uid, call.result, k_next);
    call.stored.push_back({arg, i, fd, base.empty() ? "" : base + "[" + std::to_string(i) + "]"});
    assume(s, fd, OpName::Ge, zero);
  }
}

SvalId FunctionAnalysis::fresh_value(const State &s, uint32_t uid, SvalId unlike, int64_t &k) {
  SvalId v = 0;
  do
    v = m_svals.get(SK::Conjured, uid, k++);
  while (v == unlike || sval_in_use(s, v));
  return v;
}

// errno after a call that failed: some positive error number.
void FunctionAnalysis::set_errno(State &s, uint32_t uid, SvalId result) {
  const int where = m_summary.errno_location;
  if (where < 0)
    return;
  const std::string key = pointee_key(m_svals.get(SK::Pure, where, m_svals.list_id({})));
  if (key.empty())
    return;
  int64_t k = 0;
  const SvalId error = fresh_value(s, uid, result, k);
  write_memory(s, key, error);
  assume(s, error, OpName::Gt, m_svals.get(SK::Const, 0));
}

// A call that returns -1 and sets errno when it fails (bind, socket): the
// failure goes on as an outcome of its own, told "when 'bind' fails", in
// which checkers see the result known to be -1; on this path the call
// succeeds. Given a NULL address, bind and connect can only fail.
void FunctionAnalysis::fork_failure(State &s, const Instruction &in, uint32_t uid, const Loc &loc,
                                    const CallEvent &call) {
  const libc::Success success = libc::fallible_call(call.callee);
  if (!call.result)
    return;
  if (success == libc::Success::None) {
    fork_declared_failure(s, in, loc, call);
    return;
  }
  const SvalId zero = m_svals.get(SK::Const, 0), minus_one = m_svals.get(SK::Const, -1);
  const std::string fails = "when %<" + std::string(call.callee) + "%> fails";
  if (libc::named(call.callee, {"bind", "connect"}) && call.args.size() >= 2 &&
      compare(s, call.args[1], OpName::Eq, zero) == Tri::True) {
    if (assume(s, call.result, OpName::Eq, minus_one)) {
      set_errno(s, uid, call.result);
      m_cur_events->push_back(outcome(loc, fails.c_str()));
    }
    return;
  }
  fork_failed_outcome(s, in, loc, call, OpName::Eq, minus_one, true, uid);
  assume(s, call.result, success == libc::Success::Descriptor ? OpName::Ge : OpName::Eq, zero);
}

// The outcome of a call where it failed, "result op v" ("when 'f'
// fails"), goes on on its own: the checkers see the call there too, and
// errno is set (by instruction uid) when sets_errno.
void FunctionAnalysis::fork_failed_outcome(State &s, const Instruction &in, const Loc &loc, const CallEvent &call,
                                           OpName op, SvalId v, bool sets_errno, uint32_t uid) {
  if (m_forks_made >= m_opts.max_forks)
    return;
  Fork failed{s, *m_cur_events};
  if (!assume(failed.state, call.result, op, v))
    return;
  if (sets_errno)
    set_errno(failed.state, uid, call.result);
  const size_t before = failed.events.size();
  std::vector<RawEvent> *primary = m_cur_events;
  const bool ends = m_path_ends;
  m_cur_events = &failed.events;
  m_path_ends = false;
  for (size_t c = 0; c < m_checkers.size(); ++c) {
    Context ctx(*this, failed.state, static_cast<uint8_t>(c), loc);
    m_checkers[c]->on_call(ctx, call);
  }
  m_cur_events = primary;
  // (Told before what the failure did, but not in what the checkers
  // reported of the call itself: a misuse is the call's, whatever its
  // outcome.)
  const std::string fails = "when %<" + std::string(call.callee) + "%> fails";
  failed.events.insert(failed.events.begin() + static_cast<std::ptrdiff_t>(before), outcome(loc, fails.c_str()));
  if (!m_path_ends) {
    if (in.result)
      failed.state.bind(in.result, call.result);
    m_forks.push_back(std::move(failed));
    ++m_forks_made;
  }
  m_path_ends = ends;
}

// A call a checker declares fallible (a spec's "failure = ..." on a
// handle passed as an argument): its failure is an outcome of its own, in
// which the result passes the failure's test; on this path it does not.
void FunctionAnalysis::fork_declared_failure(State &s, const Instruction &in, const Loc &loc, const CallEvent &call) {
  OpName op = OpName::None;
  int64_t value = 0;
  bool declared = false;
  for (size_t c = 0; c < m_checkers.size() && !declared; ++c)
    declared = m_checkers[c]->failure_of(call.callee, op, value);
  if (!declared || !is_comparison(op))
    return;
  const SvalId v = m_svals.get(SK::Const, value);
  fork_failed_outcome(s, in, loc, call, op, v, false, 0);
  assume(s, call.result, invert_comparison(op), v);
}

// What a C library function reads through a pointer before it writes
// there (accept's address length, in and out) must have been written: a
// local nothing wrote yet is reported.
void FunctionAnalysis::check_read_through(State &s, const CallEvent &call, const Loc &loc) {
  if (s.uninit.empty())
    return;
  for (size_t k = 0; k < call.args.size(); ++k) {
    if (!libc::reads_then_writes(call.callee, k))
      continue;
    if (const Local *l = unwritten_local(s, root_of(call.args[k])))
      report_uninit(s, l->name, l->loc, loc);
  }
}

const Local *FunctionAnalysis::unwritten_local(const State &s, SvalId root) const {
  if (m_svals[root].kind != SK::LocalAddr || !set_contains(s.uninit, root))
    return nullptr;
  const std::string key = pointee_key(root);
  if (key.empty() || read_memory(s, key) || bound_inside(s, key))
    return nullptr;
  const Local *l = local_of(s, static_cast<uint64_t>(m_svals[root].a));
  return l && l->named_by_user() ? l : nullptr;
}

// A stack object nothing has written at all, copied out of the process:
// its bytes are what the stack held before (a secret, a pointer).
// (An object written in part is not judged: which bytes a write covered,
// padding included, is not known here.)
void FunctionAnalysis::check_copy_out(const State &s, const CallEvent &call, const Loc &loc) {
  int buffer = 0, size = 0;
  if (s.uninit.empty() || s.approximate || call.has_body || !libc::copies_out(call.callee, buffer, size) ||
      static_cast<size_t>(size) >= call.args.size())
    return;
  const Local *l = unwritten_local(s, root_of(call.args[static_cast<size_t>(buffer)]));
  // (Copying nothing exposes nothing.)
  int64_t n = -1;
  if (!l || (known_value(s, call.args[static_cast<size_t>(size)], n) && n <= 0))
    return;
  report_region(kExposureThroughUninitCopy, "", loc, {}, std::string(call.callee),
                {l->loc, "region created on stack here"});
}

void FunctionAnalysis::store_call_results(State &s, const CallEvent &call) {
  for (const CallEvent::Stored &st : call.stored) {
    // (An int element, at its byte offset: in a variable, ".0" for the
    // first, not the whole array.)
    const int64_t off = st.element * static_cast<int64_t>(sizeof(int));
    std::string key = pointee_key(call.args[st.arg]);
    if (!key.empty() && key[0] == 'S')
      key = pointee_key(call.args[st.arg], off);
    else if (!key.empty())
      key += "." + std::to_string(off);
    if (key.empty())
      continue;
    write_memory(s, key, st.value);
    if (!st.text.empty())
      m_key_text.emplace(text_key(s, key), st.text);
  }
}

namespace {

// What a function without a body does with a pointer argument, by its
// declaration.
enum class ArgUse {
  Any,       // may keep it, change or release what it points to
  ReadOnly,  // reads what it points to (pointer to const, access read_only)
  Written,   // overwrites what it points to (access write_only, scanf's values)
  Formatted, // only reads it for a format (printf's format and values)
};

ArgUse arg_use(const ir::Symbol &sym, size_t k) {
  const auto n = static_cast<uint32_t>(k);
  if (sym.format != ir::Symbol::Format::None) {
    const bool value = sym.format_first && n >= sym.format_first;
    if (n == sym.format_arg || (value && sym.format == ir::Symbol::Format::Printf))
      return ArgUse::Formatted;
    if (value)
      return ArgUse::Written;
  }
  if (std::find(sym.write_only.begin(), sym.write_only.end(), n) != sym.write_only.end())
    return ArgUse::Written;
  if (std::find(sym.const_pointee.begin(), sym.const_pointee.end(), n) != sym.const_pointee.end())
    return ArgUse::ReadOnly;
  return ArgUse::Any;
}

} // namespace

bool FunctionAnalysis::is_pointer_operand(const Operand &o) const {
  return o.kind == OpKind::Null || o.kind == OpKind::Str || o.kind == OpKind::LocalAddr ||
         o.kind == OpKind::GlobalAddr || (o.is_temp() && fn().temps[o.id].type.is_pointer());
}

SvalId FunctionAnalysis::pure_result(const State &s, const Instruction &in, const CallEvent &call) const {
  const Operand &callee = in.operands[0];
  // (The C library's readers, and the module's functions that read as
  // they do (ModuleSummary::reads_args_only): what they read is only what
  // their arguments point to. A function declared pure may also read
  // globals.)
  if (callee.kind != OpKind::Func || callee.id >= m_module.symbols.size() || call.args.size() + 1 != in.operands.size())
    return 0;
  const Symbol &sym = m_module.symbols[callee.id];
  if (sym.body >= 0 ? !m_summary.reads_args_only[static_cast<size_t>(sym.body)] : !libc::reads_only(sym.name))
    return 0;
  for (size_t k = 0; k < call.args.size(); ++k) {
    const SvalId a = call.args[k];
    if (!is_stable(a))
      return 0;
    if (!is_pointer_operand(in.operands[k + 1]))
      continue;
    const Sval &v = m_svals[a];
    switch (v.kind) {
    case SK::Const:
    case SK::FuncAddr:
    case SK::StrAddr:
      break;
    case SK::GlobalAddr:
      if (static_cast<size_t>(v.a) >= m_summary.stable.size() || !m_summary.stable[static_cast<size_t>(v.a)])
        return 0;
      break;
    case SK::Param:
      // (The function promises not to change what it points to.)
      if (!readonly_param(a) || set_contains(s.escaped, a))
        return 0;
      break;
    default:
      return 0;
    }
  }
  return m_svals.get(SK::Pure, callee.id, m_svals.list_id(call.args));
}

uint64_t FunctionAnalysis::reads_through(const State &s, const Instruction &in, const CallEvent &call,
                                         uint64_t &bounded) {
  bounded = 0;
  if (call.has_body)
    return 0;
  // A printf's or scanf's values: those its format takes as pointers to
  // memory (printf's '%s' and '%n'; every one of scanf's, which stores
  // through them), when the format is known; none when it is not.
  int format = -1, first = -1;
  bool scanf_like = false;
  if (in.operands[0].kind == OpKind::Func && in.operands[0].id < m_module.symbols.size()) {
    const Symbol &sym = m_module.symbols[in.operands[0].id];
    if (sym.format != Symbol::Format::None && sym.format_arg >= 1) {
      format = static_cast<int>(sym.format_arg) - 1;
      first = sym.format_first >= 1 ? static_cast<int>(sym.format_first) - 1 : std::numeric_limits<int>::max();
      scanf_like = sym.format == Symbol::Format::Scanf;
    }
  }
  std::string conversions;
  std::vector<int> widths;
  bool known = false;
  if (format >= 0 && static_cast<size_t>(format) < call.args.size()) {
    std::string text;
    known = known_string(s, call.args[static_cast<size_t>(format)], text) &&
            libc::format_conversions(text, scanf_like, conversions, &widths);
  }
  uint64_t mask = 0;
  for (size_t k = 0; k < call.args.size() && k < 64; ++k) {
    if (!is_pointer_operand(in.operands[k + 1]))
      continue;
    if (format >= 0 && static_cast<int>(k) >= first) {
      const size_t c = k - static_cast<size_t>(first);
      if (!known || c >= conversions.size())
        continue;
      const char conv = conversions[c];
      if (!(conv == 's' || conv == 'n' || conv == 'S' || scanf_like))
        continue;
      // (At most 18 digits: within 64 bits whatever they are.)
      if (scanf_like && std::strchr("diouxX", conv) && widths[c] > 0 && widths[c] <= 18)
        bounded |= uint64_t{1} << k;
    }
    mask |= uint64_t{1} << k;
  }
  return mask;
}

// Returns the call's result value (0 without a result).
SvalId FunctionAnalysis::on_call(State &s, const Instruction &in, uint32_t uid, const Loc &loc) {
  CallEvent call;
  // The function called: named, or a pointer whose target is known.
  Operand callee = in.operands[0];
  if (callee.kind != OpKind::Func) {
    const SvalId target = operand_value(s, callee);
    if (m_svals[target].kind == SK::FuncAddr) {
      callee.kind = OpKind::Func;
      callee.id = static_cast<uint32_t>(m_svals[target].a);
    }
  }
  if (callee.kind == OpKind::Func && callee.id < m_module.symbols.size())
    call.callee = m_module.symbols[callee.id].name;
  else if (!in.targets.empty())
    call.alloc_size = &in.targets; // (a pointer to a function type declared alloc_size)
  for (size_t k = 1; k < in.operands.size(); ++k)
    call.args.push_back(operand_value(s, in.operands[k]));
  call.arg_texts = texts(uid, in).data() + 1;
  call.loc = loc;
  if (callee.kind == OpKind::Func && callee.id < m_module.symbols.size()) {
    const Symbol &sym = m_module.symbols[callee.id];
    call.callee_loc = sym.loc;
    call.declared = &sym;
    call.alloc_size = &sym.alloc_size;
    call.size_args = &sym.size_args;
    if (sym.body < 0 && !sym.sized_buffers.empty())
      call.sized_buffers = &sym.sized_buffers;
    call.has_body = sym.body >= 0;
    call.returns_fresh = sym.is_malloc;
    call.deallocators = &sym.deallocators;
    auto d = m_deallocators.find(sym.name);
    if (d != m_deallocators.end() && d->second >= 1)
      call.declared_dealloc_arg = static_cast<int>(d->second) - 1;
    if (sym.nonnull_all || !sym.nonnull.empty() || !sym.nonnull_if_nonzero.empty()) {
      call.nonnull.assign(call.args.size(), false);
      for (size_t k = 0; k < call.args.size(); ++k) {
        const Operand &o = in.operands[k + 1];
        const bool is_ptr = is_pointer_operand(o);
        // (A literal NULL too: GCC's own -Wnonnull sees only some of them.)
        call.nonnull[k] = is_ptr &&
                          (sym.nonnull_all || std::find(sym.nonnull.begin(), sym.nonnull.end(),
                                                        static_cast<uint32_t>(k + 1)) != sym.nonnull.end());
      }
      // (The C library's mem* functions, whatever their headers say, may
      // be given NULL with a size of 0, as C2y says: not where the path
      // knows the size is 0 ("memcpy (p, src, n)" after "p = malloc (n)"
      // gave NULL only because n was 0), nor where the size is 0 unless
      // code the path cannot see changed it since (a size read again after
      // a call through a function pointer: State::changed).)
      if (sym.nonnull_if_nonzero.empty() && sym.is_library)
        for (const std::vector<uint32_t> &rule : libc::sized_nonnull(sym.name)) {
          if (rule[0] > call.nonnull.size() || rule[1] > call.args.size())
            continue;
          const SvalId size = call.args[rule[1] - 1], zero = m_svals.get(SK::Const, 0);
          if (compare(s, size, OpName::Eq, zero) == Tri::True || needs_change(s, size, OpName::Ne, zero))
            call.nonnull[rule[0] - 1] = false;
        }
      // (Non-null unless a size is 0: when the path knows every size is not.)
      for (const std::vector<uint32_t> &rule : sym.nonnull_if_nonzero) {
        if (rule[0] < 1 || rule[0] > call.args.size() || !is_pointer_operand(in.operands[rule[0]]))
          continue;
        const SvalId zero = m_svals.get(SK::Const, 0);
        bool sized = true;
        for (size_t r = 1; r < rule.size(); ++r)
          sized = sized && rule[r] >= 1 && rule[r] <= call.args.size() &&
                  compare(s, call.args[rule[r] - 1], OpName::Ne, zero) == Tri::True;
        call.nonnull[rule[0] - 1] = call.nonnull[rule[0] - 1] || sized;
      }
    }
  }
  call.reads_through = reads_through(s, in, call, call.bounded_results);
  // A call that may change what the program sees: one given a pointer, or
  // whose result is kept (not a pure one; "marker ()" changes nothing
  // this path reads).
  {
    const Symbol *sym = call.declared;
    const bool pure = sym && (sym->is_pure || sym->is_const || libc::named(call.callee, {"alloca"}) ||
                              call.callee.rfind("__builtin_alloca", 0) == 0);
    if (!pure && (in.result || std::any_of(in.operands.begin() + 1, in.operands.end(),
                                           [&](const Operand &o) { return is_pointer_operand(o); })))
      ++s.effects;
  }
  // A pointer given where the declaration says it must not be NULL (the
  // C library's strlen, strcmp) is as good as dereferenced.
  for (size_t k = 0; k < call.nonnull.size(); ++k)
    if (call.nonnull[k])
      note_deref(s, call.args[k], call.arg_text(k), loc);
  SvalId result = 0;
  // (A result the caller throws away is still made: what checkers track
  // in it is lost at the call, "fopen (path, "r");".)
  static const std::string kNoText;
  SvalId thrown_away = 0;
  if (in.result) {
    result = pure_result(s, in, call);
    if (!result)
      result = conjure(s, uid);
    call.result = result;
    call.result_text = &m_cur->temp_text[in.result];
  } else if (callee.kind == OpKind::Func && callee.id < m_module.symbols.size() &&
             m_module.symbols[callee.id].body < 0 && !m_module.symbols[callee.id].returns_void) {
    thrown_away = conjure(s, uid);
    call.result = thrown_away;
    call.result_unused = true;
    call.result_text = &kNoText;
  }
  // Writing into a string literal or a const variable.
  if (callee.kind == OpKind::Func && callee.id < m_module.symbols.size()) {
    const Symbol &sym = m_module.symbols[callee.id];
    for (size_t k = 0; k < call.args.size(); ++k)
      if (writes_through(&sym, call.callee, k))
        check_writable_root(root_of(call.args[k]), loc);
    // setjmp remembers the frame it was called from; longjmp goes back
    // there, which must still be live.
    if (libc::is_setjmp(call.callee) && !call.args.empty()) {
      const SvalId buf = root_of(call.args[0]);
      s.jmp_bufs.erase(std::remove_if(s.jmp_bufs.begin(), s.jmp_bufs.end(), [&](const auto &j) { return j.first == buf; }),
                       s.jmp_bufs.end());
      s.jmp_bufs.push_back({buf, static_cast<uint32_t>(s.stack.size() + 1)});
      std::sort(s.jmp_bufs.begin(), s.jmp_bufs.end());
    } else if (libc::is_longjmp(call.callee) && !call.args.empty()) {
      const SvalId buf = root_of(call.args[0]);
      for (const auto &j : s.jmp_bufs)
        if (j.first == buf && j.second == 0)
          report_region(kStaleSetjmp, "", loc);
    }
  }
  // (What a string copy leaves in its destination, known before the call
  // forgets what was there.)
  std::string copied_key, copied;
  if (!string_copy_result(s, call, copied_key, copied))
    copied_key.clear();
  if (!check_string_args(s, call, loc))
    check_call_bounds(s, call, loc);
  check_float_size(s, call, loc);
  check_temp_template(s, call, loc);
  // strtok (NULL, delim) before any strtok was given a string: where it
  // continues from is not defined (GCC 14's undefined-behavior-strtok).
  if (callee.kind == OpKind::Func && callee.id < m_module.symbols.size() && m_module.symbols[callee.id].body < 0) {
    if (libc::named(call.callee, {"strtok"}) && !call.args.empty()) {
      if (!s.strtok_started && compare(s, call.args[0], OpName::Eq, m_svals.get(SK::Const, 0)) == Tri::True &&
          !s.approximate)
        report_region(kStrtok, std::string(call.callee), loc,
                      {loc, "some implementations of " + quote_expr(std::string(call.callee)) +
                                " may crash on such input"});
      s.strtok_started = true; // (told once)
    } else if (!(call.declared && (call.declared->is_pure || call.declared->is_const))) {
      s.strtok_started = true; // (code elsewhere may have called it)
    }
  }
  // Atomic loads, stores, exchanges and fetches.
  if (SvalId atomic = 0; model_atomic(s, uid, call, loc, atomic))
    return atomic ? atomic : result;
  // va_start, va_arg, va_copy, va_end.
  if (call.callee.rfind("__builtin_", 0) == 0 && call.callee.find("va_") != std::string_view::npos &&
      model_va_call(s, in, call, loc, result))
    return result;
  // (Before the call counts as writing its arguments: pipe's failure
  // writes nothing.)
  if (callee.kind == OpKind::Func && callee.id < m_module.symbols.size() && m_module.symbols[callee.id].body < 0) {
    fork_descriptor_pair(s, in, uid, loc, call);
    fork_failure(s, in, uid, loc, call);
  }
  // A call may write what it is given a pointer to (fread, memset, init
  // (&x)); reading from it is fine afterwards.
  check_read_through(s, call, loc);
  check_copy_out(s, call, loc);
  if (!s.uninit.empty())
    for (SvalId a : call.args)
      set_erase(s.uninit, root_of(a));
  bool handled = false;
  if ((call.callee == "realloc" || call.callee == "__builtin_realloc") && call.args.size() == 2 &&
      m_forks_made < m_opts.max_forks) {
    if (compare(s, call.args[0], OpName::Eq, m_svals.get(SK::Const, 0)) != Tri::True)
      return model_realloc(s, in, uid, loc, call);
    // realloc (NULL, n) is malloc (n).
    call.callee = "malloc";
    call.args.erase(call.args.begin());
    call.arg_texts += 1;
    call.nonnull.clear();
  }
  // Introspection: what the engine knows of a value, or the path so far.
  if (call.callee == "__analyzer_eval" && call.args.size() == 1) {
    Tri t = compare(s, call.args[0], OpName::Ne, m_svals.get(SK::Const, 0));
    auto &e = m_evals[uid];
    e.first = loc;
    e.second |= static_cast<uint8_t>(1u << static_cast<unsigned>(t));
    return result;
  }
  if (call.callee == "__analyzer_dump_capacity" && call.args.size() == 1) {
    auto &d = m_dump_capacity[uid];
    d.first = loc;
    d.second.insert(capacity_text(s, call.args[0]));
    return result;
  }
  // A named constant of the translation unit (see Module::constants).
  if (call.callee == "__analyzer_dump_named_constant" && call.args.size() == 1 &&
      in.operands[1].kind == OpKind::Str) {
    const std::string name = in.operands[1].str.substr(0, in.operands[1].str.find('\0'));
    int64_t v = 0;
    m_dump_messages[uid] = {loc, m_module.constant(name, v) ? "named constant %<" + name + "%> has value %<" +
                                                                  std::to_string(v) + "%>"
                                                            : "named constant %<" + name + "%> has unknown value"};
    return result;
  }
  if (call.callee == "__analyzer_dump_path") {
    report_region(kDumpPath, "", loc);
    return result;
  }
  if (call.callee == "__analyzer_dump_exploded_nodes") {
    auto &d = m_dump_nodes[uid];
    d.first = loc;
    d.second.insert(s.hash());
    return result;
  }
  // A checker's state of a value: __analyzer_dump_state ("taint", v).
  if (call.callee == "__analyzer_dump_state" && call.args.size() == 2 && in.operands[1].kind == OpKind::Str) {
    std::string name = in.operands[1].str;
    while (!name.empty() && name.back() == '\0')
      name.pop_back();
    for (size_t c = 0; c < m_checkers.size(); ++c)
      if (name == m_checkers[c]->name() || name == m_checkers[c]->introspection_name()) {
        Context ctx(*this, s, static_cast<uint8_t>(c), loc);
        auto &d = m_dump_states[uid];
        d.first = loc;
        d.second.insert(
            m_checkers[c]->describe_state(ctx, call.args[1], map_get<StateId>(s.sm[c], call.args[1], 0)));
      }
    return result;
  }
  // strlen as the engine sees it: the length of a string the path knows.
  std::string known_text;
  if (call.callee == "__analyzer_get_strlen" && in.result && !call.args.empty() &&
      known_string(s, call.args[0], known_text))
    return m_svals.get(SK::Const, static_cast<int64_t>(known_text.size()));
  // Other introspection (GCC's __analyzer_dump_*, __analyzer_describe)
  // looks at values without keeping them.
  if (call.callee.rfind("__analyzer_", 0) == 0)
    return result;
  // Branch-prediction hints return their first argument.
  if ((call.callee == "__builtin_expect" || call.callee == "__builtin_expect_with_probability") &&
      !call.args.empty()) {
    result = call.args[0];
    handled = true;
  } else if ((call.callee == "error" || call.callee == "error_at_line" || call.callee == "__error_alias" ||
              call.callee == "__error_at_line_alias") &&
             !call.args.empty()) {
    // glibc's error() ends the program when its status is not 0: a path
    // that goes on has status == 0. (<error.h> may inline a wrapper that
    // calls __error_alias.)
    SvalId zero = m_svals.get(SK::Const, 0);
    if (!assume(s, call.args[0], OpName::Eq, zero))
      m_path_ends = true;
    for (size_t k = 1; k < call.args.size(); ++k)
      escape_value(s, call.args[k]);
    handled = true;
  } else if (in.result && callee.kind == OpKind::Func && m_module.symbols[callee.id].is_const &&
             std::all_of(call.args.begin(), call.args.end(), [&](SvalId a) { return is_stable(a); })) {
    // A const function's result depends on its arguments only.
    result = m_svals.get(SK::Pure, callee.id, m_svals.list_id(call.args));
    handled = true;
  } else if (!call.callee.empty()) {
    m_fills.clear();
    for (size_t c = 0; c < m_checkers.size(); ++c) {
      Context ctx(*this, s, static_cast<uint8_t>(c), loc);
      handled = m_checkers[c]->on_call(ctx, call) || handled;
    }
    for (Fill &f : m_fills) // the states checkers gave what the call fills
      f.state = map_get<StateId>(s.sm[f.checker], f.blob, 0);
  }
  if (thrown_away && is_tracked(s, thrown_away))
    forget(s, {{thrown_away, ""}}, {}, loc);
  // __attribute__((returns_nonnull)): the result is not NULL (an
  // allocator so declared needs no check). Nor is what a function of the
  // program's own declared only __attribute__((malloc)) returns, when the
  // path does not step into its body (not here, or past the budgets): the
  // attribute promises fresh memory, not that it may give NULL (gnulib's
  // xmalloc dies when memory runs out; the C library's allocators, and
  // those declaring their deallocator, may). Stepped into, its body says.
  // (Also a function here every return of which gives such a result or an
  // address, left opaque: ModuleSummary::returns_nonnull.)
  const Symbol *decl = callee.kind == OpKind::Func && callee.id < m_module.symbols.size()
                           ? &m_module.symbols[callee.id]
                           : nullptr;
  const bool fresh_only = decl && decl->is_malloc && decl->deallocators.empty() && !decl->is_library;
  const bool summarized_nonnull = decl && decl->body >= 0 && m_summary.returns_nonnull[static_cast<size_t>(decl->body)];
  if (result && decl && (decl->returns_nonnull || fresh_only || summarized_nonnull) &&
      m_svals[result].kind == SK::Conjured) {
    for (size_t c = 0; c < m_checkers.size(); ++c) {
      Context ctx(*this, s, static_cast<uint8_t>(c), loc);
      m_checkers[c]->on_null_split(ctx, result, false, *call.result_text);
    }
    assume(s, result, OpName::Ne, m_svals.get(SK::Const, 0));
  }
  // A pure function (and the C library's string readers) keeps nothing
  // it is given; a pure one writes nothing either.
  const bool pure = callee.kind == OpKind::Func && callee.id < m_module.symbols.size() &&
                    (m_module.symbols[callee.id].is_pure || m_module.symbols[callee.id].is_const ||
                     (m_module.symbols[callee.id].body >= 0 &&
                      m_writes_nothing[static_cast<size_t>(m_module.symbols[callee.id].body)]));
  if (!handled && (pure || libc::keeps_no_pointer(call.callee)))
    handled = true;
  // The length of a string the path knows (a literal's, strlen ("") is 0;
  // one copied into a buffer).
  std::string known;
  if (in.result && !call.args.empty() && libc::named(call.callee, {"strlen"}) &&
      known_string(s, call.args[0], known))
    result = m_svals.get(SK::Const, static_cast<int64_t>(known.size()));
  // A count of a string's characters is below PTRDIFF_MAX (no object is
  // larger): not negative, kept in an int too, whatever the path knows of
  // the string ("int n = strlen (s); buf = malloc (n + 1); buf[n] = 0").
  if (in.result && result && libc::named(call.callee, {"strlen", "strnlen", "wcslen", "strspn", "strcspn"}) &&
      m_svals[result].kind != SK::Const) {
    assume(s, result, OpName::Ge, m_svals.get(SK::Const, 0));
    // A string's terminator lies inside the object it starts in (or the
    // count itself read past it): in an object of a known size, strlen
    // and its kin count fewer bytes than remain after the start.
    int64_t off, capacity;
    Memory memory;
    std::string name;
    const SvalId root = constant_offset(call.args[0], off);
    if (root && off >= 0 && object_bounds(s, root, capacity, memory, name) && off < capacity &&
        !libc::named(call.callee, {"wcslen"}))
      assume(s, result, OpName::Le, m_svals.get(SK::Const, capacity - off - 1));
  }
  // ...and how two such strings compare (-1, 0 or 1, as GCC folds it).
  std::string other;
  if (in.result && call.args.size() == 2 && libc::named(call.callee, {"strcmp"}) &&
      known_string(s, call.args[0], known) && known_string(s, call.args[1], other)) {
    const int c = known.compare(other);
    result = m_svals.get(SK::Const, c < 0 ? -1 : c > 0 ? 1 : 0);
  }
  // What the call returns, where that is known: one of its arguments (the
  // C library's strcpy; a function of this module that returns one, not
  // stepped into), or the constant a function of this module returns.
  const int32_t body = callee.kind == OpKind::Func && callee.id < m_module.symbols.size()
                           ? m_module.symbols[callee.id].body
                           : -1;
  const int returned = body >= 0 && m_summary.returned_arg[static_cast<size_t>(body)] >= 0
                           ? m_summary.returned_arg[static_cast<size_t>(body)]
                           : libc::returns_argument(call.callee);
  if (in.result && returned >= 0 && static_cast<size_t>(returned) < call.args.size())
    result = call.args[static_cast<size_t>(returned)];
  if (in.result && body >= 0 && m_summary.constant_return[static_cast<size_t>(body)].first)
    result = m_svals.get(SK::Const, m_summary.constant_return[static_cast<size_t>(body)].second);
  // Or the range its body bounds it to ("limit = tr_ilg (n)": a table's
  // entries plus a constant).
  if (in.result && body >= 0)
    assume_return_range(s, result, static_cast<size_t>(body));
  if (!handled) {
    // Unknown code: what we pass escapes; locals whose address we pass may
    // be changed. Given as a pointer to const, an allocation is not
    // released there (GCC's analyzer assumes the same), though what it
    // holds may be.
    const Symbol *sym = callee.kind == OpKind::Func && callee.id < m_module.symbols.size()
                            ? &m_module.symbols[callee.id]
                            : nullptr;
    // Memory given as a pointer to const is read there, not changed (as
    // Clang's analyzer assumes).
    std::vector<std::string> unchanged;
    for (size_t k = 0; k < call.args.size(); ++k) {
      const SvalId v = call.args[k];
      const SvalId root = root_of(v);
      ArgUse use = sym ? arg_use(*sym, k + 1) : ArgUse::Any;
      // (A function of the module whose body leaves what the argument
      // points to: as a pointer to const.)
      if (use == ArgUse::Any && sym && sym->body >= 0 &&
          k < m_summary.leaves_param[static_cast<size_t>(sym->body)].size() &&
          m_summary.leaves_param[static_cast<size_t>(sym->body)][k])
        use = ArgUse::ReadOnly;
      if (use == ArgUse::Formatted)
        continue; // read for its format, not kept
      if (use == ArgUse::Any || m_svals[root].kind == SK::LocalAddr) {
        escape_value(s, v);
        set_extent(s, root, 0); // (it may be reallocated there)
        continue;
      }
      escape_contents(s, "S" + std::to_string(root));
      if (use == ArgUse::ReadOnly)
        unchanged.push_back("S" + std::to_string(root));
      if (use == ArgUse::Written) // overwritten: what was there is gone
        s.memory.erase(std::remove_if(s.memory.begin(), s.memory.end(),
                                      [&](const auto &m) {
                                        return m_regions.kind(m.first) == 'S' && region_base(m.first) == root;
                                      }),
                       s.memory.end());
    }
    // ...and may change any local whose address has escaped, and any
    // memory outside the function. (A C library function given no function
    // of the program to call changes only the library's own globals and
    // what its arguments reach, as Clang's analyzer assumes of system
    // functions: fork () or getenv () leave the program's globals, and
    // what they point to, as they were. One that only keeps the function
    // to call it later, signal's handler, changes nothing now either; nor
    // does a function of the program that only calls such functions, given
    // no pointer: "setup_signals ()".)
    const bool library = sym && ((sym->is_library && sym->body < 0 &&
                                  (libc::registers_callback(call.callee) ||
                                   std::none_of(call.args.begin(), call.args.end(),
                                                [&](SvalId a) { return m_svals[a].kind == SK::FuncAddr; }))) ||
                                 (sym->body >= 0 && m_summary.keeps_program_memory[static_cast<size_t>(sym->body)]));
    if (library) {
      // What the arguments reach: their objects, and those the objects
      // hold pointers to (one level: a struct of buffers).
      std::vector<SvalId> reached;
      for (SvalId a : call.args)
        reached.push_back(root_of(a));
      const size_t direct = reached.size();
      for (const auto &m : s.memory)
        if (m_regions.kind(m.first) == 'S' &&
            std::find(reached.begin(), reached.begin() + static_cast<std::ptrdiff_t>(direct), region_base(m.first)) !=
                reached.begin() + static_cast<std::ptrdiff_t>(direct))
          reached.push_back(root_of(m.second));
      for (const auto &m : s.memory) {
        const std::string &key = rk(m.first);
        const char kind = m_regions.kind(m.first);
        const SvalId base = key_base(key);
        // (A global whose address is taken may be reached through a table
        // the library was given, getopt_long's options' flags.)
        const bool stays = kind == 'G' ? base < m_module.symbols.size() && !m_module.symbols[base].is_library &&
                                             !m_module.symbols[base].address_taken
                                       : kind == 'S' && std::find(reached.begin(), reached.end(), base) == reached.end();
        if (stays)
          unchanged.push_back(key.substr(0, key_base_end(key)));
      }
    }
    for (SvalId l : std::vector<SvalId>(s.exposed))
      forget_local(s, l, true);
    std::vector<std::string> passed;
    for (SvalId a : call.args)
      if (std::string k = pointee_key(root_of(a)); !k.empty())
        passed.push_back(std::move(k));
    for (SvalId a : call.args)
      given_changed(s, root_of(a));
    forget_other_regions(s, "", unchanged, passed);
  } else if (!pure) {
    // Known functions may still write through their pointer arguments
    // (fread, memset): forget what those point to. What a deallocator
    // releases, or memset and the like overwrite, held values that are now
    // gone (a leak if nothing else holds them).
    const bool releases = call.callee == "free" || call.callee == "__builtin_free" ||
                          m_deallocators.count(std::string(call.callee)) > 0;
    const Symbol *sym = callee.kind == OpKind::Func && callee.id < m_module.symbols.size()
                            ? &m_module.symbols[callee.id]
                            : nullptr;
    for (size_t k = 0; k < call.args.size(); ++k) {
      const SvalId root = root_of(call.args[k]);
      const bool written = writes_through(sym, call.callee, k);
      // A local or global array it writes into (sprintf's buffer) holds
      // something else now.
      if (written && (m_svals[root].kind == SK::LocalAddr || m_svals[root].kind == SK::GlobalAddr))
        clear_written(s, call, k);
      // What a pointer to const leads to, the call only reads
      // (setsockopt's option value beside the socket in one struct).
      if (!releases && !written && sym && arg_use(*sym, k + 1) == ArgUse::ReadOnly)
        continue;
      const bool drops = releases || (k == 0 && libc::overwrites_first(call.callee));
      if (releases)
        set_extent(s, root, 0);
      // A write into one field leaves those before it, and those after the
      // bytes it is known to write (memcpy (&r->conf, ...), snprintf
      // (p->errbuf, sizeof p->errbuf, ...) beside p->buffer).
      SvalId at = root;
      int64_t off = -1, n = -1;
      if (!releases && written)
        written_bytes(s, call, k, at, off, n);
      std::vector<std::pair<SvalId, std::string>> dropped;
      std::vector<SvalId> may_stay; // (what it may leave where it was, or move: qsort)
      s.memory.erase(std::remove_if(s.memory.begin(), s.memory.end(),
                                    [&](const auto &m) {
                                      if (m_regions.kind(m.first) != 'S' || region_base(m.first) != root ||
                                          !starts_within(m.first, off, n))
                                        return false;
                                      // (Named as it was stored: 'v[1]'.)
                                      if (drops)
                                        dropped.push_back({m.second, is_tracked(s, m.second)
                                                                         ? memory_text(s, rk(m.first))
                                                                         : std::string()});
                                      else if (is_tracked(s, m.second))
                                        may_stay.push_back(m.second);
                                      return true;
                                    }),
                     s.memory.end());
      forget(s, dropped, {}, loc);
      // Not known to be overwritten: still held there, as far as the path
      // can tell (no leak, nor a release the path could follow).
      for (SvalId v : may_stay)
        escape_value(s, v);
    }
  }
  model_out_buffer(s, in, uid, loc, call);
  store_call_results(s, call);
  if (!copied_key.empty()) {
    clear_memory(s, copied_key);
    write_memory(s, copied_key, m_svals.get(SK::StrAddr, m_svals.string_id(copied)));
  }
  // What an allocating call returns has the size it asked for.
  if (result && m_svals[result].kind == SK::Conjured) {
    const SvalId size = allocation_size(s, call);
    set_extent(s, result, size);
    tell_empty(s, result, loc);
    if (size && in.result) {
      std::string spelled; // (the argument that is the size, as written)
      const Operand *operand = nullptr;
      for (size_t k = 0; k < call.args.size() && call.arg_texts; ++k)
        if (call.args[k] == size) {
          spelled = call.arg_texts[k];
          if (k + 1 < in.operands.size())
            operand = &in.operands[k + 1];
        }
      check_allocation_size(s, size, fn().temps[in.result].type, loc, {}, spelled, operand);
    }
  }
  // memset (&x, 0, sizeof x) and bzero (&x, sizeof x): the whole of x holds
  // zeros, as "x = {}" leaves it.
  {
    const bool bzero = libc::named(call.callee, {"bzero", "explicit_bzero"});
    int64_t value = -1, count = -1, capacity = -1, off = -1;
    const size_t count_arg = bzero ? 1 : 2;
    if ((bzero || (libc::named(call.callee, {"memset"}) && call.args.size() > 2 &&
                   known_value(s, call.args[1], value) && value == 0)) &&
        call.args.size() > count_arg && known_value(s, call.args[count_arg], count)) {
      Memory memory;
      std::string name;
      const SvalId root = constant_offset(call.args[0], off);
      if (root && off == 0 && object_bounds(s, root, capacity, memory, name) && capacity == count) {
        const std::string key = pointee_key(root);
        if (!key.empty()) {
          clear_memory(s, key);
          write_memory(s, key, m_svals.get(SK::Const, 0));
        }
      }
    }
  }
  // calloc's memory holds zeros...
  if (result && m_svals[result].kind == SK::Conjured && one_of(call.callee, {"calloc", "__builtin_calloc"}))
    write_memory(s, "S" + std::to_string(result), m_svals.get(SK::Const, 0));
  // ...malloc's and alloca's nothing yet.
  if (result && m_svals[result].kind == SK::Conjured &&
      one_of(call.callee, {"malloc", "__builtin_malloc", "alloca", "__builtin_alloca", "__builtin_alloca_with_align"}))
    set_insert(s.uninit, result);
  // What the call filled, after its other effects on memory.
  for (const Fill &f : m_fills) {
    write_memory(s, f.key, f.blob);
    if (f.state)
      map_set<StateId>(s.sm.mut(f.checker), f.blob, f.state, 0);
  }
  m_fills.clear();
  // strchr and strrchr of a string and a character the path knows: where
  // it is, or NULL ("strchr ("key:value", ':')" finds it).
  std::string text_of;
  int64_t ch;
  const bool found_known = in.result && call.args.size() == 2 && libc::named(call.callee, {"strchr", "strrchr"}) &&
                           known_string(s, call.args[0], text_of) && known_value(s, call.args[1], ch);
  if (found_known) {
    const char c = static_cast<char>(ch);
    const size_t at = c == '\0' ? text_of.size()
                      : libc::named(call.callee, {"strchr"}) ? text_of.find(c)
                                                              : text_of.rfind(c);
    result = at == std::string::npos ? m_svals.get(SK::Const, 0)
                                     : offset_value(call.args[0], static_cast<int64_t>(at));
  }
  // glibc's ctype tables (isalpha (c) reads (*__ctype_b_loc ())[c]): the
  // pointer the result points to is 128 entries into a table of 384, so
  // any char or unsigned char (and EOF) indexes it.
  if (result && call.args.empty() && libc::ctype_table_entry(call.callee)) {
    const int64_t entry = libc::ctype_table_entry(call.callee);
    const std::string key = pointee_key(result);
    if (!key.empty() && !read_memory(s, key) && assume(s, result, OpName::Ne, m_svals.get(SK::Const, 0))) {
      SvalId table = 0;
      for (int64_t k = 0; !table; ++k)
        if (const SvalId v = m_svals.get(SK::Conjured, uid, k); v != result && !sval_in_use(s, v))
          table = v;
      set_extent(s, table, m_svals.get(SK::Const, 384 * entry));
      write_memory(s, key, offset_value(table, 128 * entry));
    }
  }
  // recvmsg (fd, &msg, flags) fills what msg's fields point to (msg_name,
  // msg_control, the iovecs' buffers): they are written there.
  if (call.args.size() >= 2 && libc::named(call.callee, {"recvmsg"})) {
    const std::string key = pointee_key(call.args[1]);
    if (!key.empty())
      escape_contents(s, key);
  }
  // memcpy and memmove of a size the path does not know: what the source
  // held may now be anywhere in the destination (flex's buf_append (buf,
  // &str, 1) copies the pointer into the caller's buffer).
  int64_t copied_size;
  if (call.args.size() >= 3 && libc::named(call.callee, {"memcpy", "memmove", "mempcpy"}) &&
      !known_value(s, call.args[2], copied_size)) {
    const std::string key = pointee_key(root_of(call.args[1]));
    if (!key.empty())
      escape_contents(s, key);
  }
  // strtol and the like: the end pointer they are given now points into
  // the string, never NULL.
  if (call.args.size() >= 2 && libc::sets_end_pointer(call.callee)) {
    const std::string key = pointee_key(call.args[1]);
    const SvalId end = offset_value(root_of(call.args[0]), kUnknownOffset);
    if (!key.empty() && assume(s, end, OpName::Ne, m_svals.get(SK::Const, 0)))
      write_memory(s, key, end);
  }
  // strchr and the like: NULL on this path, a pointer into the first
  // argument on another. (Asked again of memory the path has not written
  // since, "if (strchr (buf, '\n')) *strchr (buf, '\n') = 0;", it gives
  // what it gave: kept as State::vague_reads keeps a read.)
  const bool null_or_into =
      in.result && !call.args.empty() && libc::returns_null_or_into_first(call.callee) && !found_known;
  State::VagueRead asked{};
  const bool again = null_or_into && call.args.size() <= 2;
  if (again) {
    asked.root = call.args[0];
    asked.index = call.args.size() > 1 ? call.args[1] : m_svals.get(SK::Const, 0);
    asked.shape = m_svals.string_id("=" + std::string(call.callee));
    if (const SvalId found = s.read_again(asked))
      return found;
  }
  auto remember = [&](State &st, SvalId found) {
    asked.value = found;
    if (again)
      st.remember_read(asked);
  };
  if (null_or_into && m_forks_made < m_opts.max_forks) {
    Fork f{s, *m_cur_events};
    // (Where it found it has a name of its own: "*++found" then "*found"
    // read one place.)
    const SvalId into = indexed_place(root_of(call.args[0]), conjure(f.state, uid), 1, 0);
    if (assume(f.state, into, OpName::Ne, m_svals.get(SK::Const, 0))) {
      f.state.bind(in.result, into);
      remember(f.state, into);
      m_forks.push_back(std::move(f));
      ++m_forks_made;
    }
    result = m_svals.get(SK::Const, 0);
    remember(s, result);
    const std::string &text = m_cur->temp_text[in.result];
    if (!text.empty()) {
      RawEvent e = event(RawEvent::Kind::NullOrigin, loc, "when " + quote_expr(std::string(call.callee)) + " returns NULL");
      e.v = result;
      e.expr = text;
      m_cur_events->push_back(std::move(e));
    }
  }
  return result;
}

bool FunctionAnalysis::infinite_recursion(const State &s, const Instruction &in, const Loc &loc) {
  const SvalId target = operand_value(s, in.operands[0]);
  if (m_svals[target].kind != SK::FuncAddr || static_cast<size_t>(m_svals[target].a) >= m_module.symbols.size())
    return false;
  const Symbol &sym = m_module.symbols[static_cast<size_t>(m_svals[target].a)];
  if (sym.body < 0 || m_opts.disabled.count(kInfiniteRecursion.name) || s.approximate)
    return false;
  const auto callee = static_cast<uint32_t>(sym.body);
  const Function &cf = m_module.functions[callee];
  // (Unnamed arguments matter only to a function that reads them.)
  if (!takes_arguments(cf, in.operands.size() - 1) || (cf.variadic && m_summary.reads_varargs[callee]))
    return false;
  // The last activation of the callee on the stack: its parameters'
  // values, and the effects the path had made when it was entered.
  const size_t depth = s.stack.size();
  size_t at = depth + 1;
  if (s.fn == callee)
    at = depth;
  else
    for (size_t i = depth; i-- > 0;)
      if (s.stack[i].fn == callee) {
        at = i;
        break;
      }
  if (at > depth)
    return false;
  const uint32_t entered = at == 0 ? 0 : s.stack[at - 1].effects;
  if (entered != s.effects)
    return false;
  // (The analysed function was entered with its parameters' own values.)
  for (size_t k = 0; k < cf.params.size(); ++k) {
    const SvalId was = at == 0 ? incoming_value(k)
                       : k < s.stack[at - 1].args.size() ? s.stack[at - 1].args[k]
                                                          : 0;
    if (!was || was != operand_value(s, in.operands[k + 1]))
      return false;
  }
  report_region(kInfiniteRecursion, "", loc, {}, m_module.function_name(cf));
  return true;
}

// Steps into a call of a function with a body, if the limits allow: the
// caller's frame is kept on the stack, the arguments bind the callee's
// parameters, and the path goes on at the callee's entry.
bool FunctionAnalysis::enter_call(State &s, uint32_t block, size_t index, const Instruction &in, const Loc &loc) {
  const int callee = steppable(s, operand_value(s, in.operands[0]), in.operands.size() - 1);
  if (callee < 0)
    return false;
  // (A variable never set, passed, was reported at the call: the callee
  // is given a value nothing knows, not the never-set one again.)
  const uint32_t uid = m_cur->uid_base[block] + static_cast<uint32_t>(index);
  std::vector<SvalId> args;
  for (size_t k = 1; k < in.operands.size(); ++k) {
    const SvalId a = operand_value(s, in.operands[k]);
    args.push_back(m_svals[a].kind == SK::Poison ? conjure(s, uid) : a);
  }
  const std::vector<std::string> &t = texts(uid, in);
  return enter_function(s, block, index, in.result, static_cast<uint32_t>(callee), args,
                        std::vector<std::string>(t.begin() + std::min<size_t>(1, t.size()), t.end()), loc);
}

// qsort, qsort_r and bsearch call their comparison function back: with
// pointers into the array (and bsearch's key). When the function has a
// body, the path steps into it after the call's own effects, and goes on
// after the call when it returns.
bool FunctionAnalysis::enter_callback(State &s, uint32_t block, size_t index, const Instruction &in,
                                      const Loc &loc) {
  if (in.operands[0].kind != OpKind::Func || in.operands[0].id >= m_module.symbols.size())
    return false;
  const libc::Callback cb = libc::callback_of(m_module.symbols[in.operands[0].id].name);
  if (cb.function < 0 || static_cast<size_t>(cb.function) + 1 >= in.operands.size() ||
      static_cast<size_t>(cb.array) + 1 >= in.operands.size())
    return false;
  const size_t nargs = 2 + (cb.context >= 0 ? 1 : 0);
  const int callee = steppable(s, operand_value(s, in.operands[static_cast<size_t>(cb.function) + 1]), nargs);
  if (callee < 0)
    return false;
  const std::vector<std::string> &t = texts(m_cur->uid_base[block] + static_cast<uint32_t>(index), in);
  auto text = [&](int k) { return k >= 0 && static_cast<size_t>(k) + 1 < t.size() ? t[static_cast<size_t>(k) + 1] : ""; };
  const SvalId element = offset_value(root_of(operand_value(s, in.operands[static_cast<size_t>(cb.array) + 1])),
                                      kUnknownOffset);
  std::vector<SvalId> args;
  std::vector<std::string> arg_texts;
  if (cb.key >= 0) {
    args.push_back(operand_value(s, in.operands[static_cast<size_t>(cb.key) + 1]));
    arg_texts.push_back(text(cb.key));
  } else {
    args.push_back(element);
    arg_texts.push_back("");
  }
  args.push_back(element);
  arg_texts.push_back("");
  if (cb.context >= 0) {
    const bool given = static_cast<size_t>(cb.context) + 1 < in.operands.size();
    args.push_back(given ? operand_value(s, in.operands[static_cast<size_t>(cb.context) + 1]) : kUnknownSval);
    arg_texts.push_back(text(cb.context));
  }
  return enter_function(s, block, index, 0, static_cast<uint32_t>(callee), args, arg_texts, loc);
}

// The function with a body that a call to target with nargs arguments
// steps into, if the limits allow; -1 if none.
int FunctionAnalysis::steppable(const State &s, SvalId target, size_t nargs) {
  if (s.stack.size() + 2 > m_opts.max_call_depth || m_svals[target].kind != SK::FuncAddr)
    return -1;
  const auto sym = static_cast<size_t>(m_svals[target].a);
  if (sym >= m_module.symbols.size() || m_module.symbols[sym].body < 0)
    return -1;
  const auto callee = static_cast<uint32_t>(m_module.symbols[sym].body);
  const Function &cf = m_module.functions[callee];
  // Budgets spent: only tiny leaf functions still (a predicate such as
  // "is this an error code", a checked sum: cheap, and its answer decides
  // branches).
  if ((m_nodes.size() >= m_opts.max_nodes / 2 || m_callee_nodes >= m_opts.max_callee_nodes) && !tiny_leaf(cf) &&
      !forward_leaf(cf))
    return -1;
  if (!takes_arguments(cf, nargs) || cf.blocks.size() > m_opts.max_callee_blocks || !callable(callee) ||
      m_not_entered.count(callee))
    return -1;
  // Recursion: one level deeper is followed (a bug often shows on the
  // second call already); then the call stays opaque.
  const auto frames_of_callee = (callee == s.fn ? 1 : 0) +
                                std::count_if(s.stack.begin(), s.stack.end(), [&](const Frame &f) { return f.fn == callee; });
  return frames_of_callee >= 2 ? -1 : static_cast<int>(callee);
}

// Steps into function callee with args from the call at (block, index),
// whose result (temporary result, 0: none) it defines on return.
bool FunctionAnalysis::enter_function(State &s, uint32_t block, size_t index, uint32_t result, uint32_t callee,
                                      const std::vector<SvalId> &args, const std::vector<std::string> &arg_texts,
                                      const Loc &loc) {
  const Function &cf = m_module.functions[callee];
  // (NULL in memory given to it is worth a look only in a small callee:
  // stepping into every function given a struct with a NULL field costs
  // more than it finds.)
  const bool small = cf.blocks.size() <= kSmallCallee;
  // (Nor is storage nothing wrote yet, which a small callee may read, or
  // a variable declared const, which it must not write.)
  // (Nor are two pointers into one object, given to a function that
  // copies between buffers.)
  auto shares_object = [&]() {
    for (size_t i = 0; i < args.size(); ++i)
      for (size_t j = i + 1; j < args.size(); ++j) {
        const SvalId r = root_of(args[i]);
        if (r != kUnknownSval && m_svals[r].kind != SK::Const && r == root_of(args[j]))
          return true;
      }
    return false;
  };
  // (A function in the analysed one's recursion group: the way round the
  // cycle is followed, for infinite-recursion.)
  const bool in_cycle = m_summary.recursion_group[callee] >= 0 &&
                        m_summary.recursion_group[callee] == m_summary.recursion_group[m_entry];
  // (Nor is a function that only reads its arguments given only values
  // the path knows: stepping in gives its result, "is_stdout ("-")".)
  auto all_known = [&]() {
    return m_summary.reads_args_only[callee] && std::all_of(args.begin(), args.end(), [&](SvalId a) {
             const SK k = m_svals[a].kind;
             return k == SK::Const || k == SK::StrAddr;
           });
  };
  // (Nor is a small computation without loops or calls that only reads
  // its arguments: what it gives is then known in terms of them, "xsum
  // (n, 1)" as n + 1 or SIZE_MAX, never 0.)
  const bool computes = forward_leaf(cf) && m_summary.reads_args_only[callee];
  if (!m_worth_entering[callee] && !in_cycle && !straight_leaf(cf) && !computes && !all_known() &&
      !std::any_of(args.begin(), args.end(), [&](SvalId a) {
        return passes_tracked(s, a, small) ||
               (small && ((!s.uninit.empty() && set_contains(s.uninit, root_of(a))) || const_variable(root_of(a))));
      }) && !(m_summary.copies_buffers[callee] && shares_object()))
    return false; // nothing there for a checker: the call stays opaque
  {
    RawEvent e = event(RawEvent::Kind::Call, loc);
    e.shared_text = &call_text(RawEvent::Kind::Call, s.fn, callee);
    e.args.reserve(args.size());
    for (size_t k = 0; k < args.size(); ++k)
      e.args.push_back({args[k], k < arg_texts.size() ? arg_texts[k] : ""});
    e.callee = callee;
    m_cur_events->push_back(std::move(e));
  }
  const uint32_t caller_fn = s.fn;
  // (Unnamed arguments, for the callee's va_arg.)
  std::vector<VarArg> varargs;
  if (cf.variadic && args.size() > cf.params.size() && block < fn().blocks.size() &&
      index < fn().blocks[block].insns.size())
    varargs = varargs_of(s, fn().blocks[block].insns[index], cf.params.size());
  std::vector<SvalId> stable_args;
  for (size_t k = 0; k < args.size() && k < cf.params.size(); ++k)
    stable_args.push_back(is_stable(args[k]) ? args[k] : 0);
  s.stack.push_back({s.fn, block, static_cast<uint32_t>(index), result, std::move(s.temps), std::move(s.loops),
                     std::move(varargs), s.effects, std::move(stable_args)});
  s.temps.clear();
  s.loops.clear();
  s.fn = callee;
  set_frame(s);
  for (size_t k = 0; k < args.size() && k < cf.params.size(); ++k)
    s.bind(cf.params[k], args[k]);
  uninit_locals(s);
  m_cur_events->push_back(event(RawEvent::Kind::Entry, cf.loc));
  m_cur_events->back().shared_text = &call_text(RawEvent::Kind::Entry, caller_fn, callee);
  m_entered.insert(callee);
  return true;
}

const std::string &FunctionAnalysis::call_text(RawEvent::Kind kind, uint32_t caller, uint32_t callee) {
  const uint64_t key = static_cast<uint64_t>(kind) << 60 | static_cast<uint64_t>(caller) << 30 | callee;
  std::string &text = m_call_texts[key];
  if (text.empty()) {
    const std::string from = quote_expr(m_module.function_name(m_module.functions[caller]));
    const std::string to = quote_expr(m_module.function_name(m_module.functions[callee]));
    text = kind == RawEvent::Kind::Call    ? "calling " + to + " from " + from
           : kind == RawEvent::Kind::Entry ? "entry to " + to
                                           : "returning to " + from + " from " + to;
  }
  return text;
}

// Does an argument give the callee something a checker tracks: a tracked
// value, NULL, a local holding a tracked value, or a callback?
bool FunctionAnalysis::passes_tracked(const State &s, SvalId arg, bool null_in_memory) const {
  const SvalId root = root_of(arg);
  // ...or a function to call back (what the callee does with it is known).
  if (is_tracked(s, root) || (m_svals[arg].kind == SK::Const && m_svals[arg].a == 0) ||
      m_svals[arg].kind == SK::FuncAddr)
    return true;
  // ...or memory holding a tracked value or NULL (a callee may read it).
  RegionId place = 0;
  if (m_svals[root].kind == SK::LocalAddr)
    place = m_regions.find("L" + std::to_string(m_svals[root].a));
  else if (m_svals[root].kind == SK::Param || m_svals[root].kind == SK::Conjured)
    place = m_regions.find("S" + std::to_string(root));
  if (!place)
    return false;
  const bool any_null = null_in_memory && m_regions.kind(place) == 'S';
  return std::any_of(s.memory.begin(), s.memory.end(), [&](const auto &m) {
    return m_regions.base(m.first) == place &&
           (is_tracked(s, root_of(m.second)) ||
            (any_null && m_svals[m.second].kind == SK::Const && m_svals[m.second].a == 0));
  });
}

// Can the engine step into this function? Its IR must be valid, and its
// liveness tables within bounds.
bool FunctionAnalysis::callable(uint32_t f) {
  auto it = m_callable.find(f);
  if (it != m_callable.end())
    return it->second;
  const Function &cf = m_module.functions[f];
  const double bits = static_cast<double>(cf.blocks.size()) * static_cast<double>(cf.temps.size());
  const bool ok = bits <= static_cast<double>(m_opts.max_liveness_bits) / 4 && verify_function(m_module, cf).empty();
  m_callable.emplace(f, ok);
  return ok;
}

void FunctionAnalysis::assume_return_range(State &s, SvalId v, size_t f) {
  const ModuleSummary::Range &r = m_summary.return_range[f];
  if (!r.known || m_svals[v].kind == SK::Const)
    return;
  assume(s, v, OpName::Ge, m_svals.get(SK::Const, r.lo));
  assume(s, v, OpName::Le, m_svals.get(SK::Const, r.hi));
}

// Returns from the function on top of the stack with value ret (0: none):
// its temporaries and locals die (a resource only they held leaks at `at`),
// and the caller goes on after its call with the result bound.
void FunctionAnalysis::leave_call(State &s, SvalId ret, const Loc &at) {
  const size_t depth = s.stack.size();
  escaping_locals(s, depth, at);
  end_va_lists(s, static_cast<uint32_t>(depth), at);
  // (What this call dereferenced is no reason to check in the next one.)
  s.derefs.erase(std::remove_if(s.derefs.begin(), s.derefs.end(),
                                [&](const State::Deref &d) { return d.depth >= depth; }),
                 s.derefs.end());

  // A result the caller neither uses nor keeps in a variable is dropped
  // here.
  const Frame &caller_frame = s.stack.back();
  const FnInfo &caller_info = info(caller_frame.fn);
  const bool used =
      caller_frame.result &&
      (caller_info.fn->temps[caller_frame.result].var ||
       is_live_after(caller_info.live, *caller_info.fn, caller_frame.block, caller_frame.index, caller_frame.result));
  bool slot_made = false;
  if (ret && m_svals[ret].kind == SK::Aggregate) {
    // A struct returned by value: what its fields hold goes to the
    // caller's return slot.
    const std::string from = m_svals.string_at(m_svals[ret].a);
    if (from[0] == 'L' && (key_base(from) >> kFrameShift) == depth) {
      const std::string slot = return_slot(depth - 1);
      m_key_text[text_key(s, slot)] = "<return-value>";
      copy_fields(s, from, slot, "<return-value>");
      ret = m_svals.get(SK::Aggregate, m_svals.string_id(slot));
      slot_made = true;
    }
  }
  std::vector<uint32_t> temps;
  for (auto &t : s.temps)
    temps.push_back(t.first);
  std::vector<uint32_t> locals;
  for (auto &m : s.memory)
    if (m_regions.kind(m.first) == 'L' && (region_base(m.first) >> kFrameShift) == depth &&
        !is_return_slot(rk(m.first)))
      locals.push_back(region_base(m.first));
  std::sort(locals.begin(), locals.end());
  locals.erase(std::unique(locals.begin(), locals.end()), locals.end());
  if (!used) {
    if (slot_made) // first: '<return-value>.ptr' names a leak
      locals.insert(locals.begin(), key_base(return_slot(depth - 1)));
    ret = 0;
  }
  purge(s, temps, locals, false, ret, at);
  s.exposed.erase(std::remove_if(s.exposed.begin(), s.exposed.end(),
                                 [&](SvalId l) { return (l >> kFrameShift) == depth; }),
                  s.exposed.end());
  const FnInfo &callee_info = *m_cur;
  // "return buf;" that the compiler made "return NULL;".
  std::string nulled_local;
  for (const auto &[line, local] : fn().nulled_returns)
    if (line == at.line)
      nulled_local = local;
  Frame caller = std::move(s.stack.back());
  s.stack.pop_back();
  stale_locals(s);
  // The callee's locals are gone.
  s.uninit.erase(std::remove_if(s.uninit.begin(), s.uninit.end(),
                                [&](SvalId v) {
                                  return m_svals[v].kind == SK::LocalAddr &&
                                         (static_cast<uint64_t>(m_svals[v].a) >> kFrameShift) > s.stack.size();
                                }),
                 s.uninit.end());
  s.temps = std::move(caller.temps);
  s.loops = std::move(caller.loops);
  s.fn = caller.fn;
  set_frame(s);
  const Instruction &call = fn().blocks[caller.block].insns[caller.index];
  const Loc call_loc = call.loc.known() ? call.loc : at;
  m_cur_events->push_back(event(RawEvent::Kind::Return, call_loc));
  m_cur_events->back().shared_text = &call_text(RawEvent::Kind::Return, caller.fn, callee_info.index);
  if (caller.result) {
    std::vector<std::pair<SvalId, std::string>> overwritten;
    if (SvalId old = s.temp(caller.result))
      overwritten.push_back({old, leak_text(s, old, m_cur->temp_text[caller.result])});
    s.bind(caller.result, ret ? ret : conjure(s, m_cur->uid_base[caller.block] + caller.index));
    forget(s, overwritten, {}, call_loc);
    // (What its body bounds it to, as of a call not stepped into.)
    if (ret)
      assume_return_range(s, ret, callee_info.index);
    // An allocation the callee returned, given to a pointer to elements
    // its size may not hold a whole number of.
    if (ret)
      check_cast_size(s, ret, Operand{}, fn().temps[caller.result].type, call_loc);
    // NULL returned: where a later dereference's story starts.
    const std::string &text = m_cur->temp_text[caller.result];
    if (ret && m_svals[ret].kind == SK::Const && m_svals[ret].a == 0 && !text.empty() &&
        fn().temps[caller.result].type.is_pointer()) {
      const std::string callee_name = m_module.function_name(*callee_info.fn);
      RawEvent e = event(RawEvent::Kind::NullOrigin, call_loc,
                         nulled_local.empty()
                             ? quote_expr(text) + " is NULL (returned by " + quote_expr(callee_name) + ")"
                             : quote_expr(text) + " is NULL (" + quote_expr(callee_name) +
                                   " returns the address of its local " + quote_expr(nulled_local) +
                                   ", which the compiler turns into NULL)");
      e.v = ret;
      e.expr = text;
      e.is_return = true;
      e.from_return = !always_returns_null(callee_info);
      m_cur_events->push_back(std::move(e));
    }
  }
  m_entry_own = false;
  enqueue(caller.block, std::move(s), m_cur_node, std::move(*m_cur_events), call_loc, caller.index, true);
}

} // namespace pathwise::detail
