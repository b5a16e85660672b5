// A checker run from a spec (src/spec/spec.h): the spec's states, calls
// and warnings behind the same interface the built-in checkers have.
// SPDX-License-Identifier: GPL-3.0-or-later
#include "checkers/spec_checker.h"

#include <algorithm>
#include <deque>
#include <map>

namespace pathwise {
namespace {

using spec::Spec;

// State numbers: start and null where every checker of a resource has
// them (the engine reads nullable::Null as "the call failed"); the spec's
// own states from nullable::First on; then, for each state a fallible
// call makes, its "not yet checked" twin.
constexpr StateId kNull = nullable::Null;
constexpr StateId kNoRef = 254; // a warning whose final text refers to no event

class SpecChecker final : public Checker {
public:
  explicit SpecChecker(std::shared_ptr<const Spec> spec) : m_spec(std::move(spec)) {
    m_names = {"start", "-", "null", "-"};
    for (const std::string &s : m_spec->states) {
      m_id[s] = static_cast<StateId>(m_names.size());
      m_names.push_back(s.c_str());
    }
    m_unchecked.assign(m_names.size(), 0);
    m_failure.assign(m_names.size(), spec::Failure{});
    for (const spec::Acquire &a : m_spec->acquires) {
      const StateId x = m_id.at(a.state);
      if (a.arg || a.out || a.failure.op == ir::OpName::None || m_unchecked[x])
        continue;
      m_unchecked[x] = static_cast<StateId>(m_names.size());
      m_failure[x] = a.failure;
      m_texts.push_back(a.state + " (unchecked)");
      m_names.push_back(m_texts.back().c_str());
    }
    m_owner.assign(m_names.size(), 0);
    for (StateId x = 0; x < m_unchecked.size(); ++x)
      if (m_unchecked[x])
        m_owner[m_unchecked[x]] = x;
    for (const spec::Move &m : m_spec->moves)
      m_moves.push_back({&m, expand(m.from), id_of(m.to)});
    for (const spec::Warning &w : m_spec->warnings)
      compile(w);
  }

  const char *name() const override { return m_spec->name.c_str(); }
  const std::vector<const char *> &state_names() const override { return m_names; }
  std::vector<const Warning *> warnings() const override {
    std::vector<const Warning *> out;
    for (const Compiled &c : m_compiled)
      out.push_back(&c.warning);
    return out;
  }

  bool applies_to(const ir::Module &m) const override {
    for (const ir::Symbol &sym : m.symbols)
      if (sym.kind == ir::SymbolKind::Function && mentions(ir::Module::source_name(sym.name)))
        return true;
    return false;
  }

  // Does any rule of the spec name f?
  bool mentions(std::string_view f) const {
    for (const spec::Warning &w : m_spec->warnings)
      if (w.call.matches(f))
        return true;
    for (const spec::FunctionSet &u : m_spec->uses)
      if (u.matches(f))
        return true;
    return models(f);
  }

  bool models(std::string_view f) const override {
    for (const spec::Acquire &a : m_spec->acquires)
      if (a.functions.matches(f))
        return true;
    for (const spec::Move &m : m_spec->moves)
      if (m.functions.matches(f))
        return true;
    return false;
  }

  bool on_call(CheckerContext &ctx, const CallEvent &call) override {
    // (Most calls are none of the spec's: known at once, by name.)
    auto hit = m_relevant.find(call.callee);
    if (hit == m_relevant.end())
      hit = m_relevant.emplace(std::string(call.callee), mentions(call.callee)).first;
    if (!hit->second)
      return false;
    bool modelled = false;
    std::vector<bool> warned(call.args.size(), false);
    const std::string_view bare = ir::without_builtin(call.callee); // as the source spells it
    for (const Compiled &c : m_compiled) {
      if (!c.spec->call.empty() && !c.unnamed && c.spec->call.matches(call.callee))
        for (size_t k = 0; k < call.args.size(); ++k) {
          if (c.spec->call_arg && k + 1 != static_cast<size_t>(c.spec->call_arg))
            continue;
          if (!contains(c.in, ctx.state(call.args[k])))
            continue;
          ctx.report(c.warning, call.args[k], call.arg_text(k), nullptr, static_cast<int>(k + 1), nullptr,
                     std::string(bare));
          warned[k] = true;
          if (!c.spec->then.empty())
            ctx.set_state(call.args[k], id_of(c.spec->then), call.arg_text(k));
        }
    }
    for (const MoveRule &m : m_moves)
      if (m.spec->functions.matches(call.callee)) {
        modelled = modelled || !m.spec->escapes;
        const size_t k = static_cast<size_t>(m.spec->arg - 1);
        if (k < call.args.size() && !warned[k])
          apply(ctx, m, call.args[k], call.arg_text(k));
      }
    for (const spec::Acquire &a : m_spec->acquires) {
      if (!a.functions.matches(call.callee))
        continue;
      modelled = true;
      const StateId x = m_id.at(a.state);
      const bool by_result = !a.arg && !a.out;
      const StateId to = a.failure.op != ir::OpName::None && by_result ? m_unchecked[x] : x;
      // (A handle passed or stored through an argument: not on the
      // outcome where the call failed.)
      if (!by_result && a.failure.op != ir::OpName::None && call.result &&
          ctx.compare(call.result, a.failure.op, a.failure.value) == Tri::True)
        continue;
      if (a.out) {
        // What the call stores through the pointer is the handle.
        const size_t k = static_cast<size_t>(a.out - 1);
        if (k < call.args.size())
          if (const SvalId v = ctx.fill_pointee(call.args[k])) {
            const std::string &p = call.arg_text(k);
            ctx.set_state(v, to, p.size() > 1 && p[0] == '&' ? p.substr(1) : "*" + p);
          }
      } else if (a.arg == 0) {
        if (call.result && !(a.unless_unused && call.result_unused))
          ctx.set_state(call.result, to, *call.result_text);
      } else if (static_cast<size_t>(a.arg) <= call.args.size()) {
        ctx.set_state(call.args[a.arg - 1], to, call.arg_text(a.arg - 1));
      }
    }
    for (const spec::FunctionSet &u : m_spec->uses)
      if (u.matches(call.callee))
        modelled = true;
    return modelled;
  }

  // An argument handle's call that can fail: the engine follows the
  // failure as an outcome of its own.
  bool failure_of(std::string_view f, ir::OpName &op, int64_t &value) const override {
    for (const spec::Acquire &a : m_spec->acquires)
      if ((a.arg || a.out) && a.failure.op != ir::OpName::None && a.functions.matches(f)) {
        op = a.failure.op;
        value = a.failure.value;
        return true;
      }
    return false;
  }

  // realloc (p, n) releases p on the outcomes that move it: its moves
  // apply to p before the outcomes part.
  void on_realloc(CheckerContext &ctx, SvalId v, const std::string &expr) override {
    for (const MoveRule &m : m_moves)
      if (m.spec->arg == 1 && m.spec->functions.matches("realloc"))
        apply(ctx, m, v, expr);
  }

  // A pointer a fallible call made, tested against NULL.
  void on_null_split(CheckerContext &ctx, SvalId v, bool is_null, const std::string &expr) override {
    const StateId s = ctx.state(v);
    if (s == 0 || s >= m_owner.size())
      return;
    if (const StateId x = m_owner[s]; x && m_failure[x].null)
      ctx.set_state(v, is_null ? kNull : x, expr);
    else if (is_null && s != kNull && has_null_failure(s))
      ctx.set_state(v, kNull, expr);
  }

  // An integer a fallible call made ("fd < 0"), tested: failed where the
  // test says so, else checked.
  void on_condition(CheckerContext &ctx, SvalId a, ir::OpName, SvalId b, bool) override {
    for (SvalId v : {a, b}) {
      const StateId s = v ? ctx.state(v) : 0;
      const StateId x = s < m_owner.size() ? m_owner[s] : 0;
      if (!x || m_failure[x].null)
        continue;
      // (A test that does not decide it still examined the result: the
      // path goes on as if the call worked.)
      const Tri failed = ctx.compare(v, m_failure[x].op, m_failure[x].value);
      ctx.set_state(v, failed == Tri::True ? kNull : x, ctx.text_of(v));
    }
  }

  // Values still in a state the spec forbids at return (a lock held).
  void on_return(CheckerContext &ctx) override {
    for (const Compiled &c : m_compiled)
      if (!c.at_return.empty())
        for (SvalId v : ctx.tracked_values())
          if (contains(c.at_return, ctx.state(v)))
            ctx.report(c.warning, v, ctx.text_of(v));
  }

  bool is_leakable(StateId s) const override { return leak_warning(s) != nullptr; }

  void on_leak(CheckerContext &ctx, SvalId v, StateId s, const std::string &expr) override {
    if (const Compiled *c = leak_warning(s)) {
      const Compiled *unnamed = expr.empty() ? unnamed_of(c) : nullptr;
      ctx.report(unnamed ? unnamed->warning : c->warning, v, expr);
    }
  }

private:
  struct Compiled {
    const spec::Warning *spec = nullptr;
    bool unnamed = false;
    Warning warning{};
    std::vector<StateId> in;   // call warnings: the states the call is wrong in
    std::vector<StateId> leak; // leak warnings: the states that must not be lost
    std::vector<StateId> at_return; // at-return warnings: the states a value must not end in
  };

  // A move with its states as numbers (from: empty for any).
  struct MoveRule {
    const spec::Move *spec;
    std::vector<StateId> from;
    StateId to;
  };

  std::shared_ptr<const Spec> m_spec;
  std::vector<MoveRule> m_moves;
  std::vector<const char *> m_names;
  std::map<std::string, StateId> m_id;
  std::vector<StateId> m_unchecked;      // by state: its unchecked twin (0: none)
  std::vector<StateId> m_owner;          // by state: the state an unchecked twin stands for
  std::vector<spec::Failure> m_failure;  // by state made by a fallible call: what failure is
  std::deque<std::string> m_texts;       // texts the warnings point into
  std::deque<Compiled> m_compiled;
  std::map<std::string, bool, std::less<>> m_relevant; // callee -> does a rule name it

  static bool contains(const std::vector<StateId> &v, StateId s) { return std::find(v.begin(), v.end(), s) != v.end(); }

  StateId id_of(const std::string &name) const {
    if (name == "start")
      return 0;
    if (name == "null")
      return kNull;
    return m_id.at(name);
  }
  // A state as rules name it: the spec's state and its unchecked twin.
  std::vector<StateId> expand(const std::vector<std::string> &names) const {
    std::vector<StateId> out;
    for (const std::string &n : names) {
      const StateId s = id_of(n);
      out.push_back(s);
      if (s < m_unchecked.size() && m_unchecked[s])
        out.push_back(m_unchecked[s]);
    }
    return out;
  }
  bool has_null_failure(StateId s) const { return s < m_failure.size() && m_failure[s].null; }

  void apply(CheckerContext &ctx, const MoveRule &m, SvalId v, const std::string &expr) const {
    const StateId s = ctx.state(v);
    if (s == m.to || (!m.from.empty() && !contains(m.from, s)))
      return;
    ctx.set_state(v, m.to, expr);
  }

  const Compiled *leak_warning(StateId s) const {
    for (const Compiled &c : m_compiled)
      if (!c.unnamed && contains(c.leak, s))
        return &c;
    return nullptr;
  }
  const Compiled *unnamed_of(const Compiled *named) const {
    for (const Compiled &c : m_compiled)
      if (c.unnamed && c.spec == named->spec)
        return &c;
    return nullptr;
  }

  const char *keep(const std::string &s) {
    m_texts.push_back(s);
    return m_texts.back().c_str();
  }

  // The wording of state changes on a path: the spec's events in the
  // order written; a state a fallible call makes is told as made, then
  // as checked ("assuming 'f' is non-NULL").
  std::vector<ChangeText> changes_of(const spec::Warning &w) {
    std::vector<ChangeText> out;
    std::vector<bool> told(m_names.size(), false);
    auto checked = [&](StateId x) {
      if (told[x])
        return;
      told[x] = true;
      const bool null = m_failure[x].null;
      out.push_back({m_unchecked[x], x, null ? "assuming %E is non-NULL" : "assuming %E is valid"});
      out.push_back({kAnyState, kNull, null ? "assuming %E is NULL" : "assuming %E is not valid"});
    };
    for (const auto &[state, text] : w.events) {
      const StateId s = id_of(state);
      const char *t = keep(text);
      if (s < m_unchecked.size() && m_unchecked[s]) {
        out.push_back({kAnyState, m_unchecked[s], t});
        checked(s);
      }
      out.push_back({kAnyState, s, t});
    }
    for (StateId x = 0; x < m_unchecked.size(); ++x)
      if (m_unchecked[x])
        checked(x);
    return out;
  }

  void compile(const spec::Warning &w) {
    Compiled c;
    c.spec = &w;
    c.warning.name = w.name.c_str();
    c.warning.cwe = w.cwe;
    c.warning.cwe_title = w.cwe_title.c_str();
    c.warning.message = w.message.c_str();
    c.warning.changes = changes_of(w);
    c.warning.final_text = w.final_text.c_str();
    c.warning.final_text_no_ref = w.final_no_ref.c_str();
    StateId ref = kNoRef;
    if (!w.ref.empty()) {
      ref = id_of(w.ref);
      if (ref < m_unchecked.size() && m_unchecked[ref])
        ref = m_unchecked[ref]; // (the event that made it)
    }
    c.warning.ref_state = ref;
    c.in = expand(w.in);
    c.leak = expand(w.leak);
    for (const std::string &u : w.unchecked) // (only the not-yet-tested form)
      if (const StateId x = id_of(u); x < m_unchecked.size() && m_unchecked[x])
        c.leak.push_back(m_unchecked[x]);
    c.at_return = expand(w.at_return);
    m_compiled.push_back(c);
    if (!w.unnamed_message.empty()) {
      Compiled u = c;
      u.unnamed = true;
      u.warning.message = w.unnamed_message.c_str();
      u.warning.final_text = w.unnamed_final.c_str();
      u.warning.final_text_no_ref = w.unnamed_final_no_ref.c_str();
      m_compiled.push_back(u);
    }
  }
};

} // namespace

std::unique_ptr<Checker> make_spec_checker(std::shared_ptr<const spec::Spec> spec) {
  return std::make_unique<SpecChecker>(std::move(spec));
}

} // namespace pathwise
