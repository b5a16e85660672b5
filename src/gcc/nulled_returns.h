// Returns the C front end rewrote: "return buf;" for a local array (or
// "return &x;") becomes "return NULL;" (with -Wreturn-local-addr), so a
// caller's dereference is a NULL one; the analysis says why.
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <cstdint>
#include <string>
#include <utility>
#include <vector>

union tree_node;

namespace pathwise::plugin {

// Registers the front-end callback that sees the rewritten returns.
void register_nulled_returns(const char *plugin_name);
// The lines of a function's rewritten returns, each with the local.
std::vector<std::pair<uint32_t, std::string>> nulled_returns_of(tree_node *fndecl);

} // namespace pathwise::plugin
