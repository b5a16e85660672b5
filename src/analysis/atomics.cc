// GCC's atomic builtins as the engine sees them: __atomic_load_4 (p, order)
// reads *p, __atomic_store_4 (p, v, order) writes it, __atomic_exchange_4
// does both, __atomic_fetch_add_4 and __atomic_add_fetch_4 (and sub, and,
// or, xor, nand; the __sync_ spellings too) write *p's new value and give
// the old or the new one. What another thread does meanwhile is not the
// path's: the value is what this path last stored.
// SPDX-License-Identifier: GPL-3.0-or-later
#include "analysis/analysis.h"

namespace pathwise::detail {

namespace {

enum class AtomicKind { None, Load, Store, Exchange, FetchThenOp, OpThenFetch };

struct Atomic {
  AtomicKind kind = AtomicKind::None;
  OpName op = OpName::None; // the fetch's operation (nand: And then Not)
  bool nand = false;
};

// "add" -> Add, ...
bool fetch_op(const std::string &name, OpName &op, bool &nand) {
  static const std::pair<const char *, OpName> ops[] = {
      {"add", OpName::Add}, {"sub", OpName::Sub}, {"and", OpName::And}, {"or", OpName::Or}, {"xor", OpName::Xor},
      {"nand", OpName::And}};
  for (const auto &[n, o] : ops)
    if (name == n) {
      op = o;
      nand = name == "nand";
      return true;
    }
  return false;
}

// What a builtin does, by its name without the size suffix ("_4").
Atomic classify(std::string_view callee) {
  Atomic a;
  const size_t us = callee.rfind('_');
  if (us == std::string_view::npos || us + 1 >= callee.size() ||
      !std::all_of(callee.begin() + static_cast<std::ptrdiff_t>(us) + 1, callee.end(), [](char c) { return c >= '0' && c <= '9'; }))
    return a;
  const std::string base(callee.substr(0, us));
  if (base == "__atomic_load") {
    a.kind = AtomicKind::Load;
  } else if (base == "__atomic_store") {
    a.kind = AtomicKind::Store;
  } else if (base == "__atomic_exchange" || base == "__sync_lock_test_and_set") {
    a.kind = AtomicKind::Exchange;
  } else if (base.rfind("__atomic_fetch_", 0) == 0 && fetch_op(base.substr(15), a.op, a.nand)) {
    a.kind = AtomicKind::FetchThenOp;
  } else if (base.rfind("__sync_fetch_and_", 0) == 0 && fetch_op(base.substr(17), a.op, a.nand)) {
    a.kind = AtomicKind::FetchThenOp;
  } else if (base.rfind("__atomic_", 0) == 0 && base.size() > 15 && base.compare(base.size() - 6, 6, "_fetch") == 0 &&
             fetch_op(base.substr(9, base.size() - 15), a.op, a.nand)) {
    a.kind = AtomicKind::OpThenFetch;
  } else if (base.rfind("__sync_", 0) == 0 && base.size() > 17 && base.compare(base.size() - 10, 10, "_and_fetch") == 0 &&
             fetch_op(base.substr(7, base.size() - 17), a.op, a.nand)) {
    a.kind = AtomicKind::OpThenFetch;
  }
  return a;
}

} // namespace

bool FunctionAnalysis::model_atomic(State &s, uint32_t uid, const CallEvent &call, const Loc &loc, SvalId &result) {
  if (call.callee.rfind("__atomic_", 0) != 0 && call.callee.rfind("__sync_", 0) != 0)
    return false;
  const Atomic a = classify(call.callee);
  const size_t needs = a.kind == AtomicKind::Load ? 1 : 2;
  if (a.kind == AtomicKind::None || call.args.size() < needs)
    return false;
  // The pointer is dereferenced (freed memory, NULL: the checkers' to
  // tell).
  const SvalId ptr = root_of(call.args[0]);
  for (size_t c = 0; c < m_checkers.size(); ++c) {
    Context ctx(*this, s, static_cast<uint8_t>(c), loc);
    m_checkers[c]->on_deref(ctx, ptr, text_of_value(s, ptr));
  }
  std::string key = pointee_key(call.args[0]);
  if (key.empty())
    return false;
  // The value there now (read as a load would: the same value again; the
  // first field and the whole are one place, "&o->refs" is "o").
  SvalId old = read_memory(s, key);
  if (!old)
    old = read_same_place(s, key, &key);
  if (!old)
    old = first_read(s, key, uid);
  if (a.kind == AtomicKind::Load) {
    result = old;
    return true;
  }
  const SvalId given = call.args[1];
  SvalId now = given;
  if (a.kind == AtomicKind::FetchThenOp || a.kind == AtomicKind::OpThenFetch) {
    // Known operands give a known value (in 64 bits); others a fresh one.
    int64_t x = 0, y = 0, r = 0;
    now = 0;
    if (known_value(s, old, x) && known_value(s, given, y) &&
        fold_constants(a.op, x, y, Type::integer(64, false), r))
      now = m_svals.get(SK::Const, a.nand ? ~r : r);
    int64_t k = 0;
    if (!now)
      now = fresh_value(s, uid, old, k);
  }
  clear_memory(s, key);
  write_memory(s, key, now);
  result = a.kind == AtomicKind::Store ? 0 : a.kind == AtomicKind::OpThenFetch ? now : old;
  return true;
}

} // namespace pathwise::detail
