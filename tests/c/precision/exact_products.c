/* Issue 33, item 1: a product the engine takes as exact (in 64 bits, or
   signed: "n * 4", "types << 6") found against a constant teaches its
   factor: "2 * n" found 0 is n found 0.  An array allocated only for a
   count that is not zero (brotli's BROTLI_ALLOC: "n > 0 ? alloc (..) :
   NULL") of twice, or 64 times, a number of contexts is not NULL in a
   loop over those contexts.  A count that may be 1 where the allocation
   needs more than 1 still leaves a NULL array for the loop.  */
#include <stdlib.h>

/* (An allocator that ends the program when out of memory.)  */
extern void *xmalloc (size_t) __attribute__ ((returns_nonnull, malloc));

struct histogram { int data[4]; };

void twice_ok (size_t contexts, const struct histogram *h)
{
  size_t i;
  struct histogram *combined
    = 2 * contexts > 0 ? xmalloc (2 * contexts * sizeof (struct histogram)) : NULL;
  for (i = 0; i < contexts; ++i)
    combined[2 * i] = h[i]; /* { dg-bogus "NULL" } */
  free (combined);
}

struct split { size_t types; unsigned *map; size_t map_size; };

void shifted_ok (struct split *s)
{
  size_t i;
  s->map_size = s->types << 6;
  s->map = s->map_size > 0 ? xmalloc (s->map_size * sizeof (unsigned)) : NULL;
  for (i = 0; i < s->types; ++i)
    s->map[i << 6] = 0; /* { dg-bogus "NULL" } */
}

void more_than_one_bad (size_t contexts, const struct histogram *h)
{
  size_t i;
  struct histogram *combined
    = contexts > 1 ? xmalloc (contexts * sizeof (struct histogram)) : NULL;
  for (i = 0; i < contexts; ++i)
    combined[i] = h[i]; /* { dg-warning "dereference of NULL 'combined'" } */
  free (combined);
}
