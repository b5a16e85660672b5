/* Returning from main ends the program: what its locals still hold at that
   point is not a leak. The same code in another function leaks.  */
#include <stdlib.h>

static void fill (void **out)
{
  *out = malloc (8);
}

void not_main (void)
{
  void *p;
  fill (&p);
} /* { dg-warning "leak" } */

int main (void)
{
  void *p;
  fill (&p);
  return 0;
}
