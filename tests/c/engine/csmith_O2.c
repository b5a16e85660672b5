/* Reduced from csmith's random programs (issue 19, item 8): at -O1 and
   above GCC may turn "a && b" of cheap comparisons into a bitwise '&' of
   booleans, and a guard written so must still guard; fields written
   through a pointer into an array element initialize that element.  */
/* { dg-options "-O2" } */

struct pair { int x; int y; };

extern void take (struct pair);
extern void sink (int);

void guarded_store_ok (char *p, int n)
{
  if (p && n > 1)
    p[n - 1] = 0; /* { dg-bogus "NULL" } */
}

int guarded_shift_ok (int v, int s)
{
  /* csmith's safe_lshift: the shift happens only for a count in range.  */
  if (s < 0 || s >= 32 || v < 0 || v > (0x7fffffff >> s))
    return v;
  return v << s; /* { dg-bogus "shift by" } */
}

void element_written_through_pointer_ok (void)
{
  struct pair a[3];
  struct pair *p = &a[1];
  p->x = 1;
  p->y = 2;
  take (a[1]); /* { dg-bogus "uninitialized" } */
}

void element_half_written_bad (void)
{
  struct pair a[3];
  a[1].x = 1;
  sink (a[1].y); /* { dg-warning "use of uninitialized value 'a\\\[1\\\].y'" } */
}
