/* Shapes that once grew the engine's state without bound: they must
   finish quickly and report only what is there.  */
#include <stdlib.h>

int toggling_flag_ok (int n)
{
  int flag = 0;
  for (int i = 0; i < n; i++)
    flag = (flag == 0);
  return flag;
}

int nested_comparisons_ok (int a, int b, int c)
{
  int x = a < b;
  int y = x == (b < c);
  int z = y != (x == 0);
  int w = (z == y) == (x != z);
  return w;
}

const char *stepping_pointer_ok (const char *s)
{
  while (*s)
    s += 2;
  return s;
}

void many_branches_bad (int a, int b, int c, int d, int e, int f)
{
  char *p = malloc (10);
  if (!p)
    return;
  if (a) p[0] = 1;
  if (b) p[1] = 1;
  if (c) p[2] = 1;
  if (d) p[3] = 1;
  if (e) p[4] = 1;
  if (f) p[5] = 1;
} /* { dg-warning "leak of 'p'" } */
