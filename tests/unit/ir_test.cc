// Unit tests of the IR: parse, print, verify, expression text.
// SPDX-License-Identifier: GPL-3.0-or-later
#include <gtest/gtest.h>

#include "ir/ir.h"

using namespace pathwise::ir;

static const char *kSample = R"(declare @malloc
declare @free
global @g : ptr
func @f(%1:i32 "n") -> void !"t.c":3:1 {
  local $s : rec16
bb0:
  %2:ptr "p" = call @malloc(%1) !4:13
  br eq %2, null, bb1, bb2 !5:6
bb1:
  ret !6:5
bb2:
  %5:i32 = phi [%1, bb0]
  store $s.data@8, %2 !7:3
  %3:ptr = load $s.data@8 !8:3
  %4:i32 = load *%3[%1] !8:3
  call @free(%2) !9:3
  ret
}
)";

TEST(IrParser, RoundTripsThroughPrinter) {
  Module m = parse_module(kSample);
  std::string once = print_module(m);
  Module m2 = parse_module(once);
  EXPECT_EQ(once, print_module(m2));
  EXPECT_NE(once.find("%2:ptr \"p\" = call @malloc(%1) !4:13"), std::string::npos) << once;
  EXPECT_NE(once.find("store $s.data@8, %2 !7:3"), std::string::npos) << once;
}

TEST(IrParser, VolatileAccessesRoundTrip) {
  Module m = parse_module("global @v : i32\nfunc @f() -> void {\nbb0:\n  %1:i32 = load volatile @v\n"
                          "  store volatile @v, %1\n  %2:i32 = load @v\n  ret\n}\n");
  const auto &insns = m.functions[0].blocks[0].insns;
  EXPECT_TRUE(insns[0].is_volatile);
  EXPECT_TRUE(insns[1].is_volatile);
  EXPECT_FALSE(insns[2].is_volatile);
  std::string text = print_module(m);
  EXPECT_NE(text.find("load volatile @v"), std::string::npos) << text;
  EXPECT_NE(text.find("store volatile @v, %1"), std::string::npos) << text;
}

TEST(IrParser, ReportsLineOfError) {
  try {
    parse_module("func @f() -> void {\nbb0:\n  frobnicate %1\n}\n");
    FAIL() << "expected a ParseError";
  } catch (const ParseError &e) {
    EXPECT_EQ(e.line, 3);
    EXPECT_NE(e.message.find("frobnicate"), std::string::npos);
  }
}

TEST(IrParser, RejectsUnknownLocal) {
  EXPECT_THROW(parse_module("func @f() -> void {\nbb0:\n  store $nope, 1:i32\n  ret\n}\n"), ParseError);
}

TEST(IrVerifier, AcceptsWellFormedFunction) {
  Module m = parse_module(kSample);
  auto errs = verify_module(m);
  EXPECT_TRUE(errs.empty()) << errs.front();
}

TEST(IrVerifier, FindsMissingTerminatorAndDoubleDefinition) {
  Module m = parse_module("func @f() -> void {\nbb0:\n  %1:i32 = copy 1:i32\n  %1:i32 = copy 2:i32\n}\n");
  auto errs = verify_module(m);
  ASSERT_EQ(errs.size(), 2u);
  EXPECT_NE(errs[0].find("does not end with a terminator"), std::string::npos);
  EXPECT_NE(errs[1].find("defined more than once"), std::string::npos);
}

TEST(IrVerifier, FindsBadTargetAndUseWithoutDefinition) {
  Module m = parse_module("func @f() -> void {\nbb0:\n  br eq %7, 0:i32, bb1, bb9\nbb1:\n  ret\n}\n");
  auto errs = verify_module(m);
  ASSERT_EQ(errs.size(), 2u);
  EXPECT_NE(errs[0].find("bb9 out of range"), std::string::npos);
  EXPECT_NE(errs[1].find("used but never defined"), std::string::npos);
}

TEST(IrText, NamesExpressionsAsGccDoes) {
  Module m = parse_module(R"(func @f(%1:ptr "b", %2:ptr "q", %3:i64 "i") -> void {
  local $buf : arr40
bb0:
  %4:ptr = load *%1.data@8
  %5:i32 = load *%4
  %6:i8 = load $buf[%3]
  %7:i32 = load *%2
  ret
}
)");
  const Function &f = m.functions[0];
  TextNamer n(m, f);
  const auto &b = f.blocks[0].insns;
  EXPECT_EQ(n.place(b[0].place), "*b.data");
  EXPECT_EQ(n.place(b[1].place), "**b.data");
  EXPECT_EQ(n.place(b[2].place), "buf[i]");
  EXPECT_EQ(n.place(b[3].place), "*q");
  EXPECT_EQ(n.temp(4), "*b.data");
  EXPECT_EQ(n.operand(Operand::null()), "0B");
}

TEST(IrText, NamesElementsOfStructsAndUnionsAsSubscripts) {
  Module m = parse_module(R"(func @f(%1:ptr "vsp", %2:i32 "len", %3:ptr "gd", %4:i64 "line") -> void {
bb0:
  %5:ptr = ptradd %1, -24:u64
  %6:i32 = load *%5.num@0u
  %7:ptr = load *%3.linedata@0
  %8:i64 = mul %4, 16:i64
  %9:ptr = ptradd %7, %8
  %10:i32 = load *%9.flags@0
  %11:i32 = sub 1:i32, %2
  %12:i64 = conv %11
  %13:i64 = mul %12, 8:i64
  %14:ptr = ptradd %1, %13
  %15:rec8 = load *%14
  ret
}
)");
  Function &f = m.functions[0];
  f.temps[1].type.pointee_record = 8;  // union value *vsp
  f.temps[7].type.pointee_record = 16; // struct line *linedata
  auto &b = f.blocks[0].insns;
  b[1].place.size = 4; // (what the loads read, as the plugin's lowering sets them)
  b[5].place.size = 4;
  b[10].place.size = 8;
  TextNamer n(m, f);
  EXPECT_EQ(n.place(b[1].place), "vsp[-3].num");
  EXPECT_EQ(n.place(b[5].place), "(*gd.linedata)[line].flags");
  EXPECT_EQ(n.place(b[10].place), "vsp[1 - len]");
}

TEST(IrText, ParenthesizesAsCBinds) {
  Module m = parse_module(R"(func @f(%1:ptr "p", %2:i64 "i", %3:i64 "j", %4:ptr "pp") -> void {
bb0:
  %5:i64 = add %2, 1:i64
  %6:i64 = mul %5, 16:i64
  %7:i64 = sub %2, %3
  %8:i64 = sub %3, %7
  %9:i64 = mul %2, 3:i64
  %10:ptr = ptradd %1, %9
  %11:i8 = load *%10[%3]
  %12:ptr = load *%4
  %13:i32 = load *%12.x@0
  %14:i64 = add %9, %2
  %15:i64 = and %2, 4:i64
  ret
}
)");
  const Function &f = m.functions[0];
  TextNamer n(m, f);
  const auto &b = f.blocks[0].insns;
  EXPECT_EQ(n.temp(6), "(i + 1) * 16");
  EXPECT_EQ(n.temp(8), "j - (i - j)");
  EXPECT_EQ(n.temp(14), "i * 3 + i");
  EXPECT_EQ(n.place(b[6].place), "*(p + i * 3)[j]");
  EXPECT_EQ(n.place(b[8].place), "**pp.x");
  EXPECT_EQ(n.compared(Operand::temp(6)), "(i + 1) * 16");
  EXPECT_EQ(n.compared(Operand::temp(15)), "(i & 4)");
}

TEST(IrText, SuccessorsOfSwitchIncludeDefaultAndCases) {
  Module m = parse_module(R"(func @f(%1:i32) -> void {
bb0:
  switch %1, bb1 [1: bb2, 3..5: bb3]
bb1:
  ret
bb2:
  ret
bb3:
  ret
}
)");
  EXPECT_EQ(successors(m.functions[0].blocks[0]), (std::vector<uint32_t>{1, 2, 3}));
  EXPECT_TRUE(verify_module(m).empty());
}

TEST(IrText, StaticFunctionsRoundTrip) {
  Module m = parse_module("func static @f() -> void {\nbb0:\n  ret\n}\nfunc @g() -> void {\nbb0:\n  ret\n}\n");
  EXPECT_TRUE(m.symbols[m.functions[0].symbol].is_static);
  EXPECT_FALSE(m.symbols[m.functions[1].symbol].is_static);
  const std::string text = print_module(m);
  EXPECT_NE(text.find("func static @f()"), std::string::npos) << text;
  EXPECT_NE(text.find("func @g()"), std::string::npos) << text;
}

TEST(IrText, MallocAttributesRoundTrip) {
  const std::string text = "declare @acquire malloc(@release)\ndeclare @release\n"
                           "declare @pair malloc(@close:2,@reopen:3)\ndeclare @close\ndeclare @reopen\n"
                           "declare @xmalloc malloc\ndeclare @count pure\ndeclare @show readonly(1,3)\n";
  Module m = parse_module(text);
  const Symbol &pair = m.symbols[static_cast<size_t>(m.find_symbol("pair"))];
  EXPECT_EQ(pair.deallocators, (std::vector<std::string>{"close", "reopen"}));
  EXPECT_EQ(pair.deallocator_args, (std::vector<uint32_t>{2, 3}));
  EXPECT_TRUE(m.symbols[static_cast<size_t>(m.find_symbol("xmalloc"))].is_malloc);
  EXPECT_TRUE(m.symbols[static_cast<size_t>(m.find_symbol("count"))].is_pure);
  EXPECT_EQ(m.symbols[static_cast<size_t>(m.find_symbol("show"))].const_pointee, (std::vector<uint32_t>{1, 3}));
  EXPECT_EQ(print_module(m), text);
}

TEST(IrText, CallAttributesRoundTrip) {
  const std::string text = "declare @xmalloc malloc returns_nonnull alloc_size(1)\n"
                           "declare @xcalloc malloc alloc_size(1,2)\n"
                           "declare @logf format(printf,2,3)\ndeclare @scan format(scanf,1,0)\n"
                           "declare @fill readonly(2) writeonly(1)\n";
  Module m = parse_module(text);
  const Symbol &x = m.symbols[static_cast<size_t>(m.find_symbol("xmalloc"))];
  EXPECT_TRUE(x.returns_nonnull && x.is_malloc);
  EXPECT_EQ(m.symbols[static_cast<size_t>(m.find_symbol("xcalloc"))].alloc_size, (std::vector<uint32_t>{1, 2}));
  const Symbol &l = m.symbols[static_cast<size_t>(m.find_symbol("logf"))];
  EXPECT_EQ(l.format, Symbol::Format::Printf);
  EXPECT_EQ(l.format_arg, 2u);
  EXPECT_EQ(l.format_first, 3u);
  EXPECT_EQ(m.symbols[static_cast<size_t>(m.find_symbol("scan"))].format, Symbol::Format::Scanf);
  EXPECT_EQ(m.symbols[static_cast<size_t>(m.find_symbol("fill"))].write_only, (std::vector<uint32_t>{1}));
  EXPECT_EQ(print_module(m), text);
  EXPECT_THROW(parse_module("declare @f format(strftime,1,0)\n"), ParseError);
}

TEST(IrText, SourceNameDropsTheUniqueSuffix) {
  EXPECT_EQ(Module::source_name("forget.1"), "forget");
  EXPECT_EQ(Module::source_name("forget"), "forget");
  EXPECT_EQ(Module::source_name("D.1234"), "D.1234");
  EXPECT_EQ(Module::source_name("a.b"), "a.b");
}

TEST(IrText, FunctionTableRoundTrip) {
  const std::string text = "global @ops : rec24 const init(\".8\"=@release, \"[1].16\"=@touch)\n"
                           "declare @release\ndeclare @touch\n";
  Module m = parse_module(text);
  const Symbol &ops = m.symbols[static_cast<size_t>(m.find_symbol("ops"))];
  ASSERT_EQ(ops.function_table.size(), 2u);
  EXPECT_EQ(ops.function_table[1].first, "[1].16");
  EXPECT_EQ(m.symbols[ops.function_table[1].second].name, "touch");
  EXPECT_EQ(print_module(m), text);
}

TEST(IrText, ReadonlyParametersRoundTrip) {
  const std::string text = "func @f(%1:ptr \"p\", %2:ptr \"q\") -> void readonly(2) {\nbb0:\n  ret\n}\n";
  Module m = parse_module(text);
  EXPECT_EQ(m.functions[0].readonly_params, (std::vector<uint32_t>{2}));
  EXPECT_NE(print_module(m).find("-> void readonly(2)"), std::string::npos) << print_module(m);
}

// access (MODE, N, S) with its size: which buffer, how many elements of
// how many bytes, read or written.
TEST(IrText, SizedBuffersRoundTrip) {
  const std::string text = "declare @fill sizes(2) buffers(1:2:1:w,3:2:4:r,4:2:1:rw)\n";
  Module m = parse_module(text);
  const Symbol &fill = m.symbols[static_cast<size_t>(m.find_symbol("fill"))];
  ASSERT_EQ(fill.sized_buffers.size(), 3u);
  EXPECT_EQ(fill.sized_buffers[0].buffer, 1u);
  EXPECT_EQ(fill.sized_buffers[0].size, 2u);
  EXPECT_TRUE(fill.sized_buffers[0].write);
  EXPECT_EQ(fill.sized_buffers[1].elem, 4u);
  EXPECT_FALSE(fill.sized_buffers[1].write);
  EXPECT_TRUE(fill.sized_buffers[1].read);
  EXPECT_TRUE(fill.sized_buffers[2].read && fill.sized_buffers[2].write);
  EXPECT_EQ(print_module(m), text);
  EXPECT_THROW(parse_module("declare @f buffers(1:2:1:x)\n"), ParseError);
  // A function declared to return nothing.
  Module v = parse_module("declare @openat void\n");
  EXPECT_TRUE(v.symbols[0].returns_void);
  EXPECT_EQ(print_module(v), "declare @openat void\n");
}

// A call through a pointer to a function type declared alloc_size keeps
// the attribute's arguments.
TEST(IrText, IndirectCallAllocSizeRoundTrip) {
  const std::string text = "global @my_alloc : ptr\n"
                           "func @f() -> ptr {\n"
                           "bb0:\n"
                           "  %1:ptr = load @my_alloc\n"
                           "  %2:ptr = call %1(2:i64, 5:i64) alloc_size(1,2)\n"
                           "  ret %2\n"
                           "}\n";
  Module m = parse_module(text);
  EXPECT_EQ(m.functions[0].blocks[0].insns[1].targets, (std::vector<uint32_t>{1, 2}));
  EXPECT_TRUE(verify_module(m).empty());
  EXPECT_NE(print_module(m).find("call %1(2:i64, 5:i64) alloc_size(1,2)"), std::string::npos) << print_module(m);
}

// What the checkers of this issue read: C library functions, access size
// and read_write arguments, tainted_args bodies, named undefs and union
// members.
TEST(IrText, CheckerAttributesRoundTrip) {
  const std::string text = "declare @getenv library\n"
                           "declare @put readonly(1) sizes(2) readwrite(3)\n"
                           "func tainted_args @entry(%1:i32 \"n\") -> i32 {\n"
                           "  local $u : rec8\n"
                           "bb0:\n"
                           "  store $u.a@0u, undef(\"x\")\n"
                           "  %2:i32 = add %1, undef\n"
                           "  ret %2\n"
                           "}\n";
  Module m = parse_module(text);
  EXPECT_TRUE(m.symbols[static_cast<size_t>(m.find_symbol("getenv"))].is_library);
  const Symbol &put = m.symbols[static_cast<size_t>(m.find_symbol("put"))];
  EXPECT_EQ(put.size_args, (std::vector<uint32_t>{2}));
  EXPECT_EQ(put.read_write, (std::vector<uint32_t>{3}));
  EXPECT_TRUE(m.symbols[static_cast<size_t>(m.find_symbol("entry"))].tainted_args);
  const Instruction &st = m.functions[0].blocks[0].insns[0];
  EXPECT_TRUE(st.place.path[0].in_union);
  EXPECT_EQ(st.operands[0].str, "x");
  EXPECT_EQ(print_module(m), text);
}

// A function whose address a variable's initializer holds.
TEST(IrText, AddressedFunctionRoundTrips) {
  const std::string text = "func static addressed @handler(%1:i32 \"sig\") -> void {\n"
                           "bb0:\n"
                           "  ret\n"
                           "}\n";
  Module m = parse_module(text);
  const Symbol &h = m.symbols[static_cast<size_t>(m.find_symbol("handler"))];
  EXPECT_TRUE(h.address_taken);
  EXPECT_TRUE(h.is_static);
  EXPECT_EQ(print_module(m), text);
}

// GCC 15's nonnull_if_nonzero rules, one or two sizes each.
TEST(IrText, NonnullIfNonzeroRoundTrips) {
  const std::string text = "declare @fill nonnull_if_nonzero(1,3) nonnull_if_nonzero(2,4,5)\n";
  Module m = parse_module(text);
  const Symbol &fill = m.symbols[static_cast<size_t>(m.find_symbol("fill"))];
  ASSERT_EQ(fill.nonnull_if_nonzero.size(), 2u);
  EXPECT_EQ(fill.nonnull_if_nonzero[0], (std::vector<uint32_t>{1, 3}));
  EXPECT_EQ(fill.nonnull_if_nonzero[1], (std::vector<uint32_t>{2, 4, 5}));
  EXPECT_EQ(print_module(m), text);
}

// A field read through an undefined pointer (what GCC leaves of
// "__real__ *p" for a p never set): the operand keyword ends before the
// field, so the dump of any lowered unit parses back.
TEST(IrText, FieldThroughUndefRoundTrips) {
  const std::string text = "func @f() -> i64 {\n"
                           "bb0:\n"
                           "  %1:i64 = load *undef.real@-1\n"
                           "  %2:i64 = load *null.x@8\n"
                           "  ret %1\n"
                           "}\n";
  Module m = parse_module(text);
  const Instruction &ld = m.functions[0].blocks[0].insns[0];
  EXPECT_EQ(ld.place.pointer.kind, OpKind::Undef);
  ASSERT_EQ(ld.place.path.size(), 1u);
  EXPECT_EQ(ld.place.path[0].name, "real");
  EXPECT_EQ(print_module(m), text);
}

// Named constants of the translation unit, and the descriptor and string
// parameters declared by fd_arg, fd_arg_read, fd_arg_write and
// null_terminated_string_arg.
TEST(IrText, ConstantsAndDescriptorAttributesRoundTrip) {
  const std::string text = "constant O_RDONLY = 16\n"
                           "constant O_ACCMODE = -3\n"
                           "declare @use fd(1) fd_read(2) fd_write(3) strings(4)\n";
  Module m = parse_module(text);
  int64_t v = 0;
  ASSERT_TRUE(m.constant("O_RDONLY", v));
  EXPECT_EQ(v, 16);
  ASSERT_TRUE(m.constant("O_ACCMODE", v));
  EXPECT_EQ(v, -3);
  EXPECT_FALSE(m.constant("O_WRONLY", v));
  const Symbol &use = m.symbols[static_cast<size_t>(m.find_symbol("use"))];
  EXPECT_EQ(use.fd_args, (std::vector<uint32_t>{1}));
  EXPECT_EQ(use.fd_read_args, (std::vector<uint32_t>{2}));
  EXPECT_EQ(use.fd_write_args, (std::vector<uint32_t>{3}));
  EXPECT_EQ(use.string_args, (std::vector<uint32_t>{4}));
  EXPECT_EQ(print_module(m), text);
  EXPECT_THROW(parse_module("constant = 3\n"), ParseError);
  EXPECT_THROW(parse_module("constant X = y\n"), ParseError);
}

// Returns the front end turned into "return NULL", by line.
TEST(IrText, NulledReturnsRoundTrip) {
  const std::string text = "func @name() -> ptr nulled(6:\"buf\", 9:\"x\") {\n"
                           "bb0:\n"
                           "  ret null !6:10\n"
                           "}\n";
  Module m = parse_module(text);
  EXPECT_EQ(m.functions[0].nulled_returns,
            (std::vector<std::pair<uint32_t, std::string>>{{6, "buf"}, {9, "x"}}));
  EXPECT_EQ(print_module(m), text);
}

// A variadic function, and the C types of temporaries passed as unnamed
// arguments.
TEST(IrText, VariadicAndArgumentTypesRoundTrip) {
  const std::string text = "func variadic @f(%1:i32 \"n\") -> void types(%2:\"char *\") {\n"
                           "bb0:\n"
                           "  %2:ptr = copy null\n"
                           "  ret\n"
                           "}\n";
  Module m = parse_module(text);
  EXPECT_TRUE(m.functions[0].variadic);
  ASSERT_NE(m.functions[0].type_name(2), nullptr);
  EXPECT_EQ(*m.functions[0].type_name(2), "char *");
  EXPECT_EQ(m.functions[0].type_name(1), nullptr);
  EXPECT_EQ(print_module(m), text);
}

// A read-only global's initializer: functions and integers by path.
TEST(IrText, GlobalInitializerRoundTrip) {
  const std::string text = "global @ops : rec16 const init(\".0\"=@release, \".8\"=0, \"[2]\"=-7)\n"
                           "declare @release\n";
  Module m = parse_module(text);
  const Symbol &g = m.symbols[static_cast<size_t>(m.find_symbol("ops"))];
  ASSERT_EQ(g.function_table.size(), 1u);
  EXPECT_EQ(g.constant_table, (std::vector<std::pair<std::string, int64_t>>{{".8", 0}, {"[2]", -7}}));
  EXPECT_EQ(print_module(m), text);
}

// ...and the addresses of variables (a table of settings).
TEST(IrText, GlobalInitializerAddressesRoundTrip) {
  const std::string text = "global @size : i32 static\n"
                           "global @settings : rec32 const complete init(\".16\"=0, \".8\"=&@size)\n";
  Module m = parse_module(text);
  const Symbol &g = m.symbols[static_cast<size_t>(m.find_symbol("settings"))];
  ASSERT_EQ(g.address_table.size(), 1u);
  EXPECT_EQ(g.address_table[0].first, ".8");
  EXPECT_EQ(g.address_table[0].second, static_cast<uint32_t>(m.find_symbol("size")));
  EXPECT_EQ(print_module(m), text);
}
