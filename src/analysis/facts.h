// Project facts: what one translation unit's analysis tells the others
// about the functions it defines, through a folder every unit of a project
// reads and writes (the facts store). A unit compiled alone knows nothing of
// a function defined in another file: an exit wrapper ("fatal ()" calling
// exit) is a call that returns, an allocator that never gives NULL
// ("xmalloc") one that may. With the store, the unit that defines them says
// so, and the units that call them know it on their next analysis.
//
// The text form, one file per translation unit (docs/FACTS.md):
//
//   pathwise-facts 1
//   function NAME [noreturn] [nonnull]
//
// NAME is the function's link name; every function the unit exports is
// listed, with the facts its analysis proved. Read together, a fact holds
// for NAME only if every unit that defines NAME states it (a project that
// builds several programs may define one name twice, differently).
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <map>
#include <string>
#include <vector>

#include "ir/ir.h"

namespace pathwise {

struct FunctionFacts {
  bool never_returns = false;   // no call of it returns
  bool returns_nonnull = false; // every call that returns gives a pointer that is not NULL
  bool operator==(const FunctionFacts &o) const {
    return never_returns == o.never_returns && returns_nonnull == o.returns_nonnull;
  }
};

// By link name.
using ProjectFacts = std::map<std::string, FunctionFacts>;

// The text form of one unit's facts.
std::string facts_text(const ProjectFacts &facts);

// Reads one unit's text into `into`, each function's facts met with
// those other units gave it (kept only where both state them). False,
// with why in `error` (naming the line), for a text that is not in the
// form; `into` is then unchanged.
bool read_facts_text(const std::string &text, ProjectFacts &into, std::string &error);

// Every unit's facts in the store `dir` (its *.facts files), merged as
// above. A file that cannot be read or is not in the form is skipped,
// with one line naming it and why in `problems`. A missing folder is an
// empty store.
ProjectFacts read_facts_store(const std::string &dir, std::vector<std::string> &problems);

// Writes one unit's facts into the store (creating the folder), as
// DIR/<unit's base name>-<hash of unit>.facts, replaced whole (written
// aside, then renamed, so a unit read at the same time is never half
// written). `unit` names the translation unit (its source's absolute path).
// False, with why in `error`, if it cannot.
bool write_facts_store(const std::string &dir, const std::string &unit, const ProjectFacts &facts,
                       std::string &error);

// Gives the functions the module declares but does not define (not the C
// library's) the facts the store holds for them: noreturn, returns_nonnull.
// Returns how many symbols gained a fact.
size_t apply_facts(ir::Module &m, const ProjectFacts &facts);

// What the module's analysis proved of one function it defines.
struct ProvenOutcome {
  bool never_returns = false;   // no path returns (from the module's summary or its paths)
  bool returns_nonnull = false; // every path that returns gives a non-NULL pointer
};

// The functions whose analysis may prove a fact (by function index): those
// the module exports that return a pointer, or that call a function that
// never returns or may end the path (the module's own: never_returns and
// may_end_path of its summary). What a unit analysed only for its facts
// (facts-only) explores.
std::vector<bool> may_prove_facts(const ir::Module &m, const std::vector<bool> &never_returns,
                                  const std::vector<bool> &may_end_path);

// The facts of the functions the module exports (every function with a
// body that is not static), from what was proved of each (by function
// index; a function without an entry proves nothing).
ProjectFacts unit_facts(const ir::Module &m, const std::vector<ProvenOutcome> &proven);

} // namespace pathwise
