// Attributes newer GCCs know, for the GCC the plugin is loaded into when it
// does not know them. Each but tainted_args takes one argument, the 1-based
// position of a parameter: a file descriptor (fd_arg...) or a pointer to a
// string (null_terminated_string_arg); nonnull_if_nonzero takes a
// pointer's position and one or two sizes'. A wrong position is warned about as
// GCC warns about its own attributes (-Wattributes) and the attribute
// dropped. tainted_args (GCC 12 on) marks a function, or a field holding a
// function's address, whose arguments an attacker chooses.
// SPDX-License-Identifier: GPL-3.0-or-later
#include <cstring>

#include "gcc/attributes.h"

#include "gcc/gcc-includes.h"
#include "plugin.h"

namespace pathwise::plugin {
namespace {

enum class ParamKind { Integer, Pointer };

// Checks that the attribute's argument names a parameter of the kind it
// needs; sets *no_add_attrs if not.
void check_position(tree *node, tree name, tree args, bool *no_add_attrs, ParamKind kind) {
  tree fntype = TYPE_P(*node) ? *node : TREE_TYPE(*node);
  tree pos = args ? TREE_VALUE(args) : NULL_TREE;
  if (pos && TREE_CODE(pos) != INTEGER_CST && TREE_CODE(pos) != IDENTIFIER_NODE)
    pos = fold(pos);
  if (!pos || TREE_CODE(pos) != INTEGER_CST || !tree_fits_shwi_p(pos)) {
    warning(OPT_Wattributes, "%qE attribute argument is not an integer constant", name);
    *no_add_attrs = true;
    return;
  }
  const HOST_WIDE_INT n = tree_to_shwi(pos);
  if (n < 1) {
    warning(OPT_Wattributes, "%qE attribute argument value %wd is not a parameter position (1 or more)", name, n);
    *no_add_attrs = true;
    return;
  }
  if (!fntype || !FUNC_OR_METHOD_TYPE_P(fntype))
    return;
  // (Unprototyped or variadic past the named parameters: nothing to check.)
  HOST_WIDE_INT k = 1;
  for (tree t = TYPE_ARG_TYPES(fntype); t && TREE_VALUE(t) != void_type_node; t = TREE_CHAIN(t), ++k) {
    if (k != n)
      continue;
    tree type = TREE_VALUE(t);
    const bool ok = kind == ParamKind::Integer ? INTEGRAL_TYPE_P(type) : POINTER_TYPE_P(type);
    if (!ok) {
      warning(OPT_Wattributes, "%qE attribute argument value %wd refers to parameter type %qT, which is not %s",
              name, n, type, kind == ParamKind::Integer ? "an integer" : "a pointer");
      *no_add_attrs = true;
    }
    return;
  }
  if (prototype_p(fntype) && !stdarg_p(fntype)) {
    warning(OPT_Wattributes, "%qE attribute argument value %wd exceeds the number of function parameters %wd", name,
            n, k - 1);
    *no_add_attrs = true;
  }
}

tree handle_fd_attribute(tree *node, tree name, tree args, int, bool *no_add_attrs) {
  check_position(node, name, args, no_add_attrs, ParamKind::Integer);
  return NULL_TREE;
}

tree handle_string_attribute(tree *node, tree name, tree args, int, bool *no_add_attrs) {
  check_position(node, name, args, no_add_attrs, ParamKind::Pointer);
  return NULL_TREE;
}

// nonnull_if_nonzero (P, N[, M]) (GCC 15 on): P a pointer's position, N
// and M sizes'.
tree handle_nonnull_if_nonzero_attribute(tree *node, tree name, tree args, int, bool *no_add_attrs) {
  check_position(node, name, args, no_add_attrs, ParamKind::Pointer);
  for (tree size = args ? TREE_CHAIN(args) : NULL_TREE; size && !*no_add_attrs; size = TREE_CHAIN(size))
    check_position(node, name, size, no_add_attrs, ParamKind::Integer);
  return NULL_TREE;
}

tree handle_tainted_args_attribute(tree *node, tree name, tree, int, bool *no_add_attrs) {
  const bool function = TREE_CODE(*node) == FUNCTION_DECL;
  const bool callback = TREE_CODE(*node) == FIELD_DECL && POINTER_TYPE_P(TREE_TYPE(*node)) &&
                        FUNC_OR_METHOD_TYPE_P(TREE_TYPE(TREE_TYPE(*node)));
  if (!function && !callback) {
    warning(OPT_Wattributes, "%qE attribute ignored; valid only for functions and function pointer fields", name);
    *no_add_attrs = true;
  }
  return NULL_TREE;
}

// name, min and max arguments, decl required, type required, function
// type required, affects type identity, handler, exclusions.
const attribute_spec kAttributes[] = {
    {"fd_arg", 1, 1, false, true, true, false, handle_fd_attribute, nullptr},
    {"fd_arg_read", 1, 1, false, true, true, false, handle_fd_attribute, nullptr},
    {"fd_arg_write", 1, 1, false, true, true, false, handle_fd_attribute, nullptr},
    {"null_terminated_string_arg", 1, 1, false, true, true, false, handle_string_attribute, nullptr},
    {"nonnull_if_nonzero", 2, 3, false, true, true, false, handle_nonnull_if_nonzero_attribute, nullptr},
    {"tainted_args", 0, 0, true, false, false, false, handle_tainted_args_attribute, nullptr},
};

void on_attributes(void *, void *) {
  for (const attribute_spec &a : kAttributes)
    if (!lookup_attribute_spec(get_identifier(a.name)))
      register_attribute(&a);
}

} // namespace

void register_new_attributes(const char *plugin_name) {
  register_callback(plugin_name, PLUGIN_ATTRIBUTES, on_attributes, nullptr);
}

} // namespace pathwise::plugin
