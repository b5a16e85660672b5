// What the engine knows of the module as a whole before it explores any
// path: which functions are entries, which are worth stepping into, what
// they change, the constant arguments and results of static functions, and
// which globals no code can change.
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <cstdint>
#include <map>
#include <memory>
#include <string>
#include <utility>
#include <vector>

#include "checkers/checker.h"
#include "ir/ir.h"

namespace pathwise {

// A property that holds where it holds of the thing's own body and of
// everything it depends on (a function's callees; a parameter's, the
// callees' parameters it is handed to): flag, true where the body has it,
// keeps the largest set closed under callees (those depending on one
// another round a cycle keep it together).
void keep_where_callees_have(std::vector<bool> &flag, const std::vector<std::vector<uint32_t>> &callees);

struct ModuleSummary {
  // Computes every summary of module m; max_call_depth is how deep the
  // engine steps into calls (worth_entering reaches that far up).
  ModuleSummary(const ir::Module &m, const std::vector<std::unique_ptr<Checker>> &checkers, size_t max_call_depth);

  // By function. An entry is analysed on its own: every function but a
  // static one that other functions only call directly.
  std::vector<bool> entries;
  // Worth stepping into whatever the arguments: reaches (through calls,
  // up to the call depth) what a checker models or an introspection call,
  // or may return NULL.
  std::vector<bool> worth_entering;
  // Changes no memory outside its own frame.
  std::vector<bool> writes_nothing;
  // Changes none of the program's memory outside its own frame, though it
  // may act on the world: it stores only to its own variables and calls,
  // besides such functions, C library functions given no pointer (fork,
  // close) or only a function to keep for later (signal's handler).
  std::vector<bool> keeps_program_memory;
  // Calls a C library function that copies between two buffers it is
  // given (memcpy, strcpy): worth stepping into when a caller passes it
  // two pointers into one object (CWE-475).
  std::vector<bool> copies_buffers;
  // By function: no path through its body returns (every one ends in
  // exit, abort or another noreturn call: a "die ()" helper the compiler
  // was not told is noreturn). A call to it ends the path even when the
  // analysis does not step into it.
  std::vector<bool> never_returns;
  // By function: some of its paths end in a call that never returns, not
  // all ("err (fatal, ...)" exiting when fatal is set): a caller may never
  // return, depending on what it gives it (see facts.h may_prove_facts).
  std::vector<bool> may_end_path;
  // By function: the group of functions that call one another round a
  // cycle passing on only their parameters and constants ("bar (b)"
  // calling "foo (b)" calling "bar (b)": a mutual recursion nothing
  // bounds, if every call is made); -1 for a function in no such cycle.
  // Analysing one, the engine steps into the others.
  std::vector<int32_t> recursion_group;
  // By function: calls va_start (reads its unnamed arguments).
  std::vector<bool> reads_varargs;
  // By function, by parameter: the constant every call passes (a static
  // function only called directly), with whether there is one.
  std::vector<std::vector<std::pair<bool, int64_t>>> constant_args;
  // By function: every return gives a pointer that is not NULL, the
  // result of a call declared (or proven) to return one, or an address
  // ("return xmalloc (sizeof *cmds)"): what a call left opaque returns is
  // not NULL either.
  std::vector<bool> returns_nonnull;
  // By function: every return gives this one constant (the result of a
  // call is known without stepping in), with whether there is one.
  std::vector<std::pair<bool, int64_t>> constant_return;
  // By function: the range every value it returns lies in, where its
  // body bounds it more narrowly than its type ("return 24 +
  // lg_table[n >> 24];", "return c & 0x3f;"): what a call not stepped into
  // gives (return_ranges.cc).
  struct Range {
    bool known = false;
    int64_t lo = 0, hi = 0;
    bool operator==(const Range &o) const { return known == o.known && lo == o.lo && hi == o.hi; }
  };
  std::vector<Range> return_range;
  // By function: every return gives this parameter's value (0-based), or
  // -1 ("return iErr;": the result is that argument).
  std::vector<int> returned_arg;
  // By symbol: a variable no code can change: declared const, or a static
  // variable whose address is never taken and that no function stores to.
  // Its value at entry (its initializer, if known) holds on every path,
  // across every call.
  std::vector<bool> stable;
  // By function: what it returns depends only on its arguments: their
  // values, and the bytes its pointer arguments point to, one level deep
  // (it never follows a pointer it read from memory). It stores only into
  // its own locals, reads otherwise only string literals and stable
  // globals, and calls only such functions and the C library's readers
  // (strcmp) — or calls that never return. Two calls with the same
  // arguments, the memory they point to unchanged between them, give the
  // same result ("if (is_stdout (name)) ... if (!is_stdout (name))").
  std::vector<bool> reads_args_only;
  // By function, by parameter (0-based): a pointer through which the
  // body never changes what it points to, nor lets it go where other code
  // could (unchanged_params.cc). A call not stepped into leaves that
  // object as it was.
  std::vector<std::vector<bool>> leaves_param;
  // The symbol of __errno_location (what errno reads through), -1 if the
  // module declares none.
  int errno_location = -1;
  // The deallocators some __attribute__((malloc (D, N))) names -> N.
  std::map<std::string, uint32_t> deallocators;

  void find_recursion_groups(const ir::Module &m);
  void find_readers(const ir::Module &m);
  void find_returns_nonnull(const ir::Module &m);
  void find_return_ranges(const ir::Module &m);
  void find_unchanged_params(const ir::Module &m);

  // The entries of a module (see `entries`), on their own.
  static std::vector<bool> find_entries(const ir::Module &m);
};

} // namespace pathwise
