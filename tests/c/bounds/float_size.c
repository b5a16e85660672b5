/* An allocation size computed in floating point (GCC 13's
   imprecise-fp-arithmetic, CWE-681).  */
#include <stdlib.h>

int *scaled_bad (float f)
{
  return malloc (sizeof (int) * f); /* { dg-warning "use of floating-point arithmetic here might yield unexpected results \\\[CWE-681\\\]" } */
  /* { dg-message "operand 'f' is of type 'float'" "operand" { target *-*-* } .-1 } */
  /* { dg-message "only use operands of an integer type inside the size argument" "advice" { target *-*-* } .-2 } */
}

static void *get (size_t n)
{
  return malloc (n); /* { dg-warning "use of floating-point arithmetic" } */
}

void *through_a_call_bad (double d)
{
  return get (d);
}

int *integer_ok (int n)
{
  return malloc (sizeof (int) * (size_t) n);
}

/* A floating-point value rounded on purpose is still floating-point
   arithmetic in the size (as GCC).  */
int *rounded_bad (double ratio, int n)
{
  return malloc ((size_t) (ratio * n) * sizeof (int)); /* { dg-warning "use of floating-point arithmetic" } */
}
