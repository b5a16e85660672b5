// The checker registry: one line per checker, in a fixed order.
// SPDX-License-Identifier: GPL-3.0-or-later
#include "checkers/spec_checker.h"

#include <algorithm>
#include <set>
#include <string>

namespace pathwise {

std::unique_ptr<Checker> make_file_checker();
std::unique_ptr<Checker> make_malloc_checker();
std::unique_ptr<Checker> make_fd_checker();
std::unique_ptr<Checker> make_taint_checker();
std::unique_ptr<Checker> make_sensitive_checker();

std::vector<std::unique_ptr<Checker>> make_checkers() {
  std::vector<std::unique_ptr<Checker>> out;
  out.push_back(make_malloc_checker());
  out.push_back(make_file_checker());
  out.push_back(make_fd_checker());
  out.push_back(make_taint_checker());
  out.push_back(make_sensitive_checker());
  return out;
}

std::vector<std::unique_ptr<Checker>> make_checkers(const std::vector<std::shared_ptr<const spec::Spec>> &specs) {
  std::vector<std::unique_ptr<Checker>> out = make_checkers();
  std::set<std::string> taken;
  for (const auto &sp : specs) {
    if (!taken.insert(sp->name).second)
      continue;
    auto same = std::find_if(out.begin(), out.end(), [&](const auto &c) { return sp->name == c->name(); });
    if (same != out.end())
      *same = make_spec_checker(sp);
    else
      out.push_back(make_spec_checker(sp));
  }
  return out;
}

} // namespace pathwise
