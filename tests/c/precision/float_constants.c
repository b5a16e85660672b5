/* Issue 33, item 1: floating-point arithmetic on constants is one number,
   computed as the program computes it: dash's max_int_length (8),
   "(bytes * 8 - 1) * 0.30103 + 14" with bytes known, sizes a buffer of 32
   bytes every time (no imprecise-fp-arithmetic); a size from a variable
   through floating point still is one. The value is the program's: 2.5 *
   4 indexes element 10.  */
#include <stdlib.h>

static inline int max_int_length (int bytes)
{
  return (bytes * 8 - 1) * 0.30102999566398119521 + 14;
}

void fill (char *, int);

void constant_size_ok (void)
{
  char *buf = malloc (max_int_length (8)); /* { dg-bogus "floating-point" } */
  if (!buf)
    return;
  fill (buf, max_int_length (8));
  free (buf);
}

void variable_size_bad (int n)
{
  char *buf = malloc (n * 1.5); /* { dg-warning "use of floating-point arithmetic here might yield unexpected results" } */
  free (buf);
}

static inline int scaled (int n)
{
  return n * 2.5;
}

int folded_index_bad (void)
{
  int a[10] = { 0 };
  int k = scaled (4);
  return a[k]; /* { dg-warning "stack-based buffer over-read" } */
}
