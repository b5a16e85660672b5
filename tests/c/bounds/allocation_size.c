/* An allocation whose size is not a whole number of the elements the
   pointer it is given to points to (CWE-131).  */
#include <stdlib.h>

int *ints_bad (void)
{
  int *p = malloc (10); /* { dg-warning "allocated buffer size is not a multiple of the pointee's size" } */
  /* { dg-message "10 is not a multiple of 4" "note" { target *-*-* } .-1 } */
  return p;
}

int *ints_ok (void)
{
  return malloc (10 * sizeof (int));
}

static size_t want (void)
{
  return 12;
}

double *doubles_bad (void)
{
  double *d = malloc (want ()); /* { dg-warning "allocated buffer size is not a multiple of the pointee's size" } */
  /* { dg-message "" "note" { target *-*-* } .-1 } */
  return d;
}

long *calloc_ok (void)
{
  return calloc (3, sizeof (long));
}

char *chars_ok (void)
{
  return malloc (7);
}

/* A struct with a flexible array member has room after it: not checked.  */
struct msg { int len; char text[]; };

struct msg *message_ok (void)
{
  return malloc (sizeof (struct msg) + 5);
}
