// The bodies GCC never lowers when not optimizing: a C function defined
// 'inline' without 'static' (C99's inline definition, GNU's 'extern
// inline') is there for inlining only; the program's own definition is in
// another file. At -O0 GCC leaves such a body as the front end made it, so
// a call to it (gnulib's xsum, gl_list_add_first) would be a call to an
// unknown function. This lowers the bodies the translation unit calls, as
// at -O1 and above, for the analysis only: GCC drops them again before
// code generation, as it does when optimizing.
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

struct opt_pass;

namespace pathwise::plugin {

// Registers the callback that lowers the bodies when the IPA passes start.
// lower_pass: the pass that lowers a body into the analysis's module (it
// runs in the pass list that builds SSA form, which these bodies go
// through).
void register_inline_bodies(const char *plugin_name, opt_pass *lower_pass);

} // namespace pathwise::plugin
