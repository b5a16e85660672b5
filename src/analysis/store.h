// The engine's store: regions of memory, interned, and what a state binds
// to them.
// SPDX-License-Identifier: GPL-3.0-or-later
//
// A region is a place in memory. Its key spells it: the base, then steps.
//   bases   L<n>  a local (n carries the frame's depth, see kFrameShift)
//           G<n>  the global of symbol n
//           S<v>  what pointer value v points to
//   steps   .8    the field at byte offset 8
//           .name?  a field whose offset is not known
//           [2]   element 2
//           +8    8 bytes beside what the pointer points to (S bases only:
//                 p[1] lies beside *p, not inside it)
// Example: "L3.8[2]" is element 2 of the field at offset 8 of local 3.
//
// Keys are interned once per analysis (RegionTable): states bind region
// ids to values, so copying, comparing and hashing a state never touches
// a string.
//
// Internal to src/analysis.
#pragma once

#include <cstdint>
#include <string>
#include <string_view>
#include <unordered_map>
#include <utility>
#include <vector>

#include "checkers/checker.h"

namespace pathwise {

using RegionId = uint32_t; // 0 = no region

// --- Keys as text ---------------------------------------------------------

// Where the number after a key's kind letter ends: "S12.8" -> 3.
size_t key_base_end(std::string_view key);
// The number after the kind letter: the local of an L key, the symbol of
// a G key, the pointer value of an S key.
uint64_t key_base_number(std::string_view key);
// Is key place itself, or under it (a field, an element, or for an S
// base also a neighbour)? "L3.80" is not under "L3.8".
bool key_within(std::string_view key, std::string_view place);
// Is key place itself or a field or element of it? Unlike key_within, a
// neighbour of a pointee ("S5+8" beside "S5") is not inside it.
bool key_inside(std::string_view key, std::string_view place);

// --- Interned regions -----------------------------------------------------

class RegionTable {
public:
  RegionTable();
  // The id of key, made on first use (with those of the regions enclosing
  // it, so that find() of a place succeeds wherever something under it
  // was interned). "" -> 0.
  RegionId intern(std::string_view key);
  // The id of key if it was ever interned, else 0.
  RegionId find(std::string_view key) const;
  const std::string &key(RegionId r) const { return m_entries[r].key; }
  // 'L', 'G' or 'S' (0 for no region).
  char kind(RegionId r) const { return m_links[r].kind; }
  uint64_t base_number(RegionId r) const { return m_entries[r].number; }
  // The region of the key's base alone ("L3" for "L3.8[2]").
  RegionId base(RegionId r) const { return m_links[r].base; }
  bool is_base(RegionId r) const { return m_links[r].base == r; }
  // The region one step up ("L3.8" for "L3.8[2]"; 0 for a base).
  RegionId parent(RegionId r) const { return m_links[r].parent; }
  // The first character of r's last step ('.', '[', '+'; 0 for a base).
  char step(RegionId r) const { return m_links[r].step; }
  // Was any region under r interned ("L3.8" once "L3.8[2]" is)? If not,
  // no binding but r's own lies inside r.
  bool has_inner(RegionId r) const { return m_links[r].inner; }
  // Calls f(a) for each region a that r lies inside, r's parent first, up
  // to its base, until f returns true; true if it did. (Not a pointee r is
  // beside: for "S5+8.4", "S5+8" but not "S5".)
  template <typename F> bool any_enclosing(RegionId r, F f) const {
    for (RegionId c = r, a = m_links[r].parent; a; c = a, a = m_links[a].parent)
      if (!(m_links[a].kind == 'S' && m_links[c].step == '+') && f(a))
        return true;
    return false;
  }
  // The steps after the base ("" for a base).
  std::string_view steps(RegionId r) const {
    return std::string_view(m_entries[r].key).substr(m_entries[r].base_end);
  }
  bool within(RegionId r, RegionId place) const;
  bool inside(RegionId r, RegionId place) const;
  // The region with r's steps from another base of the same kind (what a
  // renamed pointer points to): ("S12.8", 40) -> "S40.8".
  RegionId rebased(RegionId r, uint64_t number);
  size_t size() const { return m_entries.size(); }

private:
  struct Entry {
    std::string key;
    uint64_t number;
    uint32_t base_end;
  };
  std::vector<Entry> m_entries;
  // How regions nest, beside the keys: within() and inside() climb from a
  // region to its base through these (a few steps, no text compared), and
  // they are asked of every binding a write may overlap.
  struct Link {
    RegionId base;
    RegionId parent; // 0 for a base
    char kind;       // the key's first letter
    char step;       // the first character of the last step ('.', '[', '+'; 0 for a base)
    bool inner;      // a region under it was interned
  };
  std::vector<Link> m_links;
  std::unordered_map<std::string, RegionId> m_index;
};

// --- Bindings -------------------------------------------------------------

// What a state's memory holds: (region, value) pairs sorted by region id.
using Bindings = std::vector<std::pair<RegionId, SvalId>>;

// The value bound to r, 0 if none.
SvalId bound_value(const Bindings &b, RegionId r);
// Binds r to v (v = 0 unbinds it).
void set_binding(Bindings &b, RegionId r, SvalId v);
// Does b bind place or anything under it (key_within)?
bool binds_within(const Bindings &b, const RegionTable &t, RegionId place);
// Unbinds place and everything inside it (key_inside).
void unbind_inside(Bindings &b, const RegionTable &t, RegionId place);

// --- Extents --------------------------------------------------------------

// The size in bytes of what pointer roots point to, where a call made it
// (malloc (n), alloca, realloc): (root value, size value) sorted by root.
using Extents = std::vector<std::pair<SvalId, SvalId>>;

} // namespace pathwise
