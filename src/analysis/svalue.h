// Symbolic values of the engine, interned per analysed function.
// SPDX-License-Identifier: GPL-3.0-or-later
//
// Internal to src/analysis: included by the engine only.
#pragma once

#include <cstdint>
#include <map>
#include <string>
#include <unordered_map>
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
//   Offset     base + a bytes (a = kUnknownOffset if not constant);
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
//              length bounds blocks; "n * 4", the size of n ints);
//   FloatConst a floating-point constant (a = the string id of its decimal
//              text): never an integer, so no arithmetic folds it; what a
//              branch learns against it is a relation ("x > 0.5" twice
//              agrees).
enum class SK : uint8_t {
  Unknown, Const, Param, Conjured, LocalAddr, GlobalAddr, FuncAddr, StrAddr, Offset, Cmp, Aggregate, Pure, Init,
  Blob, Part, Poison, Stale, Plus, OpConst, FloatConst
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

struct SvalHash {
  size_t operator()(const Sval &s) const {
    size_t h = static_cast<size_t>(s.kind);
    h = h * 1000003u ^ static_cast<size_t>(s.a);
    h = h * 1000003u ^ static_cast<size_t>(s.b);
    return h * 1000003u ^ s.base;
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
    Sval s{kind, a, b, base};
    auto it = m_index.find(s);
    if (it != m_index.end())
      return it->second;
    m_vals.push_back(s);
    auto id = static_cast<SvalId>(m_vals.size() - 1);
    m_index.emplace(s, id);
    return id;
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
  std::unordered_map<Sval, SvalId, SvalHash> m_index;
  std::map<std::string, int64_t> m_strings;
  std::vector<std::string> m_string_list;
  std::map<std::vector<SvalId>, int64_t> m_lists;
};

} // namespace pathwise
