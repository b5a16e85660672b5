/* file checker: double-fclose and file-leak.  */
#include <stdio.h>
#include <stdlib.h>

void fclose_twice_bad (const char *path)
{
  FILE *f = fopen (path, "r"); /* { dg-message "\\(1\\) opened here" } */
  if (!f)
    return;
  fclose (f); /* { dg-message "first 'fclose' here" } */
  fclose (f); /* { dg-warning "double 'fclose' of FILE 'f' \\\[CWE-1341\\\]" } */
  /* { dg-message "second 'fclose' here; first 'fclose' was at \\(5\\)" "" { target *-*-* } .-1 } */
}

int file_leak_bad (const char *path)
{
  FILE *f = fopen (path, "r"); /* { dg-message "\\(1\\) opened here" } */
  if (!f)
    return -1;
  int c = fgetc (f);
  return c; /* { dg-warning "leak of FILE 'f' \\\[CWE-775\\\]" } */
  /* { dg-message "'f' leaks here; was opened at \\(1\\)" "" { target *-*-* } .-1 } */
}

int read_then_close_ok (const char *path, char *buf, size_t n)
{
  FILE *f = fopen (path, "r");
  if (!f)
    return -1;
  size_t got = fread (buf, 1, n, f);
  fprintf (stderr, "read %zu bytes\n", got);
  fclose (f);
  return 0;
}

void failed_open_ok (const char *path)
{
  FILE *f = fopen (path, "r");
  if (f == NULL)
    return; /* { dg-bogus "leak" } */
  fclose (f);
}

FILE *returned_ok (const char *path)
{
  return fopen (path, "r");
}

extern void keep_stream (FILE *);

void handed_over_ok (const char *path)
{
  FILE *f = fopen (path, "r");
  keep_stream (f);
}

void heap_buffer_with_stream_bad (const char *path)
{
  FILE *f = fopen (path, "w");
  if (!f)
    return;
  char *buf = malloc (64);
  if (!buf)
    {
      fclose (f);
      return;
    }
  fputs (buf, f); /* fputs does not keep buf: it still leaks below */
  fclose (f);
} /* { dg-warning "leak of 'buf'" } */

int pclose_ok (void)
{
  FILE *p = popen ("ls", "r");
  if (!p)
    return -1;
  return pclose (p);
}
