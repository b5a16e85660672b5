/* Issue 33, item 6: MIN (x, c) is x where x is at most c, else c (GCC
   folds "x < c ? x : c" into one operation): what a later test learns of
   the result is learned of x on the way that took it.  brotli allocates
   MIN (num_blocks, 64) elements, NULL for 0 of them, and then loops over
   num_blocks: no element is touched where the buffer is NULL.  */
#include <stddef.h>

void *allocate (size_t);

static void
clear (int *h)
{
  *h = 0; /* { dg-bogus "NULL" } */
}

static void
reset (int *h)
{
  *h = 0; /* { dg-warning "dereference of NULL 'h'" } */
}

void
batches_ok (size_t num_blocks)
{
  size_t n = num_blocks < 64 ? num_blocks : 64;
  int *histograms = n > 0 ? allocate (n * sizeof (int)) : NULL;
  for (size_t i = 0; i < num_blocks; i += 64)
    clear (&histograms[0]);
}

void
maximum_ok (int count)
{
  int n = count > 1 ? count : 1;
  int *slots = n > 1 ? allocate (n * sizeof (int)) : NULL;
  if (count > 1)
    clear (&slots[count - 1]);
}

/* Another count: the buffer may be NULL there.  */
void
batches_bad (size_t num_blocks, size_t other)
{
  size_t n = num_blocks < 64 ? num_blocks : 64;
  int *histograms = n > 0 ? allocate (n * sizeof (int)) : NULL;
  if (other > 0)
    reset (&histograms[0]);
}
