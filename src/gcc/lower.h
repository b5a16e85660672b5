// Lowering: GIMPLE SSA function bodies into pathwise IR.
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <string>
#include <unordered_map>

#include "ir/ir.h"

struct function;

namespace pathwise::plugin {

// Lowers function bodies into one module. Each declaration is one symbol:
// entities that share a name (static functions or variables of different
// translation units under -flto, function-local statics, C++ overloads)
// get symbols of their own, named "NAME.N".
class ModuleLowering {
public:
  explicit ModuleLowering(ir::Module &m) : m_module(m) {}
  // Lowers one function body into the module's functions. Returns false
  // (with a reason) if the body could not be lowered; the module is then
  // left unchanged.
  bool lower(function *fun, std::string &reason);
  // Functions that global initializers store into fields declared
  // __attribute__((tainted_args)) take tainted arguments too (GCC's
  // rule): marks the lowered ones.
  void mark_tainted_callbacks();
  // Marks the module's functions whose address a variable's initializer
  // holds (Symbol::address_taken).
  void mark_functions_in_data();

private:
  ir::Module &m_module;
  std::unordered_map<const void *, uint32_t> m_symbols; // declaration -> symbol
};

} // namespace pathwise::plugin
