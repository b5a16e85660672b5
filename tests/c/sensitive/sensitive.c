/* exposure-through-output-file: a password from getpass written out.  */
#include <stdio.h>
#include <string.h>
#include <unistd.h>

extern char *getpass (const char *);

void printed_bad (void)
{
  char *pw = getpass ("Password: "); /* { dg-message "\\(1\\) sensitive value acquired here" } */
  printf ("you typed %s\n", pw); /* { dg-warning "sensitive value 'pw' written to output file \\\[CWE-532\\\]" } */
  /* { dg-message "\\(2\\) sensitive value 'pw' written to output file; acquired at \\(1\\)" "event" { target *-*-* } .-1 } */
}

void logged_bad (FILE *log)
{
  char *pw = getpass ("Password: ");
  fwrite (pw, strlen (pw), 1, log); /* { dg-warning "sensitive value 'pw' written to output file" } */
}

/* Across functions: the secret is written by a callee...  */
static void log_line (FILE *log, const char *text)
{
  fputs (text, log); /* { dg-warning "sensitive value 'text' written to output file" } */
}

void passed_bad (FILE *log)
{
  char *pw = getpass ("Password: ");
  log_line (log, pw); /* { dg-message "passing sensitive value 'pw' in call to 'log_line' from 'passed_bad'" } */
}

/* ...or obtained by one.  */
static char *ask (void)
{
  return getpass ("Password: ");
}

void returned_bad (void)
{
  char *pw = ask ();
  puts (pw); /* { dg-warning "sensitive value 'pw' written to output file" } */
}

/* Compared, not written: fine.  */
int checked_ok (const char *expected)
{
  char *pw = getpass ("Password: ");
  int ok = strcmp (pw, expected) == 0;
  printf ("%s\n", ok ? "welcome" : "denied");
  return ok;
}
