// What the engine knows of each function it analyses or steps through
// (liveness, loops, texts, instruction numbers), made once per module.
// SPDX-License-Identifier: GPL-3.0-or-later
//
// Internal to src/analysis.
#pragma once

#include <algorithm>
#include <map>
#include <memory>
#include <set>
#include <string>
#include <vector>

#include "analysis/dominators.h"
#include "analysis/liveness.h"
#include "ir/ir.h"

namespace pathwise::detail {

using namespace ir;

// ---------------------------------------------------------------------------
// What the analysis needs to know of each function it steps through: the
// function itself, liveness, texts, and its loops. Instructions and blocks
// get numbers unique across the functions of the module (uids).

struct FnInfo {
  FnInfo(const Module &m, uint32_t fn_index, uint32_t first_uid)
      : index(fn_index), fn(&m.functions.at(fn_index)), namer(m, *fn), live(compute_liveness(*fn)) {
    temp_text.resize(fn->temps.size());
    for (uint32_t t = 1; t < fn->temps.size(); ++t)
      temp_text[t] = namer.temp(t);
    std::vector<std::vector<uint32_t>> succ(fn->blocks.size());
    for (size_t b = 0; b < fn->blocks.size(); ++b)
      succ[b] = successors(fn->blocks[b]);
    find_back_edges(succ);
    find_loop_bodies(succ);
    uid_base.resize(fn->blocks.size());
    uint32_t uid = first_uid;
    for (size_t b = 0; b < fn->blocks.size(); ++b) {
      uid_base[b] = uid;
      uid += static_cast<uint32_t>(fn->blocks[b].insns.size());
    }
    end_uid = uid;
    defs = definitions(*fn);
    find_compared_only();
  }

  uint32_t index;
  const Function *fn;
  TextNamer namer;
  Liveness live;
  std::vector<std::string> temp_text;
  std::vector<uint32_t> uid_base; // by block: the uid of its first instruction
  uint32_t end_uid = 0;           // one past the last uid
  std::vector<const Instruction *> defs; // by temporary: its definition
  std::set<std::pair<uint32_t, uint32_t>> back_edges; // (from, to): edges that close a loop
  std::map<uint32_t, Bitset> loop_body;                // loop head -> blocks of its natural loop
  Bitset compared_only; // by temporary: used, and only as an operand of comparisons ("i < n - 1")

  // Does block a dominate block b? (Worked out on first use.)
  bool dominates(uint32_t a, uint32_t b) const {
    if (idom.empty()) {
      std::vector<std::vector<uint32_t>> succ(fn->blocks.size());
      for (size_t k = 0; k < fn->blocks.size(); ++k)
        succ[k] = successors(fn->blocks[k]);
      idom = immediate_dominators(succ);
    }
    return detail::dominates(idom, a, b);
  }

  // The blocks on some way from block a to block b (a and b among them
  // when there is one): those a reaches that reach b.
  Bitset between(uint32_t a, uint32_t b) const {
    const size_t n = fn->blocks.size();
    Bitset from_a(n), to_b(n);
    if (a >= n || b >= n)
      return from_a;
    std::vector<std::vector<uint32_t>> preds(n);
    for (size_t k = 0; k < n; ++k)
      for (uint32_t t : successors(fn->blocks[k]))
        if (t < n)
          preds[t].push_back(static_cast<uint32_t>(k));
    std::vector<uint32_t> work{a};
    while (!work.empty()) {
      const uint32_t k = work.back();
      work.pop_back();
      if (from_a.test(k))
        continue;
      from_a.set(k);
      for (uint32_t t : successors(fn->blocks[k]))
        if (t < n)
          work.push_back(t);
    }
    work.push_back(b);
    while (!work.empty()) {
      const uint32_t k = work.back();
      work.pop_back();
      if (to_b.test(k) || !from_a.test(k))
        continue;
      to_b.set(k);
      for (uint32_t p : preds[k])
        work.push_back(p);
    }
    return to_b;
  }

private:
  mutable std::vector<int32_t> idom;

  void find_compared_only() {
    const size_t n = fn->temps.size();
    compared_only = Bitset(n);
    Bitset other(n);
    for (const Block &b : fn->blocks)
      for (const Instruction &in : b.insns) {
        const bool compares = in.opcode == Opcode::Br || (in.opcode == Opcode::Binary && is_comparison(in.op));
        for (const Operand &o : in.operands)
          if (o.is_temp() && o.id < n)
            (compares ? compared_only : other).set(o.id);
      }
    for (size_t t = 0; t < n; ++t)
      if (other.test(t))
        compared_only.reset(t);
  }

  // The natural loop of each back edge u -> h: h and the blocks that reach u
  // without passing through h.
  void find_loop_bodies(const std::vector<std::vector<uint32_t>> &succ) {
    const size_t n = fn->blocks.size();
    std::vector<std::vector<uint32_t>> preds(n);
    for (size_t b = 0; b < n; ++b)
      for (uint32_t t : succ[b])
        if (t < n)
          preds[t].push_back(static_cast<uint32_t>(b));
    for (const auto &[u, h] : back_edges) {
      Bitset &body = loop_body.emplace(h, Bitset(n)).first->second;
      body.set(h);
      std::vector<uint32_t> work{u};
      while (!work.empty()) {
        uint32_t b = work.back();
        work.pop_back();
        if (body.test(b))
          continue;
        body.set(b);
        for (uint32_t p : preds[b])
          work.push_back(p);
      }
    }
  }

  // Depth-first search from the entry: an edge to a block still on the
  // stack closes a loop.
  void find_back_edges(const std::vector<std::vector<uint32_t>> &succ) {
    const size_t n = fn->blocks.size();
    std::vector<uint8_t> mark(n, 0); // 0 new, 1 on stack, 2 done
    std::vector<std::pair<uint32_t, size_t>> stack;
    stack.push_back({0, 0});
    mark[0] = 1;
    while (!stack.empty()) {
      auto &[b, k] = stack.back();
      if (k < succ[b].size()) {
        uint32_t t = succ[b][k++];
        if (t >= n)
          continue;
        if (mark[t] == 1)
          back_edges.insert({b, t});
        else if (mark[t] == 0) {
          mark[t] = 1;
          stack.push_back({t, 0});
        }
      } else {
        mark[b] = 2;
        stack.pop_back();
      }
    }
  }
};

// FnInfo of every function of a module, made on first use and shared by
// the analyses of all its functions, with the texts of instructions'
// operands (see FunctionAnalysis::texts).
class FnInfoCache {
public:
  explicit FnInfoCache(const Module &m) : m_module(m) {
    uint32_t uid = 0;
    for (const Function &f : m.functions) {
      m_first_uid.push_back(uid);
      for (const Block &b : f.blocks)
        uid += static_cast<uint32_t>(b.insns.size());
    }
    m_infos.resize(m.functions.size());
    texts.resize(uid);
  }
  const FnInfo &get(uint32_t fn) {
    std::unique_ptr<FnInfo> &fi = m_infos.at(fn);
    if (!fi)
      fi = std::make_unique<FnInfo>(m_module, fn, m_first_uid[fn]);
    return *fi;
  }
  // The function an instruction uid belongs to.
  uint32_t function_of_uid(uint32_t uid) const {
    auto it = std::upper_bound(m_first_uid.begin(), m_first_uid.end(), uid);
    return static_cast<uint32_t>(it - m_first_uid.begin()) - 1;
  }
  // The instruction with that uid.
  const Instruction *instruction(uint32_t uid) {
    const FnInfo &fi = get(function_of_uid(uid));
    auto it = std::upper_bound(fi.uid_base.begin(), fi.uid_base.end(), uid);
    if (it == fi.uid_base.begin())
      return nullptr;
    const size_t b = static_cast<size_t>(it - fi.uid_base.begin()) - 1;
    const size_t i = uid - fi.uid_base[b];
    return i < fi.fn->blocks[b].insns.size() ? &fi.fn->blocks[b].insns[i] : nullptr;
  }
  std::vector<std::vector<std::string>> texts; // by instruction uid

private:
  const Module &m_module;
  std::vector<uint32_t> m_first_uid; // by function
  std::vector<std::unique_ptr<FnInfo>> m_infos;
};

} // namespace pathwise::detail
