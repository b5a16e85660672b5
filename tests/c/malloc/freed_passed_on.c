/* A freed pointer handed to a function that has no body here is a use
   after free at the call: the function reads or writes through it. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

void memcpy_into_freed (const char *src, size_t n)
{
  char *buf = malloc (64);
  if (!buf)
    return;
  free (buf); /* { dg-message "freed here" } */
  memcpy (buf, src, n); /* { dg-warning "use after 'free' of 'buf'" } */
  /* { dg-message "passing freed pointer 'buf' in call to 'memcpy'; freed at \\(5\\)" "event" { target *-*-* } .-1 } */
}

void printf_freed (void)
{
  char *s = strdup ("text");
  if (!s)
    return;
  free (s);
  printf ("%s\n", s); /* { dg-warning "use after 'free' of 's'" } */
}

size_t strlen_freed (char *s)
{
  free (s);
  return strlen (s); /* { dg-warning "use after 'free' of 's'" } */
}

void puts_freed (char *s)
{
  free (s);
  puts (s); /* { dg-warning "use after 'free' of 's'" } */
}

void fwrite_freed (FILE *f, char *s, size_t n)
{
  free (s);
  fwrite (s, 1, n, f); /* { dg-warning "use after 'free' of 's'" } */
}

extern void consume (const char *p);

void unknown_function (char *s)
{
  free (s);
  consume (s); /* { dg-warning "use after 'free' of 's'" } */
}

/* Reported once: the first call.  */
void twice (char *s)
{
  free (s);
  puts (s); /* { dg-warning "use after 'free' of 's'" } */
  puts (s); /* { dg-bogus "use after" } */
}

/* Not freed on this path, or handed on before the free: fine.  */
void before_free (char *s)
{
  puts (s); /* { dg-bogus "use after" } */
  free (s);
}

void other_pointer (char *s, char *t)
{
  free (s);
  puts (t); /* { dg-bogus "use after" } */
}

/* A helper that frees its argument and gives it back.  */
static char *release (char *p)
{
  free (p);
  return p;
}

void helper_returns_freed (char *s)
{
  char *t = release (s);
  puts (t); /* { dg-warning "use after 'free' of 't'" } */
}

/* A function with a body reads through it: the use is inside.  */
static size_t length (const char *p)
{
  size_t n = 0;
  while (p[n]) /* { dg-warning "use after 'free' of 'p'" } */
    n++;
  return n;
}

size_t body_reads (char *s)
{
  free (s);
  return length (s);
}

/* Values, not pointers to read through: printed as '%p', converted to an
   integer, or a format not known.  */
extern unsigned long hash (unsigned long);

void printed_as_pointer (char *s)
{
  free (s);
  printf ("freed %p\n", (void *) s); /* { dg-bogus "use after" } */
}

unsigned long hashed (char *s)
{
  free (s);
  return hash ((unsigned long) s); /* { dg-bogus "use after" } */
}

void unknown_format (const char *fmt, char *s)
{
  free (s);
  printf (fmt, s); /* { dg-bogus "use after" "the format decides" } */
}

/* scanf writes through every pointer it takes.  */
void scanf_into_freed (char *s)
{
  free (s);
  scanf ("%*d %15s", s); /* { dg-warning "use after 'free' of 's'" } */
}

void printf_second_conversion (int n, char *s)
{
  free (s);
  printf ("%*d: %s\n", 4, n, s); /* { dg-warning "use after 'free' of 's'" } */
}
