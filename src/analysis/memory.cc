// The engine's memory model on a state: the keys of places (what a pointer
// points to, a local's field), reads and writes, what escapes when memory
// becomes reachable from elsewhere, and what a call may change.
// SPDX-License-Identifier: GPL-3.0-or-later
#include "analysis/analysis.h"
#include "analysis/libc.h"

#include <cstdlib>
#include <optional>

namespace pathwise::detail {

std::string FunctionAnalysis::pointee_key(SvalId v, int64_t off) const {
  bool field = off == 0; // (an offset of fields only: see offset_value)
  while (m_svals[v].kind == SK::Offset) {
    if (m_svals[v].a == kUnknownOffset)
      return "";
    off += m_svals[v].a;
    field = field && m_svals[v].b == 1;
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
    key += (sv.kind == SK::LocalAddr || sv.kind == SK::GlobalAddr || field ? "." : "+") + std::to_string(off);
  return key;
}

void FunctionAnalysis::first_part_key(const State &s, std::string &key, const Type &t) const {
  if (key.empty() || key_base_end(key) != key.size() || (key[0] != 'L' && key[0] != 'G') || t.size == 0 ||
      (t.kind != TypeKind::Int && t.kind != TypeKind::Ptr && t.kind != TypeKind::Float))
    return;
  const Type *var = variable_type(s, key[0] == 'L' ? SK::LocalAddr : SK::GlobalAddr, key_base(key));
  if (var && var->size > t.size)
    key += ".0";
}

const Type *FunctionAnalysis::variable_type(const State &s, SK kind, uint64_t id) const {
  if (kind == SK::LocalAddr) {
    const Local *l = local_of(s, id);
    return l ? &l->type : nullptr;
  }
  return kind == SK::GlobalAddr && id < m_module.symbols.size() ? &m_module.symbols[id].type : nullptr;
}

SvalId FunctionAnalysis::table_entry(const std::string &key) {
  const size_t end = key_base_end(key);
  const SvalId sym = key_base(key);
  if (sym >= m_module.symbols.size() || !m_summary.stable[sym])
    return 0;
  for (const auto &e : m_module.symbols[sym].function_table)
    if (key.compare(end, std::string::npos, e.first) == 0)
      return m_svals.get(SK::FuncAddr, e.second);
  for (const auto &e : m_module.symbols[sym].constant_table)
    if (key.compare(end, std::string::npos, e.first) == 0)
      return m_svals.get(SK::Const, e.second);
  for (const auto &e : m_module.symbols[sym].address_table)
    if (key.compare(end, std::string::npos, e.first) == 0)
      return m_svals.get(SK::GlobalAddr, e.second);
  // (Only a whole field or element: not bytes inside one.)
  if (m_module.symbols[sym].init_complete && key.find('?') == std::string::npos &&
      key.find('+') == std::string::npos)
    return m_svals.get(SK::Const, 0);
  return 0;
}

void FunctionAnalysis::table_read(State &s, const Place &p, uint32_t uid, SvalId v) {
  // (An element, or a field of one, of a global array: @tab[i], @tab[i].f.)
  if (p.base != PlaceBase::Global || p.path.empty() || p.path[0].kind != Accessor::Kind::Index ||
      p.path[0].elem_size <= 0 || p.id >= m_module.symbols.size() || !m_summary.stable[p.id])
    return;
  std::string suffix;
  for (size_t k = 1; k < p.path.size(); ++k) {
    if (p.path[k].kind != Accessor::Kind::Field || p.path[k].offset < 0)
      return;
    suffix += "." + std::to_string(p.path[k].offset);
  }
  const SvalId index = operand_value(s, p.path[0].index);
  int64_t c;
  if (known_value(s, index, c))
    return;
  m_loose_loads.insert(uid);
  // The entries the index's range may reach (a complete initializer:
  // what it does not list is zero).
  const ir::Symbol &sym = m_module.symbols[p.id];
  const auto count = static_cast<int64_t>(sym.type.size / static_cast<uint64_t>(p.path[0].elem_size));
  int64_t lo, hi;
  range_of(s, index, lo, hi);
  lo = std::max<int64_t>(lo, 0);
  hi = std::min<int64_t>(hi, count - 1);
  if (!sym.init_complete || !sym.function_table.empty() || count <= 0 || lo > hi)
    return;
  std::vector<bool> listed(static_cast<size_t>(hi - lo + 1), false);
  int64_t min = INT64_MAX, max = INT64_MIN;
  for (const auto &e : sym.constant_table) {
    // Element k's byte offset (".k*size"), or "[k]", followed by the
    // suffix.
    const bool bracket = !e.first.empty() && e.first[0] == '[';
    if (e.first.size() < suffix.size() + 2 || (e.first[0] != '.' && !bracket) ||
        e.first.compare(e.first.size() - suffix.size(), suffix.size(), suffix))
      continue;
    char *end = nullptr;
    long long k = std::strtoll(e.first.c_str() + 1, &end, 10);
    const size_t number_end = bracket ? e.first.size() - suffix.size() - 1 : e.first.size() - suffix.size();
    if (!end || end == e.first.c_str() + 1 || static_cast<size_t>(end - e.first.c_str()) != number_end ||
        (bracket && *end != ']'))
      continue;
    if (!bracket) {
      if (k % p.path[0].elem_size)
        continue;
      k /= p.path[0].elem_size;
    }
    if (k < lo || k > hi)
      continue;
    listed[static_cast<size_t>(k - lo)] = true;
    min = std::min<int64_t>(min, e.second);
    max = std::max<int64_t>(max, e.second);
  }
  if (std::find(listed.begin(), listed.end(), false) != listed.end()) {
    min = std::min<int64_t>(min, 0);
    max = std::max<int64_t>(max, 0);
  }
  assume(s, v, OpName::Ge, m_svals.get(SK::Const, min));
  assume(s, v, OpName::Le, m_svals.get(SK::Const, max));
}

bool FunctionAnalysis::from_loose_read(SvalId v, int depth) const {
  if (!v || depth > 6 || m_loose_loads.empty())
    return false;
  const Sval &sv = m_svals[v];
  switch (sv.kind) {
  case SK::Conjured: return sv.b >= 0 && m_loose_loads.count(static_cast<uint32_t>(sv.a)) != 0;
  case SK::Plus:
  case SK::OpConst:
  case SK::Offset: return from_loose_read(sv.base, depth + 1);
  case SK::Cmp: return from_loose_read(sv.base, depth + 1) || from_loose_read(static_cast<SvalId>(sv.b), depth + 1);
  default: return false;
  }
}

std::string FunctionAnalysis::indexed_region_key(const State &s, const Place &p) {
  // (Through a pointer at an offset the path does not know: p + i.)
  if (p.base == PlaceBase::Deref) {
    const SvalId ptr = operand_value(s, p.pointer);
    for (SvalId v = ptr; v && m_svals[v].kind == SK::Offset; v = m_svals[v].base)
      if (m_svals[v].a == kUnknownOffset)
        return pointee_key(root_of(ptr));
  }
  Place prefix = p;
  for (size_t k = 0; k < p.path.size(); ++k) {
    int64_t c;
    if (p.path[k].kind == Accessor::Kind::Index && !known_value(s, operand_value(s, p.path[k].index), c)) {
      prefix.path.resize(k);
      return local_key(s, prefix);
    }
  }
  return "";
}

bool FunctionAnalysis::vague_place(const State &s, const Place &p, State::VagueRead &out, bool known_too) {
  std::string shape;
  SvalId index = 0;
  if (p.base == PlaceBase::Local || p.base == PlaceBase::Global) {
    out.root = p.base == PlaceBase::Local ? m_svals.get(SK::LocalAddr, local_id(s, p.id)) : m_svals.get(SK::GlobalAddr, p.id);
  } else if (p.base == PlaceBase::Deref && p.pointer.is_temp()) {
    // "*(base + k)", k unknown, the sum made in this block: the base
    // pointer, and k.
    auto it = std::find_if(m_pointer_parts.begin(), m_pointer_parts.end(),
                           [&](const PointerParts &pp) { return pp.temp == p.pointer.id; });
    const SvalId ptr = operand_value(s, p.pointer);
    if (const SvalId name = place_name(ptr); name && (it == m_pointer_parts.end() || place_name(it->base))) {
      // (Through a pointer to a place named by an index, "&t[i]", or
      // where strchr found its character: the object, the index, and how
      // the place is counted from it.)
      const Sval &x = m_svals[name];
      out.root = root_of(ptr);
      index = x.base;
      shape = "@" + std::to_string(x.a) + "+" + std::to_string(x.b) + "+" + std::to_string(p.offset);
    } else {
      if (it == m_pointer_parts.end() ||
          (m_svals[it->base].kind == SK::Offset && m_svals[it->base].a == kUnknownOffset))
        return false;
      out.root = it->base;
      index = it->index;
      shape = "+" + std::to_string(p.offset);
    }
  } else {
    return false;
  }
  for (const Accessor &a : p.path) {
    if (a.kind == Accessor::Kind::Field) {
      shape += a.offset >= 0 ? "." + std::to_string(a.offset) : "." + a.name + "?";
      continue;
    }
    int64_t c;
    const SvalId v = operand_value(s, a.index);
    if (known_value(s, v, c) && !(known_too && !index && v && m_svals[v].kind != SK::Const)) {
      shape += "[" + std::to_string(c) + "]";
    } else {
      if (index || !v)
        return false; // (two unknown indices)
      index = v;
      shape += "[?]";
    }
  }
  if (!index || !out.root)
    return false;
  out.index = index;
  out.shape = m_svals.string_id(shape);
  return true;
}

SvalId FunctionAnalysis::read_before(const State &s, const Place &p) {
  // The same place, spelled with the index as a variable: "t[i]" then
  // "i == 0", "t[i]" again.
  State::VagueRead was{};
  if (vague_place(s, p, was, true))
    if (const SvalId v = s.read_again(was))
      return v;
  // Through a pointer at a known offset: a read through "base + k" whose
  // k the path has since come to know lands there ("(*__ctype_b_loc ())
  // [*a]" then "*a == 0", and isspace (*a) again).
  if (p.base != PlaceBase::Deref || !p.path.empty())
    return 0;
  int64_t at, k, from, shape;
  const SvalId root = constant_offset(operand_value(s, p.pointer), at);
  if (!root || __builtin_add_overflow(at, p.offset, &at))
    return 0;
  for (const State::VagueRead &r : s.vague_reads) {
    const std::string &text = m_svals.string_at(r.shape);
    char *end = nullptr;
    if (text.size() < 2 || text[0] != '+')
      continue;
    shape = std::strtoll(text.c_str() + 1, &end, 10);
    if (*end || constant_offset(r.root, from) != root || !known_value(s, r.index, k) ||
        __builtin_add_overflow(from, k, &from) || __builtin_add_overflow(from, shape, &from) || from != at)
      continue;
    return r.value;
  }
  return 0;
}

void FunctionAnalysis::forget_vague_reads(State &s, const Instruction &in) {
  if (s.vague_reads.empty())
    return;
  if (in.opcode == Opcode::Store && in.place.base == PlaceBase::Local &&
      !set_contains(s.exposed, local_id(s, in.place.id))) {
    const SvalId root = m_svals.get(SK::LocalAddr, local_id(s, in.place.id));
    s.vague_reads.erase(std::remove_if(s.vague_reads.begin(), s.vague_reads.end(),
                                       [&](const State::VagueRead &r) { return root_of(r.root) == root; }),
                        s.vague_reads.end());
    return;
  }
  // (Nor a call that changes no memory the program could read before it:
  // const and pure functions, the C library's readers, allocation.)
  if (in.opcode == Opcode::Call && in.operands[0].kind == OpKind::Func && in.operands[0].id < m_module.symbols.size()) {
    const Symbol &callee = m_module.symbols[in.operands[0].id];
    if (callee.is_const || callee.is_pure || libc::reads_only(callee.name) ||
        libc::named(callee.name, {"malloc", "calloc", "free"}))
      return;
  }
  s.vague_reads.clear();
}

std::string FunctionAnalysis::local_key(const State &s, const Place &p) {
  std::string key;
  if (p.base == PlaceBase::Local) {
    key = "L" + std::to_string(local_id(s, p.id));
  } else if (p.base == PlaceBase::Global) {
    key = "G" + std::to_string(p.id);
  } else if (p.base == PlaceBase::Deref) {
    const SvalId pointer = operand_value(s, p.pointer);
    key = pointee_key(pointer, p.offset);
    if (key.empty())
      return "";
    // A pointer to a struct into an array of them ("p = &t[0]", "p =
    // t", "p + 1") points to an element: "p->f" is "t[0].f", "(p + 1)->f"
    // and "*(p + 24)" are "t[1].f", keyed as the index spells them (the
    // element's offset, then the rest), not as fields of the array.
    const SvalId pointer_root = root_of(pointer);
    const Sval &pv = m_svals[pointer_root];
    const Type &pt = p.pointer.is_temp() ? fn().temps[p.pointer.id].type : p.pointer.type;
    int64_t at = 0;
    if (pt.kind == TypeKind::Ptr && pt.pointee_record > 0 && (pv.kind == SK::LocalAddr || pv.kind == SK::GlobalAddr) &&
        constant_offset(pointer, at) == pointer_root && !__builtin_add_overflow(at, p.offset, &at) && at >= 0) {
      const Type *var = variable_type(s, pv.kind, static_cast<uint64_t>(pv.a));
      const auto elem = static_cast<int64_t>(pt.pointee_record);
      if (var && var->kind == TypeKind::Array && var->size > pt.pointee_record && var->size % pt.pointee_record == 0) {
        key = key.substr(0, key_base_end(key)) + "." + std::to_string(at / elem * elem);
        if (at % elem)
          key += "." + std::to_string(at % elem);
      }
    }
  } else {
    return "";
  }
  for (const Accessor &a : p.path) {
    if (a.kind == Accessor::Kind::Field) {
      key += a.offset >= 0 ? "." + std::to_string(a.offset) : "." + a.name + "?";
    } else {
      int64_t c, bytes;
      if (!known_value(s, operand_value(s, a.index), c))
        return "";
      // (An element of a known size at its byte offset, as a pointer to
      // it spells it: "a[2]" of longs and "*(p + 16)" with p = a are one
      // place. An array a pointer points to, indexed first (a VLA's
      // "p[7]"), has its elements where the pointer moved by them points:
      // beside the first, "+56", and the first is the pointee itself.)
      const bool beside = key[0] == 'S' && key_base_end(key) == key.size();
      if (a.elem_size > 0 && !__builtin_mul_overflow(c, a.elem_size, &bytes) && beside)
        key += bytes ? "+" + std::to_string(bytes) : "";
      else if (a.elem_size > 0 && !__builtin_mul_overflow(c, a.elem_size, &bytes) && bytes >= 0)
        key += "." + std::to_string(bytes);
      else
        key += "[" + std::to_string(c) + "]";
    }
  }
  return key;
}

void FunctionAnalysis::forget_other_regions(State &s, const std::string &keep, const std::vector<std::string> &also_kept,
                                            const std::vector<std::string> &passed) {
  const std::string base = keep.substr(0, key_base_end(keep));
  // What a pointer-to-const parameter points to changes only where its
  // pointer went (as Clang's analyzer assumes of any parameter): kept
  // too, unless it escaped.
  std::vector<std::string> kept = also_kept;
  for (uint32_t k : m_module.functions[m_entry].readonly_params) {
    const SvalId param = m_svals.get(SK::Param, static_cast<int64_t>(k) - 1);
    if (!set_contains(s.escaped, param))
      kept.push_back("S" + std::to_string(param));
  }
  // (A write to a global names it: another global is other memory, and
  // no pointer reaches a static global whose address is never taken.)
  const bool global = !base.empty() && base[0] == 'G';
  const bool unaddressed = global && key_base(base) < m_module.symbols.size() &&
                           m_module.symbols[key_base(base)].is_static &&
                           !m_module.symbols[key_base(base)].address_taken;
  auto goes = [&](const std::pair<RegionId, SvalId> &m) {
    const std::string &key = rk(m.first);
    return key[0] != 'L' && (base.empty() || !key_within(key, base)) && !(global && key[0] == 'G') &&
           !(unaddressed && key[0] == 'S') && !private_region(s, key) &&
           !stable_global(key) &&
           std::none_of(kept.begin(), kept.end(), [&](const std::string &k) { return key_within(key, k); });
  };
  // What globals (and the caller's memory) held may now be held
  // elsewhere.
  std::vector<SvalId> held;
  for (auto &m : s.memory)
    if ((m_regions.kind(m.first) == 'G' || caller_visible(rk(m.first))) && goes(m))
      held.push_back(m.second);
  for (SvalId h : held)
    escape_value(s, h);
  for (auto &m : s.memory)
    if (goes(m)) {
      const std::string &key = rk(m.first);
      if (std::find(passed.begin(), passed.end(), key.substr(0, key_base_end(key))) == passed.end())
        note_changed(s, m.first, m.second);
    }
  s.memory.erase(std::remove_if(s.memory.begin(), s.memory.end(), goes), s.memory.end());
}

bool FunctionAnalysis::known_of(const State &s, RegionId r, SvalId v, bool constants, State::Changed &out) const {
  // (A constant the program stored, an address: the code is expected to
  // change them, as an initializer fills what was cleared.)
  if (!v || (m_svals[v].kind == SK::Const && !constants) || is_address(v) || m_svals[v].kind == SK::Aggregate)
    return false;
  out = State::Changed{r, INT64_MIN, INT64_MAX, false, 0, v};
  range_of(s, v, out.lo, out.hi);
  out.nonzero = compare(s, v, OpName::Ne, m_svals.get(SK::Const, 0)) == Tri::True;
  known_bits(s, v, out.ones, out.zeros);
  // A value read again after an earlier change: what the path knew of
  // the place then holds of it too (a path where it does not follows a
  // guess), and it stands for what the place held then (a stack's top
  // read again, changed again, still leads to the fields it had).
  for (const State::Changed &ch : s.changed)
    if (ch.reread == v) {
      out.lo = std::max(out.lo, ch.lo);
      out.hi = std::min(out.hi, ch.hi);
      out.nonzero = out.nonzero || ch.nonzero;
      out.ones |= ch.ones;
      out.zeros |= ch.zeros;
      if (ch.old)
        out.old = ch.old;
    }
  return true;
}

void FunctionAnalysis::note_changed(State &s, RegionId r, SvalId v, bool constants) const {
  State::Changed c;
  if (!known_of(s, r, v, constants, c))
    return;
  auto it = std::lower_bound(s.changed.begin(), s.changed.end(), c);
  // (The place forgotten again since it was read again, not written: the
  // note stays about the value read, which a temporary may hold still -
  // under its widened name, if a generalization renamed it. Once nothing
  // holds that value, purge lets the note wait for the next read.)
  if (it != s.changed.end() && it->region == r && it->reread && !it->written)
    return;
  if (it != s.changed.end() && it->region == r)
    *it = c;
  else if (s.changed.size() < 32)
    s.changed.insert(it, c);
}

void FunctionAnalysis::given_changed(State &s, SvalId p) const {
  for (const State::Changed &ch : s.changed) {
    if (ch.reread != p || !ch.old || ch.old == p)
      continue;
    const SvalId old = ch.old;
    for (State::Changed &c : s.changed)
      if (m_regions.kind(c.region) == 'S' && region_base(c.region) == old)
        c.written = true;
    return;
  }
}

void FunctionAnalysis::note_reread(State &s, RegionId r, SvalId v) const {
  auto find = [&](RegionId region) {
    auto it = std::lower_bound(s.changed.begin(), s.changed.end(), State::Changed{region, 0, 0, false, 0, 0});
    return it != s.changed.end() && it->region == region ? it : s.changed.end();
  };
  if (auto it = find(r); it != s.changed.end()) {
    if (!it->written)
      it->reread = v;
    return;
  }
  // A field of what a changed pointer holds now: what the path knew of
  // the same field of what it held ("current->mark" after "current" was
  // read again).
  const std::string &key = rk(r);
  if (key[0] != 'S' || s.changed.size() >= 32)
    return;
  const SvalId base = region_base(r);
  for (const State::Changed &ch : s.changed) {
    if (ch.reread != base || !ch.old || ch.old == base)
      continue;
    const RegionId before = m_regions.find("S" + std::to_string(ch.old) + key.substr(key_base_end(key)));
    auto it = before ? find(before) : s.changed.end();
    if (it == s.changed.end() || it->written)
      return;
    State::Changed c = *it;
    c.region = r;
    c.reread = v;
    c.old = it->old; // (and what that field held, in turn)
    s.changed.insert(std::lower_bound(s.changed.begin(), s.changed.end(), c), c);
    return;
  }
}

bool FunctionAnalysis::needs_change(const State &s, SvalId a, OpName op, SvalId c) {
  if (s.changed.empty())
    return false;
  // Whether v is computed from r ("(unsigned) t - 1" of t).
  auto mentions = [&](SvalId v, SvalId r, auto &self, int depth) -> bool {
    if (!v || depth > 8)
      return false;
    if (v == r)
      return true;
    const Sval &sv = m_svals[v];
    switch (sv.kind) {
    case SK::Plus:
    case SK::OpConst: return self(sv.base, r, self, depth + 1);
    case SK::Cmp:
      return self(sv.base, r, self, depth + 1) || self(static_cast<SvalId>(sv.b), r, self, depth + 1);
    default: return false;
    }
  };
  // The path's facts with the branch taken, and with what it knew of each
  // value read again: if they cannot all hold, the branch needs a change.
  std::optional<State> t;
  const SvalId zero = m_svals.get(SK::Const, 0);
  for (const State::Changed &ch : s.changed) {
    if (!ch.decides() || !(mentions(a, ch.reread, mentions, 0) || mentions(c, ch.reread, mentions, 0)))
      continue;
    if (!t) {
      t.emplace(s);
      if (!assume(*t, a, op, c))
        return false; // (not a way the path can go at all)
    }
    if ((ch.lo != INT64_MIN && !assume(*t, ch.reread, OpName::Ge, m_svals.get(SK::Const, ch.lo))) ||
        (ch.hi != INT64_MAX && !assume(*t, ch.reread, OpName::Le, m_svals.get(SK::Const, ch.hi))) ||
        (ch.nonzero && !assume(*t, ch.reread, OpName::Ne, zero)))
      return true;
    // (Each bit the path knew: "flags & 8" found 0 before, not 0 now.)
    for (int bit = 0; bit < 63; ++bit) {
      const uint64_t b = uint64_t{1} << bit;
      if (!((ch.ones | ch.zeros) & b))
        continue;
      const SvalId masked = bits_value(ch.reread, OpName::And, static_cast<int64_t>(b), 64);
      if (masked && !assume(*t, masked, (ch.ones & b) ? OpName::Ne : OpName::Eq, zero))
        return true;
    }
  }
  return false;
}

void FunctionAnalysis::escape_contents(State &s, const std::string &prefix) {
  const RegionId place = m_regions.find(prefix);
  if (!place)
    return; // (nothing was ever bound there)
  std::vector<SvalId> held;
  for (auto &m : s.memory)
    if (m_regions.within(m.first, place))
      held.push_back(m.second);
  for (SvalId h : held)
    escape_value(s, h);
}

SvalId FunctionAnalysis::enclosing_value(const State &s, const std::string &key, size_t *at) const {
  for (size_t end = key.size(); end > key_base_end(key);) {
    const size_t cut = key.find_last_of(".[+", end - 1);
    if (cut == std::string::npos || cut < key_base_end(key) || (key[0] == 'S' && key[cut] == '+'))
      break; // (p[1] is beside *p, not inside it)
    if (const SvalId outer = read_memory(s, key.substr(0, cut))) {
      if (at)
        *at = cut;
      return outer;
    }
    end = cut;
  }
  return 0;
}

SvalId FunctionAnalysis::blob_read(const State &s, const std::string &key) {
  const SvalId own = read_memory(s, key);
  if (own)
    return m_svals[own].kind == SK::Blob ? own : 0;
  size_t at = 0;
  SvalId outer = enclosing_value(s, key, &at);
  if (!outer && key[0] == 'S' && key_base_end(key) < key.size() && key[key_base_end(key)] == '+') {
    // p[1] lies beside *p, but inside what a call filled from p on.
    at = key_base_end(key);
    outer = read_memory(s, key.substr(0, at));
  }
  if (!outer || m_svals[outer].kind != SK::Blob)
    return 0;
  return m_svals.get(SK::Part, m_svals.string_id(key.substr(at)), 0, outer);
}

SvalId FunctionAnalysis::fill_pointee(uint8_t checker, SvalId v) {
  const std::string key = pointee_key(v);
  if (key.empty())
    return 0;
  const SvalId blob = m_svals.get(SK::Blob, m_step_uid, m_svals.string_id(key));
  m_fills.push_back({key, blob, checker, 0});
  m_any_fill = true;
  return blob;
}

SvalId FunctionAnalysis::blob_under(const State &s, const Place &p) {
  std::string key;
  if (p.base == PlaceBase::Local)
    key = "L" + std::to_string(local_id(s, p.id));
  else if (p.base == PlaceBase::Deref)
    key = pointee_key(operand_value(s, p.pointer), p.offset);
  return key.empty() ? 0 : blob_read(s, key);
}

std::vector<size_t> FunctionAnalysis::overlapping(const State &s, RegionId r) const {
  std::vector<size_t> out;
  if (!m_regions.has_inner(r)) {
    // (Nothing was ever interned inside r: r's own binding and those of
    // its ancestors, found by climbing rather than by reading them all.)
    auto find = [&](RegionId a) {
      auto it = std::lower_bound(s.memory.begin(), s.memory.end(), a,
                                 [](const auto &m, RegionId k) { return m.first < k; });
      if (it != s.memory.end() && it->first == a)
        out.push_back(static_cast<size_t>(it - s.memory.begin()));
    };
    find(r);
    m_regions.any_enclosing(r, [&](RegionId a) {
      find(a);
      return false;
    });
    std::sort(out.begin(), out.end());
    return out;
  }
  for (size_t k = 0; k < s.memory.size(); ++k)
    if (m_regions.inside(s.memory[k].first, r) || m_regions.inside(r, s.memory[k].first))
      out.push_back(k);
  return out;
}

void FunctionAnalysis::write_region(State &s, RegionId r, SvalId v) {
  // What lay inside r is dropped, and so is what held a place around r
  // (unless it is a whole filled by a call, or zeros): one pass from the
  // first binding hit, keeping the others in order.
  const std::vector<size_t> hit = overlapping(s, r);
  if (!hit.empty()) {
    size_t kept = hit.front(), h = 0;
    for (size_t k = hit.front(); k < s.memory.size(); ++k) {
      const auto &m = s.memory[k];
      bool drop = false;
      if (h < hit.size() && hit[h] == k) {
        ++h;
        const Sval &held = m_svals[m.second];
        drop = m_regions.inside(m.first, r) || (held.kind != SK::Blob && !(held.kind == SK::Const && held.a == 0));
        // (A place around r given a value: its bytes were written, though
        // which value each holds is lost now. Not unwritten storage.)
        if (drop && !m_regions.inside(m.first, r) && !s.uninit.empty() && held.kind != SK::Init)
          set_erase(s.uninit, key_root(rk(m.first)));
      }
      if (!drop)
        s.memory[kept++] = m;
    }
    s.memory.resize(kept);
  }
  set_binding(s.memory, r, v);
  // (What the path knew of an older value there is no longer about the
  // place; it stays about the value read there.)
  for (State::Changed &c : s.changed)
    if (!c.written && m_regions.inside(c.region, r))
      c.written = true;
}

void FunctionAnalysis::escape_value(State &s, SvalId v) {
  v = root_of(v);
  if (!s.uninit.empty())
    set_erase(s.uninit, v); // code elsewhere may write it
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
    const RegionId place = m_regions.find(m_svals.string_at(m_svals[v].a));
    std::vector<SvalId> held;
    for (auto &m : s.memory)
      if (place && m_regions.within(m.first, place) && m_svals[m.second].kind != SK::Aggregate)
        held.push_back(m.second);
    for (SvalId h : held)
      escape_value(s, h);
    return;
  }
  if (v && (is_tracked(s, v) || readonly_param(v)) && !set_contains(s.escaped, v)) {
    set_insert(s.escaped, v); // (a pointer to const parameter: what it points to may now change)
    escape_contents(s, "S" + std::to_string(v)); // ...and so does what is stored in it
  }
}

void FunctionAnalysis::copy_fields(State &s, const std::string &from, const std::string &to, const std::string &to_text) {
  const std::string from_text = memory_text(s, from);
  std::vector<std::tuple<std::string, SvalId, std::string>> fields;
  // A read-only table's entries (a constant configuration passed by value).
  if (from[0] == 'G' && key_base(from) < m_module.symbols.size()) {
    const Symbol &sym = m_module.symbols[key_base(from)];
    // (The entries under the place: ".32" holds ".32.8" and ".32[1]",
    // not ".320".)
    const std::string inner = from.substr(key_base_end(from));
    auto under = [&](const std::string &steps) { return steps.size() > inner.size() && key_within(steps, inner); };
    for (const auto &e : sym.function_table)
      if (under(e.first))
        fields.push_back({to + e.first.substr(inner.size()), m_svals.get(SK::FuncAddr, e.second), ""});
    for (const auto &e : sym.constant_table)
      if (under(e.first))
        fields.push_back({to + e.first.substr(inner.size()), m_svals.get(SK::Const, e.second), ""});
  }
  const RegionId from_r = m_regions.find(from);
  for (auto &m : s.memory)
    if (from_r && m.first != from_r && m_regions.inside(m.first, from_r)) {
      const std::string t = memory_text(s, rk(m.first));
      const bool suffix =
          !from_text.empty() && t.size() > from_text.size() && t.compare(0, from_text.size(), from_text) == 0;
      fields.push_back({to + rk(m.first).substr(from.size()), m.second,
                        suffix && !to_text.empty() ? to_text + t.substr(from_text.size()) : ""});
    }
  clear_memory(s, to);
  for (auto &[key, v, text] : fields) {
    write_memory(s, key, v);
    if (!text.empty())
      m_key_text[text_key(s, key)] = text;
  }
}

std::string FunctionAnalysis::memory_text(const State &s, const std::string &key) const {
  auto it = m_key_text.find(text_key(s, key));
  if (it != m_key_text.end())
    return it->second;
  if (key[0] != 'L' || key_base_end(key) != key.size())
    return "";
  const Local *l = local_of(s, key_base(key));
  return l ? l->name : "";
}

std::string FunctionAnalysis::text_key(const State &s, const std::string &key) const {
  if (key[0] != 'L')
    return key;
  const size_t depth = key_base(key) >> kFrameShift;
  const uint32_t f = depth < s.stack.size() ? s.stack[depth].fn : s.fn;
  return std::to_string(f) + key;
}

bool FunctionAnalysis::laid_out_alike(const State &s, const std::string &key) const {
  const RegionId base = m_regions.find(std::string_view(key).substr(0, key_base_end(key)));
  if (!base)
    return true; // (nothing was ever bound there)
  const std::string shape = key_shape(key);
  bool any = false;
  for (const auto &m : s.memory) {
    if (m_regions.base(m.first) != base || m_svals[m.second].kind == SK::Init)
      continue; // (a read remembered, not a write)
    // (A struct copied in whole, or bytes a call filled: where they end,
    // keys do not say.)
    if (m_svals[m.second].kind == SK::Aggregate || m_svals[m.second].kind == SK::Blob)
      return false;
    any = true;
    if (key_shape(rk(m.first)) == shape)
      return true;
  }
  return !any;
}

bool FunctionAnalysis::union_written(const State &s, const Place &p) {
  Place prefix = p;
  for (size_t k = 0; k < p.path.size(); ++k)
    if (p.path[k].kind == Accessor::Kind::Field && p.path[k].in_union) {
      prefix.path.resize(k + 1);
      const std::string key = local_key(s, prefix);
      return key.empty() || bound_inside(s, key);
    }
  return false;
}

void FunctionAnalysis::written_bytes(const State &s, const CallEvent &call, size_t k, SvalId &root, int64_t &off,
                                      int64_t &n) const {
  n = -1;
  root = constant_offset(call.args[k], off);
  if (!root) {
    // (At an offset not known, anywhere in the object: "p->header +
    // p->pos" is kept flat, as the object's start plus something.)
    root = root_of(call.args[k]);
    off = -1;
    return;
  }
  // How many bytes from off: memset's and memcpy's count, bzero's,
  // snprintf's size.
  const size_t count_arg = libc::named(call.callee, {"memset", "memcpy", "memmove", "mempcpy", "strncpy"}) ? 2
                           : libc::named(call.callee, {"bzero", "explicit_bzero", "snprintf", "vsnprintf"}) ? 1
                                                                                                             : 0;
  if (!count_arg || count_arg >= call.args.size() || !known_value(s, call.args[count_arg], n) || n < 0 || off < 0)
    n = -1;
}

bool FunctionAnalysis::starts_within(RegionId r, int64_t off, int64_t n) const {
  if (off < 0)
    return true;
  const std::string_view steps = m_regions.steps(r);
  if (steps.empty())
    return true; // (the whole object)
  size_t end = 1;
  while (end < steps.size() && steps[end] >= '0' && steps[end] <= '9')
    ++end;
  if ((steps[0] != '[' && steps[0] != '.') || end == 1)
    return true;
  // The first step says where the place starts: a field's byte offset, or
  // an element's index (bytes, in the char arrays these calls mostly fill;
  // in wider ones more is dropped than written, which only forgets).
  const int64_t at = std::stoll(std::string(steps.substr(1, end - 1)));
  return at >= off && (n < 0 || at - off < n);
}

void FunctionAnalysis::clear_written(State &s, const CallEvent &call, size_t k) {
  SvalId root;
  int64_t off, n;
  written_bytes(s, call, k, root, off, n);
  const Sval &r = m_svals[root];
  if (r.kind != SK::LocalAddr && r.kind != SK::GlobalAddr)
    return;
  const RegionId whole = m_regions.find((r.kind == SK::LocalAddr ? "L" : "G") + std::to_string(r.a));
  if (!whole)
    return;
  if (n < 0)
    return unbind_inside(s.memory, m_regions, whole);
  s.memory.erase(std::remove_if(s.memory.begin(), s.memory.end(),
                                [&](const auto &m) { return m_regions.base(m.first) == whole && starts_within(m.first, off, n); }),
                 s.memory.end());
}

} // namespace pathwise::detail
