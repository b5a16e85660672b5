// What the engine knows of C library functions it cannot see into.
// SPDX-License-Identifier: GPL-3.0-or-later
#include "analysis/libc.h"

#include <algorithm>
#include <cctype>
#include <cstring>
#include <initializer_list>

#include "ir/ir.h"

namespace pathwise::libc {

bool named(std::string_view f, std::initializer_list<std::string_view> names) {
  f = ir::without_builtin(f);
  for (std::string_view n : names)
    if (f == n)
      return true;
  return false;
}

bool registers_callback(std::string_view f) {
  return named(f, {"signal", "sigset", "bsd_signal", "sysv_signal", "__sysv_signal", "atexit", "at_quick_exit",
                   "on_exit"});
}

bool reads_only(std::string_view f) {
  return named(f, {"strlen",  "strnlen", "strcmp",  "strncmp", "strcasecmp", "strncasecmp", "strcoll", "memcmp",
                   "bcmp",    "memchr",  "memrchr", "strchr",  "strrchr",    "strstr",      "strcasestr", "strpbrk",
                   "strspn",  "strcspn", "atoi",    "atol",    "atoll",      "atof",        "abs",     "labs",
                   "toupper", "tolower", "isalpha", "isdigit", "isspace",    "isalnum",     "isupper", "islower",
                   "isxdigit", "isprint", "ispunct", "iscntrl", "isgraph"});
}

bool keeps_no_pointer(std::string_view f) {
  // The readers, and functions that write through their arguments or to a
  // stream without keeping a pointer.
  return reads_only(f) ||
         named(f, {"strcpy",   "strncpy",  "stpcpy",   "stpncpy",   "strcat",   "strncat",  "memcpy",  "mempcpy",
                   "memmove",  "memset",   "bzero",    "explicit_bzero", "strxfrm", "strtol", "strtoul", "strtoll",
                   "strtoull", "strtod",   "strtof",   "sprintf",   "snprintf", "vsprintf", "vsnprintf", "sscanf",
                   "vsscanf",  "printf",   "fprintf",  "dprintf",   "vprintf",  "vfprintf", "vdprintf", "puts",
                   "fputs",    "perror",   "syslog",   "vsyslog",   "asprintf", "vasprintf", "__asprintf", "qsort",
                   "qsort_r",  "bsearch",
                   // (They use a stream or directory and change no memory of the caller's.)
                   "readdir", "readdir64", "telldir", "seekdir", "rewinddir", "dirfd", "fileno", "fileno_unlocked",
                   "feof", "ferror", "clearerr", "ftell", "ftello", "fseek", "fseeko", "rewind", "fflush"});
}

int returns_argument(std::string_view f) {
  return named(f, {"strcpy", "strncpy", "strcat", "strncat", "memcpy", "memmove", "memset"}) ? 0 : -1;
}

bool overwrites_first(std::string_view f) {
  return named(f, {"memset", "memcpy", "memmove", "mempcpy", "strcpy", "strncpy", "stpcpy", "stpncpy", "bzero",
                   "explicit_bzero"});
}

bool writes_argument(std::string_view f, size_t k) {
  if (overwrites_first(f) || named(f, {"strcat", "strncat", "sprintf", "vsprintf", "snprintf", "vsnprintf", "fgets",
                                       "gets", "fread", "memccpy", "stpcpy", "strxfrm", "strtok"}))
    return k == 0;
  if (named(f, {"read", "pread", "pread64", "recv"}))
    return k == 1;
  // (The peer's address and its length.)
  if (named(f, {"accept", "accept4", "getsockname", "getpeername"}))
    return k == 1 || k == 2;
  if (named(f, {"recvfrom"}))
    return k == 1 || k == 4 || k == 5;
  return false;
}

bool reads_then_writes(std::string_view f, size_t k) {
  if (named(f, {"accept", "accept4", "getsockname", "getpeername"}))
    return k == 2;
  if (named(f, {"recvfrom"}))
    return k == 5;
  return named(f, {"getsockopt"}) && k == 4;
}

bool copies_out(std::string_view f, int &buffer, int &size) {
  buffer = 1;
  size = 2;
  if (named(f, {"copy_to_user", "_copy_to_user", "__copy_to_user", "raw_copy_to_user", "write", "send", "sendto",
                "pwrite", "pwrite64"}))
    return true;
  buffer = 0;
  size = 1;
  return named(f, {"fwrite", "fwrite_unlocked"});
}

int descriptor_pair_argument(std::string_view f) {
  if (named(f, {"pipe", "pipe2"}))
    return 0;
  return named(f, {"socketpair"}) ? 3 : -1;
}

Success fallible_call(std::string_view f) {
  if (named(f, {"socket", "accept", "accept4"}))
    return Success::Descriptor;
  return named(f, {"bind", "listen", "connect"}) ? Success::Zero : Success::None;
}

bool is_setjmp(std::string_view f) { return named(f, {"setjmp", "_setjmp", "sigsetjmp", "__sigsetjmp"}); }

bool is_longjmp(std::string_view f) { return named(f, {"longjmp", "_longjmp", "siglongjmp", "__longjmp_chk"}); }

bool returns_null_or_into_first(std::string_view f) {
  return named(f, {"strchr", "strrchr", "strstr", "memchr", "strpbrk", "strcasestr", "memrchr"});
}

int ctype_table_entry(std::string_view f) {
  return named(f, {"__ctype_b_loc"}) ? 2 : named(f, {"__ctype_tolower_loc", "__ctype_toupper_loc"}) ? 4 : 0;
}

bool sets_end_pointer(std::string_view f) {
  return named(f, {"strtol", "strtoul", "strtoll", "strtoull", "strtod", "strtof", "strtold", "strtoimax",
                   "strtoumax", "__isoc23_strtol", "__isoc23_strtoul", "__isoc23_strtoll", "__isoc23_strtoull"});
}

Callback callback_of(std::string_view f) {
  if (named(f, {"qsort"}))
    return {3, 0, -1, -1};
  if (named(f, {"qsort_r"}))
    return {3, 0, -1, 4};
  if (named(f, {"bsearch"}))
    return {4, 1, 0, -1};
  return {};
}

bool allocates_line(std::string_view f) { return named(f, {"getline", "getdelim", "__getdelim"}); }

bool allocates_printed(std::string_view f) { return named(f, {"asprintf", "vasprintf", "__asprintf"}); }

bool copies_between(std::string_view f) {
  return named(f, {"memcpy", "mempcpy", "strcpy", "stpcpy", "strcat", "strncpy", "stpncpy", "strncat"});
}

std::vector<std::vector<uint32_t>> sized_nonnull(std::string_view f) {
  if (named(f, {"memcpy", "memmove", "mempcpy", "memcmp", "bcmp"}))
    return {{1, 3}, {2, 3}};
  if (named(f, {"memset", "memchr", "memrchr"}))
    return {{1, 3}};
  if (named(f, {"bzero", "explicit_bzero"}))
    return {{1, 2}};
  return {};
}

std::vector<StringArg> string_arguments(std::string_view f) {
  if (named(f, {"strlen", "strdup", "strchr", "strrchr", "atoi", "atol", "atoll", "atof", "strtol", "strtoul",
                "strtoll", "strtoull", "strtod", "strtof", "puts", "fputs", "putenv", "getenv", "unsetenv", "system",
                "open", "creat", "access", "unlink", "remove", "rmdir", "mkdir", "chdir", "opendir", "printf",
                "__analyzer_get_strlen"}))
    return {{0, -1}};
  if (named(f, {"strcmp", "strcasecmp", "strcoll", "strstr", "strcasestr", "strspn", "strcspn", "strpbrk", "strcat",
                "fopen", "popen", "rename", "setenv", "sscanf"}))
    return {{0, -1}, {1, -1}};
  if (named(f, {"strtok"})) // (its first argument may be NULL: then it is not read)
    return {{0, -1}, {1, -1}};
  if (named(f, {"strcpy", "stpcpy", "fprintf", "sprintf", "dprintf"}))
    return {{1, -1}};
  if (named(f, {"snprintf"}))
    return {{2, -1}};
  if (named(f, {"strncpy", "stpncpy"}))
    return {{1, 2}};
  if (named(f, {"strncat"}))
    return {{0, -1}, {1, 2}};
  if (named(f, {"strndup", "strnlen"}))
    return {{0, 1}};
  if (named(f, {"strncmp", "strncasecmp"}))
    return {{0, 2}, {1, 2}};
  return {};
}

bool format_conversions(std::string_view format, bool scanf, std::string &out, std::vector<int> *widths) {
  out.clear();
  if (widths)
    widths->clear();
  auto add = [&](char conversion, int width) {
    out += conversion;
    if (widths)
      widths->push_back(width);
  };
  for (size_t i = 0; i < format.size(); ++i) {
    if (format[i] != '%')
      continue;
    if (++i < format.size() && format[i] == '%')
      continue;
    // scanf: assignment suppressed; printf: flags. Then an argument
    // position (not supported), width, precision.
    const bool assigns = !(scanf && i < format.size() && format[i] == '*');
    if (!assigns)
      ++i;
    while (!scanf && i < format.size() && std::strchr("-+ #0'", format[i]))
      ++i;
    int width = 0;
    for (int part = 0; part < 2; ++part) {
      if (part == 1) {
        if (i >= format.size() || format[i] != '.')
          break;
        ++i;
      }
      if (!scanf && i < format.size() && format[i] == '*') {
        add('*', 0);
        ++i;
      }
      for (; i < format.size() && std::isdigit(static_cast<unsigned char>(format[i])); ++i)
        if (part == 0)
          width = std::min(width * 10 + (format[i] - '0'), 100000);
      if (i < format.size() && format[i] == '$')
        return false;
    }
    // Length modifiers, then the conversion.
    while (i < format.size() && std::strchr("hljztLq", format[i]))
      ++i;
    if (i >= format.size() || !std::strchr("diouxXeEfFgGaAcspnCS[", format[i]))
      return false;
    if (format[i] == '[') { // (scanf's set: up to its ']')
      size_t close = format.find(']', i + 2);
      if (close == std::string_view::npos)
        return false;
      if (assigns)
        add('[', width);
      i = close;
      continue;
    }
    if (assigns)
      add(format[i], width);
  }
  return true;
}

} // namespace pathwise::libc
