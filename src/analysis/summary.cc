// Module summaries (see summary.h).
// SPDX-License-Identifier: GPL-3.0-or-later
#include "analysis/summary.h"

#include <algorithm>
#include <functional>
#include <map>

#include "analysis/dominators.h"
#include "analysis/libc.h"

namespace pathwise {

using namespace ir;

namespace {

// What a returned operand of f is on every path (through copies, phis and
// calls of the module's functions that return a constant or one of their
// arguments, a few steps): a constant (*value), or parameter *param of f
// (0-based). False if neither.
struct Returned {
  bool constant = false;
  int64_t value = 0;
  int param = -1;
  bool operator==(const Returned &o) const { return constant == o.constant && value == o.value && param == o.param; }
};

class ReturnFinder {
public:
  ReturnFinder(const Module &m, const std::vector<std::pair<bool, int64_t>> &constant_return,
               const std::vector<int> &returned_arg)
      : m_module(m), m_constant(constant_return), m_arg(returned_arg) {}

  // What every return of function f gives; false if they differ or are
  // neither constants nor one parameter.
  bool of_function(size_t f, Returned &out) {
    const Function &fn = m_module.functions[f];
    if (fn.ret_type.kind == TypeKind::Void)
      return false;
    m_fn = &fn;
    m_defs = definitions(fn);
    bool any = false;
    for (const Block &b : fn.blocks) {
      if (b.insns.empty() || b.insns.back().opcode != Opcode::Ret)
        continue;
      const Instruction &ret = b.insns.back();
      Returned r;
      if (ret.operands.empty() || !of_operand(ret.operands[0], r, 0) || (any && !(r == out)))
        return false;
      out = r;
      any = true;
    }
    return any;
  }

private:
  const Module &m_module;
  const std::vector<std::pair<bool, int64_t>> &m_constant;
  const std::vector<int> &m_arg;
  const Function *m_fn = nullptr;
  std::vector<const Instruction *> m_defs;

  bool of_operand(const Operand &o, Returned &out, int depth) {
    if (o.kind == OpKind::Int || o.kind == OpKind::Null) {
      out = {true, o.kind == OpKind::Int ? o.value : 0, -1};
      return true;
    }
    if (!o.is_temp() || o.id >= m_defs.size() || depth > 6)
      return false;
    for (size_t k = 0; k < m_fn->params.size(); ++k)
      if (m_fn->params[k] == o.id) {
        out = {false, 0, static_cast<int>(k)};
        return true;
      }
    const Instruction *d = m_defs[o.id];
    if (!d)
      return false;
    if (d->opcode == Opcode::Copy && d->operands.size() == 1)
      return of_operand(d->operands[0], out, depth + 1);
    if (d->opcode == Opcode::Call && d->operands[0].kind == OpKind::Func && d->operands[0].id < m_module.symbols.size()) {
      const int32_t body = m_module.symbols[d->operands[0].id].body;
      if (body < 0)
        return false;
      if (m_constant[static_cast<size_t>(body)].first) {
        out = {true, m_constant[static_cast<size_t>(body)].second, -1};
        return true;
      }
      const int k = m_arg[static_cast<size_t>(body)];
      return k >= 0 && static_cast<size_t>(k) + 1 < d->operands.size() &&
             of_operand(d->operands[static_cast<size_t>(k) + 1], out, depth + 1);
    }
    if (d->opcode != Opcode::Phi || d->operands.empty())
      return false;
    bool first = true;
    for (const Operand &in : d->operands) {
      Returned r;
      if (!of_operand(in, r, depth + 1) || (!first && !(r == out)))
        return false;
      out = r;
      first = false;
    }
    return true;
  }
};

// The tests in fn that find a value NULL only on a side that never
// returns ("if (file == NULL) fail (...);", fail noreturn): by value, the
// blocks of those tests. idom: the blocks' immediate dominators, made if
// there is one.
std::multimap<uint32_t, uint32_t> failing_null_tests(const Function &fn, std::vector<int32_t> &idom) {
  std::multimap<uint32_t, uint32_t> checked;
  const size_t nb = fn.blocks.size();
  std::vector<std::vector<uint32_t>> succ(nb), pred(nb);
  for (uint32_t b = 0; b < nb; ++b) {
    succ[b] = successors(fn.blocks[b]);
    for (uint32_t t : succ[b])
      if (t < nb)
        pred[t].push_back(b);
  }
  // (The blocks a return is reachable from: backwards from the returns.)
  std::vector<bool> returns(nb, false);
  std::vector<uint32_t> work;
  for (uint32_t b = 0; b < nb; ++b)
    if (!fn.blocks[b].insns.empty() && fn.blocks[b].insns.back().opcode == Opcode::Ret) {
      returns[b] = true;
      work.push_back(b);
    }
  while (!work.empty()) {
    const uint32_t b = work.back();
    work.pop_back();
    for (uint32_t p : pred[b])
      if (!returns[p]) {
        returns[p] = true;
        work.push_back(p);
      }
  }
  auto is_null = [](const Operand &o) { return o.kind == OpKind::Null || (o.kind == OpKind::Int && o.value == 0); };
  for (uint32_t b = 0; b < nb; ++b) {
    if (fn.blocks[b].insns.empty())
      continue;
    const Instruction &t = fn.blocks[b].insns.back();
    if (t.opcode != Opcode::Br || t.targets.size() != 2 || t.operands.size() != 2 ||
        (t.op != OpName::Eq && t.op != OpName::Ne))
      continue;
    const Operand *v = is_null(t.operands[1]) ? &t.operands[0] : is_null(t.operands[0]) ? &t.operands[1] : nullptr;
    const uint32_t null_side = t.targets[t.op == OpName::Eq ? 0 : 1];
    if (v && v->is_temp() && null_side < nb && !returns[null_side])
      checked.emplace(v->id, b);
  }
  if (!checked.empty())
    idom = detail::immediate_dominators(succ);
  return checked;
}

} // namespace

void keep_where_callees_have(std::vector<bool> &flag, const std::vector<std::vector<uint32_t>> &callees) {
  for (bool changed = true; changed;) {
    changed = false;
    for (size_t f = 0; f < flag.size(); ++f)
      if (flag[f] && std::any_of(callees[f].begin(), callees[f].end(), [&](uint32_t c) { return !flag[c]; })) {
        flag[f] = false;
        changed = true;
      }
  }
}

void ModuleSummary::find_returns_nonnull(const Module &m) {
  const size_t n = m.functions.size();
  returns_nonnull.assign(n, false);
  // (Definitions made once, for the functions that return a pointer; and
  // the tests that found a value NULL only on a side that never returns -
  // "if (file == NULL) fail (...);" with fail noreturn - by value, the
  // blocks of those tests, with the blocks' immediate dominators.)
  std::vector<std::vector<const Instruction *>> defs_of(n);
  std::vector<std::multimap<uint32_t, uint32_t>> checked_of(n);
  std::vector<std::vector<int32_t>> idom_of(n);
  for (size_t f = 0; f < n; ++f)
    if (m.functions[f].ret_type.is_pointer()) {
      defs_of[f] = definitions(m.functions[f]);
      checked_of[f] = failing_null_tests(m.functions[f], idom_of[f]);
    }
  // (Rounds: a wrapper of a wrapper; each round may only add functions.)
  for (int round = 0; round < 4; ++round) {
    bool changed = false;
    for (size_t f = 0; f < n; ++f) {
      const Function &fn = m.functions[f];
      if (returns_nonnull[f] || !fn.ret_type.is_pointer())
        continue;
      const std::vector<const Instruction *> &defs = defs_of[f];
      const std::multimap<uint32_t, uint32_t> &checked = checked_of[f];
      const std::vector<int32_t> &idom = idom_of[f];
      // o is never NULL at the return in block ret: an address, a call's
      // result its callee never gives as NULL, or a value a test that
      // dominates the return found NULL only on a side that never returns,
      // through copies and phis (a few steps).
      uint32_t ret = 0;
      std::function<bool(const Operand &, int)> nonnull = [&](const Operand &o, int depth) {
        if (o.kind == OpKind::LocalAddr || o.kind == OpKind::GlobalAddr || o.kind == OpKind::Str ||
            o.kind == OpKind::Func)
          return true;
        if (o.is_temp()) {
          auto [lo, hi] = checked.equal_range(o.id);
          for (auto it = lo; it != hi; ++it)
            if (detail::dominates(idom, it->second, ret))
              return true;
        }
        if (!o.is_temp() || o.id >= defs.size() || !defs[o.id] || depth > 6)
          return false;
        const Instruction &d = *defs[o.id];
        if (d.opcode == Opcode::Call) {
          if (d.operands.empty() || d.operands[0].kind != OpKind::Func || d.operands[0].id >= m.symbols.size())
            return false;
          const Symbol &sym = m.symbols[d.operands[0].id];
          return sym.returns_nonnull || (sym.body >= 0 && returns_nonnull[static_cast<size_t>(sym.body)]);
        }
        if (d.opcode == Opcode::Addr) // (of a variable: not through a pointer that may be NULL)
          return d.place.base == PlaceBase::Local || d.place.base == PlaceBase::Global;
        if (d.opcode == Opcode::Copy || d.opcode == Opcode::Phi)
          return !d.operands.empty() &&
                 std::all_of(d.operands.begin(), d.operands.end(), [&](const Operand &x) { return nonnull(x, depth + 1); });
        return false;
      };
      bool any = false, all = true;
      for (uint32_t b = 0; b < fn.blocks.size(); ++b)
        for (const Instruction &in : fn.blocks[b].insns)
          if (in.opcode == Opcode::Ret) {
            any = true;
            ret = b;
            all = all && !in.operands.empty() && nonnull(in.operands[0], 0);
          }
      if (any && all) {
        returns_nonnull[f] = true;
        changed = true;
      }
    }
    if (!changed)
      break;
  }
}

void ModuleSummary::find_recursion_groups(const Module &m) {
  const size_t n = m.functions.size();
  // Calls that pass on only the caller's parameters (as it was given them)
  // and constants.
  std::vector<std::vector<uint32_t>> passes_on(n);
  for (size_t f = 0; f < n; ++f) {
    const Function &fn = m.functions[f];
    auto unchanged = [&](const Operand &o) {
      if (o.is_temp())
        return std::find(fn.params.begin(), fn.params.end(), o.id) != fn.params.end();
      return o.kind == OpKind::Int || o.kind == OpKind::Null || o.kind == OpKind::Func || o.kind == OpKind::Str ||
             o.kind == OpKind::GlobalAddr;
    };
    for (const Block &b : fn.blocks)
      for (const Instruction &in : b.insns)
        if (in.opcode == Opcode::Call)
          if (const int32_t body = m.body_of(in.operands[0]);
              body >= 0 && static_cast<size_t>(body) != f &&
              std::all_of(in.operands.begin() + 1, in.operands.end(), unchanged))
            passes_on[f].push_back(static_cast<uint32_t>(body));
  }
  // The groups of functions that reach one another through such calls
  // (few functions have any: a search from each that has).
  auto reached_from = [&](size_t start) {
    std::vector<bool> seen(n, false);
    std::vector<uint32_t> todo(passes_on[start].begin(), passes_on[start].end());
    while (!todo.empty()) {
      const uint32_t g = todo.back();
      todo.pop_back();
      if (seen[g])
        continue;
      seen[g] = true;
      todo.insert(todo.end(), passes_on[g].begin(), passes_on[g].end());
    }
    return seen;
  };
  recursion_group.assign(n, -1);
  int32_t groups = 0;
  for (size_t f = 0; f < n; ++f) {
    if (passes_on[f].empty() || recursion_group[f] >= 0)
      continue;
    const std::vector<bool> seen = reached_from(f);
    if (!seen[f])
      continue; // f is on no cycle
    // Its group: those f reaches that reach f.
    const int32_t id = groups++;
    recursion_group[f] = id;
    for (size_t g = 0; g < n; ++g)
      if (seen[g] && g != f && recursion_group[g] < 0 && reached_from(g)[f])
        recursion_group[g] = id;
  }
}

ModuleSummary::ModuleSummary(const Module &m, const std::vector<std::unique_ptr<Checker>> &checkers,
                             size_t max_call_depth) {
  // Functions worth stepping into whatever their arguments: those that
  // reach (through calls) a function a checker models or an introspection
  // call, and those that may return NULL. Calls of others are stepped into
  // only when the caller passes them something tracked (or NULL).
  for (const Symbol &sym : m.symbols)
    for (size_t k = 0; k < sym.deallocators.size(); ++k)
      deallocators.emplace(sym.deallocators[k], k < sym.deallocator_args.size() ? sym.deallocator_args[k] : 1);
  errno_location = m.find_symbol("__errno_location");
  const size_t n = m.functions.size();
  never_returns.assign(n, false);
  // (A block that calls a function of the module that never returns ends
  // there too: "fatal ()" calling "die ()" calling exit, any number of
  // calls deep; and one that calls a function with constants for which
  // none of its paths returns: "err (1, ...)" where err exits when its
  // first parameter is set, one call deep. Repeated until nothing
  // changes.)
  std::function<bool(size_t, const std::map<uint32_t, int64_t> &, int)> returns_given;
  std::map<std::pair<size_t, std::map<uint32_t, int64_t>>, bool> given_memo;
  auto ends_in_call = [&](const Block &b, int depth) {
    for (const Instruction &in : b.insns)
      if (in.opcode == Opcode::Call && in.operands[0].kind == OpKind::Func && in.operands[0].id < m.symbols.size()) {
        const Symbol &sym = m.symbols[in.operands[0].id];
        if (sym.is_noreturn || (sym.body >= 0 && never_returns[static_cast<size_t>(sym.body)]))
          return true;
        if (sym.body < 0 || depth > 0)
          continue;
        const Function &callee = m.functions[static_cast<size_t>(sym.body)];
        std::map<uint32_t, int64_t> consts;
        for (size_t k = 1; k < in.operands.size() && k - 1 < callee.params.size(); ++k)
          if (in.operands[k].kind == OpKind::Int)
            consts[callee.params[k - 1]] = in.operands[k].value;
        if (consts.empty())
          continue;
        // (Worked out once per callee and constants while never_returns
        // stays as it is.)
        auto key = std::make_pair(static_cast<size_t>(sym.body), consts);
        auto known = given_memo.find(key);
        if (known == given_memo.end())
          known = given_memo.emplace(key, returns_given(key.first, consts, depth + 1)).first;
        if (!known->second)
          return true;
      }
    return false;
  };
  // Whether some path through f returns, its parameters in `consts`
  // holding those constants (branches on them go one way).
  returns_given = [&](size_t f, const std::map<uint32_t, int64_t> &consts, int depth) {
    const Function &fn = m.functions[f];
    auto value = [&](const Operand &o, int64_t &v) {
      if (o.kind == OpKind::Int) {
        v = o.value;
        return true;
      }
      auto it = o.kind == OpKind::Temp ? consts.find(o.id) : consts.end();
      if (it == consts.end())
        return false;
      v = it->second;
      return true;
    };
    std::vector<bool> seen(fn.blocks.size(), false);
    std::vector<uint32_t> work{0};
    seen[0] = true;
    while (!work.empty()) {
      const Block &b = fn.blocks[work.back()];
      work.pop_back();
      if (ends_in_call(b, depth))
        continue;
      if (!b.insns.empty() && b.insns.back().opcode == Opcode::Ret)
        return true;
      std::vector<uint32_t> next = successors(b);
      int64_t x = 0, y = 0;
      if (!b.insns.empty()) {
        const Instruction &t = b.insns.back();
        // (An order between a negative and another is left unfolded: the
        // operands' signedness is not known here.)
        if (t.opcode == Opcode::Br && t.operands.size() == 2 && t.targets.size() == 2 && is_comparison(t.op) &&
            value(t.operands[0], x) && value(t.operands[1], y) &&
            (t.op == OpName::Eq || t.op == OpName::Ne || (x >= 0 && y >= 0))) {
          const bool holds = t.op == OpName::Eq ? x == y : t.op == OpName::Ne ? x != y : t.op == OpName::Lt ? x < y
                             : t.op == OpName::Le ? x <= y : t.op == OpName::Gt ? x > y : x >= y;
          next = {t.targets[holds ? 0 : 1]};
        }
      }
      for (uint32_t k : next)
        if (k < seen.size() && !seen[k]) {
          seen[k] = true;
          work.push_back(k);
        }
    }
    return false;
  };
  for (bool changed = true; changed;) {
    changed = false;
    for (size_t f = 0; f < n; ++f) {
      const Function &fn = m.functions[f];
      if (fn.blocks.empty() || never_returns[f])
        continue;
      if (!returns_given(f, {}, 0)) {
        never_returns[f] = true;
        changed = true;
        given_memo.clear();
      }
    }
  }
  may_end_path.assign(n, false);
  for (size_t f = 0; f < n; ++f)
    if (!never_returns[f])
      for (const Block &b : m.functions[f].blocks)
        if (ends_in_call(b, 0))
          may_end_path[f] = true;
  worth_entering.assign(n, false);
  copies_buffers.assign(n, false);
  reads_varargs.assign(n, false);
  std::vector<bool> may_return_null(n, false);
  std::vector<std::vector<uint32_t>> callees(n);
  for (size_t f = 0; f < n; ++f) {
    const Function &fn = m.functions[f];
    const bool returns_pointer = fn.ret_type.is_pointer();
    for (const Block &b : fn.blocks)
      for (const Instruction &in : b.insns) {
        if (in.opcode == Opcode::Call && in.operands[0].kind == OpKind::Func && in.operands[0].id < m.symbols.size()) {
          const Symbol &sym = m.symbols[in.operands[0].id];
          if (sym.body < 0 && libc::copies_between(Module::source_name(sym.name)))
            copies_buffers[f] = true;
          if (sym.body < 0 && sym.name.rfind("__builtin_", 0) == 0 && sym.name.find("va_start") != std::string::npos)
            reads_varargs[f] = true;
          if (sym.body >= 0)
            callees[f].push_back(static_cast<uint32_t>(sym.body));
          else if (sym.name.rfind("__analyzer_", 0) == 0 || libc::is_setjmp(Module::source_name(sym.name)) ||
                   std::any_of(checkers.begin(), checkers.end(), [&](const auto &c) { return c->models(sym.name); }))
            worth_entering[f] = true;
        }
        // A local's address stored where it outlives the call (a stale
        // pointer once the function returns).
        if (in.opcode == Opcode::Store && in.place.base != PlaceBase::Local && !in.operands.empty() &&
            in.operands[0].kind == OpKind::LocalAddr)
          worth_entering[f] = true;
        // A small leaf (no calls) that stores NULL through a pointer it
        // was given, or into a global, where a later dereference may find
        // it ("xj->b4 = 0", "g = 0").
        if (in.opcode == Opcode::Store &&
            (in.place.base == PlaceBase::Deref || in.place.base == PlaceBase::Global) && !in.operands.empty() &&
            in.operands[0].kind == OpKind::Null && fn.blocks.size() <= 4 &&
            std::none_of(fn.blocks.begin(), fn.blocks.end(), [](const Block &b) {
              return std::any_of(b.insns.begin(), b.insns.end(),
                                 [](const Instruction &i) { return i.opcode == Opcode::Call; });
            }))
          worth_entering[f] = true;
        // NULL, or a function's address (a callback: what calling it does
        // is then known), or a string literal (not to be written).
        if (returns_pointer && (in.opcode == Opcode::Ret || in.opcode == Opcode::Phi || in.opcode == Opcode::Copy) &&
            std::any_of(in.operands.begin(), in.operands.end(), [](const Operand &o) {
              return o.kind == OpKind::Null || o.kind == OpKind::Func || o.kind == OpKind::Str;
            }))
          may_return_null[f] = true;
      }
  }
  // ...and their callers, as deep as the engine steps into calls.
  for (size_t level = 2; level < max_call_depth; ++level) {
    std::vector<bool> next = worth_entering;
    for (size_t f = 0; f < n; ++f)
      if (std::any_of(callees[f].begin(), callees[f].end(), [&](uint32_t c) { return worth_entering[c]; }))
        next[f] = true;
    worth_entering = std::move(next);
  }
  // (Also a function declared __attribute__((malloc)) with its body here:
  // stepped into, what it returns is known, rather than "may be NULL"
  // from the attribute: an xmalloc that dies when its allocator fails.)
  for (size_t f = 0; f < n; ++f)
    if (may_return_null[f] ||
        (m.functions[f].symbol < m.symbols.size() && m.symbols[m.functions[f].symbol].is_malloc))
      worth_entering[f] = true;
  find_returns_nonnull(m);
  find_recursion_groups(m);
  // Constant arguments: for each static function whose address is not
  // taken, the constant each parameter gets at every call, if they agree.
  entries = find_entries(m);
  const std::vector<bool> &entry = entries;
  constant_args.resize(n);
  std::vector<bool> seen(n, false);
  for (size_t f = 0; f < n; ++f)
    constant_args[f].assign(m.functions[f].params.size(), {false, 0});
  for (size_t f = 0; f < n; ++f)
    for (const Block &b : m.functions[f].blocks)
      for (const Instruction &in : b.insns) {
        if (in.opcode != Opcode::Call || in.operands[0].kind != OpKind::Func || in.operands[0].id >= m.symbols.size())
          continue;
        const int32_t body = m.symbols[in.operands[0].id].body;
        if (body < 0 || entry[static_cast<size_t>(body)] || static_cast<size_t>(body) == f)
          continue;
        auto &args = constant_args[static_cast<size_t>(body)];
        for (size_t k = 0; k < args.size(); ++k) {
          const Operand *o = k + 1 < in.operands.size() ? &in.operands[k + 1] : nullptr;
          const bool constant = o && (o->kind == OpKind::Int || o->kind == OpKind::Null);
          const int64_t value = constant && o->kind == OpKind::Int ? o->value : 0;
          if (!seen[static_cast<size_t>(body)])
            args[k] = {constant, value};
          else if (!constant || !args[k].first || args[k].second != value)
            args[k] = {false, 0};
        }
        seen[static_cast<size_t>(body)] = true;
      }
  // A summary of side effects: functions that change no memory outside
  // their own frame (they store only to their own variables and call only
  // such functions, pure ones, readers like strlen and functions that
  // never return). A call the engine does not step into then leaves the
  // caller's memory as it was.
  // (And those that change none of the program's memory though they may
  // act on the world: C library calls given no pointer, or only a
  // function to keep, "signal (SIGTERM, on_term)".)
  writes_nothing.assign(n, true);
  keeps_program_memory.assign(n, true);
  for (size_t f = 0; f < n; ++f)
    for (const Block &b : m.functions[f].blocks)
      for (const Instruction &in : b.insns) {
        bool writes = in.opcode == Opcode::Unknown || (in.opcode == Opcode::Store && in.place.base != PlaceBase::Local);
        bool writes_program = writes;
        if (in.opcode == Opcode::Call) {
          const Operand &c = in.operands[0];
          const Symbol *sym = c.kind == OpKind::Func && c.id < m.symbols.size() ? &m.symbols[c.id] : nullptr;
          // (A call that never returns changes nothing the caller sees
          // after this function returns: "assert (p)".)
          writes = !sym || (sym->body < 0 && !sym->is_noreturn && !sym->is_pure && !sym->is_const &&
                            !libc::reads_only(sym->name));
          const bool callback = sym && libc::registers_callback(sym->name);
          auto given = [&](const Operand &o) {
            return o.kind == OpKind::Func ? !callback
                                          : o.kind == OpKind::LocalAddr || o.kind == OpKind::GlobalAddr ||
                                                o.kind == OpKind::Str ||
                                                (o.is_temp() && m.functions[f].temps[o.id].type.is_pointer());
          };
          writes_program = writes && (!sym || !sym->is_library ||
                                      std::any_of(in.operands.begin() + 1, in.operands.end(), given));
        }
        if (writes)
          writes_nothing[f] = false;
        if (writes_program)
          keeps_program_memory[f] = false;
      }
  keep_where_callees_have(writes_nothing, callees);
  keep_where_callees_have(keeps_program_memory, callees);
  // Results known without stepping in: every return of the function
  // gives one constant ("static int enabled (void) { return 1; }"), or one
  // of its arguments ("return iErr;"), also through calls of such
  // functions (sqlite3CorruptError returns what sqlite3ReportError returns
  // of its constant argument). Callees first: a few rounds.
  constant_return.assign(n, {false, 0});
  returned_arg.assign(n, -1);
  for (int round = 0; round < 4; ++round) {
    bool changed = false;
    ReturnFinder finder(m, constant_return, returned_arg);
    for (size_t f = 0; f < n; ++f) {
      Returned r;
      if (!finder.of_function(f, r))
        continue;
      if (r.constant && !constant_return[f].first) {
        constant_return[f] = {true, r.value};
        returned_arg[f] = -1;
        changed = true;
      } else if (!r.constant && returned_arg[f] != r.param && !constant_return[f].first) {
        returned_arg[f] = r.param;
        changed = true;
      }
    }
    if (!changed)
      break;
  }
  // Globals no code changes: const ones, and static ones whose address is
  // never taken (here or in an initializer) and that nothing stores to.
  stable.assign(m.symbols.size(), false);
  for (size_t k = 0; k < m.symbols.size(); ++k) {
    const Symbol &sym = m.symbols[k];
    stable[k] = sym.kind == SymbolKind::Variable && (sym.is_const || (sym.is_static && !sym.address_taken));
  }
  for (const Function &fn : m.functions)
    for (const Block &b : fn.blocks)
      for (const Instruction &in : b.insns) {
        if (in.place.base == PlaceBase::Global && in.place.id < stable.size() &&
            (in.opcode == Opcode::Store || in.opcode == Opcode::Clobber) && !m.symbols[in.place.id].is_const)
          stable[in.place.id] = false;
        for (const Operand &o : in.operands)
          if (o.kind == OpKind::GlobalAddr && o.id < stable.size() && !m.symbols[o.id].is_const)
            stable[o.id] = false;
        if (in.opcode == Opcode::Addr && in.place.base == PlaceBase::Global && in.place.id < stable.size() &&
            !m.symbols[in.place.id].is_const)
          stable[in.place.id] = false;
      }
  find_readers(m);
  find_return_ranges(m);
  find_unchanged_params(m);
}

void ModuleSummary::find_readers(const Module &m) {
  const size_t n = m.functions.size();
  reads_args_only.assign(n, false);
  // Per function, on its own: whether its body qualifies, given that the
  // module functions it calls do (listed in calls).
  std::vector<std::vector<uint32_t>> calls(n);
  for (size_t f = 0; f < n; ++f) {
    const Function &fn = m.functions[f];
    if (fn.ret_type.kind == TypeKind::Void || fn.variadic || fn.blocks.empty())
      continue;
    // Pointers into what the arguments point to: pointer parameters, and
    // what copies, casts, phis and pointer arithmetic make of them.
    std::vector<bool> arg_pointer(fn.temps.size(), false);
    auto is_ptr_temp = [&](uint32_t t) { return t < fn.temps.size() && fn.temps[t].type.kind == TypeKind::Ptr; };
    for (uint32_t p : fn.params)
      if (is_ptr_temp(p))
        arg_pointer[p] = true;
    auto stable_global = [&](uint32_t sym) { return sym < stable.size() && stable[sym]; };
    // A pointer whose target, read, gives what the arguments decide.
    auto safe = [&](const Operand &o) {
      switch (o.kind) {
      case OpKind::Temp: return o.id < arg_pointer.size() && arg_pointer[o.id];
      case OpKind::Null:
      case OpKind::Str:
      case OpKind::LocalAddr: return true; // (its own locals: only it writes them)
      case OpKind::GlobalAddr: return stable_global(o.id);
      default: return false;
      }
    };
    auto safe_place = [&](const Place &p) {
      switch (p.base) {
      case PlaceBase::Local:
      case PlaceBase::Str: return true;
      case PlaceBase::Global: return stable_global(p.id);
      case PlaceBase::Deref: return safe(p.pointer);
      }
      return false;
    };
    for (bool grew = true; grew;) {
      grew = false;
      for (const Block &b : fn.blocks)
        for (const Instruction &in : b.insns) {
          if (!in.result || in.result >= arg_pointer.size() || arg_pointer[in.result] || !is_ptr_temp(in.result))
            continue;
          bool ok = false;
          if (in.opcode == Opcode::Copy || (in.opcode == Opcode::Unary && in.op == OpName::Conv) ||
              (in.opcode == Opcode::Binary && in.op == OpName::PtrAdd))
            ok = !in.operands.empty() && safe(in.operands[0]);
          else if (in.opcode == Opcode::Phi)
            ok = std::all_of(in.operands.begin(), in.operands.end(), safe);
          else if (in.opcode == Opcode::Addr)
            ok = safe_place(in.place);
          if (ok)
            arg_pointer[in.result] = grew = true;
        }
    }
    bool qualifies = true;
    for (const Block &b : fn.blocks)
      for (const Instruction &in : b.insns) {
        if (in.is_volatile || in.opcode == Opcode::Unknown)
          qualifies = false;
        else if (in.opcode == Opcode::Load)
          qualifies = qualifies && safe_place(in.place);
        else if (in.opcode == Opcode::Store)
          qualifies = qualifies && in.place.base == PlaceBase::Local;
        else if (in.opcode == Opcode::Call) {
          const Operand &callee = in.operands[0];
          if (callee.kind != OpKind::Func || callee.id >= m.symbols.size()) {
            qualifies = false;
            continue;
          }
          const Symbol &sym = m.symbols[callee.id];
          if (sym.is_noreturn)
            continue; // (the path ends there: "assert (p)")
          if (sym.body >= 0)
            calls[f].push_back(static_cast<uint32_t>(sym.body));
          else if (!libc::reads_only(sym.name) && !sym.is_const)
            qualifies = false;
          for (size_t k = 1; k < in.operands.size(); ++k) {
            const Operand &a = in.operands[k];
            const bool pointer = a.kind == OpKind::Temp ? is_ptr_temp(a.id)
                                                        : a.kind != OpKind::Int && a.kind != OpKind::Float;
            if (pointer && !safe(a))
              qualifies = false;
          }
        }
      }
    reads_args_only[f] = qualifies;
  }
  keep_where_callees_have(reads_args_only, calls);
}

std::vector<bool> ModuleSummary::find_entries(const Module &m) {
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

} // namespace pathwise
