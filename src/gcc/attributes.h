// Attributes newer GCCs know and GCC 12 does not (fd_arg, fd_arg_read,
// fd_arg_write from GCC 13; null_terminated_string_arg from GCC 14):
// registered by the plugin, so code written for a newer GCC compiles
// without "attribute ignored" and is understood.
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

namespace pathwise::plugin {

void register_new_attributes(const char *plugin_name);

} // namespace pathwise::plugin
