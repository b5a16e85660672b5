// Lowering: GIMPLE SSA function bodies into pathwise IR.
// SPDX-License-Identifier: GPL-3.0-or-later
//
// Every statement and operand form is either lowered faithfully or to an
// explicit `unknown` that keeps its location; lowering never aborts the
// compile. Block 0 of the IR is a synthetic entry that jumps to GCC's first
// block, so phis can name it as the entry edge's source.
#include <algorithm>
#include <iterator>
#include <set>
#include <string>
#include <unordered_map>
#include <vector>

#include "gcc/lower.h"
#include "gcc/nulled_returns.h"
#include "gcc/gcc-includes.h"
#include "gcc/compat.h"

namespace pathwise::plugin {

using namespace pathwise::ir;

namespace {

struct LowerError {
  std::string message;
};

class Lowerer {
public:
  Lowerer(Module &m, std::unordered_map<const void *, uint32_t> &symbols, function *fun)
      : m_mod(m), m_symbols(symbols), m_fun(fun) {}

  void run();

private:
  Module &m_mod;
  std::unordered_map<const void *, uint32_t> &m_symbols; // declaration -> symbol
  function *m_fun;
  Function m_fn;
  std::unordered_map<unsigned, uint32_t> m_ssa;   // SSA version -> temporary
  // SSA version -> what -ftrivial-auto-var-init's .DEFERRED_INIT gave it
  // (a variable never set, to the analysis).
  std::unordered_map<unsigned, Operand> m_deferred_init;
  std::unordered_map<tree, tree> m_vla_of; // pointer behind a variable-length array -> the array
  std::unordered_map<tree, uint32_t> m_locals;    // decl -> local index
  std::unordered_map<int, uint32_t> m_block;      // GCC bb index -> IR block
  std::unordered_map<tree, uint32_t> m_var;       // user variable -> its ordinal among same-named ones
  std::unordered_map<std::string, uint32_t> m_vars_named;
  uint32_t m_cur = 0;                             // IR block being filled
  Loc m_loc;

  static std::string decl_name(tree decl) {
    if (decl && DECL_P(decl) && DECL_NAME(decl))
      return IDENTIFIER_POINTER(DECL_NAME(decl));
    return "";
  }

  // At an -flto link: a variable the program defines that is static, or
  // whose symbol the linker resolved as referred to by the program's own
  // code alone (not exported, not used by an object outside the link): no
  // other code reads or writes it except through its address.
  static bool program_only_variable(tree decl) {
    if (!in_lto_p || TREE_CODE(decl) != VAR_DECL || !TREE_STATIC(decl) || DECL_EXTERNAL(decl) ||
        DECL_HARD_REGISTER(decl) || TREE_THIS_VOLATILE(decl))
      return false;
    // (The analysis runs before GCC's whole-program visibility pass: the
    // linker plugin's resolution, not externally_visible, says it.)
    varpool_node *v = varpool_node::get(decl);
    return v && v->definition && (!TREE_PUBLIC(decl) || v->resolution == LDPR_PREVAILING_DEF_IRONLY);
  }

  // Whether the symbol table records a use of the variable's address (in
  // code or in another variable's initializer).
  static bool address_referred(tree decl) {
    varpool_node *v = varpool_node::get(decl);
    if (!v || v->address_taken)
      return true;
    ipa_ref *ref = nullptr;
    for (unsigned i = 0; v->iterate_referring(i, ref); ++i)
      if (ref->use == IPA_REF_ADDR)
        return true;
    return false;
  }

  // The name a person would recognise, or "" for compiler temporaries.
  static std::string user_name(tree decl) {
    if (!decl || !DECL_P(decl) || DECL_ARTIFICIAL(decl) || DECL_IGNORED_P(decl))
      return "";
    return decl_name(decl);
  }

  // A type as the IR has it; its size is the bytes an object of it takes
  // (a long double's 16, though its precision is 80 bits).
  static Type lower_type(tree t) {
    Type out = lower_type_kind(t);
    if (t && (out.kind == TypeKind::Int || out.kind == TypeKind::Float || out.kind == TypeKind::Ptr) &&
        TYPE_SIZE_UNIT(t) && tree_fits_uhwi_p(TYPE_SIZE_UNIT(t)))
      out.size = tree_to_uhwi(TYPE_SIZE_UNIT(t));
    // What a pointer points to, if a scalar ("int *": 4).
    if (out.kind == TypeKind::Ptr && TREE_TYPE(t)) {
      tree to = TREE_TYPE(t);
      const tree_code c = TREE_CODE(to);
      if ((c == INTEGER_TYPE || c == REAL_TYPE || c == POINTER_TYPE || c == ENUMERAL_TYPE || c == BOOLEAN_TYPE) &&
          TYPE_SIZE_UNIT(to) && tree_fits_uhwi_p(TYPE_SIZE_UNIT(to)))
        out.pointee = static_cast<uint32_t>(tree_to_uhwi(TYPE_SIZE_UNIT(to)));
      // ...or a struct or union ("struct big *": its size).
      if ((c == RECORD_TYPE || c == UNION_TYPE) && COMPLETE_TYPE_P(to) && TYPE_SIZE_UNIT(to) &&
          tree_fits_uhwi_p(TYPE_SIZE_UNIT(to)) && tree_to_uhwi(TYPE_SIZE_UNIT(to)) <= UINT32_MAX)
        out.pointee_record = static_cast<uint32_t>(tree_to_uhwi(TYPE_SIZE_UNIT(to)));
    }
    return out;
  }

  // A variable's type, with the bytes the variable takes: more than its
  // type's for a struct whose flexible array member is initialized
  // ("struct s g = { 1, { 2, 3 } }").
  static Type decl_type(tree decl) {
    Type t = lower_type(TREE_TYPE(decl));
    if (DECL_SIZE_UNIT(decl) && tree_fits_uhwi_p(DECL_SIZE_UNIT(decl)) && tree_to_uhwi(DECL_SIZE_UNIT(decl)) > t.size &&
        (t.kind == TypeKind::Record || t.kind == TypeKind::Array))
      t.size = tree_to_uhwi(DECL_SIZE_UNIT(decl));
    return t;
  }

  // An array's or a record's type as declared ("int32_t[10]", "struct
  // s"), for the pictures of out-of-bounds accesses.
  static std::string declared_type_name(tree decl) {
    tree t = TREE_TYPE(decl);
    if (!t || (TREE_CODE(t) != ARRAY_TYPE && !RECORD_OR_UNION_TYPE_P(t)))
      return "";
    return type_text(t);
  }

  static Type lower_type_kind(tree t) {
    if (!t)
      return Type::unknown();
    switch (TREE_CODE(t)) {
    case VOID_TYPE: return Type::void_type();
    case INTEGER_TYPE:
    case BOOLEAN_TYPE:
    case ENUMERAL_TYPE:
      return Type::integer(TYPE_PRECISION(t), !TYPE_UNSIGNED(t));
    case POINTER_TYPE:
    case REFERENCE_TYPE:
    case NULLPTR_TYPE:
      return Type::pointer();
    case REAL_TYPE: return Type::floating(TYPE_PRECISION(t));
    case RECORD_TYPE:
    case UNION_TYPE:
    case QUAL_UNION_TYPE:
    case ARRAY_TYPE: {
      uint64_t size = 0;
      if (TYPE_SIZE_UNIT(t) && tree_fits_uhwi_p(TYPE_SIZE_UNIT(t)))
        size = tree_to_uhwi(TYPE_SIZE_UNIT(t));
      return TREE_CODE(t) == ARRAY_TYPE ? Type::array(size) : Type::record(size);
    }
    case FUNCTION_TYPE:
    case METHOD_TYPE:
      return Type::function();
    default: return Type::unknown();
    }
  }

  Loc loc_of(location_t l) {
    Loc out;
    if (LOCATION_LOCUS(l) <= BUILTINS_LOCATION)
      return out;
    expanded_location x = expand_location(l);
    if (x.line <= 0)
      return out;
    out.handle = l;
    if (x.file)
      out.file = m_mod.file_index(x.file);
    out.line = static_cast<uint32_t>(x.line);
    out.col = static_cast<uint32_t>(x.column);
    return out;
  }

  // Whether two declarations of one name are different entities: a
  // static (of another translation unit, or local to a function), or C++
  // overloads with different assembler names.
  static bool distinct(tree a, tree b) {
    if (a == b)
      return false;
    if (TREE_CODE(a) != TREE_CODE(b) || !TREE_PUBLIC(a) || !TREE_PUBLIC(b))
      return true;
    return DECL_ASSEMBLER_NAME_SET_P(a) && DECL_ASSEMBLER_NAME_SET_P(b) &&
           DECL_ASSEMBLER_NAME_RAW(a) != DECL_ASSEMBLER_NAME_RAW(b);
  }

  // The symbol of a declaration: the one of its name unless that belongs
  // to a distinct entity, then one of its own ("NAME.N").
  uint32_t symbol_index(tree decl, const std::string &name, SymbolKind kind) {
    auto known = m_symbols.find(decl);
    if (known != m_symbols.end())
      return known->second;
    std::string unique = name;
    for (int k = 1;; ++k) {
      const int i = m_mod.find_symbol(unique);
      if (i < 0)
        break;
      const auto *other = reinterpret_cast<tree>(m_mod.symbols[static_cast<size_t>(i)].handle);
      if (!other || !distinct(decl, const_cast<tree>(other)))
        break;
      unique = name + "." + std::to_string(k);
    }
    const uint32_t s = m_mod.symbol_index(unique, kind);
    if (!m_mod.symbols[s].handle)
      m_mod.symbols[s].handle = reinterpret_cast<uintptr_t>(decl);
    m_symbols.emplace(decl, s);
    return s;
  }

  uint32_t symbol_for(tree decl) {
    std::string name = decl_name(decl);
    if (name.empty())
      name = "D." + std::to_string(DECL_UID(decl));
    SymbolKind kind = TREE_CODE(decl) == FUNCTION_DECL ? SymbolKind::Function : SymbolKind::Variable;
    uint32_t s = symbol_index(decl, name, kind);
    Symbol &sym = m_mod.symbols[s];
    if (kind == SymbolKind::Function) {
      sym.is_noreturn = sym.is_noreturn || TREE_THIS_VOLATILE(decl);
      sym.returns_void = TREE_TYPE(decl) && TREE_TYPE(TREE_TYPE(decl)) && VOID_TYPE_P(TREE_TYPE(TREE_TYPE(decl)));
      sym.is_const = sym.is_const || TREE_READONLY(decl); // __attribute__((const))
      sym.is_pure = sym.is_pure || DECL_PURE_P(decl);     // __attribute__((pure))
      sym.is_library = sym.is_library || DECL_IN_SYSTEM_HEADER(decl) || fndecl_built_in_p(decl);
      if (!sym.loc.known())
        sym.loc = loc_of(DECL_SOURCE_LOCATION(decl));
      // __attribute__((malloc)) and malloc (DEALLOCATOR[, N]).
      sym.is_malloc = sym.is_malloc || DECL_IS_MALLOC(decl);
      if (sym.deallocators.empty()) {
        for (tree a = lookup_attribute("malloc", DECL_ATTRIBUTES(decl)); a;
             a = lookup_attribute("malloc", TREE_CHAIN(a))) {
          if (!TREE_VALUE(a))
            continue;
          tree d = TREE_VALUE(TREE_VALUE(a));
          STRIP_NOPS(d);
          if (d && TREE_CODE(d) == ADDR_EXPR)
            d = TREE_OPERAND(d, 0);
          if (!d || TREE_CODE(d) != FUNCTION_DECL)
            continue;
          uint32_t arg = 1;
          tree n = TREE_CHAIN(TREE_VALUE(a));
          if (n && TREE_VALUE(n) && TREE_CODE(TREE_VALUE(n)) == INTEGER_CST && tree_fits_uhwi_p(TREE_VALUE(n)))
            arg = static_cast<uint32_t>(tree_to_uhwi(TREE_VALUE(n)));
          sym.is_malloc = true;
          sym.deallocators.push_back(decl_name(d));
          sym.deallocator_args.push_back(arg);
        }
        // GCC chains attributes last first: back to source order.
        std::reverse(sym.deallocators.begin(), sym.deallocators.end());
        std::reverse(sym.deallocator_args.begin(), sym.deallocator_args.end());
      }
      // Parameters that point to const.
      if (sym.const_pointee.empty()) {
        uint32_t k = 1;
        for (tree a = TYPE_ARG_TYPES(TREE_TYPE(decl)); a && TREE_VALUE(a) != void_type_node; a = TREE_CHAIN(a), ++k)
          if (POINTER_TYPE_P(TREE_VALUE(a)) && TYPE_READONLY(TREE_TYPE(TREE_VALUE(a))))
            sym.const_pointee.push_back(k);
      }
      if (!sym.attributes_read) {
        sym.attributes_read = true;
        read_type_attributes(decl, sym);
        if (TREE_PUBLIC(decl) && !sym.is_library) {
          const char *asm_name = IDENTIFIER_POINTER(DECL_ASSEMBLER_NAME(decl));
          if (asm_name[0] == '*') // (written as is, without the user label prefix)
            ++asm_name;
          if (ir::Module::source_name(sym.name) != asm_name)
            sym.link_name = asm_name;
        }
      }
      // __attribute__((nonnull)) and nonnull (N, ...), on the type.
      if (sym.nonnull.empty() && !sym.nonnull_all) {
        tree attrs = TYPE_ATTRIBUTES(TREE_TYPE(decl));
        for (tree a = lookup_attribute("nonnull", attrs); a; a = lookup_attribute("nonnull", TREE_CHAIN(a))) {
          if (!TREE_VALUE(a)) {
            sym.nonnull_all = true;
            continue;
          }
          for (tree arg = TREE_VALUE(a); arg; arg = TREE_CHAIN(arg))
            if (TREE_VALUE(arg) && TREE_CODE(TREE_VALUE(arg)) == INTEGER_CST && tree_fits_uhwi_p(TREE_VALUE(arg)))
              sym.nonnull.push_back(static_cast<uint32_t>(tree_to_uhwi(TREE_VALUE(arg))));
        }
      }
    } else {
      sym.type = decl_type(decl);
      sym.type_name = declared_type_name(decl);
      sym.is_const = TREE_READONLY(decl);
      sym.loc = loc_of(DECL_SOURCE_LOCATION(decl));
      // (A file's or a function's static variable. Under -flto, where the
      // whole program's symbols meet and the front end's flags differ, a
      // variable the program defines that nothing outside it can see: the
      // linker's resolution says only the program's own code refers to it.)
      const bool program_only = program_only_variable(decl);
      sym.is_static = program_only || (TREE_CODE(decl) == VAR_DECL && TREE_STATIC(decl) && !TREE_PUBLIC(decl) &&
                                       !DECL_EXTERNAL(decl) && !in_lto_p);
      // (Under -flto, a public variable streamed in is marked addressable
      // whatever its uses: the symbol table's references tell.)
      sym.address_taken = sym.address_taken || (program_only ? address_referred(decl) : TREE_ADDRESSABLE(decl));
      if (!sym.attributes_read) {
        sym.attributes_read = true;
        // What the initializer holds: functions (a table of function
        // pointers: which function each entry names) and integers. (Symbols
        // for functions may grow the symbol table: sym is not used after
        // this.) A read-only variable's, or a static one's (its value
        // while nothing has written it).
        std::vector<std::pair<std::string, tree>> entries;
        bool complete = false;
        // (Variables defined here: a static one, or one this unit
        // defines for others; not a common one another unit may define.)
        const bool defined_here = program_only || (TREE_CODE(decl) == VAR_DECL && TREE_STATIC(decl) &&
                                                   !DECL_EXTERNAL(decl) && !DECL_COMMON(decl) && !in_lto_p);
        if (TREE_CODE(decl) == VAR_DECL && (TREE_STATIC(decl) || DECL_EXTERNAL(decl))) {
          tree init = TREE_READONLY(decl) ? ctor_for_folding(decl) : error_mark_node;
          if (!TREE_READONLY(decl) && defined_here)
            init = program_only ? varpool_node::get(decl)->get_constructor() : DECL_INITIAL(decl);
          if (init && init != error_mark_node) {
            complete = true;
            function_entries(init, "", entries, &complete);
          } else if (!init && defined_here) {
            complete = true; // no initializer: zero
          }
        }
        m_mod.symbols[s].init_complete = complete;
        std::vector<std::pair<std::string, uint32_t>> table;
        std::vector<std::pair<std::string, int64_t>> constants;
        std::vector<std::pair<std::string, uint32_t>> addresses;
        for (auto &e : entries) {
          if (TREE_CODE(e.second) == FUNCTION_DECL)
            table.push_back({e.first, symbol_for(e.second)});
          else if (TREE_CODE(e.second) == VAR_DECL && m_initializer_depth < kMaxInitializerDepth) {
            // (Whose own initializer is read in turn: a chain of them,
            // a static list's nodes, only so deep.)
            ++m_initializer_depth;
            addresses.push_back({e.first, symbol_for(e.second)});
            --m_initializer_depth;
          } else if (TREE_CODE(e.second) == VAR_DECL) {
            m_mod.symbols[s].init_complete = false; // (an entry not kept is not zero)
          } else if (tree_fits_shwi_p(e.second))
            constants.push_back({e.first, tree_to_shwi(e.second)});
          else if (tree_fits_uhwi_p(e.second))
            constants.push_back({e.first, static_cast<int64_t>(tree_to_uhwi(e.second))});
        }
        m_mod.symbols[s].function_table = std::move(table);
        m_mod.symbols[s].constant_table = std::move(constants);
        m_mod.symbols[s].address_table = std::move(addresses);
      }
    }
    return s;
  }

  // How deep initializers naming variables whose initializers name
  // variables are read.
  static constexpr int kMaxInitializerDepth = 8;
  int m_initializer_depth = 0;

  // The address of a function, or of a variable with static storage (a
  // global, a function's static): a constant an initializer may hold.
  static bool constant_address(tree t) {
    if (TREE_CODE(t) != ADDR_EXPR)
      return false;
    tree d = TREE_OPERAND(t, 0);
    return TREE_CODE(d) == FUNCTION_DECL || (TREE_CODE(d) == VAR_DECL && (TREE_STATIC(d) || DECL_EXTERNAL(d)));
  }

  // The functions and variables whose addresses an initializer holds, by
  // the path to them as memory keys spell it (".OFFSET" for a field, and
  // for an element its byte offset, "[I]" if its size is not known), at
  // most kMaxTableEntries.
  static constexpr size_t kMaxTableEntries = 4096;
  // (Integer constants, and null pointers, too: a constant configuration
  // such as an allocator table whose entries are NULL.)
  // *complete is cleared where the initializer holds something else (a
  // string, a float, the address of a local or of a part of a variable)
  // or too much.
  static void function_entries(tree init, const std::string &path, std::vector<std::pair<std::string, tree>> &out,
                               bool *complete) {
    STRIP_NOPS(init);
    if (constant_address(init)) {
      if (out.size() < kMaxTableEntries)
        out.push_back({path, TREE_OPERAND(init, 0)});
      else
        *complete = false;
      return;
    }
    if (TREE_CODE(init) == INTEGER_CST) {
      if (out.size() < kMaxTableEntries)
        out.push_back({path, init});
      else
        *complete = false;
      return;
    }
    // An array of bytes (char, signed char, unsigned char: a generated
    // parser's tables) is a string to the front end, even when written as
    // a braced list of numbers: each byte is an element.
    if (TREE_CODE(init) == STRING_CST && TREE_CODE(TREE_TYPE(init)) == ARRAY_TYPE &&
        INTEGRAL_TYPE_P(TREE_TYPE(TREE_TYPE(init))) && TYPE_PRECISION(TREE_TYPE(TREE_TYPE(init))) == 8) {
      tree elem = TREE_TYPE(TREE_TYPE(init));
      const auto *bytes = reinterpret_cast<const unsigned char *>(TREE_STRING_POINTER(init));
      const int n = TREE_STRING_LENGTH(init);
      for (int k = 0; k < n; ++k) {
        if (out.size() >= kMaxTableEntries) {
          *complete = false;
          return;
        }
        const HOST_WIDE_INT v = TYPE_UNSIGNED(elem) ? bytes[k] : static_cast<signed char>(bytes[k]);
        out.push_back({path + "." + std::to_string(k), build_int_cst(elem, v)});
      }
      return;
    }
    const bool array = TREE_CODE(init) == CONSTRUCTOR && TREE_CODE(TREE_TYPE(init)) == ARRAY_TYPE;
    const bool record = TREE_CODE(init) == CONSTRUCTOR && TREE_CODE(TREE_TYPE(init)) == RECORD_TYPE;
    if (!array && !record) {
      *complete = false;
      return;
    }
    unsigned HOST_WIDE_INT i;
    tree index, value;
    HOST_WIDE_INT next = 0;
    // (An element at its byte offset, where its size is known.)
    HOST_WIDE_INT elem_size = 0;
    if (array && TYPE_SIZE_UNIT(TREE_TYPE(TREE_TYPE(init))) &&
        tree_fits_shwi_p(TYPE_SIZE_UNIT(TREE_TYPE(TREE_TYPE(init)))))
      elem_size = tree_to_shwi(TYPE_SIZE_UNIT(TREE_TYPE(TREE_TYPE(init))));
    FOR_EACH_CONSTRUCTOR_ELT(CONSTRUCTOR_ELTS(init), i, index, value) {
      if (out.size() >= kMaxTableEntries) {
        *complete = false;
        return;
      }
      if (array) {
        HOST_WIDE_INT lo = next, hi = next;
        if (index && TREE_CODE(index) == RANGE_EXPR && tree_fits_shwi_p(TREE_OPERAND(index, 0)) &&
            tree_fits_shwi_p(TREE_OPERAND(index, 1))) {
          lo = tree_to_shwi(TREE_OPERAND(index, 0));
          hi = tree_to_shwi(TREE_OPERAND(index, 1));
        } else if (index && tree_fits_shwi_p(index)) {
          lo = hi = tree_to_shwi(index);
        } else if (index) {
          *complete = false;
          return;
        }
        tree v = value;
        STRIP_NOPS(v);
        const bool may_hold = TREE_CODE(v) == CONSTRUCTOR || TREE_CODE(v) == INTEGER_CST || constant_address(v);
        if (!may_hold || hi - lo >= static_cast<HOST_WIDE_INT>(kMaxTableEntries))
          *complete = false;
        for (HOST_WIDE_INT k = lo; may_hold && k <= hi && out.size() < kMaxTableEntries; ++k)
          function_entries(value,
                           path + (elem_size > 0 && k >= 0 && k <= INT64_MAX / elem_size
                                       ? "." + std::to_string(k * elem_size)
                                       : "[" + std::to_string(k) + "]"),
                           out, complete);
        next = hi + 1;
      } else if (index && TREE_CODE(index) == FIELD_DECL && DECL_FIELD_OFFSET(index) &&
                 TREE_CODE(DECL_FIELD_OFFSET(index)) == INTEGER_CST && DECL_FIELD_BIT_OFFSET(index) &&
                 TREE_CODE(DECL_FIELD_BIT_OFFSET(index)) == INTEGER_CST && !DECL_BIT_FIELD(index)) {
        function_entries(value, path + "." + std::to_string(int_byte_position(index)), out, complete);
      } else {
        *complete = false;
      }
    }
  }

  // An attribute of a function, on its declaration or its type.
  static tree function_attribute(tree decl, const char *name) {
    if (tree a = lookup_attribute(name, DECL_ATTRIBUTES(decl)))
      return a;
    return lookup_attribute(name, TYPE_ATTRIBUTES(TREE_TYPE(decl)));
  }

  static uint32_t small_constant(tree t) {
    return t && TREE_CODE(t) == INTEGER_CST && tree_fits_uhwi_p(t) && tree_to_uhwi(t) < 1024
               ? static_cast<uint32_t>(tree_to_uhwi(t))
               : 0;
  }

  // returns_nonnull, alloc_size, nonnull_if_nonzero, format and access.
  static void read_type_attributes(tree decl, Symbol &sym) {
    sym.returns_nonnull = function_attribute(decl, "returns_nonnull") != NULL_TREE;
    // C++: a new that may throw never returns NULL.
    if (TREE_CODE(decl) == FUNCTION_DECL && !TREE_NOTHROW(decl) &&
        (DECL_IS_OPERATOR_NEW_P(decl) || sym.name.rfind("__builtin_operator_new", 0) == 0))
      sym.returns_nonnull = true;
    sym.tainted_args = function_attribute(decl, "tainted_args") != NULL_TREE;
    // fd_arg (N), fd_arg_read (N), fd_arg_write (N),
    // null_terminated_string_arg (N): each may be given more than once.
    const std::pair<const char *, std::vector<uint32_t> *> positional[] = {
        {"fd_arg", &sym.fd_args},
        {"fd_arg_read", &sym.fd_read_args},
        {"fd_arg_write", &sym.fd_write_args},
        {"null_terminated_string_arg", &sym.string_args}};
    for (const auto &[name, out] : positional)
      for (tree attrs : {DECL_ATTRIBUTES(decl), TYPE_ATTRIBUTES(TREE_TYPE(decl))})
        for (tree a = lookup_attribute(name, attrs); a; a = lookup_attribute(name, TREE_CHAIN(a)))
          if (TREE_VALUE(a))
            if (uint32_t n = small_constant(TREE_VALUE(TREE_VALUE(a))))
              if (std::find(out->begin(), out->end(), n) == out->end())
                out->push_back(n);
    if (tree a = function_attribute(decl, "alloc_size"))
      for (tree arg = TREE_VALUE(a); arg; arg = TREE_CHAIN(arg))
        if (uint32_t n = small_constant(TREE_VALUE(arg)))
          sym.alloc_size.push_back(n);
    // nonnull_if_nonzero (P, N[, M]) (GCC 15 on: memcpy's, strncpy's), on
    // the type as nonnull is.
    for (tree a = lookup_attribute("nonnull_if_nonzero", TYPE_ATTRIBUTES(TREE_TYPE(decl))); a;
         a = lookup_attribute("nonnull_if_nonzero", TREE_CHAIN(a))) {
      std::vector<uint32_t> rule;
      for (tree arg = TREE_VALUE(a); arg; arg = TREE_CHAIN(arg))
        if (uint32_t n = small_constant(TREE_VALUE(arg)))
          rule.push_back(n);
      if (rule.size() >= 2)
        sym.nonnull_if_nonzero.push_back(std::move(rule));
    }
    if (tree a = function_attribute(decl, "format")) {
      tree args = TREE_VALUE(a);
      if (args && TREE_CODE(TREE_VALUE(args)) == IDENTIFIER_NODE && TREE_CHAIN(args) &&
          TREE_CHAIN(TREE_CHAIN(args))) {
        std::string kind = IDENTIFIER_POINTER(TREE_VALUE(args));
        if (kind.size() > 4 && kind.compare(0, 2, "__") == 0 && kind.compare(kind.size() - 2, 2, "__") == 0)
          kind = kind.substr(2, kind.size() - 4);
        if (kind.compare(0, 4, "gnu_") == 0)
          kind = kind.substr(4);
        const uint32_t m = small_constant(TREE_VALUE(TREE_CHAIN(args)));
        if ((kind == "printf" || kind == "scanf") && m) {
          sym.format = kind == "printf" ? Symbol::Format::Printf : Symbol::Format::Scanf;
          sym.format_arg = m;
          sym.format_first = small_constant(TREE_VALUE(TREE_CHAIN(TREE_CHAIN(args))));
        }
      }
    }
    // access (MODE, N[, S]) as declared (not the ones GCC adds for array
    // parameters).
    rdwr_map accesses;
    init_attr_rdwr_indices(&accesses, TYPE_ATTRIBUTES(TREE_TYPE(decl)));
    for (auto it = accesses.begin(); it != accesses.end(); ++it) {
      const attr_access &acc = (*it).second;
      if (acc.internal_p || acc.ptrarg >= 1024)
        continue;
      const uint32_t n = acc.ptrarg + 1;
      if (acc.sizarg < 1024 &&
          std::find(sym.size_args.begin(), sym.size_args.end(), acc.sizarg + 1) == sym.size_args.end())
        sym.size_args.push_back(acc.sizarg + 1);
      // (The elements' size: the declared parameter's pointee's.)
      if (acc.sizarg < 1024 && acc.mode != access_none) {
        uint32_t elem = 1;
        tree parm = TYPE_ARG_TYPES(TREE_TYPE(decl));
        for (unsigned k = 0; parm && k < acc.ptrarg; ++k)
          parm = TREE_CHAIN(parm);
        if (parm && TREE_VALUE(parm) && POINTER_TYPE_P(TREE_VALUE(parm))) {
          tree pointee = TREE_TYPE(TREE_VALUE(parm));
          if (!VOID_TYPE_P(pointee) && TYPE_SIZE_UNIT(pointee) && tree_fits_uhwi_p(TYPE_SIZE_UNIT(pointee)))
            elem = static_cast<uint32_t>(std::min<unsigned HOST_WIDE_INT>(tree_to_uhwi(TYPE_SIZE_UNIT(pointee)), 1u << 20));
        }
        Symbol::SizedBuffer sb{n, acc.sizarg + 1, elem, acc.mode != access_write_only, acc.mode != access_read_only};
        if (elem && std::find(sym.sized_buffers.begin(), sym.sized_buffers.end(), sb) == sym.sized_buffers.end())
          sym.sized_buffers.push_back(sb);
      }
      if (acc.mode == access_read_only || acc.mode == access_none) {
        if (std::find(sym.const_pointee.begin(), sym.const_pointee.end(), n) == sym.const_pointee.end())
          sym.const_pointee.push_back(n);
      } else if (acc.mode == access_write_only) {
        sym.write_only.push_back(n);
      } else if (acc.mode == access_read_write) {
        sym.read_write.push_back(n);
      }
    }
    std::sort(sym.const_pointee.begin(), sym.const_pointee.end());
    std::sort(sym.write_only.begin(), sym.write_only.end());
    std::sort(sym.size_args.begin(), sym.size_args.end());
  }

  // A switch on an enum with a case for each of its values and no
  // 'default:' of its own: the default the compiler adds (a case without
  // a place in the source) is never taken.
  static bool exhaustive_enum_switch(gswitch *sw, const std::vector<SwitchCase> &cases) {
    tree index = gimple_switch_index(sw);
    tree type = TREE_TYPE(index);
    // (C promotes the enum: the switch is on its conversion.)
    if (TREE_CODE(type) != ENUMERAL_TYPE && TREE_CODE(index) == SSA_NAME && !SSA_NAME_IS_DEFAULT_DEF(index)) {
      gimple *def = SSA_NAME_DEF_STMT(index);
      if (is_gimple_assign(def) && CONVERT_EXPR_CODE_P(gimple_assign_rhs_code(def)))
        type = TREE_TYPE(gimple_assign_rhs1(def));
    }
    if (TREE_CODE(type) != ENUMERAL_TYPE || !TYPE_VALUES(type))
      return false;
    if (EXPR_LOCATION(gimple_switch_default_label(sw)) != UNKNOWN_LOCATION)
      return false;
    for (tree v = TYPE_VALUES(type); v; v = TREE_CHAIN(v)) {
      tree value = TREE_VALUE(v);
      if (TREE_CODE(value) == CONST_DECL)
        value = DECL_INITIAL(value);
      if (!value || TREE_CODE(value) != INTEGER_CST || !tree_fits_shwi_p(value))
        return false;
      const int64_t x = tree_to_shwi(value);
      if (std::none_of(cases.begin(), cases.end(), [&](const SwitchCase &c) { return c.lo <= x && x <= c.hi; }))
        return false;
    }
    return true;
  }

  // A variable, parameter or return slot (not a function, label, ...).
  static bool is_variable(tree t) {
    return TREE_CODE(t) == VAR_DECL || TREE_CODE(t) == PARM_DECL || TREE_CODE(t) == RESULT_DECL;
  }

  static bool is_local_decl(tree t) {
    return (TREE_CODE(t) == VAR_DECL && !TREE_STATIC(t) && !DECL_EXTERNAL(t)) || TREE_CODE(t) == PARM_DECL ||
           TREE_CODE(t) == RESULT_DECL;
  }

  uint32_t local_for(tree decl) {
    auto it = m_locals.find(decl);
    if (it != m_locals.end())
      return it->second;
    std::string name = decl_name(decl);
    if (name.empty())
      name = TREE_CODE(decl) == RESULT_DECL ? "<retval>" : "D." + std::to_string(DECL_UID(decl));
    // Names must be unique within the function: shadowed variables get a suffix.
    std::string unique = name;
    for (int k = 1;; ++k) {
      bool clash = false;
      for (const Local &l : m_fn.locals)
        clash = clash || l.name == unique;
      if (!clash)
        break;
      unique = name + "_" + std::to_string(k);
    }
    Local l{unique, decl_type(decl), TREE_CODE(decl) == PARM_DECL, loc_of(DECL_SOURCE_LOCATION(decl)),
            declared_type_name(decl)};
    m_fn.locals.push_back(l);
    auto id = static_cast<uint32_t>(m_fn.locals.size() - 1);
    m_locals.emplace(decl, id);
    return id;
  }

  // A temporary for a user variable's value, named after the variable;
  // shadowing variables of the same name get distinct ordinals.
  uint32_t named_temp(Type type, tree decl) {
    // The pointer a variable-length array lives behind ("p.1" for "int
    // p[n]") is named after the array.
    if (decl && TREE_CODE(decl) == VAR_DECL && DECL_ARTIFICIAL(decl)) {
      if (m_vla_of.empty()) {
        unsigned ix;
        tree var;
        m_vla_of.emplace(nullptr, nullptr); // worked out
        FOR_EACH_LOCAL_DECL(m_fun, ix, var) {
          if (TREE_CODE(var) != VAR_DECL || !DECL_HAS_VALUE_EXPR_P(var))
            continue;
          tree ve = DECL_VALUE_EXPR(var);
          if ((TREE_CODE(ve) == INDIRECT_REF || TREE_CODE(ve) == MEM_REF) &&
              TREE_CODE(TREE_OPERAND(ve, 0)) == VAR_DECL)
            m_vla_of.emplace(TREE_OPERAND(ve, 0), var);
        }
      }
      auto vla = m_vla_of.find(decl);
      if (vla != m_vla_of.end() && vla->second)
        decl = vla->second;
    }
    std::string name = user_name(decl);
    uint32_t var = 0;
    if (!name.empty()) {
      auto it = m_var.find(decl);
      if (it == m_var.end())
        it = m_var.emplace(decl, ++m_vars_named[name]).first;
      var = it->second;
    }
    return m_fn.new_temp(type, name, var);
  }

  uint32_t temp_for(tree ssa) {
    unsigned v = SSA_NAME_VERSION(ssa);
    auto it = m_ssa.find(v);
    if (it != m_ssa.end())
      return it->second;
    uint32_t t = named_temp(lower_type(TREE_TYPE(ssa)), SSA_NAME_VAR(ssa));
    m_fn.temps[t].ssa = v;
    m_ssa.emplace(v, t);
    return t;
  }

  void emit(Instruction in) {
    in.loc = m_loc;
    m_fn.blocks[m_cur].insns.push_back(std::move(in));
  }

  uint32_t fresh(Type t) { return m_fn.new_temp(t); }

  static bool is_memory(tree t) {
    switch (TREE_CODE(t)) {
    case VAR_DECL:
    case PARM_DECL:
    case RESULT_DECL:
    case MEM_REF:
    case TARGET_MEM_REF:
    case COMPONENT_REF:
    case ARRAY_REF:
    case ARRAY_RANGE_REF:
    case BIT_FIELD_REF:
    case REALPART_EXPR:
    case IMAGPART_EXPR:
    case VIEW_CONVERT_EXPR:
      return true;
    default:
      return false;
    }
  }

  static int64_t cst_value(tree t) {
    if (tree_fits_shwi_p(t))
      return tree_to_shwi(t);
    return static_cast<int64_t>(TREE_INT_CST_LOW(t));
  }

  // The value of variable var before anything set it: named if the user
  // declared it.
  Operand undef_of(tree var) {
    Operand u = Operand::undef();
    if (var && TREE_CODE(var) == VAR_DECL && !user_name(var).empty() && !DECL_HARD_REGISTER(var)) {
      u.str = user_name(var);
      u.decl = loc_of(DECL_SOURCE_LOCATION(var));
    }
    return u;
  }

  // An operand; may emit instructions (loads, address computations) into
  // the current block. With `in_phi`, emits nothing.
  Operand operand(tree t, bool in_phi = false) {
    if (!t)
      return Operand::undef();
    switch (TREE_CODE(t)) {
    case SSA_NAME: {
      if (virtual_operand_p(t))
        return Operand::undef();
      if (SSA_NAME_IS_DEFAULT_DEF(t)) {
        tree var = SSA_NAME_VAR(t);
        if (!var || TREE_CODE(var) != PARM_DECL)
          return undef_of(var); // an uninitialised local
      }
      auto deferred = m_deferred_init.find(SSA_NAME_VERSION(t));
      if (deferred != m_deferred_init.end())
        return deferred->second;
      return Operand::temp(temp_for(t));
    }
    case INTEGER_CST:
      if (POINTER_TYPE_P(TREE_TYPE(t)) && integer_zerop(t))
        return Operand::null();
      return Operand::integer(cst_value(t), lower_type(TREE_TYPE(t)));
    case REAL_CST: {
      Operand o;
      o.kind = OpKind::Float;
      o.type = lower_type(TREE_TYPE(t));
      // Its value in decimal, exact enough that equal constants read alike
      // and different ones differ (not NaNs: no two are equal).
      if (!real_isnan(TREE_REAL_CST_PTR(t))) {
        char buf[128];
        real_to_decimal(buf, TREE_REAL_CST_PTR(t), sizeof buf, 0, 1);
        o.str = buf;
      }
      return o;
    }
    case STRING_CST: {
      Operand o;
      o.kind = OpKind::Str;
      int len = TREE_STRING_LENGTH(t);
      const char *p = TREE_STRING_POINTER(t);
      if (len > 0 && p[len - 1] == '\0')
        --len;
      o.str.assign(p, static_cast<size_t>(len > 0 ? len : 0));
      return o;
    }
    case ADDR_EXPR: {
      tree obj = TREE_OPERAND(t, 0);
      Operand o;
      if (TREE_CODE(obj) == FUNCTION_DECL) {
        o.kind = OpKind::Func;
        o.id = symbol_for(obj);
        return o;
      }
      if (TREE_CODE(obj) == STRING_CST)
        return operand(obj);
      if (is_variable(obj)) {
        if (is_local_decl(obj)) {
          o.kind = OpKind::LocalAddr;
          o.id = local_for(obj);
        } else {
          o.kind = OpKind::GlobalAddr;
          o.id = symbol_for(obj);
        }
        return o;
      }
      if (in_phi || TREE_CODE(obj) == LABEL_DECL)
        return Operand::undef();
      Instruction in;
      in.opcode = Opcode::Addr;
      in.place = place(obj);
      in.result = fresh(Type::pointer());
      emit(in);
      return Operand::temp(in.result);
    }
    case OBJ_TYPE_REF: return operand(OBJ_TYPE_REF_EXPR(t), in_phi);
    default:
      if (is_memory(t) && !in_phi) {
        Instruction in;
        in.opcode = Opcode::Load;
        in.is_volatile = is_volatile_ref(t);
        in.place = place(t);
        in.result = fresh(lower_type(TREE_TYPE(t)));
        emit(in);
        return Operand::temp(in.result);
      }
      return Operand::undef();
    }
  }

  // The place t names, with the number of bytes an access to it covers.
  Place place(tree t) {
    Place p = place_of(t);
    tree size = TYPE_SIZE_UNIT(TREE_TYPE(t));
    // (Not a bit-field's: its bits need not start at a byte, and its type's
    // size is not what it covers.)
    const bool bits = TREE_CODE(t) == BIT_FIELD_REF ||
                      (TREE_CODE(t) == COMPONENT_REF && DECL_BIT_FIELD(TREE_OPERAND(t, 1)));
    if (size && TREE_CODE(size) == INTEGER_CST && tree_fits_shwi_p(size) && !bits)
      p.size = tree_to_shwi(size);
    return p;
  }

  static int64_t element_size(tree array_ref) {
    tree size = TYPE_SIZE_UNIT(TREE_TYPE(array_ref));
    return size && TREE_CODE(size) == INTEGER_CST && tree_fits_shwi_p(size) ? tree_to_shwi(size) : 0;
  }

  Place place_of(tree t) {
    Place p;
    switch (TREE_CODE(t)) {
    case VAR_DECL:
    case PARM_DECL:
    case RESULT_DECL:
      if (is_local_decl(t)) {
        p.base = PlaceBase::Local;
        p.id = local_for(t);
      } else {
        p.base = PlaceBase::Global;
        p.id = symbol_for(t);
      }
      return p;
    case STRING_CST:
      p.base = PlaceBase::Str;
      p.pointer = operand(t);
      return p;
    case MEM_REF: {
      tree base = TREE_OPERAND(t, 0);
      poly_offset_int off = mem_ref_offset(t);
      int64_t offset = off.is_constant() ? off.to_constant().to_shwi() : 0;
      if (TREE_CODE(base) == ADDR_EXPR && offset == 0 && is_variable(TREE_OPERAND(base, 0)))
        return place_of(TREE_OPERAND(base, 0));
      p.base = PlaceBase::Deref;
      p.pointer = operand(base);
      p.offset = offset;
      return p;
    }
    case TARGET_MEM_REF: {
      p.base = PlaceBase::Deref;
      p.pointer = operand(TMR_BASE(t));
      Accessor a;
      a.kind = Accessor::Kind::Index;
      a.index = Operand::undef();
      p.path.push_back(a);
      return p;
    }
    case COMPONENT_REF: {
      p = place_of(TREE_OPERAND(t, 0));
      tree field = TREE_OPERAND(t, 1);
      Accessor a;
      a.kind = Accessor::Kind::Field;
      a.name = decl_name(field);
      a.offset = -1;
      a.in_union = TREE_CODE(field) == FIELD_DECL && DECL_CONTEXT(field) &&
                   (TREE_CODE(DECL_CONTEXT(field)) == UNION_TYPE || TREE_CODE(DECL_CONTEXT(field)) == QUAL_UNION_TYPE);
      if (TREE_CODE(field) == FIELD_DECL && DECL_FIELD_OFFSET(field) &&
          TREE_CODE(DECL_FIELD_OFFSET(field)) == INTEGER_CST && DECL_FIELD_BIT_OFFSET(field) &&
          TREE_CODE(DECL_FIELD_BIT_OFFSET(field)) == INTEGER_CST)
        a.offset = int_byte_position(field);
      p.path.push_back(a);
      return p;
    }
    case ARRAY_REF:
    case ARRAY_RANGE_REF: {
      p = place_of(TREE_OPERAND(t, 0));
      Accessor a;
      a.kind = Accessor::Kind::Index;
      a.index = operand(TREE_OPERAND(t, 1));
      // (C arrays start at 0; another lower bound is not modelled.)
      tree domain = TYPE_DOMAIN(TREE_TYPE(TREE_OPERAND(t, 0)));
      if (TREE_CODE(t) == ARRAY_REF && (!domain || !TYPE_MIN_VALUE(domain) || integer_zerop(TYPE_MIN_VALUE(domain))))
        a.elem_size = element_size(t);
      p.path.push_back(a);
      return p;
    }
    case BIT_FIELD_REF:
    case REALPART_EXPR:
    case IMAGPART_EXPR: {
      p = place_of(TREE_OPERAND(t, 0));
      Accessor a;
      a.kind = Accessor::Kind::Field;
      a.offset = -1;
      a.name = TREE_CODE(t) == REALPART_EXPR ? "real" : TREE_CODE(t) == IMAGPART_EXPR ? "imag" : "";
      p.path.push_back(a);
      return p;
    }
    case VIEW_CONVERT_EXPR: return place_of(TREE_OPERAND(t, 0));
    default:
      p.base = PlaceBase::Deref;
      p.pointer = Operand::undef();
      return p;
    }
  }

  static OpName unary_op(tree_code c) {
    switch (c) {
    case NOP_EXPR:
    case CONVERT_EXPR:
    case FLOAT_EXPR:
    case FIX_TRUNC_EXPR:
    case ADDR_SPACE_CONVERT_EXPR:
      return OpName::Conv;
    case NEGATE_EXPR: return OpName::Neg;
    case BIT_NOT_EXPR: return OpName::Not;
    case TRUTH_NOT_EXPR: return OpName::LNot;
    case ABS_EXPR:
    case ABSU_EXPR:
      return OpName::Abs;
    default: return OpName::None;
    }
  }

  static OpName binary_op(tree_code c) {
    switch (c) {
    case PLUS_EXPR: return OpName::Add;
    case MINUS_EXPR: return OpName::Sub;
    case MULT_EXPR: return OpName::Mul;
    case TRUNC_DIV_EXPR:
    case CEIL_DIV_EXPR:
    case FLOOR_DIV_EXPR:
    case ROUND_DIV_EXPR:
    case EXACT_DIV_EXPR:
    case RDIV_EXPR:
      return OpName::Div;
    case TRUNC_MOD_EXPR:
    case CEIL_MOD_EXPR:
    case FLOOR_MOD_EXPR:
    case ROUND_MOD_EXPR:
      return OpName::Mod;
    case BIT_AND_EXPR:
    case TRUTH_AND_EXPR:
      return OpName::And;
    case BIT_IOR_EXPR:
    case TRUTH_OR_EXPR:
      return OpName::Or;
    case BIT_XOR_EXPR:
    case TRUTH_XOR_EXPR:
      return OpName::Xor;
    case LSHIFT_EXPR: return OpName::Shl;
    case RSHIFT_EXPR: return OpName::Shr;
    case POINTER_PLUS_EXPR: return OpName::PtrAdd;
    case POINTER_DIFF_EXPR: return OpName::PtrDiff;
    case MIN_EXPR: return OpName::Min;
    case MAX_EXPR: return OpName::Max;
    case EQ_EXPR: return OpName::Eq;
    case NE_EXPR: return OpName::Ne;
    case LT_EXPR: return OpName::Lt;
    case LE_EXPR: return OpName::Le;
    case GT_EXPR: return OpName::Gt;
    case GE_EXPR: return OpName::Ge;
    default: return OpName::None;
    }
  }

  // Binds an instruction's result to lhs: an SSA name directly, memory
  // through a store of a fresh temporary.
  void emit_with_lhs(Instruction in, tree lhs) {
    if (!lhs) {
      emit(std::move(in));
      return;
    }
    if (TREE_CODE(lhs) == SSA_NAME) {
      in.result = temp_for(lhs);
      emit(std::move(in));
      return;
    }
    in.result = fresh(lower_type(TREE_TYPE(lhs)));
    uint32_t value = in.result;
    emit(std::move(in));
    Instruction st;
    st.opcode = Opcode::Store;
    st.is_volatile = is_volatile_ref(lhs);
    st.place = place(lhs);
    st.operands.push_back(Operand::temp(value));
    emit(std::move(st));
  }

  // A reference to volatile memory: read or written, whatever the code
  // around it does.
  static bool is_volatile_ref(tree t) { return TREE_THIS_VOLATILE(t) || TYPE_VOLATILE(TREE_TYPE(t)); }

  Instruction unknown(const std::string &what) {
    Instruction in;
    in.opcode = Opcode::Unknown;
    in.what = what;
    return in;
  }

  void lower_assign(gassign *stmt) {
    tree lhs = gimple_assign_lhs(stmt);
    tree_code code = gimple_assign_rhs_code(stmt);
    if (gimple_clobber_p(stmt)) {
      if (DECL_P(lhs) && is_local_decl(lhs)) {
        Instruction in;
        in.opcode = Opcode::Clobber;
        in.place = place(lhs);
        emit(std::move(in));
      }
      return;
    }
    Instruction in;
    switch (get_gimple_rhs_class(code)) {
    case GIMPLE_SINGLE_RHS: {
      tree rhs = gimple_assign_rhs1(stmt);
      if (TREE_CODE(lhs) != SSA_NAME && TREE_CODE(rhs) == SSA_NAME && m_deferred_init.count(SSA_NAME_VERSION(rhs)))
        return; // -ftrivial-auto-var-init's filling: the variable is still never set
      if (TREE_CODE(lhs) != SSA_NAME) {
        // A store; aggregate copies go through a temporary.
        // "x = {}" (or "{ 0 }") fills x with zeros (a 0 of x's type when x
        // is a struct or an array: all of it, not its first part); other
        // constructors (vectors with elements) are not followed.
        Type whole = lower_type(TREE_TYPE(lhs));
        if (whole.kind != TypeKind::Record && whole.kind != TypeKind::Array)
          whole = Type::integer(64, true);
        Operand v = TREE_CODE(rhs) != CONSTRUCTOR ? operand(rhs)
                    : initializer_zerop(rhs)       ? Operand::integer(0, whole)
                                                   : Operand::undef();
        Instruction st;
        st.opcode = Opcode::Store;
        st.is_volatile = is_volatile_ref(lhs);
        st.place = place(lhs);
        st.operands.push_back(v);
        emit(std::move(st));
        return;
      }
      if (is_memory(rhs)) {
        in.opcode = Opcode::Load;
        in.is_volatile = is_volatile_ref(rhs);
        in.place = place(rhs);
      } else if (TREE_CODE(rhs) == ADDR_EXPR && !DECL_P(TREE_OPERAND(rhs, 0)) &&
                 TREE_CODE(TREE_OPERAND(rhs, 0)) != STRING_CST) {
        in.opcode = Opcode::Addr;
        in.place = place(TREE_OPERAND(rhs, 0));
      } else if (TREE_CODE(rhs) == CONSTRUCTOR || TREE_CODE(rhs) == ASSERT_EXPR) {
        in = unknown(get_tree_code_name(TREE_CODE(rhs)));
      } else {
        in.opcode = Opcode::Copy;
        in.operands.push_back(operand(rhs));
      }
      break;
    }
    case GIMPLE_UNARY_RHS: {
      OpName op = unary_op(code);
      Operand a = operand(gimple_assign_rhs1(stmt));
      if (code == PAREN_EXPR) {
        in.opcode = Opcode::Copy;
      } else if (op == OpName::None) {
        in = unknown(get_tree_code_name(code));
      } else {
        in.opcode = Opcode::Unary;
        in.op = op;
      }
      in.operands.push_back(a);
      break;
    }
    case GIMPLE_BINARY_RHS: {
      OpName op = binary_op(code);
      Operand a = operand(gimple_assign_rhs1(stmt));
      Operand b = operand(gimple_assign_rhs2(stmt));
      if (op == OpName::None) {
        in = unknown(get_tree_code_name(code));
      } else {
        in.opcode = Opcode::Binary;
        in.op = op;
      }
      in.operands = {a, b};
      break;
    }
    default: {
      // Ternary (COND_EXPR, FMA, ...): not modelled yet.
      Operand a = operand(gimple_assign_rhs1(stmt));
      Operand b = operand(gimple_assign_rhs2(stmt));
      Operand c = operand(gimple_assign_rhs3(stmt));
      in = unknown(get_tree_code_name(code));
      in.operands = {a, b, c};
      break;
    }
    }
    emit_with_lhs(std::move(in), lhs);
  }

  void lower_call(gcall *stmt) {
    Instruction in;
    std::vector<Operand> args;
    if (compat::is_deferred_init(stmt)) {
      // -ftrivial-auto-var-init: the variable is still one the program
      // never set (as GCC's analyzer sees it). Memory: nothing written.
      tree lhs = gimple_call_lhs(stmt);
      if (lhs && TREE_CODE(lhs) == SSA_NAME)
        m_deferred_init.emplace(SSA_NAME_VERSION(lhs), undef_of(SSA_NAME_VAR(lhs)));
      return;
    }
    if (gimple_call_internal_p(stmt) && gimple_call_internal_fn(stmt) == IFN_VA_ARG &&
        gimple_call_num_args(stmt) >= 2) {
      // va_arg (ap, T): a call to __builtin_va_arg (ap, "T"), which the
      // engine models.
      in.opcode = Opcode::Call;
      Operand callee;
      callee.kind = OpKind::Func;
      callee.id = m_mod.symbol_index("__builtin_va_arg", SymbolKind::Function);
      m_mod.symbols[callee.id].is_library = true;
      in.operands.push_back(callee);
      in.operands.push_back(operand(gimple_call_arg(stmt, 0)));
      // (The type as the result is declared, as GCC names it.)
      tree wanted = gimple_call_lhs(stmt) ? TREE_TYPE(gimple_call_lhs(stmt)) : TREE_TYPE(gimple_call_arg(stmt, 1));
      if (!gimple_call_lhs(stmt) && POINTER_TYPE_P(wanted))
        wanted = TREE_TYPE(wanted);
      Operand type;
      type.kind = OpKind::Str;
      type.str = type_text(wanted);
      in.operands.push_back(type);
      emit_with_lhs(std::move(in), gimple_call_lhs(stmt));
      return;
    }
    if (gimple_call_internal_p(stmt)) {
      in = unknown(std::string("internal ") + internal_fn_name(gimple_call_internal_fn(stmt)));
    } else {
      in.opcode = Opcode::Call;
      tree fndecl = gimple_call_fndecl(stmt);
      if (fndecl) {
        Operand callee;
        callee.kind = OpKind::Func;
        callee.id = symbol_for(fndecl);
        in.operands.push_back(callee);
      } else {
        Operand callee = operand(gimple_call_fn(stmt));
        in.operands.push_back(callee);
        // (A pointer to a function type declared alloc_size: what it
        // returns has the size its arguments give.)
        if (tree fntype = gimple_call_fntype(stmt))
          if (tree a = lookup_attribute("alloc_size", TYPE_ATTRIBUTES(fntype)))
            for (tree arg = TREE_VALUE(a); arg; arg = TREE_CHAIN(arg))
              if (uint32_t n = small_constant(TREE_VALUE(arg)))
                in.targets.push_back(n);
      }
    }
    // (A variadic function's unnamed arguments: their C types, for va_arg.)
    tree fntype = gimple_call_internal_p(stmt) ? NULL_TREE : gimple_call_fntype(stmt);
    const unsigned named = fntype && stdarg_p(fntype) ? static_cast<unsigned>(list_length(TYPE_ARG_TYPES(fntype)) - 1)
                                                      : gimple_call_num_args(stmt);
    for (unsigned k = 0; k < gimple_call_num_args(stmt); ++k) {
      tree arg = gimple_call_arg(stmt, k);
      // (A transparent union, glibc's __SOCKADDR_ARG under _GNU_SOURCE, is
      // passed as its first member: the pointer getsockname writes through.)
      if (TREE_CODE(TREE_TYPE(arg)) == UNION_TYPE && TYPE_TRANSPARENT_AGGR(TREE_TYPE(arg)) && !TREE_THIS_VOLATILE(arg))
        for (tree f = TYPE_FIELDS(TREE_TYPE(arg)); f; f = DECL_CHAIN(f))
          if (TREE_CODE(f) == FIELD_DECL) {
            arg = build3(COMPONENT_REF, TREE_TYPE(f), arg, f, NULL_TREE);
            break;
          }
      in.operands.push_back(operand(arg));
      const Operand &o = in.operands.back();
      if (k >= named && o.is_temp() && !m_fn.type_name(o.id))
        m_fn.type_names.push_back({o.id, type_text(TREE_TYPE(gimple_call_arg(stmt, k)))});
    }
    emit_with_lhs(std::move(in), gimple_call_lhs(stmt));
  }

  // Is loc (or the location it was spelled at) inside a macro's
  // expansion?
  static bool from_macro_expansion(location_t loc) {
    return loc != UNKNOWN_LOCATION && linemap_location_from_macro_expansion_p(line_table, loc);
  }

  // A type as C spells it: "const char *", "long int".
  static std::string type_text(tree t) {
    char *text = t ? print_generic_expr_to_str(t) : nullptr;
    std::string out = text ? text : "";
    free(text);
    return out;
  }

  void lower_asm(gasm *stmt) {
    Instruction in = unknown("asm");
    for (unsigned k = 0; k < gimple_asm_ninputs(stmt); ++k)
      in.operands.push_back(operand(TREE_VALUE(gimple_asm_input_op(stmt, k))));
    std::vector<tree> outs;
    for (unsigned k = 0; k < gimple_asm_noutputs(stmt); ++k)
      outs.push_back(TREE_VALUE(gimple_asm_output_op(stmt, k)));
    emit(std::move(in));
    for (tree out : outs) {
      Instruction def = unknown("asm output");
      emit_with_lhs(std::move(def), out);
    }
  }

  uint32_t target(basic_block bb) {
    auto it = m_block.find(bb->index);
    if (it == m_block.end())
      throw LowerError{"edge to a block outside the function"};
    return it->second;
  }

  // Successor edges that matter for paths: not EH, not abnormal (unless
  // those are all there is).
  static std::vector<edge> normal_succs(basic_block bb) {
    std::vector<edge> out, all;
    edge e;
    edge_iterator ei;
    FOR_EACH_EDGE(e, ei, bb->succs) {
      all.push_back(e);
      if (!(e->flags & (EDGE_EH | EDGE_ABNORMAL)))
        out.push_back(e);
    }
    return out.empty() ? all : out;
  }

  // The true edge t and false edge f of a test lead to a second test that
  // a macro's '&&' (the same false target) or '||' (the same true target)
  // makes: GCC gives the first operand of an '&&' or '||' the location of
  // the statement, the second that of the operator, so the operator (and
  // the first test with it) came from the macro.
  static bool first_of_macro_chain(edge t, edge f) {
    auto test_of = [](basic_block b) -> gcond * {
      gimple_stmt_iterator gsi = gsi_last_nondebug_bb(b);
      gimple *g = gsi_end_p(gsi) ? nullptr : gsi_stmt(gsi);
      return g && gimple_code(g) == GIMPLE_COND ? as_a<gcond *>(g) : nullptr;
    };
    auto leads = [](basic_block from, basic_block to, int flag) {
      edge e;
      edge_iterator ei;
      FOR_EACH_EDGE(e, ei, from->succs)
        if ((e->flags & flag) && e->dest == to)
          return true;
      return false;
    };
    if (gcond *second = test_of(t->dest); second && from_macro_expansion(gimple_location(second)) &&
                                           leads(t->dest, f->dest, EDGE_FALSE_VALUE))
      return true;
    if (gcond *second = test_of(f->dest); second && from_macro_expansion(gimple_location(second)) &&
                                           leads(f->dest, t->dest, EDGE_TRUE_VALUE))
      return true;
    return false;
  }

  void lower_terminator(basic_block bb, gimple *last) {
    std::vector<edge> succs = normal_succs(bb);
    std::vector<uint32_t> real;
    for (edge e : succs)
      if (e->dest != EXIT_BLOCK_PTR_FOR_FN(m_fun))
        real.push_back(target(e->dest));
    if (last && m_loc.line == 0)
      m_loc = loc_of(gimple_location(last));
    if (last && gimple_code(last) == GIMPLE_COND && succs.size() == 2) {
      gcond *c = as_a<gcond *>(last);
      edge t = nullptr, f = nullptr;
      for (edge e : succs) {
        if (e->flags & EDGE_TRUE_VALUE)
          t = e;
        if (e->flags & EDGE_FALSE_VALUE)
          f = e;
      }
      if (t && f && t->dest != EXIT_BLOCK_PTR_FOR_FN(m_fun) && f->dest != EXIT_BLOCK_PTR_FOR_FN(m_fun)) {
        Instruction in;
        in.opcode = Opcode::Br;
        OpName op = binary_op(gimple_cond_code(c));
        if (is_comparison(op)) {
          in.op = op;
          in.operands = {operand(gimple_cond_lhs(c)), operand(gimple_cond_rhs(c))};
        } else {
          // Floating-point orderings and the like: either way may be taken.
          in.op = OpName::Ne;
          in.operands = {Operand::undef(), Operand::integer(0, Type::integer(32, true))};
        }
        in.targets = {target(t->dest), target(f->dest)};
        // (A test a macro writes: "assert (p)", "CHECK (p)"; also the
        // first test of a macro's "(b) != NULL && ...", which GCC places
        // at the 'if' that uses the macro.)
        in.from_macro = from_macro_expansion(gimple_location(c)) || first_of_macro_chain(t, f);
        emit(std::move(in));
        return;
      }
    }
    if (last && gimple_code(last) == GIMPLE_SWITCH) {
      gswitch *sw = as_a<gswitch *>(last);
      Instruction in;
      in.opcode = Opcode::Switch;
      in.operands.push_back(operand(gimple_switch_index(sw)));
      in.targets.push_back(target(label_to_block(m_fun, CASE_LABEL(gimple_switch_default_label(sw)))));
      for (unsigned k = 1; k < gimple_switch_num_labels(sw); ++k) {
        tree lab = gimple_switch_label(sw, k);
        tree lo = CASE_LOW(lab), hi = CASE_HIGH(lab) ? CASE_HIGH(lab) : CASE_LOW(lab);
        if (!lo || TREE_CODE(lo) != INTEGER_CST || TREE_CODE(hi) != INTEGER_CST)
          continue;
        SwitchCase sc;
        sc.lo = cst_value(lo);
        sc.hi = cst_value(hi);
        if (sc.lo > sc.hi)
          continue;
        sc.target = target(label_to_block(m_fun, CASE_LABEL(lab)));
        in.cases.push_back(sc);
      }
      in.exhaustive = exhaustive_enum_switch(sw, in.cases);
      emit(std::move(in));
      return;
    }
    if (last && gimple_code(last) == GIMPLE_RETURN) {
      Instruction in;
      in.opcode = Opcode::Ret;

      tree rv = gimple_return_retval(as_a<greturn *>(last));
      if (rv)
        in.operands.push_back(operand(rv));
      emit(std::move(in));
      return;
    }
    Instruction in;
    bool to_exit = false;
    for (edge e : succs)
      to_exit = to_exit || e->dest == EXIT_BLOCK_PTR_FOR_FN(m_fun);
    if (real.empty()) {
      in.opcode = to_exit ? Opcode::Ret : Opcode::Unreachable;

    } else if (real.size() == 1 && !to_exit) {
      in.opcode = Opcode::Jmp;
      in.targets = real;
      // A goto made from a statement (an early return) keeps its place on the edge.
      if (succs.size() == 1 && LOCATION_LOCUS(succs[0]->goto_locus) != UNKNOWN_LOCATION)
        m_loc = loc_of(succs[0]->goto_locus);
    } else {
      // Several ways out that no condition explains (computed goto, ...):
      // any of them may be taken.
      in.opcode = Opcode::Switch;
      in.operands.push_back(Operand::undef());
      in.targets.push_back(real[0]);
      for (size_t k = 1; k < real.size(); ++k)
        in.cases.push_back({static_cast<int64_t>(k), static_cast<int64_t>(k), real[k]});
    }
    emit(std::move(in));
  }

  void lower_block(basic_block bb) {
    m_cur = m_block.at(bb->index);
    // Phis first.
    for (gphi_iterator gsi = gsi_start_phis(bb); !gsi_end_p(gsi); gsi_next(&gsi)) {
      gphi *phi = gsi.phi();
      tree res = gimple_phi_result(phi);
      if (virtual_operand_p(res))
        continue;
      m_loc = Loc{};
      Instruction in;
      in.opcode = Opcode::Phi;
      in.result = temp_for(res);
      for (unsigned k = 0; k < gimple_phi_num_args(phi); ++k) {
        edge e = gimple_phi_arg_edge(phi, k);
        uint32_t from = e->src == ENTRY_BLOCK_PTR_FOR_FN(m_fun) ? 0 : target(e->src);
        in.operands.push_back(operand(gimple_phi_arg_def(phi, k), true));
        in.targets.push_back(from);
      }
      emit(std::move(in));
    }
    gimple *last = nullptr;
    for (gimple_stmt_iterator gsi = gsi_start_bb(bb); !gsi_end_p(gsi); gsi_next(&gsi)) {
      gimple *stmt = gsi_stmt(gsi);
      m_loc = loc_of(gimple_location(stmt));
      switch (gimple_code(stmt)) {
      case GIMPLE_ASSIGN: lower_assign(as_a<gassign *>(stmt)); break;
      case GIMPLE_CALL: lower_call(as_a<gcall *>(stmt)); break;
      case GIMPLE_ASM: lower_asm(as_a<gasm *>(stmt)); break;
      case GIMPLE_COND:
      case GIMPLE_SWITCH:
      case GIMPLE_RETURN:
        last = stmt;
        break; // lowered as the terminator
      case GIMPLE_LABEL:
      case GIMPLE_NOP:
      case GIMPLE_DEBUG:
      case GIMPLE_PREDICT:
        break;
      default: emit(unknown(gimple_code_name[gimple_code(stmt)])); break;
      }
    }
    m_loc = last ? loc_of(gimple_location(last)) : Loc{};
    lower_terminator(bb, last);
  }
};

void Lowerer::run() {
  tree fndecl = m_fun->decl;
  if (!m_fun->cfg || !gimple_in_ssa_p(m_fun))
    throw LowerError{"no CFG in SSA form"};
  m_fn.temps.resize(1);
  m_fn.symbol = symbol_for(fndecl);
  if (m_mod.symbols[m_fn.symbol].body >= 0) {
    // Another body under this declaration's symbol (declarations GCC
    // did not tell apart): a symbol of its own.
    const std::string base = m_mod.symbols[m_fn.symbol].name;
    std::string unique;
    for (int k = 1; unique.empty() || m_mod.find_symbol(unique) >= 0; ++k)
      unique = base + "." + std::to_string(k);
    const Symbol copy = m_mod.symbols[m_fn.symbol];
    m_fn.symbol = m_mod.symbol_index(unique, SymbolKind::Function);
    m_mod.symbols[m_fn.symbol] = copy;
    m_mod.symbols[m_fn.symbol].name = unique;
    m_mod.symbols[m_fn.symbol].body = -1;
    m_mod.symbols[m_fn.symbol].handle = reinterpret_cast<uintptr_t>(fndecl);
    m_symbols[fndecl] = m_fn.symbol;
  }
  m_fn.ret_type = lower_type(TREE_TYPE(TREE_TYPE(fndecl)));
  m_fn.loc = loc_of(DECL_SOURCE_LOCATION(fndecl));
  m_fn.end_loc = loc_of(m_fun->function_end_locus);
  m_fn.nulled_returns = nulled_returns_of(fndecl);
  m_fn.variadic = TREE_TYPE(fndecl) && stdarg_p(TREE_TYPE(fndecl));
  m_fn.handle = reinterpret_cast<uintptr_t>(fndecl);
  // A parameter that lives in memory (a struct, or one whose address is
  // taken) is stored there on entry.
  std::vector<Instruction> param_stores;
  uint32_t position = 0;
  for (tree parm = DECL_ARGUMENTS(fndecl); parm; parm = DECL_CHAIN(parm)) {
    ++position;
    if (POINTER_TYPE_P(TREE_TYPE(parm)) && TYPE_READONLY(TREE_TYPE(TREE_TYPE(parm))))
      m_fn.readonly_params.push_back(position);
    tree def = ssa_default_def(m_fun, parm);
    uint32_t t = def ? temp_for(def) : named_temp(lower_type(TREE_TYPE(parm)), parm);
    m_fn.params.push_back(t);
    if (TREE_ADDRESSABLE(parm) || !is_gimple_reg(parm)) {
      Instruction st;
      st.opcode = Opcode::Store;
      st.place.base = PlaceBase::Local;
      st.place.id = local_for(parm);
      st.operands.push_back(Operand::temp(t));
      param_stores.push_back(std::move(st));
    }
  }
  // Blocks: IR bb0 is the synthetic entry.
  basic_block bb;
  uint32_t next = 1;
  FOR_EACH_BB_FN(bb, m_fun)
  m_block[bb->index] = next++;
  m_fn.blocks.resize(next);
  edge first = single_succ_p(ENTRY_BLOCK_PTR_FOR_FN(m_fun)) ? single_succ_edge(ENTRY_BLOCK_PTR_FOR_FN(m_fun))
                                                             : nullptr;
  m_fn.blocks[0].insns = std::move(param_stores);
  Instruction entry;
  if (first && first->dest != EXIT_BLOCK_PTR_FOR_FN(m_fun)) {
    entry.opcode = Opcode::Jmp;
    entry.targets.push_back(target(first->dest));
  } else {
    entry.opcode = Opcode::Ret;
  }
  m_fn.blocks[0].insns.push_back(entry);
  FOR_EACH_BB_FN(bb, m_fun)
  lower_block(bb);
  auto errs = verify_function(m_mod, m_fn);
  if (!errs.empty())
    throw LowerError{"lowered IR is invalid: " + errs.front()};
  m_mod.symbols[m_fn.symbol].body = static_cast<int32_t>(m_mod.functions.size());
  m_mod.symbols[m_fn.symbol].is_static = !TREE_PUBLIC(fndecl);
  m_mod.functions.push_back(std::move(m_fn));
}

} // namespace

bool ModuleLowering::lower(function *fun, std::string &reason) {
  Module &m = m_module;
  size_t nsyms = m.symbols.size(), nfiles = m.files.size();
  try {
    Lowerer l(m, m_symbols, fun);
    l.run();
    return true;
  } catch (const LowerError &e) {
    reason = e.message;
  } catch (const std::exception &e) {
    reason = e.what();
  }
  // Leave the module as it was (symbols added on the way are harmless but
  // would change the dump; drop them).
  m.symbols.resize(nsyms);
  m.files.resize(nfiles);
  for (auto it = m_symbols.begin(); it != m_symbols.end();)
    it = it->second >= nsyms ? m_symbols.erase(it) : std::next(it);
  return false;
}

namespace {

// The functions an initializer stores into fields marked tainted_args.
void tainted_callbacks(tree init, std::vector<tree> &out, int depth) {
  if (!init || TREE_CODE(init) != CONSTRUCTOR || depth > 8)
    return;
  unsigned HOST_WIDE_INT i;
  tree index, value;
  FOR_EACH_CONSTRUCTOR_ELT(CONSTRUCTOR_ELTS(init), i, index, value) {
    tree v = value;
    STRIP_NOPS(v);
    if (TREE_CODE(v) == CONSTRUCTOR) {
      tainted_callbacks(v, out, depth + 1);
    } else if (index && TREE_CODE(index) == FIELD_DECL && TREE_CODE(v) == ADDR_EXPR &&
               TREE_CODE(TREE_OPERAND(v, 0)) == FUNCTION_DECL &&
               lookup_attribute("tainted_args", DECL_ATTRIBUTES(index))) {
      out.push_back(TREE_OPERAND(v, 0));
    }
  }
}

} // namespace

namespace {
tree collect_function_address(tree *tp, int *walk_subtrees, void *data) {
  if (TYPE_P(*tp))
    *walk_subtrees = 0;
  else if (TREE_CODE(*tp) == ADDR_EXPR && TREE_CODE(TREE_OPERAND(*tp, 0)) == FUNCTION_DECL)
    static_cast<std::set<tree> *>(data)->insert(TREE_OPERAND(*tp, 0));
  return NULL_TREE;
}
} // namespace

void ModuleLowering::mark_functions_in_data() {
  std::set<tree> fns;
  varpool_node *v;
  FOR_EACH_VARIABLE(v) {
    tree init = in_lto_p ? v->get_constructor() : DECL_INITIAL(v->decl);
    if (init && init != error_mark_node)
      walk_tree_without_duplicates(&init, collect_function_address, &fns);
  }
  for (tree f : fns) {
    auto it = m_symbols.find(f);
    if (it != m_symbols.end() && it->second < m_module.symbols.size())
      m_module.symbols[it->second].address_taken = true;
  }
}

void ModuleLowering::mark_tainted_callbacks() {
  std::vector<tree> fns;
  varpool_node *v;
  FOR_EACH_VARIABLE(v) {
    if (fns.size() > 4096)
      break;
    tree init = in_lto_p ? v->get_constructor() : DECL_INITIAL(v->decl);
    if (init && init != error_mark_node)
      tainted_callbacks(init, fns, 0);
  }
  for (tree f : fns) {
    auto it = m_symbols.find(f);
    if (it != m_symbols.end() && it->second < m_module.symbols.size())
      m_module.symbols[it->second].tainted_args = true;
  }
}

} // namespace pathwise::plugin
