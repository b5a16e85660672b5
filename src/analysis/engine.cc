// The engine: exploded-graph exploration of one function (the per-function
// analysis is declared in analysis.h; calls.cc and paths.cc hold its calls
// and path building), and the Engine that runs it.
// SPDX-License-Identifier: GPL-3.0-or-later
#include "analysis/engine.h"

#include "analysis/analysis.h"
#include "analysis/call_facts.h"
#include "checkers/spec_checker.h"
#include "spec/spec.h"
#include "analysis/libc.h"
#include "analysis/signal.h"

namespace pathwise {

namespace detail {

// Do two places spell the same memory, accessor by accessor (two loads of
// "re->runes_")?
static bool same_operand(const Operand &a, const Operand &b) {
  return a.kind == b.kind && a.id == b.id && a.value == b.value && a.str == b.str;
}
static bool same_place(const Place &a, const Place &b) {
  if (a.base != b.base || a.id != b.id || !same_operand(a.pointer, b.pointer) || a.offset != b.offset ||
      a.size != b.size || a.path.size() != b.path.size())
    return false;
  for (size_t k = 0; k < a.path.size(); ++k) {
    const Accessor &x = a.path[k], &y = b.path[k];
    if (x.kind != y.kind || x.name != y.name || x.offset != y.offset || !same_operand(x.index, y.index))
      return false;
  }
  return true;
}

int64_t in_width(const Type &t, uint64_t v) {
  if (t.kind != TypeKind::Int || t.bits == 0 || t.bits >= 64)
    return static_cast<int64_t>(v);
  const uint64_t mask = (uint64_t(1) << t.bits) - 1;
  v &= mask;
  return static_cast<int64_t>(t.is_signed && ((v >> (t.bits - 1)) & 1) ? v | ~mask : v);
}

// ~x in type t as x ^ (all ones), a bit operation's value (0: not one).
SvalId FunctionAnalysis::bits_flipped(SvalId x, const Type &t) {
  if (t.kind != TypeKind::Int || t.bits == 0 || t.bits > 64)
    return 0;
  return bits_value(x, OpName::Xor, in_width(t, ~0ull), t.bits);
}

// Where the code after instruction i starts: the next located instruction
// (following jumps), or the closing brace when a return the compiler made
// comes first.
Loc FunctionAnalysis::next_loc(uint32_t block, size_t i, const Loc &fallback) const {
  for (int hops = 0; hops < 8 && block < fn().blocks.size(); ++hops) {
    const Block &b = fn().blocks[block];
    for (size_t j = i + 1; j < b.insns.size(); ++j) {
      if (b.insns[j].loc.known())
        return b.insns[j].loc;
      if (b.insns[j].opcode == Opcode::Ret && fn().end_loc.known())
        return fn().end_loc;
    }
    if (b.insns.empty() || b.insns.back().opcode != Opcode::Jmp)
      break;
    block = b.insns.back().targets[0];
    i = static_cast<size_t>(-1);
  }
  return fallback;
}

Loc FunctionAnalysis::first_loc(uint32_t block) const {
  for (int hops = 0; hops < 8 && block < fn().blocks.size(); ++hops) {
    const Block &b = fn().blocks[block];
    for (const Instruction &i : b.insns)
      if (i.loc.known() && i.opcode != Opcode::Phi)
        return i.loc;
    if (b.insns.empty() || b.insns.back().opcode != Opcode::Jmp)
      break;
    block = b.insns.back().targets[0];
  }
  return {};
}

void FunctionAnalysis::enqueue(uint32_t block, State &&s, int32_t pred, std::vector<RawEvent> &&events,
                               const Loc &entry_loc, uint32_t start, bool resumed) {
  // The program point, and the same point in this calling context.
  const uint64_t point = (static_cast<uint64_t>(m_cur->uid_base[block] + start) << 1) | (resumed ? 1 : 0);
  uint64_t context = point;
  // (A callee's states on a later trip round a caller's loop are counted
  // apart: generalizing them would lose what its results tell the caller.)
  for (const Frame &f : s.stack) {
    context = context * 1000003u ^ (static_cast<uint64_t>(f.fn) << 40 ^ static_cast<uint64_t>(f.block) << 20 ^ f.index);
    for (const auto &l : f.loops)
      context = context * 1000003u ^ (static_cast<uint64_t>(l.first) << 8 ^ l.second);
  }
  uint32_t &states_here = m_states_at[context];
  std::vector<int32_t> &here = m_point_nodes[point];
  if (states_here >= m_opts.max_states_per_block)
    generalize(s, block, states_here >= 2 * m_opts.max_states_per_block ? 2 : 1, start, resumed,
               here.empty() ? nullptr : &m_nodes[here.back()].state.memory);
  std::vector<std::pair<SvalId, SvalId>> renames = canonicalize(s);
  if (states_here >= m_opts.max_states_per_block) {
    const size_t key = s.join_key();
    for (int32_t n : here) {
      Node &other = m_nodes[static_cast<size_t>(n)];
      if (!other.join_key)
        other.join_key = other.state.join_key();
      if (other.join_key == key)
        join(s, other.state);
    }
  }
  const uint64_t seen_key = (point * 0x9e3779b97f4a7c15ull) ^ s.hash();
  if (m_seen.any_of(seen_key, [&](int32_t id) {
        const Node &n = m_nodes[static_cast<size_t>(id)];
        return n.block == block && n.start == start && n.resumed == resumed && n.state == s &&
               n.state.notes_within(s);
      })) {
    if (s.stack.empty() && start == 0 && !resumed)
      m_merged_arrivals.push_back({pred, block});
    return;
  }
  auto give_up = [&](const std::string &reason) {
    if (!m_too_complex) {
      m_too_complex = true;
      m_too_complex_reason = reason;
    }
  };
  if (states_here >= m_opts.max_states_per_point && !s.stack.empty() && !forward_leaf(fn())) {
    // Too many ways through a function stepped into: its calls are opaque
    // from now on, and this path ends here. The analysed function's own
    // paths go on. (Not a computation without loops or calls: its states
    // are its callers', each on a few short paths.)
    m_not_entered.insert(s.fn);
    m_paths_cut = true;
    return;
  }
  if (states_here >= m_opts.max_states_per_point)
    return give_up("more than " + std::to_string(m_opts.max_states_per_point) + " states reached block " +
                   std::to_string(block));
  if (m_nodes.size() >= m_opts.max_nodes)
    return give_up("exploded graph exceeded " + std::to_string(m_opts.max_nodes) + " nodes");
  const size_t bytes = sizeof(Node) + s.footprint() + events.capacity() * sizeof(RawEvent) +
                       renames.capacity() * sizeof(renames[0]);
  if (m_graph_bytes + bytes > m_opts.max_graph_bytes)
    return give_up("exploded graph's states exceeded " +
                   (m_opts.max_graph_bytes >= (1u << 20) ? std::to_string(m_opts.max_graph_bytes >> 20) + " MiB"
                                                         : std::to_string(m_opts.max_graph_bytes >> 10) + " KiB"));
  m_graph_bytes += bytes;
  states_here++;
  if (!s.stack.empty())
    ++m_callee_nodes;
  auto id = static_cast<int32_t>(m_nodes.size());
  m_seen.insert(seen_key, id);
  here.push_back(id);
  m_nodes.push_back(
      {block, start, resumed, std::move(s), pred, std::move(events), std::move(renames), entry_loc, m_entry_own});
  m_worklist.push_back(id);
}

void FunctionAnalysis::take_branch(State s, uint32_t from, uint32_t to, std::vector<RawEvent> evs,
                                   const std::string &branch_text, bool split, const Loc &br_loc, bool own_loc) {
  const size_t before = evs.size(); // (the events on the way to the branch)
  if (s.stack.empty())
    m_taken_edges.insert(edge_key(from, to));
  Loc here = first_loc(to);
  if (split) {
    static const std::string kToHere = "...to here";
    evs.reserve(evs.size() + 2);
    evs.push_back(event(RawEvent::Kind::Branch, br_loc));
    evs.back().shared_text = &branch_text; // (branch_text() keeps it)
    evs.push_back(event(RawEvent::Kind::ToHere, here.known() ? here : br_loc));
    evs.back().shared_text = &kToHere;
  }
  // Phis read the values flowing out of `from`.
  const Block &tb = fn().blocks[to];
  std::vector<std::pair<uint32_t, SvalId>> phis;
  std::vector<uint32_t> null_phis; // variables given NULL on this edge
  for (const Instruction &in : tb.insns) {
    if (in.opcode != Opcode::Phi)
      break;
    SvalId v = kUnknownSval;
    for (size_t k = 0; k < in.targets.size(); ++k)
      if (in.targets[k] == from) {
        v = operand_value(s, in.operands[k]);
        if (in.operands[k].kind == OpKind::Null && fn().temps[in.result].var)
          null_phis.push_back(in.result);
      }
    phis.push_back({in.result, v});
  }
  // Count trips round loops on this path: leaving a loop forgets it,
  // entering a loop head starts at 0, each back edge adds one.
  s.loops.erase(std::remove_if(s.loops.begin(), s.loops.end(),
                               [&](const auto &l) { return !m_cur->loop_body.at(l.first).test(to); }),
                s.loops.end());
  bool widen = false;
  if (m_cur->loop_body.count(to)) {
    auto it = std::lower_bound(s.loops.begin(), s.loops.end(), std::make_pair(to, uint8_t(0)));
    if (it == s.loops.end() || it->first != to)
      it = s.loops.insert(it, {to, 0});
    if (m_cur->back_edges.count({from, to}))
      it->second = static_cast<uint8_t>(std::min(it->second + 1, 2));
    // Widening: from the second trip round, a constant flowing round the
    // loop (a counter) stands for any value.
    widen = it->second >= 2;
  }
  std::vector<std::pair<SvalId, std::string>> overwritten;
  // A truth value (0 or 1) flowing round a loop, or a value that did not
  // change on this trip, is no counter: kept, it stays correlated with
  // what checkers track ("found = 1" beside the stream it found). (Any
  // other constant is widened, so a loop still ends.)
  auto flag_or_same = [&](uint32_t t, SvalId v) {
    return s.temp(t) == v || (m_svals[v].kind == SK::Const && (m_svals[v].a == 0 || m_svals[v].a == 1));
  };
  bool widened = false;
  for (auto &p : phis) {
    if (widen && m_svals[p.second].kind == SK::Const && !flag_or_same(p.first, p.second)) {
      widened = true;
      // (A counter keeps the side it does not move: loop_step.)
      const int step = loop_step(to, p.first, false);
      const SvalId bound = widened_bound(s, p.second, step);
      p.second = widen_to(s, to, p.first, p.second);
      if (bound)
        assume(s, p.second, step > 0 ? OpName::Ge : OpName::Le, bound);
      s.approximate = true; // the loop's exit may now be taken where it could not
    } else if (widen && m_svals[p.second].kind == SK::Offset &&
               (m_svals[p.second].a != kUnknownOffset || m_svals[p.second].b)) {
      // A pointer stepping round the loop: somewhere in the same object.
      // (Unnamed: a name made per trip would keep the trips' states apart.)
      p.second = offset_value(m_svals[p.second].base, kUnknownOffset);
      s.approximate = true;
    }
    if (SvalId old = s.temp(p.first))
      overwritten.push_back({old, leak_text(s, old, m_cur->temp_text[p.first])});
    s.bind(p.first, p.second);
  }
  if (widened)
    escape_indexed_locals(s, to);
  // Values not live in the target die on the way.
  std::vector<uint32_t> dead;
  dead.reserve(s.temps.size());
  const Bitset &live = m_cur->live.live_start[to];
  for (auto &t : s.temps)
    if (!live.test(t.first))
      dead.push_back(t.first);
  std::vector<RawEvent> *saved = m_cur_events;
  m_cur_events = &evs;
  const Loc entry = here.known() ? here : br_loc;
  // Told before the branch that chose them.
  for (uint32_t t : null_phis)
    evs.insert(evs.begin() + static_cast<std::ptrdiff_t>(before), null_origin(s.temp(t), t, br_loc));
  forget(s, overwritten, {}, entry);
  purge(s, unheld(s, dead), {}, false, 0, entry);
  // A 'return;' of the analysed function that jumps to its shared return:
  // what leaks, leaks at the statement (each return its own place; the
  // states that arrive there are alike, and only one would be told).
  if (s.stack.empty() && (here.known() || own_loc) && !tb.insns.empty() && tb.insns[0].opcode == Opcode::Ret &&
      tb.insns[0].operands.empty() && !ends_program(s))
    purge(s, {}, {}, true, 0, entry);
  m_cur_events = saved;
  // Only a jump that is a statement of its own ('return;', 'goto') counts.
  m_entry_own = here.known() || own_loc;
  enqueue(to, std::move(s), m_cur_node, std::move(evs), entry);
}

bool FunctionAnalysis::kept_in_memory(const Operand &o) const {
  Operand cur = o;
  for (int hops = 0; hops < 4 && cur.is_temp() && cur.id < m_cur->defs.size() && m_cur->defs[cur.id]; ++hops) {
    const Instruction &d = *m_cur->defs[cur.id];
    if (d.opcode == Opcode::Load)
      return d.place.base == PlaceBase::Global || d.place.base == PlaceBase::Deref;
    // (Also a constant away from it: "EOB = s->nInUse + 1".)
    if (d.opcode == Opcode::Binary && (d.op == OpName::Add || d.op == OpName::Sub) && d.operands.size() == 2 &&
        d.operands[1].kind == OpKind::Int) {
      cur = d.operands[0];
      continue;
    }
    if (!(d.opcode == Opcode::Copy || (d.opcode == Opcode::Unary && d.op == OpName::Conv)) || d.operands.empty())
      return false;
    cur = d.operands[0];
  }
  return false;
}

bool FunctionAnalysis::leaves_unrun_loop(const State &s, uint32_t block, uint32_t to) const {
  const auto loop = m_cur->loop_body.find(block);
  if (loop == m_cur->loop_body.end() || loop->second.test(to))
    return false;
  auto it = std::lower_bound(s.loops.begin(), s.loops.end(), std::make_pair(block, uint8_t(0)));
  return it != s.loops.end() && it->first == block && it->second == 0;
}

bool FunctionAnalysis::loop_test(uint32_t block, const Instruction &br) const {
  for (const auto &[head, body] : m_cur->loop_body)
    if (body.test(block) && br.targets.size() == 2 && body.test(br.targets[0]) != body.test(br.targets[1]))
      return true;
  return false;
}

bool fold_constants(OpName op, int64_t ca, int64_t cb, const Type &t, int64_t &out) {
  auto ua = static_cast<uint64_t>(ca), ub = static_cast<uint64_t>(cb);
  bool ok = true;
  uint64_t r = 0;
  switch (op) {
  case OpName::Add: r = ua + ub; break;
  case OpName::Sub:
  case OpName::PtrDiff: r = ua - ub; break;
  case OpName::Mul: r = ua * ub; break;
  case OpName::And: r = ua & ub; break;
  case OpName::Or: r = ua | ub; break;
  case OpName::Xor: r = ua ^ ub; break;
  case OpName::Div:
  case OpName::Mod: {
    // C's division truncates toward zero, signed or not (no INT_MIN / -1).
    if (cb == 0 || (t.is_signed && cb == -1 && ca == INT64_MIN)) {
      ok = false;
    } else if (t.is_signed) {
      r = static_cast<uint64_t>(op == OpName::Div ? ca / cb : ca % cb);
    } else {
      r = op == OpName::Div ? ua / ub : ua % ub;
    }
    break;
  }
  case OpName::Shl: ok = ub < 64; r = ok ? ua << ub : 0; break;
  case OpName::Shr:
    ok = ub < 64;
    r = !ok ? 0 : t.is_signed ? static_cast<uint64_t>(ca >> ub) : ua >> ub;
    break;
  case OpName::Min: r = t.is_signed ? static_cast<uint64_t>(std::min(ca, cb)) : std::min(ua, ub); break;
  case OpName::Max: r = t.is_signed ? static_cast<uint64_t>(std::max(ca, cb)) : std::max(ua, ub); break;
  default: ok = false; break;
  }
  if (!ok)
    return false;
  out = in_width(t, r);
  return true;
}

SvalId FunctionAnalysis::read_same_place(const State &s, const std::string &key, std::string *where) const {
  const bool first_field = key.size() > 2 && key.compare(key.size() - 2, 2, ".0") == 0;
  std::string other = first_field ? key.substr(0, key.size() - 2) : key + ".0";
  const SvalId v = read_memory(s, other);
  if (!v || m_svals[v].kind == SK::Aggregate)
    return 0;
  if (where)
    *where = std::move(other);
  return v;
}

SvalId FunctionAnalysis::first_read(State &s, const std::string &key, uint32_t uid) {
  const SvalId v = key[0] != 'L' || set_contains(s.exposed, key_base(key))
                       ? conjure(s, uid)
                       : m_svals.get(SK::Init, m_svals.string_id(key));
  // (Kept beside what binds the place around it: that still holds.)
  const RegionId r = intern_region(key);
  set_binding(s.memory, r, v);
  if (!s.changed.empty())
    note_reread(s, r, v);
  return v;
}

const std::string &FunctionAnalysis::branch_text(uint32_t uid, const Instruction &br, bool taken, bool why) {
  const uint64_t key = (static_cast<uint64_t>(uid) << 2) | (taken ? 2u : 0u) | (why ? 1u : 0u);
  auto it = m_branch_texts.find(key);
  if (it == m_branch_texts.end())
    it = m_branch_texts
             .emplace(key, std::string("following %<") + (taken ? "true" : "false") + "%> branch" +
                               (why ? when_text(br, taken) : "") + "...")
             .first;
  return it->second;
}

bool FunctionAnalysis::may_be_any_value(const State &s, SvalId v) const {
  for (size_t c = 0; c < m_checkers.size(); ++c)
    if (const StateId st = map_get<StateId>(s.sm[c], v, 0); st && m_checkers[c]->may_be_any_value(st))
      return true;
  return false;
}

const std::string &FunctionAnalysis::switch_text(uint32_t uid, const Instruction &sw, size_t k) {
  const uint64_t key = (static_cast<uint64_t>(uid) << 24) | std::min<size_t>(k, 0xffffff);
  auto it = m_switch_texts.find(key);
  if (it == m_switch_texts.end()) {
    std::string label = "default";
    if (k < sw.cases.size()) {
      const SwitchCase &c = sw.cases[k];
      label = "case " + std::to_string(c.lo) + (c.hi != c.lo ? " ... " + std::to_string(c.hi) : "");
    }
    it = m_switch_texts.emplace(key, "following %<" + label + ":%> branch...").first;
  }
  return it->second;
}

const std::string &FunctionAnalysis::operand_text(uint32_t uid, uint32_t k, const Operand &o) {
  const uint64_t key = (static_cast<uint64_t>(uid) << 2) | k;
  auto it = m_operand_texts.find(key);
  if (it == m_operand_texts.end())
    it = m_operand_texts.emplace(key, m_cur->namer.operand(o)).first;
  return it->second;
}

std::string FunctionAnalysis::when_text(const Instruction &br, bool taken) {
  OpName op = taken ? br.op : invert_comparison(br.op);
  const Operand &a = br.operands[0];
  const Operand &b = br.operands[1];
  std::string ta = m_cur->namer.operand(a);
  bool a_ptr = a.is_temp() && a.id < fn().temps.size() && fn().temps[a.id].type.is_pointer();
  if (b.kind == OpKind::Null || (a_ptr && b.kind == OpKind::Int && b.value == 0)) {
    if (ta.empty())
      return "";
    if (op == OpName::Eq)
      return " (when " + quote_expr(ta) + " is NULL)";
    if (op == OpName::Ne)
      return " (when " + quote_expr(ta) + " is non-NULL)";
  }
  ta = m_cur->namer.compared(a);
  std::string tb = m_cur->namer.compared(b);
  if (ta.empty() || tb.empty())
    return "";
  return " (when " + quote_expr(ta + " " + comparison_symbol(op) + " " + tb) + ")";
}

void FunctionAnalysis::deref(State &s, const Instruction &in, uint32_t uid, const Loc &loc) {
  if (in.place.base != PlaceBase::Deref)
    return;
  // buffer[i] uses the allocation 'buffer' points to.
  SvalId v = root_of(operand_value(s, in.place.pointer));
  const std::string &expr = texts(uid, in).back();
  for (size_t c = 0; c < m_checkers.size(); ++c) {
    Context ctx(*this, s, static_cast<uint8_t>(c), loc);
    m_checkers[c]->on_deref(ctx, v, expr);
  }
  note_deref(s, v, expr, loc);
  // A path that goes on after the dereference had a pointer that is not
  // NULL; a NULL one ends it.
  if (!assume(s, v, OpName::Ne, m_svals.get(SK::Const, 0)))
    m_path_ends = true;
}

void FunctionAnalysis::note_deref(State &s, SvalId v, const std::string &expr, const Loc &loc) {
  // A pointer nothing knew to be NULL or not, nor tracks: a later check of
  // it for NULL in this function comes too late (deref-before-check).
  const uint32_t depth = static_cast<uint32_t>(s.stack.size());
  if (s.approximate || is_address(v) || m_svals[v].kind == SK::Const || is_tracked(s, v) ||
      compare(s, v, OpName::Ne, m_svals.get(SK::Const, 0)) != Tri::Unknown ||
      m_opts.disabled.count(kDerefBeforeCheck.name))
    return;
  const State::Deref d{v, depth, m_step_block, static_cast<uint32_t>(m_svals.string_id(expr))};
  auto it = std::lower_bound(s.derefs.begin(), s.derefs.end(), d);
  if (it != s.derefs.end() && it->v == v && it->depth == depth)
    return;
  s.derefs.insert(it, d);
  RawEvent e = event(RawEvent::Kind::Marker, loc,
                     expr.empty() ? "pointer is dereferenced here" : "pointer " + quote_expr(expr) + " is dereferenced here");
  e.v = v;
  m_cur_events->push_back(std::move(e));
}

void FunctionAnalysis::check_tainted_assertion(const State &s, const Instruction &br, uint32_t uid, const Loc &loc) {
  if (m_opts.disabled.count(kTaintedAssertion.name))
    return;
  // Where each way leads, through blocks that only compute, call and jump
  // on (a message printed first, the Linux kernel's BUG ()): a call to a
  // function that never returns (an assertion's failure handler).
  auto check = [&](uint32_t target, const std::string &way) {
    uint32_t b = target;
    for (int hops = 0; hops < 8 && b < fn().blocks.size(); ++hops) {
      const Block &blk = fn().blocks[b];
      for (const Instruction &in : blk.insns) {
        if (in.opcode != Opcode::Call || in.operands.empty() || in.operands[0].kind != OpKind::Func ||
            in.operands[0].id >= m_module.symbols.size())
          continue;
        const Symbol &sym = m_module.symbols[in.operands[0].id];
        if (!sym.is_noreturn && sym.name != "__builtin_unreachable")
          continue;
        const std::string name = Module::source_name(sym.name);
        // (Told where the assertion fails, as GCC tells it, after why and
        // which way.)
        const size_t before = m_pending.size();
        report_region(kTaintedAssertion, "", in.loc.known() ? in.loc : loc, {},
                      name == "__builtin_unreachable"
                          ? "treating %<__builtin_unreachable%> as an assertion failure handler"
                          : "treating " + quote_expr(name) +
                                " as an assertion failure handler due to %<__attribute__((__noreturn__))%>",
                      {loc, "use of attacker-controlled value for control flow"});
        if (m_pending.size() > before)
          m_pending.back().last_event = {loc, way};
        return true;
      }
      if (blk.insns.empty() || blk.insns.back().opcode != Opcode::Jmp)
        break;
      b = blk.insns.back().targets[0];
    }
    return false;
  };
  if (br.opcode == Opcode::Br) {
    for (size_t k = 0; k < 2 && k < br.targets.size(); ++k)
      if (check(br.targets[k], k == 0 ? "following %<true%> branch..." : "following %<false%> branch..."))
        return;
    return;
  }
  // A switch: its cases, then its default, where the path may go.
  const SvalId v = operand_value(s, br.operands[0]);
  for (size_t k = 0; k < br.cases.size(); ++k) {
    State in_case = s;
    const SwitchCase &c = br.cases[k];
    if (assume(in_case, v, OpName::Ge, m_svals.get(SK::Const, c.lo)) &&
        assume(in_case, v, OpName::Le, m_svals.get(SK::Const, c.hi)) && check(c.target, switch_text(uid, br, k)))
      return;
  }
  State other = s;
  bool feasible = br.cases.size() <= 16;
  for (const SwitchCase &c : br.cases)
    feasible = feasible && assume_not_in(other, v, c.lo, c.hi);
  if (feasible && !br.targets.empty())
    check(br.targets[0], switch_text(uid, br, br.cases.size()));
}

bool FunctionAnalysis::object_created(const State &s, SvalId root, Loc &created) {
  const Sval &r = m_svals[root];
  if (r.kind == SK::LocalAddr) {
    const Local *l = local_of(s, static_cast<uint64_t>(r.a));
    created = l ? l->loc : Loc{};
    return true;
  }
  if (r.kind == SK::GlobalAddr && static_cast<size_t>(r.a) < m_module.symbols.size()) {
    created = m_module.symbols[static_cast<size_t>(r.a)].loc;
    return true;
  }
  if (r.kind == SK::Conjured && r.a >= 0 && is_fresh_allocation(s, root)) {
    const Instruction *in = m_infos.instruction(static_cast<uint32_t>(r.a));
    created = in ? in->loc : Loc{};
    return true;
  }
  return false;
}

bool FunctionAnalysis::distinct_storage(const State &s, SvalId fresh, SvalId other) const {
  if (fresh == kUnknownSval || other == kUnknownSval || !is_fresh_allocation(s, fresh))
    return false;
  if (is_address(other))
    return true;
  // Nothing but the path's own variables holds fresh storage nobody else
  // was given (held in memory that is then forgotten, it escapes): a
  // pointer the function was given, or one read from memory, is another.
  // (A join or a generalization keeps it so: what holds a tracked value
  // stays, and a join lets what the memory it drops held escape. Not
  // freopen's result, its stream argument again.)
  const SvalId root = root_of(other);
  if (root == fresh)
    return false;
  // Two allocations the path holds, neither released, are two objects,
  // whoever else was given them ("node == &list->root", node malloc's,
  // list another's). (One freed may have given its storage to the other.)
  if (is_held(s, fresh) && is_held(s, root))
    return true;
  if (set_contains(s.escaped, fresh))
    return false;
  const Sval &made = m_svals[fresh];
  if (made.kind != SK::Conjured || made.a < 0)
    return false;
  const Instruction *call = m_infos.instruction(static_cast<uint32_t>(made.a));
  if (!call || call->opcode != Opcode::Call || call->operands.empty() ||
      (call->operands[0].kind == OpKind::Func && call->operands[0].id < m_module.symbols.size() &&
       libc::named(m_module.symbols[call->operands[0].id].name, {"freopen"})))
    return false;
  const Sval &r = m_svals[root];
  if (r.kind == SK::Param)
    return true;
  if (r.kind != SK::Conjured || r.a < 0)
    return false;
  const Instruction *read = m_infos.instruction(static_cast<uint32_t>(r.a));
  return read && read->opcode == Opcode::Load;
}

void FunctionAnalysis::check_ptrdiff(const State &s, SvalId a, SvalId b, const Loc &loc) {
  const SvalId ra = root_of(a), rb = root_of(b);
  Loc la, lb;
  if (ra == rb || s.approximate || !object_created(s, ra, la) || !object_created(s, rb, lb))
    return;
  report_region(kPtrDiff, "", loc,
                la.known() ? Origin{la, "underlying object for left-hand side of subtraction created here"} : Origin{});
  if (lb.known() && !m_pending.empty() && m_pending.back().warning == &kPtrDiff)
    m_pending.back().more_notes.push_back({lb, "underlying object for right-hand side of subtraction created here"});
}

SvalId FunctionAnalysis::logical_not(const State &s, SvalId v, uint32_t uid) {
  const SvalId zero = m_svals.get(SK::Const, 0);
  const Tri z = compare(s, v, OpName::Eq, zero);
  return z == Tri::Unknown ? comparison_value(s, v, OpName::Eq, zero, uid)
                           : m_svals.get(SK::Const, z == Tri::True ? 1 : 0);
}

bool FunctionAnalysis::guards_delete(const Instruction &br) const {
  if (br.targets.size() != 2 || br.operands.size() != 2 || !br.operands[0].is_temp() ||
      (br.op != OpName::Ne && br.op != OpName::Eq))
    return false;
  const uint32_t nonnull = br.targets[br.op == OpName::Ne ? 0 : 1];
  if (nonnull >= fn().blocks.size())
    return false;
  for (const Instruction &in : fn().blocks[nonnull].insns) {
    if (in.opcode != Opcode::Call)
      continue;
    // The first call: a destructor or operator delete of the pointer tested
    // (or of the same place read again: "delete[] re->runes_").
    if (in.operands.size() < 2 || in.operands[0].kind != OpKind::Func || in.operands[0].id >= m_module.symbols.size() ||
        !in.operands[1].is_temp())
      return false;
    const uint32_t arg = in.operands[1].id, tested = br.operands[0].id;
    auto load_of = [&](uint32_t t) -> const Place * {
      const Instruction *d = t < m_cur->defs.size() ? m_cur->defs[t] : nullptr;
      return d && d->opcode == Opcode::Load ? &d->place : nullptr;
    };
    if (arg != tested) {
      const Place *pa = load_of(arg), *pt = load_of(tested);
      if (!pa || !pt || !same_place(*pa, *pt))
        return false;
    }
    const std::string &name = m_module.symbols[in.operands[0].id].name;
    return name.rfind("__dt_", 0) == 0 || name.rfind("operator delete", 0) == 0 ||
           name.rfind("__builtin_operator_delete", 0) == 0;
  }
  return false;
}

bool FunctionAnalysis::same_on_every_way(const Operand &tested, uint32_t from, uint32_t to) const {
  const Bitset ways = m_cur->between(from, to);
  const Function &f = fn();
  // The locals the tested value is read from, directly or through the
  // pointers it is read through; false at a phi that joins other values on
  // the way.
  std::vector<uint32_t> locals;
  std::vector<Operand> work{tested};
  for (int steps = 0; !work.empty(); ++steps) {
    const Operand o = work.back();
    work.pop_back();
    if (steps > 32)
      return false;
    if (!o.is_temp() || o.id >= m_cur->defs.size() || !m_cur->defs[o.id])
      continue;
    const Instruction &d = *m_cur->defs[o.id];
    if (d.opcode == Opcode::Phi) {
      for (size_t b = 0; b < f.blocks.size(); ++b)
        if (b != from && ways.test(b) && !f.blocks[b].insns.empty() && &d >= &f.blocks[b].insns.front() &&
            &d <= &f.blocks[b].insns.back())
          return false;
      continue;
    }
    if (d.opcode == Opcode::Copy || d.opcode == Opcode::Unary || d.opcode == Opcode::Binary) {
      work.insert(work.end(), d.operands.begin(), d.operands.end());
      continue;
    }
    if (d.opcode != Opcode::Load)
      continue;
    if (d.place.base == PlaceBase::Local)
      locals.push_back(d.place.id);
    else if (d.place.base == PlaceBase::Deref)
      work.push_back(d.place.pointer);
    for (const Accessor &a : d.place.path)
      if (a.kind == Accessor::Kind::Index)
        work.push_back(a.index);
  }
  if (locals.empty())
    return true;
  // (A local whose address the function takes may also be stored through
  // a pointer, or by a call: "rpp = &redir; ... *rpp = NULL; if (redir)".)
  auto is_local = [&](const Place &p) {
    return p.base == PlaceBase::Local && std::find(locals.begin(), locals.end(), p.id) != locals.end();
  };
  bool address_taken = false;
  for (const Block &b : f.blocks)
    for (const Instruction &in : b.insns)
      address_taken = address_taken || (in.opcode == Opcode::Addr && is_local(in.place)) ||
                      std::any_of(in.operands.begin(), in.operands.end(), [&](const Operand &o) {
                        return o.kind == OpKind::LocalAddr &&
                               std::find(locals.begin(), locals.end(), o.id) != locals.end();
                      });
  for (size_t b = 0; b < f.blocks.size(); ++b)
    if (ways.test(b))
      for (const Instruction &in : f.blocks[b].insns)
        if ((in.opcode == Opcode::Store && is_local(in.place)) ||
            (address_taken && ((in.opcode == Opcode::Store && in.place.base == PlaceBase::Deref) ||
                               in.opcode == Opcode::Call)))
          return false;
  return true;
}

void FunctionAnalysis::check_after_deref(State &s, const Instruction &br, uint32_t uid, SvalId a, SvalId c,
                                         const Loc &loc) {
  // (Nor C++'s own test in "delete p", which tests p before destroying and
  // freeing it: the language's, not the programmer's.)
  if (s.derefs.empty() || s.approximate || br.from_macro || guards_delete(br))
    return;
  OpName op = br.op;
  const SvalId tested_a = a;
  unwrap(a, op, c);
  const SvalId zero = m_svals.get(SK::Const, 0);
  const SvalId ptr = c == zero ? a : (a == zero ? c : 0);
  if (!ptr || (op != OpName::Eq && op != OpName::Ne))
    return;
  // A test the program wrote against NULL: not two pointers compared, one
  // of which the path knows is NULL ("strstr (arg, "set:") == arg").
  if (a == tested_a && br.operands.size() == 2) {
    const Operand &z = c == zero ? br.operands[1] : br.operands[0];
    if (z.kind != OpKind::Null && !(z.kind == OpKind::Int && z.value == 0))
      return;
  }
  const State::Deref key{ptr, static_cast<uint32_t>(s.stack.size()), 0, 0};
  auto it = std::lower_bound(s.derefs.begin(), s.derefs.end(), key);
  if (it == s.derefs.end() || it->v != ptr || it->depth != key.depth)
    return;
  // Only where every way here passed through that dereference, and the
  // pointer tested is the one dereferenced on each of them: not a
  // variable that holds it on one path only ("if (*q) p = q; if (p)": a
  // phi's), nor what a call returned ("if (memchr (p, c, n))"), through
  // copies.
  const Operand &tested = br.operands[0];
  const Instruction *def = nullptr;
  for (Operand o = tested; o.is_temp() && o.id < m_cur->defs.size() && m_cur->defs[o.id];) {
    def = m_cur->defs[o.id];
    if (def->opcode != Opcode::Copy && def->opcode != Opcode::Unary)
      break;
    o = def->operands.empty() ? Operand{} : def->operands[0];
  }
  if (!m_cur->dominates(it->block, m_step_block) ||
      (def && (def->opcode == Opcode::Phi || def->opcode == Opcode::Call)) ||
      !same_on_every_way(tested, it->block, m_step_block))
    return;
  s.derefs.erase(it); // (told once)
  const bool against_null = c == zero || br.operands[1].kind == OpKind::Null;
  report_region(kDerefBeforeCheck, against_null ? operand_text(uid, 0, tested) : "", loc);
  if (!m_pending.empty() && m_pending.back().warning == &kDerefBeforeCheck)
    m_pending.back().v = ptr; // (its marker tells where it was dereferenced)
}

void FunctionAnalysis::step(State &s, uint32_t block, size_t index, const Instruction &in, const Loc &loc) {
  const uint32_t uid = m_cur->uid_base[block] + static_cast<uint32_t>(index);
  m_step_block = block;
  m_step_uid = uid;
  // A result still bound holds last iteration's value, which the new
  // definition overwrites.
  std::vector<std::pair<SvalId, std::string>> overwritten;
  if (in.result && s.temp(in.result))
    overwritten.push_back({s.temp(in.result), leak_text(s, s.temp(in.result), m_cur->temp_text[in.result])});
  auto bind = [&](SvalId v) {
    if (in.result)
      s.bind(in.result, v);
    forget(s, overwritten, {}, loc);
  };
  switch (in.opcode) {
  case Opcode::Copy: {
    // "int x = x;": a variable set to its own unset value, the idiom that
    // tells the compiler it is meant to be (GCC's -Winit-self): not a use.
    const Operand &src = in.operands[0];
    const std::string &name = fn().temps[in.result].name;
    if (!name.empty() && ((src.kind == OpKind::Undef && src.str == name) ||
                          (src.is_temp() && src.id < fn().temps.size() && fn().temps[src.id].name == name &&
                           fn().temps[src.id].var == fn().temps[in.result].var &&
                           m_svals[operand_value(s, src)].kind == SK::Poison))) {
      bind(conjure(s, uid));
      break;
    }
    if (use_operand(s, in.operands[0], loc)) { // reported once: what it gave is unknown now
      bind(conjure(s, uid));
      break;
    }
    SvalId v = operand_value(s, in.operands[0]);
    if (in.operands[0].kind == OpKind::Null && fn().temps[in.result].var)
      m_cur_events->push_back(null_origin(v, in.result, loc));
    check_cast_size(s, v, in.operands[0], fn().temps[in.result].type, loc);
    bind(v);
    break;
  }
  case Opcode::Unary: {
    if (use_operand(s, in.operands[0], loc)) {
      bind(conjure(s, uid));
      break;
    }
    SvalId a = operand_value(s, in.operands[0]);
    int64_t c;
    if (in.op == OpName::Conv) {
      const Type &t = fn().temps[in.result].type;
      const Type &from = in.operands[0].is_temp() ? fn().temps[in.operands[0].id].type : in.operands[0].type;
      double d;
      if (t.kind == TypeKind::Float && from.kind == TypeKind::Int && known_value(s, a, c) &&
          (t.bits == 32 || t.bits == 64)) {
        // (A constant made floating point: "(bytes * 8 - 1) * 0.30103 + 14"
        // with bytes known is one number, computed as the program does.)
        bind(float_value(from.is_signed ? static_cast<double>(c) : static_cast<double>(static_cast<uint64_t>(c)),
                         t.bits));
      } else if (t.kind == TypeKind::Int && from.kind == TypeKind::Float && float_constant(a, d) &&
                 t.bits > 0 && t.bits <= 64 && d > -9.2e18 && d < 9.2e18 && (t.is_signed || d > -1.0)) {
        bind(m_svals.get(SK::Const, in_width(t, static_cast<uint64_t>(static_cast<int64_t>(d)))));
      } else if ((t.kind == TypeKind::Float) != (from.kind == TypeKind::Float)) {
        bind(conjure(s, uid)); // (between floating point and integer: another value)
      } else if (known_value(s, a, c) && t.kind == TypeKind::Int && t.bits > 0 && t.bits < 64) {
        bind(m_svals.get(SK::Const, in_width(t, static_cast<uint64_t>(c))));
      } else {
        bind(a);
      }
    } else if (known_value(s, a, c) && in.op == OpName::Neg) {
      bind(m_svals.get(SK::Const, static_cast<int64_t>(0ull - static_cast<uint64_t>(c))));
    } else if (known_value(s, a, c) && in.op == OpName::Not) {
      bind(m_svals.get(SK::Const, in_width(fn().temps[in.result].type, ~static_cast<uint64_t>(c))));
    } else if (in.op == OpName::LNot || (in.op == OpName::Not && fn().temps[in.result].type.is_bool())) {
      // (~b of a one-bit unsigned bool, as C++'s !b is lowered, is !b.)
      bind(logical_not(s, a, uid));
    } else if (const SvalId flipped = in.op == OpName::Not ? bits_flipped(a, fn().temps[in.result].type) : 0) {
      // (~x is x with every bit flipped: "~flags & 4" tests flags' bit.)
      bind(flipped);
    } else if (in.op == OpName::Abs && a != kUnknownSval && m_svals[a].kind != SK::Const) {
      // |x| is one value however often it is computed (fabs (err) twice),
      // as a const function's result is (a: no symbol's, -1 - the op).
      // (Of a signed integer, not negative: |INT_MIN| overflows.)
      const SvalId r = m_svals.get(SK::Pure, -1 - static_cast<int64_t>(OpName::Abs), m_svals.list_id({a}));
      const Type &t = fn().temps[in.result].type;
      if (t.kind == TypeKind::Int && t.is_signed)
        assume(s, r, OpName::Ge, m_svals.get(SK::Const, 0));
      bind(r);
    } else if (const Type &t = fn().temps[in.result].type;
               in.op == OpName::Neg && t.kind == TypeKind::Int && t.is_signed && a != kUnknownSval &&
               m_svals[a].kind != SK::Poison) {
      // -x of a signed x keeps its range, turned round ("size < 0 ?
      // -size : size" is not negative either way; -INT_MIN overflows).
      const SvalId r = conjure(s, uid);
      int64_t lo, hi;
      range_of(s, a, lo, hi);
      if (hi != INT64_MAX)
        assume(s, r, OpName::Ge, m_svals.get(SK::Const, -hi));
      if (lo != INT64_MIN)
        assume(s, r, OpName::Le, m_svals.get(SK::Const, -lo));
      bind(r);
    } else {
      bind(conjure(s, uid));
    }
    break;
  }
  case Opcode::Binary: {
    auto poison = [&](const Operand &o) { return m_svals[operand_value(s, o)].kind == SK::Poison; };
    if (is_comparison(in.op) && (poison(in.operands[0]) || poison(in.operands[1])) && short_circuited(s, block, in)) {
      // (Its value decides nothing: 0 leaves the | or & the other part's.)
      bind(m_svals.get(SK::Const, 0));
      break;
    }
    if (use_operand(s, in.operands[0], loc) | use_operand(s, in.operands[1], loc)) {
      bind(conjure(s, uid));
      break;
    }
    if ((in.op == OpName::And || in.op == OpName::Or) && fn().temps[in.result].type.is_bool() &&
        split_truth(s, in, loc))
      break;
    if ((in.op == OpName::Min || in.op == OpName::Max) && split_min_max(s, in, loc))
      break;
    if (in.op == OpName::PtrAdd && in.result) {
      // (Its parts, while the block runs: vague_place.)
      int64_t k;
      const SvalId base = operand_value(s, in.operands[0]), index = operand_value(s, in.operands[1]);
      if (base && index && !known_value(s, index, k))
        m_pointer_parts.push_back({in.result, base, index});
    }
    if ((in.op == OpName::Shl || in.op == OpName::Shr) && (in.operands[1].is_temp() || in.operands[1].kind == OpKind::Int))
      check_shift(s, in, loc);
    // (An integer division: a floating-point one by zero gives an
    // infinity or a NaN, as IEEE 754 defines.)
    if ((in.op == OpName::Div || in.op == OpName::Mod) && fn().temps[in.result].type.kind == TypeKind::Int)
      use_value(s, UseKind::Divisor, in.operands[1], loc);
    else if (in.op == OpName::PtrAdd && !offset_stays_inside(s, in.operands[0], in.operands[1])) {
      const size_t before = m_pending.size();
      use_value(s, UseKind::Offset, in.operands[1], loc);
      if (m_pending.size() > before) {
        int64_t off;
        note_capacity(s, constant_offset(operand_value(s, in.operands[0]), off), 0, before);
      }
    }
    SvalId a = operand_value(s, in.operands[0]);
    SvalId b = operand_value(s, in.operands[1]);
    if (in.op == OpName::PtrDiff) {
      check_ptrdiff(s, a, b, loc);
      // Two places a known number of bytes from one start ("param -
      // array" after "param = array + 1"), or two equal addresses: their
      // distance.
      int64_t oa, ob, d;
      const SvalId ra = constant_offset(a, oa), rb = constant_offset(b, ob);
      if (ra && ra == rb && !__builtin_sub_overflow(oa, ob, &d)) {
        bind(m_svals.get(SK::Const, d));
        break;
      }
    }
    // An integer divisor that holds the constant zero on the path (a
    // variable set to 0, a function that returns 0; a literal 0 is the
    // compiler's own -Wdiv-by-zero): undefined; the result is unknown.
    // (Not one a branch only constrained to zero: the engine does not keep
    // "len = n * size", so "if (!size) return len ? len / size : 0;" would
    // look like one.)
    if ((in.op == OpName::Div || in.op == OpName::Mod) && in.operands[1].is_temp() &&
        fn().temps[in.operands[1].id].type.kind == TypeKind::Int && !s.approximate && !s.loop_assumed &&
        m_svals[b].kind == SK::Const && m_svals[b].a == 0) {
      report_region(kDivByZero, operand_text(uid, 1, in.operands[1]), loc);
      bind(conjure(s, uid));
      break;
    }
    // (One the path knows is 0 by what branches taught it, a size an
    // allocation found 0 then "(n + bs - 1) / bs": no run goes past it.
    // Reported, it could be a relation the engine does not keep.)
    if ((in.op == OpName::Div || in.op == OpName::Mod) && in.operands[1].is_temp() && b && b != kUnknownSval &&
        fn().temps[in.result].type.kind == TypeKind::Int &&
        compare(s, b, OpName::Eq, m_svals.get(SK::Const, 0)) == Tri::True) {
      m_path_ends = true;
      break;
    }
    int64_t ca = 0, cb = 0;
    bool ka = known_value(s, a, ca), kb = known_value(s, b, cb);
    // Arithmetic on floating-point constants, in the type's precision.
    if (double da, db; fn().temps[in.result].type.kind == TypeKind::Float && float_constant(a, da) &&
                       float_constant(b, db) &&
                       (in.op == OpName::Add || in.op == OpName::Sub || in.op == OpName::Mul || in.op == OpName::Div)) {
      const uint32_t bits = fn().temps[in.result].type.bits;
      if (bits == 32 || bits == 64) {
        auto apply = [&](auto x, auto y) -> double {
          return in.op == OpName::Add ? x + y : in.op == OpName::Sub ? x - y : in.op == OpName::Mul ? x * y : x / y;
        };
        bind(float_value(bits == 32 ? apply(static_cast<float>(da), static_cast<float>(db)) : apply(da, db), bits));
        break;
      }
    }
    if (is_comparison(in.op)) {
      Tri t;
      if (unsigned_beyond_signed(s, in, a, b, t)) {
        bind(t != Tri::Unknown ? m_svals.get(SK::Const, t == Tri::True ? 1 : 0) : conjure(s, uid));
        break;
      }
      assume_unsigned(s, in);
      t = compare(s, a, in.op, b);
      if (t == Tri::Unknown)
        t = compare_rewritten(s, in.operands[0], in.op, in.operands[1]);
      if (t != Tri::Unknown)
        bind(m_svals.get(SK::Const, t == Tri::True ? 1 : 0));
      else
        bind(comparison_value(s, a, in.op, b, uid));
      break;
    }
    if (in.op == OpName::PtrAdd) {
      // (Not named by the sum's index, as an element's address is: a
      // pointer stepped by arithmetic names no place a later test
      // computes again, and named, its states would not meet.)
      bind(offset_value(a, kb ? cb : kUnknownOffset));
      break;
    }
    // x * 0 and x & 0 are 0 whatever x is ("len = n * size" where the
    // path knows size is 0).
    if ((in.op == OpName::Mul || in.op == OpName::And) && ((ka && ca == 0) || (kb && cb == 0)) &&
        fn().temps[in.result].type.kind == TypeKind::Int) {
      bind(m_svals.get(SK::Const, 0));
      break;
    }
    if (int64_t r = 0; ka && kb && fold_constants(in.op, ca, cb, fn().temps[in.result].type, r)) {
      bind(m_svals.get(SK::Const, r));
      break;
    }
    // x | 0, x ^ 0, x + 0, x - 0, x << 0, x >> 0, x * 1, x / 1 and x & ~0
    // are x ("acc |= bits[i]" on a set emptied first is what was merged).
    if (ka != kb && fn().temps[in.result].type.kind == TypeKind::Int) {
      const Type &rt = fn().temps[in.result].type;
      const Operand &xo = in.operands[ka ? 1 : 0];
      const Type &xt = xo.is_temp() ? fn().temps[xo.id].type : xo.type;
      const int64_t c = ka ? ca : cb;
      const bool commutes = in.op == OpName::Or || in.op == OpName::Xor || in.op == OpName::Add ||
                            in.op == OpName::Mul || in.op == OpName::And;
      const bool neutral =
          (c == 0 && (in.op == OpName::Or || in.op == OpName::Xor || in.op == OpName::Add || in.op == OpName::Sub ||
                      in.op == OpName::Shl || in.op == OpName::Shr)) ||
          (c == 1 && (in.op == OpName::Mul || in.op == OpName::Div)) ||
          (in.op == OpName::And && rt.bits > 0 && rt.bits <= 64 && c == in_width(rt, ~0ull));
      if (neutral && (commutes || kb) && xt.kind == TypeKind::Int && xt.bits == rt.bits &&
          xt.is_signed == rt.is_signed && (ka ? b : a) != kUnknownSval) {
        bind(ka ? b : a);
        break;
      }
    }
    // b ^ 1 of a bool is !b (how GCC negates a _Bool or a C++ bool): a
    // branch on it learns b.
    if (in.op == OpName::Xor && ka != kb && (ka ? ca : cb) == 1 && fn().temps[in.result].type.is_bool()) {
      bind(logical_not(s, ka ? b : a, uid));
      break;
    }
    const Type &rt = fn().temps[in.result].type;
    // x & c, x | c and x ^ c: the bits of x, masked, set or flipped, in
    // one form whatever the order ("~flags & 4" after "flags |= 8" is
    // what "flags & 4" was found to be; "x & 0xff" is in [0, 255]).
    if (ka != kb && rt.kind == TypeKind::Int && (in.op == OpName::And || in.op == OpName::Or || in.op == OpName::Xor)) {
      if (const SvalId r = bits_value(ka ? b : a, in.op, ka ? ca : cb, rt.bits)) {
        bind(r);
        break;
      }
    }
    // x / c, x >> c and x % c for a constant c > 0: the value derived
    // from x, whose range follows x's ("blocks = length / 16", then
    // "length >= 16": blocks >= 1).
    // (Also x * c where the product cannot wrap unseen: in 64 bits, or
    // signed, whose overflow is undefined: "n * sizeof (int)".)
    if (!ka && kb && cb > 0 && rt.kind == TypeKind::Int &&
        (in.op == OpName::Div || in.op == OpName::Shr || in.op == OpName::Mod ||
         (in.op == OpName::Mul && (rt.bits >= 64 || rt.is_signed)))) {
      if (derivable(a)) {
        bind(m_svals.get(SK::OpConst, cb, static_cast<int64_t>(in.op), a));
        break;
      }
    }
    // (x << c likewise, as x * 2^c: "num_types << 6".)
    if (!ka && kb && cb > 0 && cb < 62 && rt.kind == TypeKind::Int && in.op == OpName::Shl &&
        (rt.bits >= 64 || rt.is_signed) && derivable(a)) {
      bind(m_svals.get(SK::OpConst, int64_t{1} << cb, static_cast<int64_t>(OpName::Mul), a));
      break;
    }
    // x + c and x - c keep x's range, moved by c ("M.n = N->n - 8" after
    // "N->n > 8": M.n >= 1), where that cannot wrap. Inside a loop only a
    // sum the code just compares, of a value that is not such a sum: a
    // loop's guard computes "n - 1" again at each test and must find what
    // the last test learned; a counter's "i + 1" of "i + 1" would grow
    // without end (counters are widened to stop them).
    const bool in_loop = std::any_of(m_cur->loop_body.begin(), m_cur->loop_body.end(),
                                     [&](const auto &l) { return l.second.test(block); });
    if (((in.op == OpName::Add && ka != kb) || (in.op == OpName::Sub && kb && !ka)) &&
        (!in_loop || (m_cur->compared_only.test(in.result) && m_svals[ka ? b : a].kind != SK::Plus))) {
      const SvalId x = ka ? b : a;
      const int64_t c = ka ? ca : cb;
      // An integer moved by a constant: the sum of x and c, so that what
      // is known of one is known of the other ("nOld = i + 1").
      // (In 64 unsigned bits only a small step up: of a value the path
      // knows nothing of, the sum's own facts are kept, as of an unknown
      // in [0, INT64_MAX], and what needs it to wrap is told apart
      // (needs_wrap); of one known not negative, at most INT64_MAX as the
      // engine takes such values, it cannot wrap.)
      const Type &rt = fn().temps[in.result].type;
      auto wide_step = [&]() {
        int64_t xlo, xhi;
        range_of(s, x, xlo, xhi);
        return rt.bits == 64 && in.op == OpName::Add && c > 0 && c <= INT32_MAX &&
               ((xlo == INT64_MIN && xhi == INT64_MAX) || xlo >= 0);
      };
      if (rt.kind == TypeKind::Int && rt.bits >= 8 && (rt.is_signed ? rt.bits <= 64 : rt.bits < 64 || wide_step()) &&
          c != INT64_MIN && derivable(x)) {
        if (const SvalId r = plus_value(x, in.op == OpName::Sub ? -c : c, plus_type(rt.bits, rt.is_signed))) {
          bind(r);
          break;
        }
      }
      int64_t lo, hi, nlo, nhi;
      range_of(s, x, lo, hi);
      const Type &type = fn().temps[in.result].type;
      const bool sub = in.op == OpName::Sub;
      if ((lo != INT64_MIN || hi != INT64_MAX) && type.kind == TypeKind::Int && type.bits >= 32 &&
          c != INT64_MIN) {
        const SvalId r = conjure(s, uid);
        const int64_t d = sub ? -c : c;
        const int64_t type_min = type.is_signed ? (type.bits >= 64 ? INT64_MIN : -(int64_t{1} << (type.bits - 1))) : 0;
        const int64_t type_max = type.bits >= 63 ? INT64_MAX : (int64_t{1} << (type.is_signed ? type.bits - 1 : type.bits)) - 1;
        const bool lo_ok = lo != INT64_MIN && !__builtin_add_overflow(lo, d, &nlo) && nlo >= type_min;
        const bool hi_ok = hi != INT64_MAX && !__builtin_add_overflow(hi, d, &nhi) && nhi <= type_max;
        // Both ends must stay in the type, or the sum may wrap.
        if (lo_ok && (hi_ok || (d <= 0 && hi <= type_max))) {
          assume(s, r, OpName::Ge, m_svals.get(SK::Const, nlo));
          if (hi_ok)
            assume(s, r, OpName::Le, m_svals.get(SK::Const, nhi));
        } else if (hi_ok && d >= 0 && lo >= type_min && lo != INT64_MIN) {
          assume(s, r, OpName::Le, m_svals.get(SK::Const, nhi));
        }
        bind(r);
        break;
      }
    }
    // A tracked value as a bit's position ("1UL << fd % 64", FD_SET): the
    // program keeps it in a set of bits now, where it cannot be followed.
    if (in.op == OpName::Shl)
      for (SvalId v = b; v; v = derived_base(v))
        if (is_tracked(s, v)) {
          escape_value(s, v);
          break;
        }
    {
      const SvalId r = conjure(s, uid);
      // An odd constant shifted left ("postfix = 1u << npostfix") keeps
      // its lowest bit inside the type for every count the shift defines
      // (one below the width): it is not 0, and at least 1 unsigned.
      if (in.op == OpName::Shl && ka && !kb && (ca & 1) && rt.kind == TypeKind::Int) {
        assume(s, r, OpName::Ne, m_svals.get(SK::Const, 0));
        if (!rt.is_signed)
          assume(s, r, OpName::Ge, m_svals.get(SK::Const, 1));
      }
      bind(r);
    }
    break;
  }
  case Opcode::Load: {
    if (uses_poison(s, in.place, loc) || uses_stale(s, in.place, loc)) {
      bind(conjure(s, uid));
      break;
    }
    deref(s, in, uid, loc);
    use_indices(s, in.place, loc);
    check_bounds(s, in.place, false, loc);
    std::string key = local_key(s, in.place);
    if (in.place.base == PlaceBase::Deref)
      first_part_key(s, key, fn().temps[in.result].type);
    SvalId v = key.empty() ? literal_byte(s, in.place, fn().temps[in.result].type.is_signed) : read_memory(s, key);
    // (What the path itself stored there, or read before: the value as it
    // was, not something new read through the pointer.)
    const bool bound = v && !key.empty();
    if (!v && !key.empty() && m_any_fill && !s.memory.empty()) {
      // Inside memory a call filled (fread's buffer): a part of it.
      v = blob_read(s, key);
      if (v && m_svals[v].kind == SK::Part) {
        write_memory(s, key, v); // read again, the same value
        m_key_text.emplace(text_key(s, key), m_cur->namer.place(in.place));
        derive(s, v, m_svals[v].base, 0, loc);
      }
    }
    // Read through a pointer a checker tracks (argv, getenv's result):
    // derived from it, for checkers that say so.
    const SvalId through = in.place.base == PlaceBase::Deref ? root_of(operand_value(s, in.place.pointer)) : 0;
    if (!v && !key.empty() && key[0] == 'G')
      v = table_entry(key);
    TypeKind tk = fn().temps[in.result].type.kind;
    const bool whole = tk == TypeKind::Record || tk == TypeKind::Array;
    if (!v && !s.uninit.empty()) {
      // Memory nothing has written yet: in storage unwritten since it was
      // made, with no binding at, around or (for a whole struct, or an
      // unknown element) inside the place. (A whole struct copied is a
      // use, as GCC counts it: a parser's "yyval = yyvsp[1 - yylen]" of an
      // empty rule copies a never-written slot.)
      const SvalId root = place_root(s, in.place);
      // (An unknown element, or bits of a word: somewhere in the storage.)
      const bool vague = key.empty() || key.find('?') != std::string::npos;
      std::string prefix = key;
      if (vague && in.place.base == PlaceBase::Local)
        prefix = "L" + std::to_string(local_id(s, in.place.id));
      else if (vague)
        prefix = root ? pointee_key(root) : "";
      const Local *local =
          m_svals[root].kind == SK::LocalAddr ? local_of(s, static_cast<uint64_t>(m_svals[root].a)) : nullptr;
      // (Not the compiler's own temporaries: 'D.1993' means nothing to a reader.)
      const bool named = !local || (local->named_by_user() && local->type.size != 0);
      if (root && named && set_contains(s.uninit, root) && !prefix.empty() && !enclosing_value(s, prefix) &&
          (!(whole || vague) || !bound_inside(s, prefix)) && (vague || whole || !read_memory(s, key + ".0")) &&
          (vague || whole || laid_out_alike(s, key)) && !union_written(s, in.place) &&
          // (A byte reached by pointer arithmetic may lie inside a wider
          // write: only a named field or an element is compared.)
          (vague || whole || !in.place.path.empty() || !bound_inside(s, key.substr(0, key_base_end(key))))) {
        report_uninit(s, m_cur->namer.place(in.place), local ? local->loc : Loc{}, loc);
        // Unknown from now on, but not something code elsewhere decided:
        // a branch on it is the program's own.
        v = vague ? conjure(s, uid) : m_svals.get(SK::Init, m_svals.string_id(key));
      }
    }
    if (!v && !key.empty() && !whole)
      v = read_same_place(s, key);
    // A struct or array read as a whole is the memory that holds it (read
    // through a pointer too: "prefs = *p" must not bind *p as one value,
    // which would drop what is known of p->level).
    if (!key.empty() && whole &&
        (!v || m_svals[v].kind != SK::Aggregate)) {
      v = m_svals.get(SK::Aggregate, m_svals.string_id(key));
    } else if (!v && !key.empty() && inside_zeros(s, key)) {
      v = m_svals.get(SK::Const, 0); // a field of a struct filled with zeros ("s = {}")
    } else if (!v && !key.empty()) {
      // (Read before at an index the path has learned since, "t[c]"
      // then "c == 0", nothing written since: what was read.)
      if (!s.vague_reads.empty())
        v = read_before(s, in.place);
      if (v)
        set_binding(s.memory, intern_region(key), v);
      else
        v = first_read(s, key, uid);
    } else if (!v && in.place.base == PlaceBase::Local) {
      // Read through an unknown index: it may be any element, so what the
      // elements hold may now be used (and freed) through the result.
      escape_local(s, local_id(s, in.place.id));
    }
    if (!v && key.empty() && m_any_fill && !s.memory.empty()) {
      // Any element of memory a call filled: derived from all of it.
      if (const SvalId blob = blob_under(s, in.place)) {
        v = conjure(s, uid);
        derive(s, v, m_svals[blob].kind == SK::Part ? m_svals[blob].base : blob, 0, loc);
      }
    }
    // (The same place at the same unknown index, nothing written since:
    // the same value.)
    State::VagueRead vague{};
    const bool memo = !v && key.empty() && !whole && vague_place(s, in.place, vague);
    if (memo)
      v = s.read_again(vague);
    if (!v) {
      v = conjure(s, uid);
      table_read(s, in.place, uid, v);
      if (memo) {
        vague.value = v;
        s.remember_read(vague);
      }
    }
    bind(v);
    if (through && !bound && is_tracked(s, through))
      derive(s, v, through, 0, loc);
    break;
  }
  case Opcode::Store: {
    forget_vague_reads(s, in);
    // (A write through a pointer into a returned frame is as wrong as a
    // read.)
    if (uses_poison(s, in.place, loc) || uses_stale(s, in.place, loc))
      break;
    check_writable(s, in.place, loc);
    deref(s, in, uid, loc);
    use_indices(s, in.place, loc);
    check_bounds(s, in.place, true, loc);
    SvalId v = use_operand(s, in.operands[0], loc) ? conjure(s, uid) : operand_value(s, in.operands[0]);
    std::string key = local_key(s, in.place);
    const Type &value_type = in.operands[0].is_temp() ? fn().temps[in.operands[0].id].type : in.operands[0].type;
    // (Through a pointer: "store $a, 0" of the variable itself clears it
    // whole, as a 0 of a struct's or an array's type does.)
    if (in.place.base == PlaceBase::Deref)
      first_part_key(s, key, value_type);
    // (A write anywhere but this function's own locals may change what a
    // recursive call of it sees.)
    if (in.place.base != PlaceBase::Local || set_contains(s.exposed, local_id(s, in.place.id)))
      ++s.effects;
    // Written: a place memory names keeps its binding (the rest of the
    // storage stays unwritten); anywhere else, the storage as a whole.
    // (Also a whole struct or array given one wide scalar: how GCC copies
    // "memcpy (&s, p, sizeof s)", every byte at once.)
    const bool whole_by_scalar = in.place.base == PlaceBase::Local && in.place.path.empty() &&
                                 in.place.id < fn().locals.size() &&
                                 (fn().locals[in.place.id].type.kind == TypeKind::Record ||
                                  fn().locals[in.place.id].type.kind == TypeKind::Array) &&
                                 in.operands[0].is_temp() &&
                                 fn().temps[in.operands[0].id].type.size >= fn().locals[in.place.id].type.size;
    // (And a struct, whatever is known of it, or a scalar stored through
    // a pointer or given to a whole struct or array: how many bytes it
    // covers, keys do not say, and a narrower element read inside it
    // ("memcpy (buf, &t, 8)" of ints; "p->n" with p = &a[0]) is not
    // unwritten.)
    const bool unsized = value_type.kind == TypeKind::Record || value_type.kind == TypeKind::Array ||
                         (in.place.path.empty() && m_svals[v].kind != SK::Aggregate &&
                          (in.place.base == PlaceBase::Deref ||
                           (in.place.base == PlaceBase::Local && in.place.id < fn().locals.size() &&
                            (fn().locals[in.place.id].type.kind == TypeKind::Record ||
                             fn().locals[in.place.id].type.kind == TypeKind::Array))));
    if (!s.uninit.empty() && (key.empty() || m_svals[v].kind == SK::Aggregate || in.operands[0].kind == OpKind::Str ||
                              whole_by_scalar || unsized))
      if (const SvalId root = place_root(s, in.place))
        set_erase(s.uninit, root);
    // A scalar stored through a pointer to the start of a struct whose
    // fields memory describes is its first field ("&obj->first" is "obj"),
    // not the whole struct.
    const TypeKind stored = in.operands[0].is_temp() ? fn().temps[in.operands[0].id].type.kind : TypeKind::Unknown;
    if (!key.empty() && key_base_end(key) == key.size() && m_svals[v].kind != SK::Aggregate &&
        stored != TypeKind::Record && stored != TypeKind::Array) {
      // (Some field of it is bound.)
      const RegionId whole = m_regions.find(key);
      if (whole && std::any_of(s.memory.begin(), s.memory.end(), [&](const auto &m) {
            return m_regions.base(m.first) == whole && m_regions.steps(m.first).substr(0, 1) == ".";
          }))
        key += ".0";
    } else if (!key.empty() && key_base_end(key) < key.size() && key[key_base_end(key)] == '.') {
      // ...and the other way round: a scalar bound to the whole struct
      // through such a pointer is its first field, which a store to
      // another field leaves alone.
      const std::string whole = key.substr(0, key_base_end(key));
      const SvalId held = read_memory(s, whole);
      if (held && m_svals[held].kind != SK::Aggregate && m_svals[held].kind != SK::Blob &&
          !(m_svals[held].kind == SK::Const && m_svals[held].a == 0) &&
          key.compare(whole.size(), 2, ".0") != 0) {
        set_binding(s.memory, m_regions.find(whole), 0);
        write_memory(s, whole + ".0", held);
      }
    }
    // Stored where code elsewhere can read it (not memory only this path
    // or the caller knows of, not an unexposed local), what is stored
    // escapes: asked once written (the write may change what is private).
    // A global keeps it reachable instead (until code elsewhere may change
    // the global).
    auto read_elsewhere = [&]() {
      return (key[0] == 'S' && !private_region(s, key) && !caller_visible(key)) ||
             (key[0] == 'L' && set_contains(s.exposed, key_base(key)));
    };
    if (!key.empty() && m_svals[v].kind == SK::Aggregate) {
      // A struct copy between locals copies what the fields hold; copied
      // where code elsewhere can read it, what they hold escapes, as a
      // scalar stored there does ("*(stack.top++) = node" into storage a
      // growth helper gave).
      copy_fields(s, m_svals.string_at(m_svals[v].a), key, m_cur->namer.place(in.place));
      if (read_elsewhere())
        escape_value(s, v);
    } else if (!key.empty()) {
      if (key[0] != 'L' && !private_region(s, key)) {
        // Outside the function's own locals: another pointer, a global or an
        // exposed local may name the same memory; forget what they held.
        // (Not so for a fresh allocation nobody else knows of.)
        forget_other_regions(s, key);
        for (SvalId l : std::vector<SvalId>(s.exposed))
          forget_local(s, l, true);
      }
      // What the place held before is dropped (a leak if nothing else
      // holds it).
      std::vector<std::pair<SvalId, std::string>> overwritten;
      const RegionId written = intern_region(key);
      for (size_t k : overlapping(s, written)) {
        const auto &m = s.memory[k];
        if (m.second != v)
          overwritten.push_back({m.second, is_tracked(s, m.second) ? memory_text(s, rk(m.first)) : std::string()});
      }
      write_region(s, written, v);
      // NULL stored into named memory ("xj->b4 = 0"): where a later
      // dereference of that place got its NULL.
      if (in.operands[0].kind == OpKind::Null) {
        RawEvent e = event(RawEvent::Kind::NullOrigin, loc);
        e.v = v;
        // (Into a global: a callee's "g = NULL" reaches its callers as it
        // is; through a pointer, it is too often undone by an invariant.)
        e.stored = key[0] != 'G';
        e.expr = m_cur->namer.place(in.place);
        if (!e.expr.empty()) {
          e.text = quote_expr(e.expr) + " is NULL";
          m_cur_events->push_back(std::move(e));
        }
      }
      if (read_elsewhere())
        escape_value(s, v);
      forget(s, overwritten, {}, loc);
      if (!m_key_text.count(text_key(s, key))) {
        // Name it with the indices' values: 'a.ptrs[1]', not 'a.ptrs[i]'.
        Place named = in.place;
        for (Accessor &a : named.path) {
          int64_t c;
          if (a.kind == Accessor::Kind::Index && known_value(s, operand_value(s, a.index), c))
            a.index = Operand::integer(c, Type::integer(64, true));
        }
        // A callee's store into its caller's variable is named after
        // the variable ('res', not '*res').
        const Local *caller_local = key[0] == 'L' && key_base_end(key) == key.size() &&
                                            (key_base(key) >> kFrameShift) != s.stack.size()
                                        ? local_of(s, key_base(key))
                                        : nullptr;
        const bool user_named = caller_local && caller_local->named_by_user();
        m_key_text.emplace(text_key(s, key), user_named ? caller_local->name : m_cur->namer.place(named));
      }
    } else {
      escape_value(s, v);
      // An element at an index the path does not know (v[i]) may be any
      // of the array's: what they held may be overwritten, or released
      // later through v[j] (a loop that frees what it allocated so far).
      const std::string array = indexed_region_key(s, in.place);
      if (const RegionId r = array.empty() ? 0 : m_regions.find(array)) {
        std::vector<SvalId> held;
        s.memory.erase(std::remove_if(s.memory.begin(), s.memory.end(),
                                      [&](const auto &m) {
                                        if (!m_regions.within(m.first, r))
                                          return false;
                                        held.push_back(m.second);
                                        return true;
                                      }),
                       s.memory.end());
        for (SvalId h : held)
          escape_value(s, h);
      }
      // A write through an unknown pointer may hit any local whose address
      // escaped, and any memory outside the function.
      if (in.place.base != PlaceBase::Local) {
        for (SvalId l : std::vector<SvalId>(s.exposed))
          forget_local(s, l, true);
        forget_other_regions(s, "");
      }
    }
    break;
  }
  case Opcode::Addr: {
    const Place &p = in.place;
    SvalId base;
    int64_t off = 0;
    if (p.base == PlaceBase::Local)
      base = m_svals.get(SK::LocalAddr, local_id(s, p.id));
    else if (p.base == PlaceBase::Global)
      base = m_svals.get(SK::GlobalAddr, p.id);
    else if (p.base == PlaceBase::Str)
      base = m_svals.get(SK::StrAddr, m_svals.string_id(p.pointer.str));
    else {
      base = operand_value(s, p.pointer);
      off = p.offset;
    }
    // (The address of a field of what a pointer points to, "&p->el", is
    // that field: see offset_value.)
    // (Not an element of an array the pointer points to, "&p[7]": that
    // lies beside what it points to.)
    const bool field = p.base == PlaceBase::Deref && p.offset == 0 && !p.path.empty() &&
                       p.path[0].kind == Accessor::Kind::Field;
    // (An element at an index the path knows, "&t[1]", is at its byte
    // offset, where the element's size is known.)
    // (One at an index it does not know, "&t->tab[h]", is named by that
    // index: see indexed_place. The bytes after it count apart.)
    SvalId index = 0;
    int64_t scale = 0, after = 0;
    for (const Accessor &a : p.path) {
      int64_t c, bytes;
      if (off == kUnknownOffset)
        break;
      int64_t &sum = index ? after : off;
      if (a.kind == Accessor::Kind::Field && a.offset >= 0) {
        if (__builtin_add_overflow(sum, a.offset, &sum))
          off = kUnknownOffset;
        continue;
      }
      const SvalId iv = a.kind == Accessor::Kind::Index ? operand_value(s, a.index) : 0;
      if (iv && a.elem_size > 0 && known_value(s, iv, c)) {
        if (__builtin_mul_overflow(c, a.elem_size, &bytes) || __builtin_add_overflow(sum, bytes, &sum))
          off = kUnknownOffset;
      } else if (iv && a.elem_size > 0 && !index) {
        index = iv;
        scale = a.elem_size;
      } else {
        off = kUnknownOffset;
      }
    }
    if (index && off != kUnknownOffset)
      bind(indexed_place(offset_value(base, off, field), index, scale, after));
    else
      bind(offset_value(base, index ? kUnknownOffset : off, field));
    break;
  }
  case Opcode::Call:
    forget_vague_reads(s, in);
    // A variable never set, passed: reported here, not again in the callee.
    for (const Operand &o : in.operands)
      if (use_operand(s, o, loc) && o.is_temp())
        s.bind(o.id, conjure(s, uid));
    // A call through a pointer that is NULL on the path: it never comes
    // back (GCC 13's jump-through-null).
    if (in.operands[0].kind != OpKind::Func && !s.approximate &&
        compare(s, operand_value(s, in.operands[0]), OpName::Eq, m_svals.get(SK::Const, 0)) == Tri::True) {
      // (Told from where the pointer was set to NULL, when the path shows
      // it: "'fn_ptr' is NULL", the branches since.)
      const size_t before = m_pending.size();
      report_region(kJumpThroughNull, texts(uid, in).empty() ? "" : texts(uid, in)[0], loc);
      if (m_pending.size() > before)
        m_pending.back().v = m_svals.get(SK::Const, 0);
      m_path_ends = true;
      break;
    }
    // (Entering a function again as it was entered, nothing changed: the
    // path never comes back.)
    if (infinite_recursion(s, in, loc)) {
      m_path_ends = true;
      break;
    }
    if (enter_call(s, block, index, in, loc)) {
      m_entering = true; // the result is bound on the way back
      break;
    }
    note_call_not_entered(s, in);
    m_after_call = next_loc(block, index, loc);
    bind(on_call(s, in, uid, loc));
    // (A function of the module none of whose paths returns, not stepped
    // into, or one another unit of the project says never returns (its
    // facts: the compiler was not told): the path ends with it.)
    if (const int32_t body = in.operands.empty() ? -1 : m_module.body_of(in.operands[0]);
        body >= 0 && m_summary.never_returns[static_cast<size_t>(body)])
      m_path_ends = true;
    else if (body < 0 && !in.operands.empty() && in.operands[0].kind == OpKind::Func &&
             in.operands[0].id < m_module.symbols.size() && m_module.symbols[in.operands[0].id].is_noreturn)
      m_path_ends = true;
    if (!m_path_ends && enter_callback(s, block, index, in, loc))
      m_entering = true; // back after the call
    break;
  case Opcode::Clobber:
    // main's locals going out of scope as it returns: the program ends,
    // nothing leaks.
    if (in.place.base == PlaceBase::Local && in.place.path.empty() &&
        !(s.stack.empty() && main_returns_after(block, index)))
      purge(s, {}, {local_id(s, in.place.id)}, false, 0, loc);
    break;
  case Opcode::Unknown:
    forget_vague_reads(s, in);
    for (const Operand &o : in.operands)
      escape_value(s, operand_value(s, o));
    bind(in.result ? conjure(s, uid) : 0);
    break;
  case Opcode::Phi: break; // bound on the incoming edge
  default: break;           // terminators: see process()
  }
  // What arithmetic computes from a value some checker tracks (taint).
  // (Not the distance between two pointers: into one object, as C
  // requires, it is bounded by that object's size, whoever chose its
  // bytes: "strchr (path, ':') - path" of a string getenv gave.)
  if (in.result && ((in.opcode == Opcode::Binary && !is_comparison(in.op) && in.op != OpName::PtrAdd &&
                     in.op != OpName::PtrDiff) ||
                    (in.opcode == Opcode::Unary && in.op != OpName::Conv)))
    derive(s, s.temp(in.result), operand_value(s, in.operands[0]),
           in.operands.size() > 1 ? operand_value(s, in.operands[1]) : 0, loc);
  // MIN (x, c) is at most c and at most x; MAX (x, c) at least both ("n = d
  // < 100 ? d : 100", which GCC folds into MIN_EXPR): the bound is learned
  // as a branch would teach it (taint: n has an upper bound).
  if (in.result && in.opcode == Opcode::Binary && (in.op == OpName::Min || in.op == OpName::Max)) {
    const SvalId r = s.temp(in.result), a = operand_value(s, in.operands[0]), b = operand_value(s, in.operands[1]);
    const OpName bound = in.op == OpName::Min ? OpName::Le : OpName::Ge;
    if (r && m_svals[r].kind != SK::Const && r != a && r != b)
      for (SvalId side : {a, b})
        if (side != kUnknownSval && m_svals[side].kind != SK::Poison)
          learn_fact(s, r, bound, side, "", *m_cur_events, loc);
  }
}

void FunctionAnalysis::process(int32_t node_id) {
  const Node &n = m_nodes[node_id];
  set_frame(n.state);
  run_block(node_id, n.state, {}, n.start, n.resumed, n.entry_loc, n.resumed);
}

// Runs the node's block from instruction `start` on. With `resumed`, that
// instruction was already stepped (this is another outcome of it, forked
// by step) and only what follows it is left.
void FunctionAnalysis::run_block(int32_t node_id, State s, std::vector<RawEvent> events, size_t start, bool resumed,
                                 Loc last, bool seen_loc_in_block) {
  m_cur_node = node_id;
  m_cur_events = &events;
  m_pointer_parts.clear();
  const uint32_t block = m_nodes[node_id].block;
  const Block &b = fn().blocks[block];
  const auto &dies = m_cur->live.dies[block];
  for (size_t i = start; i < b.insns.size(); ++i) {
    const Instruction &in = b.insns[i];
    if (in.opcode == Opcode::Phi)
      continue;
    const bool already_stepped = resumed && i == start;
    if (in.loc.known() && !already_stepped) {
      last = in.loc;
      seen_loc_in_block = true;
    }
    // The statement's location, or the last one before it; a scope's end
    // (a clobber) happens where the code after it starts.
    const Loc loc = in.opcode == Opcode::Clobber && !in.loc.known() ? next_loc(block, i, last) : last;
    if (!in.is_terminator()) {
      if (!already_stepped) {
        m_path_ends = false;
        m_forks.clear();
        step(s, block, i, in, loc);
        if (m_path_ends)
          break; // the program ends here (not a leak: like exit)
        // Other outcomes of this instruction go on on their own.
        std::vector<Fork> forks = std::move(m_forks);
        m_forks.clear();
        for (Fork &f : forks) {
          run_block(node_id, std::move(f.state), std::move(f.events), i, true, last, seen_loc_in_block);
          m_cur_node = node_id;
          m_cur_events = &events;
          set_frame(s);
        }
        if (m_entering) { // the path goes on in the callee
          m_entering = false;
          m_entry_own = false;
          enqueue(0, std::move(s), node_id, std::move(events), fn().loc);
          break;
        }
      }
      std::vector<uint32_t> gone = unheld(s, dies[i]);
      // Assigning a variable drops the value it held before, if nothing
      // else still reads that value.
      if (in.result && fn().temps[in.result].var) {
        for (auto &b : s.temps)
          if (b.first != in.result && same_variable(in.result, b.first) &&
              !is_live_after(m_cur->live, fn(), block, i, b.first))
            gone.push_back(b.first);
      }
      if (!gone.empty())
        purge(s, gone, {}, false, 0, loc);
      continue;
    }
    if (in.opcode == Opcode::Br || in.opcode == Opcode::Switch || in.opcode == Opcode::Ret) {
      m_cur_events = &events;
      m_step_block = block;
      for (const Operand &o : in.operands)
        use_operand(s, o, loc);
    }
    switch (in.opcode) {
    case Opcode::Br: {
      SvalId a = operand_value(s, in.operands[0]);
      SvalId c = operand_value(s, in.operands[1]);
      check_after_deref(s, in, m_cur->uid_base[block] + static_cast<uint32_t>(i), a, c, loc);
      Tri t;
      // (Signed ranges say nothing of unsigned values beyond INT64_MAX.)
      const bool beyond = unsigned_beyond_signed(s, in, a, c, t);
      if (!beyond) {
        assume_unsigned(s, in);
        t = compare(s, a, in.op, c);
        if (t == Tri::Unknown)
          t = compare_rewritten(s, in.operands[0], in.op, in.operands[1]);
      }
      if (t == Tri::Unknown && !s.approximate) {
        // (Also through a stored comparison: "ok = valid (n); if (!ok)".)
        SvalId ua = a, uc = c;
        OpName uop = in.op;
        unwrap(ua, uop, uc);
        if (may_be_any_value(s, a) || may_be_any_value(s, c) || may_be_any_value(s, ua) || may_be_any_value(s, uc))
          check_tainted_assertion(s, in, m_cur->uid_base[block] + static_cast<uint32_t>(i), loc);
      }
      for (int dir = 1; dir >= 0; --dir) {
        bool taken = dir == 1;
        if (t != Tri::Unknown && (t == Tri::True) != taken)
          continue;
        State s2 = dir == 0 ? std::move(s) : s; // (the last direction takes the state over)
        std::vector<RawEvent> evs = dir == 0 ? std::move(events) : events; // (as the state)
        OpName op = taken ? in.op : invert_comparison(in.op);
        if (!beyond && !assume(s2, a, op, c))
          continue;
        if (t == Tri::Unknown && !assume_rewritten(s2, in.operands[0], op, in.operands[1], evs, loc))
          continue;
        if (t == Tri::Unknown && !beyond && !assume_above_null(s2, in, op, a, c, evs, loc))
          continue;
        // Tell checkers what the branch learned about NULL (also through a
        // stored comparison: "ok = p != 0; if (ok)").
        if (t == Tri::Unknown) {
          SvalId zero = m_svals.get(SK::Const, 0);
          SvalId ua = a, uc = c;
          OpName uop = op;
          unwrap(ua, uop, uc);
          const SvalId ptr = uc == zero ? ua : (ua == zero ? uc : 0);
          static const std::string kNoText;
          const uint32_t uid = m_cur->uid_base[block] + static_cast<uint32_t>(i);
          const std::string &expr = !ptr || (uop != OpName::Eq && uop != OpName::Ne) ? kNoText
                                    : ptr == a ? operand_text(uid, 0, in.operands[0])
                                    : ptr == c ? operand_text(uid, 1, in.operands[1])
                                               : kNoText;
          if (!tell_checkers(s2, ua, uop, uc, signed_as_unsigned(in.operands[0]), expr, evs, loc))
            continue;
          // (Below a bound, an unsigned sum that may wrap keeps its base in
          // a window: "x - 28 <= 1048548" checks x on both sides.)
          SvalId wx;
          int64_t wk, wlo, whi;
          if (known_value(s2, uc, wk) && unsigned_window(ua, uop, wk, wx, wlo, whi) &&
              (!tell_checkers(s2, wx, OpName::Ge, m_svals.get(SK::Const, wlo), false, kNoText, evs, loc) ||
               !tell_checkers(s2, wx, OpName::Le, m_svals.get(SK::Const, whi), false, kNoText, evs, loc)))
            continue;
          // Equal to a value the path does not track (a descriptor's
          // number a node records, "if (fd == n->fd) continue;"): whatever
          // holds that value holds this one.
          if (uop == OpName::Eq && ua && uc && ua != kUnknownSval && uc != kUnknownSval &&
              m_svals[ua].kind != SK::Const && m_svals[uc].kind != SK::Const &&
              is_tracked(s2, ua) != is_tracked(s2, uc))
            escape_value(s2, is_tracked(s2, ua) ? ua : uc);
          // Equal pointers neither of which a checker tracks: one object.
          // What the path wrote through one is what a read through the
          // other finds ("d->file = tmpfile (); if (cur == d) f = cur->file").
          auto plain_pointer = [&](SvalId v) {
            const SK k = m_svals[v].kind;
            return (k == SK::Param || k == SK::Conjured) && !is_tracked(s2, v);
          };
          if (uop == OpName::Eq && ua == a && uc == c && ua != uc && in.operands[0].is_temp() &&
              fn().temps[in.operands[0].id].type.kind == TypeKind::Ptr && plain_pointer(ua) && plain_pointer(uc))
            unify_pointers(s2, ua, uc);
        }
        // Only a real choice is an event, or one a call stepped into made.
        const bool choice = t == Tri::Unknown || from_body_call(in.operands[0]);
        if (t == Tri::Unknown && loop_test(block, in)) {
          s2.loop_assumed = true;
          // (A count's bound the program keeps in memory, "i < s->nInUse",
          // "i < nsyms": not a list's end, nor a size the caller gave.)
          const bool counted = (in.op == OpName::Lt || in.op == OpName::Le || in.op == OpName::Gt ||
                                in.op == OpName::Ge) &&
                               in.operands[0].is_temp() && fn().temps[in.operands[0].id].type.kind == TypeKind::Int;
          if (counted && (kept_in_memory(in.operands[0]) || kept_in_memory(in.operands[1])) &&
              leaves_unrun_loop(s2, block, in.targets[taken ? 0 : 1]))
            s2.zero_trips = true;
        }
        // (Decided by what a table holds at an index the path does not
        // fix: a path no run may take, such as a parser's reduction by a
        // rule longer than its stack.)
        if (t == Tri::Unknown && (from_loose_read(a) || from_loose_read(c)))
          s2.approximate = true;
        // (Taken only if code the path cannot see changed what the path
        // had learned: "if (r->len == 0) ...; pipe (fds); if (r->len)".)
        if (t == Tri::Unknown && !beyond && needs_change(s2, a, op, c))
          s2.guessed = true;
        if (t == Tri::Unknown && !beyond) {
          SvalId ua = a, uc = c;
          OpName uop = op;
          unwrap(ua, uop, uc);
          if (needs_wrap(s2, ua) || needs_wrap(s2, uc))
            s2.guessed = true;
        }
        static const std::string kNone;
        const std::string &text = choice ? branch_text(m_cur->uid_base[block] + static_cast<uint32_t>(i), in, taken, t == Tri::Unknown) : kNone;
        take_branch(std::move(s2), block, in.targets[taken ? 0 : 1], std::move(evs), text, choice, loc, false);
      }
      break;
    }
    case Opcode::Jmp: {
      // A block of bookkeeping (phis, clobbers) passes on an early return's place.
      bool own = in.loc.known() || (!seen_loc_in_block && m_nodes[node_id].entry_own);
      take_branch(std::move(s), block, in.targets[0], std::move(events), "", false, loc, own);
      break;
    }
    case Opcode::Switch: {
      SvalId v = operand_value(s, in.operands[0]);
      int64_t cv;
      bool known = known_value(s, v, cv);
      bool any_case = false;
      // (Which way it went is told when the path had a choice: "following
      // 'case 3:' branch...", "following 'default:' branch...".)
      const uint32_t uid = m_cur->uid_base[block] + static_cast<uint32_t>(i);
      if (!known && !s.approximate && may_be_any_value(s, v))
        check_tainted_assertion(s, in, uid, loc);
      for (size_t k = 0; k < in.cases.size(); ++k) {
        const SwitchCase &c = in.cases[k];
        if (known && (cv < c.lo || cv > c.hi))
          continue;
        State s2 = s;
        if (c.lo == c.hi ? !assume(s2, v, OpName::Eq, m_svals.get(SK::Const, c.lo))
                         : !assume(s2, v, OpName::Ge, m_svals.get(SK::Const, c.lo)) ||
                               !assume(s2, v, OpName::Le, m_svals.get(SK::Const, c.hi)))
          continue;
        any_case = any_case || known;
        if (!known && from_loose_read(v))
          s2.approximate = true;
        take_branch(std::move(s2), block, c.target, events, switch_text(uid, in, k), !known, loc, false);
      }
      // (An enum's switch with a case for each value: its implicit default
      // is not a way through, unless the value is known to be another, or
      // an attacker chooses it.)
      if (in.exhaustive && !known && !may_be_any_value(s, v))
        any_case = true;
      if (!any_case) {
        // The default: none of the cases' values (as "differs from" facts,
        // when there are few of them, ranges counted out).
        uint64_t values = 0; // (counted up to 17: "more than 16")
        for (const SwitchCase &c : in.cases)
          if (c.hi >= c.lo) {
            const uint64_t span = static_cast<uint64_t>(c.hi) - static_cast<uint64_t>(c.lo);
            values = std::min<uint64_t>(17, values + (span >= 16 ? 17 : span + 1));
          }
        State s2 = s;
        bool ok = true;
        for (const SwitchCase &c : in.cases)
          if (values <= 16)
            for (int64_t x = c.lo; ok && x <= c.hi; ++x)
              ok = assume(s2, v, OpName::Ne, m_svals.get(SK::Const, x));
          else if (in.cases.size() <= 16)
            ok = ok && assume_not_in(s2, v, c.lo, c.hi);
        if (ok && !known && from_loose_read(v))
          s2.approximate = true;
        if (ok)
          take_branch(std::move(s2), block, in.targets[0], events, switch_text(uid, in, in.cases.size()), !known,
                      loc, false);
      }
      break;
    }
    case Opcode::Ret: {
      // Returning from main ends the program: what it holds is not leaked.
      if (ends_program(s))
        break;
      SvalId keep = in.operands.empty() ? 0 : operand_value(s, in.operands[0]);
      // A return the compiler made: at the 'return' statement that jumped
      // here, else at the closing brace.
      Loc at = loc;
      if (!in.loc.known() && !seen_loc_in_block)
        at = m_nodes[node_id].entry_own ? m_nodes[node_id].entry_loc : fn().end_loc.known() ? fn().end_loc : loc;
      if (!s.stack.empty()) {
        s.vague_reads.clear(); // (the callee's locals go)
        leave_call(s, keep, at);
      } else {
        ++m_returns;
        if (!keep || compare(s, keep, OpName::Ne, m_svals.get(SK::Const, 0)) != Tri::True)
          ++m_returns_maybe_null;
        for (size_t c = 0; c < m_checkers.size(); ++c) {
          Context ctx(*this, s, static_cast<uint8_t>(c), at);
          m_checkers[c]->on_return(ctx);
        }
        escaping_locals(s, 0, at);
        end_va_lists(s, 0, at);
        purge(s, {}, {}, true, keep, at);
      }
      break;
    }
    default: break; // Unreachable: the path ends here
    }
  }
  m_cur_events = nullptr;
}

// At main's entry every global this unit defines holds its initializer
// (until code writes it, or an unknown call may have): small ones are
// bound (those no code changes are read from their initializer anyway).
void FunctionAnalysis::initial_globals(State &s) {
  constexpr size_t kMaxEntries = 64, kMaxTotal = 512;
  size_t total = 0;
  for (size_t k = 0; k < m_module.symbols.size(); ++k) {
    const Symbol &g = m_module.symbols[k];
    if (g.kind != SymbolKind::Variable || m_summary.stable[k] || !g.init_complete)
      continue;
    const size_t n = g.constant_table.size() + g.function_table.size();
    if (n > kMaxEntries || total + n + 1 > kMaxTotal)
      continue;
    total += n + 1;
    const std::string base = "G" + std::to_string(k);
    // Zero-filled as a whole (what the initializer does not give), then
    // each value it gives.
    const bool scalar = n == 1 && ((!g.constant_table.empty() && g.constant_table[0].first.empty()) ||
                                   (!g.function_table.empty() && g.function_table[0].first.empty()));
    if (!scalar)
      write_memory(s, base, m_svals.get(SK::Const, 0));
    for (const auto &e : g.constant_table)
      write_memory(s, base + e.first, m_svals.get(SK::Const, e.second));
    for (const auto &e : g.function_table)
      write_memory(s, base + e.first, m_svals.get(SK::FuncAddr, e.second));
  }
}

SvalId FunctionAnalysis::incoming_value(size_t k) {
  return m_constant_args && k < m_constant_args->size() && (*m_constant_args)[k].first
             ? m_svals.get(SK::Const, (*m_constant_args)[k].second)
             : m_svals.get(SK::Param, static_cast<int64_t>(k));
}

void FunctionAnalysis::note_call_not_entered(const State &s, const Instruction &in) {
  const int32_t callee = m_module.body_of(in.operands[0]);
  if (callee < 0 || static_cast<size_t>(callee) >= m_summary.entries.size() ||
      m_summary.entries[static_cast<size_t>(callee)])
    return;
  const SvalId zero = m_svals.get(SK::Const, 0);
  std::vector<ArgFacts> args;
  for (size_t k = 1; k < in.operands.size(); ++k) {
    const SvalId v = operand_value(s, in.operands[k]);
    ArgFacts a;
    if (in.operands[k].is_temp() && in.operands[k].id < fn().temps.size() &&
        fn().temps[in.operands[k].id].type.kind == TypeKind::Int)
      range_of(s, v, a.lo, a.hi);
    else if (in.operands[k].kind == OpKind::Int)
      a.lo = a.hi = in.operands[k].value;
    a.nonzero = compare(s, v, OpName::Ne, zero) == Tri::True;
    args.push_back(a);
  }
  add_call_facts(m_calls_not_entered, static_cast<uint32_t>(callee), args);
}

FunctionResult FunctionAnalysis::run() {
  FunctionResult result;
  State init;
  init.fn = m_entry;
  // A parameter every call gives the same constant is that constant (a
  // static function analysed on its own, no caller having stepped in).
  for (size_t k = 0; k < fn().params.size(); ++k)
    init.bind(fn().params[k], incoming_value(k));
  // ...and lies in the range every call gives it, is not 0 (NULL) if no
  // call gives 0.
  for (size_t k = 0; m_given && k < fn().params.size() && k < m_given->size(); ++k) {
    const SvalId v = init.temp(fn().params[k]);
    const ArgFacts &a = (*m_given)[k];
    const Type &t = fn().temps[fn().params[k]].type;
    if (m_svals[v].kind == SK::Const)
      continue;
    if ((t.is_pointer() || t.kind == TypeKind::Int) && a.nonzero)
      assume(init, v, OpName::Ne, m_svals.get(SK::Const, 0));
    if (t.kind == TypeKind::Int && a.lo != INT64_MIN)
      assume(init, v, OpName::Ge, m_svals.get(SK::Const, a.lo));
    if (t.kind == TypeKind::Int && a.hi != INT64_MAX)
      assume(init, v, OpName::Le, m_svals.get(SK::Const, a.hi));
  }
  std::vector<RawEvent> entry_events;
  {
    set_frame(init);
    uninit_locals(init);
    const Symbol &sym = m_module.symbols[fn().symbol];
    const std::string name = Module::source_name(sym.name);
    if (name == "main") {
      initial_globals(init);
      init.strtok_started = false; // (the program starts here)
    }
    // Checkers see the start (taint: main's argv, tainted_args).
    EntryEvent entry;
    entry.function = name;
    entry.tainted_args = sym.tainted_args;
    std::vector<std::string> texts;
    for (uint32_t p : fn().params) {
      entry.params.push_back(init.temp(p));
      texts.push_back(m_cur->temp_text[p]);
    }
    entry.param_texts = texts.data();
    // (What they make of it is told at the function: "function 'f' marked
    // with '__attribute__((tainted_args))'".)
    m_cur_events = &entry_events;
    for (size_t c = 0; c < m_checkers.size(); ++c) {
      Context ctx(*this, init, static_cast<uint8_t>(c), fn().loc);
      m_checkers[c]->on_entry(ctx, entry);
    }
    m_cur_events = nullptr;
  }
  // (All the budget allows, at once: memory the graph does not reach is
  // never touched, and no node is moved as the graph grows.)
  m_nodes.reserve(std::min<size_t>(m_opts.max_nodes, 16384));
  enqueue(0, std::move(init), -1, std::move(entry_events), fn().loc);
  while (!m_worklist.empty() && !(m_too_complex && m_opts.stop_when_too_complex)) {
    int32_t n = m_worklist.front();
    m_worklist.pop_front();
    process(n);
  }
  check_infinite_loops();
  // De-duplicate: same warning and message, place and expression -> the
  // first found, which breadth-first order makes a shortest path. (One
  // access can be two problems: a memcpy from before a buffer to past its
  // end both underwrites and overflows it.)
  std::set<std::tuple<std::string, const char *, uint32_t, uint32_t, uint32_t, uint64_t, std::string>> seen;
  // Uninitialized values: one statement's first (a line's later
  // statements read what the first one already flagged: "n--, *p++").
  std::map<std::pair<uint32_t, uint32_t>, uint32_t> uninit_at; // (file, line) -> column
  // ...and a value that came through a phi at its first use on a path
  // only: once told, it is an unknown value there (as GCC 13+ has it).
  // (Its earlier reports: their nodes, one of which is on this report's
  // path.)
  std::map<std::pair<std::string, uint32_t>, std::set<int32_t>> told; // (expression, function) -> nodes
  auto told_on_path = [&](const Pending &p) {
    auto it = told.find({p.expr, p.fn});
    if (it == told.end())
      return false;
    for (int32_t n = p.node; n >= 0; n = m_nodes[static_cast<size_t>(n)].pred)
      if (it->second.count(n))
        return true;
    return false;
  };
  for (const Pending &p : m_pending) {
    // (Not on a path that goes on by a guess: State::guessed.)
    if (p.node >= 0 && static_cast<size_t>(p.node) < m_nodes.size() && m_nodes[static_cast<size_t>(p.node)].state.guessed)
      continue;
    auto key = std::make_tuple(std::string(p.warning->name), p.warning->message, p.loc.file, p.loc.line, p.loc.col,
                               p.loc.handle, p.expr);
    if (!seen.insert(key).second)
      continue;
    if (p.warning == &kUninit && !uninit_at.emplace(std::make_pair(p.loc.file, p.loc.line), p.loc.col).second &&
        uninit_at[{p.loc.file, p.loc.line}] != p.loc.col)
      continue;
    if (p.warning == &kUninit && !p.expr.empty()) {
      const bool again = p.once_per_path && told_on_path(p);
      told[{p.expr, p.fn}].insert(p.node);
      if (again)
        continue;
    }
    Finding f = build(p);
    if (f.warning.empty())
      continue;
    result.findings.push_back(std::move(f));
    if (p.warning == &kDumpPath)
      result.findings.back().is_note = true;
  }
  result.entered.assign(m_entered.begin(), m_entered.end());
  result.calls_not_entered = std::move(m_calls_not_entered);
  // Introspection's answers: a warning at the call saying what was seen.
  auto answer = [&](uint32_t uid, const Loc &loc, std::string message) {
    Finding f;
    f.warning = "introspection";
    f.loc = loc;
    f.function = function_of_uid(uid);
    f.message = std::move(message);
    result.findings.push_back(std::move(f));
  };
  // One verdict per __analyzer_eval: what every path agreed on, else UNKNOWN.
  for (const auto &[uid, seen] : m_evals) {
    const uint8_t bits = seen.second;
    answer(uid, seen.first,
           bits == (1u << static_cast<unsigned>(Tri::True))    ? "TRUE"
           : bits == (1u << static_cast<unsigned>(Tri::False)) ? "FALSE"
                                                                : "UNKNOWN");
  }
  // How many different states reached each __analyzer_dump_exploded_nodes.
  for (const auto &[uid, seen] : m_dump_nodes) {
    const size_t n = seen.second.size();
    answer(uid, seen.first, std::to_string(n) + (n == 1 ? " processed enode" : " processed enodes"));
  }
  // The capacity of what each __analyzer_dump_capacity's pointer points into.
  for (const auto &[uid, seen] : m_dump_capacity)
    for (const std::string &text : seen.second)
      answer(uid, seen.first, "capacity: %<" + text + "%>");
  for (const auto &[uid, said] : m_dump_messages)
    answer(uid, said.first, said.second);
  // A checker's states of a value at each __analyzer_dump_state.
  for (const auto &[uid, seen] : m_dump_states)
    for (const std::string &name : seen.second)
      answer(uid, seen.first, "state: %<" + name + "%>");
  result.nodes = m_nodes.size();
  result.graph_bytes = m_graph_bytes;
  result.too_complex = m_too_complex;
  result.paths_cut = m_paths_cut;
  result.too_complex_reason = m_too_complex_reason;
  result.returns = m_returns;
  result.returns_maybe_null = m_returns_maybe_null;
  return result;
}

} // namespace detail

using namespace ir;
using detail::FunctionAnalysis;

// States per program point before a coarse analysis generalizes, and the
// size (blocks) from which a function is analysed coarsely at once.
constexpr size_t kCoarseStates = 3;
constexpr size_t kGiantBlocks = 400;

Engine::Engine(const Module &m, EngineOptions opts) : m_module(m), m_opts(std::move(opts)), m_checkers(make_checkers(m_opts.specs)) {
  // (A checker that has nothing to follow here costs every state a map.)
  m_checkers.erase(std::remove_if(m_checkers.begin(), m_checkers.end(),
                                  [&](const std::unique_ptr<Checker> &c) { return !c->applies_to(m); }),
                   m_checkers.end());
  m_summary = std::make_unique<ModuleSummary>(m, m_checkers, m_opts.max_call_depth);
  m_infos = std::make_unique<detail::FnInfoCache>(m);
}

Engine::~Engine() = default;

FunctionResult Engine::analyze(uint32_t function, const std::vector<ArgFacts> *given) {
  if (function >= m_module.functions.size())
    throw InternalError{"no such function"};
  const Function &fn = m_module.functions[function];
  auto errs = verify_function(m_module, fn);
  if (!errs.empty())
    throw InternalError{"invalid IR: " + errs.front()};
  // Liveness keeps a set of temporaries per block: bound its memory.
  const double bits = static_cast<double>(fn.blocks.size()) * static_cast<double>(fn.temps.size());
  if (bits > static_cast<double>(m_opts.max_liveness_bits)) {
    FunctionResult r;
    r.too_complex = true;
    r.too_complex_reason = std::to_string(fn.blocks.size()) + " blocks of " + std::to_string(fn.temps.size()) +
                           " temporaries are more than the analysis takes on";
    return r;
  }
  // Coarser settings: states are generalized and joined from the third on,
  // and calls stay opaque. What this finds is a subset of the paths'
  // problems, but a large function gets finished.
  EngineOptions coarse = m_opts;
  coarse.max_states_per_block = kCoarseStates;
  coarse.max_call_depth = 1;
  // A giant (hundreds of blocks, as always_inline expansions make) is
  // analysed coarsely at once: the full analysis would not finish it.
  if (fn.blocks.size() > kGiantBlocks && m_opts.max_states_per_block > kCoarseStates) {
    coarse.max_nodes = m_opts.max_nodes * 2 / 3; // most giants do not fit any budget: spend less on them
    coarse.max_graph_bytes = m_opts.max_graph_bytes * 2 / 3;
    FunctionAnalysis g(m_module, function, coarse, m_checkers, *m_summary, *m_infos, given);
    return g.run();
  }
  FunctionResult r;
  {
    // (Its graph is gone before a retry makes another.)
    FunctionAnalysis a(m_module, function, m_opts, m_checkers, *m_summary, *m_infos, given);
    r = a.run();
  }
  if (!r.too_complex || m_opts.max_states_per_block <= kCoarseStates)
    return r;
  // Too many paths for the budget: once more, coarser, on half the budget.
  // (If that proves too complex too, its findings are not used: it stops
  // there.)
  coarse.max_nodes = m_opts.max_nodes / 2;
  coarse.max_graph_bytes = m_opts.max_graph_bytes / 2;
  coarse.stop_when_too_complex = true;
  FunctionAnalysis b(m_module, function, coarse, m_checkers, *m_summary, *m_infos, given);
  FunctionResult r2 = b.run();
  if (r2.too_complex)
    return r; // the first, fuller attempt's findings
  r2.nodes += r.nodes;
  r2.graph_bytes = std::max(r2.graph_bytes, r.graph_bytes);
  // Findings of the first attempt stay (found on real paths before the
  // budget ran out); the coarse run adds what it found beyond them.
  for (Finding &f : r.findings)
    r2.findings.push_back(std::move(f));
  deduplicate(r2.findings);
  for (uint32_t e : r.entered)
    if (std::find(r2.entered.begin(), r2.entered.end(), e) == r2.entered.end())
      r2.entered.push_back(e);
  merge_call_facts(r2.calls_not_entered, r.calls_not_entered);
  r2.paths_cut = r2.paths_cut || r.paths_cut;
  return r2;
}

std::vector<bool> Engine::is_entry(const Module &m) { return ModuleSummary::find_entries(m); }

std::vector<uint32_t> Engine::analysis_order() const {
  const std::vector<bool> &entry = entries();
  std::vector<uint32_t> order;
  order.reserve(m_module.functions.size());
  for (int pass = 0; pass < 2; ++pass)
    for (uint32_t i = 0; i < m_module.functions.size(); ++i)
      if (entry[i] == (pass == 0))
        order.push_back(i);
  return order;
}

std::vector<Finding> Engine::module_findings() const {
  if (m_opts.disabled.count("unsafe-call-within-signal-handler"))
    return {};
  return signal_findings(m_module);
}

namespace {

// A warning's message in general terms: "double-%<free%> of %E" is
// "double-'free' of 'x'".
std::string describe(const char *message) {
  std::string out;
  for (const char *c = message; *c; ++c) {
    if (*c != '%' || !c[1]) {
      out += *c;
      continue;
    }
    ++c;
    switch (*c) {
    case '<':
    case '>': out += '\''; break;
    case 'E': out += "'x'"; break;
    case 'D': out += "f"; break;
    case 'X': out += "g"; break;
    case 'A': out += "N"; break;
    default: out += *c; break;
    }
  }
  return out;
}

} // namespace

std::vector<RuleInfo> Engine::warning_rules(const std::vector<std::shared_ptr<const spec::Spec>> &specs) {
  std::vector<RuleInfo> out{{"unsafe-call-within-signal-handler", 479, "Signal Handler Use of a Non-reentrant Function",
                             "call to 'f' from within signal handler", true, ""}};
  for (const Warning *w : detail::kRegionWarnings)
    out.push_back({w->name, w->cwe, w->cwe_title, describe(w->message), true, w->rule ? w->rule : ""});
  for (auto &c : make_checkers(specs))
    for (const Warning *w : c->warnings())
      out.push_back({w->name, w->cwe, w->cwe_title, describe(w->message), true, w->rule ? w->rule : ""});
  for (RuleInfo &r : out)
    for (const std::string &off : off_by_default())
      if (r.name == off)
        r.on = false;
  for (const auto &sp : specs)
    for (const spec::Warning &w : sp->warnings)
      for (RuleInfo &r : out)
        if (r.name == w.name && !w.on)
          r.on = false;
  // One rule per name (free-of-non-heap has two forms: keep its first CWE).
  std::stable_sort(out.begin(), out.end(), [](const RuleInfo &a, const RuleInfo &b) { return a.name < b.name; });
  out.erase(std::unique(out.begin(), out.end(), [](const RuleInfo &a, const RuleInfo &b) { return a.name == b.name; }),
            out.end());
  return out;
}

std::map<std::string, std::vector<std::string>> Engine::checker_warnings() {
  std::map<std::string, std::vector<std::string>> out;
  out["signal"].push_back("unsafe-call-within-signal-handler");
  for (const Warning *w : detail::kRegionWarnings)
    if (std::find(out["region"].begin(), out["region"].end(), w->name) == out["region"].end())
      out["region"].push_back(w->name);
  for (auto &c : make_checkers())
    for (const Warning *w : c->warnings())
      if (std::find(out[c->name()].begin(), out[c->name()].end(), w->name) == out[c->name()].end())
        out[c->name()].push_back(w->name);
  return out;
}

std::vector<std::string> Engine::warning_names() {
  std::vector<std::string> out;
  for (const RuleInfo &r : warning_rules())
    out.push_back(r.name);
  return out;
}

} // namespace pathwise
