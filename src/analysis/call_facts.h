// What the calls of a translation unit give the parameters of a static
// function that is analysed on its own only because no caller stepped
// into it: the preconditions of that analysis.
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <cstdint>
#include <vector>

#include "analysis/engine.h"
#include "ir/ir.h"

namespace pathwise {

// For each function, the functions whose bodies call it directly (each
// once), by index into Module::functions.
std::vector<std::vector<uint32_t>> callers_of(const ir::Module &m);

// Adds what one call of function f gave its parameters to what other
// calls gave: the ranges grow to hold both, a value stays non-zero (a
// pointer non-NULL) only if it was at every call.
void add_call_facts(CallFacts &into, uint32_t f, const std::vector<ArgFacts> &args);

// Adds what one analysis saw at its calls (FunctionResult::
// calls_not_entered) to what earlier ones saw, function by function
// (add_call_facts).
void merge_call_facts(CallFacts &into, const CallFacts &from);

// The facts every call gives function f's parameters, into out: known
// when every function that calls f was analysed on its own (an entry, or
// a static function no caller stepped into, analysed before f) and that
// analysis explored all of its paths (complete[g]: not too complex, no
// path cut), so that the calls the analyses saw are all the calls a run
// can make, and at least one was seen. False if not known.
bool facts_of_calls(const std::vector<std::vector<uint32_t>> &callers, const std::vector<bool> &complete,
                    const CallFacts &seen, uint32_t f, std::vector<ArgFacts> &out);

} // namespace pathwise
