// Hash indexes the exploration consults for every state it enqueues, kept
// in one array each (open addressing, at most half full): no allocation
// per entry, and a lookup touches one or two cache lines.
// SPDX-License-Identifier: GPL-3.0-or-later
//
// Internal to src/analysis.
#pragma once

#include <cstddef>
#include <cstdint>
#include <vector>

namespace pathwise::detail {

// Spreads a 64-bit key over the low bits a table keeps.
inline size_t flat_slot(uint64_t key, size_t mask) {
  key ^= key >> 31;
  key *= 0x9e3779b97f4a7c15ull;
  return static_cast<size_t>(key ^ (key >> 29)) & mask;
}

// Ids by 64-bit key, several ids per key (the nodes whose states hash
// alike at a point).
class KeyIds {
public:
  // Calls f(id) for each id inserted with key, in no order, until f returns
  // true; true if it did.
  template <typename F> bool any_of(uint64_t key, F f) const {
    if (m_slots.empty())
      return false;
    const size_t mask = m_slots.size() - 1;
    for (size_t i = flat_slot(key, mask); m_slots[i].id >= 0; i = (i + 1) & mask)
      if (m_slots[i].key == key && f(m_slots[i].id))
        return true;
    return false;
  }
  void insert(uint64_t key, int32_t id) {
    if (2 * (m_used + 1) > m_slots.size())
      grow();
    place(m_slots, key, id);
    ++m_used;
  }

private:
  struct Slot {
    uint64_t key = 0;
    int32_t id = -1; // -1: free
  };
  std::vector<Slot> m_slots;
  size_t m_used = 0;
  static void place(std::vector<Slot> &slots, uint64_t key, int32_t id) {
    const size_t mask = slots.size() - 1;
    size_t i = flat_slot(key, mask);
    while (slots[i].id >= 0)
      i = (i + 1) & mask;
    slots[i] = {key, id};
  }
  void grow() {
    std::vector<Slot> bigger(m_slots.empty() ? 1024 : m_slots.size() * 2);
    for (const Slot &s : m_slots)
      if (s.id >= 0)
        place(bigger, s.key, s.id);
    m_slots = std::move(bigger);
  }
};

// A 32-bit number by 64-bit key (a count, a value's id), 0 for a key
// never set.
class KeyValues {
public:
  // The number of key, made 0 on first use. (Valid until the next call.)
  uint32_t &operator[](uint64_t key) {
    if (2 * (m_used + 1) > m_slots.size())
      grow();
    const size_t mask = m_slots.size() - 1;
    size_t i = flat_slot(key, mask);
    for (; m_slots[i].used; i = (i + 1) & mask)
      if (m_slots[i].key == key)
        return m_slots[i].value;
    ++m_used;
    m_slots[i] = {key, 0, true};
    return m_slots[i].value;
  }

private:
  struct Slot {
    uint64_t key = 0;
    uint32_t value = 0;
    bool used = false;
  };
  std::vector<Slot> m_slots;
  size_t m_used = 0;
  void grow() {
    std::vector<Slot> bigger(m_slots.empty() ? 1024 : m_slots.size() * 2);
    const size_t mask = bigger.size() - 1;
    for (const Slot &s : m_slots)
      if (s.used) {
        size_t i = flat_slot(s.key, mask);
        while (bigger[i].used)
          i = (i + 1) & mask;
        bigger[i] = s;
      }
    m_slots = std::move(bigger);
  }
};

} // namespace pathwise::detail
