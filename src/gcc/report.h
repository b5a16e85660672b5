// Emission of findings through GCC's diagnostics: a diagnostic_path of
// numbered events on the rich_location, the CWE in diagnostic_metadata.
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "diagnostics/finding.h"
#include "ir/ir.h"

namespace pathwise::plugin {

// Emits one finding as a GCC warning with its path.
void emit_finding(const ir::Module &m, const Finding &f);

} // namespace pathwise::plugin
