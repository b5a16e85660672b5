/* The C library's functions that allocate through an argument: getline
   and getdelim, asprintf and vasprintf.  */
#define _GNU_SOURCE
#include <stdio.h>
#include <stdlib.h>
#include <stdarg.h>

void getline_buffer_freed_ok (FILE *f)
{
  char *line = NULL;
  size_t n = 0;
  while (getline (&line, &n, f) != -1)
    puts (line);
  free (line);
}

void getline_buffer_leaks_bad (FILE *f)
{
  char *line = NULL;
  size_t n = 0;
  if (getline (&line, &n, f) > 0) /* { dg-message "allocated here" } */
    puts (line);
} /* { dg-warning "leak of 'line'" } */

void getdelim_buffer_leaks_even_on_failure_bad (FILE *f)
{
  char *rec = NULL;
  size_t n = 0;
  if (getdelim (&rec, &n, ';', f) == -1) /* { dg-message "allocated here" } */
    return; /* { dg-warning "leak of 'rec'" } */
  free (rec);
}

void getline_into_given_buffer_ok (FILE *f, char **buf, size_t *n)
{
  getline (buf, n, f);
}

void getline_double_free_bad (FILE *f)
{
  char *line = NULL;
  size_t n = 0;
  getline (&line, &n, f);
  free (line);
  free (line); /* { dg-warning "double-'free' of 'line'" } */
}

int asprintf_checked_ok (int v)
{
  char *s;
  if (asprintf (&s, "%d", v) < 0)
    return -1;
  puts (s);
  free (s);
  return 0;
}

int asprintf_leak_bad (int v)
{
  char *s;
  if (asprintf (&s, "%d", v) < 0) /* { dg-message "allocated here" } */
    return -1;
  return puts (s);
} /* { dg-warning "leak of 's'" } */

char *vasprintf_returned_ok (const char *fmt, va_list ap)
{
  char *s = NULL;
  if (vasprintf (&s, fmt, ap) == -1)
    return NULL;
  return s;
}

void printf_keeps_nothing_bad (void)
{
  char *p = malloc (8); /* { dg-message "allocated here" } */
  if (!p)
    return;
  p[0] = 0;
  printf ("%s\n", p);
} /* { dg-warning "leak of 'p'" } */
