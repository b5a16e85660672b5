// Emission of findings through GCC's diagnostics: a diagnostic_path of
// numbered events on the rich_location, the CWE in diagnostic_metadata.
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "diagnostics/finding.h"
#include "ir/ir.h"

namespace pathwise::plugin {

// Pictures of out-of-bounds accesses after their warnings: asked for
// with -fplugin-arg-pathwise-diagrams=yes|no|ascii|unicode; by default
// when GCC writes its diagnostics as text to a terminal, without
// -fdiagnostics-plain-output. Unicode's box drawing when the locale is
// UTF-8, else ASCII.
enum class DiagramChoice { Auto, Yes, No, Ascii, Unicode };

// Whether to draw, and how, given the choice and GCC's options.
bool diagrams_wanted(DiagramChoice choice, Charset &charset);

// Reports a finding through GCC's diagnostics, with its picture after it
// when draw is set; true if it was shown (not a note, not silenced by
// -Wno-..., a pragma, or a system header).
bool emit_finding(const ir::Module &m, const Finding &f, bool draw = false, Charset charset = Charset::Ascii);

} // namespace pathwise::plugin
