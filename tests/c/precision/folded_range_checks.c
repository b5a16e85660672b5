/* "x < lo || x > hi" on an unsigned x is folded by GCC (at -O1 and up)
   into one test of a sum that wraps, "x - lo > hi - lo": below its bound,
   x is checked on both sides.  A number fread or scanf filled in is such
   an x.  */
#include <stdio.h>
#include <stdlib.h>

void *block_ok (FILE *fp)
{
  unsigned int total;
  if (fread (&total, 1, sizeof total, fp) < sizeof total)
    return NULL;
  if (total < 28 || total > 1048576)
    return NULL;
  return malloc (total); /* { dg-bogus "attacker-controlled" } */
}

void *scanned_ok (FILE *fp)
{
  unsigned int n;
  if (fscanf (fp, "%u", &n) != 1)
    return NULL;
  if (n < 16 || n > 4096)
    return NULL;
  return malloc (n); /* { dg-bogus "attacker-controlled" } */
}

/* Only a lower bound: the size is still the attacker's.  */
void *lower_only_bad (FILE *fp)
{
  unsigned int total;
  if (fread (&total, 1, sizeof total, fp) < sizeof total)
    return NULL;
  if (total < 28)
    return NULL;
  return malloc (total); /* { dg-warning "use of attacker-controlled value 'total' as allocation size without upper-bounds checking" } */
}
