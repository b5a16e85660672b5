// Symbolic values of the engine, interned per analysed function.
// SPDX-License-Identifier: GPL-3.0-or-later
//
// Internal to src/analysis: included by the engine only.
#pragma once

#include <algorithm>
#include <cstdint>
#include <map>
#include <string>
#include <vector>

#include "checkers/checker.h"

namespace pathwise {

// ---------------------------------------------------------------------------
// Symbolic values, interned per analysed function so that equal values have
// equal ids. Example: Const 0 is the NULL pointer; Conjured(uid, 0) is the
// first live result of the instruction with that uid.

// Kinds of symbolic value:
//   Unknown    anything at all (id 1), never constrained;
//   Const      an integer or the null pointer (a = value);
//   Param      the incoming value of parameter a;
//   Conjured   a fresh value made by instruction a (b = k, the smallest k not
//              in use; b < 0: a widened value standing for any);
//   LocalAddr, GlobalAddr, FuncAddr, StrAddr   addresses (a = local,
//              symbol, symbol, string id);
//   Offset     base + a bytes (a = kUnknownOffset if not constant; then b
//              is 0, somewhere in base's object, or the Scaled value
//              that names the offset: "&t->tab[h]" computed twice is one
//              place, "&t->tab[k]" may be another);
//   Cmp        the 0/1 value of "base OP b" (a = OpName, b = the right
//              value's id), so a branch on a stored comparison learns it;
//   Aggregate  the whole value of a local struct or array (a = its key);
//   Pure       the result of a call to a const function (a = symbol, b =
//              the interned list of argument values);
//   Init       the value local memory had before the function wrote it
//              (a = key);
//   Blob       all of the memory a call filled (fread's buffer: a = the
//              call's uid, b = the memory's key);
//   Part       what is read from inside a Blob (base = the Blob, a = the
//              rest of the key: ".8", "[2]");
//   Poison     the value of a variable never set (a = its name's string id);
//   Stale      the address of a local of a function that has returned (a =
//              what its LocalAddr's a was);
//   Plus       the integer base + a, in the type b names (see plus_type):
//              "n = i + 1" keeps what is known of i for n, and "n - 1" is
//              i again. base is never a Plus or a constant;
//   OpConst    base OP a for a constant a > 0, where b is the OpName: /, >>,
//              %, & or * ("blocks = length / 16": what is later learned of
//              length bounds blocks; "n * 4", the size of n ints; "n << 2"
//              is n * 4);
//   Scaled     the byte offset base * a + b of a place at an index the
//              path does not know (base = the index, a = the element's
//              size, b = the bytes added): an identity for Offset, never a
//              number computed with;
//   FloatConst a floating-point constant (a = the string id of its decimal
//              text): never an integer, so no arithmetic folds it; what a
//              branch learns against it is a relation ("x > 0.5" twice
//              agrees).
enum class SK : uint8_t {
  Unknown, Const, Param, Conjured, LocalAddr, GlobalAddr, FuncAddr, StrAddr, Offset, Cmp, Aggregate, Pure, Init,
  Blob, Part, Poison, Stale, Plus, OpConst, FloatConst, Scaled
};

// The type of a Plus value: its width in bits, and 0x100 if signed.
inline int64_t plus_type(uint32_t bits, bool is_signed) { return bits | (is_signed ? 0x100 : 0); }
inline uint32_t plus_bits(int64_t type) { return static_cast<uint32_t>(type & 0xff); }
inline bool plus_signed(int64_t type) { return (type & 0x100) != 0; }

struct Sval {
  SK kind;
  int64_t a;
  int64_t b;
  SvalId base;
  bool operator==(const Sval &o) const { return kind == o.kind && a == o.a && b == o.b && base == o.base; }
};

// Mixed well in every bit: SvalTable's index keeps the low ones.
struct SvalHash {
  size_t operator()(const Sval &s) const {
    constexpr uint64_t k = 0x9e3779b97f4a7c15ull;
    uint64_t h = (static_cast<uint64_t>(s.kind) ^ static_cast<uint64_t>(s.a)) * k;
    h = (h ^ (h >> 29) ^ static_cast<uint64_t>(s.b)) * k;
    h = (h ^ (h >> 32) ^ s.base) * k;
    return static_cast<size_t>(h ^ (h >> 29));
  }
};

constexpr int64_t kUnknownOffset = INT64_MIN;
constexpr SvalId kUnknownSval = 1;

class SvalTable {
public:
  SvalTable() {
    m_vals.push_back({SK::Unknown, 0, 0, 0}); // 0: none
    m_vals.push_back({SK::Unknown, 0, 0, 0}); // 1: unknown
  }
  SvalId get(SK kind, int64_t a = 0, int64_t b = 0, SvalId base = 0) {
    const Sval s{kind, a, b, base};
    if (2 * (m_vals.size() + 1) > m_index.size())
      grow();
    const size_t mask = m_index.size() - 1;
    const size_t h = SvalHash()(s);
    const auto tag = static_cast<uint32_t>(h >> 32);
    size_t i = h & mask;
    for (; m_index[i].id; i = (i + 1) & mask)
      if (m_index[i].tag == tag && m_vals[m_index[i].id] == s)
        return m_index[i].id;
    m_vals.push_back(s);
    m_index[i] = {static_cast<SvalId>(m_vals.size() - 1), tag};
    return m_index[i].id;
  }
  const Sval &operator[](SvalId id) const { return m_vals[id]; }
  int64_t string_id(const std::string &s) {
    auto it = m_strings.find(s);
    if (it != m_strings.end())
      return it->second;
    auto id = static_cast<int64_t>(m_string_list.size());
    m_strings.emplace(s, id);
    m_string_list.push_back(s);
    return id;
  }
  const std::string &string_at(int64_t id) const { return m_string_list[static_cast<size_t>(id)]; }
  int64_t list_id(const std::vector<SvalId> &l) {
    auto it = m_lists.find(l);
    if (it != m_lists.end())
      return it->second;
    auto id = static_cast<int64_t>(m_lists.size());
    m_lists.emplace(l, id);
    return id;
  }

  // How many values exist (ids are below it).
  size_t size() const { return m_vals.size(); }

private:
  std::vector<Sval> m_vals;
  // The ids of the values get() made, by hash, open addressing (id 0: a
  // free slot; the two first values are no one's), with the hash's high
  // bits (most values that share a slot differ there); at most half full.
  struct Slot {
    SvalId id = 0;
    uint32_t tag = 0;
  };
  std::vector<Slot> m_index;
  void grow() {
    std::vector<Slot> bigger(std::max<size_t>(64, m_index.size() * 2));
    const size_t mask = bigger.size() - 1;
    for (SvalId id = 2; id < m_vals.size(); ++id) {
      const size_t h = SvalHash()(m_vals[id]);
      size_t i = h & mask;
      while (bigger[i].id)
        i = (i + 1) & mask;
      bigger[i] = {id, static_cast<uint32_t>(h >> 32)};
    }
    m_index = std::move(bigger);
  }
  std::map<std::string, int64_t> m_strings;
  std::vector<std::string> m_string_list;
  std::map<std::vector<SvalId>, int64_t> m_lists;
};

} // namespace pathwise
