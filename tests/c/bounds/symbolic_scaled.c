/* Symbolic sizes and offsets compared as m * n + b in bytes: an access
   whose end is past the size whatever n is, is out of bounds. */
#include <stddef.h>
#include <stdint.h>
#include <string.h>

void scaled_pointer (size_t n)
{
  int32_t *buf = (int32_t *) __builtin_alloca (4 * n);
  memset (buf, 0, 4 * n);
  int32_t last = *(buf + 4 * n); /* { dg-warning "stack-based buffer over-read" } */
  __builtin_printf ("%d\n", last);
}

void scaled_pointer_inside (size_t n)
{
  int32_t *buf = (int32_t *) __builtin_alloca (4 * n);
  memset (buf, 0, 4 * n);
  if (n > 0)
    {
      int32_t last = *(buf + n - 1); /* { dg-bogus "over-read" } */
      __builtin_printf ("%d\n", last);
    }
}

void one_past_in_elements (size_t n)
{
  int32_t *buf = (int32_t *) __builtin_malloc (n * sizeof (int32_t));
  if (!buf)
    return;
  buf[n] = 1; /* { dg-warning "heap-based buffer overflow" } */
  __builtin_free (buf);
}

void twice_as_many (size_t n)
{
  char *buf = (char *) __builtin_malloc (n);
  if (!buf)
    return;
  buf[2 * n] = 1; /* { dg-warning "heap-based buffer overflow" } */
  __builtin_free (buf);
}

void half (size_t n)
{
  char *buf = (char *) __builtin_malloc (2 * n);
  if (!buf)
    return;
  buf[n] = 1; /* { dg-bogus "overflow" "n < 2n for n > 0" } */
  __builtin_free (buf);
}
