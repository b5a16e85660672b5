// pathwise IR: parser of the text form, so that tests can write IR by hand.
// SPDX-License-Identifier: GPL-3.0-or-later
#include <cctype>
#include <cstring>
#include <map>

#include "ir/ir.h"

namespace pathwise::ir {
namespace {

class Parser {
public:
  explicit Parser(const std::string &text) : m_text(text) {}

  Module parse() {
    for (;;) {
      skip_space();
      if (at_end())
        break;
      std::string kw = word();
      if (kw == "declare") {
        uint32_t s = symbol_ref(SymbolKind::Function);
        for (;;) {
          skip_space_inline();
          std::string w = peek_word();
          if (w == "noreturn")
            m_module.symbols[s].is_noreturn = true;
          else if (w == "void")
            m_module.symbols[s].returns_void = true;
          else if (w == "const")
            m_module.symbols[s].is_const = true;
          else if (w == "pure")
            m_module.symbols[s].is_pure = true;
          else if (w == "returns_nonnull")
            m_module.symbols[s].returns_nonnull = true;
          else if (w == "library")
            m_module.symbols[s].is_library = true;
          else if (w == "readonly" || w == "writeonly" || w == "alloc_size" || w == "sizes" || w == "readwrite" ||
                   w == "fd" || w == "fd_read" || w == "fd_write" || w == "strings") {
            word();
            Symbol &sym = m_module.symbols[s];
            std::vector<uint32_t> &v = w == "readonly"    ? sym.const_pointee
                                       : w == "writeonly" ? sym.write_only
                                       : w == "readwrite" ? sym.read_write
                                       : w == "sizes"     ? sym.size_args
                                       : w == "fd"        ? sym.fd_args
                                       : w == "fd_read"   ? sym.fd_read_args
                                       : w == "fd_write"  ? sym.fd_write_args
                                       : w == "strings"   ? sym.string_args
                                                          : sym.alloc_size;
            expect('(');
            numbers(v);
            expect(')');
            continue;
          } else if (w == "buffers") {
            // buffers(N:S:E:r|w|rw, ...): access (MODE, N, S) with elements of E bytes.
            word();
            expect('(');
            do {
              Symbol::SizedBuffer b;
              b.buffer = static_cast<uint32_t>(number());
              expect(':');
              b.size = static_cast<uint32_t>(number());
              expect(':');
              b.elem = static_cast<uint32_t>(number());
              expect(':');
              const std::string mode = word();
              if (mode != "w" && mode != "r" && mode != "rw")
                fail("a sized buffer is read (r), written (w) or both (rw), not '" + mode + "'");
              b.read = mode != "w";
              b.write = mode != "r";
              m_module.symbols[s].sized_buffers.push_back(b);
            } while (accept(','));
            expect(')');
            continue;
          } else if (w == "format") {
            word();
            expect('(');
            const std::string kind = word();
            if (kind != "printf" && kind != "scanf")
              fail("format archetype must be printf or scanf, not '" + kind + "'");
            m_module.symbols[s].format = kind == "printf" ? Symbol::Format::Printf : Symbol::Format::Scanf;
            expect(',');
            m_module.symbols[s].format_arg = static_cast<uint32_t>(number());
            expect(',');
            m_module.symbols[s].format_first = static_cast<uint32_t>(number());
            expect(')');
            continue;
          }
          else if (w == "malloc") {
            word();
            m_module.symbols[s].is_malloc = true;
            if (accept('(')) {
              do {
                const uint32_t d = symbol_ref(SymbolKind::Function);
                m_module.symbols[s].deallocators.push_back(m_module.symbols[d].name);
                m_module.symbols[s].deallocator_args.push_back(accept(':') ? static_cast<uint32_t>(number()) : 1);
              } while (accept(','));
              expect(')');
            }
            continue;
          } else if (w == "nonnull_if_nonzero") {
            word();
            expect('(');
            m_module.symbols[s].nonnull_if_nonzero.emplace_back();
            numbers(m_module.symbols[s].nonnull_if_nonzero.back());
            expect(')');
            continue;
          } else if (w == "nonnull") {
            word();
            expect('(');
            if (accept('*')) {
              m_module.symbols[s].nonnull_all = true;
            } else {
              numbers(m_module.symbols[s].nonnull);
            }
            expect(')');
            continue;
          } else
            break;
          word();
        }
      } else if (kw == "constant") {
        // constant NAME = V: a named constant of the translation unit.
        skip_space_inline();
        const std::string name = word();
        if (name.empty())
          fail("a constant needs a name");
        expect('=');
        skip_space_inline();
        m_module.constants.push_back({name, number()});
      } else if (kw == "global") {
        uint32_t s = symbol_ref(SymbolKind::Variable);
        m_module.symbols[s].kind = SymbolKind::Variable;
        expect(':');
        m_module.symbols[s].type = type();
        for (skip_space_inline();; skip_space_inline()) {
          const std::string w = peek_word();
          if (w == "const")
            m_module.symbols[s].is_const = true;
          else if (w == "static")
            m_module.symbols[s].is_static = true;
          else if (w == "addressed")
            m_module.symbols[s].address_taken = true;
          else if (w == "complete")
            m_module.symbols[s].init_complete = true;
          else
            break;
          word();
        }
        if (peek_word() == "init") {
          word();
          expect('(');
          std::vector<std::pair<std::string, uint32_t>> table;
          std::vector<std::pair<std::string, int64_t>> constants;
          std::vector<std::pair<std::string, uint32_t>> addresses;
          do {
            skip_space_inline();
            std::string path = quoted();
            expect('=');
            skip_space_inline();
            if (cur() == '@')
              table.push_back({path, symbol_ref(SymbolKind::Function)});
            else if (accept('&'))
              addresses.push_back({path, symbol_ref(SymbolKind::Variable)});
            else
              constants.push_back({path, number()});
          } while (accept(','));
          expect(')');
          m_module.symbols[s].function_table = std::move(table);
          m_module.symbols[s].constant_table = std::move(constants);
          m_module.symbols[s].address_table = std::move(addresses);
        }
        m_module.symbols[s].loc = loc();
      } else if (kw == "func") {
        function();
      } else {
        fail("expected 'declare', 'global' or 'func', found '" + kw + "'");
      }
    }
    return std::move(m_module);
  }

private:
  const std::string &m_text;
  size_t m_pos = 0;
  int m_line = 1;
  Module m_module;
  Function *m_fn = nullptr;
  std::map<std::string, uint32_t> m_locals;

  [[noreturn]] void fail(const std::string &msg) { throw ParseError{m_line, msg}; }

  bool at_end() const { return m_pos >= m_text.size(); }
  char cur() const { return at_end() ? '\0' : m_text[m_pos]; }
  void advance() {
    if (cur() == '\n')
      ++m_line;
    ++m_pos;
  }

  void skip_space() {
    for (;;) {
      while (!at_end() && isspace(static_cast<unsigned char>(cur())))
        advance();
      if (cur() == ';' || (cur() == '/' && m_pos + 1 < m_text.size() && m_text[m_pos + 1] == '/')) {
        while (!at_end() && cur() != '\n')
          advance();
        continue;
      }
      return;
    }
  }
  void skip_space_inline() {
    while (cur() == ' ' || cur() == '\t')
      advance();
  }

  bool accept(char c) {
    skip_space();
    if (cur() == c) {
      advance();
      return true;
    }
    return false;
  }
  void expect(char c) {
    if (!accept(c))
      fail(std::string("expected '") + c + "'" + (at_end() ? " at end of input" : std::string(", found '") + cur() + "'"));
  }
  bool accept_str(const char *s) {
    skip_space();
    size_t n = strlen(s);
    if (m_text.compare(m_pos, n, s) == 0) {
      for (size_t i = 0; i < n; ++i)
        advance();
      return true;
    }
    return false;
  }

  static bool is_word_char(char c) { return isalnum(static_cast<unsigned char>(c)) || c == '_' || c == '.'; }

  std::string word() {
    skip_space();
    std::string w;
    while (is_word_char(cur()) && !(cur() == '.' && m_pos + 1 < m_text.size() && m_text[m_pos + 1] == '.')) {
      w += cur();
      advance();
    }
    if (w.empty())
      fail(std::string("expected a name, found '") + cur() + "'");
    return w;
  }
  // A keyword operand: letters and underscores.
  std::string keyword() {
    skip_space();
    std::string w;
    while (isalpha(static_cast<unsigned char>(cur())) || cur() == '_') {
      w += cur();
      advance();
    }
    if (w.empty())
      fail(std::string("expected an operand, found '") + cur() + "'");
    return w;
  }
  std::string peek_word() {
    size_t save = m_pos;
    int line = m_line;
    skip_space();
    std::string w;
    while (is_word_char(cur())) {
      w += cur();
      advance();
    }
    m_pos = save;
    m_line = line;
    return w;
  }

  // "volatile" before a load's or store's place.
  bool volatile_marker() {
    skip_space_inline();
    if (peek_word() != "volatile")
      return false;
    word();
    return true;
  }

  // (K:"text", ...), K written %K for temporaries.
  std::vector<std::pair<uint32_t, std::string>> numbered_texts(bool temporaries) {
    std::vector<std::pair<uint32_t, std::string>> out;
    expect('(');
    do {
      skip_space_inline();
      if (temporaries)
        expect('%');
      const auto k = static_cast<uint32_t>(number());
      expect(':');
      skip_space_inline();
      out.push_back({k, quoted()});
    } while (accept(','));
    expect(')');
    skip_space_inline();
    return out;
  }

  int64_t number() {
    skip_space();
    bool neg = false;
    if (cur() == '-') {
      neg = true;
      advance();
    }
    if (!isdigit(static_cast<unsigned char>(cur())))
      fail("expected a number");
    uint64_t v = 0;
    while (isdigit(static_cast<unsigned char>(cur()))) {
      v = v * 10 + static_cast<uint64_t>(cur() - '0');
      advance();
    }
    return neg ? -static_cast<int64_t>(v) : static_cast<int64_t>(v);
  }

  // "N[,N...]" (argument numbers of an attribute) appended to v.
  void numbers(std::vector<uint32_t> &v) {
    do
      v.push_back(static_cast<uint32_t>(number()));
    while (accept(','));
  }

  std::string quoted() {
    skip_space();
    if (cur() != '"')
      fail("expected a string");
    advance();
    std::string s;
    while (!at_end() && cur() != '"') {
      if (cur() == '\n')
        fail("unterminated string");
      if (cur() == '\\') {
        advance();
        if (cur() == 'x') {
          advance();
          std::string hex;
          for (int k = 0; k < 2 && isxdigit(static_cast<unsigned char>(cur())); ++k) {
            hex += cur();
            advance();
          }
          if (hex.empty())
            fail("bad \\x escape");
          s += static_cast<char>(std::stoi(hex, nullptr, 16));
          continue;
        }
      }
      s += cur();
      advance();
    }
    if (at_end())
      fail("unterminated string");
    advance();
    return s;
  }

  // A name after $ or @ or a field's dot: letters, digits and '_' (other
  // names are quoted).
  std::string name_after_sigil() {
    skip_space();
    if (cur() == '"')
      return quoted();
    std::string w;
    while (isalnum(static_cast<unsigned char>(cur())) || cur() == '_') {
      w += cur();
      advance();
    }
    if (w.empty())
      fail(std::string("expected a name, found '") + cur() + "'");
    return w;
  }

  Type type() {
    std::string w = word();
    if (w == "void")
      return Type::void_type();
    if (w == "ptr")
      return Type::pointer();
    if (w == "fn")
      return Type::function();
    if (w == "any")
      return Type::unknown();
    auto num = [&](size_t from) -> uint64_t {
      if (w.size() <= from)
        fail("bad type '" + w + "'");
      for (size_t i = from; i < w.size(); ++i)
        if (!isdigit(static_cast<unsigned char>(w[i])))
          fail("bad type '" + w + "'");
      return std::stoull(w.substr(from));
    };
    if (w[0] == 'i')
      return Type::integer(static_cast<uint32_t>(num(1)), true);
    if (w[0] == 'u')
      return Type::integer(static_cast<uint32_t>(num(1)), false);
    if (w[0] == 'f')
      return Type::floating(static_cast<uint32_t>(num(1)));
    if (w.rfind("rec", 0) == 0)
      return Type::record(num(3));
    if (w.rfind("arr", 0) == 0)
      return Type::array(num(3));
    fail("unknown type '" + w + "'; valid: void ptr fn any iN uN fN recN arrN");
  }

  uint32_t symbol_ref(SymbolKind kind) {
    expect('@');
    return m_module.symbol_index(name_after_sigil(), kind);
  }

  uint32_t local_ref() {
    expect('$');
    std::string n = name_after_sigil();
    auto it = m_locals.find(n);
    if (it == m_locals.end())
      fail("unknown local '$" + n + "'");
    return it->second;
  }

  uint32_t temp_id() {
    expect('%');
    int64_t n = number();
    if (n <= 0 || n > 1000000)
      fail("bad temporary number");
    auto id = static_cast<uint32_t>(n);
    if (m_fn->temps.size() <= id)
      m_fn->temps.resize(id + 1);
    return id;
  }

  // %N:T ["name"]
  uint32_t temp_def() {
    uint32_t id = temp_id();
    expect(':');
    m_fn->temps[id].type = type();
    skip_space_inline();
    if (cur() == '"') {
      m_fn->temps[id].name = quoted();
      m_fn->temps[id].var = 1;
      if (cur() == '#') {
        advance();
        m_fn->temps[id].var = static_cast<uint32_t>(number());
      }
    }
    return id;
  }

  uint32_t block_ref() {
    std::string w = word();
    if (w.size() < 3 || w.compare(0, 2, "bb") != 0)
      fail("expected a block label bbN, found '" + w + "'");
    for (size_t i = 2; i < w.size(); ++i)
      if (!isdigit(static_cast<unsigned char>(w[i])))
        fail("bad block label '" + w + "'");
    return static_cast<uint32_t>(std::stoul(w.substr(2)));
  }

  Operand operand() {
    skip_space();
    char c = cur();
    if (c == '%')
      return Operand::temp(temp_id());
    if (c == '"') {
      Operand o;
      o.kind = OpKind::Str;
      o.str = quoted();
      return o;
    }
    if (c == '@') {
      Operand o;
      o.kind = OpKind::Func;
      o.id = symbol_ref(SymbolKind::Function);
      return o;
    }
    if (c == '&') {
      advance();
      skip_space();
      Operand o;
      if (cur() == '$') {
        o.kind = OpKind::LocalAddr;
        o.id = local_ref();
      } else {
        o.kind = OpKind::GlobalAddr;
        o.id = symbol_ref(SymbolKind::Variable);
      }
      return o;
    }
    if (c == '-' || isdigit(static_cast<unsigned char>(c))) {
      int64_t v = number();
      expect(':');
      return Operand::integer(v, type());
    }
    // (Letters only: in a place, a field may follow: "*undef.real@-1".)
    std::string w = keyword();
    if (w == "null")
      return Operand::null();
    if (w == "undef") {
      Operand o = Operand::undef();
      if (cur() == '(') { // undef("x"): the value of variable x, never set
        advance();
        skip_space();
        o.str = quoted();
        skip_space();
        expect(')');
      }
      return o;
    }
    if (w == "fp") {
      expect(':');
      Operand o;
      o.kind = OpKind::Float;
      o.type = type();
      if (cur() == '(') {
        expect('(');
        o.str = quoted();
        expect(')');
      }
      return o;
    }
    fail("expected an operand, found '" + w + "'");
  }

  Place place() {
    Place p;
    skip_space();
    if (cur() == '$') {
      p.base = PlaceBase::Local;
      p.id = local_ref();
    } else if (cur() == '@') {
      p.base = PlaceBase::Global;
      p.id = symbol_ref(SymbolKind::Variable);
    } else if (cur() == '"') {
      p.base = PlaceBase::Str;
      p.pointer.kind = OpKind::Str;
      p.pointer.str = quoted();
    } else if (accept('*')) {
      p.base = PlaceBase::Deref;
      if (accept('(')) {
        p.pointer = operand();
        expect('+');
        p.offset = number();
        expect(')');
      } else {
        p.pointer = operand();
      }
    } else {
      fail("expected a place ($local, @global, *operand or a string)");
    }
    for (;;) {
      if (cur() == '.') {
        advance();
        Accessor a;
        a.kind = Accessor::Kind::Field;
        a.name = name_after_sigil();
        expect('@');
        a.offset = number();
        if (cur() == 'u') { // a union's member
          advance();
          a.in_union = true;
        }
        p.path.push_back(a);
      } else if (cur() == '[') {
        advance();
        Accessor a;
        a.kind = Accessor::Kind::Index;
        a.index = operand();
        expect(']');
        p.path.push_back(a);
      } else {
        break;
      }
    }
    return p;
  }

  // An optional location: !LINE:COL (in the function's file) or
  // !"file":LINE:COL.
  Loc loc() {
    Loc l;
    l.file = m_fn ? m_fn->loc.file : 0;
    skip_space_inline();
    if (cur() != '!')
      return l;
    advance();
    if (cur() == '"') {
      l.file = m_module.file_index(quoted());
      expect(':');
    }
    l.line = static_cast<uint32_t>(number());
    expect(':');
    l.col = static_cast<uint32_t>(number());
    return l;
  }

  OpName op_name(const std::string &w) {
    for (int k = static_cast<int>(OpName::Neg); k <= static_cast<int>(OpName::Ge); ++k)
      if (w == op_name_text(static_cast<OpName>(k)))
        return static_cast<OpName>(k);
    return OpName::None;
  }

  // The text does not spell an element's size: a place that ends with an
  // element is read or written as a whole, so the value's type tells it.
  static void element_size_from(Place &p, const Type &t) {
    if (!p.path.empty() && p.path.back().kind == Accessor::Kind::Index && p.path.back().elem_size == 0 && t.size > 0)
      p.path.back().elem_size = static_cast<int64_t>(t.size);
  }

  void instruction(Block &blk) {
    Instruction in;
    skip_space();
    if (cur() == '%') {
      in.result = temp_def();
      expect('=');
    }
    std::string kw = word();
    if (kw == "copy") {
      in.opcode = Opcode::Copy;
      in.operands.push_back(operand());
    } else if (kw == "load" || kw == "addr") {
      in.opcode = kw == "load" ? Opcode::Load : Opcode::Addr;
      in.is_volatile = kw == "load" && volatile_marker();
      in.place = place();
      if (kw == "load" && in.result < m_fn->temps.size())
        element_size_from(in.place, m_fn->temps[in.result].type);
    } else if (kw == "store") {
      in.opcode = Opcode::Store;
      in.is_volatile = volatile_marker();
      in.place = place();
      expect(',');
      in.operands.push_back(operand());
      const Operand &v = in.operands.back();
      element_size_from(in.place, v.is_temp() && v.id < m_fn->temps.size() ? m_fn->temps[v.id].type : v.type);
    } else if (kw == "clobber") {
      in.opcode = Opcode::Clobber;
      in.place = place();
    } else if (kw == "call") {
      in.opcode = Opcode::Call;
      in.operands.push_back(operand());
      expect('(');
      if (!accept(')')) {
        do
          in.operands.push_back(operand());
        while (accept(','));
        expect(')');
      }
      // (Through a pointer whose function type says alloc_size (N[, M]).)
      skip_space_inline();
      if (peek_word() == "alloc_size") {
        word();
        expect('(');
        numbers(in.targets);
        expect(')');
      }
    } else if (kw == "phi") {
      in.opcode = Opcode::Phi;
      do {
        expect('[');
        in.operands.push_back(operand());
        expect(',');
        in.targets.push_back(block_ref());
        expect(']');
      } while (accept(','));
    } else if (kw == "unknown") {
      in.opcode = Opcode::Unknown;
      in.what = quoted();
      skip_space_inline();
      if (cur() == '(') {
        advance();
        if (!accept(')')) {
          do
            in.operands.push_back(operand());
          while (accept(','));
          expect(')');
        }
      }
    } else if (kw == "br") {
      in.opcode = Opcode::Br;
      in.op = op_name(word());
      if (!is_comparison(in.op))
        fail("br expects a comparison: eq ne lt le gt ge");
      in.operands.push_back(operand());
      expect(',');
      in.operands.push_back(operand());
      expect(',');
      in.targets.push_back(block_ref());
      expect(',');
      in.targets.push_back(block_ref());
      skip_space_inline();
      if (peek_word() == "macro") {
        word();
        in.from_macro = true;
      }
    } else if (kw == "jmp") {
      in.opcode = Opcode::Jmp;
      in.targets.push_back(block_ref());
    } else if (kw == "switch") {
      in.opcode = Opcode::Switch;
      in.operands.push_back(operand());
      expect(',');
      in.targets.push_back(block_ref());
      expect('[');
      if (!accept(']')) {
        do {
          SwitchCase c;
          c.lo = c.hi = number();
          if (accept_str(".."))
            c.hi = number();
          expect(':');
          c.target = block_ref();
          in.cases.push_back(c);
        } while (accept(','));
        expect(']');
      }
      skip_space_inline();
      if (peek_word() == "exhaustive") {
        word();
        in.exhaustive = true;
      }
    } else if (kw == "ret") {
      in.opcode = Opcode::Ret;
      skip_space_inline();
      if (cur() != '\n' && cur() != '!' && cur() != ';' && !at_end())
        in.operands.push_back(operand());
    } else if (kw == "unreachable") {
      in.opcode = Opcode::Unreachable;
    } else {
      OpName op = op_name(kw);
      if (op == OpName::None)
        fail("unknown instruction '" + kw + "'");
      in.op = op;
      in.operands.push_back(operand());
      if (accept(',')) {
        in.opcode = Opcode::Binary;
        in.operands.push_back(operand());
      } else {
        in.opcode = Opcode::Unary;
      }
    }
    in.loc = loc();
    blk.insns.push_back(std::move(in));
  }

  void function() {
    m_module.functions.emplace_back();
    m_fn = &m_module.functions.back();
    m_locals.clear();
    skip_space_inline();
    const bool is_static = peek_word() == "static";
    if (is_static)
      word();
    skip_space_inline();
    const bool tainted = peek_word() == "tainted_args";
    if (tainted)
      word();
    skip_space_inline();
    const bool addressed = peek_word() == "addressed";
    if (addressed)
      word();
    skip_space_inline();
    if (peek_word() == "variadic") {
      word();
      m_fn->variadic = true;
    }
    uint32_t sym = symbol_ref(SymbolKind::Function);
    m_module.symbols[sym].is_static = is_static;
    m_module.symbols[sym].tainted_args = tainted;
    m_module.symbols[sym].address_taken = addressed;
    if (m_module.symbols[sym].body >= 0)
      fail("function '" + m_module.symbols[sym].name + "' defined twice");
    m_module.symbols[sym].kind = SymbolKind::Function;
    m_module.symbols[sym].body = static_cast<int32_t>(m_module.functions.size() - 1);
    m_fn->symbol = sym;
    m_fn->temps.resize(1);
    expect('(');
    if (!accept(')')) {
      do
        m_fn->params.push_back(temp_def());
      while (accept(','));
      expect(')');
    }
    if (!accept_str("->"))
      fail("expected '->' and a return type");
    m_fn->ret_type = type();
    skip_space_inline();
    if (peek_word() == "readonly") {
      word();
      expect('(');
      numbers(m_fn->readonly_params);
      expect(')');
      skip_space_inline();
    }
    // types(%T:"C type", ...): of temporaries passed as variadic arguments.
    if (peek_word() == "types") {
      word();
      m_fn->type_names = numbered_texts(true);
    }
    // nulled(LINE:"local", ...): returns the front end made NULL.
    if (peek_word() == "nulled") {
      word();
      m_fn->nulled_returns = numbered_texts(false);
    }
    m_fn->loc = loc();
    skip_space_inline();
    if (peek_word() == "end") {
      word();
      skip_space_inline();
      m_fn->end_loc = loc();
    }
    expect('{');
    for (;;) {
      skip_space();
      if (accept('}'))
        break;
      if (at_end())
        fail("unterminated function body");
      std::string w = peek_word();
      if (w == "local") {
        word();
        expect('$');
        std::string n = name_after_sigil();
        expect(':');
        Local l{n, type(), false, {}, {}};
        skip_space_inline();
        if (peek_word() == "param") {
          word();
          l.is_param = true;
        }
        l.loc = loc();
        if (m_locals.count(n))
          fail("local '$" + n + "' declared twice");
        m_locals[n] = static_cast<uint32_t>(m_fn->locals.size());
        m_fn->locals.push_back(l);
        continue;
      }
      if (w.size() > 2 && w.compare(0, 2, "bb") == 0) {
        uint32_t b = block_ref();
        expect(':');
        if (b != m_fn->blocks.size())
          fail("blocks must be numbered in order; expected bb" + std::to_string(m_fn->blocks.size()));
        m_fn->blocks.emplace_back();
        continue;
      }
      if (m_fn->blocks.empty())
        fail("instruction before the first block label");
      instruction(m_fn->blocks.back());
    }
    m_fn = nullptr;
  }
};

} // namespace

Module parse_module(const std::string &text) {
  Parser p(text);
  return p.parse();
}

} // namespace pathwise::ir
