// Spec files (src/spec/spec.h): what a valid spec reads as, and every
// error a mistake in one gets (one line: file, line, what is valid).
// SPDX-License-Identifier: GPL-3.0-or-later
#include <gtest/gtest.h>

#include <fstream>
#include <string>

#include "spec/spec.h"

using namespace pathwise;
using spec::parse_spec;

namespace {

const char *kValid = R"(name = "handle"
states = ["open", "closed"]

[functions]
readers = ["h_read", "/h_peek_.*/"]

[[acquire]]
functions = "h_open"
state = "open"
failure = "== NULL"

[[acquire]]
functions = ["h_attach"]
arg = 2
state = "open"

[[move]]
functions = "h_close"
arg = 1
from = ["start", "open"]
to = "closed"

[[use]]
functions = "@readers"

[[warning]]
name = "handle-leak"
cwe = 775
message = "leak of handle %E"
leak = ["open"]
final = "%E leaks here"
ref = "open"
events = { open = "opened here", closed = "closed here" }
unnamed = { message = "leak of a handle" }

[[warning]]
name = "handle-read-after-close"
message = "%<%D%> on closed handle %E"
call = { functions = "@readers", arg = "any", in = ["closed"], then = "start" }
)";

// The one-line error a spec gets ("" if it reads).
std::string error_of(const std::string &text) {
  try {
    parse_spec(text, "t.toml");
  } catch (const spec::SpecError &e) {
    EXPECT_EQ(e.message.find('\n'), std::string::npos) << e.message;
    return e.message;
  }
  return "";
}

// kValid with one line replaced (or, if from is not there, with text added).
std::string with(const std::string &from, const std::string &to) {
  std::string s = kValid;
  const size_t at = s.find(from);
  if (at == std::string::npos)
    return s + to;
  return s.replace(at, from.size(), to);
}

} // namespace

TEST(Spec, ValidSpecReads) {
  const spec::Spec s = parse_spec(kValid, "t.toml");
  EXPECT_EQ(s.name, "handle");
  EXPECT_EQ(s.states, (std::vector<std::string>{"open", "closed"}));
  ASSERT_EQ(s.acquires.size(), 2u);
  EXPECT_EQ(s.acquires[0].failure.op, ir::OpName::Eq);
  EXPECT_TRUE(s.acquires[0].failure.null);
  EXPECT_EQ(s.acquires[1].arg, 2);
  ASSERT_EQ(s.moves.size(), 1u);
  EXPECT_EQ(s.moves[0].from, (std::vector<std::string>{"start", "open"}));
  ASSERT_EQ(s.uses.size(), 1u);
  EXPECT_TRUE(s.uses[0].matches("h_read"));
  EXPECT_TRUE(s.uses[0].matches("h_peek_all"));
  EXPECT_FALSE(s.uses[0].matches("h_peek"));
  EXPECT_FALSE(s.uses[0].matches("h_reader"));
  ASSERT_EQ(s.warnings.size(), 2u);
  EXPECT_EQ(s.warnings[0].cwe, 775);
  EXPECT_EQ(s.warnings[0].leak, (std::vector<std::string>{"open"}));
  EXPECT_EQ(s.warnings[0].final_no_ref, "%E leaks here"); // (final's, when not given)
  EXPECT_EQ(s.warnings[0].events.size(), 2u);
  EXPECT_EQ(s.warnings[0].events[0].first, "open");
  EXPECT_EQ(s.warnings[1].call_arg, 0); // "any"
  EXPECT_EQ(s.warnings[1].then, "start");
  EXPECT_TRUE(s.warnings[1].on);
}

TEST(Spec, CompilerSpellingsOfAFunctionMatch) {
  spec::FunctionSet f;
  f.names = {"fputs"};
  EXPECT_TRUE(f.matches("__builtin_fputs"));
  EXPECT_FALSE(f.matches("__builtin_fputc"));
}

TEST(Spec, FailuresOfEveryForm) {
  EXPECT_EQ(parse_spec(with("failure = \"== NULL\"", "failure = \"< 0\""), "t").acquires[0].failure.op,
            ir::OpName::Lt);
  const spec::Spec s = parse_spec(with("failure = \"== NULL\"", "failure = \"== -1\""), "t");
  EXPECT_EQ(s.acquires[0].failure.value, -1);
  EXPECT_FALSE(s.acquires[0].failure.null);
  EXPECT_EQ(parse_spec(with("failure = \"== NULL\"", "failure = \"!= 0\""), "t").acquires[0].failure.op,
            ir::OpName::Ne);
}

TEST(Spec, EveryMistakeGetsItsError) {
  const std::vector<std::pair<std::string, std::string>> cases = {
      {"name = \"handle\"", "name = \"handle"},
      {"name = \"handle\"", "nam = \"handle\""},
      {"name = \"handle\"", "name = \"Handle!\""},
      {"name = \"handle\"", "name = 3"},
      {"states = [\"open\", \"closed\"]", "states = []"},
      {"states = [\"open\", \"closed\"]", "states = [\"open\", \"open\"]"},
      {"states = [\"open\", \"closed\"]", "states = [\"open\", \"null\", \"closed\"]"},
      {"states = [\"open\", \"closed\"]", "states = [\"Open\", \"closed\"]"},
      {"states = [\"open\", \"closed\"]", "states = [\"open\", 4]"},
      {"states = [\"open\", \"closed\"]", "# (no states)"},
      {"readers = [\"h_read\", \"/h_peek_.*/\"]", "readers = [\"h_read\", \"/h_peek_(/\"]"},
      {"readers = [\"h_read\", \"/h_peek_.*/\"]", "readers = [\"h_read\", \"h read\"]"},
      {"[functions]", "functions = 3\n[other]"},
      {"functions = \"@readers\"", "functions = \"@writers\""},
      {"state = \"open\"\nfailure", "state = \"opened\"\nfailure"},
      {"failure = \"== NULL\"", "failure = \"is NULL\""},
      {"failure = \"== NULL\"", "failure = \"< NULL\""},
      {"failure = \"== NULL\"", "failure = \"== 1x\""},
      {"arg = 2\nstate = \"open\"", "arg = 2\nstate = \"open\"\nfailure = \"== NULL\""},
      {"arg = 2", "arg = 0"},
      {"arg = 2", "arg = \"any\""},
      {"from = [\"start\", \"open\"]", "from = [\"begin\"]"},
      {"to = \"closed\"", "to = \"shut\""},
      {"to = \"closed\"", "to = \"closed\"\nescapes = 1"},
      {"[[use]]\nfunctions = \"@readers\"", "[[use]]\nfunction = \"h_read\""},
      {"cwe = 775", "cwe = \"CWE-775\""},
      {"cwe = 775", "cwe = 775\ncolour = \"red\""},
      {"leak = [\"open\"]", "leak = [\"open\"]\ncall = { functions = \"h_close\", in = [\"closed\"] }"},
      {"leak = [\"open\"]", "# (no trigger)"},
      {"leak = [\"open\"]", "leak = []"},
      {"leak = [\"open\"]", "leak = [\"start\"]"},
      {"in = [\"closed\"]", "in = []"},
      {"in = [\"closed\"]", "inn = [\"closed\"]"},
      {"events = { open", "events = { opne"},
      {"events = { open = \"opened here\"", "events = { open = 3"},
      {"unnamed = { message = \"leak of a handle\" }", "unnamed = { text = \"leak\" }"},
      {"name = \"handle-leak\"", "name = \"handle leak\""},
      {"name = \"handle-read-after-close\"", "name = \"handle-read-after-close\"\non = \"yes\""},
      {"[[move]]", "[move]"},
      {"leak = [\"open\"]", "unchecked = [\"closed\"]"},
      {"arg = 2\nstate = \"open\"", "arg = 2\nout = 3\nstate = \"open\""},
      {"arg = 2\nstate = \"open\"", "out = 0\nstate = \"open\""},
  };
  for (const auto &[from, to] : cases) {
    const std::string text = with(from, to);
    ASSERT_NE(text, kValid) << from;
    const std::string e = error_of(text);
    EXPECT_EQ(e.rfind("t.toml:", 0), 0u) << "'" << to << "' gave: " << e;
  }
  // Some messages in full: what was wrong, where, and what is valid.
  EXPECT_EQ(error_of(with("to = \"closed\"", "to = \"shut\"")), "t.toml:21: unknown state 'shut'; valid: open, closed, start, null");
  EXPECT_EQ(error_of(with("name = \"handle\"", "nme = \"handle\"")),
            "t.toml:1: unknown key 'nme' in the spec; valid: name, states, functions, acquire, move, use, warning");
  EXPECT_EQ(error_of(with("failure = \"== NULL\"", "failure = \"is NULL\"")),
            "t.toml:10: failure 'is NULL' is not a test of the result; write it as OP VALUE: \"== NULL\", \"< 0\", "
            "\"== -1\", \"!= 0\" (OP one of == != < <= > >=)");
  EXPECT_EQ(error_of(with("functions = \"@readers\"", "functions = \"@writers\"")),
            "t.toml:24: unknown function group '@writers'; defined in [functions]: readers");
  EXPECT_NE(error_of("name = \"x\"\nstates = [\"a\"]\n").find("nothing would ever be tracked"), std::string::npos);
}

TEST(Spec, AFileThatCannotBeReadIsNamed) {
  try {
    spec::load_spec("/no/such/spec.toml");
    FAIL();
  } catch (const spec::SpecError &e) {
    EXPECT_EQ(e.message, "/no/such/spec.toml: cannot read the spec (no such file, or not readable)");
  }
}
