// A checker run from a spec file (src/spec/spec.h).
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <memory>

#include "checkers/checker.h"
#include "spec/spec.h"

namespace pathwise {

std::unique_ptr<Checker> make_spec_checker(std::shared_ptr<const spec::Spec> spec);

// The checkers with these specs: the built-in ones, a built-in replaced by
// a spec of the same name, then the other specs' (the first of a name
// wins).
std::vector<std::unique_ptr<Checker>> make_checkers(const std::vector<std::shared_ptr<const spec::Spec>> &specs);

} // namespace pathwise
