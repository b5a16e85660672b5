/* The path of a taint report starts where the attacker's data came in:
   a function marked tainted_args, or the call that read it (with the
   branch that checked the call), and tells the bounds checked on the way. */
#include <stdio.h>
#include <stdlib.h>

void *p;

void __attribute__ ((tainted_args))
from_entry (size_t sz) /* { dg-message "\\(1\\) function 'from_entry' marked with '__attribute__\\(\\(tainted_args\\)\\)'" } */
{
  p = malloc (sz); /* { dg-warning "use of attacker-controlled value 'sz' as allocation size without upper-bounds checking" } */
}

struct rec
{
  int i;
  char buf[256];
};

char from_fread (FILE *f)
{
  struct rec tmp;
  if (1 == fread (&tmp, sizeof (tmp), 1, f)) /* { dg-message "\\(1\\) 'tmp' gets an attacker-controlled value here" } */
    /* { dg-message "\\(2\\) following 'true' branch" "branch" { target *-*-* } .-1 } */
    {
      if (tmp.i >= 0) /* { dg-message "'tmp.i' has its lower bound checked here" } */
        return tmp.buf[tmp.i]; /* { dg-warning "use of attacker-controlled value 'tmp.i' in array lookup without upper-bounds checking" } */
    }
  return 0;
}
