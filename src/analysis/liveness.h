// Liveness of temporaries: which values a block still needs, and where each
// temporary dies, so that states stay small and leaks are found where the
// last reference goes.
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <cstdint>
#include <vector>

#include "ir/ir.h"

namespace pathwise {

// A fixed-size set of small integers.
class Bitset {
public:
  explicit Bitset(size_t n = 0) : m_words((n + 63) / 64, 0) {}
  bool test(size_t i) const { return i / 64 < m_words.size() && ((m_words[i / 64] >> (i % 64)) & 1); }
  void set(size_t i) { m_words[i / 64] |= uint64_t(1) << (i % 64); }
  void reset(size_t i) { m_words[i / 64] &= ~(uint64_t(1) << (i % 64)); }
  // this |= o; returns true if anything changed.
  bool merge(const Bitset &o) {
    bool changed = false;
    for (size_t k = 0; k < m_words.size() && k < o.m_words.size(); ++k) {
      uint64_t w = m_words[k] | o.m_words[k];
      changed = changed || w != m_words[k];
      m_words[k] = w;
    }
    return changed;
  }
  // this &= o.
  void intersect(const Bitset &o) {
    for (size_t k = 0; k < m_words.size(); ++k)
      m_words[k] &= k < o.m_words.size() ? o.m_words[k] : 0;
  }
  bool operator==(const Bitset &o) const { return m_words == o.m_words; }

private:
  std::vector<uint64_t> m_words;
};

struct Liveness {
  std::vector<Bitset> live_out;   // by block
  std::vector<Bitset> live_start; // by block: live just after its phis
  // by block, by instruction: temporaries not needed after it (read there
  // for the last time, or defined and never read).
  std::vector<std::vector<std::vector<uint32_t>>> dies;
};

Liveness compute_liveness(const ir::Function &f);

// Is temporary t read after instruction i of block b (in b or later)?
bool is_live_after(const Liveness &L, const ir::Function &f, uint32_t b, size_t i, uint32_t t);

// Temporaries an instruction reads (phi operands excluded).
void instruction_uses(const ir::Instruction &in, std::vector<uint32_t> &out);

} // namespace pathwise
