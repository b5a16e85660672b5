/* undefined-behavior-ptrdiff (GCC 15, CWE-469): subtracting pointers into
   two different objects; undefined-behavior-strtok (GCC 14): strtok (NULL,
   ...) before strtok was ever given a string.  */
#include <stddef.h>
#include <stdlib.h>
#include <string.h>

ptrdiff_t two_locals_bad (void)
{
  int a; /* { dg-message "underlying object for left-hand side of subtraction created here" } */
  int b; /* { dg-message "underlying object for right-hand side of subtraction created here" } */
  return &a - &b; /* { dg-warning "undefined behavior when subtracting pointers \\\[CWE-469\\\] \\\[-Wanalyzer-undefined-behavior-ptrdiff\\\]" } */
}

ptrdiff_t same_array_ok (void)
{
  int a[10];
  return &a[7] - &a[3];
}

ptrdiff_t two_allocations_bad (size_t n)
{
  char *p = malloc (n);
  char *q = malloc (n);
  ptrdiff_t d = p - q; /* { dg-warning "undefined behavior when subtracting pointers" } */
  free (p);
  free (q);
  return d;
}

ptrdiff_t unknown_ok (char *p, char *q)
{
  return p - q;
}

int main (int argc, char **argv)
{
  if (argc < 2)
    return 1;
  char *first = strtok (NULL, " "); /* { dg-warning "calling 'strtok' for first time with NULL as argument 1 has undefined behavior \\\[CWE-476\\\]" } */
  /* { dg-message "some implementations of 'strtok' may crash on such input" "note" { target *-*-* } .-1 } */
  char *cmd = strtok (argv[1], " ");
  char *arg = strtok (NULL, " "); /* { dg-bogus "first time" } */
  return first == cmd && arg;
}

/* Not main: a caller may have started strtok.  */
char *next_word_ok (void)
{
  return strtok (NULL, " ");
}
