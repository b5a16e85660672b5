/* The C library's readers (strcmp, strlen) give the same result each time
   they read the same memory the path cannot have changed: a string
   literal, or what a pointer-to-const parameter points to.  */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* "-" means standard input: opened only when it is not, closed only then.  */
int count_lines_ok (const char *name)
{
  FILE *fp;
  int c, n = 0;
  if (strcmp (name, "-") != 0) {
    fp = fopen (name, "r");
    if (!fp)
      return -1;
  } else
    fp = stdin;
  while ((c = fgetc (fp)) != EOF)
    if (c == '\n')
      n++;
  if (strcmp (name, "-") != 0)
    fclose (fp);
  return n; /* { dg-bogus "leak" } */
}

/* The second test reads another string: the stream may stay open.  */
int other_name_bad (const char *name, const char *other)
{
  FILE *fp;
  int n;
  if (strcmp (name, "-") != 0) {
    fp = fopen (name, "r"); /* { dg-message "opened here" } */
    if (!fp)
      return -1;
  } else
    fp = stdin;
  n = fgetc (fp);
  if (strcmp (other, "-") != 0)
    fclose (fp);
  return n; /* { dg-warning "leak of FILE 'fp'" } */
}

/* strlen of an unchanged string, twice.  */
void copy_if_long_ok (const char *s)
{
  char *p = NULL;
  if (strlen (s) > 8)
    p = malloc (16);
  if (p)
    p[0] = s[0];
  if (strlen (s) > 8)
    free (p);
} /* { dg-bogus "leak" } */

/* The function writes into the string between the tests (through a
   pointer it was not given as const): the second test may differ.  */
void rewritten_bad (char *s)
{
  char *p = NULL;
  if (strcmp (s, "x") == 0)
    p = malloc (16); /* { dg-message "allocated here" } */
  s[0] = 'y';
  if (strcmp (s, "x") == 0)
    free (p);
} /* { dg-warning "leak of 'p'" } */
