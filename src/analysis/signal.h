// Signal-handler safety: unsafe calls a registered handler can reach.
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <string_view>
#include <vector>

#include "diagnostics/finding.h"
#include "ir/ir.h"

namespace pathwise {

// One finding (unsafe-call-within-signal-handler, CWE-479) per call to a
// function that is not async-signal-safe, in a function that a handler
// registered with signal()/sigaction() can reach through direct calls.
std::vector<Finding> signal_findings(const ir::Module &m);

// Is the named function one POSIX lists as async-signal-safe (or a
// compiler helper touching no shared state)? "__builtin_memcpy" is memcpy.
bool is_async_signal_safe(std::string_view name);

} // namespace pathwise
