// Reading a checker spec (TOML, with Debian's toml++), every mistake a
// one-line error that names the file, the line and what is valid.
// SPDX-License-Identifier: GPL-3.0-or-later
#include "spec/spec.h"

#include <algorithm>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <set>
#include <sstream>

#define TOML_HEADER_ONLY 1
#define TOML_ENABLE_FORMATTERS 0
#include <toml++/toml.h>

namespace pathwise::spec {

bool FunctionSet::matches(std::string_view callee) const {
  const std::string_view bare = ir::without_builtin(callee);
  for (const std::string &n : names)
    if (n == callee || n == bare)
      return true;
  for (const std::regex &re : patterns)
    if (std::regex_match(callee.begin(), callee.end(), re) || std::regex_match(bare.begin(), bare.end(), re))
      return true;
  return false;
}

namespace {

// Names the format reserves for states the checker keeps itself.
const std::set<std::string> kBuiltinStates = {"start", "null"};

class Reader {
public:
  explicit Reader(std::string file) : m_file(std::move(file)) {}

  Spec read(std::string_view text) {
    toml::parse_result parsed;
    try {
      parsed = toml::parse(text, m_file);
    } catch (const toml::parse_error &e) {
      fail(static_cast<int>(e.source().begin.line), std::string(e.description()));
    }
    const toml::table &root = parsed;
    Spec s;
    s.file = m_file;
    allowed(root, "the spec", {"name", "states", "functions", "acquire", "move", "use", "warning"});
    s.name = string_at(root, "name", "the spec", true);
    if (!valid_name(s.name))
      fail(line_of(root, "name"), "checker name '" + s.name + "' is not valid; use lower-case letters, digits and '-'");
    if (const toml::node *groups = root.get("functions")) {
      const toml::table *t = groups->as_table();
      if (!t)
        fail(line(*groups), "'functions' must be a table of named lists of functions ([functions] NAME = [...])");
      for (auto &&[k, v] : *t)
        m_groups[std::string(k.str())] = names_of(v, "functions." + std::string(k.str()));
    }
    s.states = strings(root, "states", "the spec", true);
    if (s.states.empty())
      fail(line_of(root, "states"), "'states' needs at least one state");
    for (const std::string &st : s.states) {
      if (kBuiltinStates.count(st))
        fail(line_of(root, "states"), "state '" + st + "' is the checker's own; name the spec's states otherwise");
      if (!valid_name(st))
        fail(line_of(root, "states"),
             "state name '" + st + "' is not valid; use lower-case letters, digits, '-' and '_'");
      if (std::count(s.states.begin(), s.states.end(), st) > 1)
        fail(line_of(root, "states"), "state '" + st + "' is listed twice");
    }
    m_states = s.states;
    for (const toml::table *t : tables(root, "acquire"))
      s.acquires.push_back(acquire(*t));
    m_acquires = s.acquires;
    for (const toml::table *t : tables(root, "move"))
      s.moves.push_back(move(*t));
    for (const toml::table *t : tables(root, "use")) {
      allowed(*t, "[[use]]", {"functions"});
      s.uses.push_back(functions(*t, "[[use]]"));
    }
    for (const toml::table *t : tables(root, "warning"))
      s.warnings.push_back(warning(*t));
    if (s.acquires.empty() && s.moves.empty())
      fail(1, "the spec has no [[acquire]] and no [[move]]: nothing would ever be tracked");
    return s;
  }

private:
  std::string m_file;
  std::vector<std::string> m_states;
  std::map<std::string, std::vector<std::string>> m_groups;
  std::vector<Acquire> m_acquires; // (read before the warnings)

  [[noreturn]] void fail(int line, const std::string &what) const {
    throw SpecError{m_file + ":" + std::to_string(line > 0 ? line : 1) + ": " + what};
  }
  static int line(const toml::node &n) { return static_cast<int>(n.source().begin.line); }
  static int line_of(const toml::table &t, std::string_view key) {
    const toml::node *n = t.get(key);
    return n ? line(*n) : line(t);
  }
  // "a, b, c": what is valid, in an error.
  static std::string joined(const std::vector<std::string> &items) {
    std::string out;
    for (const std::string &i : items)
      out += (out.empty() ? "" : ", ") + i;
    return out;
  }
  static bool valid_name(const std::string &n) {
    return !n.empty() && std::all_of(n.begin(), n.end(), [](char c) {
      return (c >= 'a' && c <= 'z') || (c >= '0' && c <= '9') || c == '-' || c == '_';
    });
  }

  void allowed(const toml::table &t, const std::string &where, std::initializer_list<const char *> keys) const {
    for (auto &&[k, v] : t) {
      const bool ok = std::any_of(keys.begin(), keys.end(), [&](const char *a) { return k.str() == a; });
      if (!ok) {
        fail(static_cast<int>(k.source().begin.line ? k.source().begin.line : v.source().begin.line),
             "unknown key '" + std::string(k.str()) + "' in " + where + "; valid: " +
                 joined(std::vector<std::string>(keys.begin(), keys.end())));
      }
    }
  }

  std::string string_at(const toml::table &t, std::string_view key, const std::string &where, bool required) const {
    const toml::node *n = t.get(key);
    if (!n) {
      if (required)
        fail(line(t), where + " needs '" + std::string(key) + "'");
      return "";
    }
    if (!n->is_string())
      fail(line(*n), "'" + std::string(key) + "' in " + where + " must be a string");
    return std::string(*n->value<std::string>());
  }

  bool boolean(const toml::table &t, std::string_view key, const std::string &where, bool fallback) const {
    const toml::node *n = t.get(key);
    if (!n)
      return fallback;
    if (!n->is_boolean())
      fail(line(*n), "'" + std::string(key) + "' in " + where + " must be true or false");
    return *n->value<bool>();
  }

  std::vector<std::string> names_of(const toml::node &n, const std::string &key) const {
    std::vector<std::string> out;
    if (n.is_string()) {
      out.push_back(std::string(*n.value<std::string>()));
      return out;
    }
    const toml::array *a = n.as_array();
    if (!a)
      fail(line(n), "'" + key + "' must be a string or a list of strings");
    for (const toml::node &e : *a) {
      if (!e.is_string())
        fail(line(e), "'" + key + "' must list strings only");
      out.push_back(std::string(*e.value<std::string>()));
    }
    return out;
  }

  std::vector<std::string> strings(const toml::table &t, std::string_view key, const std::string &where,
                                   bool required) const {
    const toml::node *n = t.get(key);
    if (!n) {
      if (required)
        fail(line(t), where + " needs '" + std::string(key) + "'");
      return {};
    }
    return names_of(*n, std::string(key));
  }

  std::vector<const toml::table *> tables(const toml::table &root, std::string_view key) const {
    std::vector<const toml::table *> out;
    const toml::node *n = root.get(key);
    if (!n)
      return out;
    const toml::array *a = n->as_array();
    if (!a || !a->is_array_of_tables())
      fail(line(*n), "'" + std::string(key) + "' must be written [[" + std::string(key) + "]] (a list of tables)");
    for (const toml::node &e : *a)
      out.push_back(e.as_table());
    return out;
  }

  FunctionSet functions(const toml::table &t, const std::string &where, std::string_view key = "functions") const {
    FunctionSet fs;
    const toml::node *n = t.get(key);
    if (!n)
      fail(line(t), where + " needs '" + std::string(key) + "' (names, \"/regex/\" or \"@group\")");
    std::vector<std::string> listed = names_of(*n, std::string(key));
    std::vector<std::string> all;
    for (const std::string &f : listed) {
      if (f.size() > 1 && f[0] == '@') {
        auto g = m_groups.find(f.substr(1));
        if (g == m_groups.end()) {
          std::vector<std::string> known;
          for (const auto &k : m_groups)
            known.push_back(k.first);
          fail(line(*n), "unknown function group '" + f + "'; defined in [functions]: " +
                             (known.empty() ? "none" : joined(known)));
        }
        all.insert(all.end(), g->second.begin(), g->second.end());
      } else {
        all.push_back(f);
      }
    }
    for (const std::string &f : all) {
      if (f.size() > 2 && f.front() == '/' && f.back() == '/') {
        try {
          fs.patterns.emplace_back(f.substr(1, f.size() - 2), std::regex::ECMAScript | std::regex::optimize);
          fs.pattern_texts.push_back(f);
        } catch (const std::regex_error &e) {
          fail(line(*n), "regular expression " + f + " is not valid: " + e.what());
        }
      } else if (f.empty() || f.find_first_of(" \t()/*") != std::string::npos) {
        fail(line(*n), "'" + f + "' is not a function name; write a name, or a regular expression as \"/.../\"");
      } else {
        fs.names.push_back(f);
      }
    }
    if (fs.empty())
      fail(line(*n), where + ": 'functions' lists no function");
    return fs;
  }

  // A state the spec declared ("start" and "null" too where allowed).
  std::string state(const toml::table &t, std::string_view key, const std::string &where, bool required,
                    bool builtin_ok) const {
    const std::string s = string_at(t, key, where, required);
    if (s.empty() && !required)
      return s;
    check_state(s, line_of(t, key), builtin_ok);
    return s;
  }
  void check_state(const std::string &s, int at, bool builtin_ok) const {
    if (std::find(m_states.begin(), m_states.end(), s) != m_states.end())
      return;
    if (builtin_ok && kBuiltinStates.count(s))
      return;
    fail(at, "unknown state '" + s + "'; valid: " + joined(m_states) + (builtin_ok ? ", start, null" : ""));
  }
  std::vector<std::string> state_list(const toml::table &t, std::string_view key, const std::string &where,
                                      bool builtin_ok) const {
    std::vector<std::string> out = strings(t, key, where, false);
    for (const std::string &s : out)
      check_state(s, line_of(t, key), builtin_ok);
    return out;
  }

  int arg(const toml::table &t, const std::string &where, bool any_ok, int fallback) const {
    const toml::node *n = t.get("arg");
    if (!n)
      return fallback;
    if (any_ok && n->is_string() && *n->value<std::string>() == "any")
      return 0;
    if (!n->is_integer() || *n->value<int64_t>() < 1 || *n->value<int64_t>() > 64)
      fail(line(*n), "'arg' in " + where + " must be an argument number from 1 to 64" +
                         std::string(any_ok ? " or \"any\"" : ""));
    return static_cast<int>(*n->value<int64_t>());
  }

  Failure failure(const toml::table &t, const std::string &where) const {
    Failure f;
    const std::string text = string_at(t, "failure", where, false);
    if (text.empty())
      return f;
    std::istringstream in(text);
    std::string op, value, rest;
    in >> op >> value >> rest;
    static const std::map<std::string, ir::OpName> ops = {{"==", ir::OpName::Eq}, {"!=", ir::OpName::Ne},
                                                          {"<", ir::OpName::Lt},  {"<=", ir::OpName::Le},
                                                          {">", ir::OpName::Gt},  {">=", ir::OpName::Ge}};
    auto o = ops.find(op);
    bool ok = o != ops.end() && !value.empty() && rest.empty();
    if (ok && value == "NULL") {
      ok = o->second == ir::OpName::Eq;
      f.null = true;
    } else if (ok) {
      try {
        size_t used = 0;
        f.value = std::stoll(value, &used, 0);
        ok = used == value.size();
      } catch (...) {
        ok = false;
      }
    }
    if (!ok)
      fail(line_of(t, "failure"), "failure '" + text +
                                      "' is not a test of the result; write it as OP VALUE: \"== NULL\", \"< 0\", "
                                      "\"== -1\", \"!= 0\" (OP one of == != < <= > >=)");
    f.op = o->second;
    return f;
  }

  Acquire acquire(const toml::table &t) const {
    allowed(t, "[[acquire]]", {"functions", "arg", "out", "state", "failure", "unless_unused"});
    Acquire a;
    a.line = line(t);
    a.functions = functions(t, "[[acquire]]");
    a.arg = arg(t, "[[acquire]]", false, 0);
    if (const toml::node *n = t.get("out")) {
      if (!n->is_integer() || *n->value<int64_t>() < 1 || *n->value<int64_t>() > 64)
        fail(line(*n), "'out' in [[acquire]] must be an argument number from 1 to 64 (the pointer the handle is "
                       "stored through)");
      if (a.arg)
        fail(line(*n), "[[acquire]] takes 'arg' (the handle is that argument) or 'out' (it is stored through "
                       "that argument), not both");
      a.out = static_cast<int>(*n->value<int64_t>());
    }
    a.state = state(t, "state", "[[acquire]]", true, false);
    a.failure = failure(t, "[[acquire]]");
    if ((a.arg || a.out) && a.failure.null)
      fail(line_of(t, "failure"), "'failure' \"== NULL\" tests a pointer result; with 'arg' the result is a status: "
                                  "write its failure as \"!= 0\", \"< 0\" or the like");
    a.unless_unused = boolean(t, "unless_unused", "[[acquire]]", false);
    return a;
  }

  Move move(const toml::table &t) const {
    allowed(t, "[[move]]", {"functions", "arg", "from", "to", "escapes"});
    Move m;
    m.line = line(t);
    m.functions = functions(t, "[[move]]");
    m.arg = arg(t, "[[move]]", false, 1);
    m.from = state_list(t, "from", "[[move]]", true);
    m.to = state(t, "to", "[[move]]", true, true);
    m.escapes = boolean(t, "escapes", "[[move]]", false);
    return m;
  }

  Warning warning(const toml::table &t) const {
    allowed(t, "[[warning]]", {"name", "cwe", "cwe_title", "message", "final", "final_no_ref", "ref", "events",
                               "call", "leak", "unchecked", "at_return", "unnamed", "on"});
    Warning w;
    w.line = line(t);
    const std::string where = "[[warning]]";
    w.name = string_at(t, "name", where, true);
    if (!valid_name(w.name))
      fail(line_of(t, "name"), "warning name '" + w.name + "' is not valid; use lower-case letters, digits and '-'");
    if (const toml::node *n = t.get("cwe")) {
      if (!n->is_integer() || *n->value<int64_t>() < 1)
        fail(line(*n), "'cwe' must be a CWE number (775 for CWE-775)");
      w.cwe = static_cast<int>(*n->value<int64_t>());
    }
    w.cwe_title = string_at(t, "cwe_title", where, false);
    w.message = string_at(t, "message", where, true);
    w.final_text = string_at(t, "final", where, false);
    w.final_no_ref = string_at(t, "final_no_ref", where, false);
    if (w.final_no_ref.empty())
      w.final_no_ref = w.final_text;
    w.ref = state(t, "ref", where, false, true);
    if (const toml::node *n = t.get("events")) {
      const toml::table *e = n->as_table();
      if (!e)
        fail(line(*n), "'events' must be a table: { STATE = \"wording of entering it\", ... }");
      for (auto &&[k, v] : *e) {
        check_state(std::string(k.str()), line(v), true);
        if (!v.is_string())
          fail(line(v), "the wording of entering state '" + std::string(k.str()) + "' must be a string");
        w.events.push_back({std::string(k.str()), std::string(*v.value<std::string>())});
      }
      // (In the order written: the first that matches a change words it.)
      std::sort(w.events.begin(), w.events.end(), [&](const auto &a, const auto &b) {
        return e->get(a.first)->source().begin < e->get(b.first)->source().begin;
      });
    }
    w.on = boolean(t, "on", where, true);
    const toml::node *call = t.get("call");
    const toml::node *leak = t.get("leak");
    const toml::node *at_return = t.get("at_return");
    const toml::node *unchecked = t.get("unchecked");
    if ((call ? 1 : 0) + (leak ? 1 : 0) + (at_return ? 1 : 0) + (unchecked ? 1 : 0) != 1)
      fail(w.line, "warning '" + w.name + "' needs exactly one of 'call' (a call wrong in a state), 'leak' "
                   "(states a value must not be lost in), 'unchecked' (states whose result must be tested before "
                   "it is lost) and 'at_return' (states a value must not be in at return)");
    if (call) {
      const toml::table *c = call->as_table();
      if (!c)
        fail(line(*call), "'call' must be a table: { functions = [...], arg = N or \"any\", in = [STATES], then = STATE }");
      allowed(*c, "'call' of warning '" + w.name + "'", {"functions", "arg", "in", "then"});
      w.call = functions(*c, "'call' of warning '" + w.name + "'");
      w.call_arg = arg(*c, "'call' of warning '" + w.name + "'", true, 1);
      w.in = state_list(*c, "in", "'call'", true);
      if (w.in.empty())
        fail(line(*call), "'call' of warning '" + w.name + "' needs 'in': the states in which the call is wrong");
      w.then = state(*c, "then", "'call'", false, true);
    } else {
      const toml::node &n = leak ? *leak : unchecked ? *unchecked : *at_return;
      const char *key = leak ? "leak" : unchecked ? "unchecked" : "at_return";
      std::vector<std::string> &states = leak ? w.leak : unchecked ? w.unchecked : w.at_return;
      states = names_of(n, key);
      for (const std::string &s : states)
        check_state(s, line(n), false);
      if (states.empty())
        fail(line(n), "'" + std::string(key) + "' of warning '" + w.name + "' lists no state");
      for (const std::string &s : w.unchecked) {
        const bool fallible = std::any_of(m_acquires.begin(), m_acquires.end(), [&](const Acquire &a) {
          return a.state == s && !a.arg && !a.out && a.failure.op != ir::OpName::None;
        });
        if (!fallible)
          fail(line(n), "'unchecked' state '" + s + "' is made by no [[acquire]] of a result with a 'failure'");
      }
    }
    if (const toml::node *n = t.get("unnamed")) {
      const toml::table *u = n->as_table();
      if (!u)
        fail(line(*n), "'unnamed' must be a table: { message = ..., final = ..., final_no_ref = ... }");
      allowed(*u, "'unnamed' of warning '" + w.name + "'", {"message", "final", "final_no_ref"});
      w.unnamed_message = string_at(*u, "message", "'unnamed'", true);
      w.unnamed_final = string_at(*u, "final", "'unnamed'", false);
      w.unnamed_final_no_ref = string_at(*u, "final_no_ref", "'unnamed'", false);
      if (w.unnamed_final_no_ref.empty())
        w.unnamed_final_no_ref = w.unnamed_final;
    }
    return w;
  }
};

} // namespace

Spec parse_spec(std::string_view text, const std::string &file) { return Reader(file).read(text); }

Spec load_spec(const std::string &path) {
  std::ifstream in(path, std::ios::binary);
  if (!in)
    throw SpecError{path + ": cannot read the spec (no such file, or not readable)"};
  std::ostringstream text;
  text << in.rdbuf();
  return parse_spec(text.str(), path);
}

std::vector<std::string> specs_in(const std::string &dir) {
  namespace fs = std::filesystem;
  std::vector<std::string> out;
  std::error_code ec;
  if (!fs::is_directory(dir, ec))
    return out;
  for (const auto &e : fs::directory_iterator(dir, ec))
    if (e.path().extension() == ".toml" && e.is_regular_file(ec))
      out.push_back(e.path().string());
  std::sort(out.begin(), out.end());
  return out;
}

std::vector<std::string> shipped_specs(const std::string &installed, const std::string &source) {
  if (const char *env = getenv("PATHWISE_SPECS"))
    return specs_in(env);
  // (The source tree first: a plugin built there reads the specs beside
  // it, not older installed ones.)
  std::error_code ec;
  std::istringstream dirs(source + ":" + installed);
  for (std::string dir; std::getline(dirs, dir, ':');)
    if (!dir.empty() && std::filesystem::is_directory(dir, ec))
      return specs_in(dir);
  return {};
}

std::vector<std::string> find_specs(const std::string &source_file) {
  namespace fs = std::filesystem;
  std::vector<std::string> out;
  std::error_code ec;
  fs::path dir = fs::absolute(fs::path(source_file), ec).parent_path();
  for (; !dir.empty(); dir = dir.parent_path()) {
    const std::vector<std::string> here = specs_in((dir / ".pathwise").string());
    out.insert(out.end(), here.begin(), here.end());
    if (dir == dir.parent_path())
      break;
  }
  return out;
}

} // namespace pathwise::spec
