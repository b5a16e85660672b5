/* Floating-point comparisons against constants (Engine v2, item 5): the
   same test twice on one path agrees with itself, so a resource taken
   under it is released under it.  */
#include <math.h>
#include <stdlib.h>
#include "../analyzer-decls.h"

void same_test_ok (double x)
{
  char *p = NULL;
  if (x > 0.5)
    p = malloc (16);
  if (x > 0.5)
    free (p);
}

void fabs_test_ok (double err)
{
  char *log = NULL;
  if (fabs (err) > 1e-6)
    log = malloc (64);
  if (fabs (err) > 1e-6)
    free (log);
}

void opposite_test_ok (float level)
{
  char *p = NULL;
  if (level >= 2.0f)
    p = malloc (8);
  if (level < 2.0f)
    return;
  free (p);
}

void other_constant_bad (double x)
{
  char *p = NULL;
  if (x > 0.5)
    p = malloc (16); /* { dg-message "allocated here" } */
  if (x > 0.75)
    free (p);
} /* { dg-warning "leak of 'p'" } */

void eval (double x)
{
  if (x > 0.5)
    __analyzer_eval (x > 0.5); /* { dg-warning "TRUE" } */
  __analyzer_eval (x > 0.5); /* { dg-warning "UNKNOWN" } */
}
