// Lowers the C inline definitions a translation unit calls at -O0 (see
// inline_bodies.h), the way GCC itself does when optimizing: the body is
// gimplified and lowered (cgraph_node::analyze), then taken through the
// passes that build SSA form, where the analysis's lowering pass sees it.
// GCC's visibility pass reclaims the body right after, as at -O1 and
// above: the object code is what it would have been.
// SPDX-License-Identifier: GPL-3.0-or-later
#include "gcc/inline_bodies.h"

#include <set>
#include <vector>

#include "gcc/gcc-includes.h"
#include "gcc/compat.h"
#include "langhooks.h"
#include "pass_manager.h"

namespace pathwise::plugin {
namespace {

opt_pass *g_lower_pass = nullptr;

// The pass list, among list and the lists inside its passes, that holds
// wanted.
opt_pass *list_holding(opt_pass *list, opt_pass *wanted) {
  for (opt_pass *p = list; p; p = p->next) {
    if (p == wanted)
      return list;
    if (p->sub)
      if (opt_pass *inner = list_holding(p->sub, wanted))
        return inner;
  }
  return nullptr;
}

// A declaration whose gimplification would give GCC something to emit:
// a static local the program declared (at -O0 GCC outputs every one it is
// told of; one the compiler made, as __func__, only if code refers to it)
// or a nested function.
bool emits_something(tree decl) {
  return (VAR_P(decl) && TREE_STATIC(decl) && !DECL_ARTIFICIAL(decl)) || TREE_CODE(decl) == FUNCTION_DECL;
}

// What leaves a body alone: see unlowered_inline_definition.
tree find_unwanted(tree *tp, int *walk_subtrees, void *) {
  tree t = *tp;
  if (TYPE_P(t)) {
    *walk_subtrees = 0;
    return NULL_TREE;
  }
  if (TREE_CODE(t) == ASM_EXPR)
    return t;
  if (TREE_CODE(t) == DECL_EXPR && emits_something(DECL_EXPR_DECL(t)))
    return t;
  if (TREE_CODE(t) == BIND_EXPR)
    for (tree v = BIND_EXPR_VARS(t); v; v = DECL_CHAIN(v))
      if (emits_something(v))
        return t;
  return NULL_TREE;
}

// An inline definition GCC kept as the front end made it: still in the
// call graph (called or referred to), not lowered. Left alone: a body with
// an asm statement (its operands may only be valid once inlined, and GCC
// would say so when gimplifying it), and one that defines a static or a
// nested function (lowered, GCC would emit it: the object code would
// change).
bool unlowered_inline_definition(cgraph_node *node) {
  tree decl = node->decl;
  if (node->definition || node->alias || !DECL_EXTERNAL(decl) || !DECL_DECLARED_INLINE_P(decl) ||
      !DECL_SAVED_TREE(decl) || !DECL_STRUCT_FUNCTION(decl) || gimple_has_body_p(decl))
    return false;
  return walk_tree_without_duplicates(&DECL_SAVED_TREE(decl), find_unwanted, nullptr) == NULL_TREE;
}

void on_ipa_passes_start(void *, void *) {
  // When optimizing GCC lowers these bodies itself; in the compile step of
  // an -flto build that writes only bytecode and at link time the
  // lowering pass does not run.
  if (optimize || !lang_GNU_C() || seen_error() || in_lto_p || (flag_generate_lto && !flag_fat_lto_objects) ||
      !g_lower_pass)
    return;
  opt_pass *ssa_passes = list_holding(g->get_passes()->all_small_ipa_passes, g_lower_pass);
  if (!ssa_passes)
    return;
  // (The statics GCC knows of before: see below.)
  std::set<tree> known_statics, lowered;
  varpool_node *var;
  FOR_EACH_VARIABLE(var)
    known_statics.insert(var->decl);
  // GCC's own warnings on a body it would not have lowered are not said:
  // the compile's diagnostics stay what they were without the plugin.
  const bool were_off = compat::warnings_off();
  compat::set_warnings_off(true);
  // A lowered body calls others: those the call graph still has a body
  // for are lowered on the next round.
  for (bool again = true; again && !seen_error();) {
    again = false;
    cgraph_node *node;
    FOR_EACH_FUNCTION(node) {
      if (!unlowered_inline_definition(node))
        continue;
      node->definition = true;
      lowered.insert(node->decl);
      node->analyze();
      function *fun = DECL_STRUCT_FUNCTION(node->decl);
      if (fun && gimple_has_body_p(node->decl)) {
        push_cfun(fun);
        execute_pass_list(fun, ssa_passes);
        pop_cfun();
      }
      again = true;
    }
  }
  compat::set_warnings_off(were_off);
  // The statics the lowering told GCC of (a function's __func__): GCC
  // would describe them in the debug information as it does the statics
  // of functions it compiles. Forgotten again, as they were before.
  std::vector<varpool_node *> told;
  FOR_EACH_VARIABLE(var)
    if (!known_statics.count(var->decl) && lowered.count(decl_function_context(var->decl)))
      told.push_back(var);
  for (varpool_node *v : told)
    v->remove();
}

} // namespace

void register_inline_bodies(const char *plugin_name, opt_pass *lower_pass) {
  g_lower_pass = lower_pass;
  register_callback(plugin_name, PLUGIN_ALL_IPA_PASSES_START, on_ipa_passes_start, nullptr);
}

} // namespace pathwise::plugin
