/* The mktemp family: the template is overwritten (no string literal),
   must end in the six 'X's it replaces (before mkstemps's suffix), and
   mkostemp's flags need not say what it always does (GCC 17's
   mktemp-of-string-literal, mktemp-missing-placeholder,
   mkostemp-redundant-flags). What mkstemp opens is a descriptor to
   close.  */
#define _GNU_SOURCE
#include <fcntl.h>
#include <stdlib.h>
#include <unistd.h>

int literal_bad (void)
{
  return mkstemp ("/tmp/dataXXXXXX"); /* { dg-warning "'mkstemp' on a string literal \\\[-Wanalyzer-mktemp-of-string-literal\\\]" } */
}

int short_placeholder_bad (void)
{
  char name[] = "/tmp/dataXXXXX";
  int fd = mkstemp (name); /* { dg-warning "'mkstemp' template does not end in 'XXXXXX' \\\[-Wanalyzer-mktemp-missing-placeholder\\\]" } */
  return fd;
}

int suffix_ok (void)
{
  char name[] = "/tmp/dataXXXXXX.txt";
  return mkstemps (name, 4);
}

int wrong_suffix_bad (void)
{
  char name[] = "/tmp/dataXXXXXX.txt";
  return mkostemps (name, 3, O_CLOEXEC); /* { dg-warning "'mkostemps' template does not have 'XXXXXX' before its 3-character suffix" } */
}

int flags_bad (void)
{
  char name[] = "/tmp/dataXXXXXX";
  return mkostemp (name, O_CLOEXEC | O_CREAT | O_EXCL); /* { dg-warning "'mkostemp' flags include 'O_CREAT', 'O_EXCL', which it implies \\\[-Wanalyzer-mkostemp-redundant-flags\\\]" } */
}

int flags_ok (void)
{
  char name[] = "/tmp/dataXXXXXX";
  return mkostemp (name, O_CLOEXEC | O_APPEND);
}

/* Across a function boundary: the helper is given the caller's literal.  */
static int make_temp (char *pattern)
{
  return mkstemp (pattern); /* { dg-warning "'mkstemp' on a string literal" } */
}

int helper_bad (void)
{
  return make_temp ("/tmp/helperXXXXXX"); /* { dg-message "calling 'make_temp' from 'helper_bad'" } */
}

void leak_bad (void)
{
  char name[] = "/tmp/dataXXXXXX";
  int fd = mkstemp (name);
  if (fd < 0)
    return;
  unlink (name);
} /* { dg-warning "leak of file descriptor 'fd'" } */
