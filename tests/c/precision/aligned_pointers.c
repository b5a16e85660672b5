/* A pointer aligned by integer arithmetic ("(uintptr_t) mem + k" masked,
   then moved: gnulib's mmalloca) still points into the allocation: handed
   back, it keeps the allocation held.  */
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>

void *aligned_ok (size_t n)
{
  char *mem = malloc (n + 32);
  if (mem == NULL)
    return NULL;
  char *p = (char *) ((((uintptr_t) mem + 1 + 15) & ~(uintptr_t) 31) + 16);
  ((unsigned char *) p)[-1] = p - mem;
  return p; /* { dg-bogus "leak" } */
}

/* Only a bit of the address is kept: the allocation is lost.  */
int aligned_lost_bad (size_t n)
{
  char *mem = malloc (n + 32);
  if (mem == NULL)
    return -1;
  uintptr_t a = ((uintptr_t) mem + 31) & ~(uintptr_t) 31;
  return (int) (a & 1); /* { dg-warning "leak of 'mem'" } */
}
