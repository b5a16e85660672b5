/* A function of the module whose result depends only on its arguments
   (it reads only what they point to, changes nothing, calls only such
   functions) gives the same result each time it is called with the same
   unchanged arguments, stepped into or not.  */
#include <assert.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static int is_dash (const char *s)
{
  assert (s != NULL);
  if (s[0] != '-')
    return 0;
  return s[1] == '\0';
}

static int names_stdin (const char *s)
{
  if (s == NULL)
    return 0;
  return is_dash (s) || strcmp (s, "/dev/stdin") == 0;
}

int count_ok (const char *name)
{
  FILE *fp;
  int c, n = 0;
  if (!names_stdin (name)) {
    fp = fopen (name, "r");
    if (!fp)
      return -1;
  } else
    fp = stdin;
  while ((c = fgetc (fp)) != EOF)
    n += c == '\n';
  if (!names_stdin (name))
    fclose (fp);
  return n; /* { dg-bogus "leak" } */
}

/* Reads a global that code changes: two calls may differ.  */
static int stdin_allowed;
void allow_stdin (int on) { stdin_allowed = on; }

static int names_stdin_if_allowed (const char *s)
{
  return stdin_allowed && strcmp (s, "-") == 0;
}

int count_global_bad (const char *name)
{
  FILE *fp;
  int n;
  if (!names_stdin_if_allowed (name)) {
    fp = fopen (name, "r"); /* { dg-message "opened here" } */
    if (!fp)
      return -1;
  } else
    fp = stdin;
  n = fgetc (fp);
  allow_stdin (n == 'x');
  if (!names_stdin_if_allowed (name))
    fclose (fp);
  return n; /* { dg-warning "leak of FILE 'fp'" } */
}

/* Follows a pointer it read from memory: what that points to may have
   changed though the argument did not.  */
struct options { char *name; };

static int option_is_dash (const struct options *o)
{
  return strcmp (o->name, "-") == 0;
}

int count_options_bad (const struct options *o)
{
  FILE *fp;
  int n;
  if (!option_is_dash (o)) {
    fp = fopen (o->name, "r"); /* { dg-message "opened here" } */
    if (!fp)
      return -1;
  } else
    fp = stdin;
  n = fgetc (fp);
  o->name[0] = (char) n;
  if (!option_is_dash (o))
    fclose (fp);
  return n; /* { dg-warning "leak of FILE 'fp'" } */
}
