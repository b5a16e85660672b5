/* possible-null-dereference and null-dereference.  */
#include <stdlib.h>

struct coord { float x, y; };

void unchecked_bad (void)
{
  int *p = malloc (sizeof (int)); /* { dg-message "\\(1\\) this call could return NULL" } */
  *p = 1; /* { dg-warning "dereference of possibly-NULL 'p' \\\[CWE-690\\\]" } */
  /* { dg-message "\\(2\\) 'p' could be NULL: unchecked value from \\(1\\)" "" { target *-*-* } .-1 } */
  *p = 2; /* { dg-bogus "possibly-NULL" "warned once, then assumed checked" } */
  free (p);
}

void element_unchecked_bad (int i)
{
  char *buffer = malloc (256);
  buffer[i] = 1; /* { dg-warning "dereference of possibly-NULL 'buffer'" } */
  free (buffer);
}

void checked_ok (void)
{
  int *p = malloc (sizeof (int));
  if (!p)
    return;
  *p = 1;
  free (p);
}

void checked_through_flag_ok (void)
{
  int *p = malloc (sizeof (int));
  int ok = p != NULL;
  if (ok)
    *p = 1;
  free (p);
}

void assumed_null_bad (void)
{
  int *p = malloc (sizeof (int)); /* { dg-message "\\(1\\) allocated here" } */
  if (!p) /* { dg-message "\\(2\\) assuming 'p' is NULL" } */
    {
      *p = 2; /* { dg-warning "dereference of NULL 'p' \\\[CWE-476\\\]" } */
      return;
    }
  free (p);
}

struct coord *null_constant_bad (void)
{
  struct coord *p = NULL; /* { dg-message "\\(1\\) 'p' is NULL" } */
  p->x = 0.f; /* { dg-warning "dereference of NULL 'p'" } */
  /* { dg-message "\\(2\\) dereference of NULL 'p'" "" { target *-*-* } .-1 } */
  p->y = 0.f; /* { dg-bogus "dereference" "only the first use is reported" } */
  return p;
}

/* A value only constrained to NULL is not reported (as GCC 12): without a
   model of non-local memory such paths are too often infeasible.  */
int FN_checked_param_then_used (int *q)
{
  if (!q)
    return *q; /* { dg-warning "dereference of NULL 'q'" "" { xfail *-*-* } } */
  return 0;
}
