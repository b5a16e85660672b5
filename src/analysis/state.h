// The program state of the engine: what temporaries and local memory hold,
// what branches taught, and each checker's states.
// SPDX-License-Identifier: GPL-3.0-or-later
//
// Internal to src/analysis: included by the engine only.
#pragma once

#include <algorithm>
#include <cstdint>
#include <string>
#include <tuple>
#include <utility>
#include <vector>

#include "analysis/store.h"
#include "checkers/checker.h"

namespace pathwise {

// ---------------------------------------------------------------------------
// Program state.

template <typename V> inline V map_get(const std::vector<std::pair<SvalId, V>> &m, SvalId k, V dflt) {
  auto it = std::lower_bound(m.begin(), m.end(), k, [](const auto &p, SvalId key) { return p.first < key; });
  return it != m.end() && it->first == k ? it->second : dflt;
}

template <typename V> inline void map_set(std::vector<std::pair<SvalId, V>> &m, SvalId k, V v, V erase_value) {
  auto it = std::lower_bound(m.begin(), m.end(), k, [](const auto &p, SvalId key) { return p.first < key; });
  if (it != m.end() && it->first == k) {
    if (v == erase_value)
      m.erase(it);
    else
      it->second = v;
  } else if (v != erase_value) {
    m.insert(it, {k, v});
  }
}

// What a branch taught about an integer or pointer value: it lies in
// [lo, hi] (one range per value), or it differs from lo (any number).
// Example: after "if (n > 10)", {n, range, 11, INT64_MAX}.
struct Constraint {
  SvalId v;
  bool is_range;
  int64_t lo;
  int64_t hi;
  bool operator<(const Constraint &o) const {
    return std::tie(v, is_range, lo, hi) < std::tie(o.v, o.is_range, o.lo, o.hi);
  }
  bool operator==(const Constraint &o) const {
    return v == o.v && is_range == o.is_range && lo == o.lo && hi == o.hi;
  }
};

// A fact between two values that are not constants: a OP b, kept with
// a < b (the operator swapped to match). Example: after "if (i < n)",
// {i, lt, n}. op holds an ir::OpName.
struct Relation {
  SvalId a;
  SvalId b;
  uint8_t op;
  bool operator<(const Relation &o) const { return std::tie(a, b, op) < std::tie(o.a, o.b, o.op); }
  bool operator==(const Relation &o) const { return a == o.a && b == o.b && op == o.op; }
};

using SmMap = std::vector<std::pair<SvalId, StateId>>; // sorted by value

// Each checker's states of values, by checker index. Most states track
// nothing: then nothing is allocated (a checker's map exists once it was
// written, and a missing one reads as empty).
class CheckerMaps {
public:
  const SmMap &operator[](size_t c) const { return c < m_maps.size() ? m_maps[c] : empty(); }
  // For writing: makes checker c's map if there is none.
  SmMap &mut(size_t c) {
    if (c >= m_maps.size())
      m_maps.resize(c + 1);
    return m_maps[c];
  }
  // The maps that exist (empty ones among them).
  std::vector<SmMap>::iterator begin() { return m_maps.begin(); }
  std::vector<SmMap>::iterator end() { return m_maps.end(); }
  std::vector<SmMap>::const_iterator begin() const { return m_maps.begin(); }
  std::vector<SmMap>::const_iterator end() const { return m_maps.end(); }
  size_t size() const { return m_maps.size(); }
  bool operator==(const CheckerMaps &o) const {
    const size_t n = std::max(m_maps.size(), o.m_maps.size());
    for (size_t c = 0; c < n; ++c)
      if ((*this)[c] != o[c])
        return false;
    return true;
  }
  bool operator!=(const CheckerMaps &o) const { return !(*this == o); }

private:
  static const SmMap &empty() {
    static const SmMap none;
    return none;
  }
  std::vector<SmMap> m_maps;
};

// A caller's frame, kept while the engine steps through a function it
// calls: where to go on, and the caller's temporaries and loops.
// An unnamed argument a variadic function was called with: its value
// (0 if not a constant or an address: va_arg gives a fresh value), and its
// type (see VarArg::code; the C name as an interned string).
struct VarArg {
  SvalId value = 0;
  uint32_t type_code = 0; // kind << 16 | bits << 1 | signed (ir::TypeKind)
  uint32_t type_name = 0; // SvalTable string id
  bool operator==(const VarArg &o) const {
    return value == o.value && type_code == o.type_code && type_name == o.type_name;
  }
};

struct Frame {
  uint32_t fn;     // the caller (index into Module::functions)
  uint32_t block;  // its call instruction
  uint32_t index;
  uint32_t result; // the temporary the call defines, 0 = none
  std::vector<std::pair<uint32_t, SvalId>> temps;
  std::vector<std::pair<uint32_t, uint8_t>> loops;
  // The unnamed arguments of the call to a variadic function.
  std::vector<VarArg> varargs;
  // State::effects when the call was made, and the arguments it passed
  // that stay the same values (constants, parameters, addresses; 0 for
  // others): what entering the callee again unchanged would repeat. Not
  // part of equality.
  uint32_t effects = 0;
  std::vector<SvalId> args;
  bool operator==(const Frame &o) const {
    return fn == o.fn && block == o.block && index == o.index && result == o.result && temps == o.temps &&
           loops == o.loops && varargs == o.varargs;
  }
};

// A va_list the path started (va_start, va_copy): the object's address,
// whether va_end ended it, which function's unnamed arguments it walks
// (that function's stack depth: 0, the analysed function's own, are not
// known) and how many it took.
struct VaList {
  static constexpr uint32_t kUnknownDepth = UINT32_MAX;
  static constexpr uint32_t kStaleDepth = UINT32_MAX - 1; // that function has returned
  SvalId object = 0;
  bool ended = false;
  bool copied = false; // started by va_copy
  uint32_t depth = kUnknownDepth;
  uint32_t consumed = 0;
  bool operator==(const VaList &o) const {
    return object == o.object && ended == o.ended && copied == o.copied && depth == o.depth && consumed == o.consumed;
  }
  bool operator<(const VaList &o) const { return object < o.object; }
};

struct State {
  uint32_t fn = 0;                                     // the function on top of the stack
  std::vector<Frame> stack;                            // its callers, outermost first
  std::vector<std::pair<uint32_t, SvalId>> temps;     // bound temporaries of fn, sorted
  Bindings memory;                                     // what regions hold (store.h)
  Extents extents;                                     // sizes of what calls allocated
  CheckerMaps sm;                                      // by checker
  std::vector<Constraint> constraints;                 // sorted
  std::vector<Relation> relations;                     // sorted
  std::vector<SvalId> escaped;                         // sorted: reachable from elsewhere
  std::vector<SvalId> exposed;                         // sorted: locals whose address escaped
  std::vector<std::pair<uint32_t, uint8_t>> loops;     // loop head -> trips round it so far (capped)
  // Sorted: storage nothing has written yet (the addresses of locals, and
  // what malloc returned); reading it is a use of an uninitialized value.
  // Not part of equality: a state that differs only here is not explored
  // again (what the first one reports holds on its own path; some reads
  // of storage the second path left unwritten go unreported).
  std::vector<SvalId> uninit;
  // Sorted: pointers the path dereferenced while nothing knew whether they
  // were NULL, each with the stack depth of the function that did (a check
  // for NULL there afterwards is deref-before-check). Not part of equality,
  // as `uninit`.
  struct Deref {
    SvalId v;
    uint32_t depth; // the stack depth of the function that dereferenced it
    uint32_t block; // ...in this block
    uint32_t text;  // ...naming it so (an interned string)
    bool operator<(const Deref &o) const { return std::tie(v, depth) < std::tie(o.v, o.depth); }
    bool operator==(const Deref &o) const { return v == o.v && depth == o.depth && block == o.block && text == o.text; }
  };
  std::vector<Deref> derefs;
  // Reads at an index the path does not fix ("line[i]", "*(tab + k)"),
  // sorted: the object's root (or base pointer), the index's value, the
  // rest of the place (an interned string), the value read. Read again
  // with nothing written since, the place gives the same value (a loop
  // testing line[i] three ways tests one byte). A write to memory, or a
  // call that may write, forgets them.
  struct VagueRead {
    SvalId root, index;
    int64_t shape;
    SvalId value;
    bool operator<(const VagueRead &o) const {
      return std::tie(root, index, shape) < std::tie(o.root, o.index, o.shape);
    }
    bool operator==(const VagueRead &o) const {
      return root == o.root && index == o.index && shape == o.shape && value == o.value;
    }
  };
  std::vector<VagueRead> vague_reads;
  // How many writes to memory outside the function's locals, and calls
  // that may change what the program sees, the path made so far: a call
  // that enters a function again with the same arguments and nothing
  // changed since its last entry recurses forever. Not part of equality.
  uint32_t effects = 0;
  // strtok may have been given a string on the path (or before it: any
  // analysis but main's from its start, or a call to code without a body
  // here). Not part of equality.
  bool strtok_started = true;
  // Buffers setjmp filled: (the buffer's root, the stack depth of the
  // function that called setjmp; 0 once that function has returned).
  std::vector<std::pair<SvalId, uint32_t>> jmp_bufs;
  // va_lists started on the path, by object (sorted).
  std::vector<VaList> va_lists;
  // Facts were dropped on the way here (generalization), so the path may be
  // infeasible. Not part of equality: the first state to reach a point wins.
  bool approximate = false;
  // The path assumed how a loop's test came out, knowing nothing that
  // decided it (a loop run zero times, or once more, for an unknown
  // bound). Not part of equality, as `approximate`. Bounds are not
  // reported on such paths (as Clang's analyzer does after weak loop
  // assumptions): the loop's real bound is usually an invariant the
  // engine does not see.
  bool loop_assumed = false;
  // Of those: a counted loop left at its first test, knowing nothing that
  // decided it, with a bound the program keeps in memory ("i <
  // s->nInUse", "i < nsyms": run zero times for a count the path does not
  // know). Not part of equality. On such a path nothing is reported unset,
  // as no bound is after a weak loop assumption: the count is usually at
  // least 1 by an invariant the engine does not see, and the path's later
  // facts may rest on it.
  bool zero_trips = false;
  // Paths were joined on the way here (join): the state stands for two
  // paths at once, and what each knew that the other did not is gone. Not
  // part of equality.
  bool joined = false;
  // What the path knew of values that code it cannot see may have changed
  // (an unknown call, a write through another pointer), by the region that
  // held them, sorted: the range the value's facts allowed and whether it
  // was known not to be zero; once the place is read again, the value read.
  // A branch on that value which those facts decide the other way sets
  // `guessed`. Not part of equality, as `approximate`; but a state equal
  // to one explored whose values read again it knew more of is explored
  // too (notes_within): its branches on them are its own, not guesses.
  //
  // Also where the engine itself forgot a place (generalize, join) where
  // no loop goes round. A note stays about the value read again once the
  // place is written (`written`), and a pointer read again stands for what
  // the place held (`old`): the fields the path knew of that are what it
  // points to.
  struct Changed {
    RegionId region;
    int64_t lo, hi;
    bool nonzero;
    SvalId reread; // (0 until read again)
    SvalId old;    // what it held (a pointer read again leads to its fields)
    // Written since it was read again: what was read still holds what the
    // path knew, but a later read is of what was written.
    bool written = false;
    // Bits tests of its masks found set, and found clear ("flags & 8").
    uint64_t ones = 0, zeros = 0;
    bool operator<(const Changed &o) const { return region < o.region; }
    // Whether it knows anything of the value (a range, not zero, a bit).
    bool informs() const { return lo != INT64_MIN || hi != INT64_MAX || nonzero || ones || zeros; }
    // Whether it can decide a branch on a value read again.
    bool decides() const { return reread && informs(); }
    bool operator==(const Changed &o) const {
      return region == o.region && lo == o.lo && hi == o.hi && nonzero == o.nonzero && reread == o.reread &&
             written == o.written && ones == o.ones && zeros == o.zeros;
    }
  };
  // Whether every note of this state that may decide a branch on a value
  // read again is one of o's: then o guesses wherever this state does, and
  // a path from o finds nothing a path from this state did not. (A state
  // equal to one already explored but for such notes is explored too only
  // if that one knew more.)
  bool notes_within(const State &o) const {
    auto b = o.changed.begin();
    for (const Changed &a : changed) {
      if (!a.decides())
        continue;
      while (b != o.changed.end() && b->region < a.region)
        ++b;
      bool found = false;
      for (auto c = b; c != o.changed.end() && c->region == a.region; ++c)
        found = found || *c == a;
      if (!found)
        return false;
    }
    return true;
  }
  std::vector<Changed> changed;
  // Whether v is the value a note's place was read again as, with what
  // the path knew of it.
  bool rereads(SvalId v) const {
    return v && std::any_of(changed.begin(), changed.end(), [&](const Changed &c) { return c.reread == v && c.informs(); });
  }
  // The path goes on only if code it cannot see changed a value it had
  // tested (a guess, not a fact): nothing is reported on it. Part of
  // equality: a path of facts reaching a point a guess reached first is
  // explored too.
  bool guessed = false;

  bool operator==(const State &o) const {
    return fn == o.fn && stack == o.stack && temps == o.temps && memory == o.memory && extents == o.extents && sm == o.sm &&
           constraints == o.constraints && relations == o.relations && escaped == o.escaped && exposed == o.exposed &&
           loops == o.loops && jmp_bufs == o.jmp_bufs && va_lists == o.va_lists && guessed == o.guessed &&
           vague_reads == o.vague_reads;
  }
  SvalId temp(uint32_t t) const { return map_get<SvalId>(temps, t, 0); }
  void bind(uint32_t t, SvalId v) { map_set<SvalId>(temps, t, v, 0); }
  // What vague_reads remembers at r's place (root, index, shape); 0 if
  // nothing.
  SvalId read_again(const VagueRead &r) const {
    auto it = std::lower_bound(vague_reads.begin(), vague_reads.end(), r);
    return it != vague_reads.end() && !(r < *it) && !(*it < r) ? it->value : 0;
  }
  // Remembers r (its place and value), while there is room.
  void remember_read(const VagueRead &r) {
    if (vague_reads.size() < 64)
      vague_reads.insert(std::lower_bound(vague_reads.begin(), vague_reads.end(), r), r);
  }

  // Mixes the temporaries of the function and of its callers, and where
  // the callers are, into a hash.
  template <typename Mix> void mix_frames(Mix &mix) const {
    for (auto &t : temps)
      mix(t.first * 2654435761u + t.second);
    for (auto &f : stack) {
      mix(f.fn * 7919u + f.block * 31u + f.index);
      for (auto &t : f.temps)
        mix(t.first * 2654435761u + t.second);
    }
  }

  // What two states must share to be joined (FunctionAnalysis::join):
  // the function and stack, temporaries, checkers' states and the loops
  // the path is in. Never 0.
  size_t join_key() const {
    size_t h = 1469598103934665603ull ^ fn;
    auto mix = [&](size_t x) { h = (h ^ x) * 1099511628211ull; };
    mix_frames(mix);
    for (size_t c = 0; c < sm.size(); ++c)
      for (auto &p : sm[c])
        mix((p.first * 31u + p.second) * (c + 1));
    for (auto &l : loops)
      mix(l.first * 131u);
    return h ? h : 1;
  }

  // About how many bytes the state holds beyond itself (its parts' heap
  // storage): what a budget on the exploded graph's memory counts.
  size_t footprint() const {
    size_t bytes = temps.capacity() * sizeof(temps[0]) + memory.capacity() * sizeof(memory[0]) +
                   extents.capacity() * sizeof(extents[0]) + constraints.capacity() * sizeof(Constraint) +
                   relations.capacity() * sizeof(Relation) +
                   (escaped.capacity() + exposed.capacity() + uninit.capacity()) * sizeof(SvalId) +
                   loops.capacity() * sizeof(loops[0]) + derefs.capacity() * sizeof(Deref) +
                   jmp_bufs.capacity() * sizeof(jmp_bufs[0]) + va_lists.capacity() * sizeof(VaList) +
                   vague_reads.capacity() * sizeof(VagueRead);
    for (const SmMap &m : sm)
      bytes += sizeof(SmMap) + m.capacity() * sizeof(m[0]);
    for (const Frame &f : stack)
      bytes += sizeof(Frame) + f.temps.capacity() * sizeof(f.temps[0]) + f.loops.capacity() * sizeof(f.loops[0]) +
               f.varargs.capacity() * sizeof(VarArg) + f.args.capacity() * sizeof(SvalId);
    return bytes;
  }

  size_t hash() const {
    size_t h = 1469598103934665603ull ^ static_cast<size_t>(guessed);
    auto mix = [&](size_t x) { h = (h ^ x) * 1099511628211ull; };
    mix_frames(mix);
    for (auto &m : memory)
      mix(m.first * 2246822519u + m.second);
    for (auto &e : extents)
      mix(e.first * 3266489917u + e.second);
    for (auto &s : sm)
      for (auto &p : s)
        mix(p.first * 31u + p.second);
    for (auto &c : constraints)
      mix(c.v * 7u + static_cast<size_t>(c.lo) * 3u + static_cast<size_t>(c.hi) * 5u + c.is_range);
    for (auto &r : relations)
      mix(r.a * 40503u + r.b * 2654435761u + r.op);
    for (SvalId e : escaped)
      mix(e);
    for (SvalId e : exposed)
      mix(e * 977u);
    for (auto &l : loops)
      mix(l.first * 131u + l.second);
    for (auto &j : jmp_bufs)
      mix(j.first * 911u + j.second);
    for (auto &v : va_lists)
      mix(v.object * 613u + v.consumed * 7u + v.ended);
    for (auto &r : vague_reads)
      mix(r.root * 389u + r.index * 97u + r.value);
    return h;
  }
};

inline void set_insert(std::vector<SvalId> &s, SvalId v) {
  auto it = std::lower_bound(s.begin(), s.end(), v);
  if (it == s.end() || *it != v)
    s.insert(it, v);
}

inline bool set_contains(const std::vector<SvalId> &s, SvalId v) { return std::binary_search(s.begin(), s.end(), v); }

inline void set_erase(std::vector<SvalId> &s, SvalId v) {
  auto it = std::lower_bound(s.begin(), s.end(), v);
  if (it != s.end() && *it == v)
    s.erase(it);
}

} // namespace pathwise
