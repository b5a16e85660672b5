// Parameters a function leaves as they were: pointers through which its
// body never writes the object they point to, which it never stores where
// other code could reach them, and which it hands only to calls that leave
// them too (the C library's readers, parameters declared pointer to const,
// the module's functions that leave theirs). A call the engine does not
// step into then leaves that object as a call given a pointer to const
// would: "wp = spawn_pane (sc, cause)" keeps what the caller knew of
// sc->flags. (What the object points to may still change: its contents
// escape as before.)
// SPDX-License-Identifier: GPL-3.0-or-later
#include <algorithm>

#include "analysis/libc.h"
#include "analysis/summary.h"

namespace pathwise {

using namespace ir;

namespace {

// Whether function f's body itself changes what its parameter at index k
// points to, or lets it go where something else might; else, in `needs`,
// the parameters of the module's functions it is handed to (flattened
// indices, by `first`), which must leave it too.
bool changes_param(const Module &m, size_t f, size_t k, const std::vector<uint32_t> &first,
                   std::vector<uint32_t> &needs) {
  const Function &fn = m.functions[f];
  // The pointers into that object: the parameter, and what copies,
  // conversions, arithmetic, phis and field addresses make of it.
  std::vector<bool> into(fn.temps.size(), false);
  into[fn.params[k]] = true;
  auto from = [&](const Operand &o) { return o.is_temp() && o.id < into.size() && into[o.id]; };
  for (bool grew = true; grew;) {
    grew = false;
    for (const Block &b : fn.blocks)
      for (const Instruction &in : b.insns) {
        if (!in.result || in.result >= into.size() || into[in.result])
          continue;
        const bool derived =
            ((in.opcode == Opcode::Copy || in.opcode == Opcode::Unary || in.opcode == Opcode::Binary ||
              in.opcode == Opcode::Phi) &&
             std::any_of(in.operands.begin(), in.operands.end(), from)) ||
            (in.opcode == Opcode::Addr && in.place.base == PlaceBase::Deref && from(in.place.pointer));
        if (derived)
          into[in.result] = grew = true;
      }
  }
  for (const Block &b : fn.blocks)
    for (const Instruction &in : b.insns) {
      switch (in.opcode) {
      case Opcode::Store:
        // Written through, or kept in memory (another pointer to it).
        if ((in.place.base == PlaceBase::Deref && from(in.place.pointer)) ||
            std::any_of(in.operands.begin(), in.operands.end(), from))
          return true;
        break;
      case Opcode::Unknown:
        if (std::any_of(in.operands.begin(), in.operands.end(), from))
          return true;
        break;
      case Opcode::Call: {
        const Operand &callee = in.operands[0];
        const Symbol *sym = callee.kind == OpKind::Func && callee.id < m.symbols.size() ? &m.symbols[callee.id] : nullptr;
        if (sym && sym->is_noreturn)
          break; // (the path ends there)
        for (size_t a = 1; a < in.operands.size(); ++a) {
          if (!from(in.operands[a]))
            continue;
          const auto n = static_cast<uint32_t>(a);
          if (sym && std::find(sym->const_pointee.begin(), sym->const_pointee.end(), n) != sym->const_pointee.end())
            continue;
          if (sym && sym->body < 0 && libc::reads_only(sym->name))
            continue;
          const auto body = sym ? static_cast<size_t>(sym->body) : 0;
          if (!sym || sym->body < 0 || a - 1 >= m.functions[body].params.size())
            return true;
          needs.push_back(first[body] + static_cast<uint32_t>(a - 1));
        }
        break;
      }
      default: break;
      }
    }
  return false;
}

} // namespace

void ModuleSummary::find_unchanged_params(const Module &m) {
  const size_t n = m.functions.size();
  // Each function's parameters, flattened: function f's k-th is first[f] + k.
  std::vector<uint32_t> first(n + 1, 0);
  for (size_t f = 0; f < n; ++f)
    first[f + 1] = first[f] + static_cast<uint32_t>(m.functions[f].params.size());
  // What each body says on its own, and whose parameters it hands its own
  // to; then down to those every one of those leaves (a recursion passing
  // one on leaves it).
  std::vector<bool> leaves(first[n], false);
  std::vector<std::vector<uint32_t>> needs(first[n]);
  for (size_t f = 0; f < n; ++f) {
    const Function &fn = m.functions[f];
    for (size_t k = 0; k < fn.params.size() && !fn.blocks.empty(); ++k)
      leaves[first[f] + k] = fn.params[k] < fn.temps.size() && fn.temps[fn.params[k]].type.is_pointer() &&
                             !changes_param(m, f, k, first, needs[first[f] + k]);
  }
  keep_where_callees_have(leaves, needs);
  leaves_param.assign(n, {});
  for (size_t f = 0; f < n; ++f)
    if (!m.functions[f].blocks.empty())
      leaves_param[f].assign(leaves.begin() + first[f], leaves.begin() + first[f + 1]);
}

} // namespace pathwise
