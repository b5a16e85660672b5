/* Functions without branches or calls (getters, setters, small sums) are
   stepped into: what they compute is known after the call.  */
#include <stddef.h>
#include "../analyzer-decls.h"

static int sum (int a, int b)
{
  return a + b;
}

struct pair { int first, second; };

static struct pair make_pair (int a, int b)
{
  struct pair p = { a, b };
  return p;
}

static int limit;

static void set_limit (int n)
{
  limit = n;
}

void values_ok (int x)
{
  __analyzer_eval (sum (2, 3) == 5); /* { dg-warning "TRUE" } */
  struct pair p = make_pair (x, 7);
  __analyzer_eval (p.first == x); /* { dg-warning "TRUE" } */
  __analyzer_eval (p.second == 7); /* { dg-warning "TRUE" } */
  set_limit (10);
  __analyzer_eval (limit == 10); /* { dg-warning "TRUE" } */
}

/* The branch cannot be taken: sum (2, 2) is 4.  */
void infeasible_ok (void)
{
  int *p = NULL;
  if (sum (2, 2) != 4)
    *p = 1; /* { dg-bogus "NULL" } */
}

void feasible_bad (void)
{
  int *p = NULL;
  if (sum (2, 2) == 4)
    *p = 1; /* { dg-warning "dereference of NULL 'p'" } */
}

/* NULL moved by an amount the path does not know is no known address:
   not reported as a NULL dereference (lz4's "dictBase + matchIndex",
   where dictBase is NULL only when no dictionary is used).  */
static unsigned read_u32 (const void *ptr)
{
  return *(const unsigned *) ptr; /* { dg-bogus "NULL" } */
}

unsigned moved_null_ok (const char *dict, unsigned index)
{
  const char *base = dict == NULL ? NULL : dict - 16;
  return read_u32 (base + index);
}
