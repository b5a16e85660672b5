// What the pathwise and pathwise-gcc commands share: which gcc to run and
// which plugin to load.
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <cstdlib>
#include <string>

#include <sys/stat.h>

namespace pathwise::tools {

// $PATHWISE_PLUGIN, else the plugin this was built with (if it is still
// there), else `pathwise` from GCC's plugin directory.
inline std::string plugin_path() {
  if (const char *p = getenv("PATHWISE_PLUGIN"))
    return p;
#ifdef PATHWISE_PLUGIN_PATH
  struct stat st;
  if (stat(PATHWISE_PLUGIN_PATH, &st) == 0)
    return PATHWISE_PLUGIN_PATH;
#endif
  return "pathwise";
}

// $PATHWISE_GCC, else gcc.
inline std::string gcc_driver() {
  const char *g = getenv("PATHWISE_GCC");
  return g && *g ? g : "gcc";
}

} // namespace pathwise::tools
