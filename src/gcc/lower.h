// Lowering: GIMPLE SSA function bodies into pathwise IR.
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <string>

#include "ir/ir.h"

struct function;

namespace pathwise::plugin {

// Lowers one function body into m.functions. Returns false (with a reason)
// if the body could not be lowered; the module is then left unchanged.
bool lower_function(ir::Module &m, function *fun, std::string &reason);

} // namespace pathwise::plugin
