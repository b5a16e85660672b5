// Named constants of the translation unit that checkers read: a macro
// (#define O_RDONLY 0) is looked up in the preprocessor's table when the
// analysis runs; an enumerator (enum { O_RDONLY = 0x10 }) only while the
// front end parses, before a function body is lowered (the file scope is
// gone afterwards).
// SPDX-License-Identifier: GPL-3.0-or-later
#include <algorithm>
#include <cerrno>
#include <cstdlib>
#include <cstring>
#include <map>
#include <string>
#include <vector>

#include "checkers/checker.h"
#include "gcc/constants.h"

#include "gcc/gcc-includes.h"
#include "cpplib.h"

// The front end's, absent from the link-time compiler (lto1): weak.
extern struct cpp_reader *parse_in __attribute__((weak));
extern tree lookup_name(tree) __attribute__((weak));

namespace pathwise::plugin {
namespace {

std::map<std::string, int64_t> g_enumerators;

const std::vector<std::string> &wanted() {
  static const std::vector<std::string> names = [] {
    std::vector<std::string> out;
    for (const auto &c : make_checkers())
      for (const std::string &n : c->named_constants())
        out.push_back(n);
    return out;
  }();
  return names;
}

// A macro whose definition is one integer, maybe in parentheses or with a
// suffix (0x3, (01), 2U).
bool macro_value(const std::string &name, int64_t &value) {
  if (!&parse_in || !parse_in)
    return false;
  cpp_hashnode *node =
      cpp_lookup(parse_in, reinterpret_cast<const unsigned char *>(name.c_str()), static_cast<unsigned>(name.size()));
  if (!node || !cpp_user_macro_p(node) || cpp_fun_like_macro_p(node))
    return false;
  const unsigned char *def = cpp_macro_definition(parse_in, node);
  if (!def)
    return false;
  std::string text(reinterpret_cast<const char *>(def));
  // "NAME VALUE": the value's tokens, without spaces and parentheses.
  const size_t sp = text.find(' ');
  if (sp == std::string::npos)
    return false;
  std::string v;
  for (char c : text.substr(sp + 1))
    if (c != ' ' && c != '\t' && c != '(' && c != ')')
      v += c;
  while (!v.empty() && strchr("uUlL", v.back()))
    v.pop_back();
  if (v.empty())
    return false;
  errno = 0;
  char *end = nullptr;
  const long long n = strtoll(v.c_str(), &end, 0);
  if (errno || !end || *end)
    return false;
  value = n;
  return true;
}

// Before each function body is made GENERIC: the enumerators in scope.
void on_pre_genericize(void *, void *) {
  if (!&lookup_name)
    return;
  for (const std::string &name : wanted()) {
    if (g_enumerators.count(name))
      continue;
    tree id = maybe_get_identifier(name.c_str());
    if (!id)
      continue;
    tree decl = lookup_name(id);
    if (decl && TREE_CODE(decl) == CONST_DECL && DECL_INITIAL(decl) && TREE_CODE(DECL_INITIAL(decl)) == INTEGER_CST &&
        tree_fits_shwi_p(DECL_INITIAL(decl)))
      g_enumerators[name] = tree_to_shwi(DECL_INITIAL(decl));
  }
}

// The names the code asks the analyzer about:
// __analyzer_dump_named_constant ("O_ACCMODE").
std::vector<std::string> asked(const ir::Module &m) {
  std::vector<std::string> out;
  const int dump = m.find_symbol("__analyzer_dump_named_constant");
  if (dump < 0)
    return out;
  for (const ir::Function &f : m.functions)
    for (const ir::Block &b : f.blocks)
      for (const ir::Instruction &in : b.insns)
        if (in.opcode == ir::Opcode::Call && in.operands.size() == 2 && in.operands[0].kind == ir::OpKind::Func &&
            in.operands[0].id == static_cast<uint32_t>(dump) && in.operands[1].kind == ir::OpKind::Str)
          out.push_back(in.operands[1].str.substr(0, in.operands[1].str.find('\0')));
  return out;
}

} // namespace

void register_named_constants(const char *plugin_name) {
  register_callback(plugin_name, PLUGIN_PRE_GENERICIZE, on_pre_genericize, nullptr);
}

void fill_named_constants(ir::Module &m) {
  m.constants.clear();
  std::vector<std::string> names = wanted();
  for (const std::string &n : asked(m))
    if (std::find(names.begin(), names.end(), n) == names.end())
      names.push_back(n);
  for (const std::string &name : names) {
    int64_t v = 0;
    if (macro_value(name, v)) {
      m.constants.push_back({name, v});
    } else {
      auto e = g_enumerators.find(name);
      if (e != g_enumerators.end())
        m.constants.push_back({name, e->second});
    }
  }
}

} // namespace pathwise::plugin
