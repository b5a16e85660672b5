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
