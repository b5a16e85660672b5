/* Issue 33, item 1: "a == NULL || b == NULL" that GCC computes as one
   bit or'ed with another and tests once (at -O2, and through
   __builtin_expect as glibc's __glibc_unlikely wraps it): its false branch
   tells both pointers are non-NULL. Its true branch tells neither.  */
#include <stdlib.h>

void note (void);

int both_checked_ok (int n)
{
  char *a = calloc (n, 1);
  int *b = calloc (n, 4);
  if (__builtin_expect (a == NULL || b == NULL, 0))
    {
      free (a);
      free (b);
      return -1;
    }
  a[0] = 1; /* { dg-bogus "possibly-NULL" } */
  b[0] = 2; /* { dg-bogus "possibly-NULL" } */
  free (a);
  free (b);
  return 0;
}

int plain_or_ok (int n)
{
  char *a = malloc (n);
  char *b = malloc (n);
  if (a == NULL || b == NULL)
    {
      free (a);
      free (b);
      return -1;
    }
  a[0] = b[0] = 0; /* { dg-bogus "possibly-NULL" } */
  free (a);
  free (b);
  return 0;
}

int noted_bad (int n)
{
  char *a = malloc (n);
  char *b = malloc (n);
  if (a == NULL || b == NULL)
    note ();
  a[0] = 1; /* { dg-warning "NULL 'a'" } */
  free (a);
  free (b);
  return 0;
}
