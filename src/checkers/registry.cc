// The checker registry: one line per checker, in a fixed order.
// SPDX-License-Identifier: GPL-3.0-or-later
#include "checkers/checker.h"

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

} // namespace pathwise
