// SARIF 2.1.0 output: findings as a log that code-scanning tools read.
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <string>
#include <vector>

#include "diagnostics/finding.h"
#include "ir/ir.h"

namespace pathwise {

// What a rule is: a warning's name, its CWE (0: none) and that CWE's title.
// Example: {"double-free", 415, "Double Free"}.
struct RuleInfo {
  std::string name;
  int cwe = 0;
  std::string cwe_title;
  std::string description; // its message, in general terms ("double-'free' of 'x'")
  bool on = true;          // reported unless turned off
  std::string rule;        // a coding-standard rule it enforces ("POS34-C"), if any
};

// A fingerprint of a finding that survives edits elsewhere in its file:
// it hashes the warning, the file, the function, the message and the
// finding's rank among equal ones, not line numbers. 16 hex digits.
std::string fingerprint(const ir::Module &m, const Finding &f, int rank);

// The SARIF 2.1.0 log (one run) of the findings: a rule per warning with
// its CWE as a taxon of the CWE taxonomy, a result per finding with its
// location, its path as a code flow (thread flow locations with nesting
// levels) and a partial fingerprint. Notes (introspection) are left out.
std::string to_sarif(const ir::Module &m, const std::vector<Finding> &findings, const std::vector<RuleInfo> &rules,
                     const std::string &version);

// The plugin's sarif=- writes the log to stderr, after the diagnostics,
// between these two lines (each alone on its line): a compile run on
// another machine (distcc) sends back only its stderr and object file.
// pathwise scan cuts the log out of what the compiler said.
constexpr const char *kSarifBegin = "pathwise: SARIF log follows";
constexpr const char *kSarifEnd = "pathwise: end of SARIF log";

// Cuts the SARIF log that sarif=- wrote out of a compiler's stderr: what
// is left (the diagnostics) stays in `said`; the log, if one was there,
// goes to `log`. False when none was there, or it was cut short.
bool take_sarif_log(std::string &said, std::string &log);

// A path as a URI's path: bytes outside RFC 3986's unreserved set and '/'
// %-escaped ("50%/a b.c" -> "50%25/a%20b.c").
std::string uri_escape(const std::string &path);

} // namespace pathwise
