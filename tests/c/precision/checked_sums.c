/* A small helper without loops or calls that computes from its arguments
   alone ("xsum": a sum, or SIZE_MAX when it overflows) is followed into,
   so what it returns is known in terms of what it was given: "xsum (n, 1)"
   is never 0, and a buffer grown to hold it was grown.  */
#include <stdlib.h>
#include <string.h>

static inline size_t __attribute__ ((pure))
checked_sum (size_t a, size_t b)
{
  size_t s = a + b;
  return s >= a ? s : (size_t) -1;
}

/* "result" is NULL only while "allocated" is 0; each step first makes
   room for what the string will hold, the terminator's byte included.  */
char *terminated_ok (const char *part, size_t n)
{
  char *result = NULL;
  size_t allocated = 0, length = 0;
  size_t needed = checked_sum (length, n);
  if (needed > allocated)
    {
      result = malloc (needed);
      if (!result)
        return NULL;
      allocated = needed;
      memcpy (result, part, n);
    }
  length = needed;
  if (checked_sum (length, 1) > allocated)
    {
      char *memory = realloc (result, checked_sum (length, 1));
      if (memory == NULL)
        {
          free (result);
          return NULL;
        }
      result = memory;
    }
  result[length] = 0; /* { dg-bogus "NULL" } */
  return result;
}

/* Room for nothing when the sum overflows is still no room: the helper's
   SIZE_MAX is not 0 either, but a caller that trusts a wrong sum writes
   through NULL.  */
static size_t
bad_sum (size_t a, size_t b)
{
  return a > b ? a - b : 0;
}

char *shrink_bad (size_t length)
{
  char *result = NULL;
  size_t allocated = 0;
  if (bad_sum (length, 1) > allocated)
    {
      result = malloc (bad_sum (length, 1));
      if (!result)
        return NULL;
      allocated = bad_sum (length, 1);
    }
  result[0] = 0; /* { dg-warning "dereference of NULL 'result'" } */
  return result;
}

/* A variable never set, given to such a helper, is told once, at the call:
   the helper is followed into with a value nothing knows.  */
size_t
never_set_bad (void)
{
  size_t n;
  return checked_sum (n, 1); /* { dg-warning "use of uninitialized value 'n'" } */
}
