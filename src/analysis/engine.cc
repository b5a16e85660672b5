// The engine: exploded-graph exploration of one function, and path building.
// SPDX-License-Identifier: GPL-3.0-or-later
#include "analysis/engine.h"

#include <algorithm>
#include <deque>
#include <functional>
#include <iterator>
#include <map>
#include <unordered_map>

#include "analysis/libc.h"
#include "analysis/liveness.h"
#include "analysis/state.h"
#include "analysis/svalue.h"

namespace pathwise {

using namespace ir;

namespace {

// ---------------------------------------------------------------------------
// Events recorded while exploring; the path builder words them later.

struct RawEvent {
  // NullOrigin: a variable was given the NULL constant ("'p' is NULL").
  // Outcome: which outcome of a call this path takes ("when 'realloc' fails").
  // Call, Entry, Return: a call into a function with a body, its entry, and
  // the return to the caller.
  enum class Kind : uint8_t { StateChange, Branch, ToHere, NullOrigin, Outcome, Call, Entry, Return } kind;
  Loc loc;
  uint32_t fn = 0;    // the function it happens in
  uint16_t depth = 1; // its stack depth
  // Call: the arguments and their texts, and the caller and callee (to
  // word "passing freed pointer 'p' in call to 'f' from 'g'").
  std::vector<std::pair<SvalId, std::string>> args;
  std::string callee, caller;
  bool is_return = false;   // NullOrigin: NULL returned by a call stepped into...
  bool from_return = false; // ...defensively (it returns non-NULL elsewhere)
  // StateChange
  uint8_t checker = 0;
  SvalId v = 0;
  StateId from = 0, to = 0;
  std::string expr;
  // Branch: text is "following %<true%> branch (when ...)..."
  std::string text;
};

struct Node {
  uint32_t block;
  // Where in the block the node starts; with `resumed`, that instruction
  // (a call stepped into) has run, and the node goes on after it.
  uint32_t start;
  bool resumed;
  State state;
  int32_t pred;
  std::vector<RawEvent> events; // on the way from pred to here (pred's value names)
  std::vector<std::pair<SvalId, SvalId>> renames; // (old, new) applied on entry
  Loc entry_loc; // where the path entered the block (for statements without a location)
  bool entry_own = false; // the entering jump had a location of its own (an early 'return;')
};

SvalId rename_back(const std::vector<std::pair<SvalId, SvalId>> &renames, SvalId v) {
  for (const auto &r : renames)
    if (r.second == v)
      return r.first;
  return v;
}

struct Pending {
  const Warning *warning;
  uint8_t checker;
  SvalId v;
  std::string expr;
  Loc loc;
  uint32_t fn;    // where it happens
  uint16_t depth; // at which stack depth
  int32_t node;
  std::vector<RawEvent> events; // after the node's block entry
  Origin origin;                // an extra first event, if its text is set
  int arg;                      // %A
  Origin note;                  // a note after the warning, if its text is set
  std::string detail, detail2;  // %D, %X
};

// Introspection for tests, as GCC's analyzer has it: __analyzer_dump_path ()
// reports a note with the path to the call.
const Warning kDumpPath{"introspection", 0, "", "path", {}, "here", "here", kAnyState};

std::string format_text(const char *tmpl, const std::string &expr, int ref, int arg = 0, const std::string &detail = "",
                        const std::string &detail2 = "") {
  std::string out;
  for (const char *p = tmpl; *p; ++p) {
    if (p[0] == '%' && (p[1] == 'D' || p[1] == 'X')) {
      out += p[1] == 'D' ? detail : detail2;
      ++p;
    } else if (p[0] == '%' && p[1] == 'A') {
      out += std::to_string(arg);
      ++p;
    } else if (p[0] == '%' && p[1] == 'E') {
      out += quote_expr(expr);
      ++p;
    } else if (p[0] == '%' && p[1] == 'N') {
      out += "(" + std::to_string(ref) + ")";
      ++p;
    } else {
      out += *p;
    }
  }
  return out;
}

const char *comparison_symbol(OpName op) {
  switch (op) {
  case OpName::Eq: return "==";
  case OpName::Ne: return "!=";
  case OpName::Lt: return "<";
  case OpName::Le: return "<=";
  case OpName::Gt: return ">";
  case OpName::Ge: return ">=";
  default: return "?";
  }
}

// ---------------------------------------------------------------------------
// What the analysis needs to know of each function it steps through: the
// function itself, liveness, texts, and its loops. Instructions and blocks
// get numbers unique across the functions of one analysis (uids).

struct FnInfo {
  FnInfo(const Module &m, uint32_t fn_index, uint32_t first_uid)
      : index(fn_index), fn(&m.functions.at(fn_index)), namer(m, *fn), live(compute_liveness(*fn)) {
    temp_text.resize(fn->temps.size());
    for (uint32_t t = 1; t < fn->temps.size(); ++t)
      temp_text[t] = namer.temp(t);
    std::vector<std::vector<uint32_t>> succ(fn->blocks.size());
    for (size_t b = 0; b < fn->blocks.size(); ++b)
      succ[b] = successors(fn->blocks[b]);
    find_back_edges(succ);
    find_loop_bodies(succ);
    uid_base.resize(fn->blocks.size());
    uint32_t uid = first_uid;
    for (size_t b = 0; b < fn->blocks.size(); ++b) {
      uid_base[b] = uid;
      uid += static_cast<uint32_t>(fn->blocks[b].insns.size());
    }
    end_uid = uid;
    defs.resize(fn->temps.size());
    for (const Block &b : fn->blocks)
      for (const Instruction &in : b.insns)
        if (in.result && in.result < defs.size())
          defs[in.result] = &in;
  }

  uint32_t index;
  const Function *fn;
  TextNamer namer;
  Liveness live;
  std::vector<std::string> temp_text;
  std::vector<uint32_t> uid_base; // by block: the uid of its first instruction
  uint32_t end_uid = 0;           // one past the last uid
  std::vector<const Instruction *> defs; // by temporary: its definition
  std::set<std::pair<uint32_t, uint32_t>> back_edges; // (from, to): edges that close a loop
  std::map<uint32_t, Bitset> loop_body;                // loop head -> blocks of its natural loop

private:
  // The natural loop of each back edge u -> h: h and the blocks that reach u
  // without passing through h.
  void find_loop_bodies(const std::vector<std::vector<uint32_t>> &succ) {
    const size_t n = fn->blocks.size();
    std::vector<std::vector<uint32_t>> preds(n);
    for (size_t b = 0; b < n; ++b)
      for (uint32_t t : succ[b])
        if (t < n)
          preds[t].push_back(static_cast<uint32_t>(b));
    for (const auto &[u, h] : back_edges) {
      Bitset &body = loop_body.emplace(h, Bitset(n)).first->second;
      body.set(h);
      std::vector<uint32_t> work{u};
      while (!work.empty()) {
        uint32_t b = work.back();
        work.pop_back();
        if (body.test(b))
          continue;
        body.set(b);
        for (uint32_t p : preds[b])
          work.push_back(p);
      }
    }
  }

  // Depth-first search from the entry: an edge to a block still on the
  // stack closes a loop.
  void find_back_edges(const std::vector<std::vector<uint32_t>> &succ) {
    const size_t n = fn->blocks.size();
    std::vector<uint8_t> mark(n, 0); // 0 new, 1 on stack, 2 done
    std::vector<std::pair<uint32_t, size_t>> stack;
    stack.push_back({0, 0});
    mark[0] = 1;
    while (!stack.empty()) {
      auto &[b, k] = stack.back();
      if (k < succ[b].size()) {
        uint32_t t = succ[b][k++];
        if (t >= n)
          continue;
        if (mark[t] == 1)
          back_edges.insert({b, t});
        else if (mark[t] == 0) {
          mark[t] = 1;
          stack.push_back({t, 0});
        }
      } else {
        mark[b] = 2;
        stack.pop_back();
      }
    }
  }
};

// Locals of the functions on the call stack are told apart by their frame:
// local l of the function at stack depth d (0 = the analysed function) is
// memory "L<d << kFrameShift | l>".
constexpr uint32_t kFrameShift = 20;
constexpr uint32_t kLocalMask = (1u << kFrameShift) - 1;

// ---------------------------------------------------------------------------
// The analysis of one function, and of the calls it makes into functions
// with a body (stepped into in the caller's context, up to a depth).

class FunctionAnalysis {
public:
  FunctionAnalysis(const Module &m, uint32_t fn_index, const EngineOptions &opts,
                   const std::vector<std::unique_ptr<Checker>> &checkers, const std::vector<bool> &worth_entering,
                   const std::map<std::string, uint32_t> &deallocators)
      : m_module(m), m_entry(fn_index), m_opts(opts), m_checkers(checkers), m_worth_entering(worth_entering),
        m_deallocators(deallocators) {
    m_cur = &info(fn_index);
  }

  FunctionResult run();

private:
  const Module &m_module;
  uint32_t m_entry;
  const EngineOptions &m_opts;
  const std::vector<std::unique_ptr<Checker>> &m_checkers;
  const std::vector<bool> &m_worth_entering;
  const std::map<std::string, uint32_t> &m_deallocators;
  std::map<uint32_t, std::unique_ptr<FnInfo>> m_infos;
  const FnInfo *m_cur = nullptr; // the function being stepped through
  uint16_t m_depth = 1;          // its stack depth (1 = the analysed function)
  std::vector<std::vector<std::string>> m_texts; // by instruction uid, see texts()
  std::vector<const Instruction *> m_insn_by_uid;
  std::set<uint32_t> m_entered; // functions stepped into

  const FnInfo &info(uint32_t fn) {
    auto it = m_infos.find(fn);
    if (it != m_infos.end())
      return *it->second;
    auto fi = std::make_unique<FnInfo>(m_module, fn, static_cast<uint32_t>(m_insn_by_uid.size()));
    for (const Block &b : fi->fn->blocks)
      for (const Instruction &in : b.insns)
        m_insn_by_uid.push_back(&in);
    m_texts.resize(m_insn_by_uid.size());
    return *m_infos.emplace(fn, std::move(fi)).first->second;
  }
  const Function &fn() const { return *m_cur->fn; }
  // The function an instruction uid belongs to.
  uint32_t function_of_uid(uint32_t uid) const {
    for (const auto &[index, fi] : m_infos)
      if (!fi->uid_base.empty() && uid >= fi->uid_base.front() && uid < fi->end_uid)
        return index;
    return m_entry;
  }
  // Steps through the function on top of s's stack from now on.
  void set_frame(const State &s) {
    m_cur = &info(s.fn);
    m_depth = static_cast<uint16_t>(s.stack.size() + 1);
  }
  // The frame-qualified id of the current function's local l.
  static SvalId local_id(const State &s, uint32_t l) {
    return static_cast<SvalId>((s.stack.size() << kFrameShift) | l);
  }
  // The function whose frame holds a frame-qualified local, and the local.
  const Local *local_of(const State &s, uint64_t lid) const {
    size_t depth = lid >> kFrameShift;
    const size_t l = lid & kLocalMask;
    if (depth > s.stack.size())
      return nullptr;
    const Function &f = m_module.functions[depth == s.stack.size() ? s.fn : s.stack[depth].fn];
    return l < f.locals.size() ? &f.locals[l] : nullptr;
  }
  // An event of the current frame.
  RawEvent event(RawEvent::Kind kind, const Loc &loc, std::string text = {}) const {
    RawEvent e;
    e.kind = kind;
    e.loc = loc;
    e.text = std::move(text);
    e.fn = m_cur->index;
    e.depth = m_depth;
    return e;
  }

  SvalTable m_svals;
  std::vector<Node> m_nodes;
  std::deque<int32_t> m_worklist;
  // By program point (see enqueue): state hash -> nodes.
  std::unordered_map<uint64_t, std::unordered_map<size_t, std::vector<int32_t>>> m_seen;
  std::unordered_map<uint64_t, size_t> m_states_at; // by program point and calling context
  std::unordered_map<uint64_t, std::vector<int32_t>> m_point_nodes; // by program point
  std::vector<Pending> m_pending;
  std::map<uint32_t, std::pair<Loc, uint8_t>> m_evals; // __analyzer_eval: uid -> (place, Tri bits seen)
  std::map<uint32_t, std::pair<Loc, std::set<size_t>>> m_dump_nodes; // __analyzer_dump_exploded_nodes: uid -> states
  bool m_entry_own = false; // passes take_branch's knowledge to enqueue
  bool m_path_ends = false;  // set by a call that does not return on this path
  std::unordered_map<std::string, std::string> m_key_text; // text_key() -> text
  bool m_too_complex = false;
  std::string m_too_complex_reason;

  // Current step.
  int32_t m_cur_node = -1;
  std::vector<RawEvent> *m_cur_events = nullptr;

  friend class Context;

  // --- values ---
  SvalId operand_value(const State &s, const Operand &o) {
    switch (o.kind) {
    case OpKind::Temp: {
      SvalId v = s.temp(o.id);
      return v ? v : kUnknownSval;
    }
    case OpKind::Int: return m_svals.get(SK::Const, o.value);
    case OpKind::Null: return m_svals.get(SK::Const, 0);
    case OpKind::LocalAddr: return m_svals.get(SK::LocalAddr, local_id(s, o.id));
    case OpKind::GlobalAddr: return m_svals.get(SK::GlobalAddr, o.id);
    case OpKind::Func: return m_svals.get(SK::FuncAddr, o.id);
    case OpKind::Str: return m_svals.get(SK::StrAddr, m_svals.string_id(o.str));
    default: return kUnknownSval;
    }
  }

  // base + off, kept flat: an offset of an offset adds up (or becomes
  // unknown), so pointers stepped in a loop do not nest without bound.
  SvalId offset_value(SvalId base, int64_t off) {
    if (off == 0)
      return base;
    const Sval &b = m_svals[base];
    if (b.kind == SK::Offset) {
      int64_t total = (b.a == kUnknownOffset || off == kUnknownOffset) ? kUnknownOffset : b.a + off;
      SvalId root = b.base;
      return total == 0 ? root : m_svals.get(SK::Offset, total, 0, root);
    }
    return m_svals.get(SK::Offset, off, 0, base);
  }

  // A value standing for whatever temporary t holds at block's entry
  // (widening, generalization).
  SvalId widened(uint32_t block, uint32_t t) {
    return m_svals.get(SK::Conjured, m_cur->uid_base[block], -1 - static_cast<int64_t>(t));
  }

  // Widens temporary t (holding v) at block: its widened value, which from
  // now on stands for v. If the state still holds that value from an
  // earlier trip (an older object: the previous node of a list), the older
  // one is renamed first, so that the two are not taken for one object.
  SvalId widen_to(State &s, uint32_t block, uint32_t t, SvalId v) {
    const SvalId w = widened(block, t);
    if (v != w && in_state(s, w))
      rename_value(s, w, conjure(s, m_cur->uid_base[block]));
    return w;
  }

  // Does any part of the state name v (or an offset from it)?
  bool in_state(const State &s, SvalId v) const {
    auto is_v = [&](SvalId x) { return root_of(x) == v; };
    for (auto &t : s.temps)
      if (is_v(t.second))
        return true;
    for (auto &f : s.stack)
      for (auto &t : f.temps)
        if (is_v(t.second))
          return true;
    for (auto &m : s.memory)
      if (is_v(m.second) || (m.first[0] == 'S' && key_base(m.first) == v))
        return true;
    return is_tracked(s, v);
  }

  // Replaces value `from` by `to` everywhere in the state.
  void rename_value(State &s, SvalId from, SvalId to) {
    auto sub = [&](SvalId x) {
      if (x == from)
        return to;
      if (x && m_svals[x].kind == SK::Offset && m_svals[x].base == from)
        return m_svals.get(SK::Offset, m_svals[x].a, 0, to);
      return x;
    };
    for (auto &t : s.temps)
      t.second = sub(t.second);
    for (auto &f : s.stack)
      for (auto &t : f.temps)
        t.second = sub(t.second);
    const std::string old_key = "S" + std::to_string(from);
    for (auto &m : s.memory) {
      m.second = sub(m.second);
      if (m.first[0] == 'S' && key_in_local(m.first, old_key))
        m.first = "S" + std::to_string(to) + m.first.substr(old_key.size());
    }
    std::sort(s.memory.begin(), s.memory.end());
    for (SmMap &m : s.sm) {
      for (auto &p : m)
        p.first = sub(p.first);
      std::sort(m.begin(), m.end());
    }
    for (Constraint &c : s.constraints)
      c.v = sub(c.v);
    std::sort(s.constraints.begin(), s.constraints.end());
    for (Relation &r : s.relations) {
      r.a = sub(r.a);
      r.b = sub(r.b);
      if (r.a > r.b) {
        std::swap(r.a, r.b);
        r.op = static_cast<uint8_t>(swap_comparison(static_cast<OpName>(r.op)));
      }
    }
    std::sort(s.relations.begin(), s.relations.end());
    for (SvalId &e : s.escaped)
      e = sub(e);
    std::sort(s.escaped.begin(), s.escaped.end());
  }

  // The 0/1 value of "a op b". Comparisons of comparisons nest only a few
  // deep (a loop like "flag = !flag" would otherwise nest without end).
  SvalId comparison_value(const State &s, SvalId a, OpName op, SvalId b, uint32_t uid) {
    int depth = 0;
    for (SvalId v = a; m_svals[v].kind == SK::Cmp && depth < 8; v = m_svals[v].base)
      ++depth;
    for (SvalId v = b; m_svals[v].kind == SK::Cmp && depth < 8; v = m_svals[v].base)
      ++depth;
    if (depth >= 3)
      return conjure(s, uid);
    return m_svals.get(SK::Cmp, static_cast<int64_t>(op), b, a);
  }

  // A readable name for a value: a variable holding it, else any
  // temporary or local memory with a text.
  std::string text_of_value(const State &s, SvalId v) const {
    std::string any;
    for (auto &t : s.temps)
      if (t.second == v) {
        if (fn().temps[t.first].var)
          return m_cur->temp_text[t.first];
        if (any.empty())
          any = m_cur->temp_text[t.first];
      }
    for (auto &m : s.memory)
      if (m.second == v && any.empty())
        any = memory_text(s, m.first);
    return any;
  }

  // Is v (through comparisons and offsets) the result of a call?
  bool made_by_call(SvalId v) const {
    for (int depth = 0; depth < 8 && v; ++depth) {
      const Sval &sv = m_svals[v];
      if (sv.kind == SK::Cmp) {
        if (made_by_call(static_cast<SvalId>(sv.b)))
          return true;
        v = sv.base;
      } else if (sv.kind == SK::Offset) {
        v = sv.base;
      } else {
        return (sv.kind == SK::Conjured && sv.b >= 0 && static_cast<size_t>(sv.a) < m_insn_by_uid.size() &&
                m_insn_by_uid[static_cast<size_t>(sv.a)]->opcode == Opcode::Call) ||
               sv.kind == SK::Pure;
      }
    }
    return false;
  }

  // A value whose name never changes (not renumbered by canonicalize).
  bool is_stable(SvalId v) const {
    switch (m_svals[v].kind) {
    case SK::Const:
    case SK::Param:
    case SK::LocalAddr:
    case SK::GlobalAddr:
    case SK::FuncAddr:
    case SK::StrAddr:
    case SK::Init:
      return true;
    default:
      return false;
    }
  }

  // Is v named anywhere in the state: bound, stored, the base of memory
  // still described (what an earlier object pointed to), or tracked?
  bool sval_in_use(const State &s, SvalId v) const {
    for (auto &t : s.temps)
      if (t.second == v)
        return true;
    for (auto &m : s.memory)
      if (m.second == v || (m.first[0] == 'S' && key_base(m.first) == v))
        return true;
    if (is_tracked(s, v) || set_contains(s.escaped, v))
      return true;
    for (auto &f : s.stack)
      for (auto &t : f.temps)
        if (t.second == v)
          return true;
    return false;
  }

  // A fresh value for instruction uid: the smallest k not in use.
  SvalId conjure(const State &s, uint32_t uid) {
    for (int64_t k = 0;; ++k) {
      SvalId v = m_svals.get(SK::Conjured, uid, k);
      if (!sval_in_use(s, v))
        return v;
    }
  }

  // The value an offset is taken from (offsets are kept flat: one step).
  SvalId root_of(SvalId v) const {
    while (v && m_svals[v].kind == SK::Offset)
      v = m_svals[v].base;
    return v;
  }

  bool is_address(SvalId v) const {
    SK k = m_svals[v].kind;
    return k == SK::LocalAddr || k == SK::GlobalAddr || k == SK::FuncAddr || k == SK::StrAddr;
  }

  bool is_fresh_allocation(const State &s, SvalId v) const {
    for (size_t c = 0; c < m_checkers.size(); ++c) {
      StateId st = map_get<StateId>(s.sm[c], v, 0);
      if (st && m_checkers[c]->is_fresh_allocation(st))
        return true;
    }
    return false;
  }

  // The range v is known to lie in.
  void range_of(const State &s, SvalId v, int64_t &lo, int64_t &hi) const {
    if (m_svals[v].kind == SK::Const) {
      lo = hi = m_svals[v].a;
      return;
    }
    lo = INT64_MIN;
    hi = INT64_MAX;
    auto it = std::lower_bound(s.constraints.begin(), s.constraints.end(), Constraint{v, true, INT64_MIN, INT64_MIN});
    if (it != s.constraints.end() && it->v == v && it->is_range) {
      lo = it->lo;
      hi = it->hi;
    }
  }

  // The constant v is known to equal, if any.
  bool known_value(const State &s, SvalId v, int64_t &out) const {
    int64_t lo, hi;
    range_of(s, v, lo, hi);
    out = lo;
    return lo == hi;
  }

  bool known_not_equal(const State &s, SvalId v, int64_t c) const {
    if (c == 0 && is_address(v))
      return true;
    // Stepping a pointer to an object never reaches NULL (GCC's analyzer
    // assumes the same).
    if (c == 0 && m_svals[v].kind == SK::Offset && known_not_equal(s, m_svals[v].base, 0))
      return true;
    int64_t lo, hi;
    range_of(s, v, lo, hi);
    if (c < lo || c > hi)
      return true;
    return std::binary_search(s.constraints.begin(), s.constraints.end(), Constraint{v, false, c, c});
  }

  // "v op c" for a value in [lo, hi] that is not ne_c (v != c known).
  static Tri compare_range(int64_t lo, int64_t hi, bool ne_c, OpName op, int64_t c) {
    switch (op) {
    case OpName::Eq:
      if (ne_c || c < lo || c > hi)
        return Tri::False;
      return lo == hi ? Tri::True : Tri::Unknown;
    case OpName::Ne: {
      Tri eq = compare_range(lo, hi, ne_c, OpName::Eq, c);
      return eq == Tri::Unknown ? eq : eq == Tri::True ? Tri::False : Tri::True;
    }
    case OpName::Lt: return hi < c ? Tri::True : lo >= c ? Tri::False : Tri::Unknown;
    case OpName::Le: return hi <= c ? Tri::True : lo > c ? Tri::False : Tri::Unknown;
    case OpName::Gt: return lo > c ? Tri::True : hi <= c ? Tri::False : Tri::Unknown;
    case OpName::Ge: return lo >= c ? Tri::True : hi < c ? Tri::False : Tri::Unknown;
    default: return Tri::Unknown;
    }
  }

  static bool eval_cmp(OpName op, int64_t a, int64_t b) {
    switch (op) {
    case OpName::Eq: return a == b;
    case OpName::Ne: return a != b;
    case OpName::Lt: return a < b;
    case OpName::Le: return a <= b;
    case OpName::Gt: return a > b;
    case OpName::Ge: return a >= b;
    default: return false;
    }
  }

  // "cmp != 0" is the comparison itself; "cmp == 0" its inverse.
  void unwrap(SvalId &a, OpName &op, SvalId &b) const {
    for (int depth = 0; depth < 8; ++depth) {
      const Sval &sa = m_svals[a];
      const Sval &sb = m_svals[b];
      if (sa.kind != SK::Cmp || sb.kind != SK::Const || (op != OpName::Eq && op != OpName::Ne))
        return;
      bool truth = (op == OpName::Ne) == (sb.a == 0); // true: the comparison holds
      if (sb.a != 0 && sb.a != 1)
        return;
      OpName inner = static_cast<OpName>(sa.a);
      op = truth ? inner : invert_comparison(inner);
      b = static_cast<SvalId>(sa.b);
      a = sa.base;
    }
  }

  Tri compare(const State &s, SvalId a, OpName op, SvalId b) const {
    unwrap(a, op, b);
    if (a == b && a != kUnknownSval) {
      return (op == OpName::Eq || op == OpName::Le || op == OpName::Ge) ? Tri::True : Tri::False;
    }
    int64_t ca = 0, cb = 0;
    bool ka = known_value(s, a, ca), kb = known_value(s, b, cb);
    if (ka && kb)
      return eval_cmp(op, ca, cb) ? Tri::True : Tri::False;
    if (ka) { // c op v  ->  v op' c
      std::swap(a, b);
      std::swap(ca, cb);
      op = swap_comparison(op);
      kb = true;
    }
    if (!kb) {
      // Fresh heap storage is not any variable's address.
      if ((op == OpName::Eq || op == OpName::Ne) &&
          ((is_address(b) && is_fresh_allocation(s, a)) || (is_address(a) && is_fresh_allocation(s, b))))
        return op == OpName::Ne ? Tri::True : Tri::False;
      return compare_related(s, a, op, b);
    }
    int64_t lo, hi;
    range_of(s, a, lo, hi);
    return compare_range(lo, hi, known_not_equal(s, a, cb), op, cb);
  }

  // What a recorded relation between a and b says about "a op b".
  Tri compare_related(const State &s, SvalId a, OpName op, SvalId b) const {
    if (a == kUnknownSval || b == kUnknownSval)
      return Tri::Unknown;
    if (a > b) {
      std::swap(a, b);
      op = swap_comparison(op);
    }
    auto it = std::lower_bound(s.relations.begin(), s.relations.end(), Relation{a, b, 0});
    for (; it != s.relations.end() && it->a == a && it->b == b; ++it) {
      Tri t = implied(static_cast<OpName>(it->op), op);
      if (t != Tri::Unknown)
        return t;
    }
    return Tri::Unknown;
  }

  // Given "x known y", what is "x query y"? Over integers and pointers.
  static Tri implied(OpName known, OpName query) {
    auto truth = [](OpName k, OpName q) -> int { // 1 true, 0 false, -1 unknown
      switch (k) {
      case OpName::Lt:
        return (q == OpName::Lt || q == OpName::Le || q == OpName::Ne) ? 1 : (q == OpName::Gt || q == OpName::Ge || q == OpName::Eq) ? 0 : -1;
      case OpName::Le: return q == OpName::Le ? 1 : q == OpName::Gt ? 0 : -1;
      case OpName::Gt:
        return (q == OpName::Gt || q == OpName::Ge || q == OpName::Ne) ? 1 : (q == OpName::Lt || q == OpName::Le || q == OpName::Eq) ? 0 : -1;
      case OpName::Ge: return q == OpName::Ge ? 1 : q == OpName::Lt ? 0 : -1;
      case OpName::Eq:
        return (q == OpName::Eq || q == OpName::Le || q == OpName::Ge) ? 1 : (q == OpName::Ne || q == OpName::Lt || q == OpName::Gt) ? 0 : -1;
      case OpName::Ne: return q == OpName::Ne ? 1 : q == OpName::Eq ? 0 : -1;
      default: return -1;
      }
    };
    int t = truth(known, query);
    return t < 0 ? Tri::Unknown : t ? Tri::True : Tri::False;
  }

  // Adds "a op b" to s; false if that is infeasible.
  bool assume(State &s, SvalId a, OpName op, SvalId b) {
    unwrap(a, op, b);
    Tri t = compare(s, a, op, b);
    if (t != Tri::Unknown)
      return t == Tri::True;
    int64_t c;
    SvalId v;
    if (known_value(s, b, c)) {
      v = a;
    } else if (known_value(s, a, c)) {
      v = b;
      op = swap_comparison(op);
    } else {
      // Two unknowns: remember how they relate (a few facts per pair).
      if (a != kUnknownSval && b != kUnknownSval && a != b && is_comparison(op)) {
        if (a > b) {
          std::swap(a, b);
          op = swap_comparison(op);
        }
        Relation r{a, b, static_cast<uint8_t>(op)};
        auto it = std::lower_bound(s.relations.begin(), s.relations.end(), r);
        if ((it == s.relations.end() || !(*it == r)) && s.relations.size() < 64)
          s.relations.insert(it, r);
      }
      return true;
    }
    const SK kind = m_svals[v].kind;
    if (v == kUnknownSval || kind == SK::Cmp || kind == SK::Aggregate)
      return true;
    int64_t lo, hi;
    range_of(s, v, lo, hi);
    if (op == OpName::Ne) {
      if (c == lo && c != INT64_MAX)
        lo = c + 1;
      else if (c == hi && c != INT64_MIN)
        hi = c - 1;
      else {
        Constraint k{v, false, c, c};
        s.constraints.insert(std::lower_bound(s.constraints.begin(), s.constraints.end(), k), k);
        return true;
      }
    } else if (op == OpName::Eq) {
      lo = hi = c;
    } else if (op == OpName::Lt) {
      if (c == INT64_MIN)
        return false;
      hi = std::min(hi, c - 1);
    } else if (op == OpName::Le) {
      hi = std::min(hi, c);
    } else if (op == OpName::Gt) {
      if (c == INT64_MAX)
        return false;
      lo = std::max(lo, c + 1);
    } else if (op == OpName::Ge) {
      lo = std::max(lo, c);
    }
    if (lo > hi)
      return false;
    // Replace v's range; not-equal facts inside it stay, those outside go.
    auto &cs = s.constraints;
    cs.erase(std::remove_if(cs.begin(), cs.end(),
                            [&](const Constraint &k) { return k.v == v && (k.is_range || k.lo < lo || k.lo > hi); }),
             cs.end());
    if (lo == hi && std::binary_search(cs.begin(), cs.end(), Constraint{v, false, lo, lo}))
      return false;
    if (lo != INT64_MIN || hi != INT64_MAX) {
      Constraint k{v, true, lo, hi};
      cs.insert(std::lower_bound(cs.begin(), cs.end(), k), k);
    }
    return true;
  }

  // --- memory ---
  // The key of a place in local memory, or "" if it is not local memory
  // with a constant path.
  // Keys: "L<local>" for the function's locals, "G<symbol>" for globals,
  // "S<value>" for what a pointer value points to (a symbolic region), then
  // "+offset", ".field-offset" and "[index]" steps.
  // The memory key of what pointer v points to, off bytes on; "" where
  // that is not known.
  std::string pointee_key(SvalId v, int64_t off = 0) const {
    while (m_svals[v].kind == SK::Offset) {
      if (m_svals[v].a == kUnknownOffset)
        return "";
      off += m_svals[v].a;
      v = m_svals[v].base;
    }
    const Sval &sv = m_svals[v];
    std::string key;
    if (sv.kind == SK::LocalAddr)
      key = "L" + std::to_string(sv.a);
    else if (sv.kind == SK::GlobalAddr)
      key = "G" + std::to_string(sv.a);
    else if (v != kUnknownSval &&
             (sv.kind == SK::Param || sv.kind == SK::Conjured || sv.kind == SK::Init || sv.kind == SK::Pure))
      key = "S" + std::to_string(v);
    else
      return "";
    // Within a variable a byte offset is a field's ("&r.f" points to
    // r.f): spelled as the field is. Beyond what a pointer points to, it
    // is a neighbour (p[1] beside *p).
    if (off)
      key += (sv.kind == SK::LocalAddr || sv.kind == SK::GlobalAddr ? "." : "+") + std::to_string(off);
    return key;
  }

  // The function a read-only table of function pointers holds at global
  // memory key (0 if none).
  SvalId table_entry(const std::string &key) {
    const size_t end = key_base_end(key);
    const SvalId sym = key_base(key);
    if (sym >= m_module.symbols.size())
      return 0;
    for (const auto &e : m_module.symbols[sym].function_table)
      if (key.compare(end, std::string::npos, e.first) == 0)
        return m_svals.get(SK::FuncAddr, e.second);
    return 0;
  }

  std::string local_key(const State &s, const Place &p) {
    std::string key;
    if (p.base == PlaceBase::Local) {
      key = "L" + std::to_string(local_id(s, p.id));
    } else if (p.base == PlaceBase::Global) {
      key = "G" + std::to_string(p.id);
    } else if (p.base == PlaceBase::Deref) {
      key = pointee_key(operand_value(s, p.pointer), p.offset);
      if (key.empty())
        return "";
    } else {
      return "";
    }
    for (const Accessor &a : p.path) {
      if (a.kind == Accessor::Kind::Field) {
        key += a.offset >= 0 ? "." + std::to_string(a.offset) : "." + a.name + "?";
      } else {
        int64_t c;
        if (!known_value(s, operand_value(s, a.index), c))
          return "";
        key += "[" + std::to_string(c) + "]";
      }
    }
    return key;
  }

  // Where the number after a key's kind letter (L, G, S) ends: "S12.8" -> 3.
  static size_t key_base_end(const std::string &key) {
    size_t end = 1;
    while (end < key.size() && isdigit(static_cast<unsigned char>(key[end])))
      ++end;
    return end;
  }

  // Is the place of `key` inside the place `place` (a field or element of
  // it, or it)? "S5+8" (p[1]) is not inside "S5" (*p): they are neighbours.
  static bool inside(const std::string &key, const std::string &place) {
    return key_in_local(key, place) &&
           !(place[0] == 'S' && key.size() > place.size() && key[place.size()] == '+');
  }

  static bool key_in_local(const std::string &key, const std::string &local) {
    return key.compare(0, local.size(), local) == 0 &&
           (key.size() == local.size() || !isdigit(static_cast<unsigned char>(key[local.size()])));
  }

  // Drops bindings of memory outside the locals (G and S keys) except
  // those of the same base as `keep` (a store there can only overlap its own
  // base's bindings, which write_memory handles). "" drops them all.
  void forget_other_regions(State &s, const std::string &keep, const std::vector<std::string> &also_kept = {}) {
    const std::string base = keep.substr(0, key_base_end(keep));
    auto goes = [&](const std::pair<std::string, SvalId> &m) {
      return m.first[0] != 'L' && (base.empty() || !key_in_local(m.first, base)) && !private_region(s, m.first) &&
             std::none_of(also_kept.begin(), also_kept.end(),
                          [&](const std::string &k) { return key_in_local(m.first, k); });
    };
    // What globals (and the caller's memory) held may now be held
    // elsewhere.
    std::vector<SvalId> held;
    for (auto &m : s.memory)
      if ((m.first[0] == 'G' || caller_visible(m.first)) && goes(m))
        held.push_back(m.second);
    for (SvalId h : held)
      escape_value(s, h);
    s.memory.erase(std::remove_if(s.memory.begin(), s.memory.end(), goes), s.memory.end());
  }

  void escape_local(State &s, uint32_t local) { escape_contents(s, "L" + std::to_string(local)); }

  // What the memory under prefix ("L3", "S12") holds escapes.
  void escape_contents(State &s, const std::string &prefix) {
    std::vector<SvalId> held;
    for (auto &m : s.memory)
      if (key_in_local(m.first, prefix))
        held.push_back(m.second);
    for (SvalId h : held)
      escape_value(s, h);
  }

  // What the local holds may have changed: forget it (and with `escape`,
  // let what it held escape first).
  void forget_local(State &s, uint32_t local, bool escape) {
    if (escape)
      escape_local(s, local);
    clear_memory(s, "L" + std::to_string(local));
  }

  // Drops the bindings of key and of everything inside it (x.f, x[i]).
  void clear_memory(State &s, const std::string &key) {
    s.memory.erase(std::remove_if(s.memory.begin(), s.memory.end(),
                                  [&](const auto &m) { return inside(m.first, key); }),
                   s.memory.end());
  }

  // Is the place of key inside a place bound to zero as a whole ("s = {}",
  // then s.p)?
  bool inside_zeros(const State &s, const std::string &key) const {
    for (size_t end = key.size(); end > key_base_end(key);) {
      const size_t cut = key.find_last_of(".[+", end - 1);
      if (cut == std::string::npos || cut < key_base_end(key) || (key[0] == 'S' && key[cut] == '+'))
        break; // (p[1] is beside *p, not inside it)
      const SvalId outer = read_memory(s, key.substr(0, cut));
      if (outer)
        return m_svals[outer].kind == SK::Const && m_svals[outer].a == 0;
      end = cut;
    }
    return false;
  }

  // The number after a key's kind letter: the local of an L key, the
  // pointer value of an S key.
  static SvalId key_base(const std::string &key) {
    return static_cast<SvalId>(std::stoul(key.substr(1, key_base_end(key) - 1)));
  }

  // Binds key to v. A whole-value binding of an enclosing key no longer
  // describes the whole, so it goes.
  void write_memory(State &s, const std::string &key, SvalId v) {
    clear_memory(s, key);
    s.memory.erase(std::remove_if(s.memory.begin(), s.memory.end(),
                                  [&](const auto &m) { return m.first != key && inside(key, m.first); }),
                   s.memory.end());
    auto it = std::lower_bound(s.memory.begin(), s.memory.end(), key,
                               [](const auto &p, const std::string &k) { return p.first < k; });
    s.memory.insert(it, {key, v});
  }

  SvalId read_memory(const State &s, const std::string &key) const {
    auto it = std::lower_bound(s.memory.begin(), s.memory.end(), key,
                               [](const auto &p, const std::string &k) { return p.first < k; });
    return it != s.memory.end() && it->first == key ? it->second : 0;
  }

  bool is_tracked(const State &s, SvalId v) const {
    for (const SmMap &m : s.sm)
      if (map_get<StateId>(m, v, 0))
        return true;
    return false;
  }

  void escape_value(State &s, SvalId v) {
    v = root_of(v);
    if (v && m_svals[v].kind == SK::LocalAddr) {
      // Code elsewhere can now reach the local and what it holds.
      auto local = static_cast<SvalId>(m_svals[v].a);
      if (!set_contains(s.exposed, local)) {
        set_insert(s.exposed, local);
        escape_local(s, local);
      }
      return;
    }
    if (v && m_svals[v].kind == SK::Aggregate) {
      // A struct passed by value: what its fields hold escapes with it.
      const std::string prefix = m_svals.string_at(m_svals[v].a);
      for (auto &m : s.memory)
        if (key_in_local(m.first, prefix) && m_svals[m.second].kind != SK::Aggregate)
          escape_value(s, m.second);
      return;
    }
    if (v && is_tracked(s, v) && !set_contains(s.escaped, v)) {
      set_insert(s.escaped, v);
      escape_contents(s, "S" + std::to_string(v)); // ...and so does what is stored in it
    }
  }

  // Memory only the analysed code can reach: inside a fresh allocation
  // that has not escaped. What is stored there stays the code's own.
  // Memory the analysed function's caller sees: what a parameter points
  // to. What is stored there stays reachable (the caller holds it), as in
  // a global.
  bool caller_visible(const std::string &key) const {
    return key[0] == 'S' && m_svals[key_base(key)].kind == SK::Param;
  }

  bool private_region(const State &s, const std::string &key) const {
    if (key[0] != 'S')
      return false;
    const SvalId base = key_base(key);
    return !set_contains(s.escaped, base) && is_fresh_allocation(s, base);
  }

  // The value's root (through offsets) has a state that must not leak.
  bool holds_resource(const State &s, SvalId v) const {
    v = root_of(v);
    if (set_contains(s.escaped, v))
      return false; // someone else holds it too
    for (size_t c = 0; c < m_checkers.size(); ++c) {
      StateId st = map_get<StateId>(s.sm[c], v, 0);
      if (st && m_checkers[c]->is_leakable(st))
        return true;
    }
    return false;
  }

  // Do two temporaries stand for the same user variable?
  bool same_variable(uint32_t a, uint32_t b) const {
    const Temp &ta = fn().temps[a], &tb = fn().temps[b];
    return ta.var && ta.var == tb.var && ta.name == tb.name;
  }

  // Temporaries to unbind from `dead`: a temporary standing for a user
  // variable that still holds a resource stays bound (the variable keeps it
  // reachable) until the variable is assigned again or the function returns.
  // A temporary that stands for no variable is held only while nothing
  // else (another temporary, local memory) holds its value.
  std::vector<uint32_t> unheld(const State &s, const std::vector<uint32_t> &dead) const {
    std::vector<uint32_t> out;
    auto held_elsewhere = [&](uint32_t t, SvalId v) {
      for (auto &b : s.temps)
        if (b.first != t && b.second == v && std::find(dead.begin(), dead.end(), b.first) == dead.end())
          return true;
      for (auto &m : s.memory)
        if (m.second == v)
          return true;
      return false;
    };
    for (uint32_t t : dead) {
      SvalId v = s.temp(t);
      if (v && holds_resource(s, v) && (fn().temps[t].var || !held_elsewhere(t, v))) {
        bool superseded = false; // another value of the same variable is bound
        for (auto &b : s.temps)
          if (b.first != t && same_variable(t, b.first) && std::find(dead.begin(), dead.end(), b.first) == dead.end())
            superseded = true;
        if (!superseded)
          continue;
      }
      out.push_back(t);
    }
    return out;
  }

  // Readable text of a local memory key: as written where it was stored
  // ("tmp.m_ptr"), else the local's name.
  std::string memory_text(const State &s, const std::string &key) const {
    auto it = m_key_text.find(text_key(s, key));
    if (it != m_key_text.end())
      return it->second;
    if (key[0] != 'L' || key_base_end(key) != key.size())
      return "";
    const Local *l = local_of(s, key_base(key));
    return l ? l->name : "";
  }

  // The key of a memory key's text: a local's text belongs to the function
  // whose frame holds it (another function may use the same frame later).
  std::string text_key(const State &s, const std::string &key) const {
    if (key[0] != 'L')
      return key;
    const size_t depth = key_base(key) >> kFrameShift;
    const uint32_t f = depth < s.stack.size() ? s.stack[depth].fn : s.fn;
    return std::to_string(f) + key;
  }

  // Copies what the fields of the struct at `from` hold to `to` (replacing
  // what `to` held), naming the copies after `to_text` ('ptr.value').
  void copy_fields(State &s, const std::string &from, const std::string &to, const std::string &to_text) {
    const std::string from_text = memory_text(s, from);
    std::vector<std::tuple<std::string, SvalId, std::string>> fields;
    for (auto &m : s.memory)
      if (key_in_local(m.first, from) && m.first != from) {
        const std::string t = memory_text(s, m.first);
        const bool suffix =
            !from_text.empty() && t.size() > from_text.size() && t.compare(0, from_text.size(), from_text) == 0;
        fields.push_back({to + m.first.substr(from.size()), m.second,
                          suffix && !to_text.empty() ? to_text + t.substr(from_text.size()) : ""});
      }
    clear_memory(s, to);
    for (auto &[key, v, text] : fields) {
      write_memory(s, key, v);
      if (!text.empty())
        m_key_text[text_key(s, key)] = text;
    }
  }

  // The slot a struct returned by value is kept in, in the frame at depth
  // (the caller's), until the temporary holding it dies.
  static std::string return_slot(size_t depth) {
    return "L" + std::to_string((depth << kFrameShift) | kLocalMask);
  }
  static bool is_return_slot(const std::string &key) {
    return key[0] == 'L' && (key_base(key) & kLocalMask) == kLocalMask;
  }

  // --- purging and leaks ---
  void collect_reachable(const State &s, std::vector<SvalId> &out, const std::vector<SvalId> &roots = {}) const {
    auto add = [&](SvalId v) {
      while (v) {
        out.push_back(v);
        v = m_svals[v].kind == SK::Offset ? m_svals[v].base : 0;
      }
    };
    for (SvalId r : roots)
      add(r);
    for (auto &t : s.temps)
      add(t.second);
    for (auto &f : s.stack) // the callers' values are still theirs
      for (auto &t : f.temps)
        add(t.second);
    for (auto &m : s.memory) {
      if (m.first[0] != 'S')
        add(m.second);
      else if (caller_visible(m.first)) { // the caller holds the parameter, and so what it points to
        add(key_base(m.first));
        add(m.second);
      }
    }
    std::sort(out.begin(), out.end());
    out.erase(std::unique(out.begin(), out.end()), out.end());
    // What a reachable pointer points to is reachable (p->next->data).
    for (bool grew = true; grew;) {
      grew = false;
      for (auto &m : s.memory) {
        if (m.first[0] != 'S' || !std::binary_search(out.begin(), out.end(), key_base(m.first)))
          continue;
        for (SvalId v = m.second; v; v = m_svals[v].kind == SK::Offset ? m_svals[v].base : 0)
          if (!std::binary_search(out.begin(), out.end(), v)) {
            out.insert(std::lower_bound(out.begin(), out.end(), v), v);
            grew = true;
          }
      }
    }
  }

  // Unbinds the dead temporaries and the memory of the dead locals (with
  // `everything`, all of it), reports leaks of values that became
  // unreachable, and forgets everything about them.
  void purge(State &s, const std::vector<uint32_t> &dead_temps, const std::vector<uint32_t> &dead_locals,
             bool everything, SvalId keep, const Loc &loc) {
    std::vector<std::pair<SvalId, std::string>> dropped;
    std::vector<std::string> dead_slots;
    // What the caller still sees: the returned value and, for a struct
    // returned by value, what its fields hold.
    std::vector<SvalId> kept;
    if (keep) {
      kept.push_back(keep);
      if (m_svals[keep].kind == SK::Aggregate) {
        const std::string prefix = m_svals.string_at(m_svals[keep].a);
        for (auto &m : s.memory)
          if (key_in_local(m.first, prefix))
            kept.push_back(m.second);
      }
    }
    for (uint32_t t : dead_temps) {
      if (SvalId v = s.temp(t)) {
        dropped.push_back({v, m_cur->temp_text[t]});
        s.bind(t, 0);
        if (m_svals[v].kind == SK::Aggregate && is_return_slot(m_svals.string_at(m_svals[v].a)))
          dead_slots.push_back(m_svals.string_at(m_svals[v].a));
      }
    }
    for (const std::string &slot : dead_slots)
      for (auto it = s.memory.begin(); it != s.memory.end();) {
        if (key_in_local(it->first, slot)) {
          dropped.push_back({it->second, memory_text(s, it->first)});
          it = s.memory.erase(it);
        } else {
          ++it;
        }
      }
    for (uint32_t l : dead_locals) {
      std::string prefix = "L" + std::to_string(l);
      for (auto it = s.memory.begin(); it != s.memory.end();) {
        if (key_in_local(it->first, prefix)) {
          dropped.push_back({it->second, memory_text(s, it->first)});
          it = s.memory.erase(it);
        } else {
          ++it;
        }
      }
    }
    if (everything) {
      // Memory first: 'tmp.m_ptr' names a leak better than 'malloc(8)'.
      // Globals stay, and so does what they reach.
      // What only the heap held has no name a reader would know
      // ('<unknown>', as GCC says).
      for (auto &mm : s.memory)
        if (mm.first[0] != 'G')
          dropped.push_back({mm.second, mm.first[0] == 'S' ? "" : memory_text(s, mm.first)});
      s.memory.erase(std::remove_if(s.memory.begin(), s.memory.end(), [](const auto &m) { return m.first[0] == 'L'; }),
                     s.memory.end());
      for (auto &t : s.temps)
        dropped.push_back({t.second, m_cur->temp_text[t.first]});
      s.temps.clear();
    }
    forget(s, dropped, kept, loc);
  }

  // Reports leaks among `dropped` values that nothing reaches any more
  // (`kept` values count as reached), then forgets what no longer matters.
  void forget(State &s, const std::vector<std::pair<SvalId, std::string>> &dropped, const std::vector<SvalId> &kept,
              const Loc &loc) {
    if (dropped.empty())
      return;
    bool any_state = !s.constraints.empty() || !s.relations.empty() || !s.escaped.empty();
    for (const SmMap &m : s.sm)
      any_state = any_state || !m.empty();
    if (!any_state)
      return;
    // Most dropped values are plain numbers nothing knows about: then there
    // is nothing to report or forget.
    auto matters = [&](SvalId v) {
      for (SvalId r = v; r; r = m_svals[r].kind == SK::Offset ? m_svals[r].base : 0) {
        if (is_tracked(s, r) || set_contains(s.escaped, r))
          return true;
        auto c =
            std::lower_bound(s.constraints.begin(), s.constraints.end(), Constraint{r, false, INT64_MIN, INT64_MIN});
        if (c != s.constraints.end() && c->v == r)
          return true;
        for (const Relation &rel : s.relations)
          if (rel.a == r || rel.b == r)
            return true;
        for (const auto &m : s.memory)
          if (m.first[0] == 'S' && key_base(m.first) == r)
            return true;
      }
      return false;
    };
    if (std::none_of(dropped.begin(), dropped.end(), [&](const auto &d) { return matters(d.first); }))
      return;
    std::vector<SvalId> reach;
    collect_reachable(s, reach, kept);
    auto reachable = [&](SvalId v) { return std::binary_search(reach.begin(), reach.end(), v); };
    auto report_leak = [&](SvalId v, const std::string &text) {
      if (reachable(v) || set_contains(s.escaped, v))
        return;
      for (size_t c = 0; c < m_checkers.size(); ++c) {
        StateId st = map_get<StateId>(s.sm[c], v, 0);
        if (!st || !m_checkers[c]->is_leakable(st))
          continue;
        if (compare(s, v, OpName::Eq, m_svals.get(SK::Const, 0)) == Tri::True)
          continue;
        Context ctx(*this, s, static_cast<uint8_t>(c), loc);
        m_checkers[c]->on_leak(ctx, v, st, text);
        map_set<StateId>(s.sm[c], v, 0, 0); // one report per value
      }
    };
    // Leaks, in the order the values were dropped (deterministic)...
    for (auto &d : dropped)
      report_leak(d.first, d.second);
    // ...then what only the memory of a lost allocation held, lost with it
    // (res->a as res leaks): '<unknown>', as GCC names it.
    for (const auto &m : s.memory)
      if (m.first[0] == 'S' && !reachable(key_base(m.first)))
        report_leak(m.second, "");
    // Forget what no longer matters, including memory behind pointers
    // nothing holds.
    s.memory.erase(std::remove_if(s.memory.begin(), s.memory.end(),
                                  [&](const auto &m) { return m.first[0] == 'S' && !reachable(key_base(m.first)); }),
                   s.memory.end());
    for (SmMap &m : s.sm)
      m.erase(std::remove_if(m.begin(), m.end(), [&](const auto &p) { return !reachable(p.first); }), m.end());
    s.constraints.erase(std::remove_if(s.constraints.begin(), s.constraints.end(),
                                       [&](const Constraint &k) {
                                         // Facts about a const function's result stay true.
                                         return !reachable(k.v) && m_svals[k.v].kind != SK::Pure;
                                       }),
                        s.constraints.end());
    s.relations.erase(std::remove_if(s.relations.begin(), s.relations.end(),
                                     [&](const Relation &r) { return !reachable(r.a) || !reachable(r.b); }),
                      s.relations.end());
    s.escaped.erase(std::remove_if(s.escaped.begin(), s.escaped.end(), [&](SvalId v) { return !reachable(v); }),
                    s.escaped.end());
  }

  // --- checker context ---
  class Context final : public CheckerContext {
  public:
    Context(FunctionAnalysis &a, State &s, uint8_t checker, const Loc &loc)
        : m_a(a), m_s(s), m_checker(checker), m_loc(loc) {}
    StateId state(SvalId v) const override { return map_get<StateId>(m_s.sm[m_checker], v, 0); }
    void set_state(SvalId v, StateId to, const std::string &expr) override {
      StateId from = state(v);
      if (from == to || v == kUnknownSval)
        return;
      map_set<StateId>(m_s.sm[m_checker], v, to, 0);
      RawEvent e = m_a.event(RawEvent::Kind::StateChange, m_loc);
      e.checker = m_checker;
      e.v = v;
      e.from = from;
      e.to = to;
      e.expr = expr;
      m_a.m_cur_events->push_back(std::move(e));
    }
    bool is_null_constant(SvalId v) const override {
      return m_a.m_svals[v].kind == SK::Const && m_a.m_svals[v].a == 0;
    }
    bool is_exact() const override { return !m_s.approximate && !m_s.call_decided; }
    Tri is_null(SvalId v) const override {
      return m_a.compare(m_s, v, OpName::Eq, m_a.m_svals.get(SK::Const, 0));
    }
    void report(const Warning &w, SvalId v, const std::string &expr, const Origin *origin, int arg,
                const Origin *note, const std::string &detail, const std::string &detail2) override {
      if (m_a.m_opts.disabled.count(w.name))
        return;
      m_a.m_pending.push_back({&w, m_checker, v, expr, m_loc, m_a.m_cur->index, m_a.m_depth, m_a.m_cur_node,
                               *m_a.m_cur_events,
                               origin ? *origin : Origin{}, arg, note ? *note : Origin{}, detail, detail2});
    }
    RegionInfo region_of(SvalId v) const override {
      v = m_a.root_of(v);
      const Sval &sv = m_a.m_svals[v];
      RegionInfo r;
      if (sv.kind == SK::LocalAddr) {
        r.kind = RegionInfo::Kind::Stack;
        if (const Local *l = m_a.local_of(m_s, static_cast<uint64_t>(sv.a))) {
          r.created = l->loc;
          r.name = l->name;
        }
      } else if (sv.kind == SK::GlobalAddr || sv.kind == SK::FuncAddr) {
        r.kind = RegionInfo::Kind::Global;
        if (static_cast<size_t>(sv.a) < m_a.m_module.symbols.size()) {
          r.created = m_a.m_module.symbols[static_cast<size_t>(sv.a)].loc;
          r.name = ir::Module::source_name(m_a.m_module.symbols[static_cast<size_t>(sv.a)].name);
        }
      } else if (sv.kind == SK::StrAddr) {
        r.kind = RegionInfo::Kind::String;
      }
      return r;
    }

  private:
    FunctionAnalysis &m_a;
    State &m_s;
    uint8_t m_checker;
    Loc m_loc;
  };

  // Renumbers conjured values in order of first appearance, so that states
  // that differ only in the names of fresh values (a loop's iterations)
  // become equal. Returns the (old, new) pairs that changed.
  std::vector<std::pair<SvalId, SvalId>> canonicalize(State &s) {
    std::unordered_map<SvalId, SvalId> map;
    std::unordered_map<int64_t, int64_t> next_k;
    std::vector<std::pair<SvalId, SvalId>> changed;
    auto canon = [&](SvalId v, auto &self) -> SvalId {
      if (!v)
        return v;
      auto it = map.find(v);
      if (it != map.end())
        return it->second;
      const Sval sv = m_svals[v];
      SvalId out = v;
      if (sv.kind == SK::Conjured && sv.b >= 0) {
        out = m_svals.get(SK::Conjured, sv.a, next_k[sv.a]++);
      } else if (sv.kind == SK::Offset) {
        SvalId b = self(sv.base, self);
        if (b != sv.base)
          out = m_svals.get(SK::Offset, sv.a, 0, b);
      } else if (sv.kind == SK::Cmp) {
        SvalId l = self(sv.base, self);
        SvalId r = self(static_cast<SvalId>(sv.b), self);
        if (l != sv.base || r != static_cast<SvalId>(sv.b))
          out = m_svals.get(SK::Cmp, sv.a, r, l);
      }
      map.emplace(v, out);
      if (out != v)
        changed.push_back({v, out});
      return out;
    };
    for (auto &f : s.stack)
      for (auto &t : f.temps)
        t.second = canon(t.second, canon);
    for (auto &t : s.temps)
      t.second = canon(t.second, canon);
    bool rekeyed = false;
    for (auto &m : s.memory) {
      m.second = canon(m.second, canon);
      if (m.first[0] == 'S') {
        SvalId base = key_base(m.first);
        SvalId nb = canon(base, canon);
        if (nb != base) {
          m.first = "S" + std::to_string(nb) + m.first.substr(key_base_end(m.first));
          rekeyed = true;
        }
      }
    }
    if (rekeyed)
      std::sort(s.memory.begin(), s.memory.end());
    for (SmMap &m : s.sm)
      for (auto &p : m)
        p.first = canon(p.first, canon);
    for (Constraint &c : s.constraints)
      c.v = canon(c.v, canon);
    for (Relation &r : s.relations) {
      r.a = canon(r.a, canon);
      r.b = canon(r.b, canon);
      if (r.a > r.b) {
        std::swap(r.a, r.b);
        r.op = static_cast<uint8_t>(swap_comparison(static_cast<OpName>(r.op)));
      }
    }
    for (SvalId &e : s.escaped)
      e = canon(e, canon);
    if (changed.empty())
      return changed;
    std::sort(s.relations.begin(), s.relations.end());
    for (SmMap &m : s.sm)
      std::sort(m.begin(), m.end());
    std::sort(s.constraints.begin(), s.constraints.end());
    std::sort(s.escaped.begin(), s.escaped.end());
    return changed;
  }

  // Called when a block has seen many states: keeps what checkers track
  // (and addresses) and lets every other value stand for any value, named
  // by the block and temporary, so that states reaching the block converge.
  // Sound: it only forgets facts.
  // At the first level, inputs (constants, parameters, initial values)
  // and the facts about them stay, since they decide correlated branches;
  // at the second, only what checkers track (and const-call facts) stays.
  void generalize(State &s, uint32_t block, int level, uint32_t start = 0, bool resumed = false) {
    s.approximate = true;
    // Results of const calls always stay: equal calls must agree.
    auto stays = [&](SvalId v) { return m_svals[v].kind == SK::Pure || (level < 2 && is_stable(v)); };
    // (A struct value names the memory that holds its fields: widening it
    // would lose them.)
    auto keep = [&](SvalId v) {
      SvalId root = root_of(v);
      return is_address(root) || stays(root) || is_tracked(s, root) || set_contains(s.escaped, root) ||
             m_svals[root].kind == SK::Aggregate;
    };
    // A constant a call just returned stays, and so does the one a return
    // block returns: no loop runs through them, and branches on a result
    // (0 or an error code) need it to tell outcomes apart.
    uint32_t result = 0;
    if (block < fn().blocks.size() && !fn().blocks[block].insns.empty()) {
      const std::vector<Instruction> &insns = fn().blocks[block].insns;
      if (resumed && start < insns.size())
        result = insns[start].result;
      else if (insns.back().opcode == Opcode::Ret && !insns.back().operands.empty() &&
               insns.back().operands[0].is_temp())
        result = insns.back().operands[0].id;
    }
    for (auto &t : s.temps) {
      if (result && t.first == result && m_svals[t.second].kind == SK::Const)
        continue;
      if (!keep(t.second))
        t.second = widen_to(s, block, t.first, t.second);
      else if (level >= 2 && m_svals[t.second].kind == SK::Offset && m_svals[t.second].a != kUnknownOffset)
        t.second = offset_value(m_svals[t.second].base, kUnknownOffset); // somewhere in the same object
    }
    for (Frame &f : s.stack) // the callers' too: they may differ the most
      for (auto &t : f.temps)
        if (!keep(t.second))
          t.second = m_svals.get(SK::Conjured, info(f.fn).uid_base[f.block] + f.index,
                                 -1 - static_cast<int64_t>(t.first));
    s.memory.erase(std::remove_if(s.memory.begin(), s.memory.end(), [&](const auto &m) { return !keep(m.second); }),
                   s.memory.end());
    s.constraints.erase(std::remove_if(s.constraints.begin(), s.constraints.end(),
                                       [&](const Constraint &k) { return !is_tracked(s, k.v) && !stays(k.v); }),
                        s.constraints.end());
    s.relations.erase(std::remove_if(s.relations.begin(), s.relations.end(),
                                     [&](const Relation &r) { return level >= 2 || !stays(r.a) || !stays(r.b); }),
                      s.relations.end());
  }

  // When states keep arriving at a point, s takes in an earlier state e
  // that binds the same values and tracks the same states: s keeps only the
  // facts both have (constraints, relations, memory) and every exposure and
  // escape either has. Sound: the result describes both. Example: "p escaped, n >
  // 0" and "n > 0, n < 10" become "p escaped, n > 0"; a state equal to e
  // then stops there.
  void join(State &s, const State &e) {
    if (s.fn != e.fn || !(s.stack == e.stack) || s.temps != e.temps || s.sm != e.sm ||
        s.loops.size() != e.loops.size())
      return;
    for (size_t k = 0; k < s.loops.size(); ++k)
      if (s.loops[k].first != e.loops[k].first)
        return;
    // Trips round each loop: the larger count (from two on, constants
    // flowing round are widened, which covers fewer trips too).
    for (size_t k = 0; k < s.loops.size(); ++k)
      s.loops[k].second = std::max(s.loops[k].second, e.loops[k].second);
    // Memory both describe alike stays; the rest is forgotten (a later
    // read finds an unknown value).
    if (s.memory != e.memory) {
      std::vector<std::pair<std::string, SvalId>> common, gone;
      std::set_intersection(s.memory.begin(), s.memory.end(), e.memory.begin(), e.memory.end(),
                            std::back_inserter(common));
      std::set_difference(s.memory.begin(), s.memory.end(), e.memory.begin(), e.memory.end(),
                          std::back_inserter(gone));
      s.memory = std::move(common);
      // What only the forgotten memory held may still be held there: it
      // escapes rather than leaks.
      for (const auto &m : gone)
        escape_value(s, m.second);
    }
    std::vector<Constraint> cs;
    for (const Constraint &c : s.constraints) {
      if (!c.is_range) {
        if (std::binary_search(e.constraints.begin(), e.constraints.end(), c))
          cs.push_back(c);
        continue;
      }
      auto it = std::lower_bound(e.constraints.begin(), e.constraints.end(), Constraint{c.v, true, INT64_MIN, INT64_MIN});
      if (it != e.constraints.end() && it->v == c.v && it->is_range)
        cs.push_back({c.v, true, std::min(c.lo, it->lo), std::max(c.hi, it->hi)});
    }
    s.constraints = std::move(cs);
    std::vector<Relation> rs;
    std::set_intersection(s.relations.begin(), s.relations.end(), e.relations.begin(), e.relations.end(),
                          std::back_inserter(rs));
    s.relations = std::move(rs);
    std::vector<SvalId> u;
    std::set_union(s.escaped.begin(), s.escaped.end(), e.escaped.begin(), e.escaped.end(), std::back_inserter(u));
    s.escaped = std::move(u);
    u.clear();
    std::set_union(s.exposed.begin(), s.exposed.end(), e.exposed.begin(), e.exposed.end(), std::back_inserter(u));
    s.exposed = std::move(u);
    s.approximate = true;
  }

  // A variable given the NULL constant: the event that explains a later
  // dereference of NULL through it.
  RawEvent null_origin(SvalId v, uint32_t temp, const Loc &loc) const {
    RawEvent e = event(RawEvent::Kind::NullOrigin, loc);
    e.v = v;
    e.expr = m_cur->temp_text[temp];
    e.text = quote_expr(e.expr) + " is NULL";
    return e;
  }

  // Is the operand (through conversions and comparisons) the result of
  // a call of a function with a body?
  bool from_body_call(const Operand &o) const {
    if (!o.is_temp())
      return false;
    uint32_t t = o.id;
    for (int hops = 0; hops < 4 && t < m_cur->defs.size() && m_cur->defs[t]; ++hops) {
      const Instruction &d = *m_cur->defs[t];
      if (d.opcode == Opcode::Call) {
        const Operand &c = d.operands[0];
        return c.kind == OpKind::Func && c.id < m_module.symbols.size() && m_module.symbols[c.id].body >= 0;
      }
      if ((d.opcode != Opcode::Unary && d.opcode != Opcode::Binary && d.opcode != Opcode::Copy) ||
          !d.operands[0].is_temp())
        return false;
      t = d.operands[0].id;
    }
    return false;
  }

  // Is this main, and does it return right after instruction i of block
  // (only scope ends, copies and jumps in between)?
  bool main_returns_after(uint32_t block, size_t i) const {
    if (m_module.function_name(fn()) != "main")
      return false;
    for (int hops = 0; hops < 4 && block < fn().blocks.size(); ++hops) {
      const Block &b = fn().blocks[block];
      for (size_t j = i + 1; j < b.insns.size(); ++j) {
        const Opcode op = b.insns[j].opcode;
        if (op == Opcode::Ret)
          return true;
        if (op == Opcode::Jmp) {
          block = b.insns[j].targets[0];
          break;
        }
        if (op != Opcode::Clobber && op != Opcode::Phi && op != Opcode::Copy)
          return false;
      }
      i = static_cast<size_t>(-1);
    }
    return false;
  }

  // Unsigned operands of a comparison are not negative. (Values are kept as
  // 64-bit signed numbers; an unsigned one of 2^63 or more is out of reach,
  // a price paid so that "0 < n" means "n != 0" for a size.)
  // An ordering comparison of unsigned operands where a value is beyond
  // INT64_MAX (kept as a negative int64, "(size_t)-20"): the engine's
  // signed ranges do not apply.
  bool unsigned_beyond_signed(const State &s, const Instruction &in, SvalId a, SvalId b, Tri &t) const {
    if (in.op == OpName::Eq || in.op == OpName::Ne || in.operands.size() < 2)
      return false;
    auto is_unsigned = [&](const Operand &o) {
      const Type &ty = o.is_temp() && o.id < fn().temps.size() ? fn().temps[o.id].type : o.type;
      return ty.kind == TypeKind::Int && !ty.is_signed && ty.bits == 64;
    };
    if (!is_unsigned(in.operands[0]) && !is_unsigned(in.operands[1]))
      return false;
    int64_t ca = 0, cb = 0;
    const bool ka = known_value(s, a, ca), kb = known_value(s, b, cb);
    if (!(ka && ca < 0) && !(kb && cb < 0))
      return false;
    t = Tri::Unknown;
    if (ka && kb) {
      const auto ua = static_cast<uint64_t>(ca), ub = static_cast<uint64_t>(cb);
      bool r = false;
      switch (in.op) {
      case OpName::Lt: r = ua < ub; break;
      case OpName::Le: r = ua <= ub; break;
      case OpName::Gt: r = ua > ub; break;
      case OpName::Ge: r = ua >= ub; break;
      default: return false;
      }
      t = r ? Tri::True : Tri::False;
    }
    return true;
  }

  void assume_unsigned(State &s, const Instruction &in) {
    auto is_unsigned = [&](const Operand &o) {
      const Type &t = o.is_temp() && o.id < fn().temps.size() ? fn().temps[o.id].type : o.type;
      return t.kind == TypeKind::Int && !t.is_signed;
    };
    if (in.operands.size() < 2 || !is_unsigned(in.operands[0]) || !is_unsigned(in.operands[1]))
      return;
    const SvalId zero = m_svals.get(SK::Const, 0);
    for (int k = 0; k < 2; ++k)
      if (in.operands[k].is_temp())
        assume(s, operand_value(s, in.operands[k]), OpName::Ge, zero);
  }

  // --- exploration ---
  void enqueue(uint32_t block, State &&s, int32_t pred, std::vector<RawEvent> &&events, const Loc &entry_loc,
               uint32_t start = 0, bool resumed = false);
  // Calls into functions with a body: stepping in, and returning.
  bool enter_call(State &s, uint32_t block, size_t index, const Instruction &in, const Loc &loc);
  bool enter_callback(State &s, uint32_t block, size_t index, const Instruction &in, const Loc &loc);
  int steppable(const State &s, SvalId target, size_t nargs);
  // At most a few blocks, and no calls.
  static bool tiny_leaf(const Function &f) {
    if (f.blocks.size() > 4)
      return false;
    for (const Block &b : f.blocks)
      for (const Instruction &in : b.insns)
        if (in.opcode == Opcode::Call)
          return false;
    return true;
  }
  bool enter_function(State &s, uint32_t block, size_t index, uint32_t result, uint32_t callee,
                      const std::vector<SvalId> &args, const std::vector<std::string> &arg_texts, const Loc &loc);
  void leave_call(State &s, SvalId ret, const Loc &at);
  bool m_entering = false; // set by step when it stepped into a call
  Loc m_after_call;        // where the code after the call being stepped starts
  bool callable(uint32_t f);
  // Does every return of the function give NULL (not a defensive check
  // but what it always does)?
  bool always_returns_null(const FnInfo &fi) {
    auto known = m_always_null.find(fi.index);
    if (known != m_always_null.end())
      return known->second;
    const std::vector<const Instruction *> &defs = fi.defs;
    std::function<bool(const Operand &, int)> null_only = [&](const Operand &o, int depth) {
      if (o.kind == OpKind::Null || (o.kind == OpKind::Int && o.value == 0))
        return true;
      if (!o.is_temp() || depth > 4 || o.id >= defs.size() || !defs[o.id])
        return false;
      const Instruction &d = *defs[o.id];
      if (d.opcode != Opcode::Phi && d.opcode != Opcode::Copy && !(d.opcode == Opcode::Unary && d.op == OpName::Conv))
        return false;
      return std::all_of(d.operands.begin(), d.operands.end(), [&](const Operand &x) { return null_only(x, depth + 1); });
    };
    bool any = false, all = true;
    for (const Block &b : fi.fn->blocks)
      for (const Instruction &in : b.insns)
        if (in.opcode == Opcode::Ret && !in.operands.empty()) {
          any = true;
          all = all && null_only(in.operands[0], 0);
        }
    return m_always_null[fi.index] = any && all;
  }
  std::map<uint32_t, bool> m_always_null; // by function, see always_returns_null
  bool passes_tracked(const State &s, SvalId arg) const;
  std::map<uint32_t, bool> m_callable;
  size_t m_callee_nodes = 0;     // nodes with a call stack
  std::set<uint32_t> m_not_entered; // functions found too costly to step into
  void process(int32_t node);
  void run_block(int32_t node_id, State s, std::vector<RawEvent> events, size_t start, bool resumed, Loc last,
                 bool seen_loc_in_block);
  // Other outcomes of the instruction being stepped (a call that may fail
  // or succeed in different ways): states after it, with their events.
  struct Fork {
    State state;
    std::vector<RawEvent> events;
  };
  std::vector<Fork> m_forks;
  size_t m_forks_made = 0; // bounded: forks multiply within a block, past the node budget
  SvalId model_realloc(State &s, const Instruction &in, uint32_t uid, const Loc &loc, CallEvent &call);
  void model_out_buffer(State &s, const Instruction &in, uint32_t uid, const Loc &loc, const CallEvent &call);
  void allocate_into(State &s, const std::string &key, SvalId buf, const std::string &text, const Loc &loc,
                     const CallEvent &call);
  RawEvent outcome(const Loc &loc, const char *text) const { return event(RawEvent::Kind::Outcome, loc, text); }
  void step(State &s, uint32_t block, size_t index, const Instruction &in, const Loc &loc);
  SvalId on_call(State &s, const Instruction &in, uint32_t uid, const Loc &loc);
  void deref(State &s, const Instruction &in, uint32_t uid, const Loc &loc);

  // Texts of an instruction's operands, then of its place's pointer:
  // worked out once per instruction, on first use.
  const std::vector<std::string> &texts(uint32_t uid, const Instruction &in) {
    std::vector<std::string> &t = m_texts[uid];
    if (t.empty()) {
      for (const Operand &o : in.operands)
        t.push_back(m_cur->namer.operand(o));
      t.push_back(in.place.base == PlaceBase::Deref ? m_cur->namer.pointer(in.place.pointer) : "");
    }
    return t;
  }
  void take_branch(const State &s, uint32_t from, uint32_t to, const std::vector<RawEvent> &events,
                   const std::string &branch_text, bool split, const Loc &br_loc, bool own_loc);
  Loc first_loc(uint32_t block) const;
  Loc next_loc(uint32_t block, size_t i, const Loc &fallback) const;
  std::string when_text(const Instruction &br, bool taken, const State &s);
  Finding build(const Pending &p) const;
};

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
  size_t &states_here = m_states_at[context];
  if (states_here >= m_opts.max_states_per_block)
    generalize(s, block, states_here >= 2 * m_opts.max_states_per_block ? 2 : 1, start, resumed);
  std::vector<std::pair<SvalId, SvalId>> renames = canonicalize(s);
  std::vector<int32_t> &here = m_point_nodes[point];
  if (states_here >= m_opts.max_states_per_block)
    for (int32_t n : here)
      join(s, m_nodes[n].state);
  size_t h = s.hash();
  auto &bucket = m_seen[point][h];
  for (int32_t n : bucket)
    if (m_nodes[n].state == s)
      return;
  auto give_up = [&](const std::string &reason) {
    if (!m_too_complex) {
      m_too_complex = true;
      m_too_complex_reason = reason;
    }
  };
  if (states_here >= m_opts.max_states_per_point && !s.stack.empty()) {
    // Too many ways through a function stepped into: its calls are opaque
    // from now on, and this path ends here. The analysed function's own
    // paths go on.
    m_not_entered.insert(s.fn);
    return;
  }
  if (states_here >= m_opts.max_states_per_point)
    return give_up("more than " + std::to_string(m_opts.max_states_per_point) + " states reached block " +
                   std::to_string(block));
  if (m_nodes.size() >= m_opts.max_nodes)
    return give_up("exploded graph exceeded " + std::to_string(m_opts.max_nodes) + " nodes");
  states_here++;
  if (!s.stack.empty())
    ++m_callee_nodes;
  auto id = static_cast<int32_t>(m_nodes.size());
  bucket.push_back(id);
  here.push_back(id);
  m_nodes.push_back(
      {block, start, resumed, std::move(s), pred, std::move(events), std::move(renames), entry_loc, m_entry_own});
  m_worklist.push_back(id);
}

void FunctionAnalysis::take_branch(const State &s0, uint32_t from, uint32_t to, const std::vector<RawEvent> &events,
                                   const std::string &branch_text, bool split, const Loc &br_loc, bool own_loc) {
  State s = s0;
  std::vector<RawEvent> evs = events;
  Loc here = first_loc(to);
  if (split) {
    evs.push_back(event(RawEvent::Kind::Branch, br_loc, branch_text));
    evs.push_back(event(RawEvent::Kind::ToHere, here.known() ? here : br_loc, "...to here"));
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
  for (auto &p : phis) {
    if (widen && m_svals[p.second].kind == SK::Const) {
      p.second = widen_to(s, to, p.first, p.second);
      s.approximate = true; // the loop's exit may now be taken where it could not
    } else if (widen && m_svals[p.second].kind == SK::Offset && m_svals[p.second].a != kUnknownOffset) {
      // A pointer stepping round the loop: somewhere in the same object.
      p.second = offset_value(m_svals[p.second].base, kUnknownOffset);
      s.approximate = true;
    }
    if (SvalId old = s.temp(p.first))
      overwritten.push_back({old, m_cur->temp_text[p.first]});
    s.bind(p.first, p.second);
  }
  // Values not live in the target die on the way.
  std::vector<uint32_t> dead;
  const Bitset &live = m_cur->live.live_start[to];
  for (auto &t : s.temps)
    if (!live.test(t.first))
      dead.push_back(t.first);
  std::vector<RawEvent> *saved = m_cur_events;
  m_cur_events = &evs;
  const Loc entry = here.known() ? here : br_loc;
  // Told before the branch that chose them.
  for (uint32_t t : null_phis)
    evs.insert(evs.begin() + static_cast<std::ptrdiff_t>(events.size()), null_origin(s.temp(t), t, br_loc));
  forget(s, overwritten, {}, entry);
  purge(s, unheld(s, dead), {}, false, 0, entry);
  m_cur_events = saved;
  // Only a jump that is a statement of its own ('return;', 'goto') counts.
  m_entry_own = here.known() || own_loc;
  enqueue(to, std::move(s), m_cur_node, std::move(evs), entry);
}

std::string FunctionAnalysis::when_text(const Instruction &br, bool taken, const State &) {
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
  std::string tb = m_cur->namer.operand(b);
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
  // A path that goes on after the dereference had a pointer that is not
  // NULL; a NULL one ends it.
  if (!assume(s, v, OpName::Ne, m_svals.get(SK::Const, 0)))
    m_path_ends = true;
}

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
    // A moved buffer is somewhere else.
    if (assume(f.state, moved, OpName::Ne, null) && assume(f.state, moved, OpName::Ne, p)) {
      each_checker(f.state, [&](Checker &ck, Context &ctx) { ck.on_null_split(ctx, moved, false, result_text); });
      f.events.push_back(outcome(loc, "when %<realloc%> succeeds, moving buffer"));
      if (in.result)
        f.state.bind(in.result, moved);
      else // the new buffer is lost as the statement ends
        forget(f.state, {{moved, ""}}, {}, m_after_call);
      m_forks.push_back(std::move(f));
      ++m_forks_made;
    }
  }
  // Fails: NULL, and p is still the caller's.
  m_cur_events = primary;
  primary->push_back(outcome(loc, "when %<realloc%> fails"));
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
  for (size_t k = 1; k < in.operands.size(); ++k)
    call.args.push_back(operand_value(s, in.operands[k]));
  call.arg_texts = texts(uid, in).data() + 1;
  if (callee.kind == OpKind::Func && callee.id < m_module.symbols.size()) {
    const Symbol &sym = m_module.symbols[callee.id];
    call.callee_loc = sym.loc;
    call.returns_fresh = sym.is_malloc;
    call.deallocators = &sym.deallocators;
    auto d = m_deallocators.find(sym.name);
    if (d != m_deallocators.end() && d->second >= 1)
      call.declared_dealloc_arg = static_cast<int>(d->second) - 1;
    if (sym.nonnull_all || !sym.nonnull.empty()) {
      call.nonnull.assign(call.args.size(), false);
      for (size_t k = 0; k < call.args.size(); ++k) {
        const Operand &o = in.operands[k + 1];
        bool is_ptr = o.kind == OpKind::Null || o.kind == OpKind::Str || o.kind == OpKind::LocalAddr ||
                      o.kind == OpKind::GlobalAddr || (o.is_temp() && fn().temps[o.id].type.is_pointer());
        // A literal NULL argument is GCC's own -Wnonnull's to report.
        call.nonnull[k] = is_ptr && o.kind != OpKind::Null &&
                          (sym.nonnull_all || std::find(sym.nonnull.begin(), sym.nonnull.end(),
                                                        static_cast<uint32_t>(k + 1)) != sym.nonnull.end());
      }
    }
  }
  SvalId result = 0;
  if (in.result) {
    result = conjure(s, uid);
    call.result = result;
    call.result_text = &m_cur->temp_text[in.result];
  }
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
  if (call.callee == "__analyzer_dump_path") {
    m_pending.push_back(
        {&kDumpPath, 0, 0, "", loc, m_cur->index, m_depth, m_cur_node, *m_cur_events, Origin{}, 0, Origin{}, "", ""});
    return result;
  }
  if (call.callee == "__analyzer_dump_exploded_nodes") {
    auto &d = m_dump_nodes[uid];
    d.first = loc;
    d.second.insert(s.hash());
    return result;
  }
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
    for (size_t c = 0; c < m_checkers.size(); ++c) {
      Context ctx(*this, s, static_cast<uint8_t>(c), loc);
      handled = m_checkers[c]->on_call(ctx, call) || handled;
    }
  }
  // __attribute__((returns_nonnull)): the result is not NULL (an
  // allocator so declared needs no check).
  if (result && callee.kind == OpKind::Func && callee.id < m_module.symbols.size() &&
      m_module.symbols[callee.id].returns_nonnull && m_svals[result].kind == SK::Conjured) {
    for (size_t c = 0; c < m_checkers.size(); ++c) {
      Context ctx(*this, s, static_cast<uint8_t>(c), loc);
      m_checkers[c]->on_null_split(ctx, result, false, *call.result_text);
    }
    assume(s, result, OpName::Ne, m_svals.get(SK::Const, 0));
  }
  // A pure function (and the C library's string readers) keeps nothing
  // it is given; a pure one writes nothing either.
  const bool pure = callee.kind == OpKind::Func && callee.id < m_module.symbols.size() &&
                    (m_module.symbols[callee.id].is_pure || m_module.symbols[callee.id].is_const);
  if (!handled && (pure || libc::keeps_no_pointer(call.callee)))
    handled = true;
  const int returned = libc::returns_argument(call.callee);
  if (in.result && returned >= 0 && static_cast<size_t>(returned) < call.args.size())
    result = call.args[static_cast<size_t>(returned)];
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
      const ArgUse use = sym ? arg_use(*sym, k + 1) : ArgUse::Any;
      if (use == ArgUse::Formatted)
        continue; // read for its format, not kept
      if (use == ArgUse::Any || m_svals[root].kind == SK::LocalAddr) {
        escape_value(s, v);
        continue;
      }
      escape_contents(s, "S" + std::to_string(root));
      if (use == ArgUse::ReadOnly)
        unchanged.push_back("S" + std::to_string(root));
      if (use == ArgUse::Written) // overwritten: what was there is gone
        s.memory.erase(std::remove_if(s.memory.begin(), s.memory.end(),
                                      [&](const auto &m) { return key_in_local(m.first, "S" + std::to_string(root)); }),
                       s.memory.end());
    }
    // ...and may change any local whose address has escaped, and any
    // memory outside the function.
    for (SvalId l : std::vector<SvalId>(s.exposed))
      forget_local(s, l, true);
    forget_other_regions(s, "", unchanged);
  } else if (!pure) {
    // Known functions may still write through their pointer arguments
    // (fread, memset): forget what those point to. What a deallocator
    // releases, or memset and the like overwrite, held values that are now
    // gone (a leak if nothing else holds them).
    const bool releases = call.callee == "free" || call.callee == "__builtin_free" ||
                          m_deallocators.count(std::string(call.callee)) > 0;
    for (size_t k = 0; k < call.args.size(); ++k) {
      const std::string prefix = "S" + std::to_string(root_of(call.args[k]));
      const bool drops = releases || (k == 0 && libc::overwrites_first(call.callee));
      std::vector<std::pair<SvalId, std::string>> dropped;
      s.memory.erase(std::remove_if(s.memory.begin(), s.memory.end(),
                                    [&](const auto &m) {
                                      if (!key_in_local(m.first, prefix))
                                        return false;
                                      if (drops)
                                        dropped.push_back({m.second, ""});
                                      return true;
                                    }),
                     s.memory.end());
      forget(s, dropped, {}, loc);
    }
  }
  model_out_buffer(s, in, uid, loc, call);
  // strchr and the like: NULL on this path, a pointer into the first
  // argument on another.
  if (in.result && !call.args.empty() && libc::returns_null_or_into_first(call.callee) &&
      m_forks_made < m_opts.max_forks) {
    Fork f{s, *m_cur_events};
    const SvalId into = offset_value(root_of(call.args[0]), kUnknownOffset);
    if (assume(f.state, into, OpName::Ne, m_svals.get(SK::Const, 0))) {
      f.state.bind(in.result, into);
      m_forks.push_back(std::move(f));
      ++m_forks_made;
    }
    result = m_svals.get(SK::Const, 0);
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

void FunctionAnalysis::step(State &s, uint32_t block, size_t index, const Instruction &in, const Loc &loc) {
  const uint32_t uid = m_cur->uid_base[block] + static_cast<uint32_t>(index);
  // A result still bound holds last iteration's value, which the new
  // definition overwrites.
  std::vector<std::pair<SvalId, std::string>> overwritten;
  if (in.result && s.temp(in.result))
    overwritten.push_back({s.temp(in.result), m_cur->temp_text[in.result]});
  auto bind = [&](SvalId v) {
    if (in.result)
      s.bind(in.result, v);
    forget(s, overwritten, {}, loc);
  };
  switch (in.opcode) {
  case Opcode::Copy: {
    SvalId v = operand_value(s, in.operands[0]);
    if (in.operands[0].kind == OpKind::Null && fn().temps[in.result].var)
      m_cur_events->push_back(null_origin(v, in.result, loc));
    bind(v);
    break;
  }
  case Opcode::Unary: {
    SvalId a = operand_value(s, in.operands[0]);
    int64_t c;
    if (in.op == OpName::Conv) {
      const Type &t = fn().temps[in.result].type;
      if (known_value(s, a, c) && t.kind == TypeKind::Int && t.bits > 0 && t.bits < 64) {
        uint64_t mask = (uint64_t(1) << t.bits) - 1;
        uint64_t u = static_cast<uint64_t>(c) & mask;
        int64_t r = static_cast<int64_t>(u);
        if (t.is_signed && (u >> (t.bits - 1)) & 1)
          r = static_cast<int64_t>(u | ~mask);
        bind(m_svals.get(SK::Const, r));
      } else {
        bind(a);
      }
    } else if (known_value(s, a, c) && in.op == OpName::Neg) {
      bind(m_svals.get(SK::Const, static_cast<int64_t>(0ull - static_cast<uint64_t>(c))));
    } else if (known_value(s, a, c) && in.op == OpName::Not) {
      bind(m_svals.get(SK::Const, ~c));
    } else if (in.op == OpName::LNot) {
      SvalId zero = m_svals.get(SK::Const, 0);
      Tri z = compare(s, a, OpName::Eq, zero);
      bind(z == Tri::Unknown ? comparison_value(s, a, OpName::Eq, zero, uid)
                             : m_svals.get(SK::Const, z == Tri::True ? 1 : 0));
    } else {
      bind(conjure(s, uid));
    }
    break;
  }
  case Opcode::Binary: {
    SvalId a = operand_value(s, in.operands[0]);
    SvalId b = operand_value(s, in.operands[1]);
    int64_t ca = 0, cb = 0;
    bool ka = known_value(s, a, ca), kb = known_value(s, b, cb);
    if (is_comparison(in.op)) {
      Tri t;
      if (unsigned_beyond_signed(s, in, a, b, t)) {
        bind(t != Tri::Unknown ? m_svals.get(SK::Const, t == Tri::True ? 1 : 0) : conjure(s, uid));
        break;
      }
      assume_unsigned(s, in);
      t = compare(s, a, in.op, b);
      if (t != Tri::Unknown)
        bind(m_svals.get(SK::Const, t == Tri::True ? 1 : 0));
      else
        bind(comparison_value(s, a, in.op, b, uid));
      break;
    }
    if (in.op == OpName::PtrAdd) {
      bind(offset_value(a, kb ? cb : kUnknownOffset));
      break;
    }
    if (ka && kb) {
      auto ua = static_cast<uint64_t>(ca), ub = static_cast<uint64_t>(cb);
      bool ok = true;
      uint64_t r = 0;
      switch (in.op) {
      case OpName::Add: r = ua + ub; break;
      case OpName::Sub: r = ua - ub; break;
      case OpName::Mul: r = ua * ub; break;
      case OpName::And: r = ua & ub; break;
      case OpName::Or: r = ua | ub; break;
      case OpName::Xor: r = ua ^ ub; break;
      case OpName::Div:
      case OpName::Mod: {
        // C's division truncates toward zero, signed or not (no INT_MIN / -1).
        const bool sgn = fn().temps[in.result].type.is_signed;
        if (cb == 0 || (sgn && cb == -1 && ca == INT64_MIN)) {
          ok = false;
        } else if (sgn) {
          r = static_cast<uint64_t>(in.op == OpName::Div ? ca / cb : ca % cb);
        } else {
          r = in.op == OpName::Div ? ua / ub : ua % ub;
        }
        break;
      }
      case OpName::Shl: ok = ub < 64; r = ok ? ua << ub : 0; break;
      case OpName::Shr:
        ok = ub < 64;
        r = !ok ? 0 : fn().temps[in.result].type.is_signed ? static_cast<uint64_t>(ca >> ub) : ua >> ub;
        break;
      case OpName::Min: r = fn().temps[in.result].type.is_signed ? static_cast<uint64_t>(std::min(ca, cb)) : std::min(ua, ub); break;
      case OpName::Max: r = fn().temps[in.result].type.is_signed ? static_cast<uint64_t>(std::max(ca, cb)) : std::max(ua, ub); break;
      default: ok = false; break;
      }
      if (ok) {
        bind(m_svals.get(SK::Const, static_cast<int64_t>(r)));
        break;
      }
    }
    // x + c and x - c keep x's range, moved by c ("M.n = N->n - 8" after
    // "N->n > 8": M.n >= 1), where that cannot wrap. Not round loops,
    // whose counters are widened to stop them.
    if (((in.op == OpName::Add && ka != kb) || (in.op == OpName::Sub && kb && !ka)) && s.loops.empty()) {
      const SvalId x = ka ? b : a;
      const int64_t c = ka ? ca : cb;
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
    bind(conjure(s, uid));
    break;
  }
  case Opcode::Load: {
    deref(s, in, uid, loc);
    std::string key = local_key(s, in.place);
    SvalId v = key.empty() ? 0 : read_memory(s, key);
    if (!v && !key.empty() && key[0] == 'G')
      v = table_entry(key);
    TypeKind tk = fn().temps[in.result].type.kind;
    if (!v && !key.empty() && tk != TypeKind::Record && tk != TypeKind::Array) {
      // The first field and the whole, through a pointer to either
      // ("&r.first" is "&r"): the same place.
      const bool first_field = key.size() > 2 && key.compare(key.size() - 2, 2, ".0") == 0;
      const SvalId other = read_memory(s, first_field ? key.substr(0, key.size() - 2) : key + ".0");
      if (other && m_svals[other].kind != SK::Aggregate)
        v = other;
    }
    if (!key.empty() && key[0] == 'L' && (tk == TypeKind::Record || tk == TypeKind::Array) &&
        (!v || m_svals[v].kind != SK::Aggregate)) {
      v = m_svals.get(SK::Aggregate, m_svals.string_id(key));
    } else if (!v && !key.empty() && inside_zeros(s, key)) {
      v = m_svals.get(SK::Const, 0); // a field of a struct filled with zeros ("s = {}")
    } else if (!v && !key.empty()) {
      // The first read of local memory fixes its (unknown) value, so that
      // reading it again gives the same value: its initial value, unless
      // code elsewhere may have changed it since.
      v = key[0] != 'L' || set_contains(s.exposed, key_base(key))
              ? conjure(s, uid)
              : m_svals.get(SK::Init, m_svals.string_id(key));
      write_memory(s, key, v);
    } else if (!v && in.place.base == PlaceBase::Local) {
      // Read through an unknown index: it may be any element, so what the
      // elements hold may now be used (and freed) through the result.
      escape_local(s, local_id(s, in.place.id));
    }
    bind(v ? v : conjure(s, uid));
    break;
  }
  case Opcode::Store: {
    deref(s, in, uid, loc);
    SvalId v = operand_value(s, in.operands[0]);
    std::string key = local_key(s, in.place);
    if (!key.empty() && m_svals[v].kind == SK::Aggregate) {
      // A struct copy between locals copies what the fields hold.
      copy_fields(s, m_svals.string_at(m_svals[v].a), key, m_cur->namer.place(in.place));
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
      for (auto &m : s.memory)
        if (m.second != v && (inside(m.first, key) || inside(key, m.first)))
          overwritten.push_back({m.second, memory_text(s, m.first)});
      write_memory(s, key, v);
      // Stored where code elsewhere can read it: it escapes. A global keeps
      // it reachable instead (until code elsewhere may change the global).
      if ((key[0] == 'S' && !private_region(s, key) && !caller_visible(key)) ||
          (key[0] == 'L' && set_contains(s.exposed, key_base(key))))
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
        const bool user_named = caller_local && !caller_local->name.empty() &&
                                caller_local->name.compare(0, 2, "D.") != 0 && caller_local->name[0] != '<';
        m_key_text.emplace(text_key(s, key), user_named ? caller_local->name : m_cur->namer.place(named));
      }
    } else {
      escape_value(s, v);
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
    for (const Accessor &a : p.path) {
      if (a.kind == Accessor::Kind::Field && a.offset >= 0 && off != kUnknownOffset)
        off += a.offset;
      else
        off = kUnknownOffset;
    }
    bind(offset_value(base, off));
    break;
  }
  case Opcode::Call:
    if (enter_call(s, block, index, in, loc)) {
      m_entering = true; // the result is bound on the way back
      break;
    }
    m_after_call = next_loc(block, index, loc);
    bind(on_call(s, in, uid, loc));
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
    for (const Operand &o : in.operands)
      escape_value(s, operand_value(s, o));
    bind(in.result ? conjure(s, uid) : 0);
    break;
  case Opcode::Phi: break; // bound on the incoming edge
  default: break;           // terminators: see process()
  }
}

void FunctionAnalysis::process(int32_t node_id) {
  const Node &n = m_nodes[node_id];
  set_frame(n.state);
  run_block(node_id, n.state, {}, n.start, n.resumed, n.entry_loc, n.resumed);
}

// Steps into a call of a function with a body, if the limits allow: the
// caller's frame is kept on the stack, the arguments bind the callee's
// parameters, and the path goes on at the callee's entry.
bool FunctionAnalysis::enter_call(State &s, uint32_t block, size_t index, const Instruction &in, const Loc &loc) {
  const int callee = steppable(s, operand_value(s, in.operands[0]), in.operands.size() - 1);
  if (callee < 0)
    return false;
  std::vector<SvalId> args;
  for (size_t k = 1; k < in.operands.size(); ++k)
    args.push_back(operand_value(s, in.operands[k]));
  const std::vector<std::string> &t = texts(m_cur->uid_base[block] + static_cast<uint32_t>(index), in);
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
  // "is this an error code": cheap, and its answer decides branches).
  if ((m_nodes.size() >= m_opts.max_nodes / 2 || m_callee_nodes >= m_opts.max_callee_nodes) && !tiny_leaf(cf))
    return -1;
  if (cf.params.size() != nargs || cf.blocks.size() > m_opts.max_callee_blocks || !callable(callee) ||
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
  if (!m_worth_entering[callee] && !std::any_of(args.begin(), args.end(), [&](SvalId a) { return passes_tracked(s, a); }))
    return false; // nothing there for a checker: the call stays opaque
  const std::string &callee_name = m_module.function_name(cf);
  {
    RawEvent e = event(RawEvent::Kind::Call, loc,
                       "calling " + quote_expr(callee_name) + " from " + quote_expr(m_module.function_name(fn())));
    for (size_t k = 0; k < args.size(); ++k)
      e.args.push_back({args[k], k < arg_texts.size() ? arg_texts[k] : ""});
    e.callee = callee_name;
    e.caller = m_module.function_name(fn());
    m_cur_events->push_back(std::move(e));
  }
  s.stack.push_back({s.fn, block, static_cast<uint32_t>(index), result, std::move(s.temps), std::move(s.loops)});
  s.temps.clear();
  s.loops.clear();
  s.fn = callee;
  set_frame(s);
  for (size_t k = 0; k < args.size(); ++k)
    s.bind(cf.params[k], args[k]);
  m_cur_events->push_back(event(RawEvent::Kind::Entry, cf.loc, "entry to " + quote_expr(callee_name)));
  m_entered.insert(callee);
  return true;
}

// Does an argument give the callee something a checker tracks: a tracked
// value, NULL, a local holding a tracked value, or a callback?
bool FunctionAnalysis::passes_tracked(const State &s, SvalId arg) const {
  const SvalId root = root_of(arg);
  // ...or a function to call back (what the callee does with it is known).
  if (is_tracked(s, root) || (m_svals[arg].kind == SK::Const && m_svals[arg].a == 0) ||
      m_svals[arg].kind == SK::FuncAddr)
    return true;
  // ...or memory holding a tracked value or NULL (a callee may read it).
  std::string prefix;
  if (m_svals[root].kind == SK::LocalAddr)
    prefix = "L" + std::to_string(m_svals[root].a);
  else if (m_svals[root].kind == SK::Param || m_svals[root].kind == SK::Conjured)
    prefix = "S" + std::to_string(root);
  else
    return false;
  const bool any_null = prefix[0] == 'S';
  return std::any_of(s.memory.begin(), s.memory.end(), [&](const auto &m) {
    return key_in_local(m.first, prefix) &&
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

// Returns from the function on top of the stack with value ret (0: none):
// its temporaries and locals die (a resource only they held leaks at `at`),
// and the caller goes on after its call with the result bound.
void FunctionAnalysis::leave_call(State &s, SvalId ret, const Loc &at) {
  const size_t depth = s.stack.size();

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
    if (m.first[0] == 'L' && (key_base(m.first) >> kFrameShift) == depth && !is_return_slot(m.first) &&
        (locals.empty() || locals.back() != key_base(m.first)))
      locals.push_back(key_base(m.first));
  if (!used) {
    if (slot_made) // first: '<return-value>.ptr' names a leak
      locals.insert(locals.begin(), key_base(return_slot(depth - 1)));
    ret = 0;
  }
  purge(s, temps, locals, false, ret, at);
  s.exposed.erase(std::remove_if(s.exposed.begin(), s.exposed.end(),
                                 [&](SvalId l) { return (l >> kFrameShift) == depth; }),
                  s.exposed.end());
  const std::string callee_name = m_module.function_name(fn());
  const FnInfo &callee_info = *m_cur;
  Frame caller = std::move(s.stack.back());
  s.stack.pop_back();
  s.temps = std::move(caller.temps);
  s.loops = std::move(caller.loops);
  s.fn = caller.fn;
  set_frame(s);
  const Instruction &call = fn().blocks[caller.block].insns[caller.index];
  const Loc call_loc = call.loc.known() ? call.loc : at;
  m_cur_events->push_back(event(RawEvent::Kind::Return, call_loc,
                                "returning to " + quote_expr(m_module.function_name(fn())) + " from " +
                                    quote_expr(callee_name)));
  if (caller.result) {
    std::vector<std::pair<SvalId, std::string>> overwritten;
    if (SvalId old = s.temp(caller.result))
      overwritten.push_back({old, m_cur->temp_text[caller.result]});
    s.bind(caller.result, ret ? ret : conjure(s, m_cur->uid_base[caller.block] + caller.index));
    forget(s, overwritten, {}, call_loc);
    // NULL returned: where a later dereference's story starts.
    const std::string &text = m_cur->temp_text[caller.result];
    if (ret && m_svals[ret].kind == SK::Const && m_svals[ret].a == 0 && !text.empty() &&
        fn().temps[caller.result].type.is_pointer()) {
      RawEvent e = event(RawEvent::Kind::NullOrigin, call_loc,
                         quote_expr(text) + " is NULL (returned by " + quote_expr(callee_name) + ")");
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

// Runs the node's block from instruction `start` on. With `resumed`, that
// instruction was already stepped (this is another outcome of it, forked
// by step) and only what follows it is left.
void FunctionAnalysis::run_block(int32_t node_id, State s, std::vector<RawEvent> events, size_t start, bool resumed,
                                 Loc last, bool seen_loc_in_block) {
  m_cur_node = node_id;
  m_cur_events = &events;
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
    switch (in.opcode) {
    case Opcode::Br: {
      SvalId a = operand_value(s, in.operands[0]);
      SvalId c = operand_value(s, in.operands[1]);
      Tri t;
      // (Signed ranges say nothing of unsigned values beyond INT64_MAX.)
      const bool beyond = unsigned_beyond_signed(s, in, a, c, t);
      if (!beyond) {
        assume_unsigned(s, in);
        t = compare(s, a, in.op, c);
      }
      for (int dir = 1; dir >= 0; --dir) {
        bool taken = dir == 1;
        if (t != Tri::Unknown && (t == Tri::True) != taken)
          continue;
        State s2 = s;
        std::vector<RawEvent> evs = events;
        OpName op = taken ? in.op : invert_comparison(in.op);
        if (!beyond && !assume(s2, a, op, c))
          continue;
        // Tell checkers what the branch learned about NULL (also through a
        // stored comparison: "ok = p != 0; if (ok)").
        SvalId zero = m_svals.get(SK::Const, 0);
        SvalId ua = a, uc = c;
        OpName uop = op;
        unwrap(ua, uop, uc);
        SvalId ptr = uc == zero ? ua : (ua == zero ? uc : 0);
        // A NULL check of what a checker tracks (malloc's result) is an
        // outcome the model has; other results of calls are guesses.
        if (t == Tri::Unknown && (made_by_call(a) || made_by_call(c)) && !(ptr && is_tracked(s, root_of(ptr))))
          s2.call_decided = true;
        if (t == Tri::Unknown && ptr && (uop == OpName::Eq || uop == OpName::Ne)) {
          m_cur_events = &evs;
          std::string expr = ptr == a ? m_cur->namer.operand(in.operands[0])
                             : ptr == c ? m_cur->namer.operand(in.operands[1])
                                        : text_of_value(s2, ptr);
          for (size_t k = 0; k < m_checkers.size(); ++k) {
            Context ctx(*this, s2, static_cast<uint8_t>(k), loc);
            m_checkers[k]->on_null_split(ctx, ptr, uop == OpName::Eq, expr);
          }
          m_cur_events = &events;
        }
        // Only a real choice is an event, or one a call stepped into made.
        const bool choice = t == Tri::Unknown || from_body_call(in.operands[0]);
        std::string text;
        if (choice)
          text = std::string("following %<") + (taken ? "true" : "false") + "%> branch" +
                 (t == Tri::Unknown ? when_text(in, taken, s) : "") + "...";
        take_branch(s2, block, in.targets[taken ? 0 : 1], evs, text, choice, loc, false);
      }
      break;
    }
    case Opcode::Jmp: {
      // A block of bookkeeping (phis, clobbers) passes on an early return's place.
      bool own = in.loc.known() || (!seen_loc_in_block && m_nodes[node_id].entry_own);
      take_branch(s, block, in.targets[0], events, "", false, loc, own);
      break;
    }
    case Opcode::Switch: {
      SvalId v = operand_value(s, in.operands[0]);
      int64_t cv;
      bool known = known_value(s, v, cv);
      bool any_case = false;
      for (const SwitchCase &c : in.cases) {
        if (known && (cv < c.lo || cv > c.hi))
          continue;
        State s2 = s;
        if (c.lo == c.hi && !assume(s2, v, OpName::Eq, m_svals.get(SK::Const, c.lo)))
          continue;
        any_case = any_case || known;
        take_branch(s2, block, c.target, events, "", false, loc, false);
      }
      if (!any_case) {
        State s2 = s;
        bool ok = true;
        for (const SwitchCase &c : in.cases)
          if (c.lo == c.hi && in.cases.size() <= 16)
            ok = ok && assume(s2, v, OpName::Ne, m_svals.get(SK::Const, c.lo));
        if (ok)
          take_branch(s2, block, in.targets[0], events, "", false, loc, false);
      }
      break;
    }
    case Opcode::Ret: {
      // Returning from main ends the program: what it holds is not leaked.
      if (s.stack.empty() && m_module.function_name(fn()) == "main")
        break;
      SvalId keep = in.operands.empty() ? 0 : operand_value(s, in.operands[0]);
      // A return the compiler made: at the 'return' statement that jumped
      // here, else at the closing brace.
      Loc at = loc;
      if (!in.loc.known() && !seen_loc_in_block)
        at = m_nodes[node_id].entry_own ? m_nodes[node_id].entry_loc : fn().end_loc.known() ? fn().end_loc : loc;
      if (!s.stack.empty())
        leave_call(s, keep, at);
      else
        purge(s, {}, {}, true, keep, at);
      break;
    }
    default: break; // Unreachable: the path ends here
    }
  }
  m_cur_events = nullptr;
}

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
  for (const auto &[e, tracked] : raw) {
    PathEvent ev{e->loc, e->fn, e->depth, e->text};
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
      if (e->checker != p.checker || e->v != tracked)
        continue;
      const Checker &ck = *m_checkers[p.checker];
      const StateId from = ck.kind_of(e->from), to = ck.kind_of(e->to);
      tracked_kind = to;
      const char *text = nullptr;
      for (const ChangeText &c : p.warning->changes) {
        if ((c.from == kAnyState || c.from == from) && (c.to == kAnyState || c.to == to)) {
          text = c.text;
          break;
        }
      }
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
      if (tracked_kind && tracked_kind == p.warning->ref_state &&
          (std::string_view(p.warning->name) == "double-free" || std::string_view(p.warning->name) == "use-after-free"))
        for (const auto &[v, text] : e->args)
          if (v == tracked && !text.empty()) {
            ev.text = "passing freed pointer " + quote_expr(text) + " in call to " + quote_expr(e->callee) + " from " +
                      quote_expr(e->caller);
            break;
          }
      items.push_back({ev, Role::Call, false});
      break;
    case RawEvent::Kind::Entry: items.push_back({ev, Role::Entry, false}); break;
    case RawEvent::Kind::Return: items.push_back({ev, Role::Return, false}); break;
    default:
      if (started)
        items.push_back({ev, Role::Context, false});
      break;
    }
  }
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
  f.message = format_text(p.warning->message, p.expr, 0, 0, p.detail, p.detail2);
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
                                       "entry to " + quote_expr(m_module.function_name(m_module.functions[m_entry]))});
  for (size_t i = 0, n = crosses ? 1 : 0; i < items.size(); ++i) {
    if (!keep[i])
      continue;
    ++n;
    if (items[i].is_ref)
      ref = static_cast<int>(n);
  }
  const char *final_tmpl = ref ? p.warning->final_text : p.warning->final_text_no_ref;
  f.events.back().text = format_text(final_tmpl, p.expr, ref, p.arg, p.detail, p.detail2);
  if (!p.note.text.empty())
    f.notes.push_back({p.note.loc, p.fn, 1, p.note.text});
  return f;
}

FunctionResult FunctionAnalysis::run() {
  FunctionResult result;
  State init;
  init.fn = m_entry;
  init.sm.resize(m_checkers.size());
  for (size_t k = 0; k < fn().params.size(); ++k)
    init.bind(fn().params[k], m_svals.get(SK::Param, static_cast<int64_t>(k)));
  m_nodes.reserve(64);
  enqueue(0, std::move(init), -1, {}, fn().loc);
  while (!m_worklist.empty()) {
    int32_t n = m_worklist.front();
    m_worklist.pop_front();
    process(n);
  }
  // De-duplicate: same warning, place and expression -> the first found,
  // which breadth-first order makes a shortest path.
  std::set<std::tuple<std::string, uint32_t, uint32_t, uint32_t, uint32_t, std::string>> seen;
  for (const Pending &p : m_pending) {
    auto key = std::make_tuple(std::string(p.warning->name), p.loc.file, p.loc.line, p.loc.col, p.loc.handle, p.expr);
    if (!seen.insert(key).second)
      continue;
    Finding f = build(p);
    if (f.warning.empty())
      continue;
    result.findings.push_back(std::move(f));
    if (p.warning == &kDumpPath)
      result.findings.back().is_note = true;
  }
  result.entered.assign(m_entered.begin(), m_entered.end());
  // One verdict per __analyzer_eval: what every path agreed on, else UNKNOWN.
  for (const auto &[uid, seen] : m_evals) {
    Finding f;
    f.warning = "introspection";
    f.loc = seen.first;
    f.function = function_of_uid(uid);
    const uint8_t bits = seen.second;
    f.message = bits == (1u << static_cast<unsigned>(Tri::True))    ? "TRUE"
                : bits == (1u << static_cast<unsigned>(Tri::False)) ? "FALSE"
                                                                     : "UNKNOWN";
    result.findings.push_back(std::move(f));
  }
  // How many different states reached each __analyzer_dump_exploded_nodes.
  for (const auto &[uid, seen] : m_dump_nodes) {
    Finding f;
    f.warning = "introspection";
    f.loc = seen.first;
    f.function = function_of_uid(uid);
    const size_t n = seen.second.size();
    f.message = std::to_string(n) + (n == 1 ? " processed enode" : " processed enodes");
    result.findings.push_back(std::move(f));
  }
  result.nodes = m_nodes.size();
  result.too_complex = m_too_complex;
  result.too_complex_reason = m_too_complex_reason;
  return result;
}

} // namespace

// States per program point before a coarse analysis generalizes, and the
// size (blocks) from which a function is analysed coarsely at once.
constexpr size_t kCoarseStates = 3;
constexpr size_t kGiantBlocks = 400;

Engine::Engine(const Module &m, EngineOptions opts) : m_module(m), m_opts(std::move(opts)), m_checkers(make_checkers()) {
  // Functions worth stepping into whatever their arguments: those that
  // reach (through calls) a function a checker models or an introspection
  // call, and those that may return NULL. Calls of others are stepped into
  // only when the caller passes them something tracked (or NULL).
  for (const Symbol &sym : m.symbols)
    for (size_t k = 0; k < sym.deallocators.size(); ++k)
      m_deallocators.emplace(sym.deallocators[k], k < sym.deallocator_args.size() ? sym.deallocator_args[k] : 1);
  const size_t n = m.functions.size();
  m_worth_entering.assign(n, false);
  std::vector<bool> may_return_null(n, false);
  std::vector<std::vector<uint32_t>> callees(n);
  for (size_t f = 0; f < n; ++f) {
    const Function &fn = m.functions[f];
    const bool returns_pointer = fn.ret_type.is_pointer();
    for (const Block &b : fn.blocks)
      for (const Instruction &in : b.insns) {
        if (in.opcode == Opcode::Call && in.operands[0].kind == OpKind::Func && in.operands[0].id < m.symbols.size()) {
          const Symbol &sym = m.symbols[in.operands[0].id];
          if (sym.body >= 0)
            callees[f].push_back(static_cast<uint32_t>(sym.body));
          else if (sym.name.rfind("__analyzer_", 0) == 0 ||
                   std::any_of(m_checkers.begin(), m_checkers.end(), [&](const auto &c) { return c->models(sym.name); }))
            m_worth_entering[f] = true;
        }
        // NULL, or a function's address (a callback: what calling it does
        // is then known).
        if (returns_pointer && (in.opcode == Opcode::Ret || in.opcode == Opcode::Phi || in.opcode == Opcode::Copy) &&
            std::any_of(in.operands.begin(), in.operands.end(),
                        [](const Operand &o) { return o.kind == OpKind::Null || o.kind == OpKind::Func; }))
          may_return_null[f] = true;
      }
  }
  // ...and their callers, as deep as the engine steps into calls.
  for (size_t level = 2; level < m_opts.max_call_depth; ++level) {
    std::vector<bool> next = m_worth_entering;
    for (size_t f = 0; f < n; ++f)
      if (std::any_of(callees[f].begin(), callees[f].end(), [&](uint32_t c) { return m_worth_entering[c]; }))
        next[f] = true;
    m_worth_entering = std::move(next);
  }
  for (size_t f = 0; f < n; ++f)
    if (may_return_null[f])
      m_worth_entering[f] = true;
}

Engine::~Engine() = default;

FunctionResult Engine::analyze(uint32_t function) {
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
    FunctionAnalysis g(m_module, function, coarse, m_checkers, m_worth_entering, m_deallocators);
    return g.run();
  }
  FunctionAnalysis a(m_module, function, m_opts, m_checkers, m_worth_entering, m_deallocators);
  FunctionResult r = a.run();
  if (!r.too_complex || m_opts.max_states_per_block <= kCoarseStates)
    return r;
  // Too many paths for the budget: once more, coarser, on half the budget.
  coarse.max_nodes = m_opts.max_nodes / 2;
  FunctionAnalysis b(m_module, function, coarse, m_checkers, m_worth_entering, m_deallocators);
  FunctionResult r2 = b.run();
  if (r2.too_complex)
    return r; // the first, fuller attempt's findings
  r2.nodes += r.nodes;
  // Findings of the first attempt stay (found on real paths before the
  // budget ran out); the coarse run adds what it found beyond them.
  for (Finding &f : r.findings)
    r2.findings.push_back(std::move(f));
  deduplicate(r2.findings);
  for (uint32_t e : r.entered)
    if (std::find(r2.entered.begin(), r2.entered.end(), e) == r2.entered.end())
      r2.entered.push_back(e);
  return r2;
}

std::vector<bool> Engine::is_entry(const Module &m) {
  std::vector<bool> called(m.functions.size(), false), address_taken(m.functions.size(), false);
  auto body_of = [&](const Operand &o) -> int32_t {
    return o.kind == OpKind::Func && o.id < m.symbols.size() ? m.symbols[o.id].body : -1;
  };
  for (size_t fi = 0; fi < m.functions.size(); ++fi)
    for (const Block &b : m.functions[fi].blocks)
      for (const Instruction &in : b.insns)
        for (size_t k = 0; k < in.operands.size(); ++k) {
          int32_t f = body_of(in.operands[k]);
          if (f < 0 || static_cast<size_t>(f) == fi)
            continue;
          if (k == 0 && in.opcode == Opcode::Call)
            called[static_cast<size_t>(f)] = true;
          else
            address_taken[static_cast<size_t>(f)] = true;
        }
  std::vector<bool> entry(m.functions.size(), true);
  for (size_t f = 0; f < m.functions.size(); ++f) {
    const uint32_t sym = m.functions[f].symbol;
    if (sym < m.symbols.size() && m.symbols[sym].is_static && called[f] && !address_taken[f])
      entry[f] = false;
  }
  return entry;
}

std::vector<std::string> Engine::warning_names() {
  std::vector<std::string> out;
  for (auto &c : make_checkers())
    for (const Warning *w : c->warnings())
      out.push_back(w->name);
  std::sort(out.begin(), out.end());
  out.erase(std::unique(out.begin(), out.end()), out.end());
  return out;
}

} // namespace pathwise
