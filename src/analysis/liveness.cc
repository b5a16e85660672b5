// Liveness of temporaries: backward data flow over the CFG.
// SPDX-License-Identifier: GPL-3.0-or-later
#include "analysis/liveness.h"

#include <algorithm>

namespace pathwise {

using namespace ir;

static void operand_uses(const Operand &o, std::vector<uint32_t> &out) {
  if (o.is_temp())
    out.push_back(o.id);
}

static void place_uses(const Place &p, std::vector<uint32_t> &out) {
  if (p.base == PlaceBase::Deref)
    operand_uses(p.pointer, out);
  for (const Accessor &a : p.path)
    if (a.kind == Accessor::Kind::Index)
      operand_uses(a.index, out);
}

void instruction_uses(const Instruction &in, std::vector<uint32_t> &out) {
  if (in.opcode == Opcode::Phi)
    return;
  for (const Operand &o : in.operands)
    operand_uses(o, out);
  switch (in.opcode) {
  case Opcode::Load:
  case Opcode::Store:
  case Opcode::Addr:
  case Opcode::Clobber: place_uses(in.place, out); break;
  default: break;
  }
}

Liveness compute_liveness(const Function &f) {
  const size_t nb = f.blocks.size(), nt = f.temps.size();
  Liveness L;
  L.live_out.assign(nb, Bitset(nt));
  L.live_start.assign(nb, Bitset(nt));
  std::vector<uint32_t> uses;

  // Backward walk of block b from its live-out set; returns live at start.
  auto walk = [&](size_t b, std::vector<Bitset> *after) {
    Bitset live = L.live_out[b];
    const auto &insns = f.blocks[b].insns;
    for (size_t i = insns.size(); i-- > 0;) {
      const Instruction &in = insns[i];
      if (in.opcode == Opcode::Phi)
        break;
      if (after)
        (*after)[i] = live;
      if (in.result)
        live.reset(in.result);
      uses.clear();
      instruction_uses(in, uses);
      for (uint32_t t : uses)
        live.set(t);
    }
    return live;
  };

  bool changed = true;
  for (int iter = 0; changed && iter < 1000; ++iter) {
    changed = false;
    for (size_t b = nb; b-- > 0;) {
      Bitset out(nt);
      for (uint32_t s : successors(f.blocks[b])) {
        if (s >= nb)
          continue;
        Bitset in = L.live_start[s];
        for (const Instruction &phi : f.blocks[s].insns) {
          if (phi.opcode != Opcode::Phi)
            break;
          in.reset(phi.result);
        }
        for (const Instruction &phi : f.blocks[s].insns) {
          if (phi.opcode != Opcode::Phi)
            break;
          for (size_t k = 0; k < phi.targets.size(); ++k)
            if (phi.targets[k] == b && phi.operands[k].is_temp())
              in.set(phi.operands[k].id);
        }
        out.merge(in);
      }
      if (!(out == L.live_out[b])) {
        L.live_out[b] = out;
        changed = true;
      }
      Bitset start = walk(b, nullptr);
      if (!(start == L.live_start[b])) {
        L.live_start[b] = start;
        changed = true;
      }
    }
  }

  L.dies.resize(nb);
  for (size_t b = 0; b < nb; ++b) {
    const auto &insns = f.blocks[b].insns;
    std::vector<Bitset> after(insns.size());
    walk(b, &after);
    auto &dies = L.dies[b];
    dies.assign(insns.size(), {});
    for (size_t i = 0; i < insns.size(); ++i) {
      const Instruction &in = insns[i];
      if (in.opcode == Opcode::Phi || in.is_terminator())
        continue;
      uses.clear();
      instruction_uses(in, uses);
      if (in.result)
        uses.push_back(in.result);
      for (uint32_t t : uses) {
        if (after[i].test(t))
          continue;
        auto &d = dies[i];
        if (std::find(d.begin(), d.end(), t) == d.end())
          d.push_back(t);
      }
    }
  }
  return L;
}

bool is_live_after(const Liveness &L, const Function &f, uint32_t b, size_t i, uint32_t t) {
  const auto &insns = f.blocks[b].insns;
  std::vector<uint32_t> uses;
  for (size_t j = i + 1; j < insns.size(); ++j) {
    uses.clear();
    instruction_uses(insns[j], uses);
    if (std::find(uses.begin(), uses.end(), t) != uses.end())
      return true;
  }
  return L.live_out[b].test(t);
}

} // namespace pathwise
