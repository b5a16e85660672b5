// Emission of findings through GCC's diagnostics: a diagnostic_path of
// numbered events on the rich_location, the CWE in diagnostic_metadata.
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "diagnostics/finding.h"
#include "ir/ir.h"

namespace pathwise::plugin {

// Emits one finding as a GCC warning with its path.
// Reports a finding through GCC's diagnostics; true if it was shown (not
// a note, not silenced by -Wno-..., a pragma, or a system header).
bool emit_finding(const ir::Module &m, const Finding &f);

} // namespace pathwise::plugin
