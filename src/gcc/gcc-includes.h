// The GCC headers the plugin needs, in the order GCC requires. Include this
// after the C++ standard headers and pathwise's own headers.
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

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
#include "diagnostic-path.h"
#include "diagnostic-metadata.h"
#include "internal-fn.h"
#include "options.h"
#include "intl.h"
