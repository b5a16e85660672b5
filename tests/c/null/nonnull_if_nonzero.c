/* nonnull_if_nonzero (P, N) (GCC 15's memcpy and strncpy carry it; the
   plugin knows it on earlier GCCs too): argument P must not be NULL
   unless the size N is 0.  */
#include <stdlib.h>

extern void fill (void *dst, int c, size_t n) __attribute__ ((nonnull_if_nonzero (1, 3)));

void
sized_bad (size_t n)
{
  void *p = malloc (16); /* { dg-message "this call could return NULL" } */
  fill (p, 0, 16); /* { dg-warning "use of possibly-NULL 'p' where non-null expected" } */
  free (p);
}

void
size_unknown_ok (size_t n)
{
  void *p = malloc (16);
  fill (p, 0, n); /* { dg-bogus "non-null expected" "n may be 0" } */
  free (p);
}

void
size_zero_ok (void)
{
  fill (NULL, 0, 0); /* { dg-bogus "non-null expected" } */
}

void
size_checked_bad (size_t n)
{
  if (n == 0)
    return;
  void *p = malloc (16);
  fill (p, 0, n); /* { dg-warning "use of possibly-NULL 'p' where non-null expected" } */
  free (p);
}
