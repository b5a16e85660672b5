/* A signed value negated keeps its range, turned round: the absolute
   value of a size, "size >= 0 ? size : -size" (or GCC's ABS_EXPR at -O1
   and up), is not negative, so "an + 1" is above an allocation count of
   0 and a buffer is reallocated before it is written (mini-gmp's
   MPZ_REALLOC).  */
#include <stdlib.h>

static const long dummy_limb = 0xc1a0;

struct number { int alloc; int size; long *limbs; };

static long *reallocate (struct number *r, int n)
{
  long *p = malloc (n * sizeof (long));
  if (!p)
    abort ();
  r->limbs = p;
  r->alloc = n;
  return p;
}

static void init (struct number *r)
{
  r->alloc = 0;
  r->size = 0;
  r->limbs = (long *) &dummy_limb;
}

long add_one_limb_ok (struct number *a)
{
  struct number r;
  int an = a->size >= 0 ? a->size : -a->size;
  init (&r);
  long *rp = an + 1 > r.alloc ? reallocate (&r, an + 1) : r.limbs;
  rp[an] = 1; /* { dg-bogus "write to 'const' object" } */
  free (r.limbs);
  return an;
}

int negated_range (int x)
{
  int *p = NULL;
  if (x < -5 && x > -100)
    {
      int y = -x;
      if (y <= 5 || y >= 100)
        return *p; /* { dg-bogus "NULL" } */
      return y;
    }
  return 0;
}

/* Negation does not make a value positive by itself.  */
int negated_unknown_bad (int x)
{
  int *p = NULL;
  int y = -x;
  if (y < 0)
    return *p; /* { dg-warning "dereference of NULL 'p'" } */
  return y;
}
