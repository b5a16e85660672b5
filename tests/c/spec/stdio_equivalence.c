/* The FILE checker's behaviours, for the built-in checker and for
   specs/builtin/stdio.toml alike (tests/tools/spec_plugin_test.py
   compares their output on this file).  */
#include <stdio.h>
#include <stdlib.h>

void leak_after_write_bad (const char *path)
{
  FILE *f = fopen (path, "w"); /* { dg-message "\\(1\\) opened here" } */
  if (!f) /* { dg-message "assuming 'f' is non-NULL" } */
    return;
  fputs ("x", f);
} /* { dg-warning "leak of FILE 'f' \\\[CWE-775\\\]" } */

void unnamed_leak_bad (const char *path)
{
  fopen (path, "r"); /* { dg-warning "leak of FILE \\\[CWE-775\\\]" } */
}

void double_pclose_bad (const char *cmd)
{
  FILE *p = popen (cmd, "r");
  if (!p)
    return;
  pclose (p); /* { dg-message "first 'fclose' here" } */
  pclose (p); /* { dg-warning "double 'fclose' of FILE 'p'" } */
}

void use_after_close_bad (FILE *f)
{
  fclose (f);
  fprintf (f, "%d", 1); /* { dg-warning "on closed FILE 'f'" } */
}

void reopened_ok (const char *path, FILE *f)
{
  FILE *g = freopen (path, "r", f);
  if (!g)
    return;
  fclose (g);
}

void freed_stream_not_a_file_leak (const char *path)
{
  FILE *f = tmpfile ();
  if (!f)
    return;
  free (f); /* { dg-bogus "leak" } */
} /* { dg-bogus "leak of FILE" } */

static FILE *open_log (const char *path)
{
  return fopen (path, "a");
}

void across_functions_bad (const char *path)
{
  FILE *f = open_log (path);
  if (f == NULL)
    return;
  fclose (f);
  fclose (f); /* { dg-warning "double 'fclose' of FILE 'f'" } */
}

int loop_ok (const char *path)
{
  int n = 0;
  FILE *f = fopen (path, "r");
  if (!f)
    return -1;
  while (fgetc (f) != EOF)
    n++;
  fclose (f);
  return n;
}
