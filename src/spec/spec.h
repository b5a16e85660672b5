// Checkers declared in a file: the rules of an API's handles (which calls
// make them, which move them between states, which calls are wrong in
// which state, what must not be lost), written in TOML and read into a
// Spec that src/checkers/spec_checker.cc runs as a checker.
// SPDX-License-Identifier: GPL-3.0-or-later
//
// The format is documented in docs/SPECS.md; specs/ holds the shipped ones.
#pragma once

#include <cstdint>
#include <map>
#include <memory>
#include <regex>
#include <string>
#include <string_view>
#include <vector>

#include "ir/ir.h"

namespace pathwise::spec {

// A spec that cannot be read: "FILE:LINE: what is wrong; what is valid".
struct SpecError {
  std::string message;
};

// Functions a rule applies to: names, or regular expressions written
// "/.../" (matched against the whole name). A name given as
// "__builtin_fputs" by the compiler matches "fputs" too.
struct FunctionSet {
  std::vector<std::string> names;
  std::vector<std::string> pattern_texts;
  std::vector<std::regex> patterns;
  bool matches(std::string_view callee) const;
  bool empty() const { return names.empty() && patterns.empty(); }
};

// What a function's result means when it failed: "== NULL", "< 0",
// "== -1", "!= 0" (op and constant; None: it cannot fail).
struct Failure {
  ir::OpName op = ir::OpName::None;
  int64_t value = 0;
  bool null = false; // written "== NULL" or "!= NULL": a pointer test
};

// A call that makes a tracked value: its result, or one of its arguments
// itself (arg, 1-based: pthread_mutex_lock's mutex). A failure tests the
// result: the handle is made only when the call did not fail (for a
// result handle, what the caller's test of it says; for an argument, the
// call's failure is an outcome of its own).
struct Acquire {
  FunctionSet functions;
  int arg = 0; // 0: the result
  int out = 0; // 1-based: the handle is what the call stores through this argument (sqlite3_open's &db)
  std::string state;
  Failure failure;
  bool unless_unused = false; // not when the caller throws the result away
  int line = 0;
};

// A call that moves argument arg (1-based) from one of the states in from
// (empty: any, "start" included) to state to.
struct Move {
  FunctionSet functions;
  int arg = 1;
  std::vector<std::string> from;
  std::string to;
  bool escapes = false; // the call may keep the value (the engine lets it escape)
  int line = 0;
};

// A warning: raised by a call given a value in one of the states in
// (call), when a value in one of the states leak is lost, or when the
// function returns with a value in one of the states at_return.
struct Warning {
  std::string name;
  int cwe = 0;
  std::string cwe_title;
  std::string message;      // %E: the value's expression; %D: the function called
  std::string final_text;   // the last event; %N: the event into ref
  std::string final_no_ref; // ...when that event is not on the path
  std::string ref;          // the state whose entering event %N names
  std::vector<std::pair<std::string, std::string>> events; // state entered -> wording
  // Raised by a call:
  FunctionSet call;
  int call_arg = 0; // 1-based; 0: any argument
  std::vector<std::string> in;
  std::string then; // the state afterwards ("": unchanged)
  // Raised by a lost value:
  std::vector<std::string> leak;
  // Raised by a value a fallible call made in one of these states, lost
  // before anything tested it (a result that must be checked):
  std::vector<std::string> unchecked;
  // Raised by a value in one of these states when the analysed function
  // returns (a lock still held):
  std::vector<std::string> at_return;
  bool on = true; // on unless the spec says on = false (enable=NAME turns it on)
  std::string unnamed_message, unnamed_final, unnamed_final_no_ref; // a value nothing names
  int line = 0;
};

struct Spec {
  std::string file;
  std::string name;                // the checker's name
  std::vector<std::string> states; // the spec's own states
  std::vector<Acquire> acquires;
  std::vector<Move> moves;
  std::vector<FunctionSet> uses; // take a value without keeping it
  std::vector<Warning> warnings;
};

// Reads a spec from text (file names the errors) or from a file.
Spec parse_spec(std::string_view text, const std::string &file);
Spec load_spec(const std::string &path);

// The specs that apply to a source file: every *.toml in a .pathwise
// folder of the file's directory or of one above it (nearest first).
std::vector<std::string> find_specs(const std::string &source_file);
// The *.toml files of a folder, sorted (none if it is not one).
std::vector<std::string> specs_in(const std::string &dir);
// The specs pathwise ships, on by default: *.toml in $PATHWISE_SPECS if
// set, else in the source tree's specs/ while it exists, else in the
// first installed folder that exists (installed: a colon-separated list).
std::vector<std::string> shipped_specs(const std::string &installed, const std::string &source);

} // namespace pathwise::spec
