// pathwise-gcc: a drop-in for `gcc -fanalyzer` that runs pathwise instead.
// SPDX-License-Identifier: GPL-3.0-or-later
//
//   pathwise-gcc [GCC ARGUMENTS...]
//
// Every argument goes to gcc unchanged except GCC's analyzer options, which
// are mapped onto the plugin's:
//   -fanalyzer / -fno-analyzer        analyse or not (the last one wins;
//                                     without either, pathwise analyses)
//   -Wno-analyzer-NAME, -Wanalyzer-NAME
//                                     kept for gcc (its own option, and
//                                     #pragma GCC diagnostic, silence a
//                                     warning GCC 12 knows); for the ones it
//                                     does not know, disable/enable=NAME
//   -Wanalyzer-too-complex            enable=too-complex
//   -fanalyzer-checker=NAME           only that checker's warnings
//   -fanalyzer-*, -fno-analyzer-*, -fdump-analyzer*, --param analyzer-*
//                                     dropped (GCC's own engine's settings)
// The driver is $PATHWISE_GCC or gcc; the plugin $PATHWISE_PLUGIN, else the
// one this was built with, else `pathwise` from GCC's plugin directory.
// gcc is executed directly (execvp: no shell ever sees an argument); its
// exit status is pathwise-gcc's.
#include <algorithm>
#include <cerrno>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <set>
#include <string>
#include <vector>

#include <unistd.h>

#include "analysis/engine.h"
#include "tools/common.h"

namespace {

bool starts_with(const std::string &s, const char *prefix) { return s.rfind(prefix, 0) == 0; }

std::string join(const std::set<std::string> &names) {
  std::string out;
  for (const std::string &n : names)
    out += (out.empty() ? "" : ",") + n;
  return out;
}

// Warnings GCC 12 itself has a -Wanalyzer- option for (it then honours
// -Wno-... and pragmas by itself).
bool gcc_knows(const std::string &name) {
  static const std::set<std::string> known = {
      "double-fclose", "double-free", "exposure-through-output-file", "file-leak", "free-of-non-heap",
      "malloc-leak", "mismatching-deallocation", "null-argument", "null-dereference", "possible-null-argument",
      "possible-null-dereference", "shift-count-negative", "shift-count-overflow", "stale-setjmp-buffer",
      "tainted-allocation-size", "tainted-array-index", "tainted-divisor", "tainted-offset", "tainted-size",
      "too-complex", "unsafe-call-within-signal-handler", "use-after-free", "use-of-pointer-in-stale-stack-frame",
      "use-of-uninitialized-value", "write-to-const", "write-to-string-literal"};
  return known.count(name) > 0;
}

} // namespace

int main(int argc, char **argv) {
  const std::vector<std::string> all_names = pathwise::Engine::warning_names();
  const auto by_checker = pathwise::Engine::checker_warnings();
  std::vector<std::string> out;
  bool analyse = true;
  std::set<std::string> disable, enable;
  std::string only; // -fanalyzer-checker=NAME
  for (int i = 1; i < argc; ++i) {
    const std::string a = argv[i];
    if (a == "-fanalyzer") {
      analyse = true;
    } else if (a == "-fno-analyzer") {
      analyse = false;
    } else if (starts_with(a, "-fanalyzer-checker=")) {
      only = a.substr(19);
      if (!by_checker.count(only)) {
        std::string valid;
        for (const auto &c : by_checker)
          valid += (valid.empty() ? "" : ", ") + c.first;
        fprintf(stderr, "pathwise-gcc: unknown checker '%s' in '%s'; valid checkers are: %s\n", only.c_str(),
                a.c_str(), valid.c_str());
        return 2;
      }
    } else if (starts_with(a, "-fanalyzer") || starts_with(a, "-fno-analyzer") || starts_with(a, "-fdump-analyzer")) {
      // GCC's own engine's settings: nothing of pathwise's.
    } else if (a == "--param" && i + 1 < argc && starts_with(argv[i + 1], "analyzer-")) {
      ++i;
    } else if (starts_with(a, "--param=analyzer-")) {
    } else if (starts_with(a, "-Wno-analyzer-") || starts_with(a, "-Wanalyzer-")) {
      const bool off = starts_with(a, "-Wno-");
      const std::string name = a.substr(off ? 14 : 11);
      const bool ours = std::find(all_names.begin(), all_names.end(), name) != all_names.end();
      if (name == "too-complex")
        (off ? disable : enable).insert(name);
      else if (ours && !gcc_knows(name))
        (off ? disable : enable).insert(name), (off ? enable : disable).erase(name);
      if (gcc_knows(name) || !ours)
        out.push_back(a); // gcc's option (it silences the warning itself), or
                          // a name nobody knows: gcc says what it says of it
    } else {
      out.push_back(a);
    }
  }
  std::vector<std::string> cmd;
  cmd.push_back(pathwise::tools::gcc_driver());
  if (analyse) {
    std::string why;
    const std::string plugin = pathwise::tools::plugin_path(why);
    if (plugin.empty()) {
      fprintf(stderr, "pathwise-gcc: %s\n", why.c_str());
      return 1;
    }
    cmd.push_back("-fplugin=" + plugin);
    if (!only.empty()) {
      const auto &keep = by_checker.at(only);
      for (const std::string &n : all_names)
        if (std::find(keep.begin(), keep.end(), n) == keep.end())
          disable.insert(n);
    }
    for (const std::string &n : enable)
      disable.erase(n);
    if (!disable.empty())
      cmd.push_back("-fplugin-arg-pathwise-disable=" + join(disable));
    if (!enable.empty())
      cmd.push_back("-fplugin-arg-pathwise-enable=" + join(enable));
  }
  cmd.insert(cmd.end(), out.begin(), out.end());
  std::vector<char *> args;
  for (std::string &c : cmd)
    args.push_back(c.data());
  args.push_back(nullptr);
  execvp(args[0], args.data());
  fprintf(stderr, "pathwise-gcc: cannot run '%s': %s\n", args[0], strerror(errno));
  return 127;
}
