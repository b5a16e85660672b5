// pathwise IR: the small, compiler-independent program form the engine reads.
// SPDX-License-Identifier: GPL-3.0-or-later
//
// A Module holds symbols (functions and global variables) and the bodies of
// the functions it defines. A Function is a list of Blocks of Instructions in
// SSA form over numbered temporaries (%N); memory is reached through Places
// (a base — local, global, string literal or the pointee of an operand —
// followed by field and index accessors). Every instruction keeps the source
// location it came from. See docs/IR.md for the text form.
#pragma once

#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

namespace pathwise::ir {

// A minimal type: enough for widths, signedness, pointers and sizes.
// Example: Type::integer(32, true) prints as "i32"; Type::pointer() as "ptr".
enum class TypeKind : uint8_t { Void, Int, Ptr, Float, Record, Array, Func, Unknown };

struct Type {
  TypeKind kind = TypeKind::Unknown;
  uint32_t bits = 0;      // Int, Float, Ptr
  bool is_signed = false; // Int
  uint64_t size = 0;      // Record, Array: size in bytes (0 = unknown)
  uint32_t pointee = 0;   // Ptr: the size of the scalar it points to (0: not a scalar, or unknown)
  uint32_t pointee_record = 0; // Ptr: the size of the struct or union it points to (0: not one, or unknown)

  static Type void_type() { return {TypeKind::Void, 0, false, 0}; }
  static Type integer(uint32_t bits, bool is_signed) { return {TypeKind::Int, bits, is_signed, bits / 8}; }
  static Type pointer() { return {TypeKind::Ptr, 64, false, 8}; }
  static Type floating(uint32_t bits) { return {TypeKind::Float, bits, true, bits / 8}; }
  static Type record(uint64_t size) { return {TypeKind::Record, 0, false, size}; }
  static Type array(uint64_t size) { return {TypeKind::Array, 0, false, size}; }
  static Type function() { return {TypeKind::Func, 0, false, 0}; }
  static Type unknown() { return {}; }
  bool is_pointer() const { return kind == TypeKind::Ptr; }
  // A one-bit unsigned integer: how a _Bool or a C++ bool is lowered.
  bool is_bool() const { return kind == TypeKind::Int && bits == 1 && !is_signed; }
  bool operator==(const Type &o) const {
    return kind == o.kind && bits == o.bits && is_signed == o.is_signed && size == o.size && pointee == o.pointee &&
           pointee_record == o.pointee_record;
  }
};

std::string type_text(const Type &t);

// A source location: an opaque handle for the front end (GCC's location_t)
// plus file, line and column for people and for tests. line 0 = unknown.
struct Loc {
  uint64_t handle = 0; // (GCC 15 on: 64 bits)
  uint32_t file = 0; // index into Module::files
  uint32_t line = 0;
  uint32_t col = 0;
  bool known() const { return line != 0; }
};

// An operand of an instruction.
// Examples: %3 (temporary), 5:i32 (integer), null, &$x (address of local x),
// &@g (address of global g), @f (function f), "abc" (string literal), undef.
enum class OpKind : uint8_t { None, Temp, Int, Null, LocalAddr, GlobalAddr, Func, Str, Float, Undef };

struct Operand {
  OpKind kind = OpKind::None;
  uint32_t id = 0;   // Temp: temporary id; LocalAddr: local index; GlobalAddr/Func: symbol index
  int64_t value = 0; // Int
  Type type;         // Int, Float: the constant's type
  std::string str;   // Str: the literal's bytes; Undef: the uninitialized variable's name ("" if none);
                     // Float: the constant in decimal ("5.e-1"; "" if not known)
  Loc decl;          // Undef: that variable's declaration

  static Operand temp(uint32_t id) { Operand o; o.kind = OpKind::Temp; o.id = id; return o; }
  static Operand integer(int64_t v, Type t) { Operand o; o.kind = OpKind::Int; o.value = v; o.type = t; return o; }
  static Operand null() { Operand o; o.kind = OpKind::Null; return o; }
  static Operand undef() { Operand o; o.kind = OpKind::Undef; return o; }
  bool is_temp() const { return kind == OpKind::Temp; }
  bool is_none() const { return kind == OpKind::None; }
};

// One step of a Place after its base: a field at a byte offset, or an index.
struct Accessor {
  enum class Kind : uint8_t { Field, Index } kind = Kind::Field;
  std::string name; // Field
  int64_t offset = 0; // Field: byte offset (-1 = unknown)
  bool in_union = false; // Field: a member of a union (its siblings share its bytes)
  Operand index;    // Index
  int64_t elem_size = 0; // Index: the element's size in bytes (0 = unknown)
};

// A memory location: base plus accessors.
// Examples: $x, @g, *%3, *%3.data@8, $buf[%5], "abc".
enum class PlaceBase : uint8_t { Local, Global, Deref, Str };

struct Place {
  PlaceBase base = PlaceBase::Local;
  uint32_t id = 0;   // Local: local index; Global: symbol index
  Operand pointer;   // Deref: the pointer operand; Str: the literal
  int64_t offset = 0; // Deref: constant byte offset added to the pointer
  std::vector<Accessor> path;
  int64_t size = 0;   // the bytes a load or store of it reads or writes (0 = unknown)
};

enum class Opcode : uint8_t {
  Copy,    // %t = copy a
  Unary,   // %t = neg a   (neg, not, lnot, conv, abs, ...)
  Binary,  // %t = add a, b
  Load,    // %t = load PLACE
  Store,   // store PLACE, a
  Addr,    // %t = addr PLACE
  Call,    // [%t =] call CALLEE(args)
  Phi,     // %t = phi [a, bbN], ...
  Clobber, // clobber PLACE   (the storage ends its life)
  Unknown, // [%t =] unknown "what" (a, ...)  — anything not modelled
  // Terminators.
  Br,          // br OP a, b, bbT, bbF
  Jmp,         // jmp bbN
  Switch,      // switch a, bbDefault [lo..hi: bbN, ...]
  Ret,         // ret [a]
  Unreachable, // no successor (noreturn call, __builtin_unreachable)
};

// Operators of Unary, Binary and Br.
enum class OpName : uint8_t {
  None,
  // unary
  Neg, Not, LNot, Conv, Abs,
  // binary arithmetic
  Add, Sub, Mul, Div, Mod, And, Or, Xor, Shl, Shr, PtrAdd, PtrDiff, Min, Max, Other,
  // comparisons
  Eq, Ne, Lt, Le, Gt, Ge,
};

const char *op_name_text(OpName op);
bool is_comparison(OpName op);
OpName invert_comparison(OpName op); // Lt -> Ge
OpName swap_comparison(OpName op);   // Lt -> Gt

struct SwitchCase {
  int64_t lo = 0, hi = 0; // inclusive range
  uint32_t target = 0;
};

struct Instruction {
  Opcode opcode = Opcode::Unknown;
  OpName op = OpName::None;
  // Switch: on an enum whose every value has a case, without a 'default:'
  // of its own (the compiler's implicit one is never taken).
  bool exhaustive = false;
  // Br: the condition comes from the expansion of a macro (a check the
  // macro makes, whatever it is given).
  bool from_macro = false;
  // Load, Store: of volatile memory (it may change, or be watched, at any
  // time).
  bool is_volatile = false;
  uint32_t result = 0; // temporary defined, 0 = none
  std::vector<Operand> operands; // Copy/Unary/Binary/Br: a[, b]; Store: value; Call: callee, args...; Phi: values; Ret: [value]
  Place place;                   // Load, Store, Addr, Clobber
  // Br: true, false; Jmp: one; Switch: default; Phi: incoming blocks;
  // Call through a pointer: the alloc_size arguments of its function type (1-based)
  std::vector<uint32_t> targets;
  std::vector<SwitchCase> cases; // Switch
  std::string what;              // Unknown: what it stands for
  Loc loc;

  bool is_terminator() const { return opcode >= Opcode::Br; }
};

struct Block {
  std::vector<Instruction> insns; // phis first, one terminator last
};

// A temporary: SSA value defined once (or a parameter).
struct Temp {
  Type type;
  std::string name; // the user variable it stands for, "" if none
  uint32_t var = 0; // which variable of that name (shadowing): 1, 2, ...; 0 = none
  uint32_t ssa = 0; // the front end's SSA version it was made from (GCC's "n_3"), 0 = none
};

struct Local {
  std::string name;
  Type type;
  bool is_param = false;
  Loc loc; // its declaration
  std::string type_name; // arrays and records: the type as declared ("int32_t[10]"), for pictures
  // A name the source wrote: not a compiler temporary's ("D.1993") nor
  // the return slot's ("<retval>").
  bool named_by_user() const { return !name.empty() && name[0] != '<' && name.compare(0, 2, "D.") != 0; }
};

struct Function {
  uint32_t symbol = 0; // index of its Symbol in the Module
  std::vector<uint32_t> params; // temporaries holding the incoming arguments
  bool variadic = false;        // takes unnamed arguments after them (...)
  // Parameters declared as pointers to const (1-based): the function
  // promises not to change what they point to.
  std::vector<uint32_t> readonly_params;
  Type ret_type = Type::void_type();
  std::vector<Temp> temps; // temps[0] is reserved (no temporary)
  std::vector<Local> locals;
  std::vector<Block> blocks; // blocks[0] is the entry
  Loc loc;
  Loc end_loc;          // the closing brace
  uintptr_t handle = 0; // front end's handle (GCC's FUNCTION_DECL)
  // Lines where the front end turned "return &local" (or an array) into
  // "return NULL", each with the local's name.
  std::vector<std::pair<uint32_t, std::string>> nulled_returns;
  // C type names of temporaries passed as variadic arguments ("char *"),
  // by temporary: what a va_arg of another type receives.
  std::vector<std::pair<uint32_t, std::string>> type_names;
  const std::string *type_name(uint32_t temp) const {
    for (const auto &t : type_names)
      if (t.first == temp)
        return &t.second;
    return nullptr;
  }

  uint32_t new_temp(Type t, std::string name = "", uint32_t var = 0);
};

enum class SymbolKind : uint8_t { Function, Variable };

struct Symbol {
  std::string name; // unique in the module; see source_name
  // Function visible outside its unit: the name the linker knows it by,
  // when it differs from the source's (C++'s mangled names, asm labels).
  // Front end only (not in the text form).
  std::string link_name;
  SymbolKind kind = SymbolKind::Function;
  Type type;
  int32_t body = -1;     // index into Module::functions, -1 = external
  uintptr_t handle = 0;  // front end's handle (GCC's declaration), 0 = none
  std::string type_name; // variable, array or record: its type as declared, for pictures
  // Attributes that the engine may rely on.
  bool is_noreturn = false;
  bool returns_void = false; // Function: declared to return nothing
  bool is_const = false; // Variable: read-only; Function: __attribute__((const))
  bool is_static = false; // Function with a body, or variable: not visible outside its translation unit
  // Variable: its address is taken somewhere (code, or an initializer).
  // Function: a variable's initializer holds its address (a table of
  // handlers, a struct sigaction set up statically).
  bool address_taken = false;
  // Variable: its initializer is known whole: every byte that
  // constant_table and function_table do not give is zero.
  bool init_complete = false;
  bool is_pure = false;   // Function: __attribute__((pure)), reads memory but changes nothing
  bool is_library = false; // Function: declared in a system header or built in (the C library's)
  Loc loc;               // its declaration
  // Function: arguments declared __attribute__((nonnull)), 1-based;
  // nonnull_all: every pointer argument.
  std::vector<uint32_t> nonnull;
  bool nonnull_all = false;
  // Function: __attribute__((nonnull_if_nonzero (P, N[, M]))) (GCC 15 on,
  // memcpy's): argument P must not be NULL unless argument N (or N * M) is
  // 0. Each rule {P, N[, M]}, 1-based.
  std::vector<std::vector<uint32_t>> nonnull_if_nonzero;
  // Function: __attribute__((malloc)) (returns fresh memory), and the
  // deallocators __attribute__((malloc (D))) names for what it returns.
  bool is_malloc = false;
  std::vector<std::string> deallocators;
  std::vector<uint32_t> deallocator_args; // by deallocator: which argument it releases, 1-based
  // Function: parameters declared as pointers to const, or with
  // __attribute__((access (read_only|none, N))) (1-based): the function
  // may read what they point to but not release or change it.
  std::vector<uint32_t> const_pointee;
  // Function: parameters with access (write_only, N): the function writes
  // what they point to, and neither reads nor releases it.
  std::vector<uint32_t> write_only;
  // Function: parameters with access (read_write, N).
  std::vector<uint32_t> read_write;
  // Function: access (MODE, N, S) attributes' size arguments S (1-based).
  std::vector<uint32_t> size_args;
  // Function: access (MODE, N, S): buffer argument N holds S elements of
  // `elem` bytes (its pointee's size; 1 for void *), all 1-based; read
  // (read_only, read_write), written (write_only, read_write).
  struct SizedBuffer {
    uint32_t buffer = 0, size = 0, elem = 1;
    bool read = false, write = false;
    bool operator==(const SizedBuffer &o) const {
      return buffer == o.buffer && size == o.size && elem == o.elem && read == o.read && write == o.write;
    }
  };
  std::vector<SizedBuffer> sized_buffers;
  // Function: file descriptor parameters (1-based) declared
  // __attribute__((fd_arg (N))) (open), fd_arg_read (N) (open for
  // reading), fd_arg_write (N) (open for writing).
  std::vector<uint32_t> fd_args, fd_read_args, fd_write_args;
  // Function: parameters declared __attribute__((null_terminated_string_arg
  // (N))): the function reads a string there, up to its terminating zero.
  std::vector<uint32_t> string_args;
  // Function: __attribute__((tainted_args)): its arguments come from an
  // attacker (a system call's entry, say).
  bool tainted_args = false;
  // Function: __attribute__((returns_nonnull)).
  bool returns_nonnull = false;
  // Function: __attribute__((alloc_size (N[, M]))): the arguments whose
  // product is the size of the object returned (1-based).
  std::vector<uint32_t> alloc_size;
  // Function: __attribute__((format (ARCHETYPE, M, N))): the format string
  // is argument M, the values it formats start at N (0: a va_list).
  enum class Format : uint8_t { None, Printf, Scanf };
  Format format = Format::None;
  uint32_t format_arg = 0, format_first = 0;
  // Variable: read-only, and its initializer holds the addresses of these
  // functions (a table of function pointers): the path to each entry as
  // memory keys spell it (".8" a field or an element at byte 8, "[2]"
  // element 2 where elements have no known size) and the function's
  // symbol.
  std::vector<std::pair<std::string, uint32_t>> function_table;
  // Variable: the integers (and null pointers, 0) its initializer gives,
  // by the same paths (a constant configuration; "" for a scalar).
  std::vector<std::pair<std::string, int64_t>> constant_table;
  // Variable: the addresses of variables its initializer gives, by the
  // same paths (a table of options, each with the address of the setting
  // it changes).
  std::vector<std::pair<std::string, uint32_t>> address_table;
  bool attributes_read = false; // front end: the attributes above are filled in
};

struct Module {
  std::vector<std::string> files;
  std::vector<Symbol> symbols;
  std::vector<Function> functions;
  // Named constants of the translation unit that checkers read (a macro or
  // an enumerator: O_RDONLY = 0), by name.
  std::vector<std::pair<std::string, int64_t>> constants;
  bool constant(const std::string &name, int64_t &value) const;

  uint32_t file_index(const std::string &name);
  uint32_t symbol_index(const std::string &name, SymbolKind kind); // find or add
  int find_symbol(const std::string &name) const;                  // -1 if absent
  // A function's name as its source spells it.
  std::string function_name(const Function &f) const { return source_name(symbols[f.symbol].name); }
  // The function with a body that a call's callee operand names (its index
  // in functions), -1 if none (a pointer, or a function defined elsewhere).
  int32_t body_of(const Operand &callee) const {
    return callee.kind == OpKind::Func && callee.id < symbols.size() ? symbols[callee.id].body : -1;
  }
  // A symbol's name as the source spells it: without the ".N" that tells
  // apart entities of one name (see Symbol::name).
  static std::string source_name(const std::string &name);
};

// A C library function's name as the source spells it where GCC called
// its built-in ("__builtin_fwrite" for fprintf (f, "bye\n")): "fwrite".
inline std::string_view without_builtin(std::string_view name) {
  constexpr std::string_view kBuiltin = "__builtin_";
  return name.substr(0, kBuiltin.size()) == kBuiltin ? name.substr(kBuiltin.size()) : name;
}

// Readable expression text, as GCC's analyzer prints it: "p", "*q",
// "*b.data", "buf[i]". Empty when there is nothing a person would recognise.
// A temporary without a user name is named after its definition (a load
// from *b.data reads as "*b.data").
class TextNamer {
public:
  TextNamer(const Module &m, const Function &f);
  std::string operand(const Operand &o) const;
  std::string place(const Place &p) const;
  std::string temp(uint32_t t) const;
  // A pointer as a dereference names it: its base, without the offset
  // arithmetic (GCC says 'buffer' for buffer[i]).
  std::string pointer(const Operand &o) const;
  // An operand as one side of a comparison: parenthesized where its own
  // operator binds less tightly ("(flags & 4) == 0").
  std::string compared(const Operand &o) const;

private:
  const Module &m_module;
  const Function &m_fn;
  std::vector<const Instruction *> m_defs; // by temporary
  std::string temp_at(uint32_t t, int depth) const;
  // p as an element of what its pointer points to ("pbuf[1]",
  // "names[i]"); "" if it is not one.
  std::string subscript(const Place &p) const;
  // Appends p's accessors from the from-th on (".f", "[i]") to s; false
  // if one has no text.
  bool append_path(const Place &p, size_t from, std::string &s) const;
  // Is e a name followed only by fields, subscripts and calls, which
  // "*" may precede without parentheses?
  static bool postfix_expression(const std::string &e);
  // How tightly binary operator op binds in C (0: not one of C's infix
  // operators here).
  static int precedence(OpName op);
  // The precedence of the operator whose text o reads as (0: none).
  int operator_precedence(const Operand &o) const;
};

std::string operand_text(const Module &m, const Function &f, const Operand &o);
std::string place_text(const Module &m, const Function &f, const Place &p);

// Text form: print and parse (see docs/IR.md).
std::string print_module(const Module &m);
std::string print_function(const Module &m, const Function &f);

struct ParseError {
  int line;
  std::string message;
};
// Parses the text form; throws ParseError.
Module parse_module(const std::string &text);

// Checks structural invariants; returns one message per problem (empty = valid).
std::vector<std::string> verify_function(const Module &m, const Function &f);
std::vector<std::string> verify_module(const Module &m);

// The blocks an instruction's terminator can reach.
std::vector<uint32_t> successors(const Block &b);

// By temporary: the instruction of f that defines it (nullptr: none, as
// for a parameter).
std::vector<const Instruction *> definitions(const Function &f);

} // namespace pathwise::ir
