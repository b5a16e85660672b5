// What the engine knows of C library functions it cannot see into.
// SPDX-License-Identifier: GPL-3.0-or-later
//
// Checkers model what they track (malloc, fopen); this covers the rest of
// what a call does to values: whether it keeps the pointers it is given,
// what it returns.
#pragma once

#include <initializer_list>
#include <string>
#include <string_view>
#include <vector>

namespace pathwise::libc {

// Is f one of names, or GCC's __builtin_ spelling of one?
bool named(std::string_view f, std::initializer_list<std::string_view> names);

// Uses its pointer arguments during the call and keeps none of them
// (strlen, memcpy, snprintf): what is passed does not escape.
bool keeps_no_pointer(std::string_view f);

// Only reads memory, changes none, keeps nothing (strlen, strcmp).
bool reads_only(std::string_view f);

// Keeps a function of the program to call later, never during the call
// (signal's handler, atexit's function).
bool registers_callback(std::string_view f);

// Returns one of its arguments (strcpy and memcpy return their
// destination): its index, or -1.
int returns_argument(std::string_view f);

// Overwrites what its first argument points to (memset, memcpy, strcpy).
bool overwrites_first(std::string_view f);

// Does a C library function write through its argument k (0-based:
// memcpy's destination, read's buffer, accept's address and length)?
bool writes_argument(std::string_view f, size_t k);

// Does a C library function read what its argument k points to before
// writing it (accept's address length: the buffer's size in, the
// address's out)?
bool reads_then_writes(std::string_view f, size_t k);

// Copies a buffer out of the process, to another trust domain (the
// kernel's copy_to_user, write, send, fwrite): the buffer's argument and
// the one that gives its size in bytes (fwrite: the element size, times
// the count that follows it); false for other functions.
bool copies_out(std::string_view f, int &buffer, int &size);

// Fills an array of two new file descriptors through an argument (pipe,
// pipe2: 0; socketpair: 3): its index, or -1. It returns 0, or -1 having
// written nothing.
int descriptor_pair_argument(std::string_view f);

// Calls that return -1 and set errno when they fail, whose failure is an
// outcome of its own (a socket's phase depends on it): what they return
// when they succeed, a new descriptor (socket, accept) or 0 (bind,
// listen, connect); None for other functions.
enum class Success { None, Descriptor, Zero };
Success fallible_call(std::string_view f);

// setjmp and its kin (remember where to come back to), and longjmp and its
// kin (go back there).
bool is_setjmp(std::string_view f);
bool is_longjmp(std::string_view f);

// Returns NULL or a pointer into its first argument (strchr, strstr).
bool returns_null_or_into_first(std::string_view f);

// glibc's __ctype_b_loc, __ctype_tolower_loc and __ctype_toupper_loc: the
// size of an entry of the table their result points to (0: not one).
int ctype_table_entry(std::string_view f);

// strtol, strtod and the like: given an end pointer (argument 2), they set
// it to where the number ended, inside the string (argument 1).
bool sets_end_pointer(std::string_view f);

// Stores a heap buffer through its first argument if that points to NULL,
// and keeps it there later (getline, getdelim).
bool allocates_line(std::string_view f);

// Stores a heap buffer through its first argument when it succeeds
// (asprintf, vasprintf).
bool allocates_printed(std::string_view f);

// A function that calls a function it is given (qsort's comparison):
// argument indexes (0-based) of that function, of the array whose elements
// it is given, of a key given as its first argument (bsearch), and of a
// context pointer given as its last (qsort_r); -1 where none.
struct Callback {
  int function = -1, array = -1, key = -1, context = -1;
};
Callback callback_of(std::string_view f);

// Copies from its second argument into its first, which must not overlap
// (memcpy, strcpy, strncat; not memmove).
bool copies_between(std::string_view f);

// The pointer arguments of a C library function that may be NULL when its
// size argument is 0, as C2y (N3322) and GCC 15's glibc headers say
// (nonnull_if_nonzero): {pointer, size} pairs, 1-based; empty if none.
// "memcpy (dst, NULL, 0)" copies nothing.
std::vector<std::vector<uint32_t>> sized_nonnull(std::string_view f);

// The arguments a C library function reads as NUL-terminated strings
// (strlen's, both of strcmp's, fopen's name and mode, a printf format):
// their 0-based indexes, each with the argument that bounds how many
// bytes are read (strncpy's count), or -1 when nothing bounds it.
struct StringArg {
  int arg = -1;
  int bound = -1;
};
std::vector<StringArg> string_arguments(std::string_view f);

// The conversions of a printf or scanf format, one per argument they take,
// in order: printf's "%-8s %*d" gives 's', '*' (the width), 'd'; scanf's
// "%*d %15s" gives 's' (the first assigns nothing). false if the format is
// not one the C library takes. widths, if given: each conversion's
// maximum field width (0: none; printf's '*' and precisions have none),
// one per character of out ("%2hx %s": 2, 0).
bool format_conversions(std::string_view format, bool scanf, std::string &out, std::vector<int> *widths = nullptr);

} // namespace pathwise::libc
