/* What the model proves feasible is reported (Engine v2, item 2), even
   when a branch on the way reads a call's result or a global: the engine
   does not throw findings away because it cannot see what decided the
   branch.  */
#include <stddef.h>

extern int decide (void);
extern int global_flag;
extern void use (int);

void uninit_behind_call_bad (void)
{
  int x; /* { dg-message "region created on stack here" } */
  if (decide ())
    use (x); /* { dg-warning "use of uninitialized value 'x'" } */
}

void null_behind_global_bad (void)
{
  if (global_flag)
    {
      int *p = NULL;
      *p = 1; /* { dg-warning "dereference of NULL 'p'" } */
    }
}

/* Correlated branches on one call's result: the value is set whenever it
   is used.  */
void uninit_correlated_ok (void)
{
  int x;
  int ok = decide ();
  if (ok)
    x = 1;
  if (ok)
    use (x);
}

/* A NULL a callee returns only for a bad argument (a defensive check) is
   not reported at its caller's dereference.  */
static int table[4];
static int *lookup (int i)
{
  if (i < 0 || i >= 4)
    return NULL;
  return &table[i];
}

int defensive_null_return_ok (int i)
{
  return *lookup (i);
}
