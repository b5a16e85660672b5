/* Arrays of allocations: a loop that allocates each element and, when one
   allocation fails, frees the ones made so far leaks nothing; elements
   still held when their array is freed are leaks, named as they were
   stored.  */
#include <stdlib.h>
#include <string.h>

char **explode_ok (int n)
{
  char **out = malloc (n * sizeof *out);
  int i;
  if (!out)
    return NULL;
  for (i = 0; i < n; i++)
    {
      out[i] = strdup ("x");
      if (!out[i]) /* { dg-bogus "leak" } */
        goto fail;
    }
  return out;
fail:
  while (--i >= 0)
    free (out[i]);
  free (out);
  return NULL;
}

void pair_bad (void)
{
  char **v = malloc (2 * sizeof *v);
  if (!v)
    return;
  v[0] = malloc (10);
  v[1] = malloc (10); /* { dg-message "allocated here" } */
  free (v[0]);
  free (v); /* { dg-warning "leak of 'v\\\[1\\\]'" } */
}

/* A write at an index the path does not know may be to any element: what
   was read before is not known to be there any more.  */
int overwritten_ok (int i)
{
  int a[4] = { 1, 2, 3, 4 };
  a[i & 3] = 0;
  return 10 / a[0]; /* { dg-bogus "zero" } */
}
