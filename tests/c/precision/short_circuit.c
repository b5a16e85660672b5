/* "a || b" and "a && b" whose right side is cheap are computed by GCC
   (at -O1 and up) as one "a | b" or "a & b", both sides evaluated.  The
   right side's operands are read only where the left side did not decide:
   a variable set only where the left side fails is not used.  */
#include <stddef.h>

extern void *open_thing (const char *);
extern int use_thing (void *);

int or_decided_ok (const char *path)
{
  void *h;
  if (path != NULL)
    h = open_thing (path);
  if (path == NULL || h == NULL) /* { dg-bogus "uninitialized" } */
    return -1;
  return use_thing (h); /* { dg-bogus "uninitialized" } */
}

int and_decided_ok (const char *path)
{
  void *h;
  if (path != NULL)
    h = open_thing (path);
  if (path != NULL && h != NULL) /* { dg-bogus "uninitialized" } */
    return use_thing (h);
  return -1;
}

/* The left side lets the right one decide where the variable was never
   set.  */
int or_undecided_bad (const char *path)
{
  void *h;
  if (path != NULL)
    h = open_thing (path);
  if (path != NULL || h == NULL) /* { dg-warning "use of uninitialized value 'h'" } */
    return -1;
  return 0;
}
