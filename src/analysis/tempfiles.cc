// The mktemp family (GCC 17's mktemp warnings): a template the call will
// overwrite must be writable and end in the six 'X's it replaces (before
// the suffix mkstemps is told of); mkostemp's flags need not say what it
// always does.
// SPDX-License-Identifier: GPL-3.0-or-later
#include "analysis/analysis.h"

namespace pathwise::detail {

namespace {

// How a function of the family reads its arguments: where the suffix
// length and the flags are (-1: none).
struct TempFunction {
  const char *name;
  int suffix, flags;
};

constexpr TempFunction kTempFunctions[] = {
    {"mktemp", -1, -1},   {"mkstemp", -1, -1},  {"mkstemp64", -1, -1},  {"mkdtemp", -1, -1},
    {"mkostemp", -1, 1},  {"mkostemp64", -1, 1}, {"mkstemps", 1, -1},   {"mkstemps64", 1, -1},
    {"mkostemps", 1, 2},  {"mkostemps64", 1, 2},
};

} // namespace

// An engine warning about a call, with what %D and %X stand for.
void FunctionAnalysis::report_with(const Warning &w, const std::string &callee, const Loc &loc,
                                   const std::string &what) {
  const size_t before = m_pending.size();
  report_region(w, "", loc, {}, callee);
  if (m_pending.size() > before)
    m_pending.back().detail2 = what;
}

void FunctionAnalysis::check_temp_template(const State &s, const CallEvent &call, const Loc &loc) {
  const TempFunction *f = nullptr;
  for (const TempFunction &t : kTempFunctions)
    if (libc::named(call.callee, {t.name}))
      f = &t;
  if (!f || call.args.empty())
    return;
  const std::string callee(call.callee);
  // A string literal: the call writes into it.
  if (m_svals[root_of(call.args[0])].kind == SK::StrAddr) {
    report_region(kMktempOfStringLiteral, "", loc, {}, callee);
    return;
  }
  // The template, where the path knows it: six 'X's before the suffix.
  std::string text;
  int64_t suffix = 0;
  if (known_string(s, call.args[0], text) &&
      (f->suffix < 0 ||
       (static_cast<size_t>(f->suffix) < call.args.size() && known_value(s, call.args[static_cast<size_t>(f->suffix)], suffix)))) {
    const bool fits = suffix >= 0 && text.size() >= static_cast<size_t>(suffix) + 6 &&
                      text.compare(text.size() - static_cast<size_t>(suffix) - 6, 6, "XXXXXX") == 0;
    if (!fits)
      report_with(kMktempMissingPlaceholder, callee, loc,
                  f->suffix < 0 ? "does not end in %<XXXXXX%>"
                                : "does not have %<XXXXXX%> before its " + std::to_string(suffix) + "-character suffix");
  }
  // mkostemp's flags: O_RDWR, O_CREAT and O_EXCL it implies (some systems
  // reject them).
  int64_t flags = 0;
  if (f->flags >= 0 && static_cast<size_t>(f->flags) < call.args.size() &&
      known_value(s, call.args[static_cast<size_t>(f->flags)], flags)) {
    std::string said;
    for (const auto &[name, linux_value] : {std::pair<const char *, int64_t>{"O_RDWR", 02}, {"O_CREAT", 0100},
                                            {"O_EXCL", 0200}}) {
      int64_t v = linux_value;
      m_module.constant(name, v);
      if (v && (flags & v) == v)
        said += (said.empty() ? "" : ", ") + std::string("%<") + name + "%>";
    }
    if (!said.empty())
      report_with(kMkostempRedundantFlags, callee, loc, said);
  }
}

} // namespace pathwise::detail
