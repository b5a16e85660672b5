/* Out-of-bounds accesses at symbolic offsets: the element just past an
   allocation of n elements, n unknown.  */
#include <stdlib.h>

char *bytes_bad (size_t n)
{
  char *p = malloc (n);
  if (!p)
    return NULL;
  p[n] = '\0'; /* { dg-warning "heap-based buffer overflow" } */
  /* { dg-message "write of 1 byte to beyond the end of the region" "bytes" { target *-*-* } .-1 } */
  return p;
}

char *bytes_ok (size_t n)
{
  char *p = malloc (n + 1);
  if (!p)
    return NULL;
  p[n] = '\0';
  return p;
}

int ints_bad (size_t n)
{
  int *v = malloc (n * sizeof (int));
  if (!v)
    return -1;
  int last = v[n]; /* { dg-warning "heap-based buffer over-read" } */
  /* { dg-message "read of 4 bytes from after the end of the region" "bytes" { target *-*-* } .-1 } */
  /* (Nothing wrote those bytes either: both are said, as GCC does.)  */
  /* { dg-warning "use of uninitialized value" "uninit" { target *-*-* } .-3 } */
  free (v);
  return last;
}

int ints_last_ok (size_t n)
{
  int *v = calloc (n, sizeof (int));
  if (!v || n == 0)
    {
      free (v);
      return -1;
    }
  int last = v[n - 1];
  free (v);
  return last;
}

void vla_bad (size_t len)
{
  char buf[len];
  buf[len] = 0; /* { dg-warning "stack-based buffer overflow" } */
  /* { dg-message "" "bytes" { target *-*-* } .-1 } */
  (void) buf[0];
}

/* One element further, and n ints of the stack.  */
char *one_more_bad (size_t n)
{
  char *p = malloc (n);
  if (!p)
    return NULL;
  p[n + 1] = '\0'; /* { dg-warning "heap-based buffer overflow" } */
  /* { dg-message "" "bytes" { target *-*-* } .-1 } */
  return p;
}

void alloca_ints_bad (size_t n)
{
  int *v = __builtin_alloca (4 * n);
  v[n] = 42; /* { dg-warning "stack-based buffer overflow" } */
  /* { dg-message "" "bytes" { target *-*-* } .-1 } */
}
