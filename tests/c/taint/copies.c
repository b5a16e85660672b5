/* What an attacker wrote stays theirs through copies and conversions:
   strcpy, strncat, snprintf, sprintf, strdup carry it into the
   destination; atoi and strtol make a number of it; a read into the
   middle of a buffer taints the buffer. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

void command_built_by_snprintf (void)
{
  char line[100], cmd[200];
  if (!fgets (line, sizeof line, stdin))
    return;
  snprintf (cmd, sizeof cmd, "ls %s", line); /* { dg-message "\\(1\\) 'cmd' gets an attacker-controlled value here" } */
  system (cmd); /* { dg-warning "use of attacker-controlled string 'cmd' as command \\\[CWE-78\\\]" } */
}

void format_after_strncat (void)
{
  char buf[100] = "x";
  const char *v = getenv ("X");
  if (!v)
    return;
  strncat (buf, v, 50);
  printf (buf); /* { dg-warning "use of attacker-controlled string 'buf' as format string \\\[CWE-134\\\]" } */
}

void format_after_strcpy (void)
{
  char line[100], copy[100];
  if (!fgets (line, sizeof line, stdin))
    return;
  strcpy (copy, line);
  printf (copy); /* { dg-warning "as format string" } */
}

void index_from_atoi (void)
{
  char line[100];
  int arr[10];
  if (!fgets (line, sizeof line, stdin))
    return;
  int n = atoi (line);
  arr[n] = 1; /* { dg-warning "use of attacker-controlled value 'n' in array lookup without bounds checking" } */
}

void index_from_strtol (void)
{
  char line[100];
  int arr[10];
  if (!fgets (line, sizeof line, stdin))
    return;
  long n = strtol (line, NULL, 10);
  if (n >= 0 && n < 10)
    arr[n] = 1; /* { dg-bogus "attacker-controlled" "checked" } */
}

void read_into_the_middle (void)
{
  char data[100] = "ls ";
  size_t len = strlen (data);
  if (fgets (data + len, (int) (100 - len), stdin) == NULL)
    return;
  system (data); /* { dg-warning "as command" } */
}

void strdup_of_getenv (void)
{
  char *s = strdup (getenv ("HOME"));
  if (!s)
    return;
  printf (s); /* { dg-warning "as format string" } */
  free (s);
}

void sprintf_of_getenv (void)
{
  char buf[64];
  const char *home = getenv ("HOME");
  if (!home)
    return;
  sprintf (buf, "%s/x", home);
  system (buf); /* { dg-warning "as command" } */
}

/* Copies of what the program wrote itself: fine.  */
void own_strings_ok (void)
{
  char cmd[64];
  strcpy (cmd, "ls");
  strcat (cmd, " -l");
  system (cmd); /* { dg-bogus "attacker-controlled" } */
}

/* The wide-character family, as the narrow one.  */
#include <wchar.h>

void wide_format (void)
{
  wchar_t line[100], copy[100];
  if (!fgetws (line, 100, stdin))
    return;
  wcscpy (copy, line);
  wprintf (copy); /* { dg-warning "use of attacker-controlled string 'copy' as format string" } */
}

/* A variadic helper is stepped into: its vprintf is the sink.  */
#include <stdarg.h>

static void log_msg (const char *fmt, ...)
{
  va_list ap;
  va_start (ap, fmt);
  vprintf (fmt, ap); /* { dg-warning "use of attacker-controlled string 'fmt' as format string" } */
  va_end (ap);
}

void through_variadic_helper (void)
{
  char line[100];
  if (!fgets (line, sizeof line, stdin))
    return;
  log_msg (line);
}

void variadic_helper_ok (const char *s)
{
  log_msg ("%s", s);
}
