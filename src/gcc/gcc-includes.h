// The GCC headers the plugin needs, in the order GCC requires. Include this
// after the C++ standard headers and pathwise's own headers.
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#define INCLUDE_STRING // (GCC 16 headers use std::string, std::map and std::vector)
#define INCLUDE_MAP
#define INCLUDE_VECTOR
#include "gcc-plugin.h"
#include "tree.h"
#include "tree-pass.h"
#include "context.h"
#include "function.h"
#include "basic-block.h"
#include "gimple.h"
#include "gimple-iterator.h"
#include "gimple-pretty-print.h"
#include "ssa.h"
#include "tree-dfa.h"
#include "tree-cfg.h"
#include "cgraph.h"
#include "stringpool.h"
#include "attribs.h"
#include "diagnostic.h"
#include "bversion.h"
#if BUILDING_GCC_MAJOR >= 16
#include "diagnostics/paths.h"
#include "diagnostics/digraphs.h"
#include "diagnostics/metadata.h"
#include "tree-logical-location.h"
#else
#include "diagnostic-path.h"
#include "diagnostic-metadata.h"
#endif
#include "internal-fn.h"
#include "options.h"
#include "intl.h"
