// Constraints (see constraints.h).
// SPDX-License-Identifier: GPL-3.0-or-later
#include "analysis/constraints.h"

#include <algorithm>

namespace pathwise::detail {

bool Constraints::is_address(SvalId v) const {
  SK k = m_values[v].kind;
  return k == SK::LocalAddr || k == SK::GlobalAddr || k == SK::FuncAddr || k == SK::StrAddr;
}

void Constraints::range_of(const State &s, SvalId v, int64_t &lo, int64_t &hi) const {
  if (m_values[v].kind == SK::Const) {
    lo = hi = m_values[v].a;
    return;
  }
  lo = INT64_MIN;
  hi = INT64_MAX;
  auto it = std::lower_bound(s.constraints.begin(), s.constraints.end(), Constraint{v, true, INT64_MIN, INT64_MIN});
  if (it != s.constraints.end() && it->v == v && it->is_range) {
    lo = it->lo;
    hi = it->hi;
  }
  // (A comparison's own value is 0 or 1.)
  if (m_values[v].kind == SK::Cmp) {
    lo = std::max<int64_t>(lo, 0);
    hi = std::min<int64_t>(hi, 1);
  }
  if (m_values[v].kind == SK::Plus || m_values[v].kind == SK::OpConst) {
    // What is known of the base, moved by the offset (within the type),
    // or divided, shifted, reduced or masked.
    int64_t dlo, dhi;
    if (m_values[v].kind == SK::Plus)
      plus_range(s, v, dlo, dhi);
    else
      op_const_range(s, v, dlo, dhi);
    if (std::max(lo, dlo) <= std::min(hi, dhi)) {
      lo = std::max(lo, dlo);
      hi = std::min(hi, dhi);
    }
  }
}

void Constraints::plus_range(const State &s, SvalId v, int64_t &lo, int64_t &hi) const {
  const Sval &p = m_values[v];
  const uint32_t bits = plus_bits(p.b);
  const bool sgn = plus_signed(p.b);
  const __int128 tmin = sgn ? (bits >= 64 ? INT64_MIN : -(__int128{1} << (bits - 1))) : 0;
  const __int128 tmax = sgn ? (bits >= 64 ? INT64_MAX : (__int128{1} << (bits - 1)) - 1) : (__int128{1} << bits) - 1;
  int64_t blo, bhi;
  range_of(s, p.base, blo, bhi);
  __int128 l = blo == INT64_MIN ? tmin : __int128{blo} + p.a;
  __int128 h = bhi == INT64_MAX ? tmax : __int128{bhi} + p.a;
  if (!sgn && (blo == INT64_MIN || bhi == INT64_MAX || blo < 0 || l < tmin || h > tmax)) {
    l = tmin; // the sum may wrap
    h = tmax;
  }
  l = std::max(l, tmin);
  h = std::min(h, tmax);
  lo = l < INT64_MIN ? INT64_MIN : static_cast<int64_t>(l);
  hi = h > INT64_MAX ? INT64_MAX : static_cast<int64_t>(h);
}

bool Constraints::plus_exact(const State &s, SvalId v) const {
  const Sval &p = m_values[v];
  if (plus_signed(p.b))
    return true;
  int64_t blo, bhi;
  range_of(s, p.base, blo, bhi);
  const __int128 umax = (__int128{1} << plus_bits(p.b)) - 1;
  // (A 64-bit unsigned value not negative is at most INT64_MAX as the
  // path takes it: a small step up from it stays below 2^64.)
  if (plus_bits(p.b) >= 64 && blo >= 0 && p.a >= 0 && p.a <= INT32_MAX)
    return true;
  return blo != INT64_MIN && bhi != INT64_MAX && blo >= 0 && __int128{blo} + p.a >= 0 && __int128{bhi} + p.a <= umax;
}

SvalId Constraints::plus_value(SvalId x, int64_t c, int64_t type) {
  const uint32_t bits = plus_bits(type);
  auto wrap = [&](uint64_t u) -> int64_t {
    if (bits >= 64)
      return static_cast<int64_t>(u);
    const uint64_t mask = (uint64_t{1} << bits) - 1;
    u &= mask;
    // (Offsets read as signed in the width: 4294967291 in 32 bits is -5.)
    if ((u >> (bits - 1)) & 1)
      u |= ~mask;
    return static_cast<int64_t>(u);
  };
  if (m_values[x].kind == SK::Const) {
    const int64_t r = wrap(static_cast<uint64_t>(m_values[x].a) + static_cast<uint64_t>(c));
    return m_values.get(SK::Const, plus_signed(type) || bits >= 64 ? r : static_cast<int64_t>(static_cast<uint64_t>(r) & ((uint64_t{1} << bits) - 1)));
  }
  c = wrap(static_cast<uint64_t>(c));
  if (m_values[x].kind == SK::Plus) {
    if (m_values[x].b != type || __builtin_add_overflow(m_values[x].a, c, &c))
      return 0;
    c = wrap(static_cast<uint64_t>(c));
    x = m_values[x].base;
  }
  return c == 0 ? x : m_values.get(SK::Plus, c, type, x);
}

// The bit operation an OpConst value is (None for others).
static OpName bit_op(const Sval &v) {
  if (v.kind != SK::OpConst)
    return OpName::None;
  const auto op = static_cast<OpName>(v.b);
  return op == OpName::And || op == OpName::Or || op == OpName::Xor ? op : OpName::None;
}

bool Constraints::derivable(SvalId x) const {
  const SK k = m_values[x].kind;
  return x != kUnknownSval && (k == SK::Param || k == SK::Conjured || k == SK::Init || k == SK::Pure ||
                               k == SK::Part || k == SK::Blob || k == SK::Plus || bit_op(m_values[x]) != OpName::None);
}

SvalId Constraints::bits_value(SvalId x, OpName op, int64_t c, uint32_t bits) {
  if (bits == 0 || bits > 64 || c == 0 || (op != OpName::And && op != OpName::Or && op != OpName::Xor))
    return 0;
  // (Masks, and what is set or flipped, as the type's values: the
  // constants of one type agree, whatever its width.)
  auto make = [&](OpName o, int64_t k, SvalId base) -> SvalId {
    if (o == OpName::And && k == 0)
      return m_values.get(SK::Const, 0);
    if (o != OpName::And && k == 0)
      return base;
    return m_values.get(SK::OpConst, k, static_cast<int64_t>(o), base);
  };
  // How many bit operations lead down to the value they derive from.
  auto depth = [&](SvalId v) {
    int d = 0;
    for (; bit_op(m_values[v]) != OpName::None; v = m_values[v].base)
      ++d;
    return d;
  };
  const Sval xv = m_values[x];
  const OpName inner = bit_op(xv);
  if (inner == OpName::None)
    return derivable(x) ? make(op, c, x) : 0;
  const int64_t k = xv.a;
  const SvalId y = xv.base;
  SvalId r = 0;
  if (op == OpName::And) {
    if (inner == OpName::And) // (y & k) & c: y & (k & c)
      return bits_value(y, OpName::And, k & c, bits);
    if (inner == OpName::Or && (c & ~k) == 0) // (y | k) & c, c within k
      return m_values.get(SK::Const, k & c);
    const SvalId masked = bits_value(y, OpName::And, inner == OpName::Or ? c & ~k : c, bits);
    if (!masked)
      return 0;
    // (y | k) & c: (y & (c & ~k)) | (k & c); (y ^ k) & c: (y & c) ^ (k & c).
    r = make(inner, k & c, masked);
  } else if (op == inner) { // (y | k) | c, (y ^ k) ^ c
    r = make(op, op == OpName::Or ? (k | c) : (k ^ c), y);
  } else {
    r = make(op, c, x);
  }
  return r && depth(r) <= 3 ? r : 0;
}

void Constraints::known_bits(const State &s, SvalId v, uint64_t &ones, uint64_t &zeros) const {
  ones = zeros = 0;
  for (const Constraint &k : s.constraints) {
    const Sval &m = m_values[k.v];
    if (bit_op(m) != OpName::And || m.base != v || m.a <= 0)
      continue;
    const auto mask = static_cast<uint64_t>(m.a);
    const bool one_bit = (mask & (mask - 1)) == 0;
    if (k.is_range && k.lo == 0 && k.hi == 0)
      zeros |= mask;
    else if (k.is_range && k.lo == m.a && k.hi == m.a)
      ones |= mask;
    else if (one_bit && (k.is_range ? k.lo > 0 : k.lo <= 0 && k.hi >= 0))
      ones |= mask; // (one bit, not 0: above it, or 0 excluded)
  }
}

bool Constraints::bits_against_constant(const State &s, SvalId &a, OpName &op, SvalId &b) const {
  if (op != OpName::Eq && op != OpName::Ne)
    return false;
  for (int side = 0; side < 2; ++side) {
    SvalId &v = side ? b : a, &other = side ? a : b;
    const Sval sv = m_values[v];
    int64_t k;
    if (!known_value(s, other, k))
      continue;
    if (bit_op(sv) == OpName::Xor) {
      other = m_values.get(SK::Const, k ^ sv.a);
      v = sv.base;
      return true;
    }
    // (One bit: set is not clear.)
    if (bit_op(sv) == OpName::And && sv.a > 0 && (sv.a & (sv.a - 1)) == 0 && k == sv.a) {
      other = m_values.get(SK::Const, 0);
      op = op == OpName::Eq ? OpName::Ne : OpName::Eq;
      return true;
    }
  }
  return false;
}

SvalId Constraints::derived_base(SvalId v) const {
  const SK k = m_values[v].kind;
  return k == SK::Plus || k == SK::OpConst ? m_values[v].base : 0;
}

void Constraints::op_const_range(const State &s, SvalId v, int64_t &lo, int64_t &hi) const {
  const Sval &p = m_values[v];
  const auto op = static_cast<OpName>(p.b);
  const int64_t c = p.a;
  int64_t blo, bhi;
  range_of(s, p.base, blo, bhi);
  lo = INT64_MIN;
  hi = INT64_MAX;
  if (c <= 0)
    return;
  if (op == OpName::Div && blo >= 0) {
    lo = blo / c;
    hi = bhi / c;
  } else if (op == OpName::Shr && blo >= 0 && c < 63) {
    lo = blo >> c;
    hi = bhi >> c;
  } else if (op == OpName::Mod) {
    lo = blo >= 0 ? 0 : -(c - 1);
    hi = blo >= 0 ? std::min(bhi, c - 1) : c - 1;
  } else if (op == OpName::And) {
    lo = 0;
    hi = blo >= 0 ? std::min(bhi, c) : c;
  } else if (op == OpName::Or && blo >= 0) {
    lo = std::max(blo, c);
  } else if (op == OpName::Mul) {
    int64_t p;
    if (blo != INT64_MIN && !__builtin_mul_overflow(blo, c, &p))
      lo = p;
    if (bhi != INT64_MAX && !__builtin_mul_overflow(bhi, c, &p))
      hi = p;
  }
}

bool Constraints::base_against_constant(const State &s, SvalId &a, SvalId &b) const {
  for (int side = 0; side < 2; ++side) {
    SvalId &sum = side ? b : a, &other = side ? a : b;
    int64_t k, moved;
    if (m_values[sum].kind == SK::Plus && known_value(s, other, k) && plus_exact(s, sum) &&
        !__builtin_sub_overflow(k, m_values[sum].a, &moved)) {
      other = m_values.get(SK::Const, moved);
      sum = m_values[sum].base;
      return true;
    }
  }
  return false;
}

bool Constraints::unsigned_window(SvalId v, OpName op, int64_t k, SvalId &x, int64_t &lo, int64_t &hi) const {
  const Sval &p = m_values[v];
  if (p.kind != SK::Plus || plus_signed(p.b) || (op != OpName::Lt && op != OpName::Le))
    return false;
  const uint32_t bits = plus_bits(p.b);
  if (bits == 0 || bits > 62)
    return false;
  const __int128 mod = __int128{1} << bits;
  if (op == OpName::Lt)
    --k;
  if (k < 0 || k >= mod)
    return false;
  // x + c (mod 2^bits) in [0, k]: x in [-c, k - c] (mod 2^bits).
  __int128 l = (-__int128{p.a}) % mod, h = (__int128{k} - p.a) % mod;
  if (l < 0)
    l += mod;
  if (h < 0)
    h += mod;
  // (Below the sign bit only: a signed value converted keeps its name, so
  // x may be read as signed, where the upper half is negative.)
  if (l > h || h >= mod / 2)
    return false;
  x = p.base;
  lo = static_cast<int64_t>(l);
  hi = static_cast<int64_t>(h);
  return true;
}

void Constraints::split_plus(SvalId v, SvalId &base, int64_t &off) const {
  if (m_values[v].kind == SK::Plus) {
    base = m_values[v].base;
    off = m_values[v].a;
  } else {
    base = v;
    off = 0;
  }
}

bool Constraints::known_value(const State &s, SvalId v, int64_t &out) const {
  int64_t lo, hi;
  range_of(s, v, lo, hi);
  out = lo;
  return lo == hi;
}

bool Constraints::known_not_equal(const State &s, SvalId v, int64_t c) const {
  if (c == 0 && is_address(v))
    return true;
  int64_t moved;
  if (m_values[v].kind == SK::Plus && plus_exact(s, v) && !__builtin_sub_overflow(c, m_values[v].a, &moved) &&
      known_not_equal(s, m_values[v].base, moved))
    return true;
  // Stepping a pointer to an object never reaches NULL (GCC's analyzer
  // assumes the same).
  if (c == 0 && m_values[v].kind == SK::Offset && known_not_equal(s, m_values[v].base, 0))
    return true;
  // (x & m has no bit outside m; x | k has every bit of k.)
  if (bit_op(m_values[v]) == OpName::And && m_values[v].a > 0 && (c & ~m_values[v].a) != 0)
    return true;
  if (bit_op(m_values[v]) == OpName::Or && (c & m_values[v].a) != m_values[v].a)
    return true;
  int64_t lo, hi;
  range_of(s, v, lo, hi);
  if (c < lo || c > hi)
    return true;
  return excluded(s, v, c);
}

bool Constraints::excluded(const State &s, SvalId v, int64_t c) { return excluded_range(s, v, c, c); }

bool Constraints::excluded_range(const State &s, SvalId v, int64_t lo, int64_t hi) {
  for (auto it = std::lower_bound(s.constraints.begin(), s.constraints.end(),
                                  Constraint{v, false, INT64_MIN, INT64_MIN});
       it != s.constraints.end() && it->v == v && !it->is_range; ++it)
    if (it->lo <= lo && hi <= it->hi)
      return true;
  return false;
}

bool Constraints::assume_not_in(State &s, SvalId v, int64_t lo, int64_t hi) {
  if (lo == hi)
    return assume(s, v, OpName::Ne, m_values.get(SK::Const, lo));
  const SK kind = m_values[v].kind;
  // (A variable never set names no one value: every use of it is its
  // own unknown, so nothing learned of one holds for another.)
  if (v == kUnknownSval || kind == SK::Cmp || kind == SK::Aggregate || kind == SK::Poison)
    return true;
  int64_t vlo, vhi;
  range_of(s, v, vlo, vhi);
  if (lo <= vlo && vhi <= hi)
    return false;
  if (hi < vlo || lo > vhi)
    return true;
  if (lo <= vlo) // cut from below or above: still one range
    return assume(s, v, OpName::Gt, m_values.get(SK::Const, hi));
  if (hi >= vhi)
    return assume(s, v, OpName::Lt, m_values.get(SK::Const, lo));
  Constraint k{v, false, lo, hi};
  s.constraints.insert(std::lower_bound(s.constraints.begin(), s.constraints.end(), k), k);
  return true;
}

Tri Constraints::compare_range(int64_t lo, int64_t hi, bool ne_c, OpName op, int64_t c) {
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

bool Constraints::eval_cmp(OpName op, int64_t a, int64_t b) {
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

void Constraints::unwrap(SvalId &a, OpName &op, SvalId &b) const {
  for (int depth = 0; depth < 8; ++depth) {
    const Sval &sa = m_values[a];
    const Sval &sb = m_values[b];
    if (sa.kind != SK::Cmp || sb.kind != SK::Const || (op != OpName::Eq && op != OpName::Ne))
      return;
    bool truth = (op == OpName::Ne) == (sb.a == 0); // true: the comparison holds
    if (sb.a != 0 && sb.a != 1)
      return;
    into_comparison(a, op, b, truth);
  }
}

void Constraints::into_comparison(SvalId &a, OpName &op, SvalId &b, bool truth) const {
  const Sval &sa = m_values[a];
  const OpName inner = static_cast<OpName>(sa.a);
  op = truth ? inner : invert_comparison(inner);
  b = static_cast<SvalId>(sa.b);
  a = sa.base;
}

// A comparison's own 0 or 1 ("keep_going = i < n"), tested against 0 or 1
// with == or !=: the truth it must have for the test to hold (false: not
// such a test, or one of the compared values is no one value).
bool Constraints::truth_test(SvalId a, OpName op, SvalId b, int64_t &truth) const {
  const Sval &sa = m_values[a];
  const Sval &sb = m_values[b];
  if (sa.kind != SK::Cmp || sb.kind != SK::Const || (op != OpName::Eq && op != OpName::Ne) ||
      (sb.a != 0 && sb.a != 1))
    return false;
  auto one_value = [&](SvalId v) { return v != kUnknownSval && m_values[v].kind != SK::Poison; };
  if (!one_value(sa.base) || !one_value(static_cast<SvalId>(sa.b)))
    return false;
  truth = (op == OpName::Ne) == (sb.a == 0) ? 1 : 0;
  return true;
}

Tri Constraints::compare(const State &s, SvalId a, OpName op, SvalId b) const {
  // What a branch learned of a stored truth value outlives the values it
  // compared ("if (keep_going) ...; if (keep_going)" after i and n died).
  int64_t truth;
  if (truth_test(a, op, b, truth)) {
    int64_t lo, hi;
    range_of(s, a, lo, hi);
    if (lo == hi)
      return lo == truth ? Tri::True : Tri::False;
  }
  unwrap(a, op, b);
  // (Somewhere in an object, unnamed, is no one place: two such may
  // differ.)
  auto somewhere = [&](SvalId v) {
    return m_values[v].kind == SK::Offset && m_values[v].a == kUnknownOffset && m_values[v].b == 0;
  };
  if (a == b && a != kUnknownSval && m_values[a].kind != SK::Poison && !somewhere(a)) {
    return (op == OpName::Eq || op == OpName::Le || op == OpName::Ge) ? Tri::True : Tri::False;
  }
  // Two places in one object ("stack - 1" against "stack", "p + 4"
  // against "p + 8", "&t[i]" against "&t[i + 1]"): their byte offsets
  // decide, known or counted from the same index.
  {
    auto place = [&](SvalId v, int64_t &off, SvalId &index, int64_t &scale) {
      off = 0;
      index = 0;
      scale = 0;
      if (m_values[v].kind != SK::Offset)
        return v;
      if (m_values[v].a == kUnknownOffset) {
        if (!m_values[v].b)
          return SvalId{0};
        const Sval &x = m_values[static_cast<SvalId>(m_values[v].b)];
        index = x.base;
        scale = x.a;
        off = x.b;
        return m_values[v].base;
      }
      off = m_values[v].a;
      return m_values[v].base;
    };
    int64_t oa, ob, sa, sb;
    SvalId ia, ib;
    const SvalId ra = place(a, oa, ia, sa), rb = place(b, ob, ib, sb);
    if (ra && ra == rb && ra != kUnknownSval && (ra != a || rb != b) && ia == ib && sa == sb)
      return eval_cmp(op, oa, ob) ? Tri::True : Tri::False;
  }
  // Two sums of one value ("i + 1" and "i"): their offsets decide, in a
  // signed type (an unsigned sum may wrap).
  if (m_values[a].kind == SK::Plus || m_values[b].kind == SK::Plus) {
    SvalId xa, xb;
    int64_t oa, ob;
    split_plus(a, xa, oa);
    split_plus(b, xb, ob);
    const SvalId p = m_values[a].kind == SK::Plus ? a : b;
    if (xa == xb && xa != kUnknownSval && plus_signed(m_values[p].b) &&
        (m_values[a].kind != SK::Plus || m_values[b].kind != SK::Plus || m_values[a].b == m_values[b].b))
      return eval_cmp(op, oa, ob) ? Tri::True : Tri::False;
    // A sum against a constant: the base against the constant moved back.
    if (base_against_constant(s, a, b))
      return compare(s, a, op, b);
  }
  if (bits_against_constant(s, a, op, b))
    return compare(s, a, op, b);
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
    // Fresh storage is not any variable's address, nor what another
    // pointer held before it was made.
    if ((op == OpName::Eq || op == OpName::Ne) && (distinct_storage(s, a, b) || distinct_storage(s, b, a)))
      return op == OpName::Ne ? Tri::True : Tri::False;
    return compare_related(s, a, op, b);
  }
  int64_t lo, hi;
  range_of(s, a, lo, hi);
  return compare_range(lo, hi, known_not_equal(s, a, cb), op, cb);
}

Tri Constraints::compare_related(const State &s, SvalId a, OpName op, SvalId b) const {
  if (a == kUnknownSval || b == kUnknownSval)
    return Tri::Unknown;
  if (a > b) {
    std::swap(a, b);
    op = swap_comparison(op);
  }
  // What the pair's facts leave of "a < b", "a == b", "a > b" (bits 1, 2,
  // 4): "a != b", "a >= b" and "a <= b" together leave nothing.
  auto outcomes = [](OpName o) -> unsigned {
    switch (o) {
    case OpName::Lt: return 1;
    case OpName::Le: return 3;
    case OpName::Eq: return 2;
    case OpName::Ne: return 5;
    case OpName::Ge: return 6;
    case OpName::Gt: return 4;
    default: return 7;
    }
  };
  unsigned left = 7;
  auto it = std::lower_bound(s.relations.begin(), s.relations.end(), Relation{a, b, 0});
  for (; it != s.relations.end() && it->a == a && it->b == b; ++it)
    left &= outcomes(static_cast<OpName>(it->op));
  const unsigned query = outcomes(op);
  if (left == 7 || query == 7)
    return Tri::Unknown;
  if ((left & ~query) == 0)
    return Tri::True;
  if ((left & query) == 0)
    return Tri::False;
  return Tri::Unknown;
}

bool Constraints::assume(State &s, SvalId a, OpName op, SvalId b) {
  // A stored truth value keeps its truth, at each level of "!!(i < n)"
  // (what its compared values learn is forgotten with them).
  for (int depth = 0; depth < 8; ++depth) {
    int64_t truth;
    if (!truth_test(a, op, b, truth))
      break;
    int64_t lo, hi;
    range_of(s, a, lo, hi);
    if (lo == hi && lo != truth)
      return false;
    if (lo != hi) {
      Constraint k{a, true, truth, truth};
      s.constraints.insert(std::lower_bound(s.constraints.begin(), s.constraints.end(), k), k);
    }
    into_comparison(a, op, b, truth != 0);
  }
  unwrap(a, op, b);
  Tri t = compare(s, a, op, b);
  if (t != Tri::Unknown)
    return t == Tri::True;
  // A sum against a constant: learned of its base; a bit operation's
  // value: of what it derives from.
  if (base_against_constant(s, a, b) || bits_against_constant(s, a, op, b))
    return assume(s, a, op, b);
  // (An unsigned sum that may wrap, below a bound: its base is in a
  // window, "x - 28 <= 1048548" is "28 <= x <= 1048576"; above it, out.)
  {
    SvalId x;
    int64_t k, lo, hi;
    if (known_value(s, b, k)) {
      if (unsigned_window(a, op, k, x, lo, hi) && (!assume(s, x, OpName::Ge, m_values.get(SK::Const, lo)) ||
                                                   !assume(s, x, OpName::Le, m_values.get(SK::Const, hi))))
        return false;
      if ((op == OpName::Gt || op == OpName::Ge) &&
          unsigned_window(a, op == OpName::Gt ? OpName::Le : OpName::Lt, k, x, lo, hi) &&
          !assume_not_in(s, x, lo, hi))
        return false;
    }
  }
  // A product the engine takes as exact ("n * 4" in 64 bits, or signed:
  // see SK::OpConst) against a constant: learned of its factor ("2 * n"
  // found 0 is n found 0).
  for (int side = 0; side < 2; ++side) {
    const SvalId prod = side ? b : a;
    int64_t k;
    if (prod == kUnknownSval || m_values[prod].kind != SK::OpConst || static_cast<OpName>(m_values[prod].b) != OpName::Mul ||
        m_values[prod].a <= 0 || !known_value(s, side ? a : b, k) || k == INT64_MIN)
      continue;
    const int64_t f = m_values[prod].a;
    const SvalId x = m_values[prod].base;
    const int64_t floor_q = k / f - (k % f != 0 && k < 0 ? 1 : 0);
    const int64_t ceil_q = k / f + (k % f != 0 && k > 0 ? 1 : 0);
    auto constant = [&](int64_t q) { return m_values.get(SK::Const, q); };
    switch (side ? swap_comparison(op) : op) {
    case OpName::Eq: return k % f == 0 && assume(s, x, OpName::Eq, constant(k / f));
    case OpName::Ne: return k % f != 0 || assume(s, x, OpName::Ne, constant(k / f));
    case OpName::Lt: return assume(s, x, OpName::Lt, constant(ceil_q));
    case OpName::Le: return assume(s, x, OpName::Le, constant(floor_q));
    case OpName::Gt: return assume(s, x, OpName::Gt, constant(floor_q));
    case OpName::Ge: return assume(s, x, OpName::Ge, constant(ceil_q));
    default: break;
    }
  }
  int64_t c;
  SvalId v;
  if (known_value(s, b, c)) {
    v = a;
  } else if (known_value(s, a, c)) {
    v = b;
    op = swap_comparison(op);
  } else {
    // Two unknowns: remember how they relate (a few facts per pair).
    if (a != kUnknownSval && b != kUnknownSval && a != b && is_comparison(op) && m_values[a].kind != SK::Poison &&
        m_values[b].kind != SK::Poison) {
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
  const SK kind = m_values[v].kind;
  // (A variable never set names no one value: every use of it is its
  // own unknown, so nothing learned of one holds for another.)
  if (v == kUnknownSval || kind == SK::Cmp || kind == SK::Aggregate || kind == SK::Poison)
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
  // An end the path excluded moves past the exclusion ("not 0", "not
  // 1", then "in [0, 1]": impossible).
  auto &cs = s.constraints;
  const auto first = std::lower_bound(cs.begin(), cs.end(), Constraint{v, false, INT64_MIN, INT64_MIN});
  for (bool moved = true; moved && lo <= hi;) {
    moved = false;
    for (auto it = first; it != cs.end() && it->v == v && !it->is_range; ++it) {
      if (it->lo <= lo && lo <= it->hi) {
        if (it->hi == INT64_MAX)
          return false;
        lo = it->hi + 1;
        moved = true;
      }
      if (lo <= hi && it->lo <= hi && hi <= it->hi) {
        if (it->lo == INT64_MIN)
          return false;
        hi = it->lo - 1;
        moved = true;
      }
    }
  }
  if (lo > hi)
    return false;
  // Replace v's range; not-equal facts inside it stay, those outside go.
  cs.erase(std::remove_if(cs.begin(), cs.end(),
                          [&](const Constraint &k) { return k.v == v && (k.is_range || k.hi < lo || k.lo > hi); }),
           cs.end());
  if (lo != INT64_MIN || hi != INT64_MAX) {
    Constraint k{v, true, lo, hi};
    cs.insert(std::lower_bound(cs.begin(), cs.end(), k), k);
  }
  return true;
}

} // namespace pathwise::detail
