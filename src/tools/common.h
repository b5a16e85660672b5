// What the pathwise and pathwise-gcc commands share: which gcc to run and
// which plugin to load.
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <cstdlib>
#include <string>
#include <vector>

#include <fcntl.h>
#include <glob.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

namespace pathwise::tools {

// $PATHWISE_GCC, else gcc.
inline std::string gcc_driver() {
  const char *g = getenv("PATHWISE_GCC");
  return g && *g ? g : "gcc";
}

// What a command prints on its standard output (its first line), "" if it
// cannot be run. The command is run without a shell.
inline std::string first_line_of(const std::vector<std::string> &argv) {
  int fds[2];
  if (argv.empty() || pipe(fds) != 0)
    return "";
  const pid_t pid = fork();
  if (pid == 0) {
    dup2(fds[1], STDOUT_FILENO);
    const int null = open("/dev/null", O_WRONLY);
    if (null >= 0)
      dup2(null, STDERR_FILENO);
    close(fds[0]);
    std::vector<char *> args;
    for (const std::string &a : argv)
      args.push_back(const_cast<char *>(a.c_str()));
    args.push_back(nullptr);
    execvp(args[0], args.data());
    _exit(127);
  }
  close(fds[1]);
  std::string out;
  char buf[512];
  ssize_t n;
  while (pid > 0 && (n = read(fds[0], buf, sizeof buf)) > 0)
    out.append(buf, static_cast<size_t>(n));
  close(fds[0]);
  int status = 0;
  if (pid > 0)
    waitpid(pid, &status, 0);
  if (pid < 0 || !WIFEXITED(status) || WEXITSTATUS(status) != 0)
    return "";
  return out.substr(0, out.find('\n'));
}

// The major version of a gcc driver (gcc -dumpversion), 0 if unknown.
inline int gcc_major(const std::string &gcc) { return atoi(first_line_of({gcc, "-dumpversion"}).c_str()); }

// The GCC versions a pathwise plugin is installed for (in their plugin
// directories), as "12, 14".
inline std::string installed_plugin_versions() {
  std::string out;
  glob_t g;
  if (glob("/usr/lib/gcc/*/*/plugin/pathwise.so", 0, nullptr, &g) == 0) {
    for (size_t k = 0; k < g.gl_pathc; ++k) {
      std::string p = g.gl_pathv[k];
      p = p.substr(0, p.rfind("/plugin/"));
      out += (out.empty() ? "" : ", ") + p.substr(p.rfind('/') + 1);
    }
  }
  globfree(&g);
  return out;
}

// The plugin for the GCC that gcc_driver() runs: $PATHWISE_PLUGIN, else
// the one this was built with if it was built for that GCC's major
// version (and is still there), else the one installed in that GCC's
// plugin directory. "" and why when there is none.
inline std::string plugin_path(std::string &why) {
  if (const char *p = getenv("PATHWISE_PLUGIN"))
    return p;
  const std::string gcc = gcc_driver();
  const int major = gcc_major(gcc);
#ifdef PATHWISE_PLUGIN_PATH
  struct stat st;
  if (major == PATHWISE_GCC_MAJOR && stat(PATHWISE_PLUGIN_PATH, &st) == 0)
    return PATHWISE_PLUGIN_PATH;
#endif
  if (!major) {
    why = "cannot run '" + gcc + "' (set PATHWISE_GCC to a GCC driver)";
    return "";
  }
  const std::string dir = first_line_of({gcc, "-print-file-name=plugin"});
  if (!dir.empty() && access((dir + "/pathwise.so").c_str(), R_OK) == 0)
    return dir + "/pathwise.so";
  const std::string have = installed_plugin_versions();
  why = "no pathwise plugin for GCC " + std::to_string(major) + " ('" + gcc + "'); " +
        (have.empty() ? std::string("none is installed") : "installed for GCC " + have) +
        " (build one: cmake -DPATHWISE_GCC=" + gcc + ")";
  return "";
}


} // namespace pathwise::tools
