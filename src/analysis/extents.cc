// Extents: the size in bytes of each base region. A variable's is its
// type's; what an allocating call returns has the size it asked for
// (malloc (n): n), kept in the state while the buffer lives.
// SPDX-License-Identifier: GPL-3.0-or-later
#include "analysis/analysis.h"

#include <functional>

namespace pathwise::detail {

namespace {

bool is_allocator(std::string_view name) {
  return name == "malloc" || name == "__builtin_malloc" || name == "alloca" || name == "__builtin_alloca" ||
         name == "__builtin_alloca_with_align";
}

} // namespace

// The function a call instruction names directly, or null.
static const Symbol *called_symbol(const Module &m, const Instruction &in) {
  if (in.opcode != Opcode::Call || in.operands.empty() || in.operands[0].kind != OpKind::Func ||
      in.operands[0].id >= m.symbols.size())
    return nullptr;
  return &m.symbols[in.operands[0].id];
}

bool FunctionAnalysis::allocation_call(const Instruction &in) const {
  const Symbol *sym = called_symbol(m_module, in);
  return sym && (is_allocator(sym->name) || sym->name == "calloc" || sym->name == "__builtin_calloc" || sym->is_malloc);
}

const Instruction *FunctionAnalysis::made_by(SvalId root) const {
  return m_svals[root].kind == SK::Conjured && m_svals[root].a >= 0
             ? m_infos.instruction(static_cast<uint32_t>(m_svals[root].a))
             : nullptr;
}

bool FunctionAnalysis::stack_allocation(SvalId root) {
  const Instruction *in = made_by(root);
  const Symbol *sym = in ? called_symbol(m_module, *in) : nullptr;
  return sym && (sym->name == "alloca" || sym->name == "__builtin_alloca" || sym->name == "__builtin_alloca_with_align");
}

void FunctionAnalysis::set_extent(State &s, SvalId root, SvalId size) {
  auto it = std::lower_bound(s.extents.begin(), s.extents.end(), root,
                             [](const auto &e, SvalId r) { return e.first < r; });
  if (it != s.extents.end() && it->first == root) {
    if (size && size != kUnknownSval)
      it->second = size;
    else
      s.extents.erase(it);
  } else if (size && size != kUnknownSval) {
    s.extents.insert(it, {root, size});
  }
}

SvalId FunctionAnalysis::extent(const State &s, SvalId root) const {
  auto it = std::lower_bound(s.extents.begin(), s.extents.end(), root,
                             [](const auto &e, SvalId r) { return e.first < r; });
  return it != s.extents.end() && it->first == root ? it->second : 0;
}

// The size an allocating call asks for: malloc's and alloca's argument,
// calloc's product, or what __attribute__((alloc_size)) names (the product
// of constants, or one argument). 0 if none or not known.
// The arguments (0-based) whose product is the size an allocating call
// asks for: malloc's and alloca's one, calloc's two, what
// __attribute__((alloc_size)) names.
static std::vector<size_t> size_arguments(const CallEvent &call) {
  std::vector<size_t> out;
  if (is_allocator(call.callee))
    out = {0};
  else if (call.callee == "calloc" || call.callee == "__builtin_calloc")
    out = {0, 1};
  else if (call.alloc_size)
    for (uint32_t a : *call.alloc_size)
      if (a >= 1)
        out.push_back(a - 1);
  return out;
}

SvalId FunctionAnalysis::allocation_size(const State &s, const CallEvent &call) {
  auto constant = [&](size_t k, int64_t &out) { return k < call.args.size() && known_value(s, call.args[k], out); };
  const std::vector<size_t> factors = size_arguments(call);
  if (factors.size() == 1)
    return factors[0] < call.args.size() ? call.args[factors[0]] : 0;
  if (factors.empty())
    return 0;
  int64_t product = 1;
  for (size_t k : factors) {
    int64_t c;
    if (!constant(k, c) || c < 0 || (c && product > INT64_MAX / c))
      return 0;
    product *= c;
  }
  return m_svals.get(SK::Const, product);
}

// An allocation size computed in floating point and converted to an
// integer (malloc (n * 1.5)): the operand that brought floating point in,
// its type, reported (imprecise-fp-arithmetic, GCC 13).
void FunctionAnalysis::check_float_size(const State &s, const CallEvent &call, const Loc &loc) {
  // (realloc's size too.)
  std::vector<size_t> sizes = size_arguments(call);
  if (call.callee == "realloc" || call.callee == "__builtin_realloc")
    sizes = {1};
  for (size_t k : sizes) {
    if (k >= call.args.size())
      continue;
    SvalId v = call.args[k];
    if (const SvalId b = derived_base(v))
      v = b;
    if (m_svals[v].kind != SK::Conjured || m_svals[v].a < 0)
      continue;
    const auto uid = static_cast<uint32_t>(m_svals[v].a);
    const Instruction *conv = m_infos.instruction(uid);
    const FnInfo &fi = m_infos.get(m_infos.function_of_uid(uid));
    auto type_of = [&](const Operand &o) { return o.is_temp() ? fi.fn->temps[o.id].type : o.type; };
    if (!conv || conv->opcode != Opcode::Unary || conv->op != OpName::Conv || conv->operands.empty() ||
        type_of(conv->operands[0]).kind != TypeKind::Float)
      continue;
    // The first operand that is floating point of its own (a variable, a
    // constant; not an integer converted to it).
    std::string text, type;
    std::function<bool(const Operand &, int)> find = [&](const Operand &o, int depth) {
      const Type t = type_of(o);
      if (t.kind != TypeKind::Float || depth > 8)
        return false;
      const Instruction *def = o.is_temp() && o.id < fi.defs.size() ? fi.defs[o.id] : nullptr;
      if (def && (def->opcode == Opcode::Binary || def->opcode == Opcode::Copy ||
                  (def->opcode == Opcode::Unary && def->op != OpName::Conv))) {
        for (const Operand &x : def->operands)
          if (find(x, depth + 1))
            return true;
        return false;
      }
      if (def && def->opcode == Opcode::Unary && type_of(def->operands[0]).kind != TypeKind::Float)
        return false; // (an integer made floating point)
      text = o.kind == OpKind::Float ? o.str : fi.namer.operand(o);
      type = t.bits == 32 ? "float" : t.bits == 64 ? "double" : "long double";
      return !text.empty();
    };
    find(conv->operands[0], 0);
    report_region(kImpreciseFp, "", loc,
                  text.empty() ? Origin{} : Origin{loc, "operand " + quote_expr(text) + " is of type %<" + type + "%>"});
    if (!m_pending.empty() && m_pending.back().warning == &kImpreciseFp)
      m_pending.back().more_notes.push_back({loc, "only use operands of an integer type inside the size argument"});
    return;
  }
}

// What __analyzer_dump_capacity (p) says: the size of the whole region p
// points into, in the notation of GCC's analyzer: "(sizetype)16" for a
// variable, "(size_t)1024" for what malloc (1024) returned,
// "INIT_VAL(n_1(D))" for malloc (n) of parameter n, "UNKNOWN(sizetype)" if
// not known.
std::string FunctionAnalysis::capacity_text(const State &s, SvalId p) {
  static const std::string kUnknown = "UNKNOWN(sizetype)";
  const SvalId root = root_of(p);
  const Sval &r = m_svals[root];
  auto declared = [](uint64_t size) { return size ? "(sizetype)" + std::to_string(size) : kUnknown; };
  switch (r.kind) {
  case SK::LocalAddr: {
    const Local *l = local_of(s, static_cast<uint64_t>(r.a));
    return l ? declared(l->type.size) : kUnknown;
  }
  case SK::GlobalAddr:
    return static_cast<size_t>(r.a) < m_module.symbols.size()
               ? declared(m_module.symbols[static_cast<size_t>(r.a)].type.size)
               : kUnknown;
  case SK::StrAddr: // (its bytes, then the terminating NUL)
    return declared(m_svals.string_at(r.a).size() + 1);
  default:
    break;
  }
  const SvalId size = extent(s, root);
  if (!size || compare(s, root, OpName::Eq, m_svals.get(SK::Const, 0)) == Tri::True)
    return kUnknown;
  int64_t c;
  if (known_value(s, size, c))
    return "(size_t)" + std::to_string(c);
  if (m_svals[size].kind == SK::Param) {
    const Function &entry = m_module.functions[m_entry];
    const auto k = static_cast<size_t>(m_svals[size].a);
    if (k < entry.params.size()) {
      const Temp &t = entry.temps[entry.params[k]];
      return "INIT_VAL(" + t.name + "_" + std::to_string(t.ssa) + "(D))";
    }
  }
  const std::string text = text_of_value(s, size);
  return text.empty() ? kUnknown : text;
}

} // namespace pathwise::detail
