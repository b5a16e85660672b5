// Bounds: a load or store whose bytes lie outside the object it is in
// (GCC 13's out-of-bounds warning). Reported only where the path fixes it:
// every offset the access may have on this path is past the end (or before
// the start), measured against the object's extent (extents.cc).
// SPDX-License-Identifier: GPL-3.0-or-later
#include "analysis/analysis.h"

namespace pathwise::detail {

namespace {

// What kind of memory an object is, for the warning's wording and CWE.
enum class Memory : uint8_t { Stack, Heap, Other };

const Warning &oob_warning(Memory m, bool write, bool after) {
  if (write && after)
    return m == Memory::Stack ? kStackOverflow : m == Memory::Heap ? kHeapOverflow : kOverflow;
  if (write)
    return m == Memory::Stack ? kStackUnderwrite : m == Memory::Heap ? kHeapUnderwrite : kUnderwrite;
  if (after)
    return m == Memory::Stack ? kStackOverRead : m == Memory::Heap ? kHeapOverRead : kOverRead;
  return m == Memory::Stack ? kStackUnderRead : m == Memory::Heap ? kHeapUnderRead : kUnderRead;
}

std::string bytes(int64_t n) { return std::to_string(n) + (n == 1 ? " byte" : " bytes"); }

// a * b + c without overflow; false if it would.
bool mul_add(int64_t a, int64_t b, int64_t c, int64_t &out) {
  return !__builtin_mul_overflow(a, b, &out) && !__builtin_add_overflow(out, c, &out);
}

} // namespace

bool FunctionAnalysis::access_range(const State &s, const Place &p, SvalId &root, int64_t &lo, int64_t &hi) {
  root = 0;
  lo = hi = 0;
  switch (p.base) {
  case PlaceBase::Local: root = m_svals.get(SK::LocalAddr, local_id(s, p.id)); break;
  case PlaceBase::Global: root = m_svals.get(SK::GlobalAddr, p.id); break;
  case PlaceBase::Str: root = operand_value(s, p.pointer); break;
  case PlaceBase::Deref: {
    SvalId v = operand_value(s, p.pointer);
    while (m_svals[v].kind == SK::Offset) {
      if (m_svals[v].a == kUnknownOffset || __builtin_add_overflow(lo, m_svals[v].a, &lo))
        return false;
      v = m_svals[v].base;
    }
    root = v;
    if (__builtin_add_overflow(lo, p.offset, &lo))
      return false;
    hi = lo;
    break;
  }
  }
  for (const Accessor &a : p.path) {
    if (a.kind == Accessor::Kind::Field) {
      if (a.offset < 0 || __builtin_add_overflow(lo, a.offset, &lo) || __builtin_add_overflow(hi, a.offset, &hi))
        return false;
      continue;
    }
    if (a.elem_size <= 0)
      return false;
    const SvalId index = operand_value(s, a.index);
    int64_t ilo, ihi;
    range_of(s, index, ilo, ihi);
    // (An index of an unsigned type is never negative; beyond INT64_MAX
    // its range says nothing.)
    const bool is_unsigned = a.index.kind == OpKind::Temp ? !fn().temps[a.index.id].type.is_signed
                             : a.index.kind == OpKind::Int ? !a.index.type.is_signed
                                                           : false;
    if (is_unsigned && ilo < 0)
      return false;
    if (ilo == INT64_MIN || ihi == INT64_MAX || !mul_add(ilo, a.elem_size, lo, lo) ||
        !mul_add(ihi, a.elem_size, hi, hi))
      return false;
  }
  return true;
}

SvalId FunctionAnalysis::literal_byte(const State &s, const Place &p, bool is_signed) {
  SvalId root;
  int64_t lo, hi;
  if (p.size != 1 || !access_range(s, p, root, lo, hi) || lo != hi || m_svals[root].kind != SK::StrAddr)
    return 0;
  const std::string &bytes = m_svals.string_at(m_svals[root].a);
  if (lo < 0 || static_cast<uint64_t>(lo) > bytes.size())
    return 0;
  const auto c = static_cast<uint64_t>(lo) == bytes.size() ? '\0' : bytes[static_cast<size_t>(lo)];
  return m_svals.get(SK::Const, is_signed ? static_cast<int64_t>(static_cast<signed char>(c))
                                          : static_cast<int64_t>(static_cast<unsigned char>(c)));
}

void FunctionAnalysis::check_bounds(const State &s, const Place &p, bool write, const Loc &loc) {
  // (Not on a path that assumed how a loop's test came out, or dropped
  // facts: its offsets may be ones no run has.)
  if (p.size <= 0 || s.loop_assumed || s.approximate)
    return;
  // The object (its root value) and the byte offset range [lo, hi] of the
  // access in it.
  SvalId root;
  int64_t lo, hi;
  if (!access_range(s, p, root, lo, hi))
    return;
  // The object's size, and what kind of memory it is.
  const Sval &r = m_svals[root];
  int64_t capacity = 0;
  Memory memory = Memory::Other;
  std::string name; // the declared object's
  switch (r.kind) {
  case SK::LocalAddr: {
    const Local *l = local_of(s, static_cast<uint64_t>(r.a));
    if (!l)
      return;
    capacity = static_cast<int64_t>(l->type.size);
    memory = Memory::Stack;
    name = l->name;
    break;
  }
  case SK::GlobalAddr: {
    if (static_cast<size_t>(r.a) >= m_module.symbols.size())
      return;
    const Symbol &sym = m_module.symbols[static_cast<size_t>(r.a)];
    capacity = static_cast<int64_t>(sym.type.size);
    name = Module::source_name(sym.name);
    break;
  }
  case SK::StrAddr: capacity = static_cast<int64_t>(m_svals.string_at(r.a).size()) + 1; break;
  default: {
    const SvalId size = extent(s, root);
    if (!size || !known_value(s, size, capacity))
      return;
    // (alloca's and a VLA's memory is on the stack.)
    memory = stack_allocation(root) ? Memory::Stack : Memory::Heap;
    break;
  }
  }
  if (capacity <= 0 || (name.size() > 1 && name.compare(0, 2, "D.") == 0))
    return; // (a compiler temporary, or an object of unknown size)
  const bool after = lo + p.size > capacity;
  const bool before = hi < 0;
  if (!after && !before)
    return;
  const Warning &w = oob_warning(memory, write, after);
  if (m_opts.disabled.count(w.name))
    return;
  const std::string what = name.empty() ? "the region" : quote_expr(name);
  const char *verb = write ? "write" : "read";
  std::string event, note;
  if (after) {
    // The first access past the end on this path: where its bytes start
    // and end, and how many of them are outside.
    event = std::string("out-of-bounds ") + verb + " from byte " + std::to_string(lo) + " till byte " +
            std::to_string(lo + p.size - 1) + " but " + what + " ends at byte " + std::to_string(capacity);
    const int64_t bad = std::min<int64_t>(p.size, lo + p.size - capacity);
    note = write ? "write of " + bytes(bad) + " to beyond the end of " + what
                 : "read of " + bytes(bad) + " from after the end of " + what;
  } else {
    event = std::string("out-of-bounds ") + verb + " from byte " + std::to_string(hi) + " till byte " +
            std::to_string(hi + p.size - 1) + " but " + what + " starts at byte 0";
    const int64_t bad = std::min<int64_t>(p.size, -hi);
    note = write ? "write of " + bytes(bad) + " to before the start of " + what
                 : "read of " + bytes(bad) + " from before the start of " + what;
  }
  std::vector<Origin> more;
  // An array indexed directly: which subscripts it has.
  if (!p.path.empty() && p.path.back().kind == Accessor::Kind::Index && p.path.size() == 1 && !name.empty() &&
      p.path.back().elem_size > 0 && capacity % p.path.back().elem_size == 0)
    more.push_back({loc, "valid subscripts for " + what + " are %<[0]%> to %<[" +
                             std::to_string(capacity / p.path.back().elem_size - 1) + "]%>"});
  m_pending.push_back({&w, 0, 0, "", loc, m_cur->index, m_depth, m_cur_node, *m_cur_events, {}, 0, {loc, note},
                       event, "", std::move(more)});
}

} // namespace pathwise::detail
