// Returns the front end rewrote, found in the function's GENERIC before it
// is gimplified: a return whose value is "(ADDRESS-OF-LOCAL, 0)".
// SPDX-License-Identifier: GPL-3.0-or-later
#include <map>

#include "gcc/nulled_returns.h"

#include "gcc/gcc-includes.h"
#include "tree-iterator.h"

namespace pathwise::plugin {
namespace {

std::map<int, std::vector<std::pair<uint32_t, std::string>>> g_nulled; // by DECL_UID

// The automatic variable whose address e takes, if any.
tree local_address(tree e) {
  STRIP_NOPS(e);
  if (TREE_CODE(e) != ADDR_EXPR)
    return NULL_TREE;
  tree base = get_base_address(TREE_OPERAND(e, 0));
  if (base && (VAR_P(base) || TREE_CODE(base) == PARM_DECL) && !TREE_STATIC(base) && !DECL_EXTERNAL(base) &&
      DECL_NAME(base))
    return base;
  return NULL_TREE;
}

tree find_return(tree *tp, int *walk_subtrees, void *data) {
  tree t = *tp;
  if (TYPE_P(t)) {
    *walk_subtrees = 0;
    return NULL_TREE;
  }
  if (TREE_CODE(t) != RETURN_EXPR || !TREE_OPERAND(t, 0))
    return NULL_TREE;
  tree value = TREE_OPERAND(t, 0);
  if (TREE_CODE(value) == MODIFY_EXPR || TREE_CODE(value) == INIT_EXPR)
    value = TREE_OPERAND(value, 1);
  STRIP_NOPS(value);
  if (TREE_CODE(value) != COMPOUND_EXPR || !integer_zerop(TREE_OPERAND(value, 1)))
    return NULL_TREE;
  tree local = local_address(TREE_OPERAND(value, 0));
  if (!local)
    return NULL_TREE;
  auto &out = *static_cast<std::vector<std::pair<uint32_t, std::string>> *>(data);
  for (location_t loc : {EXPR_LOCATION(t), EXPR_LOCATION(value)})
    if (loc != UNKNOWN_LOCATION) {
      const auto line = static_cast<uint32_t>(LOCATION_LINE(loc));
      const std::string name = IDENTIFIER_POINTER(DECL_NAME(local));
      if (out.empty() || out.back().first != line)
        out.push_back({line, name});
    }
  return NULL_TREE;
}

void on_pre_genericize(void *event_data, void *) {
  tree fndecl = static_cast<tree>(event_data);
  if (!fndecl || TREE_CODE(fndecl) != FUNCTION_DECL || !DECL_SAVED_TREE(fndecl))
    return;
  std::vector<std::pair<uint32_t, std::string>> found;
  walk_tree_without_duplicates(&DECL_SAVED_TREE(fndecl), find_return, &found);
  if (!found.empty())
    g_nulled[DECL_UID(fndecl)] = std::move(found);
}

} // namespace

void register_nulled_returns(const char *plugin_name) {
  register_callback(plugin_name, PLUGIN_PRE_GENERICIZE, on_pre_genericize, nullptr);
}

std::vector<std::pair<uint32_t, std::string>> nulled_returns_of(tree fndecl) {
  auto it = g_nulled.find(DECL_UID(fndecl));
  return it == g_nulled.end() ? std::vector<std::pair<uint32_t, std::string>>{} : it->second;
}

} // namespace pathwise::plugin
