// Variadic functions: the unnamed arguments a call passes, and the
// va_lists that walk them (va_start, va_arg, va_copy, va_end), with the
// warnings GCC 13 gave them: a va_list never ended (va-list-leak), used
// after va_end (va-list-use-after-va-end), asked for more arguments than
// the call passed (va-list-exhausted), or for another type than the one
// passed (va-arg-type-mismatch).
// SPDX-License-Identifier: GPL-3.0-or-later
#include "analysis/analysis.h"

#include <cstring>

namespace pathwise::detail {

namespace {

uint32_t type_code(const ir::Type &t) {
  return static_cast<uint32_t>(t.kind) << 16 | t.bits << 1 | (t.is_signed ? 1u : 0u);
}
ir::TypeKind code_kind(uint32_t code) { return static_cast<ir::TypeKind>(code >> 16); }
uint32_t code_bits(uint32_t code) { return (code >> 1) & 0x7fff; }

// A C name for a type the IR knows only by its kind and size.
std::string c_name(const ir::Type &t) {
  switch (t.kind) {
  case ir::TypeKind::Int:
    switch (t.bits) {
    case 8: return t.is_signed ? "char" : "unsigned char";
    case 16: return t.is_signed ? "short int" : "short unsigned int";
    case 32: return t.is_signed ? "int" : "unsigned int";
    case 64: return t.is_signed ? "long int" : "long unsigned int";
    default: return t.is_signed ? "__int128" : "unsigned __int128";
    }
  case ir::TypeKind::Float: return t.bits == 32 ? "float" : t.bits == 64 ? "double" : "long double";
  case ir::TypeKind::Ptr: return "void *";
  default: return "";
  }
}

// May a va_arg of type `wanted` read an argument passed as `passed`? (C
// allows a signed and an unsigned integer of one size, and any two
// pointers here; records are not checked.)
bool compatible(uint32_t wanted, uint32_t passed) {
  const ir::TypeKind w = code_kind(wanted), p = code_kind(passed);
  if (w == ir::TypeKind::Unknown || p == ir::TypeKind::Unknown || w == ir::TypeKind::Record ||
      p == ir::TypeKind::Record || w == ir::TypeKind::Array || p == ir::TypeKind::Array)
    return true;
  if (w != p)
    return false;
  return w == ir::TypeKind::Ptr || code_bits(wanted) == code_bits(passed);
}

} // namespace

std::vector<VarArg> FunctionAnalysis::varargs_of(const State &s, const Instruction &call, size_t named) {
  std::vector<VarArg> out;
  for (size_t k = named + 1; k < call.operands.size(); ++k) {
    const Operand &o = call.operands[k];
    ir::Type t = ir::Type::unknown();
    std::string name;
    switch (o.kind) {
    case OpKind::Temp:
      t = fn().temps[o.id].type;
      if (const std::string *n = fn().type_name(o.id))
        name = *n;
      break;
    case OpKind::Int:
    case OpKind::Float: t = o.type; break;
    case OpKind::Str:
      t = ir::Type::pointer();
      name = "char *";
      break;
    case OpKind::Null:
    case OpKind::LocalAddr:
    case OpKind::GlobalAddr:
    case OpKind::Func: t = ir::Type::pointer(); break;
    default: break;
    }
    if (name.empty())
      name = c_name(t);
    const SvalId v = operand_value(s, o);
    out.push_back({is_stable(v) ? v : 0, type_code(t), static_cast<uint32_t>(m_svals.string_id(name))});
  }
  return out;
}

VaList *FunctionAnalysis::va_list_of(State &s, SvalId object) {
  for (VaList &v : s.va_lists)
    if (v.object == object)
      return &v;
  return nullptr;
}

void FunctionAnalysis::put_va_list(State &s, const VaList &v) {
  if (VaList *old = va_list_of(s, v.object)) {
    *old = v;
    return;
  }
  s.va_lists.insert(std::upper_bound(s.va_lists.begin(), s.va_lists.end(), v), v);
}

void FunctionAnalysis::report_va(const Warning &w, const VaList *v, const std::string &expr, const Loc &at,
                                  const std::string &detail) {
  report_region(w, expr, at, {}, detail);
  if (v && !m_pending.empty() && m_pending.back().warning == &w)
    m_pending.back().v = v->object; // (its markers tell the path)
}

void FunctionAnalysis::mark_va(const VaList &v, const Loc &loc, const char *what) {
  RawEvent e = event(RawEvent::Kind::Marker, loc, std::string("%<") + what + "%> called here");
  e.v = v.object;
  m_cur_events->push_back(std::move(e));
}

bool FunctionAnalysis::model_va_call(State &s, const Instruction &in, const CallEvent &call, const Loc &loc,
                                     SvalId &result) {
  // (x86-64's sysv_abi and ms_abi spellings too.)
  std::string f(call.callee);
  for (const char *abi : {"sysv_", "ms_"})
    if (f.compare(0, 10 + strlen(abi), std::string("__builtin_") + abi) == 0)
      f = "__builtin_" + f.substr(10 + strlen(abi));
  const bool start = f == "__builtin_va_start", arg = f == "__builtin_va_arg", copy = f == "__builtin_va_copy",
             end = f == "__builtin_va_end";
  if ((!start && !arg && !copy && !end) || call.args.empty())
    return false;
  // The va_list object (an array on most targets: its address; or a
  // pointer to the caller's, given as a parameter).
  auto object_of = [&](size_t k) { return root_of(call.args[k]); };
  auto name_of = [&](size_t k) {
    std::string n = call.arg_text(k);
    return !n.empty() && n[0] == '&' ? n.substr(1) : n;
  };
  // Reading a va_list nothing started is reading storage nothing wrote.
  auto unwritten = [&](size_t k) {
    const SvalId o = object_of(k);
    if (s.uninit.empty() || !set_contains(s.uninit, o) || m_svals[o].kind != SK::LocalAddr)
      return false;
    const Local *l = local_of(s, static_cast<uint64_t>(m_svals[o].a));
    report_uninit(s, l ? l->name : name_of(k), l ? l->loc : Loc{}, loc);
    return true;
  };
  auto after_end = [&](const VaList &v, const char *what) { report_va(kVaListUseAfterVaEnd, &v, name_of(0), loc, what); };
  const uint32_t depth = static_cast<uint32_t>(s.stack.size());
  if (start) {
    const SvalId o = object_of(0);
    if (VaList *v = va_list_of(s, o); v && !v->ended)
      report_va(kVaListLeak, v, "", loc, v->copied ? "va_copy" : "va_start"); // started twice
    set_erase(s.uninit, o);
    VaList fresh;
    fresh.object = o;
    fresh.depth = depth;
    put_va_list(s, fresh);
    mark_va(fresh, loc, "va_start");
    return true;
  }
  if (end) {
    if (VaList *v = va_list_of(s, object_of(0))) {
      if (v->ended) {
        after_end(*v, "va_end");
      } else {
        v->ended = true;
        mark_va(*v, loc, "va_end");
      }
    }
    return true;
  }
  if (copy) {
    if (call.args.size() < 2)
      return true;
    // (Reported, the copy is still started: it needs its va_end.)
    const bool from_unwritten = unwritten(1);
    const SvalId dst = object_of(0);
    set_erase(s.uninit, dst);
    VaList from;
    if (const VaList *v = from_unwritten ? nullptr : va_list_of(s, object_of(1))) {
      if (v->ended) {
        report_va(kVaListUseAfterVaEnd, v, name_of(1), loc, "va_copy");
        return true;
      }
      from = *v;
    }
    from.object = dst;
    from.ended = false;
    from.copied = true;
    put_va_list(s, from);
    mark_va(from, loc, "va_copy");
    return true;
  }
  // va_arg (ap, "T").
  if (unwritten(0))
    return true;
  VaList *v = va_list_of(s, object_of(0));
  if (!v)
    return true;
  // (The arguments it walked are gone: that, before whether it ended.)
  if (v->depth == VaList::kStaleDepth) {
    report_region(kStaleFrame, name_of(0), loc);
    return true;
  }
  if (v->ended) {
    after_end(*v, "va_arg");
    return true;
  }
  // (The analysed function's own arguments are not known; nor is what a
  // path that dropped facts took.)
  if (v->depth == VaList::kUnknownDepth || v->depth == 0 || v->depth > s.stack.size() || s.approximate ||
      s.loop_assumed)
    return true;
  const std::vector<VarArg> &passed = s.stack[v->depth - 1].varargs;
  const uint32_t n = v->consumed++;
  // (Either is undefined behaviour: the path is not followed further, as
  // GCC does not.)
  if (n >= passed.size()) {
    report_va(kVaListExhausted, nullptr, name_of(0), loc, std::to_string(n));
    m_path_ends = true;
    return true;
  }
  const VarArg &a = passed[n];
  if (in.result) {
    const ir::Type wanted = fn().temps[in.result].type;
    if (!compatible(type_code(wanted), a.type_code)) {
      const std::string wanted_name =
          call.args.size() >= 2 && in.operands.size() >= 3 && in.operands[2].kind == OpKind::Str
              ? in.operands[2].str.substr(0, in.operands[2].str.find('\0'))
              : c_name(wanted);
      report_va(kVaArgTypeMismatch, nullptr, name_of(0), loc, wanted_name);
      if (!m_pending.empty() && m_pending.back().warning == &kVaArgTypeMismatch) {
        m_pending.back().detail2 = m_svals.string_at(a.type_name);
        m_pending.back().arg = static_cast<int>(n + 1);
      }
      m_path_ends = true;
      return true;
    }
    if (a.value)
      result = a.value;
  }
  return true;
}

void FunctionAnalysis::end_va_lists(State &s, uint32_t depth, const Loc &at) {
  if (s.va_lists.empty())
    return;
  std::vector<VaList> kept;
  for (VaList &v : s.va_lists) {
    const Sval &o = m_svals[v.object];
    const bool dies = o.kind == SK::LocalAddr && (static_cast<uint64_t>(o.a) >> kFrameShift) == depth;
    if (dies) {
      // (Its function returns with it still started: told at the end of
      // the function, as GCC tells it.)
      if (!v.ended)
        report_va(kVaListLeak, &v, "", fn().end_loc.known() ? fn().end_loc : at, v.copied ? "va_copy" : "va_start");
      continue;
    }
    // A va_list kept elsewhere (a global) outlives the arguments it walks:
    // it needed its va_end before.
    if (v.depth == depth) {
      if (!v.ended)
        report_va(kVaListLeak, &v, "", fn().end_loc.known() ? fn().end_loc : at, v.copied ? "va_copy" : "va_start");
      v.depth = VaList::kStaleDepth;
    }
    kept.push_back(v);
  }
  s.va_lists = std::move(kept);
}

} // namespace pathwise::detail
