// Named constants of the translation unit that checkers read (O_RDONLY and
// the like): macros, and enumerators looked up while the C front end still
// knows them.
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "ir/ir.h"

namespace pathwise::plugin {

// Registers the front-end callback that sees enumerators.
void register_named_constants(const char *plugin_name);
// Gives the module the values found for the names checkers ask for.
void fill_named_constants(ir::Module &m);

} // namespace pathwise::plugin
