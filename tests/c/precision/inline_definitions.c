/* A function defined 'inline' without 'static' (C99's inline definition,
   GNU's 'extern inline') is for inlining only: the program's definition
   of it is in another file. When not optimizing GCC never lowers such a
   body, yet what the call does is the body's: a size computed by one
   ('xsum (length, 1)' is 1 for an empty result) decides the caller's
   branch as it would once inlined, at every level.  */
#include <stdlib.h>

inline size_t
xsum (size_t a, size_t b)
{
  size_t sum = a + b;
  return sum >= a ? sum : (size_t) -1;
}

extern inline __attribute__ ((gnu_inline)) size_t
twice (size_t n)
{
  return xsum (n, n);
}

char *
finish (size_t length, char *result, size_t allocated)
{
  if (xsum (length, 1) > allocated)
    {
      char *memory = realloc (result, xsum (length, 1));
      if (memory == NULL)
        {
          free (result);
          return NULL;
        }
      result = memory;
    }
  result[length] = '\0'; /* { dg-bogus "NULL" } */
  return result;
}

char *
empty (void)
{
  return finish (0, NULL, 0);
}

char *
doubled (size_t n)
{
  char *result = NULL;
  size_t allocated = 0;
  if (twice (n) + 1 > allocated)
    {
      result = malloc (twice (n) + 1);
      if (result == NULL)
        return NULL;
      allocated = twice (n) + 1;
    }
  result[0] = '\0'; /* { dg-bogus "NULL" } */
  return result;
}

/* The body is the call's, whatever it does: here it frees.  */
inline void
release (char *p)
{
  free (p);
}

void
twice_released (void)
{
  char *p = malloc (8);
  release (p);
  free (p); /* { dg-warning "double-'free' of 'p'" } */
}
