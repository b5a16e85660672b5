// pathwise IR: types, expression text, printer and verifier.
// SPDX-License-Identifier: GPL-3.0-or-later
#include "ir/ir.h"

#include <cctype>
#include <set>
#include <sstream>

namespace pathwise::ir {

std::string type_text(const Type &t) {
  switch (t.kind) {
  case TypeKind::Void: return "void";
  case TypeKind::Int: return (t.is_signed ? "i" : "u") + std::to_string(t.bits);
  case TypeKind::Ptr: return "ptr";
  case TypeKind::Float: return "f" + std::to_string(t.bits);
  case TypeKind::Record: return "rec" + std::to_string(t.size);
  case TypeKind::Array: return "arr" + std::to_string(t.size);
  case TypeKind::Func: return "fn";
  case TypeKind::Unknown: return "any";
  }
  return "any";
}

static const char *const kOpNames[] = {
    "none", "neg", "not", "lnot", "conv", "abs", "add", "sub", "mul", "div", "mod", "and", "or",
    "xor", "shl", "shr", "ptradd", "ptrdiff", "min", "max", "other", "eq", "ne", "lt", "le", "gt", "ge"};

const char *op_name_text(OpName op) { return kOpNames[static_cast<int>(op)]; }

bool is_comparison(OpName op) { return op >= OpName::Eq && op <= OpName::Ge; }

OpName invert_comparison(OpName op) {
  switch (op) {
  case OpName::Eq: return OpName::Ne;
  case OpName::Ne: return OpName::Eq;
  case OpName::Lt: return OpName::Ge;
  case OpName::Le: return OpName::Gt;
  case OpName::Gt: return OpName::Le;
  case OpName::Ge: return OpName::Lt;
  default: return op;
  }
}

OpName swap_comparison(OpName op) {
  switch (op) {
  case OpName::Lt: return OpName::Gt;
  case OpName::Le: return OpName::Ge;
  case OpName::Gt: return OpName::Lt;
  case OpName::Ge: return OpName::Le;
  default: return op;
  }
}

uint32_t Function::new_temp(Type t, std::string name, uint32_t var) {
  if (temps.empty())
    temps.push_back({});
  if (!name.empty() && var == 0)
    var = 1;
  temps.push_back({t, std::move(name), var});
  return static_cast<uint32_t>(temps.size() - 1);
}

uint32_t Module::file_index(const std::string &name) {
  for (size_t i = 0; i < files.size(); ++i)
    if (files[i] == name)
      return static_cast<uint32_t>(i);
  files.push_back(name);
  return static_cast<uint32_t>(files.size() - 1);
}

int Module::find_symbol(const std::string &name) const {
  for (size_t i = 0; i < symbols.size(); ++i)
    if (symbols[i].name == name)
      return static_cast<int>(i);
  return -1;
}

std::string Module::source_name(const std::string &name) {
  const size_t dot = name.find('.');
  if (dot == std::string::npos || dot == 0 || name.compare(0, 2, "D.") == 0)
    return name;
  for (size_t i = dot + 1; i < name.size(); ++i)
    if (name[i] == '.')
      return name;
    else if (!isdigit(static_cast<unsigned char>(name[i])))
      return name;
  return name.size() > dot + 1 ? name.substr(0, dot) : name;
}

uint32_t Module::symbol_index(const std::string &name, SymbolKind kind) {
  int i = find_symbol(name);
  if (i >= 0)
    return static_cast<uint32_t>(i);
  Symbol s;
  s.name = name;
  s.kind = kind;
  s.type = kind == SymbolKind::Function ? Type::function() : Type::unknown();
  symbols.push_back(s);
  return static_cast<uint32_t>(symbols.size() - 1);
}

std::vector<const Instruction *> definitions(const Function &f) {
  std::vector<const Instruction *> defs(f.temps.size(), nullptr);
  for (const Block &b : f.blocks)
    for (const Instruction &in : b.insns)
      if (in.result && in.result < defs.size())
        defs[in.result] = &in;
  return defs;
}

std::vector<uint32_t> successors(const Block &b) {
  if (b.insns.empty())
    return {};
  const Instruction &t = b.insns.back();
  switch (t.opcode) {
  case Opcode::Br:
  case Opcode::Jmp:
    return t.targets;
  case Opcode::Switch: {
    std::vector<uint32_t> out = t.targets;
    for (const SwitchCase &c : t.cases)
      out.push_back(c.target);
    return out;
  }
  default:
    return {};
  }
}

// ---------------------------------------------------------------------------
// Expression text for messages.

TextNamer::TextNamer(const Module &m, const Function &f) : m_module(m), m_fn(f), m_defs(definitions(f)) {}

std::string TextNamer::temp(uint32_t t) const { return temp_at(t, 0); }

std::string TextNamer::pointer(const Operand &o) const {
  Operand cur = o;
  for (int depth = 0; depth < 8 && cur.is_temp() && cur.id < m_defs.size(); ++depth) {
    const Instruction *d = m_defs[cur.id];
    if (!d || !m_fn.temps[cur.id].name.empty())
      break;
    bool arith = d->opcode == Opcode::Binary && d->op == OpName::PtrAdd;
    bool conv = d->opcode == Opcode::Copy || (d->opcode == Opcode::Unary && d->op == OpName::Conv);
    if (!arith && !conv)
      break;
    cur = d->operands[0];
  }
  std::string s = operand(cur);
  return s.empty() ? operand(o) : s;
}

std::string TextNamer::temp_at(uint32_t t, int depth) const {
  if (t >= m_fn.temps.size())
    return "";
  if (!m_fn.temps[t].name.empty())
    return m_fn.temps[t].name;
  const Instruction *d = m_defs[t];
  if (!d || depth > 4)
    return "";
  if (d->opcode == Opcode::Load)
    return place(d->place);
  if (d->opcode == Opcode::Addr) { // ("&*p.data" for p->data, an array the call is given)
    const std::string p = place(d->place);
    return p.empty() ? "" : "&" + p;
  }
  auto sub = [&](const Operand &o) { return o.is_temp() ? temp_at(o.id, depth + 1) : operand(o); };
  if (d->opcode == Opcode::Copy || (d->opcode == Opcode::Unary && d->op == OpName::Conv))
    return sub(d->operands[0]);
  if (d->opcode == Opcode::Call && d->operands[0].kind == OpKind::Func) {
    // A value nobody named reads as the call that made it: 'malloc(1024)'.
    std::string s = operand(d->operands[0]) + "(";
    for (size_t k = 1; k < d->operands.size(); ++k) {
      std::string a = sub(d->operands[k]);
      s += (k > 1 ? ", " : "") + (a.empty() ? std::string("<unknown>") : a);
    }
    return s + ")";
  }
  if (d->opcode == Opcode::Unary && (d->op == OpName::Neg || d->op == OpName::Not || d->op == OpName::LNot)) {
    std::string a = sub(d->operands[0]);
    const char *sym = d->op == OpName::Neg ? "-" : d->op == OpName::Not ? "~" : "!";
    return a.empty() ? "" : sym + a;
  }
  if (d->opcode == Opcode::Binary) {
    static const std::pair<OpName, const char *> symbols[] = {
        {OpName::Add, "+"}, {OpName::Sub, "-"}, {OpName::Mul, "*"},  {OpName::Div, "/"},
        {OpName::Mod, "%"}, {OpName::And, "&"}, {OpName::Or, "|"},   {OpName::Xor, "^"},
        {OpName::Shl, "<<"}, {OpName::Shr, ">>"}, {OpName::PtrAdd, "+"}};
    // (An operand that is itself an operation binding less tightly, or as
    // tightly on the right, is parenthesized: "(i + 1) * 16", "a - (b - c)".)
    auto side = [&](const Operand &o, bool right) {
      std::string text = sub(o);
      const int inner = operator_precedence(o);
      const int outer = precedence(d->op);
      return !text.empty() && inner && (inner < outer || (right && inner == outer)) ? "(" + text + ")" : text;
    };
    for (const auto &sym : symbols) {
      if (sym.first != d->op)
        continue;
      std::string a = side(d->operands[0], false), b = side(d->operands[1], true);
      return a.empty() || b.empty() ? "" : a + " " + sym.second + " " + b;
    }
  }
  return "";
}

std::string TextNamer::compared(const Operand &o) const {
  std::string text = operand(o);
  // (&, ^ and | bind less tightly than == and <.)
  const int p = operator_precedence(o);
  return !text.empty() && p && p <= precedence(OpName::And) ? "(" + text + ")" : text;
}

int TextNamer::operator_precedence(const Operand &o) const {
  // (Through the conversions and copies its text passes over.)
  const Instruction *d = o.is_temp() && o.id < m_defs.size() && m_fn.temps[o.id].name.empty() ? m_defs[o.id] : nullptr;
  while (d && (d->opcode == Opcode::Copy || (d->opcode == Opcode::Unary && d->op == OpName::Conv)) &&
         d->operands[0].is_temp() && d->operands[0].id < m_defs.size() && m_fn.temps[d->operands[0].id].name.empty())
    d = m_defs[d->operands[0].id];
  return d && d->opcode == Opcode::Binary ? precedence(d->op) : 0;
}

int TextNamer::precedence(OpName op) {
  switch (op) {
  case OpName::Mul:
  case OpName::Div:
  case OpName::Mod: return 10;
  case OpName::Add:
  case OpName::Sub:
  case OpName::PtrAdd: return 9;
  case OpName::Shl:
  case OpName::Shr: return 8;
  case OpName::And: return 5;
  case OpName::Xor: return 4;
  case OpName::Or: return 3;
  default: return 0;
  }
}

std::string TextNamer::operand(const Operand &o) const {
  const Module &m = m_module;
  switch (o.kind) {
  case OpKind::Temp: return temp(o.id);
  case OpKind::Int: return std::to_string(o.value);
  case OpKind::Null: return "0B";
  case OpKind::LocalAddr: return o.id < m_fn.locals.size() ? "&" + m_fn.locals[o.id].name : "";
  case OpKind::GlobalAddr: return o.id < m.symbols.size() ? "&" + Module::source_name(m.symbols[o.id].name) : "";
  case OpKind::Func: return o.id < m.symbols.size() ? Module::source_name(m.symbols[o.id].name) : "";
  case OpKind::Str: return "\"" + o.str + "\"";
  default: return "";
  }
}

std::string TextNamer::subscript(const Place &p) const {
  // An element of what a pointer points to: p[1] for *(p + 8) (a constant
  // offset, written in the place or added before), p[i] for *(p + i * 8),
  // when the elements are what the pointer's type says it points to.
  // A struct or union element too: yyvsp[-3].s_value for *(yyvsp - 24)
  // read at its field (the element's size is the record's).
  const bool record = !p.path.empty() && p.path[0].kind == Accessor::Kind::Field;
  if (p.size <= 0 || (!p.path.empty() && !record))
    return "";
  int64_t elem = p.size;
  auto elements_of = [&](const Operand &base) {
    if (!base.is_temp() || base.id >= m_fn.temps.size() || !m_fn.temps[base.id].type.is_pointer())
      return false;
    const Type &t = m_fn.temps[base.id].type;
    if (record || (t.pointee == 0 && t.pointee_record != 0)) {
      elem = static_cast<int64_t>(t.pointee_record);
      return elem > 0 && (record || elem == p.size);
    }
    elem = p.size;
    return t.pointee == static_cast<uint64_t>(p.size);
  };
  // (A base read through a pointer, "*gd.linedata", is parenthesized: the
  // subscript applies to the pointer read.)
  auto named = [&](const Operand &base) {
    std::string n = base.is_temp() && base.id < m_fn.temps.size() ? temp(base.id) : std::string();
    return !n.empty() && n[0] == '*' ? "(" + n + ")" : n;
  };
  if (p.offset != 0) {
    const std::string base = named(p.pointer);
    return !base.empty() && elements_of(p.pointer) && p.offset % elem == 0
               ? base + "[" + std::to_string(p.offset / elem) + "]"
               : "";
  }
  const Instruction *d = p.pointer.is_temp() && p.pointer.id < m_defs.size() ? m_defs[p.pointer.id] : nullptr;
  if (!d || d->opcode != Opcode::Binary || d->op != OpName::PtrAdd || !m_fn.temps[p.pointer.id].name.empty() ||
      !elements_of(d->operands[0]))
    return "";
  const std::string base = named(d->operands[0]);
  if (base.empty())
    return "";
  const Operand &off = d->operands[1];
  if (off.kind == OpKind::Int) {
    // (A negative offset is an unsigned 64-bit one: -24 is 2^64 - 24.)
    const auto v = static_cast<int64_t>(static_cast<uint64_t>(off.value));
    return v % elem == 0 ? base + "[" + std::to_string(v / elem) + "]" : "";
  }
  // (Elements of one byte: the offset is the index, "data[length]".)
  if (elem == 1) {
    const std::string index = off.is_temp() ? temp(off.id) : operand(off);
    return index.empty() ? "" : base + "[" + index + "]";
  }
  // (An index scaled by the element's size, through conversions.)
  const Instruction *m = off.is_temp() && off.id < m_defs.size() ? m_defs[off.id] : nullptr;
  if (!m || m->opcode != Opcode::Binary || m->op != OpName::Mul || m->operands[1].kind != OpKind::Int ||
      m->operands[1].value != elem)
    return "";
  const Operand &x = m->operands[0];
  const std::string index = x.is_temp() ? temp(x.id) : operand(x);
  return index.empty() ? "" : base + "[" + index + "]";
}

std::string TextNamer::place(const Place &p) const {
  std::string s;
  switch (p.base) {
  case PlaceBase::Local: s = p.id < m_fn.locals.size() ? m_fn.locals[p.id].name : ""; break;
  case PlaceBase::Global: s = p.id < m_module.symbols.size() ? Module::source_name(m_module.symbols[p.id].name) : ""; break;
  case PlaceBase::Str: s = "\"" + p.pointer.str + "\""; break;
  case PlaceBase::Deref: {
    s = subscript(p);
    if (!s.empty())
      break;
    std::string inner = operand(p.pointer);
    if (inner.empty())
      return "";
    // (Parenthesized as C binds: "*(p + i * 4)", "(*(p + 8))[i]".)
    // (As GCC's analyzer writes what a pointer points to: "*p.data",
    // "*p[10].x"; a sum is parenthesized, "*(p + i * 4)".)
    s = p.offset != 0 ? "*(" + inner + " + " + std::to_string(p.offset) + ")"
        : inner[0] == '*' || postfix_expression(inner) ? "*" + inner
                                                       : "*(" + inner + ")";
    break;
  }
  }
  if (s.empty())
    return "";
  return append_path(p, 0, s) ? s : "";
}

bool TextNamer::append_path(const Place &p, size_t from, std::string &s) const {
  for (size_t k = from; k < p.path.size(); ++k) {
    const Accessor &a = p.path[k];
    if (a.kind == Accessor::Kind::Field) {
      if (a.name.empty())
        return false;
      s += "." + a.name;
    } else {
      std::string i = operand(a.index);
      if (i.empty())
        return false;
      s += "[" + i + "]";
    }
  }
  return true;
}

bool TextNamer::postfix_expression(const std::string &e) {
  // A name, then fields, arrows, subscripts and calls: "a.b->c[i + 1]",
  // "f(x, y)". (Brackets and parentheses may hold anything.)
  if (e.empty() || !(std::isalpha(static_cast<unsigned char>(e[0])) || e[0] == '_'))
    return false;
  int depth = 0;
  for (size_t k = 0; k < e.size(); ++k) {
    const char c = e[k];
    if (c == '[' || c == '(')
      ++depth;
    else if (c == ']' || c == ')')
      --depth;
    else if (depth == 0 && !(std::isalnum(static_cast<unsigned char>(c)) || c == '_' || c == '.' ||
                             (c == '-' && k + 1 < e.size() && e[k + 1] == '>') || (c == '>' && k > 0 && e[k - 1] == '-')))
      return false;
  }
  return depth == 0;
}

std::string operand_text(const Module &m, const Function &f, const Operand &o) {
  return TextNamer(m, f).operand(o);
}

std::string place_text(const Module &m, const Function &f, const Place &p) { return TextNamer(m, f).place(p); }

// ---------------------------------------------------------------------------
// Printer.

static bool is_plain_name(const std::string &s) {
  if (s.empty())
    return false;
  for (char c : s)
    if (!(isalnum(static_cast<unsigned char>(c)) || c == '_'))
      return false;
  return true;
}

static std::string quote(const std::string &s) {
  std::string out = "\"";
  for (unsigned char c : s) {
    if (c == '"' || c == '\\') {
      out += '\\';
      out += static_cast<char>(c);
    } else if (c < 32 || c >= 127) {
      char buf[8];
      snprintf(buf, sizeof buf, "\\x%02x", c);
      out += buf;
    } else {
      out += static_cast<char>(c);
    }
  }
  return out + "\"";
}

// " NAME(1,3)" for attributes that list argument numbers; "" for none.
static std::string number_list(const char *name, const std::vector<uint32_t> &v) {
  if (v.empty())
    return "";
  std::string out = std::string(" ") + name + "(";
  for (size_t k = 0; k < v.size(); ++k)
    out += (k ? "," : "") + std::to_string(v[k]);
  return out + ")";
}

static std::string symbol_ref(const Module &m, uint32_t id) {
  const std::string &n = id < m.symbols.size() ? m.symbols[id].name : std::string("?");
  return "@" + (is_plain_name(n) ? n : quote(n));
}

namespace {
struct Printer {
  const Module &m;
  const Function &f;
  std::ostringstream out;

  std::string local(uint32_t id) const {
    const std::string &n = id < f.locals.size() ? f.locals[id].name : std::string("?");
    return "$" + (is_plain_name(n) ? n : quote(n));
  }

  std::string operand(const Operand &o) const {
    switch (o.kind) {
    case OpKind::None: return "<none>";
    case OpKind::Temp: return "%" + std::to_string(o.id);
    case OpKind::Int: return std::to_string(o.value) + ":" + type_text(o.type);
    case OpKind::Null: return "null";
    case OpKind::LocalAddr: return "&" + local(o.id);
    case OpKind::GlobalAddr: return "&" + symbol_ref(m, o.id);
    case OpKind::Func: return symbol_ref(m, o.id);
    case OpKind::Str: return quote(o.str);
    case OpKind::Float: return "fp:" + type_text(o.type) + (o.str.empty() ? "" : "(" + quote(o.str) + ")");
    case OpKind::Undef: return o.str.empty() ? "undef" : "undef(" + quote(o.str) + ")";
    }
    return "?";
  }

  std::string place(const Place &p) const {
    std::string s;
    switch (p.base) {
    case PlaceBase::Local: s = local(p.id); break;
    case PlaceBase::Global: s = symbol_ref(m, p.id); break;
    case PlaceBase::Str: s = quote(p.pointer.str); break;
    case PlaceBase::Deref:
      s = p.offset ? "*(" + operand(p.pointer) + "+" + std::to_string(p.offset) + ")"
                   : "*" + operand(p.pointer);
      break;
    }
    for (const Accessor &a : p.path) {
      if (a.kind == Accessor::Kind::Field)
        s += "." + (is_plain_name(a.name) ? a.name : quote(a.name)) + "@" + std::to_string(a.offset) +
             (a.in_union ? "u" : "");
      else
        s += "[" + operand(a.index) + "]";
    }
    return s;
  }

  std::string def(uint32_t t) const {
    std::string s = "%" + std::to_string(t);
    if (t < f.temps.size()) {
      s += ":" + type_text(f.temps[t].type);
      if (!f.temps[t].name.empty()) {
        s += " " + quote(f.temps[t].name);
        if (f.temps[t].var > 1) // a second variable of the same name
          s += "#" + std::to_string(f.temps[t].var);
      }
    }
    return s;
  }

  std::string loc(const Loc &l) const {
    if (!l.line)
      return "";
    std::string s = " !";
    if (l.file != f.loc.file && l.file < m.files.size())
      s += quote(m.files[l.file]) + ":";
    return s + std::to_string(l.line) + ":" + std::to_string(l.col);
  }

  std::string operands(const std::vector<Operand> &ops, size_t from) const {
    std::string s;
    for (size_t i = from; i < ops.size(); ++i)
      s += (i > from ? ", " : "") + operand(ops[i]);
    return s;
  }

  void insn(const Instruction &i) {
    out << "  ";
    if (i.result)
      out << def(i.result) << " = ";
    switch (i.opcode) {
    case Opcode::Copy: out << "copy " << operand(i.operands[0]); break;
    case Opcode::Unary: out << op_name_text(i.op) << " " << operand(i.operands[0]); break;
    case Opcode::Binary:
      out << op_name_text(i.op) << " " << operand(i.operands[0]) << ", " << operand(i.operands[1]);
      break;
    case Opcode::Load: out << "load " << (i.is_volatile ? "volatile " : "") << place(i.place); break;
    case Opcode::Store:
      out << "store " << (i.is_volatile ? "volatile " : "") << place(i.place) << ", " << operand(i.operands[0]);
      break;
    case Opcode::Addr: out << "addr " << place(i.place); break;
    case Opcode::Call:
      out << "call " << operand(i.operands[0]) << "(" << operands(i.operands, 1) << ")"
          << number_list("alloc_size", i.targets);
      break;
    case Opcode::Phi:
      out << "phi ";
      for (size_t k = 0; k < i.operands.size(); ++k)
        out << (k ? ", " : "") << "[" << operand(i.operands[k]) << ", bb" << i.targets[k] << "]";
      break;
    case Opcode::Clobber: out << "clobber " << place(i.place); break;
    case Opcode::Unknown:
      out << "unknown " << quote(i.what);
      if (!i.operands.empty())
        out << " (" << operands(i.operands, 0) << ")";
      break;
    case Opcode::Br:
      out << "br " << op_name_text(i.op) << " " << operand(i.operands[0]) << ", " << operand(i.operands[1])
          << ", bb" << i.targets[0] << ", bb" << i.targets[1] << (i.from_macro ? " macro" : "");
      break;
    case Opcode::Jmp: out << "jmp bb" << i.targets[0]; break;
    case Opcode::Switch:
      out << "switch " << operand(i.operands[0]) << ", bb" << i.targets[0] << " [";
      for (size_t k = 0; k < i.cases.size(); ++k) {
        const SwitchCase &c = i.cases[k];
        out << (k ? ", " : "") << c.lo;
        if (c.hi != c.lo)
          out << ".." << c.hi;
        out << ": bb" << c.target;
      }
      out << "]" << (i.exhaustive ? " exhaustive" : "");
      break;
    case Opcode::Ret:
      out << "ret";
      if (!i.operands.empty())
        out << " " << operand(i.operands[0]);
      break;
    case Opcode::Unreachable: out << "unreachable"; break;
    }
    out << loc(i.loc) << "\n";
  }

  void function() {
    out << "func " << (f.symbol < m.symbols.size() && m.symbols[f.symbol].is_static ? "static " : "")
        << (f.symbol < m.symbols.size() && m.symbols[f.symbol].tainted_args ? "tainted_args " : "")
        << (f.symbol < m.symbols.size() && m.symbols[f.symbol].address_taken ? "addressed " : "")
        << (f.variadic ? "variadic " : "")
        << symbol_ref(m, f.symbol) << "(";
    for (size_t k = 0; k < f.params.size(); ++k)
      out << (k ? ", " : "") << def(f.params[k]);
    out << ") -> " << type_text(f.ret_type) << number_list("readonly", f.readonly_params);
    if (!f.type_names.empty()) {
      out << " types(";
      for (size_t k = 0; k < f.type_names.size(); ++k)
        out << (k ? ", " : "") << "%" << f.type_names[k].first << ":" << quote(f.type_names[k].second);
      out << ")";
    }
    if (!f.nulled_returns.empty()) {
      out << " nulled(";
      for (size_t k = 0; k < f.nulled_returns.size(); ++k)
        out << (k ? ", " : "") << f.nulled_returns[k].first << ":" << quote(f.nulled_returns[k].second);
      out << ")";
    }
    if (f.loc.line) {
      out << " !";
      if (f.loc.file < m.files.size())
        out << quote(m.files[f.loc.file]) << ":";
      out << f.loc.line << ":" << f.loc.col;
    }
    if (f.end_loc.line)
      out << " end !" << f.end_loc.line << ":" << f.end_loc.col;
    out << " {\n";
    for (const Local &l : f.locals) {
      out << "  local " << "$" << (is_plain_name(l.name) ? l.name : quote(l.name)) << " : "
          << type_text(l.type) << (l.is_param ? " param" : "") << loc(l.loc) << "\n";
    }
    for (size_t b = 0; b < f.blocks.size(); ++b) {
      out << "bb" << b << ":\n";
      for (const Instruction &i : f.blocks[b].insns)
        insn(i);
    }
    out << "}\n";
  }
};
} // namespace

std::string print_function(const Module &m, const Function &f) {
  Printer p{m, f, {}};
  p.function();
  return p.out.str();
}

bool Module::constant(const std::string &name, int64_t &value) const {
  for (const auto &c : constants)
    if (c.first == name) {
      value = c.second;
      return true;
    }
  return false;
}

std::string print_module(const Module &m) {
  std::ostringstream out;
  for (const auto &c : m.constants)
    out << "constant " << c.first << " = " << c.second << "\n";
  for (size_t s = 0; s < m.symbols.size(); ++s) {
    const Symbol &sym = m.symbols[s];
    if (sym.kind == SymbolKind::Variable) {
      out << "global " << symbol_ref(m, static_cast<uint32_t>(s)) << " : " << type_text(sym.type)
          << (sym.is_const ? " const" : "") << (sym.is_static ? " static" : "")
          << (sym.address_taken ? " addressed" : "") << (sym.init_complete ? " complete" : "");
      if (!sym.function_table.empty() || !sym.constant_table.empty() || !sym.address_table.empty()) {
        out << " init(";
        const char *sep = "";
        for (const auto &e : sym.function_table) {
          out << sep << quote(e.first) << "=" << symbol_ref(m, e.second);
          sep = ", ";
        }
        for (const auto &e : sym.constant_table) {
          out << sep << quote(e.first) << "=" << e.second;
          sep = ", ";
        }
        for (const auto &e : sym.address_table) {
          out << sep << quote(e.first) << "=&" << symbol_ref(m, e.second);
          sep = ", ";
        }
        out << ")";
      }
      if (sym.loc.line) {
        out << " !";
        if (sym.loc.file < m.files.size())
          out << quote(m.files[sym.loc.file]) << ":";
        out << sym.loc.line << ":" << sym.loc.col;
      }
      out << "\n";
    } else if (sym.body < 0) {
      out << "declare " << symbol_ref(m, static_cast<uint32_t>(s)) << (sym.is_noreturn ? " noreturn" : "")
          << (sym.returns_void ? " void" : "")
          << (sym.is_const ? " const" : "") << (sym.is_pure ? " pure" : "")
          << (sym.is_library ? " library" : "");
      if (sym.is_malloc && sym.deallocators.empty())
        out << " malloc";
      if (!sym.deallocators.empty()) {
        out << " malloc(";
        for (size_t k = 0; k < sym.deallocators.size(); ++k) {
          out << (k ? "," : "") << "@"
              << (is_plain_name(sym.deallocators[k]) ? sym.deallocators[k] : quote(sym.deallocators[k]));
          if (k < sym.deallocator_args.size() && sym.deallocator_args[k] != 1)
            out << ":" << sym.deallocator_args[k];
        }
        out << ")";
      }
      out << number_list("readonly", sym.const_pointee) << number_list("writeonly", sym.write_only)
          << number_list("sizes", sym.size_args) << number_list("readwrite", sym.read_write)
          << number_list("fd", sym.fd_args) << number_list("fd_read", sym.fd_read_args)
          << number_list("fd_write", sym.fd_write_args) << number_list("strings", sym.string_args);
      if (!sym.sized_buffers.empty()) {
        out << " buffers(";
        for (size_t k = 0; k < sym.sized_buffers.size(); ++k) {
          const Symbol::SizedBuffer &b = sym.sized_buffers[k];
          out << (k ? "," : "") << b.buffer << ":" << b.size << ":" << b.elem << ":" << (b.read ? "r" : "")
              << (b.write ? "w" : "");
        }
        out << ")";
      }
      if (sym.returns_nonnull)
        out << " returns_nonnull";
      out << number_list("alloc_size", sym.alloc_size);
      if (sym.format != Symbol::Format::None)
        out << " format(" << (sym.format == Symbol::Format::Printf ? "printf" : "scanf") << "," << sym.format_arg
            << "," << sym.format_first << ")";
      out << (sym.nonnull_all ? " nonnull(*)" : number_list("nonnull", sym.nonnull));
      for (const std::vector<uint32_t> &rule : sym.nonnull_if_nonzero)
        out << number_list("nonnull_if_nonzero", rule);
      out << "\n";
    }
  }
  for (const Function &f : m.functions)
    out << print_function(m, f);
  return out.str();
}

// ---------------------------------------------------------------------------
// Verifier.

std::vector<std::string> verify_function(const Module &m, const Function &f) {
  std::vector<std::string> errs;
  const std::string fname = f.symbol < m.symbols.size() ? m.symbols[f.symbol].name : "?";
  auto err = [&](size_t b, size_t i, const std::string &msg) {
    errs.push_back(fname + ": bb" + std::to_string(b) + "[" + std::to_string(i) + "]: " + msg);
  };
  if (f.blocks.empty()) {
    errs.push_back(fname + ": function has no blocks");
    return errs;
  }
  std::vector<int> defs(f.temps.size(), 0);
  std::vector<char> used(f.temps.size(), 0);
  for (uint32_t p : f.params) {
    if (p == 0 || p >= f.temps.size())
      errs.push_back(fname + ": parameter temporary out of range");
    else
      defs[p]++;
  }
  const size_t nblocks = f.blocks.size();
  auto check_operand = [&](size_t b, size_t i, const Operand &o) {
    switch (o.kind) {
    case OpKind::Temp:
      if (o.id == 0 || o.id >= f.temps.size())
        err(b, i, "temporary %" + std::to_string(o.id) + " out of range");
      else
        used[o.id] = 1;
      break;
    case OpKind::LocalAddr:
      if (o.id >= f.locals.size())
        err(b, i, "local out of range");
      break;
    case OpKind::GlobalAddr:
    case OpKind::Func:
      if (o.id >= m.symbols.size())
        err(b, i, "symbol out of range");
      break;
    default: break;
    }
  };
  auto check_place = [&](size_t b, size_t i, const Place &p) {
    if (p.base == PlaceBase::Local && p.id >= f.locals.size())
      err(b, i, "place: local out of range");
    if (p.base == PlaceBase::Global && p.id >= m.symbols.size())
      err(b, i, "place: symbol out of range");
    if (p.base == PlaceBase::Deref)
      check_operand(b, i, p.pointer);
    for (const Accessor &a : p.path)
      if (a.kind == Accessor::Kind::Index)
        check_operand(b, i, a.index);
  };
  auto check_target = [&](size_t b, size_t i, uint32_t t) {
    if (t >= nblocks)
      err(b, i, "branch target bb" + std::to_string(t) + " out of range");
  };
  for (size_t b = 0; b < nblocks; ++b) {
    const Block &blk = f.blocks[b];
    if (blk.insns.empty() || !blk.insns.back().is_terminator()) {
      err(b, blk.insns.size(), "block does not end with a terminator");
    }
    bool seen_non_phi = false;
    for (size_t i = 0; i < blk.insns.size(); ++i) {
      const Instruction &in = blk.insns[i];
      if (in.is_terminator() && i + 1 != blk.insns.size())
        err(b, i, "terminator in the middle of a block");
      if (in.opcode == Opcode::Phi) {
        if (seen_non_phi)
          err(b, i, "phi after a non-phi instruction");
        if (in.operands.size() != in.targets.size())
          err(b, i, "phi has mismatched values and blocks");
      } else {
        seen_non_phi = true;
      }
      if (in.result) {
        if (in.result >= f.temps.size())
          err(b, i, "result temporary out of range");
        else
          defs[in.result]++;
      }
      for (const Operand &o : in.operands)
        check_operand(b, i, o);
      switch (in.opcode) {
      case Opcode::Copy:
      case Opcode::Unary:
        if (in.operands.size() != 1 || !in.result)
          err(b, i, "expects one operand and a result");
        break;
      case Opcode::Binary:
        if (in.operands.size() != 2 || !in.result)
          err(b, i, "expects two operands and a result");
        break;
      case Opcode::Load:
      case Opcode::Addr:
        if (!in.result)
          err(b, i, "expects a result");
        check_place(b, i, in.place);
        break;
      case Opcode::Store:
        if (in.operands.size() != 1)
          err(b, i, "store expects one value");
        check_place(b, i, in.place);
        break;
      case Opcode::Clobber: check_place(b, i, in.place); break;
      case Opcode::Call:
        if (in.operands.empty())
          err(b, i, "call without callee");
        break;
      case Opcode::Phi:
        if (!in.result)
          err(b, i, "phi without result");
        for (uint32_t t : in.targets)
          check_target(b, i, t);
        break;
      case Opcode::Br:
        if (in.operands.size() != 2 || in.targets.size() != 2 || !is_comparison(in.op))
          err(b, i, "br expects a comparison, two operands and two targets");
        for (uint32_t t : in.targets)
          check_target(b, i, t);
        break;
      case Opcode::Jmp:
        if (in.targets.size() != 1)
          err(b, i, "jmp expects one target");
        for (uint32_t t : in.targets)
          check_target(b, i, t);
        break;
      case Opcode::Switch:
        if (in.operands.size() != 1 || in.targets.size() != 1)
          err(b, i, "switch expects a value and a default");
        for (uint32_t t : in.targets)
          check_target(b, i, t);
        for (const SwitchCase &c : in.cases) {
          check_target(b, i, c.target);
          if (c.lo > c.hi)
            err(b, i, "switch case range is empty");
        }
        break;
      case Opcode::Ret:
        if (in.operands.size() > 1)
          err(b, i, "ret takes at most one value");
        break;
      default: break;
      }
    }
  }
  for (size_t t = 1; t < defs.size(); ++t) {
    if (defs[t] > 1)
      errs.push_back(fname + ": temporary %" + std::to_string(t) + " defined more than once");
    if (used[t] && defs[t] == 0)
      errs.push_back(fname + ": temporary %" + std::to_string(t) + " used but never defined");
  }
  return errs;
}

std::vector<std::string> verify_module(const Module &m) {
  std::vector<std::string> errs;
  for (const Function &f : m.functions) {
    auto e = verify_function(m, f);
    errs.insert(errs.end(), e.begin(), e.end());
  }
  return errs;
}

} // namespace pathwise::ir
