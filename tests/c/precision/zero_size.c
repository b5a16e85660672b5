/* Issue 33, item 1: what malloc (0) gives is the C library's choice (a
   unique pointer in glibc), not the out-of-memory NULL a check is for.  An
   allocating wrapper that dies only when a non-zero size failed ("if (size
   && !p) abort ();", nettle's xalloc) returns NULL on no path the program
   takes; a buffer of 0 bytes is used with sizes of 0.  A division by a
   value the path knows is 0 ends the path; past one, the divisor is not
   0.  The plain unchecked malloc of a size that may not be 0 is still
   told.  */
#include <stdlib.h>
#include <string.h>

void *
xalloc (size_t size)
{
  void *p = malloc (size);
  if (size && !p)
    abort ();
  return p;
}

void fill (char *, size_t);

void fill_ints (int *, size_t);
int compare_ints (const void *, const void *);

/* The size tested in the wrapper, then the buffer sorted (qsort's base is
   declared non-null, whatever the count).  */
void
wrapper_ok (size_t n)
{
  int *v = xalloc (n * sizeof *v);
  fill_ints (v, n);
  qsort (v, n, sizeof *v, compare_ints); /* { dg-bogus "NULL" } */
  free (v);
}

/* The size already known 0 when the second buffer is made.  */
void
second_buffer_ok (size_t n)
{
  int *a = xalloc (n * sizeof *a);
  int *b = xalloc (n * sizeof *b);
  fill_ints (a, n);
  memcpy (b, a, n * sizeof *a);
  qsort (b, n, sizeof *b, compare_ints); /* { dg-bogus "NULL" } */
  free (a);
  free (b);
}

/* The size as a divisor: the 0-byte path is no path past it, so the
   wrapper's 0-byte buffer never meets the copy of n - 1 bytes (nettle's
   block size).  */
size_t
divisor_ok (unsigned n, size_t length, const char *src)
{
  char *p = xalloc (n);
  size_t blocks = (length + n - 1) / n;
  memcpy (p, src, n - 1); /* { dg-bogus "NULL|overflow" } */
  free (p);
  return blocks;
}

/* Not a divisor: the 0-byte buffer overflows.  */
size_t
not_divisor (unsigned n, size_t length, const char *src)
{
  char *p = xalloc (n);
  size_t blocks = (length + n - 1) * n;
  if (n == 0)
    memcpy (p, src, n - 1); /* { dg-warning "heap-based buffer overflow" } */
  free (p);
  return blocks;
}

/* Nothing tells the size: malloc may fail.  */
int
unchecked_malloc (size_t n, const char *src)
{
  char *p = malloc (n);
  int r = memcmp (p, src, n); /* { dg-warning "possibly-NULL 'p'" } */
  free (p);
  return r;
}

/* realloc (p, 0) frees p and gives NULL in glibc: still a NULL (C23 has
   it undefined: no 0-byte buffer to overflow either).  */
void
realloc_zero (char *q, size_t n)
{
  char *p = realloc (q, n);
  if (n == 0)
    memset (p, 0, 4); /* { dg-warning "NULL 'p'" } */
  /* { dg-bogus "overflow" "" { target *-*-* } .-1 } */
  free (p);
}
