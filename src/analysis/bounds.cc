// Bounds: a load or store whose bytes lie outside the object it is in
// (GCC 13's out-of-bounds warning). Reported only where the path fixes it:
// every offset the access may have on this path is past the end (or before
// the start), measured against the object's extent (extents.cc).
// SPDX-License-Identifier: GPL-3.0-or-later
#include "analysis/analysis.h"

namespace pathwise::detail {

namespace {

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

bool FunctionAnalysis::operand_range(const State &s, const Operand &o, int64_t &lo, int64_t &hi, int depth) {
  if (o.kind == OpKind::Int) {
    lo = hi = o.value;
    return true;
  }
  if (!o.is_temp() || depth > 4 || o.id >= fn().temps.size())
    return false;
  const Type &t = fn().temps[o.id].type;
  if (t.kind != TypeKind::Int || t.bits == 0 || t.bits > 64)
    return false;
  range_of(s, operand_value(s, o), lo, hi);
  // Within its type (a 64-bit offset read as signed).
  if (t.bits < 64) {
    const int64_t tmin = t.is_signed ? -(int64_t{1} << (t.bits - 1)) : 0;
    const int64_t tmax = t.is_signed ? (int64_t{1} << (t.bits - 1)) - 1 : (int64_t{1} << t.bits) - 1;
    lo = std::max(lo, tmin);
    hi = std::min(hi, tmax);
  }
  // ...and what it was computed from.
  const Instruction *def = o.id < m_cur->defs.size() ? m_cur->defs[o.id] : nullptr;
  int64_t xlo, xhi;
  if (def && def->opcode == Opcode::Unary && def->op == OpName::Conv && def->operands[0].is_temp()) {
    const Type &from = fn().temps[def->operands[0].id].type;
    // (A conversion to as many bits or more keeps a signed value, and an
    // unsigned one into more bits.)
    const bool keeps = from.kind == TypeKind::Int &&
                       (from.bits < t.bits || (from.bits == t.bits && from.is_signed == t.is_signed) ||
                        (t.bits == 64 && from.bits == 64));
    if (keeps && operand_range(s, def->operands[0], xlo, xhi, depth + 1)) {
      lo = std::max(lo, xlo);
      hi = std::min(hi, xhi);
      if (t.bits == 64 && from.bits < 64) { // (its own range, as unsigned, said nothing)
        lo = xlo;
        hi = xhi;
      }
    }
  } else if (def && def->opcode == Opcode::Binary && (def->op == OpName::Mul || def->op == OpName::Shl) &&
             def->operands[1].kind == OpKind::Int && def->operands[1].value >= 0 &&
             operand_range(s, def->operands[0], xlo, xhi, depth + 1)) {
    const int64_t k = def->op == OpName::Mul ? def->operands[1].value
                      : def->operands[1].value < 32 ? int64_t{1} << def->operands[1].value
                                                    : 0;
    int64_t plo, phi;
    if (k > 0 && !__builtin_mul_overflow(xlo, k, &plo) && !__builtin_mul_overflow(xhi, k, &phi)) {
      lo = t.bits == 64 ? plo : std::max(lo, plo);
      hi = t.bits == 64 ? phi : std::min(hi, phi);
    }
  } else if (def && def->opcode == Opcode::Binary && (def->op == OpName::Add || def->op == OpName::Sub) &&
             def->operands[1].kind == OpKind::Int && operand_range(s, def->operands[0], xlo, xhi, depth + 1)) {
    // x + k, x - k: moved by k (a 64-bit sum read as signed, as pointer
    // arithmetic takes it; a narrower one where it cannot wrap).
    const int64_t k = def->operands[1].value;
    int64_t plo, phi;
    const bool sub = def->op == OpName::Sub;
    if (!(sub ? __builtin_sub_overflow(xlo, k, &plo) : __builtin_add_overflow(xlo, k, &plo)) &&
        !(sub ? __builtin_sub_overflow(xhi, k, &phi) : __builtin_add_overflow(xhi, k, &phi))) {
      if (t.bits == 64) {
        lo = plo;
        hi = phi;
      } else if (plo >= lo && phi <= hi) { // (inside the type: no wrap)
        lo = plo;
        hi = phi;
      }
    }
  }
  return lo != INT64_MIN && hi != INT64_MAX && lo <= hi;
}

bool FunctionAnalysis::offset_stays_inside(const State &s, const Operand &ptr, const Operand &off) {
  int64_t base_off, lo, hi, capacity;
  const SvalId root = constant_offset(operand_value(s, ptr), base_off);
  Memory memory;
  std::string name;
  if (!root || !operand_range(s, off, lo, hi))
    return false;
  if (!object_bounds(s, root, capacity, memory, name)) {
    // An object this unit does not know the size of ("extern const char
    // table[];" indexed from its middle by a signed char): an offset its
    // type bounds to a byte's values, a step of an element each, shows
    // nothing leaving it.
    const Type &pt = ptr.is_temp() ? fn().temps[ptr.id].type : ptr.type;
    const int64_t step = pt.kind == TypeKind::Ptr && pt.pointee > 0 ? pt.pointee : 1;
    int64_t span;
    return !__builtin_sub_overflow(hi, lo, &span) && span < 256 * step;
  }
  return !__builtin_add_overflow(base_off, lo, &lo) && !__builtin_add_overflow(base_off, hi, &hi) && lo >= 0 &&
         hi < capacity;
}

bool FunctionAnalysis::index_stays_inside(const State &s, const Place &p, const Accessor &index) {
  // (An array indexed directly: $tab[i], @tab[i].)
  if (p.path.size() != 1 || index.elem_size <= 0 || (p.base != PlaceBase::Local && p.base != PlaceBase::Global))
    return false;
  int64_t lo, hi, capacity;
  Memory memory;
  std::string name;
  const SvalId root = place_root(s, p);
  return root && operand_range(s, index.index, lo, hi) && object_bounds(s, root, capacity, memory, name) &&
         lo >= 0 && hi < capacity / index.elem_size;
}

SvalId FunctionAnalysis::constant_offset(SvalId v, int64_t &off) const {
  off = 0;
  while (m_svals[v].kind == SK::Offset) {
    if (m_svals[v].a == kUnknownOffset || __builtin_add_overflow(off, m_svals[v].a, &off))
      return 0;
    v = m_svals[v].base;
  }
  return v;
}

bool FunctionAnalysis::access_range(const State &s, const Place &p, SvalId &root, int64_t &lo, int64_t &hi) {
  root = 0;
  lo = hi = 0;
  switch (p.base) {
  case PlaceBase::Local: root = m_svals.get(SK::LocalAddr, local_id(s, p.id)); break;
  case PlaceBase::Global: root = m_svals.get(SK::GlobalAddr, p.id); break;
  case PlaceBase::Str: root = operand_value(s, p.pointer); break;
  case PlaceBase::Deref: {
    root = constant_offset(operand_value(s, p.pointer), lo);
    if (!root || __builtin_add_overflow(lo, p.offset, &lo))
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

bool FunctionAnalysis::check_bounds(const State &s, const Place &p, bool write, const Loc &loc) {
  // (Not on a path that assumed how a loop's test came out, or dropped
  // facts: its offsets may be ones no run has.)
  if (p.size <= 0 || s.loop_assumed || s.approximate)
    return false;
  // The object (its root value) and the byte offset range [lo, hi] of the
  // access in it.
  SvalId root;
  int64_t lo, hi;
  if (!access_range(s, p, root, lo, hi))
    return check_symbolic_end(s, p, write, loc);
  // (An array indexed directly: the note says which subscripts it has.)
  const int64_t elem = p.path.size() == 1 && p.path[0].kind == Accessor::Kind::Index ? p.path[0].elem_size : 0;
  return report_outside(s, root, lo, hi, p.size, write, elem, loc);
}

SvalId FunctionAnalysis::ssa_value(const State &s, const Operand &o, int depth) {
  if (!o.is_temp())
    return operand_value(s, o);
  if (const SvalId v = s.temp(o.id))
    return v;
  if (depth > 4 || o.id >= m_cur->defs.size())
    return 0;
  // A parameter of the analysed function holds its incoming value.
  if (s.stack.empty() && m_cur->index == m_entry)
    for (size_t k = 0; k < fn().params.size(); ++k)
      if (fn().params[k] == o.id)
        return incoming_value(k);
  const Instruction *def = m_cur->defs[o.id];
  if (!def)
    return 0;
  const Type &t = fn().temps[o.id].type;
  // x * c in 64 bits, as step makes it (see OpConst).
  if (def->opcode == Opcode::Binary && def->op == OpName::Mul && def->operands[1].kind == OpKind::Int &&
      def->operands[1].value > 0 && t.kind == TypeKind::Int && (t.bits >= 64 || t.is_signed)) {
    const SvalId x = ssa_value(s, def->operands[0], depth + 1);
    return x && derivable(x) ? m_svals.get(SK::OpConst, def->operands[1].value, static_cast<int64_t>(OpName::Mul), x)
                             : 0;
  }
  // x + c and x - c, as step makes them.
  if (def->opcode == Opcode::Binary && (def->op == OpName::Add || def->op == OpName::Sub) &&
      def->operands[1].kind == OpKind::Int && t.kind == TypeKind::Int) {
    const SvalId x = ssa_value(s, def->operands[0], depth + 1);
    const int64_t c = def->op == OpName::Add ? def->operands[1].value : -def->operands[1].value;
    return x && derivable(x) ? plus_value(x, c, plus_type(t.bits, t.is_signed)) : 0;
  }
  // A conversion between 64-bit integers keeps the bits.
  if (def->opcode == Opcode::Unary && def->op == OpName::Conv && def->operands[0].is_temp() &&
      t.kind == TypeKind::Int && t.bits == 64 && fn().temps[def->operands[0].id].type.kind == TypeKind::Int &&
      fn().temps[def->operands[0].id].type.bits == 64)
    return ssa_value(s, def->operands[0], depth + 1);
  return 0;
}

bool FunctionAnalysis::check_symbolic_end(const State &s, const Place &p, bool write, const Loc &loc) {
  if (p.base != PlaceBase::Deref || p.offset != 0)
    return false;
  // The object, and the access's offset as a value: in elements of size
  // elem (p[i]), or in bytes (*(p + n), n bytes past p; elem 1).
  SvalId root = 0, offset = 0;
  int64_t elem = 0;
  std::string index;
  if (p.path.size() == 1 && p.path[0].kind == Accessor::Kind::Index) {
    root = operand_value(s, p.pointer);
    offset = operand_value(s, p.path[0].index);
    elem = p.path[0].elem_size;
    index = m_cur->namer.operand(p.path[0].index);
  } else if (p.path.empty() && p.pointer.is_temp() && p.pointer.id < m_cur->defs.size() && m_cur->defs[p.pointer.id]) {
    // (SSA: the operands of the pointer's definition still hold what they
    // held then, where they are still bound.)
    const Instruction &def = *m_cur->defs[p.pointer.id];
    if (def.opcode != Opcode::Binary || def.op != OpName::PtrAdd)
      return false;
    root = ssa_value(s, def.operands[0]);
    // (A pointer an allocation returned, no longer bound: the object the
    // sum points into is that allocation.)
    if (!root && def.operands[0].is_temp() && def.operands[0].id < m_cur->defs.size() &&
        m_cur->defs[def.operands[0].id] && allocation_call(*m_cur->defs[def.operands[0].id]))
      root = root_of(operand_value(s, p.pointer));
    offset = ssa_value(s, def.operands[1]);
    elem = 1;
    index = m_cur->namer.operand(def.operands[1]);
  }
  const SvalId size = root ? extent(s, root) : 0;
  if (elem <= 0 || (p.size > elem && elem != 1) || !size || m_svals[root].kind == SK::Offset)
    return false;
  // In bytes, the access's end and the object's size, each m * X + b for
  // one X (a size, so X >= 0): past the end whatever X is when the end's
  // m and b are at least the size's and its b beyond ("p[n]" after
  // malloc (n * 4), "buf[size]" of alloca (4 * size + 3), "*(buf + 4 * n)"
  // of 4 * n bytes).
  SvalId at_base, size_base;
  int64_t at_mul, at_add, size_mul, size_add, end_add;
  linear_form(offset, at_base, at_mul, at_add);
  linear_form(size, size_base, size_mul, size_add);
  if (at_base != size_base || m_svals[size_base].kind == SK::Const || __builtin_mul_overflow(at_mul, elem, &at_mul) ||
      __builtin_mul_overflow(at_add, elem, &at_add) || __builtin_add_overflow(at_add, p.size, &end_add) ||
      at_mul < size_mul || end_add <= size_add)
    return false;
  const Memory memory = stack_allocation(root) ? Memory::Stack : Memory::Heap;
  const Warning &w = oob_warning(memory, write, true);
  if (m_opts.disabled.count(w.name))
    return false;
  // The size in the offset's units where it divides ("'n' elements").
  const bool in_elements = elem > 1 && size_mul % elem == 0 && size_add % elem == 0;
  SvalId count = size;
  if (in_elements && m_svals[size].kind == SK::OpConst && static_cast<OpName>(m_svals[size].b) == OpName::Mul &&
      m_svals[size].a == elem)
    count = m_svals[size].base;
  else if (elem > 1)
    count = 0;
  const std::string n = count ? text_of_value(s, count) : "";
  std::string capacity = text_of_value(s, size);
  if (capacity.empty() && count && !n.empty())
    capacity = elem == 1 ? n : n + " * " + std::to_string(elem);
  const char *verb = write ? "write" : "read";
  const std::string event =
      std::string("out-of-bounds ") + verb + " at " + (elem == 1 ? "byte " : "element ") +
      (index.empty() ? "past the end" : quote_expr(index)) + " but the region has " +
      (count && !n.empty() ? quote_expr(n) + (elem == 1 ? " bytes" : " elements")
                           : capacity.empty() ? "fewer bytes" : quote_expr(capacity) + " bytes");
  const std::string note = write ? "write of " + bytes(p.size) + " to beyond the end of the region"
                                 : "read of " + bytes(p.size) + " from after the end of the region";
  // (Its picture, where the access's start is a constant distance from
  // the end.)
  std::shared_ptr<AccessDiagram> picture;
  if (!capacity.empty() && at_mul == size_mul) {
    picture = std::make_shared<AccessDiagram>(diagram_of(s, root, memory, "", write));
    picture->capacity_text = capacity;
    picture->element = elem;
    picture->start = at_add - size_add;
    picture->size = p.size;
  }
  m_pending.push_back({&w, 0, 0, "", loc, m_cur->index, m_depth, m_cur_node, *m_cur_events, {}, 0, {loc, note},
                       event, "", {}, {}, std::move(picture)});
  return true;
}

void FunctionAnalysis::check_copy_past_length(const State &s, const CallEvent &call, const Loc &loc) {
  // The source is a string this function cannot have changed since its
  // length was taken: a literal, a global nothing writes, or what a
  // pointer-to-const parameter points to, not escaped (as strlen's results
  // agree: pure_result).
  const SvalId src = call.args[1];
  const Sval &sv = m_svals[src];
  const bool unchanged =
      sv.kind == SK::StrAddr || (sv.kind == SK::Param && readonly_param(src) && !set_contains(s.escaped, src)) ||
      (sv.kind == SK::GlobalAddr && static_cast<size_t>(sv.a) < m_summary.stable.size() &&
       m_summary.stable[static_cast<size_t>(sv.a)]);
  const int strlen_sym = m_module.find_symbol("strlen");
  int64_t off;
  const SvalId root = constant_offset(call.args[0], off);
  const SvalId size = root ? extent(s, root) : 0;
  if (!unchanged || strlen_sym < 0 || !size || off < 0)
    return;
  // The destination holds strlen (src) + add bytes from where the copy
  // starts: the copy writes strlen (src) + 1, past the end for any length
  // when add - off < 1 ("malloc (strlen (s))" without the "+ 1").
  const SvalId length = m_svals.get(SK::Pure, strlen_sym, m_svals.list_id({src}));
  SvalId base;
  int64_t mul, add;
  linear_form(size, base, mul, add);
  if (base != length || mul != 1 || add - off >= 1)
    return;
  const Memory memory = stack_allocation(root) ? Memory::Stack : Memory::Heap;
  const Warning &w = oob_warning(memory, true, true);
  if (m_opts.disabled.count(w.name))
    return;
  const int64_t over = 1 - (add - off);
  const std::string capacity = text_of_value(s, size);
  const std::string event = "out-of-bounds write of the string's " + std::string("terminating NUL") +
                            " but the region has " + (capacity.empty() ? "only the string's length" : quote_expr(capacity) + " bytes");
  const std::string note = "write of " + bytes(over) + " to beyond the end of the region";
  m_pending.push_back({&w, 0, 0, "", loc, m_cur->index, m_depth, m_cur_node, *m_cur_events, {}, 0, {loc, note},
                       event, "", {}, {}, nullptr});
}

void FunctionAnalysis::linear_form(SvalId v, SvalId &base, int64_t &mul, int64_t &add) const {
  split_plus(v, base, add);
  mul = 1;
  const Sval &b = m_svals[base];
  if (b.kind == SK::OpConst && static_cast<OpName>(b.b) == OpName::Mul) {
    mul = b.a;
    base = b.base;
  }
}

int FunctionAnalysis::multiple_by_form(const Operand &o, int64_t elem, int depth) const {
  if (o.kind == OpKind::Int)
    return o.value % elem == 0 ? 1 : 0;
  const Instruction *d = o.is_temp() && o.id < m_cur->defs.size() ? m_cur->defs[o.id] : nullptr;
  // (Integer arithmetic only: a floating-point product is no multiple.)
  if (!d || depth > 8 || !d->result || m_cur->fn->temps[d->result].type.kind != TypeKind::Int)
    return -1;
  if ((d->opcode == Opcode::Copy || (d->opcode == Opcode::Unary && d->op == OpName::Conv)) && d->operands.size() == 1)
    return multiple_by_form(d->operands[0], elem, depth + 1);
  if (d->opcode != Opcode::Binary || d->operands.size() != 2)
    return -1;
  const int a = multiple_by_form(d->operands[0], elem, depth + 1);
  const int b = multiple_by_form(d->operands[1], elem, depth + 1);
  // A product with a multiple is one; with a constant that is not, and no
  // multiple, it is not taken for one ("n * 2": the size of the wrong
  // type, as GCC judges).
  if (d->op == OpName::Mul)
    return a == 1 || b == 1 ? 1 : a == 0 || b == 0 ? 0 : -1;
  // A multiple plus or minus one is one; plus a number that is not, it is
  // not ("n * 4 + 3"). A sum with a part of unknown form is not judged
  // ("nByte + 8": a header before a payload whose size is not ours to
  // know), where GCC warns.
  if (d->op == OpName::Add || d->op == OpName::Sub)
    return a == 1 && b == 1 ? 1 : (a == 1 && b == 0) || (a == 0 && b == 1) ? 0 : -1;
  return -1;
}

void FunctionAnalysis::check_allocation_size(const State &s, SvalId size, const Type &t, const Loc &loc,
                                             const Loc &allocated_at, const std::string &size_text,
                                             const Operand *size_operand) {
  if (t.kind != TypeKind::Ptr || s.approximate || m_opts.disabled.count(kAllocationSize.name))
    return;
  // Allocated here and given to the pointer at once, or allocated (or
  // declared) elsewhere and given to it by a cast.
  auto report = [&](const std::string &amount, const std::string &elements, const std::string &why) {
    if (!allocated_at.known() || (allocated_at.line == loc.line && allocated_at.col == loc.col))
      m_pending.push_back({&kAllocationSize, 0, 0, "", loc, m_cur->index, m_depth, m_cur_node, *m_cur_events, {}, 0,
                           {loc, why}, "allocated " + amount + " here and assigned to " + elements, "", {}});
    else
      m_pending.push_back({&kAllocationSize, 0, 0, "", loc, m_cur->index, m_depth, m_cur_node, *m_cur_events,
                           {allocated_at, "allocated " + amount + " here"}, 0, {loc, why},
                           "assigned to " + elements + " here", "", {}});
  };
  int64_t bytes_asked = 0;
  const bool constant = known_value(s, size, bytes_asked);
  // A struct: a constant size too small for even one of it ("struct big
  // *p = malloc (4)").
  if (t.pointee_record > 1 && constant && bytes_asked > 0 && bytes_asked < t.pointee_record)
    return report(bytes(bytes_asked), "a pointer to a struct or union of " + bytes(t.pointee_record),
                  bytes(bytes_asked) + " cannot hold one object of " + bytes(t.pointee_record));
  if (t.pointee <= 1)
    return;
  // Scalars: the size must be a whole number of them. A constant is
  // judged by its value; another size by its form (multiple_by_form): a
  // product with a constant that is not a multiple ("n * 2") or a
  // multiple plus a remainder ("n * 4 + 3") is reported, an unknown size
  // or one of unknown form ("n + 4") is not.
  std::string amount;
  if (constant) {
    if (bytes_asked <= 0 || bytes_asked % t.pointee == 0)
      return;
    amount = bytes(bytes_asked);
  } else {
    if (size_operand) {
      // As the source computes it ("n * 2", "n + 4").
      if (multiple_by_form(*size_operand, t.pointee) != 0)
        return;
    } else {
      // The same judgement of the value: "n * 2", or "n * 4 + 3".
      auto product = [&](const Sval &v) { return v.kind == SK::OpConst && v.b == static_cast<int64_t>(OpName::Mul); };
      const Sval &v = m_svals[size];
      const bool odd_product = product(v) && v.a % t.pointee != 0;
      const bool odd_sum = v.kind == SK::Plus && v.a % t.pointee != 0 && product(m_svals[v.base]) &&
                           m_svals[v.base].a % t.pointee == 0;
      if (!odd_product && !odd_sum)
        return;
    }
    amount = quote_expr(size_text.empty() ? text_of_value(s, size) : size_text) + " bytes";
  }
  report(amount, "a pointer to elements of " + bytes(t.pointee),
         constant ? std::to_string(bytes_asked) + " is not a multiple of " + std::to_string(t.pointee)
                  : amount + " is not known to be a multiple of " + std::to_string(t.pointee));
}

void FunctionAnalysis::check_cast_size(const State &s, SvalId v, const Operand &src, const Type &t, const Loc &loc) {
  // (A pointer already of this type was checked where it got its value.)
  if (t.kind != TypeKind::Ptr || (t.pointee <= 1 && t.pointee_record <= 1) ||
      (src.is_temp() && src.id < fn().temps.size() && fn().temps[src.id].type.pointee == t.pointee &&
       fn().temps[src.id].type.pointee_record == t.pointee_record))
    return;
  int64_t off;
  const SvalId root = constant_offset(v, off);
  if (!root || off != 0)
    return;
  const Sval &r = m_svals[root];
  if (r.kind == SK::LocalAddr || r.kind == SK::GlobalAddr) {
    // A declared object of scalars' size or larger, its start cast.
    int64_t capacity;
    Memory memory;
    std::string name;
    if (!object_bounds(s, root, capacity, memory, name))
      return;
    Loc declared;
    if (r.kind == SK::LocalAddr)
      if (const Local *l = local_of(s, static_cast<uint64_t>(r.a)))
        declared = l->loc;
    // (Not against a struct's size: a declared object cast to a struct
    // pointer is reinterpreted on purpose far more often than by mistake,
    // like sqlite's one-byte "fake cursor" read only for its first field.)
    Type scalars = t;
    scalars.pointee_record = 0;
    return check_allocation_size(s, m_svals.get(SK::Const, capacity), scalars, loc, declared.known() ? declared : loc);
  }
  // An allocation: where the call made it.
  const SvalId size = extent(s, root);
  if (!size)
    return;
  Loc at;
  if (r.kind == SK::Conjured)
    if (const Instruction *made = m_infos.instruction(static_cast<uint32_t>(r.a)))
      at = made->loc;
  check_allocation_size(s, size, t, loc, at.known() ? at : loc);
}

void FunctionAnalysis::check_overlap(const State &s, const CallEvent &call, const Loc &loc) {
  if (call.args.size() < 2 || !libc::copies_between(call.callee))
    return;
  // Both pointers into one object at offsets the path fixes.
  int64_t d, o;
  const SvalId dst = constant_offset(call.args[0], d), src = constant_offset(call.args[1], o);
  if (!dst || dst != src || dst == kUnknownSval || m_svals[dst].kind == SK::Const)
    return;
  // The same byte: they overlap whatever is copied. Else with a count
  // (memcpy's, strncpy's): [d, d + n) and [o, o + n) share a byte. (A
  // string's length is not known here.)
  int64_t n = 0;
  if (d != o && (call.args.size() < 3 || !known_value(s, call.args[2], n) || d >= o + n || o >= d + n))
    return;
  const std::string f(call.callee);
  const bool mem = f.find("mem") != std::string::npos;
  m_pending.push_back({&kOverlapping, 0, 0, "", loc, m_cur->index, m_depth, m_cur_node, *m_cur_events, {}, 0,
                       {loc, mem ? "use %<memmove%> instead of %<" + f + "%> with overlapping buffers" : ""}, f, "",
                       {}});
}

void FunctionAnalysis::check_call_bounds(const State &s, const CallEvent &call, const Loc &loc) {
  if (s.loop_assumed || s.approximate)
    return;
  check_overlap(s, call, loc);
  const std::string_view f = call.callee;
  auto arg = [&](size_t k, int64_t &out) { return k < call.args.size() && known_value(s, call.args[k], out); };
  // Each buffer argument a call reads or writes, and how many bytes.
  auto touch = [&](size_t buffer, int64_t count, bool write) {
    if (buffer >= call.args.size() || count <= 0)
      return;
    int64_t off;
    if (const SvalId root = constant_offset(call.args[buffer], off))
      report_outside(s, root, off, off, count, write, 0, loc);
  };
  auto named = [&](std::initializer_list<std::string_view> names) { return libc::named(f, names); };
  int64_t n = 0, m = 0;
  if (named({"memset"}) && arg(2, n)) {
    touch(0, n, true);
  } else if (named({"memcpy", "memmove", "mempcpy"}) && arg(2, n)) {
    touch(0, n, true);
    touch(1, n, false);
  } else if (named({"bzero", "explicit_bzero"}) && arg(1, n)) {
    touch(0, n, true);
  } else if (named({"memcmp", "bcmp"}) && arg(2, n)) {
    touch(0, n, false);
    touch(1, n, false);
  } else if (named({"strncpy"}) && arg(2, n)) {
    touch(0, n, true); // (it pads with NULs up to n)
  } else if (named({"strcpy", "stpcpy"}) && call.args.size() == 2) {
    // A string the path knows copied: its bytes and terminator.
    std::string src;
    if (known_string(s, call.args[1], src))
      touch(0, static_cast<int64_t>(src.size()) + 1, true);
    else
      check_copy_past_length(s, call, loc);
  } else if (named({"strcat", "strncat"}) && call.args.size() >= 2) {
    // ...or appended where the destination's string ends (strncat: at
    // most n of its bytes, then a NUL).
    std::string dst, src;
    int64_t off;
    const SvalId root = constant_offset(call.args[0], off);
    if (root && known_string(s, call.args[0], dst) && known_string(s, call.args[1], src)) {
      int64_t count = static_cast<int64_t>(src.size());
      if (named({"strncat"}) && (!arg(2, n) || n < 0))
        return;
      if (named({"strncat"}))
        count = std::min(count, n);
      report_outside(s, root, off + static_cast<int64_t>(dst.size()), off + static_cast<int64_t>(dst.size()),
                     count + 1, true, 0, loc);
    }
  } else if (named({"sprintf"}) && call.args.size() >= 2 && formatted_length(s, call, 1, m)) {
    touch(0, m + 1, true); // (the text and its NUL)
  } else if (named({"snprintf"}) && arg(1, n) && n > 0 && formatted_length(s, call, 2, m)) {
    touch(0, std::min(m + 1, n), true); // (at most n, the NUL among them)
  } else if (named({"gets"}) && !call.args.empty()) {
    // Any line long enough overflows: the caller cannot bound it.
    int64_t off, capacity;
    Memory memory;
    std::string name;
    const SvalId root = constant_offset(call.args[0], off);
    if (root && off >= 0 && object_bounds(s, root, capacity, memory, name) && off < capacity)
      report_outside(s, root, off, off, capacity - off + 1, true, 0, loc,
                     quote_expr("gets") + " writes as many bytes as the line it reads: a line of " + bytes(capacity - off) +
                         " or more overflows " + (name.empty() ? std::string("the region") : quote_expr(name)));
  } else if (named({"fgets"}) && arg(1, n)) {
    touch(0, n, true); // (a line long enough fills all n)
  } else if (named({"fread"}) && arg(1, n) && arg(2, m) && !__builtin_mul_overflow(n, m, &n)) {
    touch(0, n, true);
  } else if (named({"read", "recv"}) && arg(2, n)) {
    touch(1, n, true);
  } else if (call.sized_buffers) {
    // A function declared with access (MODE, N, S): it reads or writes S
    // elements of buffer N (read_write: reads them first).
    for (const ir::Symbol::SizedBuffer &b : *call.sized_buffers)
      if (b.buffer >= 1 && b.size >= 1 && arg(b.size - 1, n) && n > 0 &&
          !__builtin_mul_overflow(n, static_cast<int64_t>(b.elem), &n))
        touch(b.buffer - 1, n, b.write && !b.read);
  }
}

bool FunctionAnalysis::object_bounds(const State &s, SvalId root, int64_t &capacity, Memory &memory,
                                     std::string &name) {
  // The object's size, and what kind of memory it is.
  const Sval &r = m_svals[root];
  capacity = 0;
  memory = Memory::Other;
  name.clear(); // (the declared object's)
  switch (r.kind) {
  case SK::LocalAddr: {
    const Local *l = local_of(s, static_cast<uint64_t>(r.a));
    if (!l)
      return false;
    capacity = static_cast<int64_t>(l->type.size);
    memory = Memory::Stack;
    name = l->name;
    break;
  }
  case SK::GlobalAddr: {
    if (static_cast<size_t>(r.a) >= m_module.symbols.size())
      return false;
    const Symbol &sym = m_module.symbols[static_cast<size_t>(r.a)];
    capacity = static_cast<int64_t>(sym.type.size);
    name = Module::source_name(sym.name);
    break;
  }
  case SK::StrAddr: capacity = static_cast<int64_t>(m_svals.string_at(r.a).size()) + 1; break;
  default: {
    const SvalId extent_size = extent(s, root);
    if (!extent_size || !known_value(s, extent_size, capacity))
      return false;
    // (alloca's and a VLA's memory is on the stack.)
    memory = stack_allocation(root) ? Memory::Stack : Memory::Heap;
    break;
  }
  }
  // (Not a compiler temporary, nor an object of unknown size; an
  // allocation of 0 bytes, malloc (n) where the path found n is 0, is one
  // no byte of which may be touched, but a declared one of 0 bytes is a
  // GNU zero-length array whose bytes are beyond it, and realloc (p, 0)
  // is undefined in C23, a free in glibc.)
  if (capacity == 0 && memory == Memory::Heap) {
    const Instruction *made = made_by(root);
    return made && allocation_call(*made);
  }
  return capacity > 0 && !(name.size() > 1 && name.compare(0, 2, "D.") == 0);
}

bool FunctionAnalysis::report_outside(const State &s, SvalId root, int64_t lo, int64_t hi, int64_t size, bool write,
                                      int64_t elem, const Loc &loc, const std::string &origin) {
  int64_t capacity;
  Memory memory;
  std::string name;
  // (A write into a string literal is wrong whatever its bounds: that is
  // write-to-string-literal's.)
  if ((write && m_svals[root].kind == SK::StrAddr) || !object_bounds(s, root, capacity, memory, name))
    return false;
  int64_t end;
  if (__builtin_add_overflow(lo, size, &end))
    return false;
  // (An access wider than the object, from before its start to past its
  // end, is both: each side reported, as GCC does.)
  bool reported = false;
  for (const bool after : {true, false}) {
    if (after ? end <= capacity : hi >= 0)
      continue;
    const Warning &w = oob_warning(memory, write, after);
    if (m_opts.disabled.count(w.name))
      continue;
    const std::string what = name.empty() ? "the region" : quote_expr(name);
    const char *verb = write ? "write" : "read";
    std::string event, note;
    // Where the bytes start and end ("at byte N" for one).
    auto span = [&](int64_t first) {
      return size == 1 ? " at byte " + std::to_string(first)
                       : " from byte " + std::to_string(first) + " till byte " + std::to_string(first + size - 1);
    };
    if (after) {
      // The first access past the end on this path: where its bytes start
      // and end, and how many of them are outside.
      event = std::string("out-of-bounds ") + verb + span(lo) + " but " + what + " ends at byte " +
              std::to_string(capacity);
      const int64_t bad = std::min<int64_t>(size, end - capacity);
      note = write ? "write of " + bytes(bad) + " to beyond the end of " + what
                   : "read of " + bytes(bad) + " from after the end of " + what;
    } else {
      event = std::string("out-of-bounds ") + verb + span(hi) + " but " + what + " starts at byte 0";
      const int64_t bad = std::min<int64_t>(size, -hi);
      note = write ? "write of " + bytes(bad) + " to before the start of " + what
                   : "read of " + bytes(bad) + " from before the start of " + what;
    }
    std::vector<Origin> more;
    if (elem > 0 && !name.empty() && capacity % elem == 0)
      more.push_back({loc, "valid subscripts for " + what + " are %<[0]%> to %<[" +
                               std::to_string(capacity / elem - 1) + "]%>"});
    auto picture = std::make_shared<AccessDiagram>(diagram_of(s, root, memory, name, write));
    picture->capacity = capacity;
    picture->element = elem;
    picture->start = after ? lo : hi;
    picture->size = size;
    // (Where the object was made, as the path's first event.)
    const Loc made = created_at(s, root);
    m_pending.push_back({&w, 0, 0, "", loc, m_cur->index, m_depth, m_cur_node, *m_cur_events,
                         {made, made.known() ? "capacity: " + bytes(capacity) : ""}, 0, {loc, note}, event, "",
                         std::move(more), {loc, origin}, std::move(picture)});
    reported = true;
  }
  return reported;
}

AccessDiagram FunctionAnalysis::diagram_of(const State &s, SvalId root, Memory memory, const std::string &name,
                                           bool write) {
  AccessDiagram d;
  d.write = write;
  d.buffer = name;
  const Sval &r = m_svals[root];
  switch (r.kind) {
  case SK::LocalAddr:
    if (const Local *l = local_of(s, static_cast<uint64_t>(r.a)))
      d.type = l->type_name;
    break;
  case SK::GlobalAddr:
    if (static_cast<size_t>(r.a) < m_module.symbols.size())
      d.type = m_module.symbols[static_cast<size_t>(r.a)].type_name;
    d.memory = "global";
    break;
  case SK::StrAddr:
    d.memory = "string literal";
    d.type = "char[" + std::to_string(m_svals.string_at(r.a).size() + 1) + "]";
    break;
  default: break;
  }
  if (d.memory.empty())
    d.memory = memory == Memory::Stack ? "stack" : memory == Memory::Heap ? "heap" : "";
  return d;
}

Loc FunctionAnalysis::created_at(const State &s, SvalId root) {
  const Sval &r = m_svals[root];
  if (r.kind == SK::LocalAddr) {
    const Local *l = local_of(s, static_cast<uint64_t>(r.a));
    return l ? l->loc : Loc{};
  }
  if (r.kind == SK::GlobalAddr)
    return static_cast<size_t>(r.a) < m_module.symbols.size() ? m_module.symbols[static_cast<size_t>(r.a)].loc : Loc{};
  if (r.kind == SK::Conjured)
    if (const Instruction *made = m_infos.instruction(static_cast<uint32_t>(r.a)))
      return made->loc;
  return {};
}

void FunctionAnalysis::note_capacity(const State &s, SvalId root, int64_t elem, size_t first) {
  int64_t capacity;
  Memory memory;
  std::string name;
  if (!root || !object_bounds(s, root, capacity, memory, name))
    return;
  const std::string what = name.empty() ? "the region" : quote_expr(name);
  for (size_t k = first; k < m_pending.size(); ++k) {
    Pending &p = m_pending[k];
    const std::string_view w = p.warning->name;
    if (w != "tainted-array-index" && w != "tainted-offset")
      continue;
    p.more_notes.push_back({p.loc, "capacity of " + what + " is " + bytes(capacity)});
    if (elem > 0 && capacity % elem == 0 && !name.empty())
      p.more_notes.push_back({p.loc, "valid subscripts for " + what + " are %<[0]%> to %<[" +
                                         std::to_string(capacity / elem - 1) + "]%>"});
  }
}

bool FunctionAnalysis::unwritten_char(const State &s, SvalId root, int64_t k) {
  const Sval &r = m_svals[root];
  if (r.kind != SK::LocalAddr || !set_contains(s.uninit, root))
    return false;
  const Local *l = local_of(s, static_cast<uint64_t>(r.a));
  // (Arrays of chars only: their keys number bytes.)
  if (!l || !l->named_by_user() ||
      !(l->type_name.rfind("char[", 0) == 0 || l->type_name.rfind("const char[", 0) == 0 ||
        l->type_name.rfind("unsigned char[", 0) == 0 || l->type_name.rfind("signed char[", 0) == 0))
    return false;
  // Nothing bound in it but single chars, none of them byte k.
  const std::string base = "L" + std::to_string(r.a);
  for (const auto &m : s.memory) {
    const std::string &key = rk(m.first);
    if (!key_within(key, base))
      continue;
    // (".j", a byte's key; "[j]" where the element's size was not known.)
    const bool bracket = key.size() > base.size() && key[base.size()] == '[';
    if (key.size() <= base.size() + 1 || (key[base.size()] != '.' && !bracket) || (bracket && key.back() != ']'))
      return false;
    char *end = nullptr;
    const long long j = std::strtoll(key.c_str() + base.size() + 1, &end, 10);
    if (!end || end == key.c_str() + base.size() + 1 || (bracket ? *end != ']' || end + 1 != key.c_str() + key.size()
                                                                 : *end != '\0') ||
        j == k)
      return false;
  }
  return true;
}

bool FunctionAnalysis::known_byte(const State &s, SvalId root, int64_t k, int64_t capacity, int64_t &byte) {
  const Sval &r = m_svals[root];
  if (r.kind == SK::StrAddr) {
    const std::string &text = m_svals.string_at(r.a);
    byte = static_cast<uint64_t>(k) < text.size() ? static_cast<unsigned char>(text[static_cast<size_t>(k)]) : 0;
    return true;
  }
  if (r.kind != SK::LocalAddr && r.kind != SK::GlobalAddr && r.kind != SK::Conjured)
    return false;
  const std::string base = r.kind == SK::Conjured ? "S" + std::to_string(root)
                                                  : (r.kind == SK::LocalAddr ? "L" : "G") + std::to_string(r.a);
  // A char stored there: at its byte's key (".k" in a variable, "+k"
  // beside a pointee's start). (In an array of wider elements an element's
  // key holds the whole element, not byte k: a scan stops at a byte it
  // does not know.)
  RegionId elem = m_regions.find(base + (r.kind == SK::Conjured ? "+" : ".") + std::to_string(k));
  if (!elem)
    elem = m_regions.find(base + "[" + std::to_string(k) + "]");
  if (const SvalId v = elem ? bound_value(s.memory, elem) : 0) {
    int64_t c;
    if (!known_value(s, v, c))
      return false;
    byte = c;
    return true;
  }
  // An array initialized from a literal: its bytes, then zeros. (Or a
  // string copied there: its bytes and NUL, then bytes no scan reaches.)
  const RegionId whole = m_regions.find(base);
  const SvalId v = whole ? bound_value(s.memory, whole) : 0;
  if (!v || m_svals[v].kind != SK::StrAddr || k >= capacity)
    return false;
  // (Anything else bound in the object was written after: a store through
  // a pointer into an allocation leaves the whole's binding, so the whole
  // no longer tells its bytes.)
  if (std::any_of(s.memory.begin(), s.memory.end(),
                  [&](const auto &m) { return m.first != whole && m_regions.base(m.first) == whole; }))
    return false;
  const std::string &text = m_svals.string_at(m_svals[v].a);
  byte = static_cast<uint64_t>(k) < text.size() ? static_cast<unsigned char>(text[static_cast<size_t>(k)]) : 0;
  return true;
}

bool FunctionAnalysis::formatted_length(const State &s, const CallEvent &call, size_t fmt, int64_t &len) {
  std::string format;
  if (fmt >= call.args.size() || !known_string(s, call.args[fmt], format))
    return false;
  len = 0;
  size_t next = fmt + 1; // the next argument a conversion takes
  for (size_t i = 0; i < format.size(); ++i) {
    if (format[i] != '%') {
      ++len;
      continue;
    }
    if (++i >= format.size())
      return false;
    // Length modifiers only (no flags, widths or precisions).
    while (i < format.size() && (format[i] == 'l' || format[i] == 'h' || format[i] == 'z'))
      ++i;
    if (i >= format.size())
      return false;
    const char c = format[i];
    if (c == '%') {
      ++len;
      continue;
    }
    if (next >= call.args.size())
      return false;
    const SvalId arg = call.args[next++];
    int64_t v;
    std::string text;
    if (c == 's' && known_string(s, arg, text))
      len += static_cast<int64_t>(text.size());
    else if (c == 'c')
      len += 1;
    else if ((c == 'd' || c == 'i') && known_value(s, arg, v))
      len += static_cast<int64_t>(std::to_string(v).size());
    else if (c == 'u' && known_value(s, arg, v) && v >= 0)
      len += static_cast<int64_t>(std::to_string(v).size());
    else
      return false; // (a value or a conversion whose text is not known)
  }
  return true;
}

bool FunctionAnalysis::scan_string(const State &s, SvalId root, int64_t off, int64_t capacity, int64_t limit,
                                    int64_t &end, std::string *out) {
  for (end = off; end < capacity && end - off < limit; ++end) {
    int64_t byte;
    if (!known_byte(s, root, end, capacity, byte))
      return false;
    if ((byte & 0xff) == 0)
      return true;
    if (out)
      *out += static_cast<char>(byte & 0xff);
  }
  return true;
}

bool FunctionAnalysis::known_string(const State &s, SvalId ptr, std::string &out) {
  int64_t off, capacity, end;
  Memory memory;
  std::string name;
  const SvalId root = constant_offset(ptr, off);
  out.clear();
  // (Terminated inside the object.)
  return root && off >= 0 && object_bounds(s, root, capacity, memory, name) &&
         scan_string(s, root, off, capacity, INT64_MAX, end, &out) && end < capacity;
}

bool FunctionAnalysis::string_copy_result(const State &s, const CallEvent &call, std::string &key, std::string &text) {
  // (GCC turns strcpy of a literal into a memcpy of its bytes and NUL.)
  const bool copies = libc::named(call.callee, {"memcpy", "memmove", "mempcpy"});
  const bool appends = libc::named(call.callee, {"strcat"});
  if (call.args.size() < 2 || !(copies || appends || libc::named(call.callee, {"strcpy", "stpcpy"})))
    return false;
  std::string tail;
  text.clear();
  int64_t n;
  if (!known_string(s, call.args[1], tail) || (appends && !known_string(s, call.args[0], text)) ||
      (copies && (call.args.size() < 3 || !known_value(s, call.args[2], n) ||
                  n != static_cast<int64_t>(tail.size()) + 1)))
    return false;
  text += tail;
  int64_t off;
  const SvalId root = constant_offset(call.args[0], off);
  if (!root || off < 0)
    return false;
  // Into the middle of a string the object holds (GCC's memcpy for a
  // strcat, at the old string's end): the bytes before stay.
  std::string before;
  if (off > 0 && (appends || !known_string(s, root, before) || static_cast<int64_t>(before.size()) < off))
    return false;
  text = before.substr(0, static_cast<size_t>(off)) + text;
  // (Only a copy that fits: one that overflowed was reported, and what
  // lies past the object is not its.)
  int64_t capacity;
  Memory memory;
  std::string name;
  if (!object_bounds(s, root, capacity, memory, name) || static_cast<int64_t>(text.size()) >= capacity)
    return false;
  const Sval &r = m_svals[root];
  key = r.kind == SK::LocalAddr    ? "L" + std::to_string(r.a)
        : r.kind == SK::GlobalAddr ? "G" + std::to_string(r.a)
        : r.kind == SK::Conjured   ? "S" + std::to_string(root)
                                   : "";
  return !key.empty();
}

bool FunctionAnalysis::check_string_args(const State &s, const CallEvent &call, const Loc &loc) {
  if (s.loop_assumed || s.approximate)
    return false;
  bool uninit = false;
  // The C library's (a function of this module that shares a name is not
  // one), and those declared null_terminated_string_arg.
  std::vector<libc::StringArg> strings;
  if (!call.has_body)
    strings = libc::string_arguments(call.callee);
  const size_t library = strings.size();
  // (Declared with access (MODE, N, S) too: no more than S bytes read.)
  if (call.declared)
    for (uint32_t n : call.declared->string_args)
      if (std::none_of(strings.begin(), strings.end(),
                       [&](const libc::StringArg &a) { return a.arg + 1 == static_cast<int>(n); })) {
        int bound = -1;
        for (const ir::Symbol::SizedBuffer &b : call.declared->sized_buffers)
          if (b.buffer == n && b.size)
            bound = static_cast<int>(b.size) - 1;
        strings.push_back({static_cast<int>(n) - 1, bound});
      }
  for (size_t i = 0; i < strings.size(); ++i) {
    const libc::StringArg &a = strings[i];
    // What the declaration says, told after a report about the argument.
    const size_t reported = m_pending.size();
    auto tell_declared = [&] {
      if (i >= library && m_pending.size() > reported)
        m_pending.back().note = {call.callee_loc, "argument " + std::to_string(a.arg + 1) + " of " +
                                                      quote_expr(std::string(call.callee)) +
                                                      " must be a pointer to a null-terminated string"};
    };
    if (a.arg < 0 || static_cast<size_t>(a.arg) >= call.args.size())
      continue;
    int64_t limit = INT64_MAX; // bytes the call may read at most
    if (a.bound >= 0 && (static_cast<size_t>(a.bound) >= call.args.size() || !known_value(s, call.args[a.bound], limit)))
      continue;
    int64_t off;
    const SvalId root = constant_offset(call.args[static_cast<size_t>(a.arg)], off);
    int64_t capacity;
    Memory memory;
    std::string name;
    if (!root || limit <= 0 || !object_bounds(s, root, capacity, memory, name))
      continue;
    // Inside the object: the bytes the path knows, up to a NUL, the end
    // of the object or the count.
    int64_t k = off;
    const bool inside = off >= 0 && off < capacity;
    const bool known = inside && scan_string(s, root, off, capacity, limit, k, nullptr);
    // A byte the scan reaches that nothing wrote: a char array on the
    // stack never written there ("char buf[16]; strlen (buf)": 'buf[0]').
    const std::string text = call.arg_texts && !call.arg_texts[a.arg].empty() ? call.arg_texts[a.arg] : "<unknown>";
    const std::string looking = "while looking for null terminator for argument " + std::to_string(a.arg + 1) +
                                " (" + quote_expr(text) + ") of " + quote_expr(std::string(call.callee)) + "...";
    if (inside && !known && k < capacity && unwritten_char(s, root, k)) {
      const Local *l = local_of(s, static_cast<uint64_t>(m_svals[root].a));
      const size_t before = m_pending.size();
      report_uninit(s, name + "[" + std::to_string(k) + "]", l ? l->loc : Loc{}, loc);
      if (m_pending.size() > before)
        m_pending.back().last_event = {loc, looking};
      tell_declared();
      uninit = true;
      continue;
    }
    // Reported if the known bytes reach the end (or the pointer is outside).
    if (inside && (!known || k < capacity || k - off >= limit))
      continue;
    report_outside(s, root, k, k, 1, false, 0, loc, looking);
    tell_declared();
  }
  return uninit;
}

} // namespace pathwise::detail
