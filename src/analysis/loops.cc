// Infinite loops (GCC 14's infinite-loop, CWE-835): a way round a loop
// that, once the program takes it, it takes for ever, doing nothing anyone
// could see. Its every test is decided by values the way round does not
// change, and it writes only the function's own variables (and arrays on
// its stack), calls only functions that change nothing, touches no
// volatile memory.
// SPDX-License-Identifier: GPL-3.0-or-later
#include <functional>

#include "analysis/analysis.h"

namespace pathwise::detail {

namespace {

// Loops larger than this, and more ways round one, are not looked at (the
// ways round a loop grow with its branches).
constexpr size_t kMaxLoopBlocks = 64;
constexpr size_t kMaxWaysRound = 32;
constexpr size_t kMaxSearchSteps = 10000; // (blocks visited looking for them)

} // namespace

// A way round a loop: its blocks from the head on; the last one jumps back
// to the head.
struct FunctionAnalysis::WayRound {
  std::vector<uint32_t> blocks;
  std::vector<int32_t> position; // by block: its index in blocks, -1 if not on it
  std::vector<int32_t> defined;  // by temporary: the block on the way that defines it, -1 if none

  // The value a phi of a block on the way takes there: what flows in from
  // the block before it (at the head, from the last block); null if none.
  const Operand *incoming(const Instruction &phi, uint32_t block) const {
    const int32_t at = position[block];
    const uint32_t from = at == 0 ? blocks.back() : blocks[static_cast<size_t>(at) - 1];
    for (size_t k = 0; k < phi.targets.size(); ++k)
      if (phi.targets[k] == from)
        return &phi.operands[k];
    return nullptr;
  }
};

void FunctionAnalysis::check_infinite_loops() {
  if (m_opts.disabled.count(kInfiniteLoop.name) || m_taken_edges.empty())
    return;
  const FnInfo *saved = m_cur;
  m_cur = &info(m_entry);
  const Function &f = fn();
  for (const auto &[head, body] : m_cur->loop_body) {
    size_t size = 0;
    for (size_t b = 0; b < f.blocks.size(); ++b)
      size += body.test(b) ? 1 : 0;
    if (size > kMaxLoopBlocks)
      continue;
    // The ways round, by depth-first search from the head, taking only
    // edges some path took.
    std::vector<std::vector<uint32_t>> ways;
    std::vector<uint32_t> stack{head};
    std::vector<bool> on_stack(f.blocks.size(), false);
    on_stack[head] = true;
    size_t steps = 0;
    std::function<void()> walk = [&]() {
      if (ways.size() >= kMaxWaysRound || ++steps > kMaxSearchSteps)
        return;
      const uint32_t b = stack.back();
      for (uint32_t t : successors(f.blocks[b])) {
        if (!body.test(t) || !m_taken_edges.count(edge_key(b, t)))
          continue;
        if (t == head) {
          ways.push_back(stack);
        } else if (!on_stack[t]) {
          on_stack[t] = true;
          stack.push_back(t);
          walk();
          stack.pop_back();
          on_stack[t] = false;
        }
      }
    };
    walk();
    for (const std::vector<uint32_t> &blocks : ways) {
      WayRound w;
      w.blocks = blocks;
      w.position.assign(f.blocks.size(), -1);
      w.defined.assign(f.temps.size(), -1);
      for (size_t k = 0; k < blocks.size(); ++k) {
        w.position[blocks[k]] = static_cast<int32_t>(k);
        for (const Instruction &in : f.blocks[blocks[k]].insns)
          if (in.result && in.result < w.defined.size())
            w.defined[in.result] = static_cast<int32_t>(blocks[k]);
      }
      if (endless(w) && followed(w)) {
        report_infinite_loop(w);
        break;
      }
    }
  }
  m_cur = saved;
}

// Does the way round do nothing anyone could see, and is its every test
// decided by values it does not change?
bool FunctionAnalysis::endless(const WayRound &w) {
  const Function &f = fn();
  // What it may write: the function's own variables only (nothing another
  // function or thread sees), and what it calls changes nothing.
  std::vector<uint32_t> stored_locals;
  bool stored_through = false; // (into a stack array through a pointer)
  for (uint32_t b : w.blocks)
    for (const Instruction &in : f.blocks[b].insns) {
      if (in.opcode == Opcode::Unknown || in.is_volatile)
        return false;
      if (in.opcode == Opcode::Store) {
        if (in.place.base == PlaceBase::Local)
          stored_locals.push_back(in.place.id);
        else if (in.place.base == PlaceBase::Deref && on_own_stack(in.place.pointer))
          stored_through = true;
        else
          return false;
      }
      if (in.opcode == Opcode::Call && !changes_nothing(in))
        return false;
    }
  // Every test on the way: of values that stay as they are round it.
  std::vector<int8_t> memo(f.temps.size(), -1); // -1 not known yet, 2 being worked out
  std::function<bool(const Operand &)> invariant = [&](const Operand &o) -> bool {
    if (!o.is_temp())
      return true;
    if (o.id >= w.defined.size() || w.defined[o.id] < 0)
      return true; // made before the loop, or by a block off the way
    int8_t &m = memo[o.id];
    if (m == 0 || m == 1)
      return m == 1;
    if (m == 2)
      return false; // (a value that depends on itself round the loop)
    m = 2;
    const Instruction &in = *m_cur->defs[o.id];
    const auto block = static_cast<uint32_t>(w.defined[o.id]);
    bool stays = false;
    switch (in.opcode) {
    case Opcode::Phi:
      // The value that flows in on the way; at the head, the head's own
      // value coming back unchanged.
      if (const Operand *v = w.incoming(in, block))
        stays = w.position[block] == 0 ? same_round_the_loop(w, *v, o.id) : invariant(*v);
      break;
    case Opcode::Copy:
    case Opcode::Unary:
    case Opcode::Binary:
      stays = std::all_of(in.operands.begin(), in.operands.end(), invariant);
      break;
    case Opcode::Load:
    case Opcode::Addr: {
      stays = !in.is_volatile && place_invariant(in.place, invariant);
      if (stays && in.opcode == Opcode::Load && in.place.base == PlaceBase::Local)
        stays = std::find(stored_locals.begin(), stored_locals.end(), in.place.id) == stored_locals.end();
      if (stays && in.opcode == Opcode::Load && in.place.base != PlaceBase::Global)
        stays = !stored_through; // (it may be what the way round writes through a pointer)
      break;
    }
    case Opcode::Call:
      stays = changes_nothing(in) && std::all_of(in.operands.begin() + 1, in.operands.end(), invariant) &&
              in.operands[0].kind == OpKind::Func;
      break;
    default: break;
    }
    m = stays ? 1 : 0;
    return stays;
  };
  for (uint32_t b : w.blocks) {
    const Instruction &t = f.blocks[b].insns.back();
    if ((t.opcode == Opcode::Br || t.opcode == Opcode::Switch) &&
        !std::all_of(t.operands.begin(), t.operands.end(), invariant))
      return false;
  }
  return true;
}

// Did one path go all the way round, from the head to the block that
// jumps back to it (through each block of the way in turn), with all
// facts kept? Each edge of the way some path took; this asks that one took
// them all, so that the tests' outcomes along the way agree (a state that
// dropped facts may take ways no run could).
bool FunctionAnalysis::followed(const WayRound &w) const {
  const size_t last = w.blocks.size() - 1;
  // (From the block that jumped back to the head: the jump's node, into a
  // new node at the head or one the same state had made before.)
  auto round_from = [&](int32_t jumped) {
    if (jumped < 0 || m_nodes[static_cast<size_t>(jumped)].block != w.blocks[last])
      return false;
    size_t at = last;
    for (const Node *n = &m_nodes[static_cast<size_t>(jumped)];; n = &m_nodes[static_cast<size_t>(n->pred)]) {
      if (n->state.approximate || !n->state.stack.empty())
        return false;
      if (n->block != w.blocks[at]) {
        if (at == 0 || n->block != w.blocks[at - 1])
          return false;
        --at;
      }
      if (at == 0)
        return true;
      if (n->pred < 0)
        return false;
    }
  };
  for (const Node &n : m_nodes)
    if (n.block == w.blocks[0] && n.start == 0 && round_from(n.pred))
      return true;
  for (const auto &[pred, block] : m_merged_arrivals)
    if (block == w.blocks[0] && round_from(pred))
      return true;
  return false;
}

// Does operand o, coming back to the head, hold what head's phi `phi`
// held (through copies and the phis of the blocks on the way)?
bool FunctionAnalysis::same_round_the_loop(const WayRound &w, const Operand &o, uint32_t phi) {
  Operand cur = o;
  for (int hops = 0; hops < 64; ++hops) {
    if (!cur.is_temp())
      return false;
    if (cur.id == phi)
      return true;
    if (cur.id >= w.defined.size() || w.defined[cur.id] < 0)
      return false;
    const Instruction &in = *m_cur->defs[cur.id];
    if (in.opcode == Opcode::Copy) {
      cur = in.operands[0];
      continue;
    }
    if (in.opcode != Opcode::Phi)
      return false;
    const auto block = static_cast<uint32_t>(w.defined[cur.id]);
    const Operand *v = w.position[block] > 0 ? w.incoming(in, block) : nullptr; // (not round again)
    if (!v)
      return false;
    cur = *v;
  }
  return false;
}

// A pointer into the function's own stack: a local's address, or what
// alloca (a variable-length array) gave, moved or copied.
bool FunctionAnalysis::on_own_stack(const Operand &ptr) const {
  Operand cur = ptr;
  for (int hops = 0; hops < 16; ++hops) {
    if (cur.kind == OpKind::LocalAddr)
      return true;
    if (!cur.is_temp() || cur.id >= m_cur->defs.size() || !m_cur->defs[cur.id])
      return false;
    const Instruction &in = *m_cur->defs[cur.id];
    if (in.opcode == Opcode::Addr)
      return in.place.base == PlaceBase::Local;
    if (in.opcode == Opcode::Call)
      return in.operands[0].kind == OpKind::Func && in.operands[0].id < m_module.symbols.size() &&
             m_module.symbols[in.operands[0].id].name.rfind("__builtin_alloca", 0) == 0;
    if ((in.opcode == Opcode::Copy || (in.opcode == Opcode::Binary && in.op == OpName::PtrAdd)) && !in.operands.empty())
      cur = in.operands[0];
    else
      return false;
  }
  return false;
}

bool FunctionAnalysis::place_invariant(const Place &p, const std::function<bool(const Operand &)> &invariant) {
  if (p.base == PlaceBase::Deref && !invariant(p.pointer))
    return false;
  return std::all_of(p.path.begin(), p.path.end(), [&](const Accessor &a) {
    return a.kind != Accessor::Kind::Index || invariant(a.index);
  });
}

// A call that changes nothing the program or the world could see: a const
// or pure function, one of the C library's readers (strlen), or a function
// of this module that writes only its own variables and calls only such
// functions.
bool FunctionAnalysis::changes_nothing(const Instruction &call) const {
  const Operand &c = call.operands[0];
  if (c.kind != OpKind::Func || c.id >= m_module.symbols.size())
    return false;
  const Symbol &sym = m_module.symbols[c.id];
  if (sym.is_const || sym.is_pure || (sym.body < 0 && libc::reads_only(sym.name)))
    return true;
  return sym.body >= 0 && m_writes_nothing[static_cast<size_t>(sym.body)];
}

void FunctionAnalysis::report_infinite_loop(const WayRound &w) {
  const Function &f = fn();
  const uint32_t head = w.blocks.front();
  const Loc at = first_loc(head);
  if (!at.known())
    return;
  // The path to the loop: one that reached its head.
  int32_t node = -1;
  for (size_t n = 0; n < m_nodes.size() && node < 0; ++n)
    if (m_nodes[n].block == head && m_nodes[n].state.stack.empty())
      node = static_cast<int32_t>(n);
  if (node < 0)
    return;
  const SvalId marker = m_svals.get(SK::Const, 1);
  std::vector<RawEvent> events;
  auto tell = [&](const Loc &loc, std::string text) {
    RawEvent e;
    e.kind = RawEvent::Kind::Marker;
    e.loc = loc;
    e.fn = m_entry;
    e.depth = 1;
    e.v = marker;
    e.text = std::move(text);
    events.push_back(std::move(e));
  };
  tell(at, "infinite loop here");
  Loc last = at;
  for (size_t k = 0; k < w.blocks.size(); ++k) {
    const Block &b = f.blocks[w.blocks[k]];
    for (const Instruction &in : b.insns)
      if (in.loc.known() && in.opcode != Opcode::Phi)
        last = in.loc;
    const Instruction &t = b.insns.back();
    const uint32_t next = k + 1 < w.blocks.size() ? w.blocks[k + 1] : head;
    std::string text;
    if (t.opcode == Opcode::Br && t.targets.size() == 2 && t.targets[0] != t.targets[1]) {
      const bool taken = t.targets[0] == next;
      const std::string dir = taken ? "true" : "false";
      std::string when = when_text(t, taken); // " (when 'n' is non-NULL)"
      if (when.size() > 8)
        text = when.substr(2, when.size() - 3) + ": always following %<" + dir + "%> branch...";
      else
        text = "if it ever follows %<" + dir + "%> branch, it will always do so...";
    } else if (t.opcode == Opcode::Switch) {
      std::string label = "default";
      for (const SwitchCase &c : t.cases)
        if (c.target == next && t.targets[0] != next)
          label = "case " + std::to_string(c.lo) + (c.hi != c.lo ? " ... " + std::to_string(c.hi) : "");
      text = "if it ever follows %<" + label + ":%> branch, it will always do so...";
    }
    if (!text.empty()) {
      tell(t.loc.known() ? t.loc : last, text);
      const Loc there = first_loc(next);
      if (next != head)
        tell(there.known() ? there : last, "...to here");
    }
  }
  tell(last, "looping back...");
  m_pending.push_back({&kInfiniteLoop, 0, marker, "", at, m_entry, 1, node, std::move(events), {}, 0, {}, "", "", {}});
}

} // namespace pathwise::detail
