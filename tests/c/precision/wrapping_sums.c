/* Issue 33, item 1: an unsigned sum of a size the path knows nothing of
   and a small constant ("length + 1") is zero only if the size is at the
   very top of its type, which no length reaches: a path that needs the
   sum to wrap follows a guess, and reports nothing (nettle's xalloc,
   which gives the 0-byte buffer of malloc (0) only for a size of 0).  A
   size that may itself be 0 gives that buffer on its own path.  */
#include <stdlib.h>
#include <string.h>

void *xalloc (size_t size)
{
  void *p = malloc (size);
  if (size && !p)
    abort ();
  return p;
}

char *copy_ok (const char *s, size_t length)
{
  char *data = xalloc (length + 1);
  memcpy (data, s, length); /* { dg-bogus "NULL" } */
  data[length] = 0; /* { dg-bogus "NULL" } */
  return data;
}

char *copy_narrow_ok (const char *s, unsigned length)
{
  char *data = xalloc (length + 1);
  memcpy (data, s, length); /* { dg-bogus "NULL" } */
  return data;
}

char *first_bad (size_t length)
{
  char *data = xalloc (length);
  if (length == 0)
    data[0] = 0; /* { dg-warning "heap-based buffer overflow" } */
  return data;
}

/* A size compared as unsigned before is at least 0 as the path takes it:
   one more than it is not 0 either.  */
struct text { size_t length; const char *data; };

char *copy_checked_ok (const struct text *a, const struct text *b)
{
  if (a->length != b->length)
    abort ();
  size_t length = a->length;
  char *data = xalloc (length + 1);
  for (size_t k = 1; k <= length; k++)
    memset (data, 0, length + 1); /* { dg-bogus "NULL" } */
  return data;
}
